//! How long a making takes on a shared machine: wall time, which load from elsewhere
//! stretches, and the time it would take on two free cores, from the CPU time.

use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use dungeon_generator::Recipe;
use dungeon_generator::{Dungeon, Generation, Progress};

use crate::cpu::cpu_ms;

/// A making and how long it took.
pub struct Took {
    /// The map, or `None` when it was called off.
    pub made: Option<Dungeon>,
    /// Wall milliseconds.
    pub wall: f64,
    /// CPU milliseconds of every thread.
    pub cpu: f64,
    /// The wall milliseconds it would take on two free cores: the rooms on one core, the
    /// paths on two unless they merge (then one after the other). Load from elsewhere
    /// stretches CPU time far less than wall time, and only upwards.
    pub free: f64,
}

/// Make `recipe` once, timing it as [`Took`] says; called off once it has taken `limit` on
/// two free cores.
pub fn timed(recipe: &Recipe, limit: Duration) -> Took {
    let progress = Progress::default();
    let (start, cpu) = (Instant::now(), cpu_ms());
    let mut rooms_cpu = None;
    let made = thread::scope(|scope| {
        let (done, finished) = mpsc::channel();
        let progress = &progress;
        let making = scope.spawn(move || {
            let made = Generation::new(recipe).and_then(|g| g.run(progress)).ok();
            let _ = done.send(());
            made
        });
        // Every 20 ms: note when the rooms are placed, call off past the limit.
        while finished.recv_timeout(Duration::from_millis(20)).is_err() {
            let now = cpu_ms() - cpu;
            let at = progress.snapshot();
            if at.paths_total > 0 {
                rooms_cpu.get_or_insert(now);
            }
            if free_ms(recipe, rooms_cpu, now, at.paths_total) > limit.as_secs_f64() * 1e3 {
                progress.cancel();
            }
        }
        making.join().expect("making a map does not panic")
    });
    let (wall, cpu) = (start.elapsed().as_secs_f64() * 1e3, cpu_ms() - cpu);
    let paths = progress.snapshot().paths_total;
    Took {
        made,
        wall,
        cpu,
        free: free_ms(recipe, rooms_cpu, cpu, paths),
    }
}

/// Paths a thread of their own takes at least (as the generator's `PATHS_PER_THREAD`).
const PATHS_PER_THREAD: u32 = 16;

/// The wall milliseconds on two free cores of a making of `recipe` that has taken `cpu`
/// CPU milliseconds, `rooms` of them placing the rooms (all of them while that is
/// unknown), with `paths` to join.
fn free_ms(recipe: &Recipe, rooms: Option<f64>, cpu: f64, paths: u32) -> f64 {
    let rooms = rooms.unwrap_or(cpu);
    let cores = if recipe.merge > 0.0 || paths < 2 * PATHS_PER_THREAD {
        1.0
    } else {
        2.0
    };
    rooms + (cpu - rooms) / cores
}
