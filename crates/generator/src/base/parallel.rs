//! Work split over the machine's cores, with results in the same order as one core gives,
//! or kept on the calling thread when it asks ([`on_this_thread`]).

use std::cell::Cell;
use std::num::NonZeroUsize;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;
use std::time::Duration;

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

/// A clock: the time since any fixed moment.
pub type Clock = fn() -> Duration;

/// The time the items left must be bound to take on one core before [`map_blocks`] starts
/// other threads for them: many times what starting one costs (tens of microseconds), and
/// than what a core taken by other work may keep a thread waiting before it runs (a few
/// milliseconds), which a machine under load also adds to the time the first items take.
pub const WORTH_A_THREAD: Duration = Duration::from_millis(25);

/// `work` applied to blocks of `block` consecutive items of `items` on up to as many
/// threads as the machine has cores (never fewer than `min_chunk` items per thread), the
/// results concatenated in item order. Each thread takes the next block as soon as it is
/// free, so that a few slow items do not leave a core idle while another works through
/// them, and keeps one `state` from `init` for all its blocks (memory to reuse). `work`
/// must give the same results for a block whatever thread and state run it, so the
/// outcome depends neither on the number of cores nor on timing. The calling thread works
/// too; when another cannot be started, the threads that run take its blocks. Within
/// [`on_this_thread`], the calling thread does it all.
///
/// With a `clock`, the calling thread starts alone (a block, then twice as many items each
/// time), and other threads start only once the items it made in a millisecond or more say
/// those left take [`WORTH_A_THREAD`] or more, at the quickest an item went: work that
/// takes less than that stays on one thread. `work` must then give for several blocks at once what it
/// gives for each.
pub fn map_blocks<T, S, R>(
    items: &[T],
    (min_chunk, block): (usize, usize),
    clock: Option<Clock>,
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
    // The next `size` items, with where they start, or none when all are taken.
    let take = |size: usize| {
        let start = next.fetch_add(size, Ordering::Relaxed);
        items
            .get(start..items.len().min(start + size))
            .filter(|part| !part.is_empty())
            .map(|part| (start, part))
    };
    let mut state = init();
    // Parts made, by where they start, as one thread made them.
    let mut blocks = Vec::new();
    if let Some(clock) = clock {
        // Alone, a block, then twice as many items each time (few looks at the clock),
        // until a millisecond's work tells how long the rest takes: at the quickest a part
        // went an item, which a core taken away for a while (inflating that part's time)
        // does not slow.
        let (mut size, mut spent, mut quickest) = (block, Duration::ZERO, f64::INFINITY);
        loop {
            let started = clock();
            let Some((start, part)) = take(size) else {
                return gather(blocks);
            };
            blocks.push((start, work(&mut state, part)));
            let took = clock().saturating_sub(started);
            spent += took;
            quickest = quickest.min(took.as_secs_f64() / part.len() as f64);
            let rest = quickest * items.len().saturating_sub(start + part.len()) as f64;
            if spent >= WORTH_A_THREAD / 25 && rest >= WORTH_A_THREAD.as_secs_f64() {
                break;
            }
            size *= 2;
        }
    }
    let run = |state: &mut S, done: &mut Vec<(usize, Vec<R>)>| {
        while let Some((start, part)) = take(block) {
            done.push((start, work(state, part)));
        }
    };
    thread::scope(|scope| {
        let others: Vec<_> = (1..threads)
            .map(|_| {
                thread::Builder::new().spawn_scoped(scope, || {
                    let mut done = Vec::new();
                    run(&mut init(), &mut done);
                    done
                })
            })
            .collect();
        run(&mut state, &mut blocks);
        for handle in others.into_iter().flatten() {
            blocks.extend(
                handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            );
        }
    });
    gather(blocks)
}

/// The results of blocks, by where each block starts, in item order.
fn gather<R>(mut blocks: Vec<(usize, Vec<R>)>) -> Vec<R> {
    blocks.sort_unstable_by_key(|&(start, _)| start);
    blocks
        .into_iter()
        .flat_map(|(_, results)| results)
        .collect()
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

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
                map_blocks(&items, (min_chunk, block), None, || 0, work),
                alone,
                "min_chunk {min_chunk}, block {block}"
            );
        }
        assert!(map_blocks(&[] as &[u32], (1, 1), None, || 0, work).is_empty());
    }

    #[test]
    fn with_a_clock_short_work_stays_on_this_thread_and_long_work_gives_the_same_results() {
        let items: Vec<u32> = (0..1000).collect();
        let here = std::thread::current().id();
        let threads = std::sync::Mutex::new(Vec::new());
        let work = |(): &mut (), part: &[u32]| -> Vec<u32> {
            threads.lock().unwrap().push(std::thread::current().id());
            part.iter().map(|i| i * 3).collect()
        };
        let alone: Vec<u32> = items.iter().map(|i| i * 3).collect();
        // A clock that never moves: the work is bound to be short.
        let still = || std::time::Duration::ZERO;
        assert_eq!(map_blocks(&items, (1, 7), Some(still), || (), work), alone);
        assert!(threads.lock().unwrap().iter().all(|&t| t == here));
        // A clock that moves a second a look: the rest is worth every core.
        fn seconds() -> std::time::Duration {
            static LOOKS: AtomicUsize = AtomicUsize::new(0);
            std::time::Duration::from_secs(LOOKS.fetch_add(1, Ordering::Relaxed) as u64)
        }
        assert_eq!(
            map_blocks(&items, (1, 7), Some(seconds), || (), work),
            alone
        );
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
        let spread = map_blocks(&items, (1, 7), None, || (), work);
        let before = threads.lock().unwrap().len();
        let kept = super::on_this_thread(|| map_blocks(&items, (1, 7), None, || (), work));
        assert_eq!(kept, spread);
        // All of it in one piece, on this thread.
        assert_eq!(threads.lock().unwrap()[before..], [here]);
        assert!(
            !super::ALONE.get(),
            "the thread is free to split work again"
        );
    }
}
