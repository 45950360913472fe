//! The keyboard: one list of bindings ([`bindings`]), made of the tables here and one
//! binding per look option from the look table, drives the shortcuts, the help window and
//! the README's table of keys.
//!
//! egui-macroquad hands every key to macroquad too, and under load several keys arrive in
//! one frame: the click that focuses a text field, or the Enter that leaves it, may come
//! with letters typed. So a frame that had a text field focused (at its start, at its end,
//! or in between: [`note_typing`]) is a frame of typing, and no key typed into the field is
//! a shortcut; keys that come after the field let the keyboard go (the Enter that leaves
//! it, say) are, as they were pressed after it ([`Typing`]).

use std::borrow::Cow;
use std::sync::LazyLock;

use egui_macroquad::egui;
use macroquad::input::{
    KeyCode, get_char_pressed, get_keys_down, get_keys_pressed, get_keys_released, is_key_down,
    is_key_pressed,
};

use super::action::{Action, KeepAction, WatchAction};
use super::session::{Stage, Way};
use dungeon_files::draw::look::{LOOKS, LookOption};
use dungeon_files::formats::Format;

/// What sets a binding off.
#[derive(Clone, Copy)]
pub enum Trigger {
    /// One of these keys, pressed without Ctrl; the action is made from which (its index).
    Keys(&'static [KeyCode], fn(usize) -> Action),
    /// These keys, unless a control (a slider) has the keyboard: arrows move sliders.
    Free(&'static [KeyCode], fn(usize) -> Action),
    /// This character typed (whatever keys make it).
    Char(char, fn(usize) -> Action),
    /// The key with Ctrl held.
    Ctrl(egui::Key, fn(usize) -> Action),
    /// The look option's key, pressed without Ctrl: turns it on or off.
    Look(&'static LookOption),
    /// The mouse, on the map: listed for the help and the README, handled by the pointer.
    Mouse,
}

/// A key (or mouse gesture) and what it does.
#[derive(Clone)]
pub struct Binding {
    /// As the help and the README write them: `S, F12`.
    pub keys: Cow<'static, str>,
    /// What it does, in a user's words.
    pub what: Cow<'static, str>,
    pub trigger: Trigger,
}

/// A binding written in a table.
const fn bind(keys: &'static str, what: &'static str, trigger: Trigger) -> Binding {
    Binding {
        keys: Cow::Borrowed(keys),
        what: Cow::Borrowed(what),
        trigger,
    }
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

/// The bindings listed before the look options': moving between maps and the grid.
const VIEW: &[Binding] = &[
    bind(
        "Space",
        "new seed",
        Trigger::Keys(&[KeyCode::Space], |_| Action::NewSeed),
    ),
    bind(
        "R",
        "new rooms: the corridor and connection styles and the pinned rooms stay",
        Trigger::Keys(&[KeyCode::R], |_| Action::Reroll(Stage::Rooms)),
    ),
    bind(
        "C",
        "new corridors: the rooms stay cell for cell",
        Trigger::Keys(&[KeyCode::C], |_| Action::Reroll(Stage::Corridors)),
    ),
    bind(
        "Left, Backspace",
        "back to the map seen before",
        Trigger::Free(&[KeyCode::Left, KeyCode::Backspace], |_| Action::Back),
    ),
    bind(
        "Right",
        "forward again",
        Trigger::Free(&[KeyCode::Right], |_| Action::Forward),
    ),
    bind(
        "PageDown, PageUp",
        "the level below or above, in a dungeon of several",
        Trigger::Keys(&[KeyCode::PageDown, KeyCode::PageUp], |i| {
            Action::Level([Way::Down, Way::Up][i.min(1)])
        }),
    ),
    bind(
        "G",
        "grid lines on or off",
        Trigger::Keys(&[KeyCode::G], |_| Action::ToggleGrid),
    ),
];

/// The bindings listed after the look options'.
const REST: &[Binding] = &[
    bind(
        "S, F12",
        "save the map as a PNG",
        Trigger::Keys(&[KeyCode::S, KeyCode::F12], |_| Action::Save(Format::Png)),
    ),
    bind(
        "K",
        "keep the layout among the favourites",
        Trigger::Keys(&[KeyCode::K], |_| Action::Keep(KeepAction::Keep)),
    ),
    bind(
        "1 … 9",
        "open favourite 1 to 9",
        Trigger::Keys(&DIGITS, |n| Action::Keep(KeepAction::OpenNth(n))),
    ),
    bind(
        "V",
        "the gallery of nine seeds, or back from it",
        Trigger::Keys(&[KeyCode::V], |_| Action::ToggleGallery),
    ),
    bind(
        "W",
        "replay how the map was made, or stop the replay",
        Trigger::Keys(&[KeyCode::W], |_| Action::Watch(WatchAction::Replay)),
    ),
    bind(
        "H",
        "hide or show the panel",
        Trigger::Keys(&[KeyCode::H], |_| Action::HidePanel),
    ),
    bind(
        "F, double-click",
        "fit the map to the window",
        Trigger::Keys(&[KeyCode::F], |_| Action::Fit),
    ),
    bind("wheel", "zoom at the pointer", Trigger::Mouse),
    bind("drag", "move the map", Trigger::Mouse),
    bind(
        "Ctrl+click",
        "pin the room under the pointer (New, New rooms and the sliders keep it), or unpin it",
        Trigger::Mouse,
    ),
    bind(
        "drag a pinned room",
        "move it; only rooms in its way move (Back undoes it)",
        Trigger::Mouse,
    ),
    bind(
        "?",
        "the keyboard shortcuts",
        Trigger::Char('?', |_| Action::ToggleHelp),
    ),
    bind(
        "Esc",
        "close the shortcuts, the gallery or a question; stop a replay",
        Trigger::Keys(&[KeyCode::Escape], |_| Action::Escape),
    ),
    bind(
        "Ctrl+Q",
        "quit",
        Trigger::Ctrl(egui::Key::Q, |_| Action::Quit),
    ),
];

/// Every binding, in the order the help and the README list them: [`VIEW`], one per look
/// option (its key from the look table), then [`REST`].
pub fn bindings() -> &'static [Binding] {
    static ALL: LazyLock<Vec<Binding>> = LazyLock::new(|| {
        let looks = LOOKS.iter().map(|option| Binding {
            keys: option.key.to_string().into(),
            what: format!("{} on or off", option.label).into(),
            trigger: Trigger::Look(option),
        });
        VIEW.iter()
            .cloned()
            .chain(looks)
            .chain(REST.iter().cloned())
            .collect()
    });
    &ALL
}

/// The key a look option's letter is on: `None` for a character that is not a capital
/// letter.
pub fn letter_key(letter: char) -> Option<KeyCode> {
    use KeyCode::*;
    const LETTERS: [KeyCode; 26] = [
        A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, T, U, V, W, X, Y, Z,
    ];
    let index = u32::from(letter).checked_sub(u32::from('A'))?;
    LETTERS.get(index as usize).copied()
}

/// The README's table of keys, in Markdown, from [`bindings`]: the look options' keys in
/// one row after the grid's, since the README's table of the look names each.
#[cfg(test)]
pub fn keys_markdown() -> String {
    let mut table = String::from("| keys | what they do |\n|---|---|\n");
    let (looks, others): (Vec<&Binding>, Vec<&Binding>) =
        (bindings().iter()).partition(|binding| matches!(binding.trigger, Trigger::Look(_)));
    let looks: Vec<&str> = looks.iter().map(|binding| &*binding.keys).collect();
    for binding in others {
        table.push_str(&format!("| {} | {} |\n", binding.keys, binding.what));
        if &*binding.keys == "G" {
            let keys = looks.join(", ");
            table.push_str(&format!(
                "| {keys} | a look option on or off, each named in [The look](#the-look) |\n"
            ));
        }
    }
    table
}

/// Which keys of this frame are shortcuts: a text field may have had the keyboard when the
/// frame began, taken it during the frame, or have it now that egui has handled the
/// frame's events.
#[derive(Clone, Copy, Debug, Default)]
pub struct Typing {
    at_start: bool,
}

/// Where the window notes, for this frame, that a text field had the keyboard.
fn typing_note() -> egui::Id {
    egui::Id::new("a text field had the keyboard this frame")
}

/// Note that a text field had the keyboard in this frame, though it may have let it go by
/// the frame's end ([`super::ui::field`] does, for every field).
pub fn note_typing(ctx: &egui::Context) {
    ctx.data_mut(|d| d.insert_temp(typing_note(), true));
}

/// Whether `event` lets a text field's keyboard go: Enter, Tab or Esc, or a click.
fn lets_go(event: &egui::Event) -> bool {
    use egui::Key::{Enter, Escape, Tab};
    matches!(
        event,
        egui::Event::Key {
            key: Enter | Escape | Tab,
            pressed: true,
            ..
        } | egui::Event::PointerButton { pressed: true, .. }
    )
}

impl Typing {
    /// Note, before egui handles the frame's events, whether a text field has the keyboard.
    pub fn begin(ctx: &egui::Context) -> Self {
        ctx.data_mut(|d| d.remove::<bool>(typing_note()));
        Self {
            at_start: ctx.wants_keyboard_input(),
        }
    }

    /// After egui handled the frame: from which of its events (egui's, in the order they
    /// came) keys are shortcuts. `None` when none are: a field has the keyboard now, or
    /// had it with nothing after that let it go; `Some(0)` when no field had it.
    pub fn shortcuts_from(self, ctx: &egui::Context) -> Option<usize> {
        if ctx.wants_keyboard_input() {
            return None;
        }
        let typed = ctx.data(|d| d.get_temp::<bool>(typing_note()).unwrap_or(false));
        if !self.at_start && !typed {
            return Some(0);
        }
        // The field let the keyboard go at the last event that could have done it: every
        // key before it was typing.
        ctx.input(|i| i.events.iter().rposition(lets_go).map(|at| at + 1))
    }
}

/// The actions asked for by keys this frame: those pressed from event `from` on (see
/// [`Typing::shortcuts_from`]), none when `None`; one for each press, in the order pressed
/// (two presses of PageUp in one frame go up two levels, S after Space saves the new map).
pub fn shortcuts(ctx: &egui::Context, from: Option<usize>) -> Vec<Action> {
    // Always drain the typed characters, or they would pile up.
    while get_char_pressed().is_some() {}
    let Some(from) = from else {
        return Vec::new();
    };
    let events: Vec<egui::Event> = ctx.input(|i| i.events.get(from..).unwrap_or_default().to_vec());
    // A control (a slider) with the keyboard keeps its arrows.
    let focused = ctx.memory(|m| m.focused().is_some());
    let mut actions = actions_of(&events, focused);
    // A key pressed with no event of egui's for it (none reached egui) acts as pressed
    // alone unless Ctrl is held now, after the others; never after a text field let the
    // keyboard go, when only the keys egui has events for after that are shortcuts.
    let ctrl = is_key_down(KeyCode::LeftControl) || is_key_down(KeyCode::RightControl);
    if from == 0 && !ctrl {
        let seen = |code: KeyCode| {
            egui_key(code).is_some_and(|key| {
                (events.iter()).any(|e| matches!(e, egui::Event::Key { key: k, .. } if *k == key))
            })
        };
        let unseen = |code: KeyCode| is_key_pressed(code) && !seen(code);
        for binding in bindings() {
            actions.extend(key_action(binding, focused, unseen));
        }
    }
    actions
}

/// The action of `binding` when one of its keys is `pressed` without Ctrl (the first such,
/// for a binding of several keys); `None` for a binding that is no such key, or for the
/// keys a focused control keeps.
fn key_action(
    binding: &Binding,
    focused: bool,
    pressed: impl Fn(KeyCode) -> bool,
) -> Option<Action> {
    match binding.trigger {
        Trigger::Keys(keys, make) => keys.iter().position(|&k| pressed(k)).map(make),
        Trigger::Free(keys, make) if !focused => keys.iter().position(|&k| pressed(k)).map(make),
        Trigger::Look(option) => letter_key(option.key)
            .filter(|&k| pressed(k))
            .map(|_| Action::ToggleLook(option)),
        Trigger::Free(..) | Trigger::Char(..) | Trigger::Ctrl(..) | Trigger::Mouse => None,
    }
}

/// The actions of the key presses and typed characters among `events`, one a press and a
/// character, in their order; `focused` when a control has the keyboard. A key is taken
/// with Ctrl or without it as egui's event says it was held at the press (a quick press and
/// release may both arrive before the frame looks at the keys held); keys repeated by
/// holding them act once.
fn actions_of(events: &[egui::Event], focused: bool) -> Vec<Action> {
    let mut actions = Vec::new();
    for event in events {
        match event {
            egui::Event::Key {
                key,
                pressed: true,
                repeat: false,
                modifiers,
                ..
            } => {
                let alone = |code: KeyCode| !modifiers.ctrl && egui_key(code) == Some(*key);
                for binding in bindings() {
                    actions.extend(match binding.trigger {
                        Trigger::Ctrl(k, make) => (modifiers.ctrl && k == *key).then(|| make(0)),
                        _ => key_action(binding, focused, alone),
                    });
                }
            }
            egui::Event::Text(text) => {
                for c in text.chars() {
                    actions.extend(
                        bindings()
                            .iter()
                            .filter_map(|binding| match binding.trigger {
                                Trigger::Char(want, make) => (want == c).then(|| make(0)),
                                _ => None,
                            }),
                    );
                }
            }
            _ => {}
        }
    }
    actions
}

/// egui's key for macroquad's `code`, where egui has one.
fn egui_key(code: KeyCode) -> Option<egui::Key> {
    let name = format!("{code:?}");
    egui::Key::from_name(name.strip_prefix("Key").unwrap_or(&name))
}

/// Whether a key went down or up this frame, Ctrl, Shift and Alt among them: egui has no
/// event for those.
pub fn keys_changed() -> bool {
    !get_keys_pressed().is_empty() || !get_keys_released().is_empty()
}

/// Whether any key is held: its character, and egui's answer to it, may arrive after the
/// frame its key-down woke, so one more frame is worth drawing.
pub fn keys_held() -> bool {
    !get_keys_down().is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// egui's event for `key` pressed, with Ctrl held or not, repeated by holding it or not.
    fn press(key: egui::Key, ctrl: bool, repeat: bool) -> egui::Event {
        egui::Event::Key {
            key,
            physical_key: None,
            pressed: true,
            repeat,
            modifiers: egui::Modifiers {
                ctrl,
                ..Default::default()
            },
        }
    }

    #[test]
    fn each_press_acts_once_in_the_order_pressed_however_many_come_in_a_frame() {
        use egui::Key::{PageUp, Q, S, Space};
        let frame = [
            press(PageUp, false, false),
            press(PageUp, false, false),
            press(S, false, false),
            press(Space, false, false),
            press(Space, false, true),
            egui::Event::Text("?".into()),
            press(S, false, false),
            press(Q, true, false),
        ];
        assert_eq!(
            actions_of(&frame, false),
            [
                Action::Level(Way::Up),
                Action::Level(Way::Up),
                Action::Save(Format::Png),
                Action::NewSeed,
                Action::ToggleHelp,
                Action::Save(Format::Png),
                Action::Quit,
            ]
        );
        // With Ctrl held, S is no save; a control with the keyboard keeps the arrows.
        assert!(actions_of(&[press(S, true, false)], false).is_empty());
        let left = [press(egui::Key::ArrowLeft, false, false)];
        assert_eq!(actions_of(&left, false), [Action::Back]);
        assert!(actions_of(&left, true).is_empty());
    }

    #[test]
    fn no_key_is_bound_twice() {
        let mut seen: Vec<String> = Vec::new();
        for binding in bindings() {
            let keys: Vec<String> = match binding.trigger {
                Trigger::Keys(keys, _) | Trigger::Free(keys, _) => {
                    keys.iter().map(|k| format!("{k:?}")).collect()
                }
                Trigger::Char(c, _) => vec![c.to_string()],
                Trigger::Ctrl(k, _) => vec![format!("Ctrl+{k:?}")],
                Trigger::Look(option) => vec![format!("{:?}", letter_key(option.key).unwrap())],
                Trigger::Mouse => vec![],
            };
            for key in keys {
                assert!(!seen.contains(&key), "{key} is bound twice");
                seen.push(key);
            }
        }
    }

    #[test]
    fn the_readme_lists_every_binding_as_the_table_does() {
        let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
            .expect("README.md is readable");
        let table = keys_markdown();
        assert!(
            readme.contains(&table),
            "README.md's table of keys is out of date; it should read:\n{table}"
        );
    }

    #[test]
    fn each_capital_letter_is_on_its_key() {
        for letter in 'A'..='Z' {
            let key = letter_key(letter).map(|k| format!("{k:?}"));
            assert_eq!(key, Some(letter.to_string()));
        }
        assert_eq!(letter_key('a'), None);
        assert_eq!(letter_key('@'), None);
    }
}
