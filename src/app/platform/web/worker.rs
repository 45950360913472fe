//! Generation in the browser, which has no threads: the map asked for is made a slice of
//! each frame, a room or a path at a time for as long as the slice lasts, so the page keeps
//! drawing while a big map fills in, and a newer request drops the map being made between
//! two steps. The same steps as the desktop's thread, so the same map.

use std::sync::Arc;
use std::time::Duration;

use super::clock::{Instant, clock};
use crate::app::worker::{Done, Requests, drawn};
use dungeon_files::draw::raster::Style;
use dungeon_generator::Recipe;
use dungeon_generator::{Error, Generation, Progress};

/// The most of a frame a request's slice takes: the page keeps drawing several frames a
/// second while a big map is made (more of each frame is drawing it as it fills in).
const SLICE_MOST: Duration = Duration::from_millis(50);
/// The least: a request asked without patience (a gallery's tile) still moves on.
const SLICE_LEAST: Duration = Duration::from_millis(2);

/// The request being worked on.
enum Work {
    Making {
        generation: Generation,
        style: Style,
        progress: Arc<Progress>,
        /// The time its slices took so far: the page's clock is too coarse to time each
        /// room and path.
        took: Duration,
    },
    /// A recipe that cannot be made: the answer is ready.
    Refused(String),
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
        let work = match Generation::new(recipe) {
            // The page has no threads: every step on its own.
            Ok(generation) => Work::Making {
                generation: generation.with_clock(clock).on_calling_thread(),
                style,
                progress,
                took: Duration::ZERO,
            },
            Err(e) => Work::Refused(e.to_string()),
        };
        self.work = Some((id, work));
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
    /// its answer once it is done.
    pub fn newest(&mut self, patience: Duration) -> Option<Done> {
        let (id, work) = self.work.take()?;
        let (mut generation, style, progress, took) = match work {
            Work::Refused(why) => {
                return Some(Done {
                    id,
                    result: Err(why),
                });
            }
            Work::Making {
                generation,
                style,
                progress,
                took,
            } => (generation, style, progress, took),
        };
        let started = Instant::now();
        let deadline = started + patience.clamp(SLICE_LEAST, SLICE_MOST);
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
            Ok(Some(dungeon)) => Some(Done {
                id,
                result: drawn(dungeon, style, took),
            }),
            Err(Error::Cancelled) => None,
            Err(e) => Some(Done {
                id,
                result: Err(e.to_string()),
            }),
        }
    }
}
