//! The keyboard: one table of bindings ([`BINDINGS`]) drives the shortcuts, the help
//! window and the README's table of keys.
//!
//! egui-macroquad hands every key to macroquad too, and under load several keys arrive in
//! one frame: the click that focuses a text field, or the Enter that leaves it, may come
//! with letters typed. So a frame that had a text field focused at its start or at its end
//! is a frame of typing, and no key of it is a shortcut ([`Typing`]).

use egui_macroquad::egui;
use macroquad::input::{KeyCode, get_char_pressed, get_keys_down, is_key_down, is_key_pressed};

use super::action::{Action, KeepAction, LookOption, WatchAction};
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
    /// The mouse, on the map: listed for the help and the README, handled by the pointer.
    Mouse,
}

/// A key (or mouse gesture) and what it does.
pub struct Binding {
    /// As the help and the README write them: `S, F12`.
    pub keys: &'static str,
    /// What it does, in a user's words.
    pub what: &'static str,
    pub trigger: Trigger,
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

/// Every binding, in the order the help and the README list them.
pub const BINDINGS: &[Binding] = &[
    Binding {
        keys: "Space",
        what: "new seed",
        trigger: Trigger::Keys(&[KeyCode::Space], |_| Action::NewSeed),
    },
    Binding {
        keys: "Left, Backspace",
        what: "back to the map seen before",
        trigger: Trigger::Free(&[KeyCode::Left, KeyCode::Backspace], |_| Action::Back),
    },
    Binding {
        keys: "Right",
        what: "forward again",
        trigger: Trigger::Free(&[KeyCode::Right], |_| Action::Forward),
    },
    Binding {
        keys: "G",
        what: "grid lines on or off",
        trigger: Trigger::Keys(&[KeyCode::G], |_| Action::ToggleGrid),
    },
    Binding {
        keys: "D",
        what: "doors on or off",
        trigger: Trigger::Keys(&[KeyCode::D], |_| Action::ToggleLook(LookOption::Doors)),
    },
    Binding {
        keys: "M",
        what: "start and goal marks on or off",
        trigger: Trigger::Keys(&[KeyCode::M], |_| Action::ToggleLook(LookOption::Marks)),
    },
    Binding {
        keys: "T",
        what: "distance tint on or off",
        trigger: Trigger::Keys(&[KeyCode::T], |_| Action::ToggleLook(LookOption::Distance)),
    },
    Binding {
        keys: "O",
        what: "room outlines on or off",
        trigger: Trigger::Keys(&[KeyCode::O], |_| Action::ToggleLook(LookOption::Outlines)),
    },
    Binding {
        keys: "P",
        what: "print look on or off",
        trigger: Trigger::Keys(&[KeyCode::P], |_| Action::ToggleLook(LookOption::Print)),
    },
    Binding {
        keys: "N",
        what: "room numbers on or off",
        trigger: Trigger::Keys(&[KeyCode::N], |_| Action::ToggleLook(LookOption::Numbers)),
    },
    Binding {
        keys: "S, F12",
        what: "save the map as a PNG",
        trigger: Trigger::Keys(&[KeyCode::S, KeyCode::F12], |_| Action::Save(Format::Png)),
    },
    Binding {
        keys: "K",
        what: "keep the layout among the favourites",
        trigger: Trigger::Keys(&[KeyCode::K], |_| Action::Keep(KeepAction::Keep)),
    },
    Binding {
        keys: "1 … 9",
        what: "open favourite 1 to 9",
        trigger: Trigger::Keys(&DIGITS, |n| Action::Keep(KeepAction::OpenNth(n))),
    },
    Binding {
        keys: "V",
        what: "the gallery of nine seeds, or back from it",
        trigger: Trigger::Keys(&[KeyCode::V], |_| Action::ToggleGallery),
    },
    Binding {
        keys: "W",
        what: "replay how the map was made, or stop the replay",
        trigger: Trigger::Keys(&[KeyCode::W], |_| Action::Watch(WatchAction::Replay)),
    },
    Binding {
        keys: "H",
        what: "hide or show the panel",
        trigger: Trigger::Keys(&[KeyCode::H], |_| Action::HidePanel),
    },
    Binding {
        keys: "F, double-click",
        what: "fit the map to the window",
        trigger: Trigger::Keys(&[KeyCode::F], |_| Action::Fit),
    },
    Binding {
        keys: "wheel",
        what: "zoom at the pointer",
        trigger: Trigger::Mouse,
    },
    Binding {
        keys: "drag",
        what: "move the map",
        trigger: Trigger::Mouse,
    },
    Binding {
        keys: "?",
        what: "the keyboard shortcuts",
        trigger: Trigger::Char('?', |_| Action::ToggleHelp),
    },
    Binding {
        keys: "Esc",
        what: "close the shortcuts, the gallery or a question",
        trigger: Trigger::Keys(&[KeyCode::Escape], |_| Action::Escape),
    },
    Binding {
        keys: "Ctrl+Q",
        what: "quit",
        trigger: Trigger::Ctrl(egui::Key::Q, |_| Action::Quit),
    },
];

/// The README's table of keys, in Markdown, from [`BINDINGS`].
#[cfg(test)]
pub fn keys_markdown() -> String {
    let mut table = String::from("| keys | what they do |\n|---|---|\n");
    for binding in BINDINGS {
        table.push_str(&format!("| {} | {} |\n", binding.keys, binding.what));
    }
    table
}

/// Whether the keys of this frame are typing: a text field had the keyboard when the frame
/// began or has it now that egui has handled the frame's events.
#[derive(Clone, Copy, Debug, Default)]
pub struct Typing {
    at_start: bool,
}

impl Typing {
    /// Note, before egui handles the frame's events, whether a text field has the keyboard.
    pub fn begin(ctx: &egui::Context) -> Self {
        Self {
            at_start: ctx.wants_keyboard_input(),
        }
    }

    /// After egui handled the frame: whether its keys went to a text field.
    pub fn is_typing(self, ctx: &egui::Context) -> bool {
        self.at_start || ctx.wants_keyboard_input()
    }
}

/// The actions asked for by keys this frame: none while typing.
pub fn shortcuts(ctx: &egui::Context, typing: bool) -> Vec<Action> {
    // Always drain the typed characters, or they would pile up.
    let mut typed = Vec::new();
    while let Some(c) = get_char_pressed() {
        typed.push(c);
    }
    if typing {
        return Vec::new();
    }
    // A control (a slider) with the keyboard keeps its arrows.
    let focused = ctx.memory(|m| m.focused().is_some());
    // Ctrl from egui's events, which carry the modifiers held at the press: a quick
    // press and release may both arrive before the frame looks at the keys held.
    let with_ctrl = |key: egui::Key| {
        ctx.input(|i| {
            i.events.iter().any(|e| {
                matches!(e, egui::Event::Key { key: k, pressed: true, modifiers, .. }
                    if *k == key && modifiers.ctrl)
            })
        })
    };
    let ctrl = is_key_down(KeyCode::LeftControl) || is_key_down(KeyCode::RightControl);
    let mut actions = Vec::new();
    for binding in BINDINGS {
        let fired = match binding.trigger {
            Trigger::Keys(keys, _) if !ctrl => keys.iter().position(|&k| is_key_pressed(k)),
            Trigger::Free(keys, _) if !ctrl && !focused => {
                keys.iter().position(|&k| is_key_pressed(k))
            }
            Trigger::Char(c, _) => typed.contains(&c).then_some(0),
            Trigger::Ctrl(key, _) => with_ctrl(key).then_some(0),
            Trigger::Keys(..) | Trigger::Free(..) | Trigger::Mouse => None,
        };
        let make = match binding.trigger {
            Trigger::Keys(_, make)
            | Trigger::Free(_, make)
            | Trigger::Char(_, make)
            | Trigger::Ctrl(_, make) => make,
            Trigger::Mouse => continue,
        };
        actions.extend(fired.map(make));
    }
    actions
}

/// Whether any key is held: its character, and egui's answer to it, may arrive after the
/// frame its key-down woke, so one more frame is worth drawing.
pub fn keys_held() -> bool {
    !get_keys_down().is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_key_is_bound_twice() {
        let mut seen: Vec<String> = Vec::new();
        for binding in BINDINGS {
            let keys: Vec<String> = match binding.trigger {
                Trigger::Keys(keys, _) | Trigger::Free(keys, _) => {
                    keys.iter().map(|k| format!("{k:?}")).collect()
                }
                Trigger::Char(c, _) => vec![c.to_string()],
                Trigger::Ctrl(k, _) => vec![format!("Ctrl+{k:?}")],
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
    fn each_look_option_has_a_key() {
        for option in LookOption::ALL {
            let bound = BINDINGS.iter().any(|b| {
                matches!(b.trigger, Trigger::Keys(_, make) if make(0) == Action::ToggleLook(option))
            });
            assert!(bound, "{option:?}");
        }
    }
}
