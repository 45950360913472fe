//! Words for messages: lists joined as people write them, sizes and times as people read
//! them, and user input and file names quoted briefly and harmlessly, for the pictures and
//! files and for the program.
//!
//! Whatever a message quotes goes through one escaping ([`quote`] for typed or read text,
//! [`quote_path`] for file names): control characters, and the invisible characters that
//! reorder or hide the text around them (bidi overrides such as U+202E), are shown as
//! escapes, so that a hostile name neither moves the terminal's cursor nor reads backwards;
//! and it is bounded, so that a huge input gives a short line.

use std::fmt;
use std::path::Path;

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

/// The most characters of a file name a message shows: a longer one is cut in the middle,
/// keeping its start and its end (the file's own name).
pub const QUOTED_PATH: usize = 100;

/// `text` as a message quotes it: at most [`QUOTED`] characters (then `…` and how long it
/// was), escaped, so that a huge or hostile input neither floods the screen nor moves the
/// terminal's cursor.
#[must_use]
pub fn quote(text: &str) -> String {
    let mut out = String::new();
    for (n, unit) in units(text.as_bytes()).enumerate() {
        if n == QUOTED {
            let more = text.chars().count() - QUOTED;
            out.push_str(&format!("… ({more} more characters)"));
            break;
        }
        unit.push_to(&mut out);
    }
    out
}

/// The file name `path` as a message shows it: escaped as [`quote`] escapes (bytes that are
/// not UTF-8 as `\xNN`), and at most [`QUOTED_PATH`] characters, a longer name cut in the
/// middle with `…`.
#[must_use]
pub fn quote_path(path: &Path) -> String {
    let units: Vec<Unit> = units(path.as_os_str().as_encoded_bytes()).collect();
    let mut out = String::new();
    if units.len() <= QUOTED_PATH {
        units.iter().for_each(|u| u.push_to(&mut out));
    } else {
        let half = QUOTED_PATH / 2;
        units[..half].iter().for_each(|u| u.push_to(&mut out));
        out.push('…');
        units[units.len() - half..]
            .iter()
            .for_each(|u| u.push_to(&mut out));
    }
    out
}

/// One character of quoted text, or one byte that is not UTF-8.
#[derive(Clone, Copy)]
enum Unit {
    Char(char),
    Byte(u8),
}

/// The characters of `bytes`, and each byte that is not part of one.
fn units(bytes: &[u8]) -> impl Iterator<Item = Unit> + '_ {
    bytes.utf8_chunks().flat_map(|chunk| {
        let bad = chunk.invalid().iter().map(|&b| Unit::Byte(b));
        chunk.valid().chars().map(Unit::Char).chain(bad)
    })
}

impl Unit {
    /// Append the unit as a message shows it.
    fn push_to(self, out: &mut String) {
        match self {
            Unit::Char(c) if c.is_control() => out.extend(c.escape_default()),
            Unit::Char(c) if reorders_or_hides(c) => out.extend(c.escape_unicode()),
            Unit::Char(c) => out.push(c),
            Unit::Byte(b) => out.push_str(&format!("\\x{b:02x}")),
        }
    }
}

/// Whether `c` is invisible and changes how the text around it reads: bidi marks,
/// embeddings, overrides and isolates, zero-width characters, line and paragraph
/// separators.
fn reorders_or_hides(c: char) -> bool {
    matches!(
        c,
        '\u{061c}'
            | '\u{200b}'..='\u{200f}'
            | '\u{2028}'..='\u{202e}'
            | '\u{2060}'..='\u{2069}'
            | '\u{feff}'
            | '\u{fff9}'..='\u{fffb}'
    )
}

/// Bytes as people read them: `840 bytes`, `12 kB`, `3.8 GB`, `2.1 TB`.
pub struct Bytes(pub u64);

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const UNITS: [&str; 5] = ["kB", "MB", "GB", "TB", "PB"];
        let mut value = self.0 as f64;
        if value < 1000.0 {
            return write!(f, "{} bytes", self.0);
        }
        for unit in UNITS {
            value /= 1000.0;
            if value < 1000.0 || unit == "PB" {
                return if value < 10.0 {
                    write!(f, "{value:.1} {unit}")
                } else {
                    write!(f, "{value:.0} {unit}")
                };
            }
        }
        Ok(())
    }
}

/// A time as people read it: `40 s`, `11 min`, `3.2 h`.
pub(crate) struct Seconds(pub f64);

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.0;
        if s < 1.0 {
            write!(f, "a second")
        } else if s < 120.0 {
            write!(f, "{s:.0} s")
        } else if s < 2.0 * 3600.0 {
            write!(f, "{:.0} min", s / 60.0)
        } else {
            write!(f, "{:.1} h", s / 3600.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_times_read_as_people_write_them() {
        assert_eq!(Bytes(840).to_string(), "840 bytes");
        assert_eq!(Bytes(12_345).to_string(), "12 kB");
        assert_eq!(Bytes(3_810_000_000).to_string(), "3.8 GB");
        assert_eq!(Bytes(2_100_000_000_000).to_string(), "2.1 TB");
        assert_eq!(Seconds(0.2).to_string(), "a second");
        assert_eq!(Seconds(45.0).to_string(), "45 s");
        assert_eq!(Seconds(660.0).to_string(), "11 min");
        assert_eq!(Seconds(4.0 * 3600.0).to_string(), "4.0 h");
    }

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

    #[test]
    fn quotes_show_characters_that_reorder_text_as_escapes() {
        assert_eq!(quote("evil\u{202e}gnp.exe"), "evil\\u{202e}gnp.exe");
        assert_eq!(quote("a\u{2066}b\u{200b}"), "a\\u{2066}b\\u{200b}");
        assert_eq!(quote("Café ✓"), "Café ✓");
    }

    #[test]
    fn file_names_are_escaped_and_cut_in_the_middle() {
        assert_eq!(quote_path(Path::new("maps/cave.png")), "maps/cave.png");
        assert_eq!(
            quote_path(Path::new("/nonexistent/\u{1b}]0;pwned\u{7}.png")),
            "/nonexistent/\\u{1b}]0;pwned\\u{7}.png"
        );
        let long = format!("/{}/end.png", "d".repeat(100_000));
        let q = quote_path(Path::new(&long));
        assert_eq!(q.chars().count(), QUOTED_PATH + 1, "{q}");
        assert!(q.starts_with("/ddd") && q.ends_with("d/end.png") && q.contains('…'));
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            let odd = std::ffi::OsStr::from_bytes(b"bad\xffname.png");
            assert_eq!(quote_path(Path::new(odd)), "bad\\xffname.png");
        }
    }
}
