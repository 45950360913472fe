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

/// A pinned room being dragged: which pin, the cell it was grabbed by, and the recipe when
/// it was grabbed (each step moves the pin from there).
#[derive(Debug)]
pub struct RoomDrag {
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
                self.room_drag = pin_covering(recipe, cell).map(|pin| RoomDrag {
                    pin,
                    grabbed: cell,
                    from: recipe.clone(),
                });
                if self.room_drag.is_some() {
                    self.status.say(MOVING);
                }
            }
            PinAction::DragTo(cell) => {
                let Some(drag) = &self.room_drag else {
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
            PinAction::LetGo => self.room_drag = None,
        }
    }

    /// Unpin the pinned room at `cell`, or pin the room of the map on screen there.
    fn toggle_pin(&mut self, cell: Pos) {
        if let Some(unpinned) = self.session.recipe.unpin_at(cell.x, cell.y) {
            self.session.apply(unpinned);
            self.status.say("Unpinned the room");
            return;
        }
        let Some(shown) = self.screen.shown.as_ref().map(|s| &s.map.dungeon) else {
            return;
        };
        match self.session.recipe.pin_at(shown, cell.x, cell.y) {
            Ok(pinned) => {
                self.session.apply(pinned);
                self.status.say(
                    "Pinned the room: New, New rooms and the sliders keep it; drag it to move \
                     it, Ctrl+click to unpin it",
                );
            }
            Err(e) => self.status.problem(format!("Not pinned: {e}")),
        }
    }

    /// Unpin every pin the current recipe cannot keep (a map made too small, a pin opened
    /// onto another), saying which and why, so the map is still made.
    pub(crate) fn unpin_what_cannot_stay(&mut self) {
        while let Err(e) = self.session.recipe.check_pins() {
            let recipe = &mut self.session.recipe;
            // The first pin that does not fit with those before it.
            let bad = (0..recipe.pins.len()).find(|&n| {
                let mut first = recipe.clone();
                first.pins.truncate(n + 1);
                first.check_pins().is_err()
            });
            let Some(bad) = bad else {
                return;
            };
            recipe.pins.remove(bad);
            self.status.problem(format!("Unpinned a room: {e}"));
        }
    }
}

/// Which pin of `recipe` covers `cell`.
pub fn pin_covering(recipe: &Recipe, cell: Pos) -> Option<usize> {
    recipe
        .pins
        .iter()
        .position(|pin| pin.covers(cell.x, cell.y))
}
