//! The seed box and the history: type a seed, make a new one, go back and forward through
//! the maps seen.

use std::num::IntErrorKind;

use egui_macroquad::egui::{self, Color32};

use super::field::field;
use crate::app::action::Action;
use crate::app::session::{Session, Stage};
use crate::app::status::Status;

/// The seed box: the text being typed, kept apart from the recipe until Enter or until
/// the box loses focus, so that typing a seed records one layout, not one per key.
#[derive(Debug, Default)]
pub struct SeedField {
    text: String,
    /// The recipe's seed the text last showed.
    showing: Option<u64>,
    error: Option<SeedError>,
}

/// Why a seed typed into the seed box is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SeedError {
    #[error("type a seed: a whole number from 0 to {}", u64::MAX)]
    Empty,
    #[error("too big: a seed goes up to {}", u64::MAX)]
    TooBig,
    #[error("not a seed: type a whole number from 0 to {}", u64::MAX)]
    NotANumber,
}

/// A seed as typed: a whole number from 0 to 2⁶⁴−1, spaces around it ignored.
///
/// # Errors
/// Nothing typed, a number too big, or anything else than digits.
pub fn parse_seed(text: &str) -> Result<u64, SeedError> {
    text.trim()
        .parse()
        .map_err(|e: std::num::ParseIntError| match e.kind() {
            IntErrorKind::Empty => SeedError::Empty,
            IntErrorKind::PosOverflow => SeedError::TooBig,
            _ => SeedError::NotANumber,
        })
}

impl SeedField {
    /// The seed box, New seed, Back and Forward, in one row; the place in the history on
    /// hover. What is typed shows red while it is not a seed, and why goes to the status
    /// bar when the box is left, so nothing below the row moves.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        session: &Session,
        status: &mut Status,
        actions: &mut Vec<Action>,
    ) {
        let current = session.recipe.seed;
        let (at, of) = session.place();
        ui.horizontal(|ui| {
            ui.label("Seed");
            let mut edit = egui::TextEdit::singleline(&mut self.text)
                .char_limit(24)
                .desired_width(widest_seed(ui));
            if self.error.is_some() {
                edit = edit.text_color(Color32::LIGHT_RED);
            }
            let hover = match &self.error {
                Some(e) => format!("{e}."),
                None => "Every random choice of the map comes from this number: the same seed \
                         and settings give the same map. Type one (from a saved picture's \
                         name, say) and press Enter."
                    .to_string(),
            };
            let typed = field(ui, edit);
            let field = typed.response.on_hover_text(hover);
            if field.changed() {
                self.error = parse_seed(&self.text).err();
            }
            if typed.left {
                // Enter or a click elsewhere: the typed seed becomes the map's, once.
                match parse_seed(&self.text) {
                    Ok(typed) if typed != current => actions.push(Action::SetSeed(typed)),
                    Ok(_) => self.error = None,
                    Err(e) => {
                        // Said in the status bar; the box shows the map's seed again.
                        status.problem(format!("Seed not changed: {e}"));
                        self.error = None;
                        self.text = current.to_string();
                    }
                }
            } else if !field.has_focus() && self.showing != Some(current) {
                // The seed changed elsewhere (new seed, back, a pasted recipe): show it.
                self.text = current.to_string();
                self.showing = Some(current);
                self.error = None;
            }
            if ui
                .button("New")
                .on_hover_text("A new random map with the same settings (Space).")
                .clicked()
            {
                actions.push(Action::NewSeed);
            }
            let history = format!("map {at} of {of} seen this session");
            if ui
                .add_enabled(session.can_go_back(), egui::Button::new("◀"))
                .on_hover_text(format!(
                    "Back to the map seen before (Left or Backspace); {history}."
                ))
                .on_disabled_hover_text(format!("No map before this one; {history}."))
                .clicked()
            {
                actions.push(Action::Back);
            }
            if ui
                .add_enabled(session.can_go_forward(), egui::Button::new("▶"))
                .on_hover_text(format!("Forward again (Right); {history}."))
                .on_disabled_hover_text(format!("No map after this one; {history}."))
                .clicked()
            {
                actions.push(Action::Forward);
            }
        });
        reroll_row(ui, session, actions);
    }
}

/// New rooms and New corridors, and the pinned rooms: how many, and Unpin all.
fn reroll_row(ui: &mut egui::Ui, session: &Session, actions: &mut Vec<Action>) {
    ui.horizontal(|ui| {
        if ui
            .button("New rooms")
            .on_hover_text(
                "New places and shapes for the rooms; the corridor and connection styles, the \
                 settings and the pinned rooms stay (R).",
            )
            .clicked()
        {
            actions.push(Action::Reroll(Stage::Rooms));
        }
        if ui
            .button("New corridors")
            .on_hover_text(
                "New corridors between the same rooms, which stay cell for cell: new wiggles \
                 and bends, and for chain a new order (C).",
            )
            .clicked()
        {
            actions.push(Action::Reroll(Stage::Corridors));
        }
        let pins = session.recipe.pins.len();
        let how = "Ctrl+click a room to pin it: it keeps its cells through New, New rooms \
                   and the sliders. Drag a pinned room to move it; Ctrl+click it to unpin it.";
        if pins == 0 {
            ui.weak("no pins").on_hover_text(how);
        } else {
            ui.label(format!("{pins} pinned")).on_hover_text(how);
            if ui
                .small_button("Unpin all")
                .on_hover_text("Let every pinned room go (Back pins them again).")
                .clicked()
            {
                let mut recipe = session.recipe.clone();
                recipe.pins.clear();
                actions.push(Action::Apply(recipe));
            }
        }
    });
}

/// The width of the largest seed in the seed box's font, and room for the cursor: every
/// seed shows whole.
fn widest_seed(ui: &egui::Ui) -> f32 {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let text = u64::MAX.to_string();
    ui.fonts(|f| f.layout_no_wrap(text, font, Color32::WHITE).size().x) + 2.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_seed_reads_back_exactly() {
        assert_eq!(parse_seed(&u64::MAX.to_string()), Ok(u64::MAX));
        // Above 2^53 a float would round it: 9007199254740993 is not an f64.
        let odd = (1_u64 << 53) + 1;
        assert_eq!(parse_seed(&odd.to_string()), Ok(odd));
        assert_eq!(parse_seed("0"), Ok(0));
        assert_eq!(
            parse_seed("1210672589875049556"),
            Ok(1_210_672_589_875_049_556)
        );
    }

    #[test]
    fn spaces_around_a_seed_are_ignored() {
        assert_eq!(parse_seed("  42 "), Ok(42));
        assert_eq!(parse_seed("\t7\n"), Ok(7));
    }

    #[test]
    fn anything_else_says_what_a_seed_is() {
        assert_eq!(parse_seed(""), Err(SeedError::Empty));
        assert_eq!(parse_seed("   "), Err(SeedError::Empty));
        assert_eq!(parse_seed("18446744073709551616"), Err(SeedError::TooBig));
        for junk in ["-1", "4 2", "1e9", "0x10", "seven", "3.0", "+-1"] {
            assert_eq!(parse_seed(junk), Err(SeedError::NotANumber), "{junk:?}");
        }
        assert!(
            SeedError::NotANumber
                .to_string()
                .contains("18446744073709551615")
        );
    }
}
