//! Work split over the machine's cores, with results in the same order as one core gives.

use std::num::NonZeroUsize;
use std::sync::OnceLock;
use std::thread;

/// The machine's cores, asked once: the standard library reads the cgroup files under
/// /proc each time, which costs more than a small map's paths.
fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| thread::available_parallelism().map_or(1, NonZeroUsize::get))
}

/// `work` applied to consecutive chunks of `items` on up to as many threads as the machine
/// has cores (one chunk per thread, never fewer than `min_chunk` items per chunk), the
/// results concatenated in item order. `work` must give the same results for a chunk
/// whatever thread runs it, so the outcome does not depend on the number of cores. When a
/// thread cannot be started, its chunk runs on the calling thread.
pub fn map_chunks<T, R, F>(items: &[T], min_chunk: usize, work: F) -> Vec<R>
where
    T: Sync,
    R: Send,
    F: Fn(&[T]) -> Vec<R> + Sync,
{
    let most = items.len() / min_chunk.max(1);
    let threads = if most < 2 { 1 } else { cores().min(most) };
    if threads == 1 {
        return work(items);
    }
    let chunk = items.len().div_ceil(threads);
    thread::scope(|scope| {
        let work = &work;
        let running: Vec<_> = items
            .chunks(chunk)
            .map(|part| {
                let spawned = thread::Builder::new().spawn_scoped(scope, move || work(part));
                (part, spawned)
            })
            .collect();
        running
            .into_iter()
            .flat_map(|(part, spawned)| match spawned {
                Ok(handle) => handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                Err(_) => work(part),
            })
            .collect()
    })
}
