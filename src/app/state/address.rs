//! The address is the map, in the browser: the recipe of the map on screen travels in the
//! address's fragment (`…/#dv1%20seed=7%20rooms=14`), written as the map changes, each
//! layout seen a step of the browser's history, so that copying the address shares the
//! map and Back goes back. The look travels after it, when it is not the original one
//! (`…%20look=numbers,hatched`, in the look table's order); a change of look replaces the
//! step rather than adding one. An address opened, or changed by Back, Forward or a hand,
//! opens its map in its look; a recipe or a look there that is malformed or out of range,
//! or a %-escape that is not one, is said in the status bar and the map stays. On the
//! desktop there is no address, and nothing here acts.

use super::App;
use crate::app::platform;
use dungeon_files::draw::look::Look;
use dungeon_files::text::quote;
use dungeon_generator::Recipe;

/// What comes before the look's names in the address.
const LOOK: &str = " look=";

/// An address's fragment as the recipe's text and the look's names, if it names a look.
fn split(fragment: &str) -> (&str, Option<&str>) {
    match fragment.rsplit_once(LOOK) {
        Some((recipe, names)) if !names.contains(' ') => (recipe, Some(names)),
        _ => (fragment, None),
    }
}

/// What the address holds, as far as the window knows.
#[derive(Debug, Default)]
pub struct Address {
    /// The fragment last read or written; `None` before the first look.
    holds: Option<String>,
    /// Whether it holds no map (empty, or a recipe that could not be opened): the next
    /// map replaces it rather than adding a step to the history.
    holds_no_map: bool,
    /// The fragment as last read, before decoding: a long address is decoded once, not at
    /// every frame.
    read: Option<String>,
    /// The recipe and look last written to it, so that a recipe of thousands of pins is
    /// not written out again at every frame to be compared.
    shows: Option<(Recipe, Look)>,
}

impl Address {
    /// The fragment, its %-escapes decoded, when it changed since the last look (the page
    /// opened on it, or the user went Back or edited it); `Err` says which escape is bad.
    fn changed(&mut self) -> Option<Result<String, String>> {
        let raw = platform::fragment()?;
        if self.read.as_ref() == Some(&raw) {
            return None;
        }
        let now = decoded(&raw);
        self.read = Some(raw.clone());
        let text = now.as_ref().unwrap_or(&raw);
        if self.holds.as_ref() == Some(text) {
            return None;
        }
        self.holds = Some(text.clone());
        self.shows = None;
        Some(now)
    }

    /// Make the fragment `recipe`'s in `look`: a new step of the browser's history, unless
    /// the address held no recipe yet or only the look changed.
    fn show(&mut self, recipe: &Recipe, look: &Look) {
        if self
            .shows
            .as_ref()
            .is_some_and(|(r, l)| r == recipe && l == look)
        {
            return;
        }
        self.shows = Some((recipe.clone(), *look));
        let mut text = recipe.to_string();
        let names = look.names();
        if !names.is_empty() {
            text = format!("{text}{LOOK}{names}");
        }
        if self.holds.as_ref() == Some(&text) {
            return;
        }
        let same_map = self
            .holds
            .as_deref()
            .is_some_and(|held| split(held).0 == split(&text).0);
        platform::set_fragment(&text, !self.holds_no_map && !same_map);
        self.holds = Some(text);
        // What was read before is no longer there: Back to it, before the next look, is a
        // change.
        self.read = None;
        self.holds_no_map = false;
    }
}

impl App {
    /// Open the map the address asks for, if it asks for a new one (before the frame asks
    /// for the map to show).
    pub fn follow_address(&mut self) {
        if let Some(text) = self.address.changed() {
            let asked = match text {
                Ok(text) => {
                    let (text, names) = split(&text);
                    match Look::from_names(names.unwrap_or_default()) {
                        Ok(look) => self.look = look,
                        Err(e) => self
                            .status
                            .problem(format!("The address holds no look to show: {e}")),
                    }
                    // Parsing validates too (pins and all): once, not twice, for a long
                    // address.
                    (!text.trim().is_empty())
                        .then(|| text.parse::<Recipe>().map_err(|e| e.to_string()))
                }
                Err(bad) => Some(Err(bad)),
            };
            self.address.holds_no_map = !matches!(asked, Some(Ok(_)));
            match asked {
                None => {}
                Some(Ok(recipe)) if recipe == *self.session.seen() => {}
                Some(Ok(recipe)) => {
                    self.open(recipe);
                    self.status
                        .say("Opened the map in the address.".to_string());
                }
                Some(Err(e)) => self
                    .status
                    .problem(format!("The address holds no map to open: {e}")),
            }
        }
    }

    /// Make the address show the layout seen (after the frame recorded it).
    pub fn show_address(&mut self) {
        if !self.pointer.is_down() {
            let seen = self.session.seen().clone();
            self.address.show(&seen, &self.look);
        }
    }
}

/// The address's fragment `raw` as the user reads it: each %-escape (`%20`) the byte it
/// stands for, the bytes read as UTF-8.
///
/// # Errors
/// A `%` without two hexadecimal digits after it, or escapes that make no UTF-8 text: the
/// message names the first such escape and where it is.
fn decoded(raw: &str) -> Result<String, String> {
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] != b'%' {
            out.push(bytes[at]);
            at += 1;
            continue;
        }
        let digits = bytes.get(at + 1..at + 3).and_then(|two| {
            let two = std::str::from_utf8(two).ok()?;
            u8::from_str_radix(two, 16)
                .ok()
                .filter(|_| !two.starts_with('+'))
        });
        let Some(byte) = digits else {
            let escape: String = raw[at..].chars().take(3).collect();
            return Err(format!(
                "`{}`, at character {} after the #, is not a %-escape (a % and two \
                 hexadecimal digits)",
                quote(&escape),
                raw[..at].chars().count() + 1
            ));
        };
        out.push(byte);
        at += 3;
    }
    String::from_utf8(out).map_err(|e| {
        // The escape whose byte broke the text: count back from the byte to its escape.
        let bad = e.utf8_error().valid_up_to();
        let at = escape_of(raw, bad);
        format!(
            "the %-escape `{}`, at character {} after the #, makes no UTF-8 text",
            quote(&raw[at..(at + 3).min(raw.len())]),
            raw[..at].chars().count() + 1
        )
    })
}

/// Where in `raw` the decoded byte `index` comes from.
fn escape_of(raw: &str, index: usize) -> usize {
    let (mut at, mut byte) = (0, 0);
    while byte < index && at < raw.len() {
        at += if raw.as_bytes()[at] == b'%' { 3 } else { 1 };
        byte += 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::decoded;

    #[test]
    fn escapes_are_decoded_as_browsers_write_them() {
        assert_eq!(
            decoded("dv1%20seed=7%20rooms=14").unwrap(),
            "dv1 seed=7 rooms=14"
        );
        assert_eq!(decoded("dv1 seed=7").unwrap(), "dv1 seed=7");
        assert_eq!(decoded("caf%C3%A9%25").unwrap(), "café%");
        assert_eq!(decoded("").unwrap(), "");
    }

    #[test]
    fn a_bad_escape_is_named_with_its_place() {
        let said = decoded("dv1%20seed=7%ZZ%20rooms=3").unwrap_err();
        assert!(
            said.starts_with("`%ZZ`, at character 13 after the #, is not a %-escape"),
            "{said}"
        );
        let said = decoded("dv1%20seed=7%2").unwrap_err();
        assert!(said.starts_with("`%2`, at character 13"), "{said}");
        let said = decoded("dv1%+1").unwrap_err();
        assert!(said.starts_with("`%+1`, at character 4"), "{said}");
        let said = decoded("a%\u{202e}b").unwrap_err();
        assert!(said.starts_with("`%\\u{202e}b`, at character 2"), "{said}");
        let said = decoded("dv1%20seed=%FF7").unwrap_err();
        assert!(
            said.starts_with("the %-escape `%FF`, at character 12 after the #, makes no UTF-8"),
            "{said}"
        );
    }
}
