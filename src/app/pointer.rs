//! The mouse on the map: dragging, zooming at the pointer, double-clicks, the cell under
//! it. egui-macroquad passes every event to macroquad too, so each is first checked against
//! what egui is doing: no map action while the pointer is over the panel.

use egui_macroquad::egui;
use macroquad::input::{
    MouseButton, is_mouse_button_down, is_mouse_button_pressed, mouse_position, mouse_wheel,
};
use macroquad::time::get_time;

use super::action::Action;
use super::view::View;

/// Two presses this close in time and place make a double-click.
const DOUBLE_CLICK_SECONDS: f64 = 0.4;
const DOUBLE_CLICK_PIXELS: f32 = 6.0;
/// How much one wheel notch zooms.
const ZOOM_STEP: f32 = 1.25;

/// The mouse on the map: dragging, double-clicks.
#[derive(Debug, Default)]
pub struct Pointer {
    /// Where the pointer was last frame while dragging the map.
    dragging: Option<(f32, f32)>,
    /// When and where the left button was last pressed on the map.
    last_press: Option<(f64, (f32, f32))>,
}

impl Pointer {
    /// Apply the mouse to `view` (fitted at `fitted`, showing a `picture`-sized image);
    /// returns the new view, the picture pixel under the pointer, and any action asked for.
    pub fn handle(
        &mut self,
        ctx: &egui::Context,
        mut view: View,
        fitted: Option<View>,
        picture: Option<(u32, u32)>,
    ) -> (View, Option<(u32, u32)>, Vec<Action>) {
        let (mx, my) = mouse_position();
        let mut actions = Vec::new();
        if !is_mouse_button_down(MouseButton::Left) {
            self.dragging = None;
        }
        if let Some((lx, ly)) = self.dragging {
            view = view.pan(mx - lx, my - ly);
            self.dragging = Some((mx, my));
        }
        let over_panel =
            ctx.is_pointer_over_area() || ctx.wants_pointer_input() || ctx.is_using_pointer();
        if over_panel && self.dragging.is_none() {
            return (view, None, actions);
        }
        if is_mouse_button_pressed(MouseButton::Left) {
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
        let (_, wheel) = mouse_wheel();
        if wheel != 0.0 {
            let factor = ZOOM_STEP.powf(wheel.clamp(-3.0, 3.0));
            view = view.zoom_at(mx, my, factor, fitted.unwrap_or(view));
        }
        let hover = picture.and_then(|(w, h)| view.pixel_at(mx, my, w, h));
        (view, hover, actions)
    }

    /// Whether the left button is held (a slider or the map being dragged).
    pub fn is_down(&self) -> bool {
        is_mouse_button_down(MouseButton::Left)
    }
}
