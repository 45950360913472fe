//! Generation in the browser, which has no threads: the levels the request needs
//! ([`Descent`]) are made a slice of each frame, a room or a path at a time for as long as
//! the slice lasts, the one asked for then drawn (in the hatched look a band at a time), so
//! the page keeps drawing while a big map fills in; then the levels below it, each handed
//! back. A newer request drops the map being made between two steps. The same steps as
//! the desktop's thread, so the same map and the same picture.

use std::sync::Arc;
use std::time::Duration;

use super::clock::{Instant, clock};
use crate::app::recent::Kept;
use crate::app::worker::{Descent, Done, Drawing, Made, Requests, Ticket};
use dungeon_files::draw::raster::Style;
use dungeon_files::figures::Figures;
use dungeon_generator::{Dungeon, Generation, Progress};

/// The most of a frame a request's slice takes: the page keeps drawing several frames a
/// second while a big map is made (more of each frame is drawing it as it fills in).
const SLICE_MOST: Duration = Duration::from_millis(50);
/// The least: a request asked without patience (a gallery's tile, the levels below the
/// one shown) still moves on.
const SLICE_LEAST: Duration = Duration::from_millis(2);

/// The request being worked on.
enum Work {
    /// The next level to start: the first, when the request was just made, is checked in
    /// the next slice, not in the frame that asked (a recipe of thousands of pins takes a
    /// while to check).
    Next(Box<Descent>),
    Making {
        descent: Box<Descent>,
        generation: Box<Generation>,
        progress: Arc<Progress>,
        /// The time its slices took so far: the page's clock is too coarse to time each
        /// room and path.
        took: Duration,
    },
    /// The level asked for made, being drawn; the levels below it to make after.
    Drawing(Box<Drawing>, Option<Box<Descent>>),
}

/// The window's handle on the work: the newest request, made when asked for an answer.
pub struct Worker {
    requests: Requests,
    work: Option<Request>,
    /// The other levels made, not yet taken.
    levels: Vec<Kept>,
}

/// The newest request: its number, its ticket, the style to draw in and where it is.
struct Request {
    id: u64,
    ticket: Arc<Ticket>,
    style: Style,
    work: Work,
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
            levels: Vec::new(),
        })
    }

    /// Ask for the levels `descent` makes, the one it asks for drawn in `style`, dropping
    /// the request before; returns the request's number.
    pub fn request(&mut self, descent: Descent, style: Style) -> u64 {
        let (id, ticket) = self.requests.next(descent.asked());
        self.work = Some(Request {
            id,
            ticket,
            style,
            work: Work::Next(Box::new(descent)),
        });
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
        let (id, ticket) = self.requests.next(dungeon.level());
        let drawing = Drawing::new(dungeon, style, took).measured(figures);
        self.work = Some(Request {
            id,
            ticket,
            style,
            work: Work::Drawing(Box::new(drawing), None),
        });
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

    /// The other levels made since the last call.
    pub fn levels(&mut self) -> Vec<Kept> {
        std::mem::take(&mut self.levels)
    }

    /// Whether the window must draw frames for the work to go on: while there is work,
    /// which moves on only in the frames' slices.
    pub fn needs_frames(&self) -> bool {
        self.work.is_some()
    }

    /// Work on the newest request for a slice of `patience` (within the slice's bounds);
    /// its answer once it is done, or a big map's preview once it is made.
    pub fn newest(&mut self, patience: Duration) -> Option<Done> {
        let request = self.work.take()?;
        let deadline = Instant::now() + patience.clamp(SLICE_LEAST, SLICE_MOST);
        self.work_on(request, deadline)
    }

    /// Work on `request` until `deadline`: its answer once it is done, or a preview.
    fn work_on(&mut self, request: Request, deadline: Instant) -> Option<Done> {
        let Request {
            id,
            ticket,
            style,
            work,
        } = request;
        let started = Instant::now();
        let answer = |result, preview| {
            Some(Done {
                id,
                result,
                preview,
            })
        };
        let request = |work| {
            Some(Request {
                id,
                ticket: Arc::clone(&ticket),
                style,
                work,
            })
        };
        match work {
            Work::Next(descent) => {
                let next = descent.next();
                let (level, generation) = match next {
                    Ok(Some(next)) => next,
                    Ok(None) => return None,
                    Err(e) => return descent.failure(&e).and_then(|why| answer(Err(why), false)),
                };
                let progress = ticket.start(level)?;
                // The page has no threads: every step on its own.
                let generation = Box::new(generation.with_clock(clock).on_calling_thread());
                self.work = request(Work::Making {
                    descent,
                    generation,
                    progress,
                    took: started.elapsed(),
                });
                // Making starts in what is left of this slice.
                let request = self.work.take()?;
                self.work_on(request, deadline)
            }
            Work::Making {
                mut descent,
                mut generation,
                progress,
                took,
            } => {
                let made = generation.advance(&progress, || Instant::now() < deadline);
                let took = took + started.elapsed();
                let dungeon = match made {
                    Ok(Some(dungeon)) => dungeon,
                    Ok(None) => {
                        self.work = request(Work::Making {
                            descent,
                            generation,
                            progress,
                            took,
                        });
                        return None;
                    }
                    Err(e) => return descent.failure(&e).and_then(|why| answer(Err(why), false)),
                };
                match descent.made(dungeon, took) {
                    Some(Made::Asked(dungeon)) => {
                        let drawing = Box::new(Drawing::new(dungeon, style, took));
                        let below = Some(descent);
                        // A big map shows in the plain look at once; it is drawn from the
                        // next slice on.
                        if let Some(preview) = drawing.preview() {
                            self.work = request(Work::Drawing(drawing, below));
                            return answer(preview, true);
                        }
                        self.draw(request(Work::Drawing(drawing, below))?, deadline)
                    }
                    Some(Made::Other(kept)) => {
                        self.levels.push(kept);
                        self.work = request(Work::Next(descent));
                        None
                    }
                    None => {
                        self.work = request(Work::Next(descent));
                        None
                    }
                }
            }
            Work::Drawing(..) => self.draw(request(work)?, deadline),
        }
    }

    /// Draw `request`'s map until `deadline`: its answer once it is drawn, the levels
    /// below it to make next.
    fn draw(&mut self, request: Request, deadline: Instant) -> Option<Done> {
        let Request {
            id,
            ticket,
            style,
            work: Work::Drawing(mut drawing, below),
        } = request
        else {
            return None;
        };
        match drawing.advance(|| Instant::now() < deadline) {
            Some(result) => {
                self.work = below.map(|descent| Request {
                    id,
                    ticket,
                    style,
                    work: Work::Next(descent),
                });
                Some(Done {
                    id,
                    result,
                    preview: false,
                })
            }
            None => {
                self.work = Some(Request {
                    id,
                    ticket,
                    style,
                    work: Work::Drawing(drawing, below),
                });
                None
            }
        }
    }
}
