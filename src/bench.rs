//! How heavy a recipe is: generation timed against one breadth-first flood of the whole
//! empty grid, the floor any generator pays. Used by `dungeon-viewer bench` and `cargo bench`.

use std::fmt;
use std::hint::black_box;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Instant;

use rand_pcg::Pcg64Mcg;

use crate::dungeon::{Stats, generate};
use crate::flood::{Flood, FloodSpec};
use crate::grid::Pos;
use crate::recipe::{Recipe, RecipeError};

/// Timings of a recipe, in milliseconds.
#[derive(Clone, Debug)]
pub struct Report {
    pub recipe: Recipe,
    pub iterations: u32,
    pub median_ms: f64,
    pub min_ms: f64,
    pub max_ms: f64,
    /// Median time of one flood of the whole empty grid.
    pub flood_ms: f64,
    pub stats: Stats,
}

impl Report {
    /// Generation's median over the flood's: how many whole-grid floods a map costs.
    #[must_use]
    pub fn ratio(&self) -> f64 {
        self.median_ms / self.flood_ms
    }
}

/// Generate `recipe` once for its figures, then `iterations` times (at least once) timed,
/// and time the flood. Each generation done adds one to `generations_done`, for a watcher
/// on another thread (`iterations + 1` in all).
///
/// # Errors
/// When the recipe is out of range.
pub fn measure(
    recipe: &Recipe,
    iterations: u32,
    generations_done: &AtomicU32,
) -> Result<Report, RecipeError> {
    let iterations = iterations.max(1);
    let dungeon = generate(recipe)?;
    generations_done.fetch_add(1, Ordering::Relaxed);
    let stats = dungeon.stats();
    let mut times = time(iterations, || {
        black_box(generate(black_box(recipe)).ok());
        generations_done.fetch_add(1, Ordering::Relaxed);
    });
    let mut floods = time(iterations.max(50), || {
        black_box(flood_whole_grid(recipe.width, recipe.height));
    });
    Ok(Report {
        recipe: recipe.clone(),
        iterations,
        median_ms: median(&mut times),
        min_ms: times[0],
        max_ms: times[times.len() - 1],
        flood_ms: median(&mut floods),
        stats,
    })
}

/// One breadth-first flood of an empty `width × height` grid from its top-left cell, memory
/// included; returns how many cells it reached.
#[must_use]
pub fn flood_whole_grid(width: u32, height: u32) -> usize {
    let mut flood = Flood::new(width, height);
    flood.run(
        &[Pos::new(0, 0)],
        &mut FloodSpec::new(),
        &mut Pcg64Mcg::new(0),
    );
    flood.order().len()
}

/// The median and the fastest of `n` runs of `f` (at least one), in milliseconds.
pub fn time_ms(n: u32, f: impl FnMut()) -> (f64, f64) {
    let mut times = time(n.max(1), f);
    (median(&mut times), times[0])
}

/// Milliseconds each of `n` runs of `f` took.
fn time(n: u32, mut f: impl FnMut()) -> Vec<f64> {
    (0..n)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect()
}

/// Sorts `times` and returns their median.
fn median(times: &mut [f64]) -> f64 {
    times.sort_by(f64::total_cmp);
    let n = times.len();
    if n % 2 == 1 {
        times[n / 2]
    } else {
        (times[n / 2 - 1] + times[n / 2]) / 2.0
    }
}

/// `key: value` lines, one per figure.
impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "recipe: {}", self.recipe)?;
        writeln!(
            f,
            "cells: {}",
            u64::from(self.recipe.width) * u64::from(self.recipe.height)
        )?;
        writeln!(f, "rooms_placed: {}", self.stats.rooms_placed)?;
        writeln!(f, "room_cells: {}", self.stats.room_cells)?;
        writeln!(f, "path_cells: {}", self.stats.path_cells)?;
        writeln!(f, "iterations: {}", self.iterations)?;
        writeln!(f, "median_ms: {:.4}", self.median_ms)?;
        writeln!(f, "min_ms: {:.4}", self.min_ms)?;
        writeln!(f, "max_ms: {:.4}", self.max_ms)?;
        writeln!(f, "flood_ms: {:.4}", self.flood_ms)?;
        writeln!(f, "ratio: {:.2}", self.ratio())
    }
}
