//! Text fields that take what is typed in the order it was typed, however many events a
//! frame brings. On a busy machine one frame may hold the click that focuses a field, the
//! keys typed into it and the Enter that leaves it: egui then never reports the field as
//! having lost focus (it did not have it at the frame's start), and the keys pressed after
//! the Enter are no longer typing. [`field`] tells both from what the field did in the
//! frame, and notes for the shortcuts that a field had the keyboard
//! ([`keys::note_typing`](crate::app::keys::note_typing)); every text field of the window
//! is one of these. [`number`] is a box to type a number into, which, unlike egui's
//! `DragValue`, takes the keys that come in the frame of the click that focuses it.

use egui_macroquad::egui;
use egui_macroquad::egui::text::{CCursor, CCursorRange};

use crate::app::keys;

/// A text field as shown this frame.
pub struct Field {
    pub response: egui::Response,
    /// It had the keyboard during this frame or the last and has it no more: Enter, Tab,
    /// Esc or a click elsewhere left it. What it holds is then taken.
    pub left: bool,
    /// It was left with Enter.
    pub entered: bool,
    /// It took the keyboard this frame (a click or Tab).
    pub gained: bool,
}

/// Show `edit` and say what it did with the keyboard this frame.
pub fn field(ui: &mut egui::Ui, edit: egui::TextEdit<'_>) -> Field {
    let output = edit.show(ui);
    let response = output.response;
    // The field had the keyboard while it read this frame's events.
    let had = output.cursor_range.is_some();
    let has = response.has_focus();
    if had || has {
        keys::note_typing(ui.ctx());
    }
    let left = response.lost_focus() || (had && !has);
    Field {
        entered: left && ui.input(|i| i.key_pressed(egui::Key::Enter)),
        gained: had && !ui.memory(|m| m.had_focus_last_frame(response.id)),
        left,
        response,
    }
}

/// A box showing `x` with `decimals` and then `suffix`, to type a number into: the number
/// is taken, kept within `range`, when the box is left (not with Esc). A click selects the
/// whole number, so that what is typed replaces it, also when the keys come in the click's
/// own frame. Returns the box and whether `x` changed.
pub fn number(
    ui: &mut egui::Ui,
    x: &mut f64,
    range: std::ops::RangeInclusive<f64>,
    decimals: usize,
    suffix: &str,
) -> (egui::Response, bool) {
    let id = ui.next_auto_id();
    let shown = format!("{x:.decimals$}");
    let editing = ui.memory(|m| m.has_focus(id));
    let mut text = if editing {
        ui.data(|d| d.get_temp::<String>(id))
            .unwrap_or_else(|| shown.clone())
    } else {
        format!("{shown}{suffix}")
    };
    let font = egui::TextStyle::Button.resolve(ui.style());
    let colour = ui.visuals().text_color();
    let wide = ui.fonts(|f| f.layout_no_wrap(text.clone(), font, colour).size().x);
    let width = (wide + 2.0 * ui.spacing().button_padding.x).max(ui.spacing().interact_size.x);
    let edit = egui::TextEdit::singleline(&mut text)
        .id(id)
        .desired_width(width)
        .horizontal_align(egui::Align::Center)
        .margin(ui.spacing().button_padding);
    let typed = field(ui, edit);
    if typed.gained {
        // As if the click had selected the number, whatever came after it in its frame.
        let (after, all) = replayed_on(&shown, ui);
        text = after;
        let end = text.chars().count();
        select(ui.ctx(), id, if all { 0 } else { end }, end);
    }
    let mut changed = false;
    if typed.left {
        let escaped = ui.input(|i| i.key_pressed(egui::Key::Escape));
        let value = text
            .trim()
            .trim_end_matches(suffix.trim())
            .trim()
            .parse::<f64>();
        if let (false, Ok(value)) = (escaped, value)
            && value.is_finite()
        {
            let value = value.clamp(*range.start(), *range.end());
            changed = value != *x;
            *x = value;
        }
        ui.data_mut(|d| d.remove::<String>(id));
    } else if typed.response.has_focus() {
        ui.data_mut(|d| d.insert_temp(id, text));
    }
    (typed.response, changed)
}

/// What a box holding `shown`, all of it selected, holds after this frame's events from
/// the last that focused it (a click or Tab), up to an Enter: the text typed replaces the
/// selection, Backspace and Delete remove it or the last character, Ctrl+A selects all (its
/// letter comes first as text, as miniquad sends it). Also whether all of it is selected.
fn replayed_on(shown: &str, ui: &egui::Ui) -> (String, bool) {
    use egui::{Event, Key};
    ui.input(|i| {
        let focused = i.events.iter().rposition(|e| {
            matches!(
                e,
                Event::PointerButton { pressed: true, .. }
                    | Event::Key {
                        key: Key::Tab,
                        pressed: true,
                        ..
                    }
            )
        });
        let (mut text, mut all) = (shown.to_string(), true);
        for event in &i.events[focused.map_or(i.events.len(), |at| at + 1)..] {
            match event {
                Event::Text(typed) => {
                    if std::mem::take(&mut all) {
                        text.clear();
                    }
                    text.push_str(typed);
                }
                Event::Key {
                    key: Key::Backspace | Key::Delete,
                    pressed: true,
                    ..
                } => {
                    if std::mem::take(&mut all) {
                        text.clear();
                    } else {
                        text.pop();
                    }
                }
                Event::Key {
                    key: Key::A,
                    pressed: true,
                    modifiers,
                    ..
                } if modifiers.command => all = true,
                Event::Key {
                    key: Key::Enter,
                    pressed: true,
                    ..
                } => break,
                _ => {}
            }
        }
        (text, all)
    })
}

/// Select the characters `start..end` of the field `id` (the cursor at `end`).
fn select(ctx: &egui::Context, id: egui::Id, start: usize, end: usize) {
    let mut state = egui::TextEdit::load_state(ctx, id).unwrap_or_default();
    state.cursor.set_char_range(Some(CCursorRange::two(
        CCursor::new(start),
        CCursor::new(end),
    )));
    state.store(ctx, id);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::keys::Typing;
    use egui::{Event, Key, Modifiers, PointerButton, Pos2};

    /// Where the field shown by [`frame`] is: the panel's top left, inside its margin.
    const AT: Pos2 = Pos2::new(20.0, 15.0);

    /// One frame of egui bringing `events`, with a text field over `text` (or, with
    /// `boxed`, a number box over it) at the top left: whether the field was left and
    /// entered, and from which event the frame's keys are shortcuts.
    fn frame(
        ctx: &egui::Context,
        text: &mut String,
        boxed: Option<&mut f64>,
        events: Vec<Event>,
    ) -> (bool, bool, Option<usize>) {
        let typing = Typing::begin(ctx);
        let input = egui::RawInput {
            events,
            screen_rect: Some(egui::Rect::from_min_size(
                Pos2::ZERO,
                egui::vec2(400.0, 300.0),
            )),
            ..Default::default()
        };
        let mut did = (false, false);
        let mut boxed = boxed;
        let _ = ctx.run(input, |ctx| {
            egui::CentralPanel::default().show(ctx, |ui| match boxed.as_deref_mut() {
                Some(x) => {
                    number(ui, x, 1.0..=2048.0, 0, "");
                }
                None => {
                    let typed = field(ui, egui::TextEdit::singleline(text));
                    did = (typed.left, typed.entered);
                }
            });
        });
        (did.0, did.1, typing.shortcuts_from(ctx))
    }

    fn click() -> Vec<Event> {
        let button = |pressed| Event::PointerButton {
            pos: AT,
            button: PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        };
        vec![Event::PointerMoved(AT), button(true), button(false)]
    }

    fn key(key: Key) -> Event {
        Event::Key {
            key,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers: Modifiers::NONE,
        }
    }

    fn typed(text: &str) -> Vec<Event> {
        text.chars().map(|c| Event::Text(c.to_string())).collect()
    }

    #[test]
    fn a_click_keys_and_enter_in_one_frame_go_to_the_field_and_keys_after_are_shortcuts() {
        let ctx = egui::Context::default();
        let mut text = String::new();
        // Laid out once, as a window is before anyone clicks.
        assert_eq!(
            frame(&ctx, &mut text, None, vec![]),
            (false, false, Some(0))
        );
        let mut events = click();
        events.extend(typed("12"));
        events.push(key(Key::Enter));
        let after_enter = events.len();
        events.extend([Event::Text("s".into()), key(Key::S)]);
        let (left, entered, from) = frame(&ctx, &mut text, None, events);
        assert_eq!(text, "12", "the keys before Enter went to the field");
        assert!(
            left && entered,
            "the field was left with Enter in the frame"
        );
        assert_eq!(from, Some(after_enter), "S, after the Enter, is a shortcut");
        // A frame of keys with no field: every key is a shortcut.
        assert_eq!(frame(&ctx, &mut text, None, vec![key(Key::S)]).2, Some(0));
    }

    #[test]
    fn keys_in_the_frame_of_the_click_that_focuses_a_field_are_typing() {
        let ctx = egui::Context::default();
        let mut text = String::new();
        frame(&ctx, &mut text, None, vec![]);
        let mut events = click();
        events.extend(typed("1s"));
        let (left, _, from) = frame(&ctx, &mut text, None, events);
        assert_eq!((text.as_str(), left, from), ("1s", false, None));
        // The next frame's keys, the field still focused, are typing too.
        let (_, _, from) = frame(&ctx, &mut text, None, typed("v"));
        assert_eq!((text.as_str(), from), ("1sv", None));
    }

    #[test]
    fn a_number_box_takes_the_keys_of_its_clicks_frame_and_a_click_selects_its_number() {
        let ctx = egui::Context::default();
        let (mut text, mut x) = (String::new(), 64.0);
        frame(&ctx, &mut text, Some(&mut x), vec![]);
        // Clicked, Ctrl+A (whose letter miniquad sends first as text), typed and entered in
        // one frame: the typed number, not 64 with it.
        let mut events = click();
        let ctrl_a = Event::Key {
            key: Key::A,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers: Modifiers::COMMAND,
        };
        events.extend([Event::Text("a".into()), ctrl_a]);
        events.extend(typed("100"));
        events.push(key(Key::Enter));
        frame(&ctx, &mut text, Some(&mut x), events);
        assert_eq!(x, 100.0);
        // Clicked in a frame of its own: typing next replaces the whole number.
        frame(&ctx, &mut text, Some(&mut x), click());
        let mut events = typed("7");
        events.push(key(Key::Enter));
        frame(&ctx, &mut text, Some(&mut x), events);
        assert_eq!(x, 7.0);
        // Out of range, or Esc: kept within its range, or left as it was.
        frame(&ctx, &mut text, Some(&mut x), click());
        let mut events = typed("99999");
        events.push(key(Key::Enter));
        frame(&ctx, &mut text, Some(&mut x), events);
        assert_eq!(x, 2048.0);
        frame(&ctx, &mut text, Some(&mut x), click());
        let mut events = typed("5");
        events.push(key(Key::Escape));
        frame(&ctx, &mut text, Some(&mut x), events);
        assert_eq!(x, 2048.0);
    }
}
