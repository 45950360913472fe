//! Watching a map being made (W): the replay starts from an empty map, grows, ends on the
//! map, and the panel says so without waiting for the mouse.

use std::process::Command;

use super::{
    Display, PANEL, Panel, STATUS_BAR, click, display, have_xdotool, open_window, skip_or_fail,
    wait_for, wait_until_idle, xdotool,
};
use crate::common::scratch;

/// The window as it is on screen now, read from ImageMagick's `import`: its width and
/// RGB pixels left of the panel.
fn map_on_screen(display: &Display, window: &str) -> Vec<[u8; 3]> {
    let (w, pixels) = window_on_screen(display, window);
    let map_width = w.saturating_sub(PANEL);
    pixels
        .chunks(w)
        .flat_map(|row| row[..map_width].iter().copied())
        .collect()
}

/// The panel as it is on screen now: its RGB pixels, above the status bar.
fn panel_on_screen(display: &Display, window: &str) -> Vec<[u8; 3]> {
    let (w, pixels) = window_on_screen(display, window);
    let rows = pixels.len() / w;
    pixels
        .chunks(w)
        .take(rows.saturating_sub(STATUS_BAR))
        .flat_map(|row| row[w.saturating_sub(PANEL)..].iter().copied())
        .collect()
}

/// The window as it is on screen now, read from ImageMagick's `import`: its width and its
/// RGB pixels, row by row.
fn window_on_screen(display: &Display, window: &str) -> (usize, Vec<[u8; 3]>) {
    let out = Command::new("import")
        .args(["-window", window, "png:-"])
        .env("DISPLAY", &display.name)
        .output()
        .expect("ImageMagick's import runs");
    assert!(
        out.status.success(),
        "import failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut reader = png::Decoder::new(std::io::Cursor::new(out.stdout))
        .read_info()
        .unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    let (w, h) = (info.width as usize, info.height as usize);
    let pixels = (0..w * h)
        .map(|i| i * channels)
        .map(|i| [buf[i], buf[i + 1], buf[i + 2]])
        .collect();
    (w, pixels)
}

#[test]
fn w_replays_the_generation_and_ends_on_the_map() {
    let Some(display) = display() else {
        return;
    };
    if !have_xdotool() {
        return;
    }
    if Command::new("import").arg("-version").output().is_err() {
        skip_or_fail("ImageMagick (import) is not installed");
        return;
    }
    let dir = scratch("replay");
    let (app, window) = open_window(&display, &dir.join("data"), &["--seed", "12"]);
    // The replay's section open, to see its panel follow the replay to the end.
    click(&display, &window, app.0.id(), Panel::WATCH);
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
    let ended = panel_on_screen(&display, &window);
    xdotool(&display, &["mousemove", "--window", &window, "200", "200"]);
    wait_until_idle(app.0.id());
    assert!(
        panel_on_screen(&display, &window) == ended,
        "the panel showed a replay still under way until the mouse moved"
    );
}
