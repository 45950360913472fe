//! The command line: argument parsing, the commands that need no window (`render`,
//! `bench`, `presets`), and handing the window its recipe.
//!
//! Bad input never panics: it gets one line on stderr naming the problem and exit code 2
//! (usage) or 1 (input/output). `render` and `bench` show a progress bar on a terminal when
//! they take over a second; Ctrl-C (or SIGTERM) stops them, leaving no unfinished file, with
//! exit code 130.

use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use clap::error::ErrorKind;
use clap::{Arg, ArgMatches, Args, FromArgMatches, Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};

use crate::app;
use dungeon_viewer::bench;
use dungeon_viewer::dungeon::{Dungeon, GenerateError, generate_watched};
use dungeon_viewer::favourites::{self, UserPresets};
use dungeon_viewer::files;
use dungeon_viewer::formats::{self, Format, Options, WriteError};
use dungeon_viewer::layout_file;
use dungeon_viewer::presets::{self, Preset};
use dungeon_viewer::progress::Progress;
use dungeon_viewer::raster::Look;
use dungeon_viewer::recipe::{KEYS, Key, Kind, Recipe, RecipeError};
use dungeon_viewer::screenshots;
use dungeon_viewer::series::{self, Destination};
use dungeon_viewer::sheet::SheetSize;
use dungeon_viewer::sweep::Sweep;

/// Generate cave-room dungeon maps and play with them live. Without a command, opens the
/// viewer window on the recipe the flags describe.
#[derive(Parser, Debug)]
#[command(
    name = "dungeon-viewer",
    version,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub recipe: RecipeArgs,
    /// Where the window saves screenshots of the map
    #[arg(long, value_name = "DIR", default_value = screenshots::DEFAULT_DIR)]
    pub out_dir: PathBuf,
    /// Save the whole window (panel included) to FILE after a few frames, then quit
    #[arg(long, value_name = "FILE")]
    pub screenshot: Option<PathBuf>,
    /// Open on the gallery of nine seeds from this one (V in the window)
    #[arg(long)]
    pub gallery: bool,
    #[command(flatten)]
    pub look: LookArgs,
}

/// The look options: how a map is drawn, not which map (they are not recipe keys).
#[derive(Args, Debug, Default, Clone, Copy)]
#[command(next_help_heading = "Look (pictures and the window; off by default)")]
pub struct LookArgs {
    /// Mark every door with a wooden bar
    #[arg(long)]
    pub doors: bool,
    /// Mark the start (green) and the goal (red)
    #[arg(long)]
    pub marks: bool,
    /// Shade walkable cells by walking distance from the start: orange near, blue far
    #[arg(long)]
    pub distance: bool,
    /// Outline rooms where they meet rock or another room
    #[arg(long)]
    pub outlines: bool,
    /// Ink-friendly look for printing: white ground, black walls, grey floors, light grid
    #[arg(long)]
    pub print: bool,
}

impl From<LookArgs> for Look {
    fn from(a: LookArgs) -> Self {
        Look {
            doors: a.doors,
            marks: a.marks,
            distance: a.distance,
            outlines: a.outlines,
            print: a.print,
        }
    }
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Write a map to a file; the format follows the extension (.png, .svg, .dd2vtt or
    /// .uvtt, .json, .txt, .tmj).
    Render(RenderArgs),
    /// Time a recipe: generation against one plain flood of the whole empty grid.
    Bench(BenchArgs),
    /// List the presets, built-in then your own, as `name: recipe` (the recipe each gives
    /// from the default one); use one with `--preset NAME`.
    Presets,
}

/// What decides the map: `--recipe`, `--from` or `--preset`, then one flag per recipe key,
/// made from the recipe's key table. Values are checked against their ranges.
#[derive(Debug, Default, Clone)]
pub struct RecipeArgs {
    /// Start from this recipe string.
    pub recipe: Option<String>,
    /// Start from the recipe inside this PNG.
    pub from: Option<PathBuf>,
    /// Start from the preset of this name (any case), built-in or the user's.
    pub preset: Option<String>,
    /// Each recipe key given as a flag, with its text, in the table's order.
    pub values: Vec<(&'static str, String)>,
}

/// The placeholder a key's flag shows in `--help`.
fn value_name(key: &Key) -> &'static str {
    match key.kind {
        Kind::Whole { .. } => "N",
        Kind::Fraction { .. } => "NUMBER",
        Kind::Choice(_) => "STYLE",
    }
}

impl Args for RecipeArgs {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        let cmd = cmd
            .arg(
                Arg::new("recipe")
                    .long("recipe")
                    .value_name("RECIPE")
                    .conflicts_with("from")
                    .help("Start from this recipe string; the flags below override its values"),
            )
            .arg(
                Arg::new("from")
                    .long("from")
                    .value_name("FILE")
                    .value_parser(clap::value_parser!(PathBuf))
                    .help(
                        "Start from the recipe inside a PNG saved by Dungeon Viewer, or in a \
                         text file (the first `dv1 …` line); the flags below override its \
                         values",
                    ),
            )
            .arg(
                Arg::new("preset")
                    .long("preset")
                    .value_name("NAME")
                    .conflicts_with_all(["recipe", "from"])
                    .help(
                        "Start from a preset (see the `presets` command; any case); the flags \
                         below override its values",
                    ),
            );
        KEYS.iter().fold(cmd, |cmd, key| {
            cmd.arg(
                Arg::new(key.name)
                    .long(key.name)
                    .value_name(value_name(key))
                    .allow_negative_numbers(true)
                    .help(format!(
                        "{} ({})",
                        key.help.trim_end_matches('.'),
                        key.kind.allowed()
                    )),
            )
        })
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

impl FromArgMatches for RecipeArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        Self::from_arg_matches_mut(&mut matches.clone())
    }

    fn from_arg_matches_mut(matches: &mut ArgMatches) -> Result<Self, clap::Error> {
        Ok(Self {
            recipe: matches.remove_one("recipe"),
            from: matches.remove_one("from"),
            preset: matches.remove_one("preset"),
            values: KEYS
                .iter()
                .filter_map(|key| Some((key.name, matches.remove_one(key.name)?)))
                .collect(),
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl RecipeArgs {
    /// The recipe these flags describe: `--recipe`, the recipe in `--from`, the `--preset`
    /// applied to the default recipe, or the default, with each flag applied.
    ///
    /// # Errors
    /// A recipe that does not parse, a flag value out of range or an unknown preset
    /// (usage), or a `--from` file that cannot be read or holds no recipe, or a user's
    /// preset whose recipe does not parse (input/output).
    pub fn to_recipe(&self) -> Result<Recipe, Failure> {
        let mut recipe = match (&self.recipe, &self.from, &self.preset) {
            (Some(text), _, _) => text.parse()?,
            (None, Some(file), _) => layout_file::read_layout(file).map_err(Failure::Io)?,
            (None, None, Some(name)) => {
                let presets = presets::all(&user_presets());
                let preset = presets::find(&presets, name).ok_or_else(|| {
                    Failure::Usage(format!(
                        "there is no preset `{name}`; the presets are {}",
                        presets::names(&presets)
                    ))
                })?;
                applied(preset)?
            }
            (None, None, None) => Recipe::default(),
        };
        for (key, value) in &self.values {
            recipe.set(key, value)?;
        }
        recipe.validate()?;
        Ok(recipe)
    }
}

/// The user's own presets, from the data directory; a notice about their file (one that
/// could not be read) goes to standard error.
fn user_presets() -> Vec<Preset> {
    let Some(dir) = favourites::data_dir() else {
        return Vec::new();
    };
    let (list, notice) = UserPresets::open(&dir);
    if let Some(notice) = notice {
        eprintln!("note: {notice}");
    }
    list.entries().to_vec()
}

/// `preset` applied to the default recipe; a user's preset may not parse (input/output).
fn applied(preset: &Preset) -> Result<Recipe, Failure> {
    preset
        .apply(&Recipe::default())
        .map_err(|e| Failure::Io(format!("the preset `{}` cannot be used: {e}", preset.name)))
}

#[derive(Args, Debug)]
pub struct RenderArgs {
    #[command(flatten)]
    pub recipe: RecipeArgs,
    /// Output file (.png, .svg, .dd2vtt or .uvtt for Universal VTT, .json, .txt, or .tmj for
    /// a Tiled map with its tileset beside it), or `-` for JSON on standard output. An
    /// existing file is replaced only once the new one is completely written.
    // A file may be named `-.png`: a value starting with `-` is a name, not a flag.
    #[arg(short, long, value_name = "FILE", allow_hyphen_values = true)]
    pub output: PathBuf,
    /// Pixels per cell: default 12 in a PNG or SVG (1 to 64), 16 in a Tiled map (1 to 64),
    /// 70 in Universal VTT (1 to 256)
    #[arg(long, value_name = "PIXELS")]
    pub cell_size: Option<u32>,
    /// Leave out the grid lines in a PNG or SVG (Universal VTT pictures have none)
    #[arg(long)]
    pub no_grid: bool,
    #[command(flatten)]
    pub look: LookArgs,
    #[command(flatten)]
    pub series: SeriesArgs,
}

/// Many pictures at once instead of one map; at most one of these.
#[derive(Args, Debug, Default)]
#[command(next_help_heading = "Series (many pictures at once; pick one)")]
pub struct SeriesArgs {
    /// Replay the map's generation, rooms growing cell by cell, then each path: an animated
    /// GIF (-o grow.gif) or numbered PNGs (-o DIR/), at most 200 frames, the last the map
    #[arg(long, group = "series")]
    pub animate: bool,
    /// Play one key across its values at this seed: KEY=FROM:TO:COUNT
    /// (stickiness=0:1:11), KEY=A:B:… for styles (shape=cave:cross), or KEY alone for its
    /// whole range; to a GIF (-o sweep.gif) or numbered PNGs (-o DIR/)
    #[arg(long, value_name = "KEY=FROM:TO:COUNT", group = "series")]
    pub sweep: Option<Sweep>,
    /// A contact sheet: COLUMNSxROWS maps of consecutive seeds from --seed, each labelled,
    /// in one PNG (-o sheet.png; sheet-2.png when that is taken)
    #[arg(long, value_name = "COLUMNSxROWS", group = "series")]
    pub sheet: Option<SheetSize>,
    /// N maps of consecutive seeds from --seed, one PNG each, in the directory -o names
    /// (-o maps/); files already there are kept, new ones take other names
    #[arg(long, value_name = "N", group = "series",
          value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub count: Option<u32>,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    #[command(flatten)]
    pub recipe: RecipeArgs,
    /// How many times to generate the map (at least 1)
    #[arg(long, value_name = "N", default_value_t = 10,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub iterations: u32,
}

/// A failed command: what to tell the user and how to exit.
#[derive(Debug)]
pub enum Failure {
    /// Bad arguments or recipe: exit code 2.
    Usage(String),
    /// A file could not be read or written: exit code 1.
    Io(String),
}

impl Failure {
    #[must_use]
    pub fn exit_code(&self) -> i32 {
        match self {
            Failure::Usage(_) => 2,
            Failure::Io(_) => 1,
        }
    }

    #[must_use]
    pub fn message(&self) -> &str {
        match self {
            Failure::Usage(m) | Failure::Io(m) => m,
        }
    }
}

impl From<RecipeError> for Failure {
    fn from(e: RecipeError) -> Self {
        Failure::Usage(e.to_string())
    }
}

impl From<GenerateError> for Failure {
    fn from(e: GenerateError) -> Self {
        match e {
            GenerateError::Recipe(e) => e.into(),
            GenerateError::Cancelled(e) => Failure::Io(e.to_string()),
        }
    }
}

/// Run the program with the process's arguments; returns the exit code.
#[must_use]
pub fn main() -> i32 {
    run(std::env::args_os())
}

/// Run the program with `args` (the program name first); returns the exit code.
pub fn run<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => return report_parse_error(&e),
    };
    match execute(cli) {
        Ok(()) => 0,
        Err(failure) => {
            eprintln!("error: {}", failure.message());
            failure.exit_code()
        }
    }
}

/// Help and version go to stdout with code 0; anything else is one line on stderr, code 2.
fn report_parse_error(e: &clap::Error) -> i32 {
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = write!(io::stdout(), "{}", e.render());
            0
        }
        _ => {
            // Clap's first paragraph says what is wrong (sometimes over two lines).
            let rendered = e.render().to_string();
            let first: Vec<&str> = rendered
                .lines()
                .take_while(|line| !line.trim().is_empty())
                .map(str::trim)
                .collect();
            eprintln!("{} (try --help)", first.join(" "));
            2
        }
    }
}

fn execute(cli: Cli) -> Result<(), Failure> {
    if cli.command.is_some() {
        stop_cleanly_on_signals()?;
    }
    match cli.command {
        Some(Command::Render(args)) => render(&args),
        Some(Command::Bench(args)) => run_bench(&args),
        Some(Command::Presets) => list_presets(),
        None => {
            let options = app::Options {
                recipe: cli.recipe.to_recipe()?,
                out_dir: cli.out_dir,
                screenshot: cli.screenshot,
                gallery: cli.gallery,
                look: cli.look.into(),
            };
            app::run(options).map_err(Failure::Io)
        }
    }
}

fn render(args: &RenderArgs) -> Result<(), Failure> {
    let series = &args.series;
    if series.animate || series.sweep.is_some() || series.sheet.is_some() || series.count.is_some()
    {
        return render_series(args);
    }
    let to_stdout = args.output.as_os_str() == "-";
    let format = if to_stdout {
        Format::Json
    } else {
        Format::of(&args.output).ok_or_else(|| {
            Failure::Usage(format!(
                "cannot tell the format of {}: end the name in {}, or use - for JSON on \
                 standard output",
                args.output.display(),
                Format::known()
            ))
        })?
    };
    let recipe = args.recipe.to_recipe()?;
    let dungeon = generate_noting_full_grid(&recipe)?;
    if to_stdout {
        return write_stdout(&formats::text_bytes(&dungeon, format).unwrap_or_default());
    }
    formats::write(&dungeon, format, &args.options(), &args.output).map_err(Failure::from)
}

impl RenderArgs {
    fn options(&self) -> Options {
        Options {
            cell_size: self.cell_size,
            no_grid: self.no_grid,
            look: self.look.into(),
        }
    }
}

impl From<WriteError> for Failure {
    fn from(e: WriteError) -> Self {
        match e {
            WriteError::Asked(m) => Failure::Usage(m),
            WriteError::Io(m) => Failure::Io(m),
        }
    }
}

/// Generate `recipe` with a progress bar, saying on stderr when the grid had no room for
/// every room asked for.
fn generate_noting_full_grid(recipe: &Recipe) -> Result<Dungeon, Failure> {
    let progress = Progress::default();
    let dungeon = with_progress(
        || progress.snapshot().fraction(),
        || generate_watched(recipe, &progress),
    )?;
    let stats = dungeon.stats();
    if stats.rooms_placed < stats.rooms_requested {
        eprintln!(
            "note: placed {} of {} rooms: the grid is full",
            stats.rooms_placed, stats.rooms_requested
        );
    }
    Ok(dungeon)
}

/// `render --animate`, `--sweep`, `--sheet` or `--count`: many pictures, with a progress
/// bar over them, then one line on stderr saying what was written.
fn render_series(args: &RenderArgs) -> Result<(), Failure> {
    let recipe = args.recipe.to_recipe()?;
    let options = args.options();
    let series = &args.series;
    let done = &AtomicU32::default();
    let counted = |total: u32| move || f64::from(done.load(Ordering::Relaxed)) / f64::from(total);
    let output = &args.output;
    let written = if let Some(size) = series.sheet {
        if Format::of(output) != Some(Format::Png) {
            return Err(Failure::Usage(format!(
                "a contact sheet is a PNG: name it .png, not {}",
                output.display()
            )));
        }
        let work = || series::write_sheet(&recipe, size, &options, output, done);
        let path = with_progress(counted(size.tiles()), work)?;
        format!("a {size} sheet to {}", path.display())
    } else if let Some(count) = series.count {
        let Ok(Destination::Dir(dir)) = Destination::of(output) else {
            return Err(Failure::Usage(format!(
                "--count writes one PNG a map into a directory: end -o in /, not {}",
                output.display()
            )));
        };
        let recipes = series::consecutive_seeds(&recipe, count)?;
        let work = || series::write_batch(&recipes, &options, &dir, done);
        let paths = with_progress(counted(count), work)?;
        format!("{} maps to {}", paths.len(), dir.display())
    } else {
        let to = Destination::of(output).map_err(Failure::Usage)?;
        let (what, frames) = if let Some(sweep) = &series.sweep {
            let total = sweep.values().len() as u32;
            let work = || series::write_sweep(&recipe, sweep, &options, &to, done);
            (sweep.to_string(), with_progress(counted(total), work)?)
        } else {
            let dungeon = generate_noting_full_grid(&recipe)?;
            let total = series::REPLAY_FRAMES as u32;
            let work = || series::write_replay(&dungeon, &options, &to, done);
            (
                "the replay".to_string(),
                with_progress(counted(total), work)?,
            )
        };
        format!("{what} in {frames} frames to {}", output.display())
    };
    eprintln!("wrote {written}");
    Ok(())
}

fn run_bench(args: &BenchArgs) -> Result<(), Failure> {
    let recipe = args.recipe.to_recipe()?;
    let done = AtomicU32::default();
    let total = f64::from(args.iterations) + 1.0;
    let report = with_progress(
        || f64::from(done.load(Ordering::Relaxed)) / total,
        || bench::measure(&recipe, args.iterations, &done),
    )?;
    write_stdout(report.to_string().as_bytes())
}

/// Print every preset as `name: recipe`; a user's preset that cannot be used is named on
/// standard error and left out.
fn list_presets() -> Result<(), Failure> {
    let mut out = String::new();
    for preset in presets::all(&user_presets()) {
        match applied(&preset) {
            Ok(recipe) => out.push_str(&format!("{}: {recipe}\n", preset.name)),
            Err(failure) => eprintln!("note: {}", failure.message()),
        }
    }
    write_stdout(out.as_bytes())
}

/// On SIGINT (Ctrl-C) or SIGTERM: remove the unfinished temporary files, say so on one
/// line and exit with 130, the shells' code for an interrupted command.
fn stop_cleanly_on_signals() -> Result<(), Failure> {
    ctrlc::set_handler(|| {
        let _stopped = files::stop_writes();
        let clear_bar = if io::stderr().is_terminal() {
            "\r\x1b[2K"
        } else {
            ""
        };
        eprintln!("{clear_bar}interrupted");
        std::process::exit(130);
    })
    .map_err(|e| Failure::Io(format!("cannot watch for Ctrl-C: {e}")))
}

/// Run `work` on a thread of its own while this one shows how far along it is, as told by
/// `fraction` (0 to 1): a bar on standard error, drawn only when that is a terminal and
/// the work takes over a second.
fn with_progress<T: Send>(fraction: impl Fn() -> f64, work: impl FnOnce() -> T + Send) -> T {
    const TICK: Duration = Duration::from_millis(100);
    const SHOW_AFTER: Duration = Duration::from_secs(1);
    const STEPS: u64 = 1000;
    let started = Instant::now();
    let mut bar = None;
    thread::scope(|scope| {
        let (done, finished) = mpsc::channel::<()>();
        let worker = scope.spawn(move || {
            // Dropping the sender when the work ends wakes the watcher at once.
            let _done = done;
            work()
        });
        while finished.recv_timeout(TICK) == Err(RecvTimeoutError::Timeout) {
            if started.elapsed() >= SHOW_AFTER && io::stderr().is_terminal() {
                let bar = bar.get_or_insert_with(|| {
                    ProgressBar::new(STEPS).with_style(
                        ProgressStyle::with_template("{elapsed:>4} [{wide_bar}] {percent:>3}%")
                            .unwrap_or_else(|_| ProgressStyle::default_bar()),
                    )
                });
                bar.set_position((fraction() * STEPS as f64) as u64);
            }
        }
        if let Some(bar) = &bar {
            bar.finish_and_clear();
        }
        worker
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

fn write_stdout(bytes: &[u8]) -> Result<(), Failure> {
    let mut out = io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(|e| Failure::Io(format!("cannot write to standard output: {e}")))
}
