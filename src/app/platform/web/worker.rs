//! Generation in the browser, which has no threads: the map asked for is made a slice of
//! each frame, a room or a path at a time for as long as the slice lasts, then drawn (in
//! the hatched look a band at a time), so the page keeps drawing while a big map fills in,
//! and a newer request drops the map being made between two steps. The same steps as the
//! desktop's thread, so the same map and the same picture.

use std::sync::Arc;
use std::time::Duration;

use super::clock::{Instant, clock};
use crate::app::worker::{Done, Drawing, Requests};
use dungeon_files::draw::raster::Style;
use dungeon_files::figures::Figures;
use dungeon_generator::{Dungeon, Error, Generation, Progress, Recipe};

/// The most of a frame a request's slice takes: the page keeps drawing several frames a
/// second while a big map is made (more of each frame is drawing it as it fills in).
const SLICE_MOST: Duration = Duration::from_millis(50);
/// The least: a request asked without patience (a gallery's tile) still moves on.
const SLICE_LEAST: Duration = Duration::from_millis(2);

/// The request being worked on.
enum Work {
    /// Asked for, not yet checked: a recipe of thousands of pins takes a while to check,
    /// which is done in the next slice, not in the frame that asked.
    Asked {
        recipe: Recipe,
        style: Style,
        progress: Arc<Progress>,
    },
    Making {
        generation: Generation,
        style: Style,
        progress: Arc<Progress>,
        /// The time its slices took so far: the page's clock is too coarse to time each
        /// room and path.
        took: Duration,
    },
    /// The map made, being drawn.
    Drawing(Box<Drawing>),
}

/// The window's handle on the work: the newest request, made when asked for an answer.
pub struct Worker {
    requests: Requests,
    work: Option<(u64, Work)>,
}

impl Worker {
    /// A worker; `wake` is not needed, since the work is done in the page's own frames.
    ///
    /// # Errors
    /// Never: the signature is the desktop's, whose worker is a thread.
    pub fn start(_wake: impl Fn() + Send + 'static) -> std::io::Result<Self> {
        Ok(Self {
            requests: Requests::default(),
            work: None,
        })
    }

    /// Ask for `recipe` drawn in `style`, dropping the request before; returns the
    /// request's number.
    pub fn request(&mut self, recipe: &Recipe, style: Style) -> u64 {
        let (id, progress) = self.requests.next();
        let work = Work::Asked {
            recipe: recipe.clone(),
            style,
            progress,
        };
        self.work = Some((id, work));
        id
    }

    /// Ask for `dungeon`, made in `took` and measured as `figures` (when it was), drawn
    /// again in `style`, dropping the request before; returns the request's number.
    pub fn redraw(
        &mut self,
        dungeon: Arc<Dungeon>,
        style: Style,
        took: Duration,
        figures: Option<Arc<Figures>>,
    ) -> u64 {
        let (id, _) = self.requests.next();
        let drawing = Drawing::new(dungeon, style, took).measured(figures);
        self.work = Some((id, Work::Drawing(Box::new(drawing))));
        id
    }

    /// Drop the newest request, if it is still being made.
    pub fn cancel(&mut self) {
        self.requests.cancel();
        self.work = None;
    }

    /// The requests, for how far the newest has got and what it has made so far.
    #[must_use]
    pub fn requests(&self) -> &Requests {
        &self.requests
    }

    /// Work on the newest request for a slice of `patience` (within the slice's bounds);
    /// its answer once it is done, or a big map's preview once it is made.
    pub fn newest(&mut self, patience: Duration) -> Option<Done> {
        let (id, work) = self.work.take()?;
        let started = Instant::now();
        let deadline = started + patience.clamp(SLICE_LEAST, SLICE_MOST);
        let answer = |result, preview| {
            Some(Done {
                id,
                result,
                preview,
            })
        };
        match work {
            Work::Asked {
                recipe,
                style,
                progress,
            } => match Generation::new(&recipe) {
                Ok(generation) => {
                    // The page has no threads: every step on its own.
                    let work = Work::Making {
                        generation: generation.with_clock(clock).on_calling_thread(),
                        style,
                        progress,
                        took: started.elapsed(),
                    };
                    self.work = Some((id, work));
                    // Making starts in what is left of this slice.
                    self.newest(deadline.saturating_duration_since(Instant::now()))
                }
                Err(e) => answer(Err(e.to_string()), false),
            },
            Work::Making {
                mut generation,
                style,
                progress,
                took,
            } => {
                let made = generation.advance(&progress, || Instant::now() < deadline);
                let took = took + started.elapsed();
                match made {
                    Ok(None) => {
                        let work = Work::Making {
                            generation,
                            style,
                            progress,
                            took,
                        };
                        self.work = Some((id, work));
                        None
                    }
                    Ok(Some(dungeon)) => {
                        let drawing = Drawing::new(Arc::new(dungeon), style, took);
                        // A big map shows in the plain look at once; it is drawn from the
                        // next slice on.
                        if let Some(preview) = drawing.preview() {
                            self.work = Some((id, Work::Drawing(Box::new(drawing))));
                            return answer(preview, true);
                        }
                        self.draw(id, Box::new(drawing), deadline)
                    }
                    Err(Error::Cancelled) => None,
                    Err(e) => answer(Err(e.to_string()), false),
                }
            }
            Work::Drawing(drawing) => self.draw(id, drawing, deadline),
        }
    }

    /// Draw request `id`'s map until `deadline`; its answer once it is drawn.
    fn draw(&mut self, id: u64, mut drawing: Box<Drawing>, deadline: Instant) -> Option<Done> {
        match drawing.advance(|| Instant::now() < deadline) {
            Some(result) => Some(Done {
                id,
                result,
                preview: false,
            }),
            None => {
                self.work = Some((id, Work::Drawing(drawing)));
                None
            }
        }
    }
}
