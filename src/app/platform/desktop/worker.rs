//! Generation off the window's thread, on the desktop: the window asks for a recipe (or
//! for a map it has drawn in another style) and keeps drawing; the worker makes the levels
//! the request needs ([`Descent`]) and the picture of the one asked for, and wakes the
//! window, with a big map's plain picture first when its hatched picture takes a while,
//! then makes the levels below it, handing each back. Only the newest request counts: a
//! newer request cancels the one being generated (generation checks between rooms and
//! between paths) or drawn (between bands), and requests that queued up are skipped. While
//! a map is being made, its progress can be read at any time.

use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;
use std::time::{Duration, Instant};

use crate::app::recent::Kept;
use crate::app::worker::{Descent, Done, Drawing, Made, Requests, Ticket};
use dungeon_files::draw::raster::Style;
use dungeon_files::figures::Figures;
use dungeon_generator::{Dungeon, Error};

struct Job {
    id: u64,
    /// The levels to make, or the map made to draw again, and how long it took.
    map: Map,
    style: Style,
    ticket: Arc<Ticket>,
}

enum Map {
    Make(Descent),
    Draw(Arc<Dungeon>, Duration, Option<Arc<Figures>>),
}

/// What the worker hands the window: an answer, or another level of its dungeon.
enum Message {
    Done(Done),
    Level(Kept),
}

/// The window's handle on the worker thread.
pub struct Worker {
    jobs: Sender<Job>,
    done: Receiver<Message>,
    requests: Requests,
    /// The other levels made, not yet taken.
    levels: Vec<Kept>,
}

impl Worker {
    /// Start the worker; `wake` is called (from the worker thread) after each answer and
    /// each level handed back.
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
                    let sent = make(job, |message| {
                        let sent = outbox.send(message).is_ok();
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
            levels: Vec::new(),
        })
    }

    /// Ask for the levels `descent` makes, the one it asks for drawn in `style`, calling
    /// off the request before; returns the request's number.
    pub fn request(&mut self, descent: Descent, style: Style) -> u64 {
        let asked = descent.asked();
        self.send(Map::Make(descent), asked, style)
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
        let level = dungeon.level();
        self.send(Map::Draw(dungeon, took, figures), level, style)
    }

    fn send(&mut self, map: Map, asked: u32, style: Style) -> u64 {
        let (id, ticket) = self.requests.next(asked);
        let _ = self.jobs.send(Job {
            id,
            map,
            style,
            ticket,
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

    /// The newest answer that has arrived, waiting up to `patience` for one (the other
    /// levels arriving meanwhile are kept for [`Worker::levels`]).
    pub fn newest(&mut self, patience: Duration) -> Option<Done> {
        let deadline = Instant::now() + patience;
        let mut newest = None;
        loop {
            let message = if newest.is_some() {
                self.done.try_recv().ok()
            } else {
                let left = deadline.saturating_duration_since(Instant::now());
                self.done.recv_timeout(left).ok()
            };
            match message {
                Some(Message::Done(done)) => newest = Some(done),
                Some(Message::Level(kept)) => self.levels.push(kept),
                None => return newest,
            }
        }
    }

    /// The other levels made since the last call (taken when the answers are, by
    /// [`Worker::newest`]).
    pub fn levels(&mut self) -> Vec<Kept> {
        std::mem::take(&mut self.levels)
    }

    /// Whether the window must draw frames for the work to go on: never, the thread works
    /// alone and wakes the window when it has something.
    pub fn needs_frames(&self) -> bool {
        false
    }
}

/// Make the levels of `job` (timing each) and draw the one asked for, handing `send` the
/// answer (after a big map's plain picture, while its hatched picture is drawn) and each
/// other level made; nothing when the job was called off. Returns `false` when `send`
/// could not hand a message on.
fn make(job: Job, mut send: impl FnMut(Message) -> bool) -> bool {
    let Job {
        id,
        map,
        style,
        ticket,
    } = job;
    let answer = |result, preview| {
        Message::Done(Done {
            id,
            result,
            preview,
        })
    };
    let mut descent = match map {
        Map::Make(descent) => descent,
        Map::Draw(dungeon, took, figures) => {
            let mut drawing = Drawing::new(dungeon, style, took).measured(figures);
            return match drawing.advance(|| !ticket.is_cancelled()) {
                Some(result) => send(answer(result, false)),
                None => true,
            };
        }
    };
    loop {
        let mut failed = |e: &Error, descent: &Descent| match descent.failure(e) {
            Some(why) => send(answer(Err(why), false)),
            None => true,
        };
        let (level, generation) = match descent.next() {
            Ok(Some(next)) => next,
            Ok(None) => return true,
            Err(e) => return failed(&e, &descent),
        };
        let Some(progress) = ticket.start(level) else {
            return true;
        };
        let start = Instant::now();
        let dungeon = match generation.run(&progress) {
            Ok(dungeon) => dungeon,
            Err(e) => return failed(&e, &descent),
        };
        if ticket.is_cancelled() {
            return true;
        }
        let took = start.elapsed();
        let sent = match descent.made(dungeon, took) {
            Some(Made::Asked(dungeon)) => {
                let mut drawing = Drawing::new(dungeon, style, took);
                if let Some(preview) = drawing.preview().filter(|_| !ticket.is_cancelled())
                    && !send(answer(preview, true))
                {
                    return false;
                }
                match drawing.advance(|| !ticket.is_cancelled()) {
                    Some(result) => send(answer(result, false)),
                    None => return true,
                }
            }
            Some(Made::Other(kept)) => send(Message::Level(kept)),
            None => true,
        };
        if !sent {
            return false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::worker::{Generated, Reach};
    use dungeon_files::draw::raster::Look;
    use dungeon_generator::Recipe;

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

    /// Ask `worker` for the level `recipe` names alone.
    fn ask(worker: &mut Worker, recipe: &Recipe) -> u64 {
        worker.request(Descent::new(recipe, None, Reach::Asked), SMALL)
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
        let old = ask(&mut worker, &huge());
        let new = ask(&mut worker, &recipe("dv1 seed=4 rooms=5"));
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
            ask(&mut worker, &huge());
            let deadline = Instant::now() + Duration::from_secs(60);
            while !worker
                .requests()
                .progress()
                .is_some_and(|u| under_way(&u.progress))
            {
                assert!(Instant::now() < deadline, "never got to {stage}");
                thread::sleep(Duration::from_millis(5));
            }
            let asked = Instant::now();
            let new = ask(&mut worker, &recipe("dv1 seed=4 rooms=2 width=8 height=8"));
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
        let id = ask(&mut worker, &recipe("dv1 seed=4 rooms=5"));
        answer(&mut worker, id);
        let done = worker
            .requests()
            .progress()
            .expect("the newest request's progress");
        assert_eq!(done.level, 1);
        let done = done.progress;
        assert_eq!((done.rooms_placed, done.rooms_total), (5, 5));
        assert_eq!((done.paths_joined, done.paths_total), (4, 4));
        worker.cancel();
        assert_eq!(worker.requests().progress(), None);
    }

    #[test]
    fn the_whole_dungeon_answers_the_level_asked_for_then_hands_back_the_others() {
        let mut worker = Worker::start(|| {}).unwrap();
        let wanted = recipe("dv1 seed=4 rooms=6 levels=4 level=2");
        let id = worker.request(Descent::new(&wanted, None, Reach::Whole), SMALL);
        let map = answer(&mut worker, id);
        assert_eq!(map.dungeon.level(), 2);
        let mut others = worker.levels();
        let deadline = Instant::now() + Duration::from_secs(30);
        while others.len() < 3 {
            assert!(
                Instant::now() < deadline,
                "only {} other levels came",
                others.len()
            );
            assert!(worker.newest(Duration::from_millis(50)).is_none());
            others.extend(worker.levels());
        }
        let mut levels: Vec<u32> = others.iter().map(|k| k.dungeon.level()).collect();
        levels.sort_unstable();
        assert_eq!(levels, [1, 3, 4]);
    }
}
