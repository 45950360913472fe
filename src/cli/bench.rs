//! `dungeon-viewer bench`: one recipe timed against a plain flood of its empty grid.

use std::sync::atomic::{AtomicU32, Ordering};

use super::Failure;
use super::args::BenchArgs;
use super::terminal::{with_progress, write_stdout};
use dungeon_viewer::bench;

pub fn run(args: &BenchArgs) -> Result<(), Failure> {
    let recipe = args.recipe.to_recipe()?;
    let done = AtomicU32::default();
    let total = f64::from(args.iterations) + 1.0;
    let report = with_progress(
        || f64::from(done.load(Ordering::Relaxed)) / total,
        || bench::measure(&recipe, args.iterations, &done),
    )?;
    write_stdout(report.to_string().as_bytes())
}
