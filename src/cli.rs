//! The command line: argument parsing, the commands that need no window (`render`,
//! `bench`), and handing the window its recipe.
//!
//! Bad input never panics: it gets one line on stderr naming the problem and exit code 2
//! (usage) or 1 (input/output).

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::error::ErrorKind;
use clap::{Arg, ArgMatches, Args, FromArgMatches, Parser, Subcommand};

use crate::app;
use dungeon_viewer::bench;
use dungeon_viewer::dungeon::generate;
use dungeon_viewer::export;
use dungeon_viewer::files::write_replacing;
use dungeon_viewer::png_file;
use dungeon_viewer::raster::{self, Style};
use dungeon_viewer::recipe::{KEYS, Key, Kind, Recipe, RecipeError};
use dungeon_viewer::screenshots;

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
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Write a map to a file; the format follows the extension (.png, .json, .txt).
    Render(RenderArgs),
    /// Time a recipe: generation against one plain flood of the whole empty grid.
    Bench(BenchArgs),
}

/// What decides the map: `--recipe` or `--from`, then one flag per recipe key, made from
/// the recipe's key table. Values are checked against their ranges.
#[derive(Debug, Default, Clone)]
pub struct RecipeArgs {
    /// Start from this recipe string.
    pub recipe: Option<String>,
    /// Start from the recipe inside this PNG.
    pub from: Option<PathBuf>,
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
                    .value_name("FILE.png")
                    .value_parser(clap::value_parser!(PathBuf))
                    .help(
                        "Start from the recipe inside a PNG saved by Dungeon Viewer; the \
                         flags below override its values",
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
    /// The recipe these flags describe: `--recipe`, the recipe in `--from`, or the default,
    /// with each flag applied.
    ///
    /// # Errors
    /// A recipe that does not parse or a flag value out of range (usage), or a `--from`
    /// file that cannot be read or holds no recipe (input/output).
    pub fn to_recipe(&self) -> Result<Recipe, Failure> {
        let mut recipe = match (&self.recipe, &self.from) {
            (Some(text), _) => text.parse()?,
            (None, Some(file)) => {
                png_file::read(file)
                    .map_err(|e| Failure::Io(e.to_string()))?
                    .1
            }
            (None, None) => Recipe::default(),
        };
        for (key, value) in &self.values {
            recipe.set(key, value)?;
        }
        recipe.validate()?;
        Ok(recipe)
    }
}

#[derive(Args, Debug)]
pub struct RenderArgs {
    #[command(flatten)]
    pub recipe: RecipeArgs,
    /// Output file (.png, .json or .txt), or `-` for JSON on standard output. An existing
    /// file is replaced only once the new one is completely written.
    #[arg(short, long, value_name = "FILE")]
    pub output: PathBuf,
    /// Pixels per cell in a PNG (1 to 64)
    #[arg(long, value_name = "PIXELS", default_value_t = raster::DEFAULT_CELL_SIZE)]
    pub cell_size: u32,
    /// Leave out the grid lines in a PNG
    #[arg(long)]
    pub no_grid: bool,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    #[command(flatten)]
    pub recipe: RecipeArgs,
    /// How many times to generate the map
    #[arg(long, value_name = "N", default_value_t = 10)]
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
    match cli.command {
        Some(Command::Render(args)) => render(&args),
        Some(Command::Bench(args)) => run_bench(&args),
        None => {
            let options = app::Options {
                recipe: cli.recipe.to_recipe()?,
                out_dir: cli.out_dir,
                screenshot: cli.screenshot,
            };
            app::run(options).map_err(Failure::Io)
        }
    }
}

/// The formats `render` writes, chosen by the output's extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Png,
    Json,
    Text,
}

impl Format {
    fn of(path: &Path) -> Result<Format, Failure> {
        if path.as_os_str() == "-" {
            return Ok(Format::Json);
        }
        let extension = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match extension.as_deref() {
            Some("png") => Ok(Format::Png),
            Some("json") => Ok(Format::Json),
            Some("txt") => Ok(Format::Text),
            _ => Err(Failure::Usage(format!(
                "cannot tell the format of {}: end the name in .png, .json or .txt, or use - \
                 for JSON on standard output",
                path.display()
            ))),
        }
    }
}

fn render(args: &RenderArgs) -> Result<(), Failure> {
    let format = Format::of(&args.output)?;
    let recipe = args.recipe.to_recipe()?;
    let dungeon = generate(&recipe)?;
    let stats = dungeon.stats();
    if stats.rooms_placed < stats.rooms_requested {
        eprintln!(
            "note: placed {} of {} rooms: the grid is full",
            stats.rooms_placed, stats.rooms_requested
        );
    }
    let bytes = match format {
        Format::Png => {
            let style = Style {
                cell_size: args.cell_size,
                grid: !args.no_grid,
            };
            let pixels =
                raster::rasterize(&dungeon, &style).map_err(|e| Failure::Usage(e.to_string()))?;
            png_file::encode(&pixels, &recipe).map_err(Failure::Io)?
        }
        Format::Json => export::to_json(&dungeon).into_bytes(),
        Format::Text => export::to_text(&dungeon).into_bytes(),
    };
    if args.output.as_os_str() == "-" {
        write_stdout(&bytes)
    } else {
        write_replacing(&args.output, &bytes)
            .map_err(|e| Failure::Io(format!("cannot write {}: {e}", args.output.display())))
    }
}

fn run_bench(args: &BenchArgs) -> Result<(), Failure> {
    let recipe = args.recipe.to_recipe()?;
    let report = bench::measure(&recipe, args.iterations)?;
    write_stdout(report.to_string().as_bytes())
}

fn write_stdout(bytes: &[u8]) -> Result<(), Failure> {
    let mut out = io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(|e| Failure::Io(format!("cannot write to standard output: {e}")))
}
