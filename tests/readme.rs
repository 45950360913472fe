//! The README says what the code does: its table of recipe keys is the key table's own.

use dungeon_viewer::recipe::keys_markdown;

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
