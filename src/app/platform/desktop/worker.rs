//! Generation off the window's thread, on the desktop: the window asks for a recipe and
//! keeps drawing; the worker makes the dungeon and its pixels and wakes the window. Only the newest request
//! counts: a newer request cancels the one being generated (generation checks between
//! rooms and between paths) and requests that queued up are skipped. While a map is being
//! made, its progress can be read at any time.

use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use crate::app::worker::{Done, Generated, Requests, drawn};
use dungeon_files::draw::raster::Style;
use dungeon_generator::Recipe;
use dungeon_generator::{Error, Generation, Progress};

struct Job {
    id: u64,
    recipe: Recipe,
    style: Style,
    progress: Arc<Progress>,
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
                    let Some(result) = make(&job) else {
                        continue;
                    };
                    if outbox.send(Done { id: job.id, result }).is_err() {
                        return;
                    }
                    wake();
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
        let (id, progress) = self.requests.next();
        let _ = self.jobs.send(Job {
            id,
            recipe: recipe.clone(),
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

/// Generate and draw, timing generation; `None` when the job was called off.
fn make(job: &Job) -> Option<Result<Generated, String>> {
    let start = Instant::now();
    let dungeon = match Generation::new(&job.recipe).and_then(|g| g.run(&job.progress)) {
        Ok(dungeon) => dungeon,
        Err(Error::Cancelled) => return None,
        Err(e) => return Some(Err(e.to_string())),
    };
    let took = start.elapsed();
    if job.progress.is_cancelled() {
        return None;
    }
    Some(drawn(dungeon, job.style, took))
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
        recipe("dv1 seed=3 width=2048 height=2048 rooms=10000 room-size=100")
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
