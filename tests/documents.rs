//! The documents name only files and folders that are there: every link of the README and
//! of `assets/doc/*.md` to a file of the repository, and every path in their code (inline,
//! or a shell block's command) that starts at the repository's top (`src/…`, `tests/…`,
//! `assets/…`, `Cargo.toml`). Paths from elsewhere (`generate/rooms/ring.rs` under a folder
//! named before it, a file a command writes such as `frames/` or `screenshots/…`, what a
//! build makes in `target/`) and patterns (`*`, `<name>`, `…`) are not checked, also once
//! a user has run the commands in the repository and those files are there.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The README and every document in `assets/doc/`.
fn documents() -> Vec<PathBuf> {
    let root = Path::new(ROOT);
    let mut documents: Vec<PathBuf> = std::fs::read_dir(root.join("assets/doc"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    documents.sort();
    documents.insert(0, root.join("README.md"));
    documents
}

/// The names at the repository's top that a path in code may start with: the files and
/// folders the repository holds (as git lists them), not what a build makes (`target`),
/// nor hidden ones but `.ci`, nor what the documents' examples write there when a user
/// follows them (`screenshots/`, `tonight.png`): a document names those as examples.
/// Outside a git checkout, the names there less those `.gitignore` keeps out of it.
fn tops() -> BTreeSet<String> {
    let tracked = std::process::Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(ROOT)
        .output()
        .ok()
        .filter(|out| out.status.success() && !out.stdout.is_empty());
    let names: BTreeSet<String> = match tracked {
        Some(out) => String::from_utf8_lossy(&out.stdout)
            .split('\0')
            .filter_map(|path| path.split('/').next())
            .filter(|top| !top.is_empty())
            .map(String::from)
            .collect(),
        None => {
            let ignored =
                std::fs::read_to_string(Path::new(ROOT).join(".gitignore")).unwrap_or_default();
            std::fs::read_dir(ROOT)
                .unwrap()
                .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
                .filter(|name| {
                    !ignored
                        .lines()
                        .any(|line| line.trim() == format!("/{name}"))
                })
                .collect()
        }
    };
    names
        .into_iter()
        .filter(|name| name != "target" && (!name.starts_with('.') || name == ".ci"))
        .collect()
}

/// What a document names, each with its line: the targets of its links, and its code (each
/// inline span, and each line of a shell block).
struct Named {
    links: Vec<(usize, String)>,
    code: Vec<(usize, String)>,
}

/// The links and code of `markdown`.
fn named(markdown: &str) -> Named {
    let mut named = Named {
        links: Vec::new(),
        code: Vec::new(),
    };
    // The language of the fenced block the line is in, if it is in one.
    let mut block: Option<String> = None;
    for (n, line) in markdown.lines().enumerate() {
        let n = n + 1;
        if let Some(fence) = line.trim_start().strip_prefix("```") {
            block = match block {
                Some(_) => None,
                None => Some(fence.trim().to_string()),
            };
            continue;
        }
        match block.as_deref() {
            Some("sh" | "console" | "bash") => named.code.push((n, line.to_string())),
            Some(_) => {}
            None => {
                let mut pieces = line.split('`');
                // Outside code, then inside, then outside…
                while let Some(text) = pieces.next() {
                    for (at, _) in text.match_indices("](") {
                        let target = &text[at + 2..];
                        if let Some(end) = target.find(')') {
                            named.links.push((n, target[..end].to_string()));
                        }
                    }
                    if let Some(code) = pieces.next() {
                        named.code.push((n, code.to_string()));
                    }
                }
            }
        }
    }
    named
}

/// The paths from the repository's top that `code` names: its words that start with one of
/// `tops` (then `/`, or alone), less a line number (`:38`) and the punctuation around them.
fn paths_in(code: &str, tops: &BTreeSet<String>) -> Vec<String> {
    code.split_whitespace()
        .map(|word| word.trim_matches(|c| "\"'(),;".contains(c)))
        .map(|word| {
            word.split_once(':')
                .filter(|(_, line)| line.chars().all(|c| c.is_ascii_digit()))
                .map_or(word, |(path, _)| path)
        })
        .filter(|word| !word.contains(['*', '<', '>', '…', '{', '$', '=']))
        .filter(|word| {
            let top = word.split('/').next().unwrap_or_default();
            tops.contains(top) && (word.contains('/') || top.contains('.'))
        })
        .map(String::from)
        .collect()
}

/// What the documents name that is not there, each as `document:line: path`, and how many
/// paths they name in all.
fn missing() -> (Vec<String>, usize) {
    let root = Path::new(ROOT);
    let tops = tops();
    let mut missing = Vec::new();
    let mut checked = 0;
    for document in documents() {
        let text = std::fs::read_to_string(&document).unwrap();
        let name = document.strip_prefix(root).unwrap().display().to_string();
        let named = named(&text);
        let folder = document.parent().unwrap();
        let links = named
            .links
            .iter()
            .filter(|(_, target)| !target.contains("://") && !target.starts_with(['#', '<']))
            .map(|(n, target)| {
                let file = target.split('#').next().unwrap_or_default();
                (*n, target.clone(), folder.join(file))
            });
        let code = named.code.iter().flat_map(|(n, code)| {
            paths_in(code, &tops)
                .into_iter()
                .map(|path| (*n, path.clone(), root.join(path)))
        });
        for (n, said, path) in links.chain(code) {
            checked += 1;
            if !path.exists() {
                missing.push(format!("{name}:{n}: {said}"));
            }
        }
    }
    (missing, checked)
}

#[test]
fn every_file_and_folder_a_document_names_is_there() {
    let (missing, checked) = missing();
    assert!(
        missing.is_empty(),
        "the documents name {} files or folders that are not there:\n{}",
        missing.len(),
        missing.join("\n")
    );
    // The documents name hundreds; a parser that found none would check nothing.
    assert!(checked > 100, "only {checked} paths found in the documents");
}

/// Following the README from the repository's top (`cargo run --release`, S) leaves
/// `screenshots/` there, whose example name the README then reopens: an example, not a
/// file of the repository that must be there.
#[test]
fn what_the_readmes_steps_leave_in_the_repository_is_not_taken_for_its_files() {
    let saves = Path::new(ROOT).join("screenshots");
    let made = !saves.exists() && std::fs::create_dir(&saves).is_ok();
    let (missing, _) = missing();
    let tops = tops();
    if made {
        let _ = std::fs::remove_dir(&saves);
    }
    assert!(!tops.contains("screenshots"), "{tops:?}");
    let examples: Vec<&String> = missing
        .iter()
        .filter(|m| m.contains("screenshots/"))
        .collect();
    assert!(
        examples.is_empty(),
        "taken for files that must be there: {examples:?}"
    );
}

#[test]
fn paths_are_told_from_other_words_in_code() {
    let tops: BTreeSet<String> = ["src", "tests", "Cargo.toml", "README.md"]
        .map(String::from)
        .into();
    let found = |code: &str| paths_in(code, &tops);
    assert_eq!(found("tests/window.rs"), ["tests/window.rs"]);
    assert_eq!(found("tests/window/pins.rs:38"), ["tests/window/pins.rs"]);
    assert_eq!(
        found("cargo test --test live window::"),
        Vec::<String>::new()
    );
    assert_eq!(
        found("npm ci --prefix tests/web && cat Cargo.toml"),
        ["tests/web", "Cargo.toml"]
    );
    assert_eq!(found("src"), Vec::<String>::new(), "a word alone is a word");
    assert_eq!(
        found("src/*.rs target/web/ generate/rooms/ring.rs"),
        Vec::<String>::new()
    );
    let named = named(
        "See [the guide](assets/doc/GUIDE.md#tests) and `src/app/`.\n```text\nsrc/base/\n```\n\
         ```sh\ncargo run -- -o src/x.png\n```\n",
    );
    assert_eq!(named.links, [(1, "assets/doc/GUIDE.md#tests".to_string())]);
    assert_eq!(
        named.code,
        [
            (1, "src/app/".to_string()),
            (6, "cargo run -- -o src/x.png".to_string())
        ]
    );
}
