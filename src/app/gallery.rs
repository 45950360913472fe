//! The gallery of seeds (V): the current settings at 3×3 consecutive seeds side by side,
//! to hunt for a layout quickly. Each tile has a worker of its own ([`Worker`]), so tiles
//! are made off the window's thread and fill in as they finish; a change of the settings
//! calls off the tiles being made and asks for the new ones. A click on a tile makes it
//! the current layout.

use std::time::Duration;

use egui_macroquad::egui;
use macroquad::color::Color;
use macroquad::input::{MouseButton, is_mouse_button_pressed, mouse_position};
use macroquad::math::vec2;
use macroquad::texture::{DrawTextureParams, Texture2D, draw_texture_ex};

use super::action::Action;
use super::platform::{self, Worker};
use super::screen::{texture_of, texture_style};
use super::view::{Area, View};
use super::worker::{Descent, Generated, Reach};
use dungeon_files::draw::raster::{Look, MIN_MARK_CELL, Style};
use dungeon_generator::Recipe;

/// The gallery's labels and frame.
const LABEL_COLOUR: Color = Color::new(0.87, 0.87, 0.87, 1.0);

/// The gallery: open or not, its tiles' makers once it first opened, and their textures.
#[derive(Default)]
pub struct Gallery {
    pub open: bool,
    tiles: Option<Tiles>,
    textures: Vec<Option<(Recipe, Texture2D)>>,
    /// Whether the tiles are in the colour look though the print look is on: too small.
    in_colour: bool,
}

impl Gallery {
    /// A gallery, open or not.
    pub fn new(open: bool) -> Self {
        Self {
            open,
            ..Self::default()
        }
    }

    /// Open or close it; closed, it stops making tiles.
    pub fn toggle(&mut self) {
        if self.open {
            self.close();
        } else {
            self.open = true;
        }
    }

    /// Close it and stop making tiles.
    pub fn close(&mut self) {
        self.open = false;
        if let Some(tiles) = &mut self.tiles {
            tiles.cancel();
        }
    }

    /// The recipe of tile `n`, if it is there.
    pub fn tile(&self, n: usize) -> Option<&Recipe> {
        Some(&self.tiles.as_ref()?.tiles().get(n)?.recipe)
    }

    /// Whether tiles are still being made.
    pub fn is_filling(&self) -> bool {
        self.open && self.tiles.as_ref().is_some_and(Tiles::filling)
    }

    /// While open, ask for the tiles of `base` in `look` and make textures of those that
    /// are done.
    ///
    /// # Errors
    /// When its threads cannot start; the gallery closes then.
    pub fn update(&mut self, base: &Recipe, area: Area, look: Look) -> Result<(), String> {
        if !self.open {
            return Ok(());
        }
        if self.tiles.is_none() {
            match Tiles::start(platform::wake) {
                Ok(tiles) => self.tiles = Some(tiles),
                Err(e) => {
                    self.open = false;
                    return Err(format!("cannot start the gallery: {e}"));
                }
            }
        }
        let Some(tiles) = &mut self.tiles else {
            return Ok(());
        };
        let style = tile_style(base, area, look);
        self.in_colour = look.print && !style.look.print;
        tiles.update(base, style);
        self.textures.resize_with(tiles.tiles().len(), || None);
        for (tile, texture) in tiles.tiles().iter().zip(&mut self.textures) {
            let Some(made) = &tile.made else {
                continue;
            };
            if texture.as_ref().is_none_or(|(r, _)| r != &tile.recipe) {
                let old = texture.take().map(|(_, t)| t);
                *texture = Some((tile.recipe.clone(), texture_of(&made.pixels, old)));
            }
        }
        Ok(())
    }

    /// The gallery in place of the map: each tile under its seed, the one under the
    /// pointer framed.
    pub fn draw(&self, area: Area) {
        macroquad::window::clear_background(super::draw::SURROUND);
        let Some(tiles) = &self.tiles else {
            return;
        };
        let (mx, my) = mouse_position();
        let under = tile_at(area, mx, my);
        for (i, tile) in tiles.tiles().iter().enumerate() {
            let slot = slot(area, i);
            let colour = if self.in_colour { " (colour)" } else { "" };
            let label = format!("seed {}{colour}", tile.recipe.seed);
            macroquad::text::draw_text(&label, slot.x, slot.y - 5.0, 20.0, LABEL_COLOUR);
            let shown = self.textures.get(i).and_then(Option::as_ref);
            let Some((_, texture)) = shown.filter(|(r, _)| r == &tile.recipe) else {
                let (x, y) = (slot.x + 8.0, slot.y + 24.0);
                macroquad::text::draw_text("making…", x, y, 20.0, LABEL_COLOUR);
                continue;
            };
            let (w, h) = (texture.width(), texture.height());
            let view = View::fit(slot, w, h);
            draw_texture_ex(
                texture,
                view.x,
                view.y,
                macroquad::color::WHITE,
                DrawTextureParams {
                    dest_size: Some(vec2(w * view.scale, h * view.scale)),
                    ..Default::default()
                },
            );
            if under == Some(i) {
                macroquad::shapes::draw_rectangle_lines(
                    view.x - 3.0,
                    view.y - 3.0,
                    w * view.scale + 6.0,
                    h * view.scale + 6.0,
                    3.0,
                    LABEL_COLOUR,
                );
            }
        }
    }
}

/// A click on the gallery (not on the panel): the tile it picks.
pub fn click(ctx: &egui::Context, area: Area) -> Option<Action> {
    let over_panel = ctx.is_pointer_over_area() || ctx.wants_pointer_input();
    if over_panel || !is_mouse_button_pressed(MouseButton::Left) {
        return None;
    }
    let (x, y) = mouse_position();
    tile_at(area, x, y).map(Action::PickTile)
}

/// Tiles across and down.
const SIDE: u32 = 3;
/// Screen pixels between tiles, and above each for its label.
const GAP: f32 = 10.0;
const LABEL: f32 = 20.0;

/// The tiles' makers and what they made.
struct Tiles {
    workers: Vec<Worker>,
    /// What the tiles were last asked for: the settings and the style.
    asked: Option<(Recipe, Style)>,
    /// Each tile's recipe, the request out for it, and its map once made.
    tiles: Vec<Tile>,
}

struct Tile {
    recipe: Recipe,
    waiting_for: Option<u64>,
    made: Option<Generated>,
}

impl Tiles {
    /// Start a worker for each tile; `wake` is called when one has finished.
    ///
    /// # Errors
    /// When a thread cannot be started.
    fn start(wake: impl Fn() + Send + Clone + 'static) -> std::io::Result<Self> {
        let workers = (0..SIDE * SIDE)
            .map(|_| Worker::start(wake.clone()))
            .collect::<std::io::Result<_>>()?;
        Ok(Self {
            workers,
            asked: None,
            tiles: Vec::new(),
        })
    }

    /// Ask for the tiles of `base` (its seed and the next ones) in `style`, unless they
    /// were asked for already; then take the tiles that are done.
    fn update(&mut self, base: &Recipe, style: Style) {
        if self.asked.as_ref() != Some(&(base.clone(), style)) {
            self.asked = Some((base.clone(), style));
            // Near the largest seed, the tiles end with it.
            let first = Recipe {
                seed: base.seed.min(u64::MAX - u64::from(SIDE * SIDE - 1)),
                ..base.clone()
            };
            let recipes: Vec<Recipe> = first
                .consecutive_seeds(SIDE * SIDE)
                .collect::<Result<_, _>>()
                .unwrap_or_default();
            self.tiles = recipes
                .into_iter()
                .zip(&mut self.workers)
                .map(|(recipe, worker)| Tile {
                    waiting_for: Some(
                        worker.request(Descent::new(&recipe, None, Reach::Asked), style),
                    ),
                    recipe,
                    made: None,
                })
                .collect();
        }
        for (tile, worker) in self.tiles.iter_mut().zip(&mut self.workers) {
            let Some(done) = worker.newest(Duration::ZERO) else {
                continue;
            };
            if tile.waiting_for == Some(done.id) {
                tile.waiting_for = None;
                tile.made = done.result.ok();
            }
        }
    }

    /// The tiles, left to right then top to bottom.
    fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    /// Whether some tile is still being made.
    fn filling(&self) -> bool {
        self.tiles.iter().any(|t| t.waiting_for.is_some())
    }

    /// Stop making tiles (the gallery closed).
    fn cancel(&mut self) {
        for worker in &mut self.workers {
            worker.cancel();
        }
        self.asked = None;
    }
}

/// How the tiles of `base` are drawn in `area` in `look`: as big as they fit, and in the
/// colour look below [`MIN_MARK_CELL`] pixels a cell even when the print look is on. So small,
/// the print look's grey rooms and paths run together and it cannot draw the lines between
/// touching rooms, while each room's colour and the black paths still read; the tiles'
/// labels then say "(colour)".
fn tile_style(base: &Recipe, area: Area, look: Look) -> Style {
    let mut style = texture_style(base.width, base.height, slot(area, 0), look, false);
    style.look.print &= style.cell_size >= MIN_MARK_CELL;
    style
}

/// Where tile `i` goes in `area`: its square for the picture (below its label).
#[must_use]
fn slot(area: Area, i: usize) -> Area {
    let n = SIDE as f32;
    let w = (area.w - GAP * (n + 1.0)) / n;
    let h = (area.h - GAP * (n + 1.0)) / n - LABEL;
    let (column, row) = ((i as u32 % SIDE) as f32, (i as u32 / SIDE) as f32);
    Area {
        x: area.x + GAP + column * (w + GAP),
        y: area.y + GAP + row * (h + LABEL + GAP) + LABEL,
        w: w.max(1.0),
        h: h.max(1.0),
    }
}

/// The tile under the screen point `(x, y)`, if any.
#[must_use]
fn tile_at(area: Area, x: f32, y: f32) -> Option<usize> {
    (0..(SIDE * SIDE) as usize).find(|&i| {
        let s = slot(area, i);
        x >= s.x && x < s.x + s.w && y >= s.y - LABEL && y < s.y + s.h
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use dungeon_files::draw::raster::{Look, rasterize};
    use dungeon_generator::generate;
    use std::time::Instant;

    #[test]
    fn tiles_are_single_renders_of_consecutive_seeds() {
        let mut tiles = Tiles::start(|| {}).unwrap();
        let base: Recipe = "dv1 seed=40 rooms=5 width=30 height=24".parse().unwrap();
        let style = Style {
            cell_size: 3,
            grid: false,
            look: Look::ORIGINAL,
        };
        let deadline = Instant::now() + Duration::from_secs(60);
        tiles.update(&base, style);
        while tiles.filling() {
            assert!(Instant::now() < deadline, "the gallery never filled in");
            std::thread::sleep(Duration::from_millis(5));
            tiles.update(&base, style);
        }
        assert_eq!(tiles.tiles().len(), 9);
        for (i, tile) in tiles.tiles().iter().enumerate() {
            assert_eq!(tile.recipe.seed, 40 + i as u64);
            let made = tile.made.as_ref().expect("a map");
            let single = rasterize(&generate(&tile.recipe).unwrap(), &style).unwrap();
            assert!(
                made.pixels == single,
                "tile {i} differs from a single render"
            );
        }
    }

    #[test]
    fn small_tiles_are_drawn_in_the_colour_look_and_larger_ones_in_print() {
        let print = Look {
            print: true,
            distance: true,
            ..Look::ORIGINAL
        };
        let base = Recipe::default();
        let area = |w, h| Area {
            x: 0.0,
            y: 0.0,
            w,
            h,
        };
        // The default window's gallery: three pixels a cell.
        let small = tile_style(&base, area(900.0, 700.0), print);
        assert!(small.cell_size < MIN_MARK_CELL);
        assert_eq!(
            small.look,
            Look {
                print: false,
                ..print
            }
        );
        let large = tile_style(&base, area(3000.0, 2600.0), print);
        assert!(large.cell_size >= MIN_MARK_CELL);
        assert_eq!(large.look, print);
    }

    #[test]
    fn every_point_of_a_tile_finds_it_and_tiles_do_not_overlap() {
        let area = Area {
            x: 0.0,
            y: 0.0,
            w: 900.0,
            h: 700.0,
        };
        for i in 0..9 {
            let s = slot(area, i);
            assert_eq!(tile_at(area, s.x + 1.0, s.y + 1.0), Some(i));
            assert_eq!(tile_at(area, s.x + s.w - 1.0, s.y + s.h - 1.0), Some(i));
        }
        assert_eq!(tile_at(area, 2.0, 2.0), None);
    }
}
