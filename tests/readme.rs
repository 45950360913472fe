//! The README says what the code does: its tables of recipe keys and of look options are
//! the key table's and the look table's own.

use dungeon_files::draw::look::looks_markdown;
use dungeon_generator::recipe::keys_markdown;

#[test]
fn the_readme_lists_every_recipe_key_as_the_key_table_does() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md is readable");
    let table = keys_markdown();
    assert!(
        readme.contains(&table),
        "README.md's key table is out of date; it should read:\n{table}"
    );
}

#[test]
fn the_readme_lists_every_look_option_as_the_look_table_does() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md is readable");
    let table = looks_markdown();
    assert!(
        readme.contains(&table),
        "README.md's look table is out of date; it should read:\n{table}"
    );
}

#[test]
fn the_readme_names_every_shipped_preset_and_the_commands() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md is readable");
    let section = readme
        .split("### Presets")
        .nth(1)
        .expect("README.md has a Presets section");
    let presets = dungeon_viewer::store::presets::built_in();
    assert!(!presets.is_empty());
    // Names may break over lines.
    let prose = section.split_whitespace().collect::<Vec<_>>().join(" ");
    for preset in presets {
        assert!(
            prose.contains(&preset.name),
            "README.md's Presets section does not name {}",
            preset.name
        );
    }
    assert!(section.contains("-- presets") && section.contains("--preset "));
}
