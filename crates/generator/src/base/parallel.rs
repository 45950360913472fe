//! Work split over the machine's cores, with results in the same order as one core gives,
//! or kept on the calling thread when it asks ([`on_this_thread`]).

use std::cell::Cell;
use std::num::NonZeroUsize;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

/// The machine's cores, asked once: the standard library reads the cgroup files under
/// /proc each time, which costs more than a small map's paths.
fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| thread::available_parallelism().map_or(1, NonZeroUsize::get))
}

thread_local! {
    /// Whether work split on this thread stays on it (see [`on_this_thread`]).
    static ALONE: Cell<bool> = const { Cell::new(false) };
}

/// Run `work` with every split it makes on this thread ([`map_blocks`]) kept on this
/// thread: the same results, no other thread started.
pub fn on_this_thread<R>(work: impl FnOnce() -> R) -> R {
    /// Puts back what was there before, however `work` ends.
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            ALONE.set(self.0);
        }
    }
    let _restore = Restore(ALONE.replace(true));
    work()
}

/// `work` applied to blocks of `block` consecutive items of `items` on up to as many
/// threads as the machine has cores (never fewer than `min_chunk` items per thread), the
/// results concatenated in item order. Each thread takes the next block as soon as it is
/// free, so that a few slow items do not leave a core idle while another works through
/// them, and keeps one `state` from `init` for all its blocks (memory to reuse). `work`
/// must give the same results for a block whatever thread and state run it, so the
/// outcome depends neither on the number of cores nor on timing. The calling thread works
/// too; when another cannot be started, the threads that run take its blocks. Within
/// [`on_this_thread`], the calling thread does it all.
pub fn map_blocks<T, S, R>(
    items: &[T],
    (min_chunk, block): (usize, usize),
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, &[T]) -> Vec<R> + Sync,
) -> Vec<R>
where
    T: Sync,
    R: Send,
{
    let most = items.len() / min_chunk.max(1);
    let threads = if most < 2 || ALONE.get() {
        1
    } else {
        cores().min(most)
    };
    if threads == 1 {
        return work(&mut init(), items);
    }
    let block = block.max(1);
    let next = AtomicUsize::new(0);
    // Blocks by where they start, as one thread made them.
    let run = || {
        let mut state = init();
        let mut done = Vec::new();
        loop {
            let start = next.fetch_add(block, Ordering::Relaxed);
            let Some(part) = items.get(start..items.len().min(start + block)) else {
                break;
            };
            if part.is_empty() {
                break;
            }
            done.push((start, work(&mut state, part)));
        }
        done
    };
    let mut blocks = thread::scope(|scope| {
        let others: Vec<_> = (1..threads)
            .map(|_| thread::Builder::new().spawn_scoped(scope, run))
            .collect();
        let mut blocks = run();
        for handle in others.into_iter().flatten() {
            blocks.extend(
                handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            );
        }
        blocks
    });
    blocks.sort_unstable_by_key(|&(start, _)| start);
    blocks
        .into_iter()
        .flat_map(|(_, results)| results)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::map_blocks;

    #[test]
    fn blocks_come_back_in_item_order_whatever_their_size() {
        let items: Vec<u32> = (0..1000).collect();
        // Uneven work and uneven results: every third item gives nothing, some give two.
        let work = |calls: &mut u32, part: &[u32]| -> Vec<u32> {
            *calls += 1;
            part.iter()
                .filter(|&&i| i % 3 != 0)
                .flat_map(|&i| if i % 7 == 0 { vec![i, i] } else { vec![i] })
                .collect()
        };
        let alone = work(&mut 0, &items);
        for (min_chunk, block) in [(1, 1), (16, 1), (16, 7), (100, 64), (2000, 5)] {
            assert_eq!(
                map_blocks(&items, (min_chunk, block), || 0, work),
                alone,
                "min_chunk {min_chunk}, block {block}"
            );
        }
        assert!(map_blocks(&[] as &[u32], (1, 1), || 0, work).is_empty());
    }

    #[test]
    fn work_kept_on_this_thread_gives_the_same_results_and_never_leaves_it() {
        let items: Vec<u32> = (0..1000).collect();
        let here = std::thread::current().id();
        let threads = std::sync::Mutex::new(Vec::new());
        let work = |(): &mut (), part: &[u32]| -> Vec<u32> {
            threads.lock().unwrap().push(std::thread::current().id());
            part.iter().map(|i| i * 3).collect()
        };
        let spread = map_blocks(&items, (1, 7), || (), work);
        let before = threads.lock().unwrap().len();
        let kept = super::on_this_thread(|| map_blocks(&items, (1, 7), || (), work));
        assert_eq!(kept, spread);
        // All of it in one piece, on this thread.
        assert_eq!(threads.lock().unwrap()[before..], [here]);
        assert!(
            !super::ALONE.get(),
            "the thread is free to split work again"
        );
    }
}
