//! The layers are crates, and Cargo keeps them apart: the generator a game depends on pulls
//! in nothing of pictures, files, windows or shells.

use std::collections::BTreeSet;
use std::process::Command;

/// The packages `cargo tree` lists for `package`'s normal dependencies, with `features`.
fn dependencies(package: &str, features: &[&str]) -> BTreeSet<String> {
    let mut command = Command::new(env!("CARGO"));
    command.current_dir(env!("CARGO_MANIFEST_DIR")).args([
        "tree",
        "--offline",
        "-e",
        "normal",
        "--prefix",
        "none",
        "-p",
        package,
    ]);
    if !features.is_empty() {
        command.args(["--features", &features.join(",")]);
    }
    let out = command.output().expect("cargo runs");
    assert!(
        out.status.success(),
        "cargo tree failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != package)
        .map(str::to_owned)
        .collect()
}

/// Proc-macro crates `thiserror` and `serde` build with; nothing of them is linked.
const MACRO_BUILDERS: [&str; 5] = [
    "proc-macro2",
    "quote",
    "syn",
    "unicode-ident",
    "serde_derive",
];

fn linked(names: BTreeSet<String>) -> BTreeSet<String> {
    names
        .into_iter()
        .filter(|name| !MACRO_BUILDERS.contains(&name.as_str()) && !name.ends_with("-impl"))
        .collect()
}

#[test]
fn the_generator_depends_on_rand_rand_pcg_and_thiserror_only() {
    let expected: BTreeSet<String> = ["rand", "rand_core", "rand_pcg", "thiserror"]
        .map(String::from)
        .into();
    assert_eq!(linked(dependencies("dungeon-generator", &[])), expected);
    // With its `serde` feature, serde joins them, and nothing else.
    let mut with_serde = expected.clone();
    with_serde.extend(["serde", "serde_core"].map(String::from));
    let got = linked(dependencies("dungeon-generator", &["serde"]));
    assert!(
        got.is_superset(&expected) && got.is_subset(&with_serde),
        "with serde: {got:?}"
    );
}

#[test]
fn the_files_crate_needs_no_window_and_no_command_line() {
    let got = dependencies("dungeon-files", &[]);
    for face in [
        "macroquad",
        "egui-macroquad",
        "clap",
        "indicatif",
        "ctrlc",
        "directories",
    ] {
        assert!(!got.contains(face), "dungeon-files depends on {face}");
    }
    assert!(got.contains("dungeon-generator"));
}
