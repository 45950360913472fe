//! Honest, harmless messages (issue 39, items 11, 12 and 14; issue 42, item 7): file and
//! preset names escaped and bounded as recipes are, help that says when it cannot be
//! written, a read that does not claim to keep a change, a picture with two recipes
//! refused, paths said as they were given, and a tabletop picture too large for its grid
//! answered with the grid that fits.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use common::{chunk, run, scratch, stderr, within};
use dungeon_files::formats::{self, Format, Options, Target};
use dungeon_generator::generate;
use dungeon_viewer::store::list::{LOCK_FILE, LOCK_WAIT};
use dungeon_viewer::store::presets::Preset;

const BIN: &str = env!("CARGO_BIN_EXE_dungeon-viewer");

/// Whether `text` holds anything a terminal acts on or that reorders text.
fn harmful(text: &str) -> Option<char> {
    text.chars()
        .find(|&c| (c.is_control() && c != '\n') || ('\u{202a}'..='\u{202e}').contains(&c))
}

/// `render` with `args` in `dir`.
fn render_in(dir: &Path, args: &[&str]) -> Output {
    let mut command = Command::new(BIN);
    command.arg("render").args(args).current_dir(dir);
    within(60, command)
}

#[test]
fn file_names_in_messages_are_escaped_and_bounded() {
    let dir = scratch("names-escaped");
    let title = "/nonexistent/\u{1b}]0;pwned\u{7}.png";
    let out = render_in(&dir, &["-o", title]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(harmful(&stderr(&out)), None, "{:?}", stderr(&out));
    assert!(
        stderr(&out).contains("\\u{1b}]0;pwned\\u{7}"),
        "{}",
        stderr(&out)
    );

    // A success line names the file written, escaped too.
    let clear = "sh\u{1b}[2Jeet.png";
    let out = render_in(&dir, &["--sheet", "2x1", "--width", "16", "-o", clear]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(harmful(&stderr(&out)), None, "{:?}", stderr(&out));
    let reversed = "map\u{202e}gnp.exe";
    let out = render_in(&dir, &["--animate", "--width", "16", "-o", reversed]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("\\u{202e}"), "{}", stderr(&out));

    // A huge name gives a short line, its start and end kept.
    let long = format!("{}/{}/end.png", dir.display(), "d".repeat(100_000));
    let out = run(&["render", "-o", &long]);
    assert_eq!(out.status.code(), Some(1));
    let said = stderr(&out);
    assert!(said.len() < 400, "{} bytes", said.len());
    assert!(said.contains("…") && said.contains("d/end.png"), "{said}");
}

#[test]
fn preset_names_are_listed_escaped() {
    let data = scratch("presets-escaped");
    let file = data.join("dungeon-viewer").join("presets.json");
    fs::create_dir_all(file.parent().unwrap()).unwrap();
    let mine = vec![Preset {
        name: "Lair\u{202e}ssoB".into(),
        recipe: "dv1 rooms=3".into(),
    }];
    fs::write(&file, serde_json::to_vec(&mine).unwrap()).unwrap();
    let mut command = Command::new(BIN);
    command.arg("presets").env("XDG_DATA_HOME", &data);
    let out = within(30, command);
    let listed = String::from_utf8_lossy(&out.stdout);
    assert!(listed.contains("Lair\\u{202e}ssoB: dv1"), "{listed}");
    assert_eq!(harmful(&listed), None);
}

#[test]
fn help_and_version_that_cannot_be_written_fail() {
    for flag in ["--help", "--version"] {
        let full = fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = Command::new(BIN)
            .arg(flag)
            .stdout(Stdio::from(full))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{flag}");
        assert!(
            stderr(&out).contains("cannot write to standard output"),
            "{flag}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn presets_that_only_read_do_not_claim_to_keep_a_change() {
    let data = scratch("presets-read-only");
    let dir = data.join("dungeon-viewer");
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("presets.json"), "not json").unwrap();
    let held = fs::File::create(dir.join(LOCK_FILE)).unwrap();
    held.lock().unwrap();
    let mut command = Command::new(BIN);
    command.arg("presets").env("XDG_DATA_HOME", &data);
    let out = within(LOCK_WAIT.as_secs() + 30, command);
    let said = stderr(&out);
    assert!(out.status.success(), "{said}");
    assert!(
        said.contains("locked") && said.contains("left as it is"),
        "{said}"
    );
    assert!(!said.contains("change is kept"), "{said}");
    assert_eq!(
        fs::read_to_string(dir.join("presets.json")).unwrap(),
        "not json"
    );
}

#[test]
fn a_picture_with_two_recipes_is_refused_as_ambiguous() {
    let dir = scratch("two-recipes");
    let saved = dir.join("map.png");
    assert!(
        run(&["render", "--seed", "4", "-o", saved.to_str().unwrap()])
            .status
            .success()
    );
    let bytes = fs::read(&saved).unwrap();
    // A second recipe chunk right after the header (8 + 25 bytes).
    let second = chunk(b"tEXt", b"recipe\0dv1 seed=99 rooms=2");
    let forged = [&bytes[..33], &second, &bytes[33..]].concat();
    let file = dir.join("two.png");
    fs::write(&file, forged).unwrap();
    let out = run(&["render", "--from", file.to_str().unwrap(), "-o", "-"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("two recipes"), "{}", stderr(&out));
}

/// `path` relative to the working directory, through `..` as needed.
fn relative(path: &Path) -> PathBuf {
    let here = std::env::current_dir().unwrap();
    let ups = here.components().count() - 1;
    let mut relative: PathBuf = std::iter::repeat_n("..", ups).collect();
    relative.push(path.strip_prefix("/").unwrap());
    relative
}

#[test]
fn saved_files_are_named_as_the_directory_was_given_in_every_format() {
    let dir = relative(&scratch("saved-paths"));
    let d = generate(&"dv1 seed=3 rooms=3 width=20 height=16".parse().unwrap()).unwrap();
    for format in Format::ALL {
        let target = Target::New {
            dir: &dir,
            stem: "map",
        };
        let saved = formats::write(&d, format, &Options::default(), target).unwrap();
        assert_eq!(
            saved,
            dir.join(format!("map.{}", format.extension())),
            "{format:?}"
        );
    }
}

#[test]
fn a_tabletop_picture_too_wide_for_its_grid_names_the_grid_that_fits() {
    let dir = scratch("uvtt-fits");
    let out = render_in(&dir, &["--width", "300", "-o", "wide.dd2vtt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("use --cell-size 54 or less"),
        "{}",
        stderr(&out)
    );
    let out = render_in(&dir, &["--width", "1000", "-o", "huge.dd2vtt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("too large for the format"),
        "{}",
        stderr(&out)
    );
    // The size named fits.
    let out = render_in(
        &dir,
        &[
            "--width",
            "300",
            "--rooms",
            "3",
            "--cell-size",
            "54",
            "-o",
            "wide.dd2vtt",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn file_system_errors_keep_the_system_s_reason_and_say_what_to_do() {
    let dir = scratch("reasons");
    // A folder that does not exist: named as such, not "entity not found".
    let out = render_in(&dir, &["-o", "nodir/x.png"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let said = stderr(&out);
    assert!(
        said.contains("cannot write nodir/x.png: no such file or directory")
            && said.contains("nodir does not exist")
            && said.contains("make it first"),
        "{said}"
    );
    // A file where a series' folder was asked for: said to be a file.
    fs::write(dir.join("fileout"), "a file").unwrap();
    let out = render_in(&dir, &["--count", "2", "--width", "16", "-o", "fileout/"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let said = stderr(&out);
    assert!(
        said.contains("not a directory: fileout is a file"),
        "{said}"
    );
    assert!(!said.contains("held files"), "{said}");
    assert_eq!(fs::read_to_string(dir.join("fileout")).unwrap(), "a file");
    // The system's own words, without its error numbers.
    let out = render_in(&dir, &["-o", "/sys/x.png"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(!stderr(&out).contains("os error"), "{}", stderr(&out));
    assert_eq!(stderr(&out).lines().count(), 1, "{}", stderr(&out));
}
