//! Words for messages: lists joined as people write them, and user input quoted briefly.

/// `a`, `a or b`, `a, b or c`: the items joined as a choice.
#[must_use]
pub fn join_or<S: AsRef<str>>(items: &[S]) -> String {
    match items.split_last() {
        Some((last, [])) => last.as_ref().to_string(),
        Some((last, rest)) => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} or {}", rest.join(", "), last.as_ref())
        }
        None => String::new(),
    }
}

/// The most characters of user input a message quotes.
pub const QUOTED: usize = 40;

/// `text` as a message quotes it: at most [`QUOTED`] characters (then `…` and how long it
/// was), control characters shown as escapes, so that a huge or hostile input neither
/// floods the screen nor moves the terminal's cursor.
#[must_use]
pub fn quote(text: &str) -> String {
    let mut out = String::new();
    for (n, c) in text.chars().enumerate() {
        if n == QUOTED {
            let more = text.chars().count() - QUOTED;
            out.push_str(&format!("… ({more} more characters)"));
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
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
    fn quotes_are_short_and_show_control_characters() {
        assert_eq!(quote("seed"), "seed");
        assert_eq!(quote("a\u{1b}[2Jb\n"), "a\\u{1b}[2Jb\\n");
        let long = "9".repeat(1_000_000);
        let q = quote(&long);
        assert!(q.len() < 80, "{q}");
        assert!(q.ends_with("(999960 more characters)"), "{q}");
    }
}
