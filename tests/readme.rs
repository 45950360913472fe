//! The README and the documents say what the code does: the tables of recipe keys and of look
//! options are the key table's and the look table's own, every preset is named, and every
//! command they show runs.

use crate::common::examples::{Example, examples};
use crate::common::{scratch, within};

use std::path::Path;
use std::process::{Command, Output};

use dungeon_files::draw::look::looks_markdown;
use dungeon_files::formats::naming;
use dungeon_generator::Recipe;
use dungeon_viewer::recipe_keys::keys_markdown;

const BIN: &str = env!("CARGO_BIN_EXE_dungeon-viewer");

/// The README and the documents it links to, from the repository's top.
const DOCUMENTS: [&str; 5] = [
    "README.md",
    "assets/doc/GUIDE.md",
    "assets/doc/FORMATS.md",
    "assets/doc/PERFORMANCE.md",
    "assets/doc/CHANGELOG.md",
];

/// Commands too heavy for a debug build within a few seconds, by a piece of their text, and
/// why. They run on a small map ([`SMALL`] after their flags) or, when they size the map
/// themselves, are checked by their flags alone (clap refuses an unknown one before
/// `--help`).
const HEAVY: [(&str, &str); 7] = [
    (
        ".dd2vtt",
        "a tabletop picture at 70 pixels a cell: 17 million pixels",
    ),
    (".uvtt", "a tabletop picture at 100 pixels a cell"),
    ("-o frames/", "200 pictures"),
    (
        "--animate --seed 7 -o grow.gif",
        "200 frames of 768×672 pixels",
    ),
    ("--count 20", "20 maps"),
    ("--iterations 40", "W3 made 41 times"),
    (
        "--width 1024 --height 896",
        "W4: a second a map in release, many in a debug build",
    ),
];

/// The map a heavy command makes instead.
const SMALL: [&str; 4] = ["--width", "24", "--height", "16"];

fn read(document: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(document))
        .unwrap_or_else(|e| panic!("{document}: {e}"))
}

#[test]
fn the_readme_lists_every_recipe_key_as_the_key_table_does() {
    let readme = read("README.md");
    let table = keys_markdown();
    assert!(
        readme.contains(&table),
        "README.md's key table is out of date; it should read:\n{table}"
    );
}

#[test]
fn the_readme_lists_every_look_option_as_the_look_table_does() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md is readable");
    let table = looks_markdown();
    assert!(
        readme.contains(&table),
        "README.md's look table is out of date; it should read:\n{table}"
    );
}

#[test]
fn the_readme_names_every_shipped_preset_and_the_commands() {
    let readme = read("README.md");
    let section = readme
        .split("### Presets")
        .nth(1)
        .expect("README.md has a Presets section");
    let presets = dungeon_viewer::store::presets::built_in();
    assert!(!presets.is_empty());
    // Names may break over lines.
    let prose = section.split_whitespace().collect::<Vec<_>>().join(" ");
    for preset in presets {
        assert!(
            prose.contains(&preset.name),
            "README.md's Presets section does not name {}",
            preset.name
        );
    }
    assert!(section.contains("-- presets") && section.contains("--preset "));
}

/// Run one example in `dir`, the documents' files beside it; `Err` says what went wrong.
fn run(example: &Example, dir: &Path) -> Result<(), String> {
    let mut args = example.args.clone();
    let heavy = HEAVY
        .iter()
        .find(|(piece, _)| args.join(" ").contains(piece));
    if heavy.is_some() {
        if args.iter().any(|a| a == "--width" || a == "--height") {
            args.push("--help".into());
        } else {
            args.extend(SMALL.map(String::from));
        }
    }
    // A file the example writes may go into a folder of the repository (assets/…).
    for pair in args.windows(2) {
        if matches!(pair[0].as_str(), "-o" | "--output")
            && let Some(parent) = Path::new(&pair[1]).parent()
        {
            std::fs::create_dir_all(dir.join(parent)).map_err(|e| e.to_string())?;
        }
    }
    let command = matches!(
        args.first().map(String::as_str),
        Some("render" | "bench" | "presets")
    );
    let mut program = Command::new(BIN);
    program
        .args(&args)
        .current_dir(dir)
        .env("XDG_DATA_HOME", dir.join("data"))
        // The window is checked up to opening it: its flags, its recipe, its files.
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY");
    let out: Output = within(120, program);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let said = || {
        let run = heavy.map_or(String::new(), |(_, why)| {
            format!(" (as `{}`: {why})", args.join(" "))
        });
        format!("exit code {:?}{run}: {}", out.status.code(), stderr.trim())
    };
    if let Some(shown) = &example.shown {
        let printed = format!("{stderr}{}", String::from_utf8_lossy(&out.stdout));
        let printed: Vec<&str> = printed.lines().collect();
        return if printed == *shown {
            Ok(())
        } else {
            Err(format!("prints {printed:?}"))
        };
    }
    if command {
        return if out.status.success() {
            Ok(())
        } else {
            Err(said())
        };
    }
    if out.status.code() == Some(1) && stderr.contains("no display") {
        Ok(())
    } else {
        Err(said())
    }
}

/// The picture the README reopens, which the window's Save PNG names so for the default
/// map: the window's save is the file `render` writes (window.rs checks it), so `render`
/// makes it here, in `dir`. Returns its name.
fn saved_by_the_window(dir: &Path) -> String {
    let saved = format!(
        "{}/{}.png",
        naming::DEFAULT_DIR,
        naming::file_stem(&Recipe::default())
    );
    std::fs::create_dir_all(dir.join(naming::DEFAULT_DIR)).unwrap();
    let made = Command::new(BIN)
        .args(["render", "--recipe", "dv1", "-o", &saved])
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(made.status.success(), "{made:?}");
    saved
}

/// Whether `example` is `render` making one of the repository's pictures: `pictures.rs`
/// makes those, and holds each to the picture it makes.
fn makes_a_picture(example: &Example) -> bool {
    example.args.first().is_some_and(|a| a == "render")
        && example
            .args
            .windows(2)
            .any(|pair| pair[0] == "-o" && pair[1].starts_with("assets/"))
}

/// Run `document`'s examples in order (but those [`makes_a_picture`]), in a scratch
/// directory of its own; returns how many and what failed.
fn run_all(document: &str) -> (usize, Vec<String>) {
    let dir = scratch(&format!("examples-{}", document.replace('/', "-")));
    let text = read(document);
    if document == "README.md" {
        let saved = saved_by_the_window(&dir);
        assert!(text.contains(&saved), "README.md should reopen {saved}");
    }
    let mut examples = examples(document, &text);
    examples.retain(|example| !makes_a_picture(example));
    let failed = examples
        .iter()
        .filter_map(|example| {
            let why = run(example, &dir).err()?;
            Some(format!(
                "{} `{}`: {why}",
                example.at,
                example.args.join(" ")
            ))
        })
        .collect();
    (examples.len(), failed)
}

#[test]
fn every_command_in_the_readme_and_the_documents_runs() {
    let results: Vec<(usize, Vec<String>)> = std::thread::scope(|s| {
        let runs: Vec<_> = DOCUMENTS
            .iter()
            .map(|document| s.spawn(|| run_all(document)))
            .collect();
        runs.into_iter().map(|run| run.join().unwrap()).collect()
    });
    let count: usize = results.iter().map(|(n, _)| n).sum();
    let failed: Vec<String> = results.into_iter().flat_map(|(_, f)| f).collect();
    assert!(count >= 40, "only {count} commands found");
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn commands_are_found_in_blocks_inline_and_across_lines_but_not_other_packages() {
    let markdown = "Open it with `cargo run --release -- --seed 4\n--rooms 3`, or `cargo run \
                    --release`.\n\n```sh\ncargo run --release -- render --recipe \"dv1 \
                    seed=2\" -o a.png  # a comment\ncargo run --release -p dungeon-generator \
                    --example walk\nvalgrind target/release/dungeon-viewer bench\n$ \
                    dungeon-viewer presets --x\nerror: no\n```\n";
    let found = examples("x.md", markdown);
    let args: Vec<Vec<String>> = found.iter().map(|e| e.args.clone()).collect();
    let expected: [&[&str]; 5] = [
        &["--seed", "4", "--rooms", "3"],
        &[],
        &["render", "--recipe", "dv1 seed=2", "-o", "a.png"],
        &["bench"],
        &["presets", "--x"],
    ];
    assert_eq!(
        args,
        expected.map(|a| a.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    );
    assert_eq!(found[0].at, "x.md:1");
    assert_eq!(found[4].shown, Some(vec!["error: no".to_string()]));
}

/// The Rust blocks of `markdown`, each as its lines.
fn rust_blocks(markdown: &str) -> Vec<Vec<&str>> {
    let mut blocks = Vec::new();
    let mut block: Option<Vec<&str>> = None;
    for line in markdown.lines() {
        match (&mut block, line.trim_start()) {
            (None, "```rust") => block = Some(Vec::new()),
            (Some(_), "```") => blocks.extend(block.take()),
            (Some(lines), _) => lines.push(line),
            (None, _) => {}
        }
    }
    blocks
}

#[test]
fn the_readmes_rust_for_game_developers_is_the_generators_own_which_rustdoc_runs() {
    // The generator's README is its crate documentation's front page: `cargo test -p
    // dungeon-generator --doc` runs its example, which holds the README's lines in order.
    let readme = read("README.md");
    let section = readme
        .split("## For game developers")
        .nth(1)
        .expect("README.md has a section for game developers");
    let shown = rust_blocks(section)
        .into_iter()
        .next()
        .expect("the section shows Rust");
    let crate_readme = read("crates/generator/README.md");
    let tested = rust_blocks(&crate_readme)
        .into_iter()
        .next()
        .expect("the generator's README shows Rust");
    assert!(
        tested.windows(shown.len()).any(|w| w == shown.as_slice()),
        "README.md's example for game developers is not in crates/generator/README.md's:\n{}",
        shown.join("\n")
    );
    let lib = read("crates/generator/src/lib.rs");
    assert!(lib.starts_with("#![doc = include_str!(\"../README.md\")]"));
}

/// The README gives the page's address forms as the page reads them: a recipe after `#`,
/// its spaces escaped (`#dv1%20seed=7…`), and a look of several options after it
/// (`look=hatched,doors`), its names the look table's, in its order.
#[test]
fn the_readme_gives_the_pages_address_forms_as_the_page_reads_them() {
    use dungeon_files::draw::look::Look;
    let readme = read("README.md");
    let codes: Vec<&str> = readme.split('`').skip(1).step_by(2).collect();
    let recipe = codes
        .iter()
        .find_map(|code| code.split_once("/#").map(|(_, fragment)| fragment))
        .expect("README.md gives an address with a recipe after #");
    let recipe = recipe.replace("%20", " ");
    assert!(
        recipe.parse::<Recipe>().is_ok(),
        "the address's recipe does not read: {recipe}"
    );
    let look = codes
        .iter()
        .find_map(|code| code.split_once("look=").map(|(_, names)| names))
        .expect("README.md gives an address's look=");
    let read = Look::from_names(look).unwrap_or_else(|e| panic!("look={look}: {e}"));
    assert!(
        look.contains(','),
        "look={look} names one option, not the joined form"
    );
    assert_eq!(read.names(), look, "the page writes that look otherwise");
}

/// The README is read by people arriving at the project: it stays short.
#[test]
fn the_readme_stays_under_thirty_thousand_characters() {
    let length = read("README.md").chars().count();
    assert!(length < 30_000, "README.md is {length} characters");
}
