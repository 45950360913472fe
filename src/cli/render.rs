//! `dungeon-viewer render`: a map to a file in the format its name asks for, or to
//! standard output as JSON; or many pictures at once (a replay, a sweep, a contact sheet,
//! a batch of seeds). Everything the output cannot take is refused before any map is made.

use std::sync::atomic::{AtomicU32, Ordering};

use super::Failure;
use super::args::RenderArgs;
use super::terminal::{with_progress, write_stdout};
use dungeon_files::draw::numbers;
use dungeon_files::formats::series::{self, Destination, Series};
use dungeon_files::formats::{self, Format, Options, Target};
use dungeon_generator::Dungeon;
use dungeon_generator::Progress;
use dungeon_generator::generate_watched;
use dungeon_generator::recipe::{Fit, Recipe};

impl RenderArgs {
    fn options(&self) -> Options {
        Options {
            cell_size: self.cell_size,
            no_grid: self.no_grid,
            look: self.look.into(),
        }
    }

    fn is_series(&self) -> bool {
        let s = &self.series;
        s.animate || s.sweep.is_some() || s.sheet.is_some() || s.count.is_some()
    }
}

pub fn run(args: &RenderArgs) -> Result<(), Failure> {
    if args.is_series() {
        return series(args);
    }
    let to_stdout = args.output.as_os_str() == "-";
    let format = if to_stdout {
        Format::Json
    } else {
        Format::of(&args.output)
            .ok_or_else(|| formats::Error::UnknownFormat(args.output.clone()))
            .map_err(|e| Failure::Usage(format!("{e}, or use - for JSON on standard output")))?
    };
    let recipe = args.recipe.to_recipe()?;
    let options = args.options();
    formats::check(format, &options, recipe.width, recipe.height)?;
    let dungeon = generate(&recipe)?;
    if to_stdout {
        write_stdout(&formats::text_bytes(&dungeon, format).unwrap_or_default())?;
    } else {
        formats::write(&dungeon, format, &options, Target::Replace(&args.output))?;
    }
    note_full_grid(&dungeon);
    note_numbers(&dungeon, format, &options);
    Ok(())
}

/// Generate `recipe` with a progress bar.
fn generate(recipe: &Recipe) -> Result<Dungeon, Failure> {
    let progress = Progress::default();
    Ok(with_progress(
        || progress.snapshot().fraction(),
        || generate_watched(recipe, &progress),
    )?)
}

/// Say on standard error when fewer rooms were placed than asked for, and why.
fn note_full_grid(dungeon: &Dungeon) {
    let stats = dungeon.stats();
    if stats.rooms_placed < stats.rooms_requested {
        let why = match dungeon.recipe().fit {
            Fit::Shrink => "the grid is full",
            Fit::Move => "the others found no place where they fit",
        };
        eprintln!(
            "note: placed {} of {} rooms: {why}",
            stats.rooms_placed, stats.rooms_requested
        );
    }
}

/// Say on standard error which room numbers the picture leaves out, or that it leaves out
/// all of them at its cell size, and which cell size draws them.
fn note_numbers(dungeon: &Dungeon, format: Format, options: &Options) {
    let Some(cell_size) = formats::numbers_cell_size(format, options) else {
        return;
    };
    let Some(note) = numbers::place(dungeon, cell_size).note(cell_size) else {
        return;
    };
    if cell_size < numbers::MIN_NUMBER_CELL {
        eprintln!(
            "note: {note}: use --cell-size {} or more",
            numbers::MIN_NUMBER_CELL
        );
    } else {
        eprintln!("note: {note}");
    }
}

/// `render --animate`, `--sweep`, `--sheet` or `--count`: many pictures, with a progress
/// bar over them, then one line on stderr saying what was written. Each writer refuses what
/// it cannot write before it makes a map.
fn series(args: &RenderArgs) -> Result<(), Failure> {
    let recipe = args.recipe.to_recipe()?;
    let options = args.options();
    let choice = &args.series;
    let output = &args.output;
    let done = &AtomicU32::default();
    let counted = |total: usize| move || f64::from(done.load(Ordering::Relaxed)) / total as f64;
    let written = if let Some(size) = choice.sheet {
        if Format::of(output) != Some(Format::Png) {
            return Err(Failure::Usage(format!(
                "a contact sheet is a PNG: name it .png, not {}",
                output.display()
            )));
        }
        let work = || series::write_sheet(&recipe, size, &options, output, done);
        let path = with_progress(counted(size.tiles() as usize), work)?;
        format!("a {size} sheet to {}", path.display())
    } else if let Some(count) = choice.count {
        let Ok(Destination::Dir(dir)) = Destination::of(output) else {
            return Err(Failure::Usage(format!(
                "--count writes one PNG a map into a directory: end -o in /, not {}",
                output.display()
            )));
        };
        let recipes = series::consecutive_seeds(&recipe, count)?;
        let work = || series::write_batch(&recipes, &options, &dir, done);
        let paths = with_progress(counted(recipes.len()), work)?;
        format!("{} maps to {}", paths.len(), dir.display())
    } else if let Some(sweep) = &choice.sweep {
        let to = Destination::of(output)?;
        let work = || series::write_sweep(&recipe, sweep, &options, &to, done);
        let frames = with_progress(counted(sweep.values().len()), work)?;
        format!("{sweep} in {frames} frames to {}", output.display())
    } else {
        let to = Destination::of(output)?;
        Series::Replay(recipe.clone()).check(&options, &to)?;
        let dungeon = generate(&recipe)?;
        let work = || series::write_replay(&dungeon, &options, &to, done);
        let frames = with_progress(counted(series::REPLAY_FRAMES), work)?;
        note_full_grid(&dungeon);
        format!("the replay in {frames} frames to {}", output.display())
    };
    eprintln!("wrote {written}");
    Ok(())
}
