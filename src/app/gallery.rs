//! The gallery of seeds (V): the current settings at 3×3 consecutive seeds side by side,
//! to hunt for a layout quickly. Each tile has a worker of its own ([`Worker`]), so tiles
//! are made off the window's thread and fill in as they finish; a change of the settings
//! calls off the tiles being made and asks for the new ones. A click on a tile makes it
//! the current layout.

use std::time::Duration;

use super::view::Area;
use super::worker::{Generated, Worker};
use dungeon_viewer::draw::raster::Style;
use dungeon_viewer::formats::series::consecutive_seeds;
use dungeon_viewer::model::recipe::Recipe;

/// Tiles across and down.
pub const SIDE: u32 = 3;
/// Screen pixels between tiles, and above each for its label.
const GAP: f32 = 10.0;
pub const LABEL: f32 = 20.0;

/// The tiles' makers and what they made.
pub struct Tiles {
    workers: Vec<Worker>,
    /// What the tiles were last asked for: the settings and the style.
    asked: Option<(Recipe, Style)>,
    /// Each tile's recipe, the request out for it, and its map once made.
    tiles: Vec<Tile>,
}

pub struct Tile {
    pub recipe: Recipe,
    waiting_for: Option<u64>,
    pub made: Option<Generated>,
}

impl Tiles {
    /// Start a worker for each tile; `wake` is called when one has finished.
    ///
    /// # Errors
    /// When a thread cannot be started.
    pub fn start(wake: impl Fn() + Send + Clone + 'static) -> std::io::Result<Self> {
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
    pub fn update(&mut self, base: &Recipe, style: Style) {
        if self.asked.as_ref() != Some(&(base.clone(), style)) {
            self.asked = Some((base.clone(), style));
            // Near the largest seed, the tiles end with it.
            let first = Recipe {
                seed: base.seed.min(u64::MAX - u64::from(SIDE * SIDE - 1)),
                ..base.clone()
            };
            let recipes = consecutive_seeds(&first, SIDE * SIDE).unwrap_or_default();
            self.tiles = recipes
                .into_iter()
                .zip(&mut self.workers)
                .map(|(recipe, worker)| Tile {
                    waiting_for: Some(worker.request(&recipe, style)),
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
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    /// Whether some tile is still being made.
    pub fn filling(&self) -> bool {
        self.tiles.iter().any(|t| t.waiting_for.is_some())
    }

    /// Stop making tiles (the gallery closed).
    pub fn cancel(&mut self) {
        for worker in &mut self.workers {
            worker.cancel();
        }
        self.asked = None;
    }
}

/// Where tile `i` goes in `area`: its square for the picture (below its label).
#[must_use]
pub fn slot(area: Area, i: usize) -> Area {
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
pub fn tile_at(area: Area, x: f32, y: f32) -> Option<usize> {
    (0..(SIDE * SIDE) as usize).find(|&i| {
        let s = slot(area, i);
        x >= s.x && x < s.x + s.w && y >= s.y - LABEL && y < s.y + s.h
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use dungeon_viewer::draw::raster::{Look, rasterize};
    use dungeon_viewer::generate::generate;
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
