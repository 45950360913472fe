//! The viewer window: a macroquad loop that draws the map, as one texture of the shared
//! rasterizer's pixels, beside an egui side panel. Every change of the recipe regenerates
//! the map; generation runs on a worker thread so big maps never freeze the window, and
//! small ones still show in the same frame. The loop sleeps until something happens.

mod alarm;
mod input;
mod panel;
pub mod session;
pub mod view;
pub mod worker;

use std::cell::{Cell, RefCell};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::Duration;

use macroquad::color::Color;
use macroquad::math::vec2;
use macroquad::texture::{DrawTextureParams, FilterMode, Texture2D, draw_texture_ex};
use macroquad::window::{clear_background, next_frame, screen_height, screen_width};

use alarm::Alarm;
use dungeon_viewer::dungeon::Stats;
use dungeon_viewer::grid::Pos;
use dungeon_viewer::png_file;
use dungeon_viewer::raster::{self, Pixels, Style};
use dungeon_viewer::recipe::Recipe;
use dungeon_viewer::screenshots;
use dungeon_viewer::tile::TileKind;
use panel::{Action, Facts, PasteField};
use session::Session;
use view::{Area, View};
use worker::{Generated, Worker};

/// How the window starts.
#[derive(Clone, Debug)]
pub struct Options {
    pub recipe: Recipe,
    /// Where screenshots of the map go.
    pub out_dir: PathBuf,
    /// Save the whole window to this file after a few frames, then quit.
    pub screenshot: Option<PathBuf>,
}

/// The window draws grid lines from this many pixels a cell on.
pub const GRID_FROM: u32 = 6;
/// The largest texture side the window asks the GPU for.
const MAX_TEXTURE: u32 = 4096;
/// How long a frame waits for a map being generated before drawing without it.
const PATIENCE: Duration = Duration::from_millis(25);
/// Frames drawn before `--screenshot` saves the window.
const SCREENSHOT_FRAMES: u32 = 3;
/// Around the map.
const SURROUND: Color = Color::new(0.12, 0.12, 0.13, 1.0);

/// Open the window and run it until the user quits.
///
/// # Errors
/// A message for the user when there is no display, the generator thread cannot start, or
/// `--screenshot` cannot be written. Failures deep in the window system (no OpenGL) are
/// reported on stderr by a panic hook, in one line.
pub fn run(options: Options) -> Result<(), String> {
    display_reachable()
        .map_err(|why| format!("{why}; use `render` for files, or run under Xvfb"))?;
    // Failures deep in the window system (no OpenGL, a display that went away) panic in
    // miniquad; say what happened in one line instead of a backtrace.
    std::panic::set_hook(Box::new(|info| {
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown failure".to_string());
        eprintln!("error: the window failed: {what}");
    }));
    let (width, height) = window_size(&options.recipe);
    let conf = macroquad::conf::Conf {
        miniquad_conf: macroquad::miniquad::conf::Conf {
            window_title: "Dungeon Viewer".to_string(),
            window_width: width,
            window_height: height,
            window_resizable: true,
            platform: macroquad::miniquad::conf::Platform {
                blocking_event_loop: true,
                linux_wm_class: "dungeon-viewer",
                ..Default::default()
            },
            ..Default::default()
        },
        update_on: Some(macroquad::conf::UpdateTrigger {
            key_down: true,
            mouse_down: true,
            mouse_up: true,
            mouse_motion: true,
            mouse_wheel: true,
            ..Default::default()
        }),
        default_filter_mode: FilterMode::Nearest,
        ..Default::default()
    };
    let outcome = Rc::new(RefCell::new(Ok(())));
    let result = Rc::clone(&outcome);
    macroquad::Window::from_config(conf, async move {
        *result.borrow_mut() = main_loop(options).await;
    });
    outcome.replace(Ok(()))
}

/// Whether there is a display to open a window on: `DISPLAY` (or `WAYLAND_DISPLAY`) is set,
/// and for a local X display, its server's socket exists.
fn display_reachable() -> Result<(), String> {
    if std::env::var_os("WAYLAND_DISPLAY").is_some() {
        return Ok(());
    }
    let Some(display) = std::env::var_os("DISPLAY") else {
        return Err("no display to open the window on (DISPLAY is not set)".to_string());
    };
    let display = display.to_string_lossy();
    let local = display
        .strip_prefix(':')
        .and_then(|rest| rest.split('.').next())
        .and_then(|n| n.parse::<u32>().ok());
    match local {
        Some(n) if !Path::new(&format!("/tmp/.X11-unix/X{n}")).exists() => {
            Err(format!("no X server on display {display}"))
        }
        _ => Ok(()),
    }
}

/// A window that shows the map at 12 pixels a cell beside the panel, within most screens.
fn window_size(recipe: &Recipe) -> (i32, i32) {
    let n = raster::DEFAULT_CELL_SIZE;
    let map_w = (recipe.width * n).clamp(480, 1280);
    let map_h = (recipe.height * n).clamp(560, 900);
    ((map_w + panel::WIDTH as u32) as i32, map_h as i32)
}

/// How the window draws a `width × height` map in `area`: as many pixels a cell (up to 12)
/// as let the whole map fit at a whole scale, so that cells and grid lines stay crisp; grid
/// lines only from [`GRID_FROM`] pixels a cell, below which they drown the background.
fn texture_style(width: u32, height: u32, area: Area, grid: bool) -> Style {
    let fits = (area.w / width.max(1) as f32).min(area.h / height.max(1) as f32) as u32;
    let side = width.max(height).max(1);
    let cell_size = fits
        .min(MAX_TEXTURE / side)
        .clamp(1, raster::DEFAULT_CELL_SIZE);
    Style {
        cell_size,
        grid: grid && cell_size >= GRID_FROM,
    }
}

/// The map on screen.
struct Shown {
    map: Generated,
    stats: Stats,
    texture: Texture2D,
    /// Whether the texture is set to average (shrunk) rather than sample its pixels.
    smooth: Cell<bool>,
}

/// Everything the window keeps between frames.
struct App {
    session: Session,
    worker: Worker,
    shown: Option<Shown>,
    /// The recipe last asked of the worker.
    asked: Option<Recipe>,
    /// The number of the request not yet answered, if one is out.
    waiting_for: Option<u64>,
    /// Why the current recipe made no map.
    error: Option<String>,
    grid: bool,
    panel_open: bool,
    help_open: bool,
    paste: PasteField,
    status: Option<String>,
    out_dir: PathBuf,
    view: View,
    /// The area and picture size the view was last fitted to.
    fitted: Option<(Area, (u32, u32), View)>,
    pointer: input::Pointer,
    hover: Option<Pos>,
}

async fn main_loop(options: Options) -> Result<(), String> {
    let wake = || macroquad::miniquad::window::schedule_update();
    let worker =
        Worker::start(wake).map_err(|e| format!("cannot start the generator thread: {e}"))?;
    // Without the alarm thread, egui's delayed repaints wait for the next input event.
    if let Ok(ring) = Alarm::start(wake) {
        egui_macroquad::cfg(|ctx| {
            ctx.set_request_repaint_callback(move |info| {
                if info.delay.is_zero() {
                    macroquad::miniquad::window::schedule_update();
                } else {
                    ring.ring_after(info.delay);
                }
            });
        });
    }
    let mut app = App {
        session: Session::new(options.recipe.clone()),
        worker,
        shown: None,
        asked: None,
        waiting_for: None,
        error: None,
        grid: true,
        panel_open: true,
        help_open: false,
        paste: PasteField::default(),
        status: None,
        out_dir: options.out_dir.clone(),
        view: View {
            x: 0.0,
            y: 0.0,
            scale: 1.0,
        },
        fitted: None,
        pointer: input::Pointer::default(),
        hover: None,
    };
    let mut frames = 0;
    loop {
        let mut actions = Vec::new();
        app.take_new_map(Duration::ZERO);
        let facts_hover = app.hover_text();
        egui_macroquad::ui(|ctx| {
            if app.panel_open {
                let facts = Facts {
                    stats: app.shown.as_ref().map(|s| &s.stats),
                    took_ms: app.shown.as_ref().map(|s| s.map.took.as_secs_f64() * 1e3),
                    generating: app.is_generating(),
                    error: app.error.as_deref(),
                    grid: app.grid,
                    status: app.status.as_deref(),
                    hover: facts_hover.clone(),
                };
                actions.extend(panel::show(ctx, &mut app.session, &mut app.paste, &facts));
            }
            panel::help(ctx, &mut app.help_open);
        });
        let area = app.map_area();
        egui_macroquad::cfg(|ctx| {
            actions.extend(input::shortcuts(ctx, app.help_open));
            let picture = app.picture_size();
            let (view, hover, mouse_actions) =
                app.pointer
                    .handle(ctx, app.view, app.fitted.map(|f| f.2), picture);
            app.view = view;
            app.hover = hover.and_then(|(px, py)| {
                let n = app.shown.as_ref()?.map.style.cell_size;
                Some(Pos::new(px / n, py / n))
            });
            actions.extend(mouse_actions);
        });
        // Draw one more frame after any input: characters and egui's reactions trail
        // the event that woke this frame. Idle frames schedule nothing.
        if !actions.is_empty() || input::keys_held() || app.pointer.is_down() {
            macroquad::miniquad::window::schedule_update();
        }
        for action in actions {
            if app.carry_out(action, area) {
                return Ok(());
            }
        }
        app.regenerate_if_changed(area);
        app.refit_if_needed(area);
        if !app.pointer.is_down() {
            app.session.commit();
        }
        app.draw();
        egui_macroquad::draw();

        frames += 1;
        if let Some(file) = &options.screenshot {
            if frames >= SCREENSHOT_FRAMES && !app.is_generating() && app.shown.is_some() {
                return save_window(file, &app);
            }
            macroquad::miniquad::window::schedule_update();
        }
        next_frame().await;
    }
}

impl App {
    /// Show the newest map the worker finished, if it is the one last asked for.
    fn take_new_map(&mut self, patience: Duration) {
        let Some(done) = self.worker.newest(patience) else {
            return;
        };
        if self.waiting_for != Some(done.id) {
            return;
        }
        self.waiting_for = None;
        match done.result {
            Ok(map) => {
                self.error = None;
                self.show(map);
            }
            Err(e) => self.error = Some(e),
        }
    }

    fn show(&mut self, map: Generated) {
        let old = self.shown.take().map(|s| s.texture);
        let texture = texture_of(&map.pixels, old);
        let stats = map.dungeon.stats();
        self.shown = Some(Shown {
            map,
            stats,
            texture,
            smooth: Cell::new(false),
        });
    }

    fn is_generating(&self) -> bool {
        self.waiting_for.is_some()
    }

    /// Ask for a new map when the recipe changed (a small map arrives within this frame),
    /// or draw the map again when only the look changed.
    fn regenerate_if_changed(&mut self, area: Area) {
        let recipe = &self.session.recipe;
        let style = texture_style(recipe.width, recipe.height, area, self.grid);
        if self.asked.as_ref() != Some(recipe) {
            self.waiting_for = Some(self.worker.request(recipe, style));
            self.asked = Some(recipe.clone());
            self.take_new_map(PATIENCE);
            return;
        }
        if self.is_generating() {
            return;
        }
        let Some(shown) = &mut self.shown else {
            return;
        };
        if shown.map.style != style {
            match raster::rasterize(&shown.map.dungeon, &style) {
                Ok(pixels) => {
                    shown.texture = texture_of(&pixels, Some(shown.texture.clone()));
                    shown.smooth.set(false);
                    shown.map.pixels = pixels;
                    shown.map.style = style;
                }
                Err(e) => self.error = Some(e.to_string()),
            }
        }
    }

    fn map_area(&self) -> Area {
        let panel = if self.panel_open { panel::WIDTH } else { 0.0 };
        Area {
            x: 0.0,
            y: 0.0,
            w: (screen_width() - panel).max(1.0),
            h: screen_height().max(1.0),
        }
    }

    fn picture_size(&self) -> Option<(u32, u32)> {
        let pixels = &self.shown.as_ref()?.map.pixels;
        Some((pixels.width(), pixels.height()))
    }

    /// Fit the map again when the window, the panel or the map's size changed.
    fn refit_if_needed(&mut self, area: Area) {
        let Some(size) = self.picture_size() else {
            return;
        };
        let stale = self.fitted.is_none_or(|(a, s, _)| a != area || s != size);
        if stale {
            self.fit(area);
        }
    }

    fn fit(&mut self, area: Area) {
        if let Some(size) = self.picture_size() {
            let view = View::fit(area, size.0 as f32, size.1 as f32);
            self.view = view;
            self.fitted = Some((area, size, view));
        }
    }

    /// Do what an action asks; true when the window should close.
    fn carry_out(&mut self, action: Action, area: Area) -> bool {
        match action {
            Action::NewSeed => self.session.new_seed(),
            Action::Back => {
                self.session.back();
            }
            Action::Forward => {
                self.session.forward();
            }
            Action::Reset => self.session.reset(),
            Action::Apply(recipe) => self.session.apply(recipe),
            Action::ToggleGrid => self.grid = !self.grid,
            Action::ToggleHelp => self.help_open = !self.help_open,
            Action::HidePanel => self.panel_open = !self.panel_open,
            Action::Fit => self.fit(area),
            Action::Save => self.save(),
            Action::Quit => return true,
        }
        false
    }

    /// Save the map on screen, as drawn, into the screenshot directory.
    fn save(&mut self) {
        let Some(shown) = &self.shown else {
            self.status = Some("Nothing to save yet.".to_string());
            return;
        };
        self.status = Some(
            match screenshots::save_map(&self.out_dir, &shown.map.dungeon, &shown.map.style) {
                Ok(path) => format!("Saved {}", path.display()),
                Err(e) => format!("Not saved: {e}"),
            },
        );
    }

    fn hover_text(&self) -> Option<String> {
        let p = self.hover?;
        let tile = self.shown.as_ref()?.map.dungeon.tile(p)?;
        let what = match tile.kind() {
            TileKind::Room(k) => format!("room {}", k + 1),
            TileKind::Path => "path".to_string(),
            TileKind::Free => "free".to_string(),
        };
        Some(format!("Cell ({}, {}): {what}", p.x, p.y))
    }

    fn draw(&self) {
        clear_background(SURROUND);
        let Some(shown) = &self.shown else {
            return;
        };
        // Shrunk below its size, the map is averaged rather than sampled, so that thin
        // paths do not flicker in and out. Told to the GPU only when it changes.
        let smooth = self.view.scale < 1.0;
        if shown.smooth.replace(smooth) != smooth {
            shown.texture.set_filter(if smooth {
                FilterMode::Linear
            } else {
                FilterMode::Nearest
            });
        }
        let (w, h) = (shown.map.pixels.width(), shown.map.pixels.height());
        draw_texture_ex(
            &shown.texture,
            self.view.x,
            self.view.y,
            macroquad::color::WHITE,
            DrawTextureParams {
                dest_size: Some(vec2(w as f32 * self.view.scale, h as f32 * self.view.scale)),
                ..Default::default()
            },
        );
    }
}

/// A texture showing `pixels`, sampled (not averaged): `old` updated in place when it has
/// their size, else a new one.
fn texture_of(pixels: &Pixels, old: Option<Texture2D>) -> Texture2D {
    let (w, h) = (pixels.width(), pixels.height());
    if let Some(texture) = old.filter(|t| t.width() as u32 == w && t.height() as u32 == h) {
        texture.update_from_bytes(w, h, pixels.rgba());
        texture.set_filter(FilterMode::Nearest);
        return texture;
    }
    // Sizes are bounded by MAX_TEXTURE, well within u16.
    let texture = Texture2D::from_rgba8(w as u16, h as u16, pixels.rgba());
    texture.set_filter(FilterMode::Nearest);
    texture
}

/// Save the whole window, panel included, to `file` with the recipe and where the map is
/// drawn inside.
fn save_window(file: &Path, app: &App) -> Result<(), String> {
    let image = macroquad::texture::get_screen_data();
    let (w, h) = (u32::from(image.width), u32::from(image.height));
    // The screen comes bottom row first.
    let row = w as usize * 4;
    let rgba: Vec<u8> = image
        .bytes
        .chunks_exact(row)
        .rev()
        .flatten()
        .copied()
        .collect();
    let pixels = Pixels::from_rgba(w, h, rgba)
        .map_err(|e| format!("the window's pixels did not come out whole: {e}"))?;
    let map = app.shown.as_ref().map_or(String::new(), |s| {
        format!(
            "x={} y={} scale={} cell={}",
            app.view.x, app.view.y, app.view.scale, s.map.style.cell_size
        )
    });
    let bytes = png_file::encode_with(&pixels, &app.session.recipe, &[("map", map)])
        .map_err(|e| format!("cannot encode the screenshot: {e}"))?;
    dungeon_viewer::files::write_replacing(file, &bytes)
        .map_err(|e| format!("cannot write {}: {e}", file.display()))
}
