//! The viewer window: a macroquad loop that draws the map, as one texture of the shared
//! rasterizer's pixels, beside an egui side panel. Every change of the recipe regenerates
//! the map; generation runs on a worker thread so big maps never freeze the window, and
//! small ones still show in the same frame. The loop sleeps until something happens.

mod alarm;
mod gallery;
mod input;
mod keep;
mod panel;
mod recent;
pub mod session;
pub mod view;
mod watch;
pub mod worker;

use std::cell::{Cell, RefCell};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, Instant};

use macroquad::color::Color;
use macroquad::math::vec2;
use macroquad::shapes::draw_rectangle;
use macroquad::texture::{DrawTextureParams, FilterMode, Texture2D, draw_texture_ex};
use macroquad::window::{clear_background, next_frame, screen_height, screen_width};

use alarm::Alarm;
use dungeon_viewer::base::colour::Rgb;

use dungeon_viewer::base::grid::Pos;
use dungeon_viewer::base::tile::TileKind;
use dungeon_viewer::draw::pixels::Pixels;
use dungeon_viewer::draw::raster::{self, Look, Style};
use dungeon_viewer::formats::layout;
use dungeon_viewer::formats::naming;
use dungeon_viewer::formats::png;
use dungeon_viewer::formats::{self, Format};
use dungeon_viewer::model::dungeon::{Dungeon, Stats};
use dungeon_viewer::model::parts::Room;
use dungeon_viewer::model::recipe::Recipe;
use gallery::Tiles;
use keep::{KeepAction, Keeping};
use panel::{Action, Controls, Facts};
use recent::{Kept, Recent};
use session::Session;
use view::{Area, View};
use watch::Watch;
use worker::{Generated, Worker};

/// The window draws grid lines from this many screen pixels a cell on.
pub const GRID_FROM: u32 = 6;
/// The largest texture side the window asks the GPU for.
const MAX_TEXTURE: u32 = 4096;
/// How long a frame waits for a map being generated before drawing without it.
const PATIENCE: Duration = Duration::from_millis(25);
/// While a map is being generated, the window draws a frame (with its progress) at least
/// this often, waiting for the map in between. It must: a wake from another thread reaches
/// a window blocked on its event loop only with the next input event (miniquad reads
/// such requests after an X event).
const GENERATING_FRAME: Duration = Duration::from_millis(50);
/// How long frames keep coming after the last input. miniquad 0.4.11's blocking event
/// loop, after reading the events that arrived during a frame, waits for one more before it
/// draws: a key pressed and released while a frame is drawn would wait for the next mouse
/// move. Staying awake a moment after input draws such keys; the idle window still sleeps.
const AWAKE_AFTER_INPUT: Duration = Duration::from_millis(250);
/// Frames drawn before `--screenshot` saves the window.
const SCREENSHOT_FRAMES: u32 = 3;
/// How often a map being made shows what is ready of it.
const FILL_IN_EVERY: Duration = Duration::from_millis(300);
/// The gallery's labels and frame.
const LABEL_COLOUR: Color = Color::new(0.87, 0.87, 0.87, 1.0);
/// Around the map.
const SURROUND: Color = Color::new(0.12, 0.12, 0.13, 1.0);

/// Open the window and run it until the user quits.
///
/// # Errors
/// A message for the user when there is no display, the generator thread cannot start, or
/// `--screenshot` cannot be written. Failures deep in the window system (no OpenGL) are
/// reported on stderr by a panic hook, in one line.
pub fn run(options: crate::Start) -> Result<(), String> {
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

/// How the window draws a `width × height` map in `area` in `look`: as many pixels a cell
/// (up to 12) as let the whole map fit at a whole scale, so that cells stay crisp. Grid
/// lines are not in the texture: they are drawn over it for the cells on screen, at any
/// zoom (see [`App::draw_grid`]).
fn texture_style(width: u32, height: u32, area: Area, look: Look) -> Style {
    let fits = (area.w / width.max(1) as f32).min(area.h / height.max(1) as f32) as u32;
    let side = width.max(height).max(1);
    let cell_size = fits
        .min(MAX_TEXTURE / side)
        .clamp(1, raster::DEFAULT_CELL_SIZE);
    Style {
        cell_size,
        grid: false,
        look,
    }
}

/// The map on screen.
struct Shown {
    map: Generated,
    stats: Stats,
    texture: Texture2D,
    /// Whether the texture is set to average (shrunk) rather than sample its pixels.
    smooth: Cell<bool>,
    /// A step of a replay, drawn in the texture in place of the map while it plays.
    replay_step: Option<Dungeon>,
}

/// A map being made, as far as it has got: what the window has taken of it so far.
struct Filling {
    id: u64,
    rooms: Vec<Room>,
    paths: Vec<dungeon_viewer::model::parts::Path>,
    /// When it was last shown (or asked for).
    at: Instant,
}

/// Where the map was last fitted: in which area, a map of how many cells, at which
/// texture size, and the view that fitted it. A view other than this one was zoomed or
/// panned by the user.
#[derive(Clone, Copy, Debug)]
struct Fitted {
    area: Area,
    cells: (u32, u32),
    picture: (u32, u32),
    view: View,
}

/// Everything the window keeps between frames.
struct App {
    session: Session,
    worker: Worker,
    shown: Option<Shown>,
    /// The maps made last, to show again at once when going back and forward.
    recent: Recent,
    /// The recipe last asked of the worker.
    asked: Option<Recipe>,
    /// The number of the request not yet answered, if one is out.
    waiting_for: Option<u64>,
    /// Why the current recipe made no map.
    error: Option<String>,
    grid: bool,
    look: Look,
    panel_open: bool,
    help_open: bool,
    controls: Controls,
    /// What the last save did, while its map is shown.
    status: Option<String>,
    /// A save asked for before the current recipe's map was made: done once it is.
    /// A save asked for and not yet done, in this format.
    save_pending: Option<Format>,
    out_dir: PathBuf,
    view: View,
    fitted: Option<Fitted>,
    pointer: input::Pointer,
    hover: Option<Pos>,
    watch: Watch,
    /// The map being made, shown as it fills in.
    filling: Option<Filling>,
    keeping: Keeping,
    /// A keep asked for before the current recipe's map was made: done once it is.
    keep_pending: bool,
    /// The gallery's tile makers, started when it first opens, and the tiles' textures.
    gallery: Option<Tiles>,
    gallery_textures: Vec<Option<(Recipe, Texture2D)>>,
    gallery_open: bool,
}

async fn main_loop(options: crate::Start) -> Result<(), String> {
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
    // egui-macroquad divides wheel steps by 90, as if they came in the 120ths of a notch
    // some systems report; X11 reports whole notches, so a notch scrolled the panel by
    // half a point and the panel seemed not to scroll at all.
    #[cfg(target_os = "linux")]
    egui_macroquad::cfg(|ctx| ctx.options_mut(|o| o.line_scroll_speed *= 90.0));
    let mut app = App {
        session: Session::new(options.recipe.clone()),
        worker,
        shown: None,
        recent: Recent::default(),
        asked: None,
        waiting_for: None,
        error: None,
        grid: true,
        look: options.look,
        panel_open: true,
        help_open: false,
        controls: Controls::default(),
        status: None,
        save_pending: None,
        out_dir: options.out_dir.clone(),
        view: View {
            x: 0.0,
            y: 0.0,
            scale: 1.0,
        },
        fitted: None,
        pointer: input::Pointer::default(),
        hover: None,
        watch: Watch::default(),
        filling: None,
        keeping: Keeping::open(),
        keep_pending: false,
        gallery: None,
        gallery_textures: Vec::new(),
        gallery_open: options.gallery,
    };
    let mut frames = 0;
    let mut last_input = Instant::now();
    loop {
        let mut actions = Vec::new();
        app.take_new_map(if app.is_generating() {
            GENERATING_FRAME
        } else {
            Duration::ZERO
        });
        let facts_hover = app.hover_text();
        egui_macroquad::ui(|ctx| {
            if app.panel_open {
                let finished = app.shown.as_ref().filter(|_| app.filling.is_none());
                let facts = Facts {
                    stats: app.shown.as_ref().map(|s| &s.stats),
                    took_ms: finished.map(|s| s.map.took.as_secs_f64() * 1e3),
                    timings: finished.map(|s| s.map.dungeon.timings()),
                    progress: app.is_generating().then(|| app.worker.progress()).flatten(),
                    error: app.error.as_deref(),
                    grid: app.grid,
                    look: app.look,
                    grid_fits: app.grid_fits(),
                    status: app.status.as_deref(),
                    hover: facts_hover.clone(),
                };
                actions.extend(panel::show(
                    ctx,
                    &mut app.session,
                    &mut app.controls,
                    &mut app.watch,
                    &mut app.keeping,
                    &facts,
                ));
            }
            panel::help(ctx, &mut app.help_open);
        });
        let area = app.map_area();
        egui_macroquad::cfg(|ctx| {
            if ctx.input(|i| !i.events.is_empty()) {
                last_input = Instant::now();
            }
            actions.extend(input::shortcuts(ctx, app.help_open, app.gallery_open));
            // Files dropped on the window open as layouts.
            actions.extend(
                macroquad::input::get_dropped_files()
                    .into_iter()
                    .filter_map(|file| file.path)
                    .map(|path| Action::Keep(KeepAction::Open(path))),
            );
            if app.gallery_open {
                actions.extend(gallery_click(ctx, area));
                return;
            }
            let picture = app.picture_size();
            let (view, hover, mouse_actions) =
                app.pointer
                    .handle(ctx, app.view, app.fitted.map(|f| f.view), picture);
            app.view = view;
            app.hover = hover.and_then(|(px, py)| {
                let n = app.shown.as_ref()?.map.style.cell_size;
                Some(Pos::new(px / n, py / n))
            });
            actions.extend(mouse_actions);
        });
        // Keep drawing a moment after any input: characters and egui's reactions trail the
        // event that woke this frame, and miniquad's blocking loop draws input that arrives
        // during a frame only once a further event comes. Idle frames schedule nothing.
        let awake = last_input.elapsed() < AWAKE_AFTER_INPUT;
        if awake || !actions.is_empty() || input::keys_held() || app.pointer.is_down() {
            macroquad::miniquad::window::schedule_update();
        }
        for action in actions {
            if app.carry_out(action, area) {
                return Ok(());
            }
        }
        app.watch.follow(&app.session.recipe);
        app.update_gallery(area);
        app.regenerate_if_changed(area);
        app.fill_in();
        app.play();
        app.refit_if_needed(area);
        // The panel drawn this frame did not say what a save did; a map being made needs
        // frames to show its progress and to be taken when done.
        let gallery_filling = app.gallery_open && app.gallery.as_ref().is_some_and(Tiles::filling);
        if app.save_when_ready()
            || app.keep_when_ready()
            || app.is_generating()
            || app.watch.is_playing()
            || gallery_filling
        {
            macroquad::miniquad::window::schedule_update();
        }
        if !app.pointer.is_down() {
            app.session.commit();
        }
        app.draw(area);
        egui_macroquad::draw();

        frames += 1;
        if let Some(file) = &options.screenshot {
            if frames >= SCREENSHOT_FRAMES
                && !app.is_generating()
                && app.shown.is_some()
                && !gallery_filling
            {
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
        self.filling = None;
        match done.result {
            Ok(map) => {
                self.error = None;
                self.recent.put(Kept {
                    dungeon: Arc::clone(&map.dungeon),
                    took: map.took,
                });
                self.show(map);
            }
            Err(e) => self.error = Some(e),
        }
    }

    fn show(&mut self, map: Generated) {
        // What the last save said was about the map shown until now, and a replay too.
        self.status = None;
        self.watch.replay = None;
        let old = self.shown.take().map(|s| s.texture);
        let texture = texture_of(&map.pixels, old);
        let stats = map.dungeon.stats();
        self.shown = Some(Shown {
            map,
            stats,
            texture,
            smooth: Cell::new(false),
            replay_step: None,
        });
    }

    /// While a big map is being made, show what is ready of it every so often: the rooms
    /// placed, then the paths joined.
    fn fill_in(&mut self) {
        let Some(id) = self.waiting_for else {
            return;
        };
        let now = Instant::now();
        let mut filling = match self.filling.take() {
            Some(f) if f.id == id => f,
            // A new request: the first picture once it has taken a moment.
            _ => Filling {
                id,
                rooms: Vec::new(),
                paths: Vec::new(),
                at: now,
            },
        };
        if now.duration_since(filling.at) >= FILL_IN_EVERY {
            filling.at = now;
            let (rooms, paths) = self
                .worker
                .made_since(filling.rooms.len(), filling.paths.len());
            if !rooms.is_empty() || !paths.is_empty() {
                filling.rooms.extend(rooms);
                filling.paths.extend(paths);
                let recipe = self.watch.recipe(&self.session.recipe);
                let made =
                    Dungeon::from_parts(recipe, filling.rooms.clone(), filling.paths.clone());
                self.show_unfinished(made);
            }
        }
        self.filling = Some(filling);
    }

    /// Show `made`, a map still being made, in the style the finished one will have.
    fn show_unfinished(&mut self, made: Dungeon) {
        let size = (made.width(), made.height());
        let style = self
            .shown
            .as_ref()
            .filter(|s| (s.map.dungeon.width(), s.map.dungeon.height()) == size)
            .map_or_else(
                || texture_style(size.0, size.1, self.map_area(), self.look),
                |s| s.map.style,
            );
        if let Ok(pixels) = raster::rasterize(&made, &style) {
            // What the last save said still holds: the save waits for the finished map.
            let status = self.status.take();
            self.show(Generated {
                dungeon: Arc::new(made),
                pixels,
                style,
                took: Duration::ZERO,
            });
            self.status = status;
        }
    }

    /// Move a replay or a sweep on, drawing the replay's step in place of the map.
    fn play(&mut self) {
        let wanted = self.watch.recipe(&self.session.recipe);
        let on_screen = !self.is_generating()
            && self
                .shown
                .as_ref()
                .is_some_and(|s| s.map.dungeon.recipe() == wanted);
        let Some(step) = self.watch.tick(Instant::now(), on_screen) else {
            return;
        };
        let Some(shown) = &mut self.shown else {
            return;
        };
        let pixels = match &step {
            Some(dungeon) => match raster::rasterize(dungeon, &shown.map.style) {
                Ok(pixels) => pixels,
                Err(e) => {
                    self.error = Some(e.to_string());
                    return;
                }
            },
            // The replay ended: the map itself again.
            None => shown.map.pixels.clone(),
        };
        shown.texture = texture_of(&pixels, Some(shown.texture.clone()));
        shown.smooth.set(false);
        shown.replay_step = step;
    }

    fn is_generating(&self) -> bool {
        self.waiting_for.is_some()
    }

    /// Ask for a new map when the recipe changed (a small map arrives within this frame;
    /// one made recently is shown again at once), or draw the map again when the window's
    /// size asks for another texture.
    fn regenerate_if_changed(&mut self, area: Area) {
        let recipe = &self.watch.recipe(&self.session.recipe).clone();
        let style = texture_style(recipe.width, recipe.height, area, self.look);
        if self.asked.as_ref() != Some(recipe) {
            self.asked = Some(recipe.clone());
            self.watch.replay = None;
            if let Some(kept) = self.recent.get(recipe) {
                self.worker.cancel();
                self.waiting_for = None;
                match raster::rasterize(&kept.dungeon, &style) {
                    Ok(pixels) => {
                        self.error = None;
                        self.show(Generated {
                            dungeon: kept.dungeon,
                            pixels,
                            style,
                            took: kept.took,
                        });
                    }
                    Err(e) => self.error = Some(e.to_string()),
                }
                return;
            }
            self.waiting_for = Some(self.worker.request(recipe, style));
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

    /// The map's size in cells.
    fn cells(&self) -> Option<(u32, u32)> {
        let d = &self.shown.as_ref()?.map.dungeon;
        Some((d.width(), d.height()))
    }

    /// Fit the map again when its size changed, or when the window or the panel changed
    /// while the user had not zoomed or panned. A zoomed or panned map stays where it is,
    /// its cells as big on screen as before.
    fn refit_if_needed(&mut self, area: Area) {
        let (Some(picture), Some(cells)) = (self.picture_size(), self.cells()) else {
            return;
        };
        let Some(fitted) = self.fitted else {
            self.fit(area);
            return;
        };
        if fitted.cells != cells || (self.view == fitted.view && fitted.area != area) {
            self.fit(area);
        } else if fitted.area != area || fitted.picture != picture {
            // Another texture size (the window changed): the same cells on screen.
            let k = fitted.picture.0 as f32 / picture.0 as f32;
            self.view.scale *= k;
            let mut view = fitted.view;
            view.scale *= k;
            self.fitted = Some(Fitted {
                area,
                picture,
                view,
                ..fitted
            });
        }
    }

    fn fit(&mut self, area: Area) {
        if let (Some(picture), Some(cells)) = (self.picture_size(), self.cells()) {
            let view = View::fit(area, picture.0 as f32, picture.1 as f32);
            self.view = view;
            self.fitted = Some(Fitted {
                area,
                cells,
                picture,
                view,
            });
        }
    }

    /// Do what an action asks; true when the window should close.
    fn carry_out(&mut self, action: Action, area: Area) -> bool {
        match action {
            Action::NewSeed => self.session.new_seed(),
            Action::SetSeed(seed) => self.session.set_seed(seed),
            Action::Back => {
                self.session.back();
            }
            Action::Forward => {
                self.session.forward();
            }
            Action::Reset => self.session.reset(),
            Action::Apply(recipe) => self.session.apply(recipe),
            Action::ToggleGrid => self.grid = !self.grid,
            Action::ToggleLook(option) => {
                let on = option.switch(&mut self.look);
                *on = !*on;
            }
            Action::ToggleHelp => self.help_open = !self.help_open,
            Action::Keep(action) => self.keep_action(action),
            Action::ToggleGallery => {
                self.gallery_open = !self.gallery_open;
                if !self.gallery_open
                    && let Some(tiles) = &mut self.gallery
                {
                    tiles.cancel();
                }
            }
            Action::PickTile(n) => {
                let picked = self.gallery.as_ref().and_then(|g| g.tiles().get(n));
                if let Some(tile) = picked {
                    self.watch.sweep = None;
                    self.session.apply(tile.recipe.clone());
                    self.gallery_open = false;
                    if let Some(tiles) = &mut self.gallery {
                        tiles.cancel();
                    }
                }
            }
            Action::Watch(action) => {
                let shown = self.shown.as_ref().map(|s| &s.map.dungeon);
                if let Some(recipe) = self.watch.carry_out(action, shown, &self.session.recipe) {
                    self.session.apply(recipe);
                }
            }
            Action::HidePanel => self.panel_open = !self.panel_open,
            Action::Fit => self.fit(area),
            Action::Save(format) => self.save_pending = Some(format),
            Action::Quit => return true,
        }
        false
    }

    /// Carry out a save asked for, once the map of the current recipe is shown: a save
    /// asked for right after a change saves the new map, not the one before. True when it
    /// did (or said why it could not).
    fn save_when_ready(&mut self) -> bool {
        if self.is_generating() {
            return false;
        }
        let Some(format) = self.save_pending.take() else {
            return false;
        };
        if let Some(error) = &self.error {
            self.status = Some(format!("Not saved: {error}"));
            return true;
        }
        let Some(shown) = self
            .shown
            .as_ref()
            .filter(|s| s.map.dungeon.recipe() == self.watch.recipe(&self.session.recipe))
        else {
            self.status = Some("Nothing to save yet.".to_string());
            return true;
        };
        // As `render` writes it at the chosen cell size: the same file, byte for byte.
        let options = formats::Options {
            cell_size: Some(self.controls.save_cell_size(&self.session.recipe)),
            no_grid: !self.grid,
            look: self.look,
        };
        let dungeon = &shown.map.dungeon;
        let stem = naming::file_stem(dungeon.recipe());
        let target = formats::Target::New {
            dir: &self.out_dir,
            stem: &stem,
        };
        self.status = Some(match formats::write(dungeon, format, &options, target) {
            Ok(path) => format!("Saved {}", path.display()),
            Err(e) => format!("Not saved: {e}"),
        });
        true
    }

    /// Favourites, presets and opening files.
    fn keep_action(&mut self, action: KeepAction) {
        let open = |app: &mut Self, recipe: Recipe| {
            app.watch.sweep = None;
            app.gallery_open = false;
            app.session.apply(recipe);
        };
        match action {
            KeepAction::Keep => self.keep_pending = true,
            KeepAction::OpenNth(n) => {
                let id = self.keeping.favourites().get(n).map(|f| f.id.clone());
                if let Some(recipe) = id.and_then(|id| self.keeping.recipe_of(&id)) {
                    open(self, recipe);
                }
            }
            KeepAction::Export(id, format) => {
                if let Some(recipe) = self.keeping.recipe_of(&id) {
                    open(self, recipe);
                    self.save_pending = Some(format);
                }
            }
            KeepAction::Rename(id, name) => self.keeping.rename(&id, &name),
            KeepAction::Delete(id) => self.keeping.delete(&id),
            KeepAction::Undelete => self.keeping.undelete(),
            KeepAction::SavePreset(name) => {
                let recipe = self.watch.recipe(&self.session.recipe).clone();
                self.keeping.save_preset(&name, &recipe);
            }
            KeepAction::Open(path) => match layout::read_layout(&path) {
                Ok(recipe) => {
                    open(self, recipe);
                    self.keeping.message = Some((format!("Opened {}", path.display()), false));
                }
                Err(e) => self.keeping.message = Some((e.to_string(), true)),
            },
        }
    }

    /// Keep the map asked for, once the map of the current recipe is shown. True when it
    /// did (or said why it could not).
    fn keep_when_ready(&mut self) -> bool {
        if !self.keep_pending || self.is_generating() {
            return false;
        }
        self.keep_pending = false;
        let wanted = self.watch.recipe(&self.session.recipe);
        match self
            .shown
            .as_ref()
            .filter(|s| s.map.dungeon.recipe() == wanted)
        {
            Some(shown) => {
                let dungeon = Arc::clone(&shown.map.dungeon);
                self.keeping.keep(&dungeon);
            }
            None => {
                let why = self
                    .error
                    .clone()
                    .unwrap_or_else(|| "there is no map yet".into());
                self.keeping.message = Some((format!("Not kept: {why}"), true));
            }
        }
        true
    }

    /// While the gallery is open, ask for its tiles of the current settings and make
    /// textures of those that are done.
    fn update_gallery(&mut self, area: Area) {
        if !self.gallery_open {
            return;
        }
        if self.gallery.is_none() {
            let wake = || macroquad::miniquad::window::schedule_update();
            match Tiles::start(wake) {
                Ok(tiles) => self.gallery = Some(tiles),
                Err(e) => {
                    self.gallery_open = false;
                    self.error = Some(format!("cannot start the gallery: {e}"));
                    return;
                }
            }
        }
        let Some(tiles) = &mut self.gallery else {
            return;
        };
        let base = self.watch.recipe(&self.session.recipe);
        let slot = gallery::slot(area, 0);
        let style = texture_style(base.width, base.height, slot, self.look);
        tiles.update(base, style);
        self.gallery_textures
            .resize_with(tiles.tiles().len(), || None);
        for (tile, texture) in tiles.tiles().iter().zip(&mut self.gallery_textures) {
            let Some(made) = &tile.made else {
                continue;
            };
            if texture.as_ref().is_none_or(|(r, _)| r != &tile.recipe) {
                let old = texture.take().map(|(_, t)| t);
                *texture = Some((tile.recipe.clone(), texture_of(&made.pixels, old)));
            }
        }
    }

    /// The gallery in place of the map: each tile under its seed, the one under the
    /// pointer framed.
    fn draw_gallery(&self, area: Area) {
        let Some(tiles) = &self.gallery else {
            return;
        };
        let (mx, my) = macroquad::input::mouse_position();
        let under = gallery::tile_at(area, mx, my);
        for (i, tile) in tiles.tiles().iter().enumerate() {
            let slot = gallery::slot(area, i);
            let label = format!("seed {}", tile.recipe.seed);
            macroquad::text::draw_text(&label, slot.x, slot.y - 5.0, 20.0, LABEL_COLOUR);
            let shown = self.gallery_textures.get(i).and_then(Option::as_ref);
            let Some((_, texture)) = shown.filter(|(r, _)| r == &tile.recipe) else {
                macroquad::text::draw_text(
                    "making…",
                    slot.x + 8.0,
                    slot.y + 24.0,
                    20.0,
                    LABEL_COLOUR,
                );
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

    /// Screen pixels one cell takes.
    fn screen_cell(&self) -> Option<f32> {
        let n = self.shown.as_ref()?.map.style.cell_size;
        Some(n as f32 * self.view.scale)
    }

    /// Whether cells on screen are big enough for grid lines (or there is no map yet).
    fn grid_fits(&self) -> bool {
        self.screen_cell()
            .is_none_or(|cell| cell >= GRID_FROM as f32)
    }

    fn draw(&self, area: Area) {
        clear_background(SURROUND);
        if self.gallery_open {
            self.draw_gallery(area);
            return;
        }
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
        if self.grid && self.grid_fits() {
            self.draw_grid(
                shown.replay_step.as_ref().unwrap_or(&shown.map.dungeon),
                area,
            );
        }
    }

    /// Grid lines over the cells on screen that the rasterizer gives them in the window's
    /// look (the first row and column of the cell's pixels), one line per run of such
    /// cells: cheap at any map size, since only the cells on screen count.
    fn draw_grid(&self, dungeon: &dungeon_viewer::model::dungeon::Dungeon, area: Area) {
        let Some(cell) = self.screen_cell() else {
            return;
        };
        let View { x: ox, y: oy, .. } = self.view;
        // The cells on screen, clamped to the map.
        let first = |origin: f32, start: f32, n: u32| {
            (((start - origin) / cell).floor().max(0.0) as u32).min(n)
        };
        let last =
            |origin: f32, end: f32, n: u32| (((end - origin) / cell).ceil().max(0.0) as u32).min(n);
        let (w, h) = (dungeon.width(), dungeon.height());
        let (x0, x1) = (first(ox, area.x, w), last(ox, area.x + area.w, w));
        let (y0, y1) = (first(oy, area.y, h), last(oy, area.y + area.h, h));
        let sx = |x: u32| (ox + x as f32 * cell).round();
        let sy = |y: u32| (oy + y as f32 * cell).round();
        // One pixel of a 12-pixel cell, as in the files; thicker when zoomed further.
        let thick = (cell / raster::DEFAULT_CELL_SIZE as f32).round().max(1.0);
        let Rgb(r, g, b) = raster::grid_colour(&self.look);
        let colour = Color::from_rgba(r, g, b, 255);
        let free =
            |x: u32, y: u32| raster::has_grid_line(dungeon.tiles(), &self.look, Pos::new(x, y));
        // Runs of free cells: left lines down each column, top lines along each row.
        for x in x0..x1 {
            let mut start = None;
            for y in y0..=y1 {
                match (y < y1 && free(x, y), start) {
                    (true, None) => start = Some(y),
                    (false, Some(s)) => {
                        draw_rectangle(sx(x), sy(s), thick, sy(y) - sy(s), colour);
                        start = None;
                    }
                    _ => {}
                }
            }
        }
        for y in y0..y1 {
            let mut start = None;
            for x in x0..=x1 {
                match (x < x1 && free(x, y), start) {
                    (true, None) => start = Some(x),
                    (false, Some(s)) => {
                        draw_rectangle(sx(s), sy(y), sx(x) - sx(s), thick, colour);
                        start = None;
                    }
                    _ => {}
                }
            }
        }
    }
}

/// A click on the gallery (not on the panel): the tile it picks.
fn gallery_click(ctx: &egui_macroquad::egui::Context, area: Area) -> Option<Action> {
    let over_panel = ctx.is_pointer_over_area() || ctx.wants_pointer_input();
    if over_panel || !macroquad::input::is_mouse_button_pressed(macroquad::input::MouseButton::Left)
    {
        return None;
    }
    let (x, y) = macroquad::input::mouse_position();
    gallery::tile_at(area, x, y).map(Action::PickTile)
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
    let bytes = png::encode_with(&pixels, &app.session.recipe, &[("map", map)])
        .map_err(|e| format!("cannot encode the screenshot: {e}"))?;
    dungeon_viewer::formats::safe_write::write_replacing(file, &bytes)
        .map_err(|e| format!("cannot write {}: {e}", file.display()))
}
