//! The commands the README and the documents show: the program's invocations, in code
//! blocks and inline code, and transcripts of what it prints. `tests/readme.rs` runs them;
//! the README's pictures are held to the commands that make them (`pictures.rs`).

/// A command a document shows.
#[derive(Debug)]
pub struct Example {
    /// Where: `README.md:42`.
    pub at: String,
    /// The program's arguments.
    pub args: Vec<String>,
    /// For a transcript (`$ dungeon-viewer …` in a block), the output it shows.
    pub shown: Option<Vec<String>>,
}

/// The program's invocations in `markdown`: `cargo run --release -- ARGS` (or alone) and
/// `target/release/dungeon-viewer ARGS`, in code blocks (one a line, up to a `#` comment)
/// and in inline code (which may break over lines); and transcripts, `$ dungeon-viewer ARGS`
/// in a code block followed by what it prints.
pub fn examples(document: &str, markdown: &str) -> Vec<Example> {
    let mut found = Vec::new();
    let lines: Vec<&str> = markdown.lines().collect();
    let mut fenced = false;
    // Inline code outside blocks: its text and the line it starts on.
    let mut span: Option<(String, usize)> = None;
    for (i, line) in lines.iter().enumerate() {
        let at = format!("{document}:{}", i + 1);
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            if let Some(rest) = line.strip_prefix("$ dungeon-viewer ") {
                let shown = lines[i + 1..]
                    .iter()
                    .take_while(|l| !l.starts_with("```") && !l.starts_with('$'))
                    .map(|l| (*l).to_string())
                    .collect();
                found.push(Example {
                    at,
                    args: words(rest),
                    shown: Some(shown),
                });
            } else if let Some(args) = invocation(line) {
                found.push(Example {
                    at,
                    args,
                    shown: None,
                });
            }
            continue;
        }
        for (j, piece) in line.split('`').enumerate() {
            if j > 0 {
                // A backtick opens or closes a span.
                span = match span.take() {
                    Some((text, start)) => {
                        if let Some(args) = invocation(&text) {
                            found.push(Example {
                                at: format!("{document}:{start}"),
                                args,
                                shown: None,
                            });
                        }
                        None
                    }
                    None => Some((String::new(), i + 1)),
                };
            }
            if let Some((text, _)) = &mut span {
                if j == 0 && !text.is_empty() {
                    text.push(' ');
                }
                text.push_str(piece);
            }
        }
    }
    found
}

/// The program's arguments, if `text` runs the program.
fn invocation(text: &str) -> Option<Vec<String>> {
    if let Some((_, rest)) = text.split_once("target/release/dungeon-viewer") {
        return Some(words(rest));
    }
    let (_, rest) = text.split_once("cargo run --release")?;
    let rest = words(rest);
    match rest.first().map(String::as_str) {
        None => Some(Vec::new()),
        Some("--") => Some(rest[1..].to_vec()),
        // Another package's example, or cargo's own flags.
        Some(_) => None,
    }
}

/// `text` split as a shell splits it: by blanks, with '…' and "…" quoting, up to a `#`.
pub fn words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote = None;
    for c in text.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.get_or_insert_default().push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                word.get_or_insert_default();
            }
            (None, c) if c.is_whitespace() => words.extend(word.take()),
            (None, '#') if word.is_none() => break,
            (None, c) => word.get_or_insert_default().push(c),
        }
    }
    words.extend(word);
    words
}
