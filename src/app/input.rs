//! The keyboard shortcuts and the mouse on the map. egui-macroquad passes every event to
//! macroquad too, so each is first checked against what egui is doing: no shortcut while a
//! text field has the keyboard, no map action while the pointer is over the panel.

use egui_macroquad::egui;
use macroquad::input::{
    KeyCode, MouseButton, get_char_pressed, get_keys_down, is_key_down, is_key_pressed,
    is_mouse_button_down, is_mouse_button_pressed, mouse_position, mouse_wheel,
};
use macroquad::time::get_time;

use dungeon_viewer::formats::Format;

use super::keep::KeepAction;
use super::panel::{Action, LOOK_TOGGLES};
use super::view::View;
use super::watch::WatchAction;

/// Two presses this close in time and place make a double-click.
const DOUBLE_CLICK_SECONDS: f64 = 0.4;
const DOUBLE_CLICK_PIXELS: f32 = 6.0;
/// How much one wheel notch zooms.
const ZOOM_STEP: f32 = 1.25;

/// The actions asked for by keys this frame.
pub fn shortcuts(ctx: &egui::Context, help_open: bool, gallery_open: bool) -> Vec<Action> {
    // Always drain the typed characters, or they would pile up.
    let mut typed = Vec::new();
    while let Some(c) = get_char_pressed() {
        typed.push(c);
    }
    if ctx.wants_keyboard_input() {
        return Vec::new();
    }
    // Arrow keys also move a focused slider; leave them to it.
    let focused = ctx.memory(|m| m.focused().is_some());
    // Ctrl+Q from egui's events, which carry the modifiers held at the press: a quick
    // press and release may both arrive before the frame looks at the keys held.
    let quit = ctx.input(|i| {
        i.events.iter().any(|e| {
            matches!(e, egui::Event::Key { key: egui::Key::Q, pressed: true, modifiers, .. }
                if modifiers.ctrl)
        })
    });
    let ctrl = quit || is_key_down(KeyCode::LeftControl) || is_key_down(KeyCode::RightControl);
    let mut actions = Vec::new();
    if ctrl {
        if quit {
            actions.push(Action::Quit);
        }
        return actions;
    }
    let pressed = |keys: &[KeyCode]| keys.iter().any(|&k| is_key_pressed(k));
    if pressed(&[KeyCode::Space, KeyCode::N]) {
        actions.push(Action::NewSeed);
    }
    if pressed(&[KeyCode::Backspace]) || (!focused && pressed(&[KeyCode::Left])) {
        actions.push(Action::Back);
    }
    if !focused && pressed(&[KeyCode::Right]) {
        actions.push(Action::Forward);
    }
    if pressed(&[KeyCode::G]) {
        actions.push(Action::ToggleGrid);
    }
    for toggle in &LOOK_TOGGLES {
        if pressed(&[toggle.key]) {
            actions.push(Action::ToggleLook(toggle.option));
        }
    }
    if pressed(&[KeyCode::S, KeyCode::F12]) {
        actions.push(Action::Save(Format::Png));
    }
    if pressed(&[KeyCode::K]) {
        actions.push(Action::Keep(KeepAction::Keep));
    }
    const DIGITS: [KeyCode; 9] = [
        KeyCode::Key1,
        KeyCode::Key2,
        KeyCode::Key3,
        KeyCode::Key4,
        KeyCode::Key5,
        KeyCode::Key6,
        KeyCode::Key7,
        KeyCode::Key8,
        KeyCode::Key9,
    ];
    for (n, &key) in DIGITS.iter().enumerate() {
        if pressed(&[key]) {
            actions.push(Action::Keep(KeepAction::OpenNth(n)));
        }
    }
    if pressed(&[KeyCode::V]) || (gallery_open && !help_open && pressed(&[KeyCode::Escape])) {
        actions.push(Action::ToggleGallery);
    }
    if pressed(&[KeyCode::W]) {
        actions.push(Action::Watch(WatchAction::Replay));
    }
    if pressed(&[KeyCode::H]) {
        actions.push(Action::HidePanel);
    }
    if pressed(&[KeyCode::F]) {
        actions.push(Action::Fit);
    }
    if typed.contains(&'?') || (help_open && pressed(&[KeyCode::Escape])) {
        actions.push(Action::ToggleHelp);
    }
    actions
}

/// Whether any key is held: its character, and egui's answer to it, may arrive after the
/// frame its key-down woke, so one more frame is worth drawing.
pub fn keys_held() -> bool {
    !get_keys_down().is_empty()
}

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
