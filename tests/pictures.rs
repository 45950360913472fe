//! Every picture in the README is what its caption makes (or, for the kinds of dungeon,
//! the command the guide lists for it): the pictures `render` makes are made here by the
//! test build and held to the repository's byte for byte; the window's are held in
//! `tests/live.rs` (`window::pictures`), Tiled's in `tiled`. `UPDATE_PICTURES=1` writes
//! the pictures that differ over the repository's: how they are made again.

use std::process::Command;
use std::sync::Mutex;

use crate::common::pictures::{Maker, bytes_differ, hold, made_by, place_in, readme_pictures};
use crate::common::{scratch, within};

const BIN: &str = env!("CARGO_BIN_EXE_dungeon-viewer");

#[test]
fn every_picture_in_the_readme_has_a_command_that_makes_it() {
    let pictures = readme_pictures();
    assert!(
        pictures.len() >= 30,
        "only {} pictures found",
        pictures.len()
    );
    let unmade: Vec<&String> = pictures
        .iter()
        .filter(|p| p.maker.is_none())
        .map(|p| &p.file)
        .collect();
    assert!(
        unmade.is_empty(),
        "no caption, nor the guide's list of the README's pictures, makes {unmade:?}"
    );
    let window = made_by(|m| matches!(m, Maker::Window(_)));
    assert!(window.len() >= 3, "only {window:?} made by the window");
}

#[test]
fn every_picture_render_makes_for_the_readme_is_what_its_caption_makes() {
    let dir = scratch("pictures");
    let pictures = made_by(|m| matches!(m, Maker::Render(_)));
    assert!(pictures.len() >= 30, "only {} pictures", pictures.len());
    let queue = Mutex::new(pictures.into_iter());
    let failed = Mutex::new(Vec::new());
    // Two at a time: the machines that run the tests have two cores.
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                // The queue's lock is held only while a picture is taken from it.
                let next = || queue.lock().unwrap().next();
                while let Some((file, maker)) = next() {
                    let Maker::Render(args) = maker else {
                        continue;
                    };
                    place_in(&dir, &file);
                    let mut program = Command::new(BIN);
                    program
                        .args(&args)
                        .current_dir(&dir)
                        .env("XDG_DATA_HOME", dir.join("data"));
                    let out = within(120, program);
                    let result = if out.status.success() {
                        hold(&file, &dir.join(&file), bytes_differ)
                    } else {
                        Err(format!(
                            "{file}: `{}` failed: {}",
                            args.join(" "),
                            String::from_utf8_lossy(&out.stderr).trim()
                        ))
                    };
                    failed.lock().unwrap().extend(result.err());
                }
            });
        }
    });
    let failed = failed.into_inner().unwrap();
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}
