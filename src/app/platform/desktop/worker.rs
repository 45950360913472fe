//! Generation off the window's thread, on the desktop: the window asks for a recipe (or
//! for a map it has drawn in another style) and keeps drawing; the worker makes the dungeon
//! and its pixels and wakes the window, with a big map's plain picture first when its
//! hatched picture takes a while. Only the newest request counts: a newer request cancels
//! the one being generated (generation checks between rooms and between paths) or drawn
//! (between bands), and requests that queued up are skipped. While a map is being made,
//! its progress can be read at any time.

use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use crate::app::worker::{Done, Drawing, Generated, Requests};
use dungeon_files::draw::raster::Style;
use dungeon_files::figures::Figures;
use dungeon_generator::{Dungeon, Error, Generation, Progress, Recipe};

struct Job {
    id: u64,
    /// The map to make, or the map made to draw again, and how long it took.
    map: Map,
    style: Style,
    progress: Arc<Progress>,
}

enum Map {
    Make(Recipe),
    Draw(Arc<Dungeon>, Duration, Option<Arc<Figures>>),
}

/// The window's handle on the worker thread.
pub struct Worker {
    jobs: Sender<Job>,
    done: Receiver<Done>,
    requests: Requests,
}

impl Worker {
    /// Start the worker; `wake` is called (from the worker thread) after each answer.
    ///
    /// # Errors
    /// When the thread cannot be started.
    pub fn start(wake: impl Fn() + Send + 'static) -> std::io::Result<Self> {
        let (jobs, inbox) = mpsc::channel::<Job>();
        let (outbox, done) = mpsc::channel();
        thread::Builder::new()
            .name("generator".into())
            .spawn(move || {
                while let Ok(mut job) = inbox.recv() {
                    // Skip to the newest request.
                    while let Ok(newer) = inbox.try_recv() {
                        job = newer;
                    }
                    let sent = make(&job, |result, preview| {
                        let done = Done {
                            id: job.id,
                            result,
                            preview,
                        };
                        let sent = outbox.send(done).is_ok();
                        wake();
                        sent
                    });
                    if !sent {
                        return;
                    }
                }
            })?;
        Ok(Self {
            jobs,
            done,
            requests: Requests::default(),
        })
    }

    /// Ask for `recipe` drawn in `style`, calling off the request before; returns the
    /// request's number.
    pub fn request(&mut self, recipe: &Recipe, style: Style) -> u64 {
        self.send(Map::Make(recipe.clone()), style)
    }

    /// Ask for `dungeon`, made in `took` and measured as `figures` (when it was), drawn
    /// again in `style`, calling off the request before; returns the request's number.
    pub fn redraw(
        &mut self,
        dungeon: Arc<Dungeon>,
        style: Style,
        took: Duration,
        figures: Option<Arc<Figures>>,
    ) -> u64 {
        self.send(Map::Draw(dungeon, took, figures), style)
    }

    fn send(&mut self, map: Map, style: Style) -> u64 {
        let (id, progress) = self.requests.next();
        let _ = self.jobs.send(Job {
            id,
            map,
            style,
            progress,
        });
        id
    }

    /// Call off the newest request, if it is still being made.
    pub fn cancel(&mut self) {
        self.requests.cancel();
    }

    /// The requests, for how far the newest has got and what it has made so far.
    #[must_use]
    pub fn requests(&self) -> &Requests {
        &self.requests
    }

    /// The newest answer that has arrived, waiting up to `patience` for one.
    pub fn newest(&mut self, patience: Duration) -> Option<Done> {
        let mut newest = match self.done.recv_timeout(patience) {
            Ok(done) => done,
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => return None,
        };
        while let Ok(done) = self.done.try_recv() {
            newest = done;
        }
        Some(newest)
    }
}

/// Generate (timing it) and draw, handing `send` each answer and whether it is a preview
/// (a big map's plain picture, while its hatched picture is drawn); nothing when the job
/// was called off. Returns `false` when `send` could not hand an answer on.
fn make(job: &Job, mut send: impl FnMut(Result<Generated, String>, bool) -> bool) -> bool {
    let mut drawing = match &job.map {
        Map::Make(recipe) => {
            let start = Instant::now();
            let dungeon = match Generation::new(recipe).and_then(|g| g.run(&job.progress)) {
                Ok(dungeon) => dungeon,
                Err(Error::Cancelled) => return true,
                Err(e) => return send(Err(e.to_string()), false),
            };
            if job.progress.is_cancelled() {
                return true;
            }
            let drawing = Drawing::new(Arc::new(dungeon), job.style, start.elapsed());
            if let Some(preview) = drawing.preview().filter(|_| !job.progress.is_cancelled())
                && !send(preview, true)
            {
                return false;
            }
            drawing
        }
        Map::Draw(dungeon, took, figures) => {
            Drawing::new(Arc::clone(dungeon), job.style, *took).measured(figures.clone())
        }
    };
    match drawing.advance(|| !job.progress.is_cancelled()) {
        Some(result) => send(result, false),
        None => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dungeon_files::draw::raster::Look;

    const SMALL: Style = Style {
        cell_size: 1,
        grid: false,
        look: Look::ORIGINAL,
    };

    fn recipe(text: &str) -> Recipe {
        text.parse().expect("a valid recipe")
    }

    /// The biggest map there is: minutes in a test build if it were not called off.
    fn huge() -> Recipe {
        recipe("dv1 seed=3 width=2048 height=2048 rooms=5000 room-size=100")
    }

    /// Wait for the answer to request `id`, failing on any other answer.
    fn answer(worker: &mut Worker, id: u64) -> Generated {
        let done = worker
            .newest(Duration::from_secs(30))
            .expect("an answer within 30 s");
        assert_eq!(done.id, id, "the answer to another request came");
        done.result.expect("a map")
    }

    #[test]
    fn a_request_superseded_by_a_newer_one_is_cancelled_and_the_newer_answer_arrives() {
        let mut worker = Worker::start(|| {}).unwrap();
        let old = worker.request(&huge(), SMALL);
        let new = worker.request(&recipe("dv1 seed=4 rooms=5"), SMALL);
        assert!(new > old);
        let map = answer(&mut worker, new);
        assert_eq!(map.dungeon.recipe().seed, 4);
        // No answer for the old request follows.
        assert!(worker.newest(Duration::from_millis(100)).is_none());
    }

    #[test]
    fn a_newer_request_stops_a_big_map_being_made_at_once() {
        let mut worker = Worker::start(|| {}).unwrap();
        // Called off while placing rooms, then while joining paths.
        let placing: fn(&dungeon_generator::Snapshot) -> bool = |p| p.rooms_placed > 0;
        let joining: fn(&dungeon_generator::Snapshot) -> bool = |p| p.paths_joined > 0;
        for (stage, under_way) in [("placing rooms", placing), ("joining paths", joining)] {
            worker.request(&huge(), SMALL);
            let deadline = Instant::now() + Duration::from_secs(60);
            while !worker.requests().progress().is_some_and(|p| under_way(&p)) {
                assert!(Instant::now() < deadline, "never got to {stage}");
                thread::sleep(Duration::from_millis(5));
            }
            let asked = Instant::now();
            let new = worker.request(&recipe("dv1 seed=4 rooms=2 width=8 height=8"), SMALL);
            answer(&mut worker, new);
            // The old map ended and the new one was made well before the old one could
            // have been finished (tens of seconds); the cancel itself waits for one room or
            // one path, a few milliseconds here.
            let waited = asked.elapsed();
            assert!(waited < Duration::from_secs(1), "{stage}: took {waited:?}");
        }
    }

    #[test]
    fn progress_shows_how_far_the_newest_request_got() {
        let mut worker = Worker::start(|| {}).unwrap();
        assert_eq!(worker.requests().progress(), None);
        let id = worker.request(&recipe("dv1 seed=4 rooms=5"), SMALL);
        answer(&mut worker, id);
        let done = worker
            .requests()
            .progress()
            .expect("the newest request's progress");
        assert_eq!((done.rooms_placed, done.rooms_total), (5, 5));
        assert_eq!((done.paths_joined, done.paths_total), (4, 4));
        worker.cancel();
        assert_eq!(worker.requests().progress(), None);
    }
}
