//! A surface chosen on purpose: what a game uses, and no more than 45 items, counted as
//! `cargo doc`'s `all.html` counts them. Every module of the crate is private, so its
//! public items are exactly what `src/lib.rs` re-exports by name, which this test reads
//! (`.ci/run` also counts `all.html` itself).

/// The most public items the crate may have.
const MOST: usize = 45;

fn lib_rs() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/lib.rs")).unwrap()
}

/// The names `lib.rs` re-exports, from its `pub use` items (each may span lines).
fn exported(lib: &str) -> Vec<String> {
    let code: Vec<&str> = lib
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect();
    let code = code.join(" ");
    let mut names = Vec::new();
    for item in code.split("pub use ").skip(1) {
        let path = item.split(';').next().unwrap_or_default();
        let list = match (path.find('{'), path.rfind('}')) {
            (Some(open), Some(close)) => &path[open + 1..close],
            _ => path.rsplit("::").next().unwrap_or_default(),
        };
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            assert!(
                name != "self" && !name.contains('*'),
                "`pub use` of a module or a glob: {path}"
            );
            names.push(
                name.rsplit(" as ")
                    .next()
                    .unwrap_or(name)
                    .trim()
                    .to_string(),
            );
        }
    }
    names
}

#[test]
fn the_crate_exports_at_most_45_items_all_by_name_from_lib_rs() {
    let lib = lib_rs();
    for line in lib.lines().map(str::trim) {
        assert!(
            !line.starts_with("pub ") || line.starts_with("pub use "),
            "lib.rs declares `{line}`: public items come by name from private modules"
        );
    }
    let names = exported(&lib);
    for item in ["Recipe", "generate", "Dungeon", "Cell", "GridError"] {
        assert!(
            names.iter().any(|n| n == item),
            "{item} is not read in {names:?}"
        );
    }
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(
        unique.len(),
        names.len(),
        "an item exported twice: {names:?}"
    );
    assert!(
        names.len() <= MOST,
        "{} public items, more than {MOST}: {names:?}",
        names.len()
    );
}

#[test]
fn no_macro_is_exported() {
    let src = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
    let mut dirs = vec![std::path::PathBuf::from(src)];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                assert!(!text.contains("#[macro_export]"), "{}", path.display());
            }
        }
    }
}
