//! Pinned rooms in the window. Ctrl+click pins the room under the pointer (or unpins a
//! pinned one): it keeps its cells through New, New rooms and every slider that can keep
//! it. A pinned room dragged moves, the rest of the map made again around it at each step;
//! where it cannot go it stays at the last place it fitted, and the whole drag is one step
//! of the history. A change that cannot keep a pin (a map made too small for it) unpins it
//! and says so.

use super::App;
use crate::app::action::PinAction;
use dungeon_generator::Pos;
use dungeon_generator::Recipe;

/// What the status bar says while a pinned room is dragged.
const MOVING: &str = "Moving the pinned room: let go to leave it there (Back undoes it)";

/// The window's pinned rooms: one being dragged, and the recipe whose pins and vaults were
/// last found to be kept (checked again only when the recipe changes: a recipe of
/// thousands of pins is checked once, not at every frame).
#[derive(Debug, Default)]
pub struct Pins {
    drag: Option<RoomDrag>,
    kept: Option<Recipe>,
}

/// A pinned room being dragged: which pin, the cell it was grabbed by, and the recipe when
/// it was grabbed (each step moves the pin from there).
#[derive(Debug)]
struct RoomDrag {
    pin: usize,
    grabbed: Pos,
    from: Recipe,
}

impl App {
    /// Carry out what the mouse asks of pinned rooms.
    pub(crate) fn pin_action(&mut self, action: PinAction) {
        match action {
            PinAction::Toggle(cell) => self.toggle_pin(cell),
            PinAction::Grab(cell) => {
                let recipe = &self.session.recipe;
                self.pins.drag = recipe.pin_covering(cell).map(|pin| RoomDrag {
                    pin,
                    grabbed: cell,
                    from: recipe.clone(),
                });
                if self.pins.drag.is_some() {
                    self.status.say(MOVING);
                }
            }
            PinAction::DragTo(cell) => {
                let Some(drag) = &self.pins.drag else {
                    return;
                };
                let dx = i64::from(cell.x) - i64::from(drag.grabbed.x);
                let dy = i64::from(cell.y) - i64::from(drag.grabbed.y);
                // Where it does not fit, the room stays where it last did.
                if let Ok(moved) = drag.from.moved_pin(drag.pin, dx, dy) {
                    self.session.recipe = moved;
                }
                self.status.say(MOVING);
            }
            PinAction::LetGo => self.pins.drag = None,
        }
    }

    /// Unpin the pinned room at `cell`, or pin the room of the map on screen there, saying
    /// which room by its number, as the numbers look shows it.
    fn toggle_pin(&mut self, cell: Pos) {
        let shown = self.screen.shown.as_ref().map(|s| &s.map.dungeon);
        let number = shown
            .and_then(|d| d.tile(cell))
            .and_then(|t| t.room())
            .map_or_else(String::new, |i| format!(" {}", i + 1));
        if let Some(unpinned) = self.session.recipe.unpin_at(cell) {
            self.session.apply(unpinned);
            self.status.say(format!("Unpinned room{number}"));
            return;
        }
        let Some(shown) = shown else {
            return;
        };
        match self.session.recipe.pin_at(shown, cell) {
            Ok(pinned) => {
                self.session.apply(pinned);
                self.status.say(format!(
                    "Pinned room{number}: New, New rooms and the sliders keep it; drag it to \
                     move it, Ctrl+click to unpin it"
                ));
            }
            Err(e) => self.status.problem(format!("Not pinned: {e}")),
        }
    }

    /// Unpin every pin the current recipe cannot keep (a map made too small, a pin opened
    /// onto another), and leave out such vaults, saying which and why, so the map is still
    /// made.
    pub(crate) fn unpin_what_cannot_stay(&mut self) {
        if self.pins.kept.as_ref() == Some(&self.session.recipe) {
            return;
        }
        let (kept, why) = self.session.recipe.without_what_cannot_stay();
        self.pins.kept = Some(kept.clone());
        let Some(first) = why.first() else {
            return;
        };
        self.session.recipe = kept;
        let more = match why.len() {
            1 => String::new(),
            n => format!(" (and {} more)", n - 1),
        };
        self.status
            .problem(format!("Unpinned a room: {first}{more}"));
    }
}
