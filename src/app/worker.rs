//! What the work behind the window hands it: a map made and drawn for a request, or what
//! was wrong with the recipe. The work itself is the platform's ([`super::platform`]): a
//! thread on the desktop, a slice of each frame in the browser; both make maps with
//! `dungeon_generator::Generation` and draw them here ([`Drawing`]): at once in the looks
//! of cells, band by band in the hatched look, whose big maps show in the plain look first.

use std::sync::Arc;
use std::time::Duration;

use dungeon_files::draw::pixels::Pixels;
use dungeon_files::draw::raster::{Look, Style, image_size, rasterize, shapes};
use dungeon_files::draw::vector::render::Bands;
use dungeon_files::figures::Figures;
use dungeon_generator::{Dungeon, Path, Progress, Room, Snapshot};

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

/// The requests made of a worker: their numbers, and the newest one's progress, which is
/// cancelled when a newer one comes.
#[derive(Debug, Default)]
pub struct Requests {
    next_id: u64,
    current: Option<Arc<Progress>>,
}

impl Requests {
    /// A new request, calling off the one before: its number and its progress.
    pub fn next(&mut self) -> (u64, Arc<Progress>) {
        self.cancel();
        self.next_id += 1;
        let progress = Arc::new(Progress::live());
        self.current = Some(Arc::clone(&progress));
        (self.next_id, progress)
    }

    /// Call off the newest request, if it is still being made.
    pub fn cancel(&mut self) {
        if let Some(progress) = self.current.take() {
            progress.cancel();
        }
    }

    /// How far the newest request has got (all zeros while it waits for its turn).
    #[must_use]
    pub fn progress(&self) -> Option<Snapshot> {
        self.current.as_ref().map(|p| p.snapshot())
    }

    /// The rooms and paths of the newest request made after the first `rooms` and `paths`.
    #[must_use]
    pub fn made_since(&self, rooms: usize, paths: usize) -> (Vec<Room>, Vec<Path>) {
        self.current
            .as_ref()
            .map(|p| p.made_since(rooms, paths))
            .unwrap_or_default()
    }
}
