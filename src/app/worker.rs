//! What the work behind the window hands it: a map made and drawn for a request, or what
//! was wrong with the recipe, and the other levels of its dungeon made on the way. The work
//! itself is the platform's ([`super::platform`]): a thread on the desktop, a slice of each
//! frame in the browser; both make the levels a request needs in the order [`Descent`]
//! gives, each with `dungeon_generator::Generation`, and draw the one asked for here
//! ([`Drawing`]): at once in the looks of cells, band by band in the hatched look, whose
//! big maps show in the plain look first.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use super::recent::Kept;
use dungeon_files::draw::pixels::Pixels;
use dungeon_files::draw::raster::{Look, Style, image_size, rasterize, shapes};
use dungeon_files::draw::vector::render::Bands;
use dungeon_files::figures::Figures;
use dungeon_generator::{Dungeon, Error, Generation, Path, Progress, Recipe, Room, Snapshot};

/// A map ready to show.
#[derive(Debug)]
pub struct Generated {
    pub dungeon: Arc<Dungeon>,
    pub pixels: Pixels,
    pub style: Style,
    /// How long generation (not drawing) took.
    pub took: Duration,
    /// How readable it is, once it is finished.
    pub figures: Option<Arc<Figures>>,
}

/// The answer to a request: the map, or what was wrong with the recipe. A cancelled
/// request gets no answer. A preview (the map in the plain look, while its hatched picture
/// is drawn) comes before the answer proper.
#[derive(Debug)]
pub struct Done {
    pub id: u64,
    pub result: Result<Generated, String>,
    pub preview: bool,
}

/// Maps of at least this many cells show in the plain look while their hatched picture is
/// drawn (a W2 map): smaller ones are drawn within a frame or two, and a preview would only
/// flicker.
const PREVIEW_FROM_CELLS: u64 = 128 * 112;

/// A map's picture being drawn for the window: in the looks of cells at once, in the
/// hatched look band by band, as much at a time as the caller allows.
pub struct Drawing {
    dungeon: Arc<Dungeon>,
    style: Style,
    took: Duration,
    /// The hatched look's shapes, once worked out, and the bands drawn so far.
    shapes: Option<(Bands, Vec<u8>)>,
    /// The map's readability figures, once measured.
    figures: Option<Arc<Figures>>,
}

impl Drawing {
    /// `dungeon`, made in `took`, to be drawn in `style`.
    pub fn new(dungeon: Arc<Dungeon>, style: Style, took: Duration) -> Self {
        Self {
            dungeon,
            style,
            took,
            shapes: None,
            figures: None,
        }
    }

    /// The same drawing, its map measured already as `figures` (when it is).
    #[must_use]
    pub fn measured(mut self, figures: Option<Arc<Figures>>) -> Self {
        self.figures = figures;
        self
    }

    /// The map in the plain look (the hatched look off), to show while a big map's hatched
    /// picture is drawn; `None` when it is drawn at once anyway.
    pub fn preview(&self) -> Option<Result<Generated, String>> {
        let cells = u64::from(self.dungeon.width()) * u64::from(self.dungeon.height());
        if !self.style.look.hatched || cells < PREVIEW_FROM_CELLS {
            return None;
        }
        let style = Style {
            look: Look {
                hatched: false,
                ..self.style.look
            },
            ..self.style
        };
        Some(self.generated(rasterize(&self.dungeon, &style), style))
    }

    /// Draw on while `more` says so; the picture, measured for the panel, once it is done.
    ///
    /// # Errors
    /// When the picture cannot be drawn (a style the window never asks for).
    pub fn advance(&mut self, mut more: impl FnMut() -> bool) -> Option<Result<Generated, String>> {
        // Measured here, off the window's frame where the platform allows, for the panel.
        if self.figures.is_none() {
            self.figures = Some(Arc::new(Figures::of(&self.dungeon)));
        }
        let (bands, pixels) = match &mut self.shapes {
            Some(shapes) => shapes,
            None => {
                let style = self.style;
                let Some(bands) = shapes(&self.dungeon, &style) else {
                    return Some(self.generated(rasterize(&self.dungeon, &style), style));
                };
                if let Err(e) = image_size(self.dungeon.width(), self.dungeon.height(), &style) {
                    return Some(Err(e.to_string()));
                }
                self.shapes.insert((bands, Vec::new()))
            }
        };
        let row = bands.scene().width as usize * 4;
        while pixels.len() < row * bands.scene().height as usize {
            if !more() {
                return None;
            }
            let band = (pixels.len() / row) as u32 / bands.rows();
            pixels.extend_from_slice(&bands.band(band));
        }
        let (width, height) = (bands.scene().width, bands.scene().height);
        let pixels = Pixels::from_rgba(width, height, std::mem::take(pixels));
        Some(self.generated(pixels, self.style))
    }

    fn generated(
        &self,
        pixels: Result<Pixels, dungeon_files::draw::Error>,
        style: Style,
    ) -> Result<Generated, String> {
        pixels
            .map(|pixels| Generated {
                dungeon: Arc::clone(&self.dungeon),
                pixels,
                style,
                took: self.took,
                figures: self.figures.clone(),
            })
            .map_err(|e| e.to_string())
    }
}

impl Generated {
    /// This map, kept among the recent ones.
    pub fn kept(&self) -> Kept {
        Kept {
            dungeon: Arc::clone(&self.dungeon),
            took: self.took,
            figures: self.figures.clone(),
        }
    }
}

/// Which levels of its dungeon a request makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// The level asked for alone (and those above it, which it needs, not handed back).
    Asked,
    /// The level asked for first, then every level below it, each level made handed back
    /// ([`Made::Other`]) so that stepping to it shows it at once.
    Whole,
}

/// The levels a request makes, in order: from the level below the deepest one the window
/// has (or the first) down to the level asked for, which is the answer; then, for the
/// [`Reach::Whole`] dungeon, on down to the last level. Each level is made from the one
/// above it, one map's work: a slider's change makes the level shown after the levels
/// above it only, and the levels below follow behind.
pub struct Descent {
    /// The recipe asked for, at the level asked for.
    recipe: Recipe,
    /// The level made last, from which the next is made; `None` before the first.
    above: Option<Arc<Dungeon>>,
    reach: Reach,
    /// Whether the level asked for was made.
    answered: bool,
}

/// A level a [`Descent`] made.
pub enum Made {
    /// The level asked for: the answer.
    Asked(Arc<Dungeon>),
    /// Another level of its dungeon, made on the way or after it.
    Other(Kept),
}

impl Descent {
    /// The levels to make for `recipe`, from the level below `above` (a level of its
    /// dungeon above the one asked for, made already) or from the first.
    pub fn new(recipe: &Recipe, above: Option<Arc<Dungeon>>, reach: Reach) -> Self {
        Self {
            recipe: recipe.clone(),
            above: above.filter(|a| a.level() < recipe.level.unwrap_or(1)),
            reach,
            answered: false,
        }
    }

    /// The level asked for.
    pub fn asked(&self) -> u32 {
        self.recipe.level.unwrap_or(1)
    }

    /// The next level to make, its number and its generation; `None` once every level
    /// wanted is made.
    ///
    /// # Errors
    /// When the recipe makes no map (a value out of range, a level past the last).
    pub fn next(&self) -> Result<Option<(u32, Generation)>, Error> {
        let last = match self.reach {
            Reach::Asked => self.asked(),
            Reach::Whole => self.recipe.levels.max(self.asked()),
        };
        match &self.above {
            // The first level: the recipe's own, which checks it.
            None => {
                let first = Recipe {
                    level: self.recipe.level.map(|_| 1),
                    ..self.recipe.clone()
                };
                Generation::new(&first).map(|g| Some((1, g)))
            }
            Some(above) if above.level() >= last => Ok(None),
            Some(above) => match Generation::below(above) {
                Some(below) => Ok(Some((above.level() + 1, below))),
                None => Err(Error::NoSuchLevel {
                    level: self.asked(),
                    levels: self.recipe.levels,
                }),
            },
        }
    }

    /// Take `dungeon`, the level [`Descent::next`] gave, made in `took`: the answer, or
    /// another level to hand back (`None` where the request does not want it).
    pub fn made(&mut self, dungeon: Dungeon, took: Duration) -> Option<Made> {
        let dungeon = Arc::new(dungeon);
        self.above = Some(Arc::clone(&dungeon));
        if dungeon.level() == self.asked() {
            self.answered = true;
            return Some(Made::Asked(dungeon));
        }
        (self.reach == Reach::Whole).then(|| {
            Made::Other(Kept {
                dungeon,
                took,
                figures: None,
            })
        })
    }

    /// What to answer when making a level failed with `e`: nothing once the request was
    /// called off, or once the level asked for was made (what goes wrong below it is no
    /// answer's).
    pub fn failure(&self, e: &Error) -> Option<String> {
        (*e != Error::Cancelled && !self.answered).then(|| e.to_string())
    }
}

/// A request's hold on the work done for it, shared by the window and the work: whether
/// it was called off, and the level being made with its progress.
#[derive(Debug)]
pub struct Ticket {
    /// The level asked for, which the window shows filling in.
    asked: u32,
    making: Mutex<Making>,
}

#[derive(Debug)]
struct Making {
    cancelled: bool,
    level: u32,
    progress: Arc<Progress>,
}

impl Ticket {
    fn new(asked: u32) -> Self {
        Self {
            asked,
            making: Mutex::new(Making {
                cancelled: false,
                level: 0,
                progress: Arc::new(Progress::default()),
            }),
        }
    }

    fn making(&self) -> std::sync::MutexGuard<'_, Making> {
        self.making.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The progress for level `level`, about to be made (keeping what it makes for the
    /// window when it is the level asked for); `None` once the request was called off.
    pub fn start(&self, level: u32) -> Option<Arc<Progress>> {
        let mut making = self.making();
        if making.cancelled {
            return None;
        }
        making.level = level;
        making.progress = Arc::new(if level == self.asked {
            Progress::live()
        } else {
            Progress::default()
        });
        Some(Arc::clone(&making.progress))
    }

    /// Call the request off: the level being made stops at its next check, and no other
    /// is started.
    pub fn cancel(&self) {
        let mut making = self.making();
        making.cancelled = true;
        making.progress.cancel();
    }

    /// Whether the request was called off: asked by the desktop's thread, which works
    /// beside the window (the page's work is dropped with its request instead).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn is_cancelled(&self) -> bool {
        self.making().cancelled
    }
}

/// The requests made of a worker: their numbers, and the newest one's ticket, which is
/// cancelled when a newer one comes.
#[derive(Debug, Default)]
pub struct Requests {
    next_id: u64,
    current: Option<Arc<Ticket>>,
}

/// How far the newest request has got: the level being made (0 before the first is
/// started), and how far that level got (all zeros while it waits for its turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Under {
    pub level: u32,
    pub progress: Snapshot,
}

impl Requests {
    /// A new request for level `asked`, calling off the one before: its number and its
    /// ticket.
    pub fn next(&mut self, asked: u32) -> (u64, Arc<Ticket>) {
        self.cancel();
        self.next_id += 1;
        let ticket = Arc::new(Ticket::new(asked));
        self.current = Some(Arc::clone(&ticket));
        (self.next_id, ticket)
    }

    /// Call off the newest request, if it is still being made.
    pub fn cancel(&mut self) {
        if let Some(ticket) = self.current.take() {
            ticket.cancel();
        }
    }

    /// How far the newest request has got.
    #[must_use]
    pub fn progress(&self) -> Option<Under> {
        self.current.as_ref().map(|ticket| {
            let making = ticket.making();
            Under {
                level: making.level,
                progress: making.progress.snapshot(),
            }
        })
    }

    /// The rooms and paths of the level the newest request asked for, made after the
    /// first `rooms` and `paths`: nothing while the levels above it are made.
    #[must_use]
    pub fn made_since(&self, rooms: usize, paths: usize) -> (Vec<Room>, Vec<Path>) {
        self.current
            .as_ref()
            .map(|ticket| {
                let making = ticket.making();
                if making.level == ticket.asked {
                    making.progress.made_since(rooms, paths)
                } else {
                    (Vec::new(), Vec::new())
                }
            })
            .unwrap_or_default()
    }
}
