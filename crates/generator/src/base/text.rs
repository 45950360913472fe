//! Words for the generator's messages: user input quoted briefly and harmlessly, choices
//! joined as people write them.
//!
//! What a message quotes of the user's input is cut short, so that a huge input gives a
//! short line, and escaped as Rust escapes text for debugging (control characters, and the
//! invisible characters that reorder or hide the text around them, such as U+202E, as
//! `\u{..}`), so that a hostile value neither moves the terminal's cursor nor reads
//! backwards.

/// The most characters of user input a message quotes.
const QUOTED: usize = 40;

/// `text` as a message quotes it: at most [`QUOTED`] characters (then `…` and how many
/// more there were), escaped.
pub fn quote(text: &str) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(QUOTED).collect();
    let mut out = head.escape_debug().to_string();
    let more = chars.count();
    if more > 0 {
        out.push_str(&format!("… ({more} more characters)"));
    }
    out
}

/// `a`, `a or b`, `a, b or c`: the items joined as a choice.
pub fn join_or<S: AsRef<str>>(items: &[S]) -> String {
    let items: Vec<&str> = items.iter().map(AsRef::as_ref).collect();
    match items.split_last() {
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_read_as_a_list() {
        assert_eq!(join_or::<&str>(&[]), "");
        assert_eq!(join_or(&["a"]), "a");
        assert_eq!(join_or(&["a", "b"]), "a or b");
        assert_eq!(join_or(&["a", "b", "c"]), "a, b or c");
    }

    #[test]
    fn quotes_are_short_and_show_control_and_reordering_characters() {
        assert_eq!(quote("seed"), "seed");
        assert_eq!(quote("a\u{1b}[2Jb\n"), "a\\u{1b}[2Jb\\n");
        assert_eq!(quote("evil\u{202e}gnp"), "evil\\u{202e}gnp");
        assert_eq!(quote("a\u{2066}b\u{200b}"), "a\\u{2066}b\\u{200b}");
        assert_eq!(quote("Café ✓"), "Café ✓");
        let long = "9".repeat(1_000_000);
        let q = quote(&long);
        assert!(q.len() < 80, "{q}");
        assert!(q.ends_with("(999960 more characters)"), "{q}");
    }
}
