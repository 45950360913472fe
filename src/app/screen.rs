//! The map on screen: asking the worker for the map of the current recipe, taking it when
//! it is made (a small one within the frame that asked), showing a big one fill in while it
//! is made, replaying a generation in its place, and where on screen it sits (fitted, or
//! zoomed and moved by the user).

use std::cell::{Cell, OnceCell};
use std::sync::Arc;
use std::time::Duration;

use macroquad::texture::{FilterMode, Texture2D};

use super::outline::PinOutline;
use super::platform::Instant;
use super::platform::Worker;
use super::recent::{Recent, same_dungeon};
use super::view::{Area, View};
use super::watch::Watch;
use super::worker::{Descent, Drawing, Generated, Reach, Under};
use dungeon_files::draw::numbers;
use dungeon_files::draw::pixels::Pixels;
use dungeon_files::draw::raster::{self, CELL_SIZE, Look, Style};
use dungeon_files::figures::Figures;
use dungeon_generator::Pos;
use dungeon_generator::Recipe;
use dungeon_generator::TileKind;
use dungeon_generator::{Dungeon, Stats};
use dungeon_generator::{Path, Room};

/// The largest texture side the window asks the GPU for.
const MAX_TEXTURE: u32 = 4096;
/// How long a frame waits for a map being generated before drawing without it.
const PATIENCE: Duration = Duration::from_millis(25);
/// How often a map being made shows what is ready of it.
const FILL_IN_EVERY: Duration = Duration::from_millis(300);

/// How the window draws a `width × height` map in `area` in `look`: as many pixels a cell
/// as let the whole map fill the area at a whole scale, so that cells stay crisp (small
/// maps are drawn large). Grid lines are not in the texture: they are drawn over it for
/// the cells on screen, at any zoom; but in the hatched look, whose grid lies on the floor
/// only, they are in the texture when `grid` asks for them.
pub fn texture_style(width: u32, height: u32, area: Area, look: Look, grid: bool) -> Style {
    let fits = (area.w / width.max(1) as f32).min(area.h / height.max(1) as f32) as u32;
    let side = width.max(height).max(1);
    let cell_size = fits
        .min(MAX_TEXTURE / side)
        .clamp(*CELL_SIZE.start(), *CELL_SIZE.end());
    Style {
        cell_size,
        grid: grid && look.hatched,
        look,
    }
}

/// The map shown.
pub struct Shown {
    pub map: Generated,
    pub stats: Stats,
    pub texture: Texture2D,
    /// Whether the texture is set to average (shrunk) rather than sample its pixels.
    pub smooth: Cell<bool>,
    /// A step of a replay, drawn in the texture in place of the map while it plays.
    pub replay_step: Option<Dungeon>,
    /// The outline of its pinned rooms, found when first drawn.
    pub pin_outline: OnceCell<PinOutline>,
}

/// A map being made, as far as it has got: what the window has taken of it so far.
struct Filling {
    id: u64,
    rooms: Vec<Room>,
    paths: Vec<Path>,
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

/// The map on screen and the work behind it.
pub struct Screen {
    worker: Worker,
    pub shown: Option<Shown>,
    /// The maps made last, to show again at once when going back and forward.
    recent: Recent,
    /// The recipe last asked for.
    asked: Option<Recipe>,
    /// The recipe of the worker's newest request to make a map: its dungeon's other
    /// levels follow behind it.
    requested: Option<Recipe>,
    /// The number of the request not yet answered, if one is out.
    waiting_for: Option<u64>,
    /// Whether that request draws the map shown again (in another style), rather than
    /// making a map.
    redrawing: bool,
    /// Why the current recipe made no map.
    pub error: Option<String>,
    /// The map being made, shown as it fills in.
    filling: Option<Filling>,
    pub view: View,
    fitted: Option<Fitted>,
    /// The map and style whose room numbers were last told of.
    numbers_told: Option<(*const Dungeon, Style)>,
}

impl Screen {
    pub fn new(worker: Worker) -> Self {
        Self {
            worker,
            shown: None,
            recent: Recent::default(),
            asked: None,
            requested: None,
            waiting_for: None,
            redrawing: false,
            error: None,
            filling: None,
            view: View {
                x: 0.0,
                y: 0.0,
                scale: 1.0,
            },
            fitted: None,
            numbers_told: None,
        }
    }

    /// What to tell of the room numbers of the finished map shown, once for each map and
    /// style it is drawn in: which rooms have none, or that its cells are too small for
    /// them (see [`Labels::note`](dungeon_files::draw::numbers::Labels::note)).
    pub fn numbers_note(&mut self) -> Option<String> {
        let shown = self.shown.as_ref().filter(|_| !self.is_filling())?;
        let style = shown.map.style;
        let told = (Arc::as_ptr(&shown.map.dungeon), style);
        if !style.look.numbers || self.numbers_told == Some(told) {
            return None;
        }
        self.numbers_told = Some(told);
        numbers::place(&shown.map.dungeon, style.cell_size).note(style.cell_size)
    }

    pub fn is_generating(&self) -> bool {
        self.waiting_for.is_some()
    }

    /// Whether the window must keep drawing frames for the worker to go on (in the
    /// browser, the levels below the one shown are made in the frames' slices).
    pub fn needs_frames(&self) -> bool {
        self.worker.needs_frames()
    }

    /// How far the map being made has got, while one is: the level being made (the
    /// levels above the one asked for come first) and how far it got.
    pub fn progress(&self) -> Option<Under> {
        (self.is_generating() && !self.redrawing)
            .then(|| self.worker.requests().progress())
            .flatten()
    }

    /// Whether the finished map of `recipe` is on screen.
    pub fn shows(&self, recipe: &Recipe) -> bool {
        !self.is_generating()
            && self
                .shown
                .as_ref()
                .is_some_and(|s| s.map.dungeon.recipe() == recipe)
    }

    /// The finished map of `recipe`, when it is on screen.
    pub fn dungeon_of(&self, recipe: &Recipe) -> Option<&Arc<Dungeon>> {
        self.shows(recipe)
            .then(|| self.shown.as_ref().map(|s| &s.map.dungeon))
            .flatten()
    }

    /// Take the newest map the worker finished, if it is the one last asked for, waiting
    /// up to `patience` for it; keep the other levels it made, and a map made for a request
    /// no longer awaited, to show them at once when asked for.
    pub fn take_new_map(&mut self, patience: Duration, watch: &mut Watch) {
        let done = self.worker.newest(patience);
        for kept in self.worker.levels() {
            self.recent.put(kept);
        }
        let Some(done) = done else {
            return;
        };
        if self.waiting_for != Some(done.id) {
            if let (false, Ok(map)) = (done.preview, &done.result) {
                self.recent.put(map.kept());
            }
            return;
        }
        self.filling = None;
        if !done.preview {
            self.waiting_for = None;
            self.redrawing = false;
        }
        match done.result {
            Ok(map) => {
                self.error = None;
                self.recent.put(map.kept());
                self.show(map, watch);
            }
            Err(e) => self.error = Some(e),
        }
    }

    fn show(&mut self, map: Generated, watch: &mut Watch) {
        // A replay was of the map shown until now.
        watch.replay = None;
        let old = self.shown.take().map(|s| s.texture);
        let texture = texture_of(&map.pixels, old);
        if !self.is_generating() {
            super::platform::map_shown(&map.dungeon.recipe().to_string(), map.took);
        }
        let stats = map.dungeon.stats();
        self.shown = Some(Shown {
            map,
            stats,
            texture,
            smooth: Cell::new(false),
            replay_step: None,
            pin_outline: OnceCell::new(),
        });
    }

    /// Ask for a new map when `recipe` changed (a small map arrives within this frame; one
    /// made recently, or another level of the dungeon made behind it, is shown again at
    /// once), or draw the map again when the window's size, the look or the grid asks for
    /// another texture. A map asked for is made from the deepest level above it that is
    /// kept, and the levels below it follow behind.
    pub fn regenerate_if_changed(
        &mut self,
        recipe: &Recipe,
        area: Area,
        (look, grid): (Look, bool),
        watch: &mut Watch,
    ) {
        let style = texture_style(recipe.width, recipe.height, area, look, grid);
        if self.asked.as_ref() != Some(recipe) {
            self.asked = Some(recipe.clone());
            watch.replay = None;
            if let Some(kept) = self.recent.get(recipe) {
                // The levels of its dungeon being made behind it go on.
                let ours = (self.requested.as_ref()).is_some_and(|r| same_dungeon(r, recipe));
                if !ours {
                    self.worker.cancel();
                    self.requested = None;
                }
                self.waiting_for = None;
                self.filling = None;
                self.draw(kept.dungeon, style, kept.took, kept.figures, watch);
                return;
            }
            let descent = Descent::new(recipe, self.recent.above(recipe), Reach::Whole);
            self.waiting_for = Some(self.worker.request(descent, style));
            self.requested = Some(recipe.clone());
            self.redrawing = false;
            self.take_new_map(PATIENCE, watch);
            return;
        }
        if self.is_generating() {
            return;
        }
        let Some(shown) = &self.shown else {
            return;
        };
        if shown.map.style != style {
            let (dungeon, took) = (Arc::clone(&shown.map.dungeon), shown.map.took);
            let figures = shown.map.figures.clone();
            self.draw(dungeon, style, took, figures, watch);
        }
    }

    /// Show `dungeon`, made in `took`, drawn in `style`: at once in the looks of cells; in
    /// the hatched look by the worker (off the window's thread on the desktop, a band at a
    /// time between frames in the browser), a big map in the plain look until then.
    fn draw(
        &mut self,
        dungeon: Arc<Dungeon>,
        style: Style,
        took: Duration,
        figures: Option<Arc<Figures>>,
        watch: &mut Watch,
    ) {
        let mut drawing = Drawing::new(Arc::clone(&dungeon), style, took).measured(figures.clone());
        if style.look.hatched {
            if let Some(Ok(plain)) = drawing.preview() {
                self.show(plain, watch);
            }
            // The worker draws it instead of making the levels below.
            self.requested = None;
            self.waiting_for = Some(self.worker.redraw(dungeon, style, took, figures));
            self.redrawing = true;
            self.take_new_map(PATIENCE, watch);
            return;
        }
        match drawing.advance(|| true) {
            Some(Ok(map)) => {
                self.error = None;
                self.show(map, watch);
            }
            Some(Err(e)) => self.error = Some(e),
            None => {}
        }
    }

    /// While a big map is being made, show what is ready of it every so often: the rooms
    /// placed, then the paths joined.
    pub fn fill_in(&mut self, recipe: &Recipe, area: Area, look: Look, watch: &mut Watch) {
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
                .requests()
                .made_since(filling.rooms.len(), filling.paths.len());
            if !rooms.is_empty() || !paths.is_empty() {
                filling.rooms.extend(rooms);
                filling.paths.extend(paths);
                let made =
                    Dungeon::from_parts(recipe, filling.rooms.clone(), filling.paths.clone());
                // The generator's own parts always make a map.
                if let Ok(made) = made {
                    self.show_unfinished(made, area, look, watch);
                }
            }
        }
        self.filling = Some(filling);
    }

    /// Show `made`, a map still being made, in the style the finished one will have (but
    /// in the plain look: the hatched look's shapes take a while, and the map is moving).
    fn show_unfinished(&mut self, made: Dungeon, area: Area, look: Look, watch: &mut Watch) {
        let plain = Look {
            hatched: false,
            ..look
        };
        let style = texture_style(made.width(), made.height(), area, plain, false);
        if let Ok(pixels) = raster::rasterize(&made, &style) {
            let map = Generated {
                dungeon: Arc::new(made),
                pixels,
                style,
                took: Duration::ZERO,
                figures: None,
            };
            self.show(map, watch);
        }
    }

    /// Whether the map shown is one still being made.
    pub fn is_filling(&self) -> bool {
        self.filling.is_some()
    }

    /// Move a replay or a sweep on, drawing the replay's step in place of the map; returns
    /// whether anything changed (the panel then needs another frame to say so).
    pub fn play(&mut self, watch: &mut Watch, wanted: &Recipe) -> bool {
        let on_screen = self.shows(wanted);
        let Some(step) = watch.tick(Instant::now(), on_screen) else {
            return false;
        };
        let Some(shown) = &mut self.shown else {
            return true;
        };
        let pixels = match &step {
            Some(dungeon) => match raster::rasterize(dungeon, &shown.map.style) {
                Ok(pixels) => pixels,
                Err(e) => {
                    self.error = Some(e.to_string());
                    return true;
                }
            },
            // The replay ended: the map itself again.
            None => shown.map.pixels.clone(),
        };
        shown.texture = texture_of(&pixels, Some(shown.texture.clone()));
        shown.smooth.set(false);
        shown.replay_step = step;
        true
    }

    /// The picture's size in pixels, and the map's in cells.
    fn sizes(&self) -> Option<((u32, u32), (u32, u32))> {
        let map = &self.shown.as_ref()?.map;
        Some((
            (map.pixels.width(), map.pixels.height()),
            (map.dungeon.width(), map.dungeon.height()),
        ))
    }

    /// The picture's size in pixels.
    pub fn picture_size(&self) -> Option<(u32, u32)> {
        self.sizes().map(|(picture, _)| picture)
    }

    /// Fit the map again when its size changed, or when the window or the panel changed
    /// while the user had not zoomed or panned. A zoomed or panned map stays where it is,
    /// its cells as big on screen as before.
    pub fn refit_if_needed(&mut self, area: Area) {
        let Some((picture, cells)) = self.sizes() else {
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

    /// Fit the map to `area`: as large as it fits, centred.
    pub fn fit(&mut self, area: Area) {
        if let Some((picture, cells)) = self.sizes() {
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

    /// The fitted view, for the limits of zooming.
    pub fn fitted_view(&self) -> Option<View> {
        self.fitted.map(|f| f.view)
    }

    /// Screen pixels one cell takes.
    pub fn screen_cell(&self) -> Option<f32> {
        let n = self.shown.as_ref()?.map.style.cell_size;
        Some(n as f32 * self.view.scale)
    }

    /// The cell at picture pixel `(px, py)`.
    pub fn cell_at(&self, (px, py): (u32, u32)) -> Option<Pos> {
        let n = self.shown.as_ref()?.map.style.cell_size;
        Some(Pos::new(px / n, py / n))
    }

    /// What the cell at `p` is, for the status bar.
    pub fn describe(&self, p: Pos) -> Option<String> {
        let tile = self.shown.as_ref()?.map.dungeon.tile(p)?;
        let what = match tile.kind() {
            TileKind::Room(k) => format!("room {}", k + 1),
            TileKind::Path => "path".to_string(),
            TileKind::Free => "rock".to_string(),
        };
        Some(format!("Cell ({}, {}): {what}", p.x, p.y))
    }
}

/// A texture showing `pixels`, sampled (not averaged): `old` updated in place when it has
/// their size, else a new one.
pub fn texture_of(pixels: &Pixels, old: Option<Texture2D>) -> Texture2D {
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
