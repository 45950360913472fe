//! A dungeon of several levels in the window: `--level K` opens at level K, PageDown and
//! PageUp step between the levels (never past the first or the last), the status bar
//! changes with the level, and the level shown travels in what S saves and K keeps.

use std::process::Command;

use dungeon_files::formats::png as png_file;

use super::{
    BIN, assert_same_file, display, next_picture, open_window, status_bar_on_screen, wait_for,
    xdotool,
};
use crate::common::scratch;

pub fn page_down_and_up_step_through_the_levels_and_saves_keep_the_level_shown() {
    let display = display();
    let dir = scratch("levels");
    let (data, shots) = (dir.join("data"), dir.join("shots"));
    let args = ["--seed", "5", "--levels", "3", "--level", "2", "--out-dir"];
    let shots_arg = shots.to_str().unwrap();
    let (_app, window) = open_window(&display, &data, &[&args[..], &[shots_arg]].concat());
    let mut files = Vec::new();
    // Each key (or none), then S: the level of the map saved.
    let mut level_after = |keys: &[&str], what: &str| {
        let bar = status_bar_on_screen(&display, &window);
        if !keys.is_empty() {
            xdotool(&display, &[&["key"], keys].concat());
            wait_for("the status bar to name another level", || {
                status_bar_on_screen(&display, &window) != bar
            });
        }
        xdotool(&display, &["key", "s"]);
        let file = next_picture(what, &shots, &mut files);
        png_file::read(&file).unwrap().1.level
    };
    assert_eq!(level_after(&[], "the level opened"), Some(2));
    assert_eq!(level_after(&["Next"], "the level below"), Some(3));
    assert_eq!(level_after(&["Prior", "Prior"], "the first level"), Some(1));
    // Past the first level there is none: PageUp says so, and the level stays.
    assert_eq!(level_after(&["Prior"], "the first level again"), Some(1));

    // Every picture saved is what `render` makes of the recipe inside it, at its level:
    // a screenshot opens again where it was taken.
    let again = dir.join("again.png");
    for file in &files {
        let out = Command::new(BIN)
            .args([
                "render",
                "--from",
                file.to_str().unwrap(),
                "--cell-size",
                "12",
            ])
            .args(["-o", again.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_same_file(file, &again);
        std::fs::remove_file(&again).unwrap();
    }
    let pixels = |at: usize| png_file::read(&files[at]).unwrap().0;
    assert!(pixels(0) != pixels(1), "levels 2 and 3 are drawn alike");
    assert!(pixels(1) != pixels(2), "levels 3 and 1 are drawn alike");

    // K keeps the level shown among the favourites.
    let list = data.join("dungeon-viewer").join("favourites.json");
    xdotool(&display, &["key", "Next", "k"]);
    wait_for("the favourite of level 2 to be kept", || {
        std::fs::read_to_string(&list).is_ok_and(|text| text.contains(" levels=3 level=2"))
    });
}
