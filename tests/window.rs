//! The real viewer window, run under Xvfb (its own server on a free display when `DISPLAY`
//! is unset) and driven with real X events through xdotool.
//!
//! Without a display or Xvfb these tests print a loud notice saying what to install and
//! pass; under `CI` they fail instead, and `.ci/run` installs Xvfb, so CI never skips.

use crate::common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use common::scratch;
use dungeon_files::formats::png::{self as png_file, decode};
use dungeon_generator::Rgb;
use dungeon_generator::generate;
use dungeon_viewer::store::favourites::{Favourite, Favourites};
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_dungeon-viewer");
const PACKAGES: &str = "xvfb xauth xdotool imagemagick libgl1 libgl1-mesa-dri libxi6 libxkbcommon0";

/// A child process killed when the test ends, however it ends.
struct Reaped(Child);

impl Drop for Reaped {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A display to open windows on: the one in `DISPLAY`, or a fresh Xvfb server. Window tests
/// take turns (software rendering of two windows at once on two cores slows both).
struct Display {
    name: String,
    _server: Option<Reaped>,
    _turn: std::sync::MutexGuard<'static, ()>,
}

static TURN: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn take_turn() -> std::sync::MutexGuard<'static, ()> {
    TURN.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn skip_or_fail(why: &str) -> Option<Display> {
    if std::env::var_os("CI").is_some() {
        panic!("window tests cannot run: {why}. Install: apt-get install -y {PACKAGES}");
    }
    // Straight to the terminal: the test harness would hide eprintln! of a passing test.
    let bar = "!".repeat(78);
    let _ = writeln!(
        std::io::stderr(),
        "\n{bar}\n!! SKIPPING a window test: {why}.\n!! To run it, install: \
         apt-get install -y {PACKAGES}\n{bar}\n"
    );
    None
}

fn display() -> Option<Display> {
    let turn = take_turn();
    if let Some(name) = std::env::var_os("DISPLAY") {
        return Some(Display {
            name: name.to_string_lossy().into_owned(),
            _server: None,
            _turn: turn,
        });
    }
    let found = Command::new("Xvfb")
        .arg("-help")
        .stderr(Stdio::null())
        .status();
    if found.is_err() {
        return skip_or_fail("there is no display (DISPLAY is unset) and no Xvfb");
    }
    // Xvfb picks a free display itself and writes its number to the given descriptor
    // (here its standard output), so tests running side by side never race for one. A
    // server that took the number of one just stopped may find that server's abstract
    // socket, which X clients try first, not yet released, and serve only its socket
    // file: then clients fail to connect. Such a server is replaced by a new one.
    let deadline = Instant::now() + Duration::from_secs(20);
    let (server, n) = loop {
        let Ok(child) = Command::new("Xvfb")
            .args([
                "-displayfd",
                "1",
                "-screen",
                "0",
                "1600x1000x24",
                "-nolisten",
                "tcp",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
        else {
            return skip_or_fail("Xvfb would not start");
        };
        let mut server = Reaped(child);
        let mut number = String::new();
        if let Some(out) = server.0.stdout.take() {
            let _ = std::io::BufRead::read_line(&mut std::io::BufReader::new(out), &mut number);
        }
        let Ok(n) = number.trim().parse::<u32>() else {
            return skip_or_fail("Xvfb started but gave no display");
        };
        // Ready once it accepts a connection on both its sockets, as a window will make one.
        loop {
            if !matches!(server.0.try_wait(), Ok(None)) {
                return skip_or_fail("Xvfb stopped before it served a display");
            }
            if accepts_clients(n) {
                break;
            }
            if Instant::now() > deadline {
                return skip_or_fail("Xvfb took no connection within 20 s");
            }
            sleep(Duration::from_millis(20));
        }
        if accepts_clients_abstract(n) {
            break (server, n);
        }
        if Instant::now() > deadline {
            return skip_or_fail("Xvfb served no abstract socket within 20 s");
        }
    };
    Some(Display {
        name: format!(":{n}"),
        _server: Some(server),
        _turn: turn,
    })
}

/// Whether the X server on `socket` takes a client: it answers the opening of a connection
/// (byte order, protocol 11.0, no authorization) with "success".
/// Whether the X server of display `n` answers a connection handshake on its socket file.
fn accepts_clients(n: u32) -> bool {
    let socket = PathBuf::from(format!("/tmp/.X11-unix/X{n}"));
    std::os::unix::net::UnixStream::connect(socket).is_ok_and(handshake)
}

/// Whether it answers on its abstract socket, which X clients on Linux try first.
fn accepts_clients_abstract(n: u32) -> bool {
    use std::os::linux::net::SocketAddrExt;
    let Ok(address) =
        std::os::unix::net::SocketAddr::from_abstract_name(format!("/tmp/.X11-unix/X{n}"))
    else {
        return false;
    };
    std::os::unix::net::UnixStream::connect_addr(&address).is_ok_and(handshake)
}

/// Send an X connection request and read whether the server accepted it.
fn handshake(mut stream: std::os::unix::net::UnixStream) -> bool {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
    let hello = [b'l', 0, 11, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    let mut answer = [0_u8; 1];
    stream.write_all(&hello).is_ok()
        && std::io::Read::read_exact(&mut stream, &mut answer).is_ok()
        && answer[0] == 1
}

/// Fail, in a few words, unless files `a` and `b` hold the same bytes.
fn assert_same_file(a: &Path, b: &Path) {
    let (x, y) = (std::fs::read(a).unwrap(), std::fs::read(b).unwrap());
    if x != y {
        let at = x.iter().zip(&y).position(|(p, q)| p != q);
        panic!(
            "{a:?} ({} bytes) and {b:?} ({} bytes) differ, first at byte {at:?}",
            x.len(),
            y.len()
        );
    }
}

/// A fresh Xvfb on a machine this loaded sometimes refuses a client's first connection
/// although it has answered the test's own (about once in ten runs while two builds run):
/// miniquad then stops with this message. A viewer that stopped so is started again.
const REFUSED: &str = "XOpenDisplay() failed";
/// Starts of the viewer before giving up on a display that keeps refusing it.
const STARTS: usize = 3;

fn run_on(display: &Display, args: &[&str]) -> Output {
    let run = || {
        Command::new(BIN)
            .args(args)
            .env("DISPLAY", &display.name)
            .env("XDG_DATA_HOME", scratch("screenshot-data"))
            .output()
            .expect("the binary runs")
    };
    let mut out = run();
    for _ in 1..STARTS {
        if !String::from_utf8_lossy(&out.stderr).contains(REFUSED) {
            break;
        }
        out = run();
    }
    out
}

/// The map's place in a window screenshot, from its `map` text: (x, y, scale, cell size).
fn map_place(text: &str) -> (f32, f32, f32, u32) {
    let value = |key: &str| -> f32 {
        text.split_whitespace()
            .find_map(|kv| kv.strip_prefix(&format!("{key}=")))
            .unwrap_or_else(|| panic!("no {key} in {text:?}"))
            .parse()
            .unwrap()
    };
    (value("x"), value("y"), value("scale"), value("cell") as u32)
}

#[test]
fn a_screenshot_of_the_window_shows_the_map_of_the_recipe() {
    let Some(display) = display() else {
        return;
    };
    let dir = scratch("screenshot");
    let shot = dir.join("window.png");
    let recipe = "dv1 seed=31 rooms=10 randomness=0.5";
    let out = run_on(
        &display,
        &["--recipe", recipe, "--screenshot", shot.to_str().unwrap()],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let picture = decode(&std::fs::read(&shot).unwrap(), &shot).unwrap();
    let pixels = &picture.pixels;
    // The default map at 12 pixels a cell beside a 300-pixel panel, above the status bar.
    assert_eq!(pixels.width(), 64 * 12 + 300);
    assert!(
        (56 * 12..56 * 12 + 40).contains(&pixels.height()),
        "{}",
        pixels.height()
    );
    assert_eq!(
        picture
            .text("recipe")
            .unwrap()
            .parse::<dungeon_generator::recipe::Recipe>()
            .unwrap()
            .seed,
        31
    );
    let (x0, y0, scale, cell) = map_place(picture.text("map").expect("where the map is"));
    assert_eq!((scale, cell), (1.0, 12));

    let json = Command::new(BIN)
        .args(["render", "--recipe", recipe, "-o", "-"])
        .output()
        .unwrap();
    let map: Value = serde_json::from_slice(&json.stdout).unwrap();
    let centre = |c: &Value| -> Rgb {
        let (cx, cy) = (c[0].as_u64().unwrap() as f32, c[1].as_u64().unwrap() as f32);
        let px = x0 + (cx * cell as f32 + cell as f32 / 2.0) * scale;
        let py = y0 + (cy * cell as f32 + cell as f32 / 2.0) * scale;
        pixels.pixel(px as u32, py as u32).unwrap()
    };
    let mut in_rooms = std::collections::BTreeSet::new();
    for room in map["rooms"].as_array().unwrap() {
        let colour = room["color"].as_array().unwrap();
        let colour = Rgb(
            colour[0].as_u64().unwrap() as u8,
            colour[1].as_u64().unwrap() as u8,
            colour[2].as_u64().unwrap() as u8,
        );
        for c in room["cells"].as_array().unwrap() {
            assert_eq!(centre(c), colour, "room cell {c}");
            in_rooms.insert((c[0].as_u64(), c[1].as_u64()));
        }
    }
    let mut black = 0;
    for path in map["paths"].as_array().unwrap() {
        for c in path["cells"].as_array().unwrap() {
            if !in_rooms.contains(&(c[0].as_u64(), c[1].as_u64())) {
                assert_eq!(centre(c), Rgb::BLACK, "path cell {c}");
                black += 1;
            }
        }
    }
    assert!(black > 20);
    let gray = pixels
        .rgba()
        .chunks_exact(4)
        .filter(|px| px[..3] == [84, 84, 84])
        .count();
    assert!(gray > 100_000, "only {gray} background pixels");
}

/// Run xdotool on `display`. A loaded Xvfb now and then refuses a client's connection (see
/// [`REFUSED`]); xdotool then sends nothing, and a key the test waits on would never come.
/// Such a run is repeated until the server takes it, within a deadline.
fn xdotool(display: &Display, args: &[&str]) -> Output {
    let run = || {
        Command::new("xdotool")
            .args(args)
            .env("DISPLAY", &display.name)
            .output()
            .expect("xdotool runs")
    };
    let mut out = run();
    let refused =
        |out: &Output| String::from_utf8_lossy(&out.stderr).contains("Can't open display");
    if refused(&out) {
        wait_for("xdotool to reach the display", || {
            out = run();
            !refused(&out)
        });
    }
    out
}

/// The PNGs in `dir`.
/// The pictures in `dir`: its `.png` files, not the hidden temporary files a picture is
/// written into before it takes its name.
fn saved(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .map(|d| {
            d.map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|e| e == "png"))
                .collect()
        })
        .unwrap_or_default()
}

/// Wait until `dir` holds one whole picture more than `before` (one that reads back: the
/// window creates the file, then writes it), and return it.
fn next_picture(what: &str, dir: &Path, before: &mut Vec<PathBuf>) -> PathBuf {
    let mut new = None;
    wait_for(what, || {
        new = saved(dir)
            .into_iter()
            .find(|f| !before.contains(f) && png_file::read(f).is_ok());
        new.is_some()
    });
    let new = new.unwrap();
    before.push(new.clone());
    new
}

fn wait_for(what: &str, mut ready: impl FnMut() -> bool) {
    // Generous: a deadline, not a delay; on a loaded machine a window may take a while.
    let deadline = Instant::now() + Duration::from_secs(60);
    while !ready() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        sleep(Duration::from_millis(50));
    }
}

/// CPU time the process has used so far, in clock ticks.
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    let fields: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap()
        .split_whitespace()
        .collect();
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

/// The viewer, running on `display` with `args` and its favourites in `data`, and its
/// window once it is on screen and has the keyboard.
fn open_window(display: &Display, data: &Path, args: &[&str]) -> (Reaped, String) {
    let start = || {
        let app = Command::new(BIN)
            .args(args)
            .env("DISPLAY", &display.name)
            .env("XDG_DATA_HOME", data)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        Reaped(app)
    };
    let mut app = start();
    let mut starts = 1;
    let mut window = String::new();
    wait_for("the window", || {
        if let Ok(Some(status)) = app.0.try_wait() {
            let mut err = String::new();
            if let Some(mut stderr) = app.0.stderr.take() {
                let _ = std::io::Read::read_to_string(&mut stderr, &mut err);
            }
            if err.contains(REFUSED) && starts < STARTS {
                starts += 1;
                app = start();
                return false;
            }
            panic!("the viewer exited ({status}) before showing a window: {err}");
        }
        // Only a window on screen can take the keyboard.
        let found = xdotool(
            display,
            &["search", "--onlyvisible", "--name", "^Dungeon Viewer$"],
        );
        window = String::from_utf8_lossy(&found.stdout)
            .lines()
            .next()
            .unwrap_or("")
            .to_string();
        !window.is_empty()
    });
    // Keys sent from now on wait in the window's queue until it reads them.
    wait_for("the window to take the keyboard", || {
        xdotool(display, &["windowfocus", "--sync", &window])
            .status
            .success()
    });
    (app, window)
}

/// Type `seed` into the seed box (the panel's first field, reached with Tab) and press
/// Enter, which leaves the box; then wait until the window has gone idle, so that it has
/// handled the Enter before any further key (a key in the same frame as the Enter would
/// still be typed into the box).
fn type_seed(display: &Display, pid: u32, seed: &str) {
    xdotool(display, &["key", "Tab", "ctrl+a"]);
    xdotool(display, &["type", seed]);
    xdotool(display, &["key", "Return"]);
    wait_until_idle(pid);
}

/// Wait until the process has used no CPU for a tenth of a second.
fn wait_until_idle(pid: u32) {
    let mut last = cpu_ticks(pid);
    wait_for("the window to go idle", || {
        sleep(Duration::from_millis(100));
        let now = cpu_ticks(pid);
        std::mem::replace(&mut last, now) == now
    });
}

#[test]
fn keys_drive_the_window_and_saved_pictures_bring_their_maps_back() {
    let Some(display) = display() else {
        return;
    };
    if !have_xdotool() {
        return;
    }
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
        type_seed(&display, app.0.id(), &seed.to_string());
        xdotool(&display, &["key", "s"]);
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

/// Whether `xdotool` can be had (else the test is skipped, or fails under CI).
fn have_xdotool() -> bool {
    Command::new("xdotool").arg("version").output().is_ok()
        || skip_or_fail("xdotool is not installed").is_some()
}

#[test]
fn a_kept_layout_is_found_again_after_a_restart() {
    let Some(display) = display() else {
        return;
    };
    if !have_xdotool() {
        return;
    }
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

#[test]
fn the_gallery_shows_nine_seeds_and_a_click_picks_one() {
    let Some(display) = display() else {
        return;
    };
    if !have_xdotool() {
        return;
    }
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

/// The panel's width, and the status bar's height at most, in pixels.
const PANEL: usize = 300;
const STATUS_BAR: usize = 30;

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

/// Places in the panel of the default window (1068×698: `--seed` only), from the panel's
/// left edge, with every section closed but the one the place is in.
struct Panel;

impl Panel {
    const SEED_BOX: (u32, u32) = (100, 10);
    const SAVE_PNG: (u32, u32) = (37, 31);
    const KEEP: (u32, u32) = (180, 31);
    const WIDTH_BOX: (u32, u32) = (173, 353);
    /// The last of the map's own controls, below the kind's sliders.
    const ROOM_SIZE_BOX: (u32, u32) = (173, 416);
    const FAVOURITES: (u32, u32) = (30, 458);
    const WATCH: (u32, u32) = (30, 479);
    const RECIPE: (u32, u32) = (30, 500);
    /// In the open recipe section.
    const PASTE_BOX: (u32, u32) = (120, 522);
    /// In the open favourites section: the first thumbnail, the preset's name, Open.
    const FIRST_FAVOURITE: (u32, u32) = (40, 533);
    const PRESET_NAME: (u32, u32) = (90, 633);
    const OPEN_BOX: (u32, u32) = (120, 654);
}

/// The window's width.
fn window_width(display: &Display, window: &str) -> u32 {
    let out = xdotool(display, &["getwindowgeometry", "--shell", window]);
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("WIDTH="))
        .and_then(|w| w.trim().parse().ok())
        .expect("the window's width")
}

/// The xdotool arguments that move the pointer to `place` in the panel of `window`.
fn at(display: &Display, window: &str, (x, y): (u32, u32)) -> Vec<String> {
    let left = window_width(display, window) - PANEL as u32;
    [
        "mousemove",
        "--window",
        window,
        &(left + x).to_string(),
        &y.to_string(),
    ]
    .map(String::from)
    .to_vec()
}

/// Click `place` in the panel, then wait until the window is idle (a section opened
/// slides open over a few frames).
fn click(display: &Display, window: &str, pid: u32, place: (u32, u32)) {
    let mut args = at(display, window, place);
    args.extend(["click", "1"].map(String::from));
    xdotool(
        display,
        &args.iter().map(String::as_str).collect::<Vec<_>>(),
    );
    wait_until_idle(pid);
}

/// Click (with `button`) the text field at `place` and at once, in the same breath, select
/// what it holds, type `text` at xdotool's default speed and press Enter; then wait until
/// the window is idle.
fn type_into(
    display: &Display,
    window: &str,
    pid: u32,
    place: (u32, u32),
    button: &str,
    text: &str,
) {
    let mut args = at(display, window, place);
    // `type` takes every word after it as text: Enter is a second call, at once.
    args.extend(["click", button, "key", "ctrl+a", "type", text].map(String::from));
    xdotool(
        display,
        &args.iter().map(String::as_str).collect::<Vec<_>>(),
    );
    xdotool(display, &["key", "Return"]);
    wait_until_idle(pid);
}

/// The names in a list file of the data directory (`favourites.json`, `presets.json`).
fn listed(data: &Path, file: &str) -> Vec<String> {
    let text = std::fs::read_to_string(data.join("dungeon-viewer").join(file)).unwrap_or_default();
    let list: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
    list.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|e| e["name"].as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn typing_into_any_text_field_fires_no_shortcut() {
    let Some(display) = display() else {
        return;
    };
    if !have_xdotool() {
        return;
    }
    let dir = scratch("typing");
    let (data, shots) = (dir.join("data"), dir.join("shots"));
    // A favourite of seed 99: a digit that reached the shortcuts would open it.
    let kept = Favourite::new(&generate(&"dv1 seed=99".parse().unwrap()).unwrap()).unwrap();
    Favourites::open(&data.join("dungeon-viewer"))
        .0
        .add(kept)
        .unwrap();
    let (app, window) = open_window(
        &display,
        &data,
        &["--seed", "5", "--out-dir", shots.to_str().unwrap()],
    );
    let pid = app.0.id();
    let (w, d) = (&window, &display);
    // Each text, typed right after the click that focuses its field, holds shortcut keys:
    // digits open favourites, S saves, space makes a new seed, V the gallery, H hides the
    // panel, G, D, M, P and O change the look.
    type_into(d, w, pid, Panel::SEED_BOX, "1", "1234");
    type_into(d, w, pid, Panel::WIDTH_BOX, "1", "100");
    click(d, w, pid, Panel::RECIPE);
    let pasted = "dv1 seed=98 rooms=30 room-size=60 shape=mixed connect=loops";
    type_into(d, w, pid, Panel::PASTE_BOX, "1", pasted);
    click(d, w, pid, Panel::RECIPE);
    click(d, w, pid, Panel::FAVOURITES);
    type_into(d, w, pid, Panel::PRESET_NAME, "1", "spd gmk 1");
    type_into(d, w, pid, Panel::OPEN_BOX, "1", "nowhere/svhdgmpo1.png");
    // A right-click opens the favourite's menu with its name's box ready for typing.
    type_into(d, w, pid, Panel::FIRST_FAVOURITE, "3", "the spd gmk 2");

    // No picture was saved, no favourite kept; the rename and the preset were taken on Enter.
    assert!(saved(&shots).is_empty(), "saved: {:?}", saved(&shots));
    assert_eq!(listed(&data, "favourites.json"), ["the spd gmk 2"]);
    assert_eq!(listed(&data, "presets.json"), ["spd gmk 1"]);
    // The map shown is the pasted one, in the look it started with: S saves exactly what
    // `render` makes of it. Each typed value is one step of the history, in order.
    let mut files = Vec::new();
    let steps = [
        pasted.to_string(),
        "dv1 seed=1234 width=100".to_string(),
        "dv1 seed=1234".to_string(),
        "dv1 seed=5".to_string(),
    ];
    for (n, recipe) in steps.iter().enumerate() {
        if n > 0 {
            xdotool(d, &["key", "Left"]);
        }
        xdotool(d, &["key", "s"]);
        let file = next_picture("a picture of the history", &shots, &mut files);
        let expected: dungeon_generator::recipe::Recipe = recipe.parse().unwrap();
        let rendered = dir.join(format!("rendered-{n}.png"));
        let out = Command::new(BIN)
            .args(["render", "--recipe", &expected.to_string(), "-o"])
            .arg(&rendered)
            .output()
            .unwrap();
        assert!(out.status.success());
        assert_same_file(&file, &rendered);
    }
}

#[test]
fn at_1280_by_720_save_png_and_keep_are_in_sight() {
    let Some(display) = display() else {
        return;
    };
    if !have_xdotool() {
        return;
    }
    let dir = scratch("small-window");
    let (data, shots) = (dir.join("data"), dir.join("shots"));
    let (app, window) = open_window(
        &display,
        &data,
        &["--seed", "21", "--out-dir", shots.to_str().unwrap()],
    );
    xdotool(&display, &["windowsize", "--sync", &window, "1280", "720"]);
    wait_until_idle(app.0.id());
    click(&display, &window, app.0.id(), Panel::SAVE_PNG);
    let mut files = Vec::new();
    let file = next_picture("the picture Save PNG saves", &shots, &mut files);
    assert_eq!(png_file::read(&file).unwrap().1.seed, 21);
    click(&display, &window, app.0.id(), Panel::KEEP);
    wait_for("Keep to keep the layout", || {
        listed(&data, "favourites.json") == ["seed 21"]
    });
    // The kind's sliders (the same rows for every kind, greyed where they change nothing)
    // and the map's size and rooms are in sight too: the last of them takes a value.
    type_into(
        &display,
        &window,
        app.0.id(),
        Panel::ROOM_SIZE_BOX,
        "1",
        "40",
    );
    xdotool(&display, &["key", "s"]);
    let file = next_picture(
        "the picture after a room size was typed",
        &shots,
        &mut files,
    );
    assert_eq!(png_file::read(&file).unwrap().1.room_size, 40);
}

#[test]
fn a_display_without_a_server_is_an_error_not_a_crash() {
    let out = Command::new(BIN).env("DISPLAY", ":4999").output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no X server on display :4999"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn without_a_display_the_window_says_so_instead_of_crashing() {
    let out = Command::new(BIN)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no display"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn an_empty_display_is_an_error_not_a_crash() {
    let out = Command::new(BIN).env("DISPLAY", "").output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("DISPLAY is empty"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn a_small_map_is_drawn_large() {
    let Some(display) = display() else {
        return;
    };
    let shot = scratch("small-map").join("window.png");
    let out = run_on(
        &display,
        &[
            "--width",
            "20",
            "--height",
            "15",
            "--rooms",
            "3",
            "--room-size",
            "10",
            "--screenshot",
            shot.to_str().unwrap(),
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let picture = decode(&std::fs::read(&shot).unwrap(), &shot).unwrap();
    let (_, _, scale, cell) = map_place(picture.text("map").expect("where the map is"));
    // 20 cells across a 480-pixel map area: 24 pixels a cell, not the 12 of big maps.
    assert!(scale * cell as f32 >= 20.0, "{scale} × {cell}");
}

#[test]
fn a_lock_held_by_another_program_never_freezes_the_window() {
    let Some(display) = display() else {
        return;
    };
    if !have_xdotool() {
        return;
    }
    let dir = scratch("locked-store");
    let (data, shots) = (dir.join("data"), dir.join("shots"));
    let store = data.join("dungeon-viewer");
    std::fs::create_dir_all(&store).unwrap();
    let lock = std::fs::File::create(store.join("favourites.lock")).unwrap();
    lock.lock().unwrap();
    let (app, _) = open_window(
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
    // Let go: the favourite kept meanwhile is saved (tried again every few seconds).
    drop(lock);
    wait_for("the favourite kept meanwhile to be saved", || {
        listed(&data, "favourites.json") == ["seed 8"]
    });
    drop(app);
}
