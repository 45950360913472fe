//! Watching a map being made (W): the replay starts from an empty map, grows, ends on the
//! map, and the panel says so without waiting for the mouse; the status bar tells of it
//! while its section is closed, and Esc stops it.

use std::time::{Duration, Instant};

use super::{
    Panel, click_and_see, display, map_on_screen, open_window, panel_on_screen, settled,
    status_bar_on_screen, wait_for, wait_until_idle, xdotool,
};
use crate::common::scratch;

/// How long a replay plays when left alone, whatever the map (`REPLAY_SECONDS` in the
/// window's watch).
const REPLAY_LASTS: Duration = Duration::from_secs(6);

pub fn w_replays_the_generation_and_ends_on_the_map() {
    let display = display();
    let dir = scratch("replay");
    let (app, window) = open_window(&display, &dir.join("data"), &["--seed", "12"]);
    // The replay's section open, to see its panel follow the replay to the end.
    click_and_see(&display, &window, app.0.id(), Panel::WATCH, "1");
    // The pointer rests on the map, where it lights nothing up.
    xdotool(&display, &["mousemove", "--window", &window, "100", "100"]);
    wait_until_idle(app.0.id());
    let map = map_on_screen(&display, &window);
    xdotool(&display, &["key", "w"]);
    // The replay starts from an empty map and grows: the screen changes, then changes
    // again, then comes back to the map exactly.
    let mut first = Vec::new();
    wait_for("the replay to start", || {
        first = map_on_screen(&display, &window);
        first != map
    });
    wait_for("the replay to move on", || {
        let now = map_on_screen(&display, &window);
        now != first && now != map
    });
    wait_for("the replay to end on the map", || {
        map_on_screen(&display, &window) == map
    });
    // The mouse has not moved, yet the panel says the replay ended (it repaints while a
    // replay plays, and once more when it ends): moving the mouse changes nothing in it.
    wait_until_idle(app.0.id());
    let ended = panel_on_screen(&display, &window, 0);
    xdotool(&display, &["mousemove", "--window", &window, "200", "200"]);
    wait_until_idle(app.0.id());
    assert!(
        panel_on_screen(&display, &window, 0) == ended,
        "the panel showed a replay still under way until the mouse moved"
    );
}

pub fn the_status_bar_tells_of_a_replay_with_its_section_closed_and_esc_stops_it() {
    let display = display();
    let dir = scratch("replay-status");
    let (_app, window) = open_window(&display, &dir.join("data"), &["--seed", "12"]);
    xdotool(&display, &["mousemove", "--window", &window, "100", "100"]);
    let map = settled(|| map_on_screen(&display, &window));
    let bar = settled(|| status_bar_on_screen(&display, &window));
    let pressed = Instant::now();
    xdotool(&display, &["key", "w"]);
    wait_for("the replay to start", || {
        map_on_screen(&display, &window) != map
    });
    wait_for("the status bar to tell of the replay", || {
        status_bar_on_screen(&display, &window) != bar
    });
    // Esc ends it on the map at once: played out, it would last some seconds more.
    xdotool(&display, &["key", "Escape"]);
    wait_for("Esc to end the replay", || {
        map_on_screen(&display, &window) == map
    });
    let took = pressed.elapsed();
    assert!(
        took < REPLAY_LASTS,
        "the replay ended after {took:?}, not at Esc"
    );
    wait_for("the status bar to stop telling of the replay", || {
        status_bar_on_screen(&display, &window) == bar
    });
}
