//! `dungeon-viewer render`: a map to a file in the format its name asks for, or to
//! standard output as JSON; or many pictures at once (a replay, a sweep, a contact sheet,
//! a batch of seeds). Everything the output cannot take is refused before any map is made.

use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};

use super::Failure;
use super::args::RenderArgs;
use super::terminal::{with_progress, write_stdout};
use dungeon_files::draw::look::LOOKS;
use dungeon_files::draw::numbers;
use dungeon_files::formats::series::{self, Destination, Series, Written};
use dungeon_files::formats::{self, Format, Options, Target, levels, safe_write, uvtt};
use dungeon_files::text::quote_path;
use dungeon_generator::Dungeon;
use dungeon_generator::Generation;
use dungeon_generator::Progress;
use dungeon_generator::Recipe;

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
    formats::check(format, &options, &recipe)?;
    if !to_stdout {
        formats::check_target(format, Target::Replace(&args.output))?;
    }
    let dungeon = generate(&recipe)?;
    if to_stdout {
        write_stdout(&formats::text_bytes(&dungeon, format)?.unwrap_or_default())?;
    } else {
        let written = formats::write(&dungeon, format, &options, Target::Replace(&args.output))?;
        note_level_files(&written, format, &recipe);
    }
    note_full_grid(&dungeon);
    note_numbers(&dungeon, format, &options);
    note_looks(format, &options);
    Ok(())
}

/// Say on standard error which look flags change nothing with the others given (`--outlines`
/// with `--hatched`, `--colours` without it), and why, as the window greys them.
fn note_looks(format: Format, options: &Options) {
    if !format.draws_looks() {
        return;
    }
    for option in LOOKS.iter().filter(|o| o.is_on(&options.look)) {
        if let Err(why) = option.applies(&options.look) {
            eprintln!("note: --{} changes nothing here: {why}", option.name);
        }
    }
}

/// Say on standard error which files hold the levels of a dungeon of several, when a
/// format writes a file a level (Universal VTT): the file `written` holds the first.
fn note_level_files(written: &Path, format: Format, recipe: &Recipe) {
    if format != Format::Uvtt || !levels::holds_every_level(recipe) {
        return;
    }
    let stem = written.file_stem().unwrap_or_default().to_string_lossy();
    let extension = written.extension().unwrap_or_default().to_string_lossy();
    let name = |level| quote_path(Path::new(&uvtt::level_file(&stem, level, &extension)));
    let others = if recipe.levels == 2 {
        format!("level 2 in {}", name(2))
    } else {
        let last = recipe.levels;
        format!("levels 2 to {last} in {} … {}", name(2), name(last))
    };
    eprintln!(
        "note: a Universal VTT file holds one map: level 1 is in {}, {others} beside it",
        quote_path(written)
    );
}

/// Generate `recipe` with a progress bar.
fn generate(recipe: &Recipe) -> Result<Dungeon, Failure> {
    let progress = Progress::default();
    Ok(with_progress(
        || progress.snapshot().fraction(),
        || Generation::new(recipe).and_then(|g| g.run(&progress)),
    )?)
}

/// Say on standard error when fewer rooms were placed than asked for, and why.
fn note_full_grid(dungeon: &Dungeon) {
    if let Some(short) = dungeon.shortfall() {
        eprintln!("note: {short}");
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

/// `render --animate`, `--sweep`, `--sheet` or `--count`: many pictures, refused before
/// any map is made when they would pass a bound (unless `--no-limit`), with a progress bar
/// over them, then one short line on stderr saying what was written. Each writer refuses
/// what it cannot write before it makes a map.
fn series(args: &RenderArgs) -> Result<(), Failure> {
    let recipe = args.recipe.to_recipe()?;
    let options = args.options();
    let choice = &args.series;
    let output = &args.output;
    let done = &AtomicU32::default();
    let counted = |total: usize| move || f64::from(done.load(Ordering::Relaxed)) / total as f64;
    let bounded = |series: &Series, to: &Destination| within_bounds(series, &options, to, args);
    let line = if let Some(size) = choice.sheet {
        if Format::of(output) != Some(Format::Png) {
            return Err(Failure::Usage(format!(
                "a contact sheet is a PNG: name it .png, not {}",
                quote_path(output)
            )));
        }
        let beside = Destination::Dir(safe_write::parent_dir(output).to_path_buf());
        bounded(&Series::Sheet(recipe.clone(), size), &beside)?;
        let to = (output.as_path(), args.replace);
        let work = || series::write_sheet(&recipe, size, &options, to, done);
        let written = with_progress(counted(size.tiles() as usize), work)?;
        said(&format!("a {size} sheet"), &written, output)
    } else if let Some(count) = choice.count {
        let dir = match Destination::of(output, args.replace) {
            Ok(Destination::Dir(dir)) => dir,
            Err(e @ formats::Error::ReplaceDirectory(_)) => return Err(e.into()),
            _ => {
                return Err(Failure::Usage(format!(
                    "--count writes one PNG a map into a directory: end -o in /, not {}",
                    quote_path(output)
                )));
            }
        };
        let recipes = recipe
            .consecutive_seeds(count)
            .collect::<Result<Vec<_>, _>>()?;
        bounded(
            &Series::Batch(recipes.clone()),
            &Destination::Dir(dir.clone()),
        )?;
        let work = || series::write_batch(&recipes, &options, &dir, done);
        let written = with_progress(counted(recipes.len()), work)?;
        said(&format!("{} maps", written.pictures), &written, output)
    } else if let Some(sweep) = &choice.sweep {
        let to = Destination::of(output, args.replace)?;
        bounded(&Series::Sweep(recipe.clone(), sweep.clone()), &to)?;
        let work = || series::write_sweep(&recipe, sweep, &options, &to, done);
        let written = with_progress(counted(sweep.values().len()), work)?;
        let what = format!(
            "a sweep of {} in {} frames",
            sweep.key().name(),
            written.pictures
        );
        said(&what, &written, output)
    } else {
        let to = Destination::of(output, args.replace)?;
        bounded(&Series::Replay(recipe.clone()), &to)?;
        let dungeon = generate(&recipe)?;
        let work = || series::write_replay(&dungeon, &options, &to, done);
        let written = with_progress(counted(series::REPLAY_FRAMES), work)?;
        note_full_grid(&dungeon);
        said(
            &format!("the replay in {} frames", written.pictures),
            &written,
            output,
        )
    };
    eprintln!("wrote {line}");
    Ok(())
}

/// Refuse `series` to `to` with `options` when its estimate passes a bound (see
/// [`series::Estimate::over`]), unless `--no-limit`; what [`Series::check`] refuses, always.
fn within_bounds(
    series: &Series,
    options: &Options,
    to: &Destination,
    args: &RenderArgs,
) -> Result<(), Failure> {
    let estimate = series.estimate(options, to)?;
    if args.series.no_limit {
        return Ok(());
    }
    let place = match to {
        Destination::Dir(dir) => dir.as_path(),
        Destination::Gif { path, .. } => safe_write::parent_dir(path),
    };
    let free = safe_write::free_bytes(place).ok();
    match estimate.over(free) {
        Some(over) => Err(formats::Error::SeriesTooBig { estimate, over }.into()),
        None => Ok(()),
    }
}

/// What a series wrote, briefly however many files: `what`, where (the file, or the
/// directory with its first and last file), and, when that is not the name `asked`, why.
fn said(what: &str, written: &Written, asked: &Path) -> String {
    let (Some(first), Some(last)) = (written.files.first(), written.files.last()) else {
        return format!("{what}: no file");
    };
    let name = |file: &Path| quote_path(Path::new(file.file_name().unwrap_or_default()));
    let into_dir = asked.as_os_str().to_string_lossy().ends_with('/') || asked.is_dir();
    if !into_dir {
        let taken = if first == asked {
            String::new()
        } else {
            format!(
                " ({} was there already: --replace writes over it)",
                quote_path(asked)
            )
        };
        return format!("{what} to {}{taken}", quote_path(first));
    }
    let dir = first.parent().unwrap_or(Path::new(""));
    let files = if first == last {
        name(first)
    } else {
        format!("{} … {}", name(first), name(last))
    };
    let fresh = if same_dir(dir, asked) {
        String::new()
    } else {
        format!("; {} held files already", quote_path(asked))
    };
    format!("{what} to {}/ ({files}{fresh})", quote_path(dir))
}

/// Whether `dir` is the directory `asked` names (written with or without a final `/`).
fn same_dir(dir: &Path, asked: &Path) -> bool {
    dir.components().eq(asked.components())
}
