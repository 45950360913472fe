//! The recipe's keys as the program shows them, read from the generator's key table
//! ([`Key::all`]): where the window's panel puts each, and the README's table of them.

use dungeon_generator::Key;

/// The groups of keys, as the window's panel shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// The seed, edited in a box of its own.
    Seed,
    /// The kind of dungeon: room shape, corridor style and connection style.
    Kind,
    /// How the rooms and paths of that kind come out.
    Tuning,
    /// The map's size, its rooms' number and size, its margin.
    Size,
    /// How many levels the dungeon has and which one is shown: boxes on the line of the
    /// size's heading.
    Levels,
    /// What re-rolling one stage, pinning rooms and a game's vaults set: the window's
    /// buttons and gestures, or a game's code, not controls of their own.
    Rerolls,
}

/// Where the panel shows `key`: a key of the table not named here is one of the tuning
/// sliders.
#[must_use]
pub fn group(key: &Key) -> Group {
    match key.name() {
        "seed" => Group::Seed,
        "shape" | "corridor" | "connect" => Group::Kind,
        "width" | "height" | "rooms" | "room-size" | "margin" => Group::Size,
        "levels" | "level" => Group::Levels,
        "rooms-seed" | "corridors-seed" | "pin" | "vault" => Group::Rerolls,
        _ => Group::Tuning,
    }
}

/// The README's table of keys, in Markdown: one row per key with its values, its default
/// and what it does.
#[must_use]
pub fn keys_markdown() -> String {
    let mut table = String::from("| key | values | default | what it does |\n|---|---|---|---|\n");
    for key in Key::all() {
        table.push_str(&format!(
            "| `{}` | {} | {} | {} |\n",
            key.name(),
            key.kind().allowed(),
            match key.format(&key.default_value()).as_str() {
                "" => "none".to_string(),
                default => default.to_string(),
            },
            key.help()
        ));
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_but_the_seed_has_a_group_of_controls_and_the_seed_its_own_box() {
        for key in Key::all() {
            assert_eq!(
                group(key) == Group::Seed,
                key.name() == "seed",
                "{}",
                key.name()
            );
        }
        let named = |name| group(Key::named(name).unwrap());
        assert_eq!(named("margin"), Group::Size);
        assert_eq!(named("level"), Group::Levels);
        assert_eq!(named("pin"), Group::Rerolls);
        assert_eq!(named("stickiness"), Group::Tuning);
    }
}
