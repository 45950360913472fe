//! The command line's arguments: the window's flags, the commands and their flags, and one
//! flag per recipe key, made from the recipe's key table.

use std::path::PathBuf;

use clap::{Arg, ArgAction, ArgMatches, Args, FromArgMatches, Parser, Subcommand};

use super::Failure;
use super::presets::{applied, user_presets};
use dungeon_files::draw::look::{LOOKS, Look};
use dungeon_files::draw::sheet::SheetSize;
use dungeon_files::formats::layout;
use dungeon_files::formats::naming;
use dungeon_files::sweep::Sweep;
use dungeon_files::text::quote;
use dungeon_generator::{Dungeon, Key, Kind, Pos, Recipe, generate};
use dungeon_viewer::store::presets::Presets;

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
    /// Where the window saves pictures and exports of the map
    #[arg(long, value_name = "DIR", default_value = naming::DEFAULT_DIR)]
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

/// The look options, one flag each, made from the look table: how a map is drawn, not
/// which map (they are not recipe keys).
#[derive(Debug, Default, Clone, Copy)]
pub struct LookArgs(Look);

impl Args for LookArgs {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        let cmd = cmd.next_help_heading("Look (pictures and the window; off by default)");
        LOOKS.iter().fold(cmd, |cmd, option| {
            cmd.arg(
                Arg::new(option.name)
                    .long(option.name)
                    .action(ArgAction::SetTrue)
                    .help(option.help),
            )
        })
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

impl FromArgMatches for LookArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut look = Look::ORIGINAL;
        for option in LOOKS {
            *option.switch(&mut look) = matches.get_flag(option.name);
        }
        Ok(Self(look))
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl From<LookArgs> for Look {
    fn from(args: LookArgs) -> Self {
        args.0
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
    /// Cells whose rooms to pin, in the map of the recipe as given (`--pin X,Y`).
    pub pins: Vec<Pos>,
}

/// A cell as `--pin` takes it: `X,Y`, such as `10,12`.
fn cell(text: &str) -> Result<Pos, String> {
    text.split_once(',')
        .and_then(|(x, y)| Some(Pos::new(x.trim().parse().ok()?, y.trim().parse().ok()?)))
        .ok_or_else(|| {
            format!(
                "write a cell as X,Y (column, row from 0), such as 10,12; not `{}`",
                quote(text)
            )
        })
}

/// The placeholder a key's flag shows in `--help`; `None` for the pins, which have no flag
/// of their own kind (`--pin X,Y` pins a room by a cell instead).
fn value_name(key: &Key) -> Option<&'static str> {
    match key.kind() {
        kind if kind.is_switch() => Some("0|1"),
        Kind::Whole { .. } => Some("N"),
        Kind::Fraction { .. } => Some("NUMBER"),
        Kind::Choice { .. } => Some("STYLE"),
        Kind::Pins | Kind::Vaults => None,
    }
}

/// The keys given as flags of their own, each with its placeholder.
fn flag_keys() -> impl Iterator<Item = (&'static Key, &'static str)> {
    Key::all()
        .iter()
        .filter_map(|key| Some((key, value_name(key)?)))
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
        let cmd = cmd.arg(
            Arg::new("pin")
                .long("pin")
                .value_name("X,Y")
                .action(ArgAction::Append)
                .value_parser(cell)
                .help(
                    "Pin the room covering cell X,Y (column, row from 0) of the map the \
                     recipe as given makes (--recipe, --from or --preset, before the flags \
                     below change it): it keeps its cells whatever they change. May be given \
                     again for more rooms",
                ),
        );
        flag_keys().fold(cmd, |cmd, (key, value_name)| {
            let arg = Arg::new(key.name())
                .long(key.name())
                .value_name(value_name)
                .allow_negative_numbers(true)
                .help(format!(
                    "{} ({})",
                    key.help().trim_end_matches('.'),
                    key.kind().allowed()
                ));
            // A switch alone turns it on: `--closed` is `--closed 1`.
            cmd.arg(if key.kind().is_switch() {
                arg.num_args(0..=1).default_missing_value("1")
            } else {
                arg
            })
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
            values: flag_keys()
                .filter_map(|(key, _)| Some((key.name(), matches.remove_one(key.name())?)))
                .collect(),
            pins: matches
                .remove_many("pin")
                .map(Iterator::collect)
                .unwrap_or_default(),
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl RecipeArgs {
    /// The recipe these flags describe: `--recipe`, the recipe in `--from`, the `--preset`
    /// applied to the default recipe, or the default, with the rooms at each `--pin` cell
    /// of its map pinned, then each flag applied.
    ///
    /// # Errors
    /// A recipe that does not parse, a `--pin` cell in no room, a pin the flags leave no
    /// room for, a flag value out of range or an unknown preset (usage), or a `--from`
    /// file that cannot be read or holds no recipe, or a user's preset whose recipe does
    /// not parse (input/output).
    pub fn to_recipe(&self) -> Result<Recipe, Failure> {
        let mut recipe = match (&self.recipe, &self.from, &self.preset) {
            (Some(text), _, _) => text.parse()?,
            (None, Some(file), _) => layout::read_layout(file)?,
            (None, None, Some(name)) => {
                let presets = Presets::new(&user_presets());
                let preset = presets.find(name).ok_or_else(|| {
                    Failure::Usage(format!(
                        "there is no preset `{}`; the presets are {}",
                        quote(name),
                        presets.names()
                    ))
                })?;
                applied(preset)?
            }
            (None, None, None) => Recipe::default(),
        };
        let mut pinned_from = None;
        if !self.pins.is_empty() {
            let dungeon = generate(&recipe)?;
            recipe = recipe.pin_each_at(&dungeon, &self.pins)?;
            pinned_from = Some(self.pinned_from(&dungeon));
        }
        for (key, value) in &self.values {
            recipe.set(key, value)?;
        }
        recipe.validate()?;
        if let Some(note) = pinned_from {
            eprintln!("note: {note}");
        }
        Ok(recipe)
    }
}

impl RecipeArgs {
    /// Which rooms `--pin` pinned, and of which map: the recipe as given, before the flags
    /// change it (`pinned room 4 of the map of seed 1, as given before --seed 77`).
    fn pinned_from(&self, dungeon: &Dungeon) -> String {
        let mut numbers: Vec<usize> = self
            .pins
            .iter()
            .filter_map(|&cell| dungeon.tile(cell)?.room())
            .map(|i| i + 1)
            .collect();
        numbers.sort_unstable();
        numbers.dedup();
        let rooms = match numbers.as_slice() {
            [one] => format!("room {one}"),
            few if few.len() <= 8 => {
                let texts: Vec<String> = few.iter().map(ToString::to_string).collect();
                let (last, rest) = texts.split_last().unwrap_or((&texts[0], &[]));
                format!("rooms {} and {last}", rest.join(", "))
            }
            many => format!("{} rooms", many.len()),
        };
        let given = dungeon.recipe();
        let mut map = format!("seed {}", given.seed);
        for (key, seed) in [
            ("rooms-seed", given.rooms_seed),
            ("corridors-seed", given.corridors_seed),
        ] {
            if let Some(seed) = seed {
                map.push_str(&format!(", {key} {seed}"));
            }
        }
        let flags: Vec<String> = self
            .values
            .iter()
            .map(|(key, value)| format!("--{key} {value}"))
            .collect();
        match flags.as_slice() {
            [] => format!("pinned {rooms} of the map of {map}"),
            flags => format!(
                "pinned {rooms} of the map of {map}, as given before {}",
                flags.join(" ")
            ),
        }
    }
}

#[derive(Args, Debug)]
pub struct RenderArgs {
    #[command(flatten)]
    pub recipe: RecipeArgs,
    /// Output file (.png, .svg, .dd2vtt or .uvtt for Universal VTT, .json, .txt, or .tmj for
    /// a Tiled map with its tileset beside it), or `-` for JSON on standard output. An
    /// existing file is replaced only once the new one is completely written, and never
    /// when it is read-only, a pipe or a device, or has other hard links
    // A file may be named `-.png`: a value starting with `-` is a name, not a flag.
    #[arg(short, long, value_name = "FILE", allow_hyphen_values = true)]
    pub output: PathBuf,
    /// Pixels per cell: default 12 in a PNG or SVG (1 to 64), 16 in a Tiled map (1 to 64),
    /// 70 in Universal VTT (20 to 256: Foundry VTT refuses smaller grids)
    #[arg(long, value_name = "PIXELS")]
    pub cell_size: Option<u32>,
    /// Leave out the grid lines in a PNG or SVG (Universal VTT pictures have none)
    #[arg(long)]
    pub no_grid: bool,
    /// Write over the file -o names. A series never writes over anything otherwise: its
    /// GIF or sheet takes a free name like the one given (grow-2.gif when grow.gif is
    /// there), and its numbered PNGs a fresh directory (frames-2/ when frames/ holds
    /// files). A single map's file is always replaced, as if this were given
    #[arg(long)]
    pub replace: bool,
    #[command(flatten)]
    pub look: LookArgs,
    #[command(flatten)]
    pub series: SeriesArgs,
}

/// Many pictures at once instead of one map; at most one of these.
#[derive(Args, Debug, Default)]
#[command(
    next_help_heading = "Series (many pictures at once; pick one; never over a file, see --replace)"
)]
pub struct SeriesArgs {
    /// Replay the map's generation, rooms growing cell by cell, then each path: an animated
    /// GIF (-o grow.gif) or numbered PNGs in a fresh directory (-o DIR/), at most 200
    /// frames, the last the map
    #[arg(long, group = "series")]
    pub animate: bool,
    /// Play one key across its values at this seed: KEY=FROM:TO:COUNT
    /// (stickiness=0:1:11), KEY=A:B:… for styles (shape=cave:cross), or KEY alone for its
    /// whole range; to a GIF (-o sweep.gif) or numbered PNGs (-o DIR/)
    #[arg(long, value_name = "KEY=FROM:TO:COUNT", group = "series")]
    pub sweep: Option<Sweep>,
    /// A contact sheet: COLUMNSxROWS maps of consecutive seeds from --seed, each labelled,
    /// in one PNG (-o sheet.png; sheet-2.png when that is taken, unless --replace)
    #[arg(long, value_name = "COLUMNSxROWS", group = "series")]
    pub sheet: Option<SheetSize>,
    /// N maps of consecutive seeds from --seed, one PNG each, in the directory -o names
    /// (-o maps/), or in maps-2/… when maps/ holds files already
    #[arg(long, value_name = "N", group = "series",
          value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub count: Option<u32>,
    // Its help names the bounds from their constants.
    #[arg(long, help = no_limit_help())]
    pub no_limit: bool,
}

/// The help of `--no-limit`.
fn no_limit_help() -> String {
    use dungeon_files::formats::series::estimate::{BYTES_MOST, Bytes, SECONDS_MOST};
    format!(
        "Write a series however big or long. Without it, a series is refused before it \
         starts when it would write over {}, more than its disk has free, or take over {:.0} \
         minutes",
        Bytes(BYTES_MOST),
        SECONDS_MOST / 60.0
    )
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
