//! The window's keys and the gallery: saving, new and earlier maps (other ones at each
//! launch), typed seeds, quitting (by a quick Ctrl+Q after a sleep too), favourites kept across a restart or while another
//! program holds their lock, and a seed picked from the gallery.

use std::process::Command;
use std::thread::sleep;
use std::time::Duration;

use dungeon_files::formats::png as png_file;
use dungeon_viewer::store::list::{LOCK_FILE, LOCK_WAIT};

use super::{
    BIN, Display, Viewer, assert_same_file, cpu_ticks, display, listed, next_picture, open_window,
    open_window_seeded, status_bar_on_screen, viewer, wait_for, wait_until_asleep_for,
    wait_until_idle, wait_within, xdotool,
};
use crate::common::scratch;

/// Type `seed` into the seed box (the panel's first field, reached with Tab), press Enter,
/// which leaves the box, and S at once: on a busy machine the keys may all come in one
/// frame, and S must still save the map of the typed seed, waiting for it to be made.
fn type_seed_and_save(display: &Display, seed: &str) {
    xdotool(display, &["key", "Tab", "ctrl+a"]);
    xdotool(display, &["type", seed]);
    xdotool(display, &["key", "Return", "s"]);
}

pub fn keys_drive_the_window_and_saved_pictures_bring_their_maps_back() {
    let display = display();
    let dir = scratch("keys");
    let shots = dir.join("shots");
    let (mut app, _) = open_window(
        &display,
        &dir.join("data"),
        &["--seed", "5", "--out-dir", shots.to_str().unwrap()],
    );

    // S saves the map; Space makes a new one and S, pressed at once, saves that one.
    let mut files = Vec::new();
    xdotool(&display, &["key", "s"]);
    next_picture("the first picture", &shots, &mut files);
    xdotool(&display, &["key", "space", "s"]);
    next_picture("the picture after Space", &shots, &mut files);

    let (first, first_recipe) = png_file::read(&files[0]).unwrap();
    let (second, second_recipe) = png_file::read(&files[1]).unwrap();
    assert_eq!(first_recipe.seed, 5);
    assert_ne!(second_recipe.seed, 5, "Space kept the seed");
    assert!(first != second, "Space did not change the map");
    assert!(
        files[0]
            .file_name()
            .unwrap()
            .to_str()
            .unwrap()
            .starts_with("seed-5-")
    );

    // Each saved picture is what `render` makes of its recipe at the default 12 pixels a
    // cell, byte for byte, and `render --from` gives it back.
    for (file, recipe) in [(&files[0], &first_recipe), (&files[1], &second_recipe)] {
        let again = dir.join("again.png");
        let recipe = recipe.to_string();
        for from in [
            ["--recipe", &recipe, "--cell-size", "12"],
            ["--from", file.to_str().unwrap(), "--cell-size", "12"],
        ] {
            let out = Command::new(BIN)
                .arg("render")
                .args(from)
                .args(["-o", again.to_str().unwrap()])
                .output()
                .unwrap();
            assert!(out.status.success());
            assert_same_file(file, &again);
        }
    }

    // Back shows the first map again, and saving it never overwrites the first picture.
    xdotool(&display, &["key", "Left", "s"]);
    next_picture("the picture after Left", &shots, &mut files);
    assert_same_file(&files[0], &files[2]);
    assert!(files[2].to_str().unwrap().ends_with("-2.png"), "{files:?}");

    // Seeds typed in the seed box are taken exactly, also beyond 2^53, where a float
    // would round them; each typed seed is one step of the history.
    for seed in [u64::MAX, (1 << 53) + 1] {
        type_seed_and_save(&display, &seed.to_string());
        let file = next_picture("the picture of a typed seed", &shots, &mut files);
        assert_eq!(png_file::read(&file).unwrap().1.seed, seed);
        let name = file.file_name().unwrap().to_str().unwrap().to_string();
        assert!(name.starts_with(&format!("seed-{seed}-")), "{name}");
    }
    xdotool(&display, &["key", "Left", "s"]);
    let file = next_picture(
        "the picture after Left from a typed seed",
        &shots,
        &mut files,
    );
    assert_eq!(png_file::read(&file).unwrap().1.seed, u64::MAX);

    // Idle, the window costs next to no CPU.
    wait_until_idle(app.0.id());
    let before = cpu_ticks(app.0.id());
    sleep(Duration::from_secs(2));
    let used = cpu_ticks(app.0.id()) - before;
    assert!(
        used <= 10,
        "the idle window used {used} ticks of CPU in 2 s"
    );

    // Ctrl+Q quits.
    xdotool(&display, &["key", "ctrl+q"]);
    wait_for("the window to close", || {
        matches!(app.0.try_wait(), Ok(Some(_)))
    });
    assert!(app.0.try_wait().unwrap().unwrap().success());
}

pub fn a_kept_layout_is_found_again_after_a_restart() {
    let display = display();
    let dir = scratch("favourites");
    let (data, shots) = (dir.join("data"), dir.join("shots"));
    let list = data.join("dungeon-viewer").join("favourites.json");
    let shots_arg = shots.to_str().unwrap();
    {
        let (app, _) = open_window(&display, &data, &["--seed", "77", "--out-dir", shots_arg]);
        xdotool(&display, &["key", "k"]);
        wait_for("the favourite to be kept", || {
            std::fs::read_to_string(&list).is_ok_and(|text| text.contains("dv1 seed=77 "))
        });
        xdotool(&display, &["key", "ctrl+q"]);
        let mut app = app;
        wait_for("the window to close", || {
            matches!(app.0.try_wait(), Ok(Some(_)))
        });
    }
    // A new window on another seed finds it: 1 opens the first favourite, S saves it.
    let (_app, _) = open_window(&display, &data, &["--seed", "5", "--out-dir", shots_arg]);
    xdotool(&display, &["key", "1", "s"]);
    let file = next_picture("the picture of the favourite", &shots, &mut Vec::new());
    assert_eq!(png_file::read(&file).unwrap().1.seed, 77);
}

pub fn the_gallery_shows_nine_seeds_and_a_click_picks_one() {
    let display = display();
    let dir = scratch("gallery");
    let shots = dir.join("shots");
    let (app, window) = open_window(
        &display,
        &dir.join("data"),
        &["--seed", "30", "--out-dir", shots.to_str().unwrap()],
    );
    xdotool(&display, &["key", "v"]);
    // The default window: a 768×672 map area beside the panel, tiles in a 3×3 grid with
    // 10 pixels between them and 20 above each for its seed. The middle tile's centre:
    let (w, h) = ((768.0 - 40.0) / 3.0, (672.0 - 40.0) / 3.0 - 20.0);
    let (x, y) = (
        10.0 + (w + 10.0) + w / 2.0,
        10.0 + (h + 30.0) + 20.0 + h / 2.0,
    );
    wait_until_idle(app.0.id());
    let (x, y) = (format!("{x:.0}"), format!("{y:.0}"));
    xdotool(
        &display,
        &["mousemove", "--window", &window, &x, &y, "click", "1"],
    );
    wait_until_idle(app.0.id());
    xdotool(&display, &["key", "s"]);
    let file = next_picture("the picture of the picked tile", &shots, &mut Vec::new());
    assert_eq!(
        png_file::read(&file).unwrap().1.seed,
        34,
        "the middle tile is seed 30 + 4"
    );
}

pub fn a_lock_held_by_another_program_never_freezes_the_window() {
    let display = display();
    let dir = scratch("locked-store");
    let (data, shots) = (dir.join("data"), dir.join("shots"));
    let store = data.join("dungeon-viewer");
    std::fs::create_dir_all(&store).unwrap();
    let lock = std::fs::File::create(store.join("favourites.lock")).unwrap();
    lock.lock().unwrap();
    let (app, window) = open_window(
        &display,
        &data,
        &["--seed", "8", "--out-dir", shots.to_str().unwrap()],
    );
    // K waits for the lock off the window's thread: S, pressed meanwhile, saves at once,
    // while the lock is still held.
    xdotool(&display, &["key", "k", "s"]);
    let file = next_picture("the picture S saves while K waits", &shots, &mut Vec::new());
    assert_eq!(png_file::read(&file).unwrap().1.seed, 8);
    assert!(listed(&data, "favourites.json").is_empty());
    // The keep gives up waiting and says so; the window then sleeps.
    wait_until_idle(app.0.id());
    let not_saved = status_bar_on_screen(&display, &window);
    // Let go: the favourite kept meanwhile is saved (tried again every few seconds), and
    // the window says so without waiting for the mouse to move.
    drop(lock);
    wait_for("the favourite kept meanwhile to be saved", || {
        listed(&data, "favourites.json") == ["seed 8"]
    });
    wait_for("the window to say it was saved", || {
        status_bar_on_screen(&display, &window) != not_saved
    });
    drop(app);
}

pub fn quitting_waits_for_a_favourite_another_program_keeps_from_being_saved() {
    let display = display();
    let dir = scratch("quit-while-locked");
    let data = dir.join("data");
    let store = data.join("dungeon-viewer");
    std::fs::create_dir_all(&store).unwrap();
    let lock = std::fs::File::create(store.join(LOCK_FILE)).unwrap();
    lock.lock().unwrap();
    let (app, _) = open_window(&display, &data, &["--seed", "9"]);
    let mut app = app;
    // K, then Ctrl+Q at once: the favourite waits for the lock, and so does quitting.
    xdotool(&display, &["key", "k", "ctrl+q"]);
    // Held past the store's own wait for the lock (a change is then kept in memory): the
    // window is still open all the while.
    let held = std::time::Instant::now();
    while held.elapsed() < LOCK_WAIT + Duration::from_secs(1) {
        if let Ok(Some(status)) = app.0.try_wait() {
            let mut err = String::new();
            if let Some(mut stderr) = app.0.stderr.take() {
                let _ = std::io::Read::read_to_string(&mut stderr, &mut err);
            }
            panic!("the window quit ({status}) with a favourite not saved: {err}");
        }
        sleep(Duration::from_millis(50));
    }
    // Let go: quitting tries the change again, saves it, then closes the window.
    drop(lock);
    wait_for("the window to close once the favourite is saved", || {
        matches!(app.0.try_wait(), Ok(Some(_)))
    });
    assert_eq!(listed(&data, "favourites.json"), ["seed 9"]);
}

/// A quick Ctrl+Q, as xdotool types it (Ctrl, Q and both let go within milliseconds),
/// quits a window that has slept past the frames it draws after input: Ctrl alone woke
/// it, and the Q that came while that frame was drawn waited for the next input.
pub fn a_quick_ctrl_q_quits_a_window_that_has_slept() {
    let Viewer { display, app, .. } = viewer("quick-quit", "3");
    let mut app = app;
    let pid = app.0.id();
    // Longer than a key held keeps the window awake after its last input (2 s).
    wait_until_asleep_for(pid, Duration::from_secs(3));
    xdotool(&display, &["key", "ctrl+q"]);
    wait_within("the window to quit", Duration::from_secs(10), || {
        matches!(app.0.try_wait(), Ok(Some(_)))
    });
    let status = app.0.wait().unwrap();
    assert!(status.success(), "the window quit with {status}");
}

/// Space gives other seeds at each launch: the new seeds come from the machine, not from
/// the map's seed (every launch of `--seed 4` showed the same "new" maps).
pub fn space_gives_other_seeds_at_each_launch() {
    let display = display();
    let dir = scratch("new-seeds");
    let shots = dir.join("shots");
    let mut files = Vec::new();
    let mut seeds = Vec::new();
    for _ in 0..2 {
        let (app, _) = open_window_seeded(
            &display,
            &dir.join("data"),
            &["--seed", "4", "--out-dir", shots.to_str().unwrap()],
            None,
        );
        xdotool(&display, &["key", "space", "s"]);
        let picture = next_picture("the picture after Space", &shots, &mut files);
        seeds.push(png_file::read(&picture).unwrap().1.seed);
        drop(app);
        // The next window is found by its name: this one must be gone first.
        wait_for("the window to close", || {
            xdotool(&display, &["search", "--name", "^Dungeon Viewer$"])
                .stdout
                .is_empty()
        });
    }
    assert!(!seeds.contains(&4), "Space kept the seed: {seeds:?}");
    assert_ne!(seeds[0], seeds[1], "both launches gave the same new seed");
}
