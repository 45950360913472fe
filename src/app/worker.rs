//! Generation off the window's thread: the window asks for a recipe and keeps drawing; the
//! worker makes the dungeon and its pixels and wakes the window. Only the newest request
//! counts: requests that queued up while the worker was busy are skipped.

use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use dungeon_viewer::dungeon::{Dungeon, generate};
use dungeon_viewer::raster::{Pixels, Style, rasterize};
use dungeon_viewer::recipe::Recipe;

/// A map ready to show.
#[derive(Debug)]
pub struct Generated {
    pub dungeon: Dungeon,
    pub pixels: Pixels,
    pub style: Style,
    /// How long generation (not drawing) took.
    pub took: Duration,
}

/// The answer to a request: the map, or what was wrong with the recipe.
#[derive(Debug)]
pub struct Done {
    pub id: u64,
    pub result: Result<Generated, String>,
}

struct Job {
    id: u64,
    recipe: Recipe,
    style: Style,
}

/// The window's handle on the worker thread.
pub struct Worker {
    jobs: Sender<Job>,
    done: Receiver<Done>,
    next_id: u64,
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
                    let result = make(&job.recipe, &job.style);
                    if outbox.send(Done { id: job.id, result }).is_err() {
                        return;
                    }
                    wake();
                }
            })?;
        Ok(Self {
            jobs,
            done,
            next_id: 0,
        })
    }

    /// Ask for `recipe` drawn in `style`; returns the request's number.
    pub fn request(&mut self, recipe: &Recipe, style: Style) -> u64 {
        self.next_id += 1;
        let _ = self.jobs.send(Job {
            id: self.next_id,
            recipe: recipe.clone(),
            style,
        });
        self.next_id
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

/// Generate and draw, timing generation.
fn make(recipe: &Recipe, style: &Style) -> Result<Generated, String> {
    let start = Instant::now();
    let dungeon = generate(recipe).map_err(|e| e.to_string())?;
    let took = start.elapsed();
    let pixels = rasterize(&dungeon, style).map_err(|e| e.to_string())?;
    Ok(Generated {
        dungeon,
        pixels,
        style: *style,
        took,
    })
}
