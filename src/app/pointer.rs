//! The mouse on the map: dragging the map or a pinned room, pinning with Ctrl+click,
//! zooming at the pointer, double-clicks, the cell under it. egui-macroquad passes every
//! event to macroquad too, so each is first checked against what egui is doing: no map
//! action while the pointer is over the panel.

use egui_macroquad::egui;
use macroquad::input::{
    KeyCode, MouseButton, is_key_down, is_mouse_button_down, is_mouse_button_pressed,
    mouse_position, mouse_wheel,
};
use macroquad::time::get_time;

use super::action::{Action, PinAction};
use super::view::View;
use dungeon_generator::Pos;

/// Two presses this close in time and place make a double-click.
const DOUBLE_CLICK_SECONDS: f64 = 0.4;
const DOUBLE_CLICK_PIXELS: f32 = 6.0;
/// How much one wheel notch zooms.
const ZOOM_STEP: f32 = 1.25;

/// What the pointer acts on: the map's picture, and its cells.
pub struct Target<'a> {
    /// The view that fits the map, for the limits of zooming.
    pub fitted: Option<View>,
    /// The picture's size in pixels, when there is one.
    pub picture: Option<(u32, u32)>,
    /// The cell at a pixel of the picture.
    pub cell_at: &'a dyn Fn((u32, u32)) -> Option<Pos>,
    /// Whether a pinned room covers a cell.
    pub pinned: &'a dyn Fn(Pos) -> bool,
}

/// The mouse on the map: dragging, double-clicks.
#[derive(Debug, Default)]
pub struct Pointer {
    /// Where the pointer was last frame while dragging the map.
    dragging: Option<(f32, f32)>,
    /// The cell a pinned room being dragged was last moved to.
    room: Option<Pos>,
    /// When and where the left button was last pressed on the map.
    last_press: Option<(f64, (f32, f32))>,
}

impl Pointer {
    /// Apply the mouse to `view`, showing `target`; returns the new view, the cell under
    /// the pointer, and any action asked for.
    pub fn handle(
        &mut self,
        ctx: &egui::Context,
        mut view: View,
        target: &Target,
    ) -> (View, Option<Pos>, Vec<Action>) {
        let (mx, my) = mouse_position();
        let mut actions = Vec::new();
        let cell = target
            .picture
            .and_then(|(w, h)| view.pixel_at(mx, my, w, h))
            .and_then(target.cell_at);
        if !is_mouse_button_down(MouseButton::Left) {
            self.dragging = None;
            if self.room.take().is_some() {
                actions.push(Action::Pin(PinAction::LetGo));
            }
        }
        if let Some((lx, ly)) = self.dragging {
            view = view.pan(mx - lx, my - ly);
            self.dragging = Some((mx, my));
        }
        // Off the map, a dragged room stays where it was.
        if let (Some(last), Some(cell)) = (self.room, cell)
            && cell != last
        {
            actions.push(Action::Pin(PinAction::DragTo(cell)));
            self.room = Some(cell);
        }
        let over_panel =
            ctx.is_pointer_over_area() || ctx.wants_pointer_input() || ctx.is_using_pointer();
        if over_panel && self.dragging.is_none() && self.room.is_none() {
            return (view, None, actions);
        }
        if is_mouse_button_pressed(MouseButton::Left) {
            self.press(ctx, (mx, my), cell, target, &mut actions);
        }
        let (_, wheel) = mouse_wheel();
        if wheel != 0.0 {
            let factor = ZOOM_STEP.powf(wheel.clamp(-3.0, 3.0));
            view = view.zoom_at(mx, my, factor, target.fitted.unwrap_or(view));
        }
        (view, cell, actions)
    }

    /// The left button pressed on the map at `(mx, my)` on screen, over `cell`: with Ctrl, pin or
    /// unpin the room there; on a pinned room, drag it; twice quickly, fit the map; else
    /// drag the map.
    fn press(
        &mut self,
        ctx: &egui::Context,
        (mx, my): (f32, f32),
        cell: Option<Pos>,
        target: &Target,
        actions: &mut Vec<Action>,
    ) {
        // Held now, or when the click came (let go within the frame of the click).
        let ctrl = is_key_down(KeyCode::LeftControl)
            || is_key_down(KeyCode::RightControl)
            || ctx.input(|i| {
                i.events.iter().any(|e| {
                    matches!(e, egui::Event::PointerButton { pressed: true, modifiers, .. }
                        if modifiers.ctrl)
                })
            });
        if let Some(cell) = cell {
            if ctrl {
                actions.push(Action::Pin(PinAction::Toggle(cell)));
                return;
            }
            if (target.pinned)(cell) {
                actions.push(Action::Pin(PinAction::Grab(cell)));
                self.room = Some(cell);
                self.last_press = None;
                return;
            }
        }
        let now = get_time();
        let double = self.last_press.is_some_and(|(t, (x, y))| {
            now - t < DOUBLE_CLICK_SECONDS
                && (mx - x).abs() < DOUBLE_CLICK_PIXELS
                && (my - y).abs() < DOUBLE_CLICK_PIXELS
        });
        if double {
            actions.push(Action::Fit);
            self.last_press = None;
        } else {
            self.last_press = Some((now, (mx, my)));
            self.dragging = Some((mx, my));
        }
    }

    /// Whether the left button is held (a slider or the map being dragged).
    pub fn is_down(&self) -> bool {
        is_mouse_button_down(MouseButton::Left)
    }
}
