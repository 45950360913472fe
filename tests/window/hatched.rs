//! The hatched look in the window: its key (I) turns it on, the map on screen shows its
//! parchment, Save PNG writes `render --hatched`'s very file, and the key turns it off.

use std::process::Command;

use super::{BIN, assert_same_file, map_on_screen, next_picture, settled, viewer, xdotool};
use dungeon_files::draw::hatched::PARCHMENT_PAPER;
use dungeon_files::formats::png as png_file;
use dungeon_generator::Rgb;

pub fn the_hatched_look_comes_on_with_its_key_and_saves_renders_picture() {
    let v = viewer("hatched", "9");
    let Rgb(r, g, b) = PARCHMENT_PAPER;
    let parchment = [r, g, b];
    let shows_parchment = || settled(|| map_on_screen(&v.display, &v.window)).contains(&parchment);
    assert!(!shows_parchment(), "the original look showed parchment");
    xdotool(&v.display, &["key", "i", "s"]);
    let mut files = Vec::new();
    let saved = next_picture("the hatched picture", &v.shots, &mut files);
    assert!(shows_parchment(), "I did not show the hatched look");
    // The window's picture is render's, byte for byte.
    let (_, recipe) = png_file::read(&saved).unwrap();
    let again = v.shots.with_file_name("render.png");
    let out = Command::new(BIN)
        .args(["render", "--recipe", &recipe.to_string(), "--hatched"])
        .args(["-o", again.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_same_file(&saved, &again);
    xdotool(&v.display, &["key", "i"]);
    super::wait_for("the original look again", || !shows_parchment());
}
