//! The command line: its arguments ([`args`]), its commands (`render`, `bench`,
//! `presets`), the terminal plumbing ([`terminal`]), and handing the window its start.
//!
//! Bad input never panics: it gets one line on stderr naming the problem and exit code 2
//! (usage) or 1 (input/output). `render` and `bench` show a progress bar on a terminal when
//! they take over a second; Ctrl-C (or SIGTERM) stops them, leaving no unfinished file, with
//! exit code 130. The library's messages speak of cell sizes and looks; here they gain the
//! flags that change them.

pub mod args;
mod bench;
mod presets;
mod render;
mod terminal;

use std::ffi::OsString;

use clap::Parser;
use clap::error::ErrorKind;

use args::{Cli, Command};
use dungeon_files::draw;
use dungeon_files::formats;

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

impl From<dungeon_generator::Error> for Failure {
    fn from(e: dungeon_generator::Error) -> Self {
        match e {
            dungeon_generator::Error::Cancelled => Failure::Io(e.to_string()),
            _ => Failure::Usage(e.to_string()),
        }
    }
}

impl From<formats::Error> for Failure {
    fn from(e: formats::Error) -> Self {
        let usage = e.is_usage();
        let message = with_flags(&e);
        if usage {
            Failure::Usage(message)
        } else {
            Failure::Io(message)
        }
    }
}

/// A format's error in the command line's words: what to change, by flag.
fn with_flags(e: &formats::Error) -> String {
    use formats::Error as E;
    match e {
        E::Draw(draw::Error::TooLarge { width, height }) => format!(
            "a {width}×{height} pixel image is too large: at most {} pixels a side; use a \
             smaller --cell-size",
            draw::MAX_SIDE
        ),
        E::Draw(draw::Error::TooManyPixels {
            what: "contact sheet",
            width,
            height,
            most,
            ..
        }) => format!(
            "a {width}×{height}-pixel contact sheet is more than a sheet may hold ({most} \
             pixels): use a smaller --cell-size or fewer tiles"
        ),
        E::Draw(draw::Error::TooManyPixels {
            what,
            width,
            height,
            most,
            fits,
        }) => format!(
            "a {width}×{height}-pixel {what} is too big (at most {most} pixels a frame): use \
             --cell-size {fits} or less, or write PNGs to a directory"
        ),
        E::TabletopTooLarge {
            width,
            height,
            fits: Some(fits),
        } => format!(
            "a {width}×{height}-pixel Universal VTT picture is too large (at most {} pixels a \
             side): use --cell-size {fits} or less",
            draw::MAX_SIDE
        ),
        E::Look { refused, .. } => format!(
            "{e}: leave out {}, or write a PNG, or add --hatched (whose SVG draws them all)",
            look_flags(refused)
        ),
        E::NoLook { refused, .. } => format!(
            "{e}: leave out {}, or write a PNG, an SVG or a Universal VTT file",
            look_flags(refused)
        ),
        E::TooDear { fits: Some(n), .. } => format!("{e}: use --cell-size {n} or less"),
        E::TooDear { fits: None, .. } => {
            format!("{e}: leave out --hatched, or make a smaller map")
        }
        E::FramesDiffer => format!("{e} (end -o in /)"),
        E::SeriesTooBig { .. } => format!(
            "{e}; make fewer or smaller pictures (a smaller --cell-size, fewer maps or \
             values), or give --no-limit"
        ),
        _ => e.to_string(),
    }
}

/// The flags of look options, as given: `--doors --marks`.
fn look_flags(options: &[&draw::look::LookOption]) -> String {
    let flags: Vec<String> = options.iter().map(|o| format!("--{}", o.name)).collect();
    flags.join(" ")
}

/// What the command line asks for.
pub enum Parsed {
    /// A command ran (or the arguments were wrong): exit with this code.
    Exit(i32),
    /// Open the viewer window with these options.
    Window(Box<crate::Start>),
}

/// Read `args` (the program name first) and run the command they name; returns what is
/// left to do: exit, or open the window.
pub fn run<I, T>(args: I) -> Parsed
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => return Parsed::Exit(report_parse_error(&e)),
    };
    let outcome = match cli.command {
        Some(command) => terminal::stop_cleanly_on_signals().and_then(|()| match command {
            Command::Render(args) => render::run(&args),
            Command::Bench(args) => bench::run(&args),
            Command::Presets => presets::list(),
        }),
        None => {
            return match cli.recipe.to_recipe() {
                Ok(recipe) => Parsed::Window(Box::new(crate::Start {
                    recipe,
                    out_dir: cli.out_dir,
                    screenshot: cli.screenshot,
                    gallery: cli.gallery,
                    look: cli.look.into(),
                })),
                Err(failure) => Parsed::Exit(fail(&failure)),
            };
        }
    };
    Parsed::Exit(match outcome {
        Ok(()) => 0,
        Err(failure) => fail(&failure),
    })
}

/// Say what failed, in one line; returns its exit code.
#[must_use]
pub fn fail(failure: &Failure) -> i32 {
    eprintln!("error: {}", failure.message());
    failure.exit_code()
}

/// Help and version go to stdout with code 0 (1, with a line on stderr, when stdout cannot
/// take them); anything else is one line on stderr, code 2, with clap's tip (a flag it
/// meant, say) when it has one.
fn report_parse_error(e: &clap::Error) -> i32 {
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            match terminal::write_stdout(e.render().to_string().as_bytes()) {
                Ok(()) => 0,
                Err(failure) => fail(&failure),
            }
        }
        _ => {
            // Clap's first paragraph says what is wrong (sometimes over two lines); a
            // paragraph of tips may follow.
            let rendered = e.render().to_string();
            let mut paragraphs = rendered.split("\n\n");
            let first = paragraphs.next().unwrap_or_default();
            let mut line: Vec<&str> = first.lines().map(str::trim).collect();
            line.extend(
                paragraphs
                    .flat_map(str::lines)
                    .map(str::trim)
                    .filter(|l| l.starts_with("tip:")),
            );
            // Clap quotes the value it refused whole: a long one is cut short.
            let words: Vec<String> = line
                .join(" ")
                .split(' ')
                .map(dungeon_files::text::quote)
                .collect();
            eprintln!("{} (try --help)", words.join(" "));
            2
        }
    }
}
