//! The address is the map, in the browser: the recipe of the map on screen travels in the
//! address's fragment (`…/#dv1%20seed=7%20rooms=14`), written as the map changes, each
//! layout seen a step of the browser's history, so that copying the address shares the
//! map and Back goes back. An address opened, or changed by Back, Forward or a hand, opens
//! its map; a recipe there that is malformed or out of range is said in the status bar and
//! the map stays. On the desktop there is no address, and nothing here acts.

use super::App;
use crate::app::platform;
use dungeon_generator::Recipe;

/// What the address holds, as far as the window knows.
#[derive(Debug, Default)]
pub struct Address {
    /// The fragment last read or written; `None` before the first look.
    holds: Option<String>,
    /// Whether it holds no map (empty, or a recipe that could not be opened): the next
    /// map replaces it rather than adding a step to the history.
    holds_no_map: bool,
}

impl Address {
    /// The fragment, when it changed since the last look (the page opened on it, or the
    /// user went Back or edited it).
    fn changed(&mut self) -> Option<String> {
        let now = platform::fragment()?;
        if self.holds.as_ref() == Some(&now) {
            return None;
        }
        self.holds = Some(now.clone());
        Some(now)
    }

    /// Make the fragment `recipe`'s: a new step of the browser's history, unless the
    /// address held no recipe yet.
    fn show(&mut self, recipe: &Recipe) {
        let text = recipe.to_string();
        if self.holds.as_ref() == Some(&text) {
            return;
        }
        platform::set_fragment(&text, !self.holds_no_map);
        self.holds = Some(text);
        self.holds_no_map = false;
    }
}

impl App {
    /// Open the map the address asks for, if it asks for a new one (before the frame asks
    /// for the map to show).
    pub fn follow_address(&mut self) {
        if let Some(text) = self.address.changed() {
            let asked = (!text.trim().is_empty()).then(|| {
                text.parse::<Recipe>()
                    .and_then(|r| r.validate().map(|()| r))
            });
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
            self.address.show(&seen);
        }
    }
}
