//! The real viewer window, run under Xvfb (its own server on a free display when `DISPLAY`
//! is unset) and driven with real X events through xdotool: this module holds the driver
//! (the display, the viewer's start, xdotool, waits on conditions, places in the panel),
//! each file beside it tests one part of the window.
//!
//! What the tests need is checked once, before any runs ([`missing`]): without it they are
//! counted as ignored, with the reason; under `CI` they fail instead, and `.ci/run`
//! installs it, so CI never skips.

pub mod hatched;
pub mod levels;
pub mod no_display;
pub mod panel;
pub mod pins;
pub mod replay;
pub mod screenshot;
pub mod shortcuts;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use dungeon_files::formats::png as png_file;
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

/// Whether a program runs: it could be started with `args`.
fn runs(program: &str, args: &[&str]) -> bool {
    Command::new(program)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok()
}

/// What the window tests need and this machine lacks, if anything: a display (or Xvfb to
/// make one), xdotool to drive the window and ImageMagick's `import` to read it.
pub fn missing() -> Option<String> {
    let lacking: Vec<&str> = [
        (
            std::env::var_os("DISPLAY").is_some() || runs("Xvfb", &["-help"]),
            "no display (DISPLAY is unset) and no Xvfb",
        ),
        (runs("xdotool", &["version"]), "no xdotool"),
        (runs("import", &["-version"]), "no ImageMagick (import)"),
    ]
    .into_iter()
    .filter(|(found, _)| !found)
    .map(|(_, what)| what)
    .collect();
    (!lacking.is_empty()).then(|| format!("{}: apt-get install -y {PACKAGES}", lacking.join(", ")))
}

/// The display to open a window on; the harness checked that there is one, or Xvfb.
fn display() -> Display {
    let turn = take_turn();
    if let Some(name) = std::env::var_os("DISPLAY") {
        return Display {
            name: name.to_string_lossy().into_owned(),
            _server: None,
            _turn: turn,
        };
    }
    // Xvfb picks a free display itself and writes its number to the given descriptor
    // (here its standard output), so tests running side by side never race for one. A
    // server that took the number of one just stopped may find that server's abstract
    // socket, which X clients try first, not yet released, and serve only its socket
    // file: then clients fail to connect. Such a server is replaced by a new one.
    let deadline = Instant::now() + Duration::from_secs(20);
    let (server, n) = loop {
        let child = Command::new("Xvfb")
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
            .expect("Xvfb starts");
        let mut server = Reaped(child);
        let mut number = String::new();
        if let Some(out) = server.0.stdout.take() {
            let _ = std::io::BufRead::read_line(&mut std::io::BufReader::new(out), &mut number);
        }
        let n: u32 = number
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("Xvfb started but gave no display"));
        // Ready once it accepts a connection on both its sockets, as a window will make one.
        loop {
            assert!(
                matches!(server.0.try_wait(), Ok(None)),
                "Xvfb stopped before it served a display"
            );
            if accepts_clients(n) {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "Xvfb took no connection within 20 s"
            );
            sleep(Duration::from_millis(20));
        }
        if accepts_clients_abstract(n) {
            break (server, n);
        }
        assert!(
            Instant::now() < deadline,
            "Xvfb served no abstract socket within 20 s"
        );
    };
    Display {
        name: format!(":{n}"),
        _server: Some(server),
        _turn: turn,
    }
}

/// Whether the X server of display `n` takes a client on its socket file: it answers the
/// opening of a connection (byte order, protocol 11.0, no authorization) with "success".
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

fn wait_for(what: &str, ready: impl FnMut() -> bool) {
    // Generous: a deadline, not a delay; on a loaded machine a window may take a while.
    wait_within(what, Duration::from_secs(60), ready);
}

/// Wait until `ready`, failing once `within` has passed: for what must come before
/// something else would bring it anyway (a message going before it times out).
fn wait_within(what: &str, within: Duration, mut ready: impl FnMut() -> bool) {
    let deadline = Instant::now() + within;
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

/// The environment variable that fixes the window's new seeds (Space, R, C).
const NEW_SEEDS: &str = "DUNGEON_VIEWER_NEW_SEEDS";

/// The viewer, running on `display` with `args` and its favourites in `data`, and its
/// window once it is on screen and has the keyboard. Its new seeds are fixed, the sequence
/// from the map's seed (`--seed`, else 1), as every launch had them before they came from
/// the machine's entropy, so that each run of a test sees the same maps.
fn open_window(display: &Display, data: &Path, args: &[&str]) -> (Reaped, String) {
    let seed = args
        .iter()
        .position(|a| *a == "--seed")
        .map_or("1", |at| args[at + 1]);
    open_window_seeded(display, data, args, Some(seed))
}

/// As [`open_window`], with new seeds from `new_seeds`, or from the machine's entropy
/// (`None`), as a user's window has them.
fn open_window_seeded(
    display: &Display,
    data: &Path,
    args: &[&str],
    new_seeds: Option<&str>,
) -> (Reaped, String) {
    let start = || {
        let mut app = Command::new(BIN);
        app.args(args)
            .env("DISPLAY", &display.name)
            .env("XDG_DATA_HOME", data)
            .env_remove(NEW_SEEDS)
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        if let Some(from) = new_seeds {
            app.env(NEW_SEEDS, from);
        }
        Reaped(app.spawn().unwrap())
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

/// Wait until the process has used no CPU for a tenth of a second and every thread of it
/// sleeps: on a loaded machine a window with frames still to draw may use no CPU for a
/// while only because it waits for a core (then a thread of it is runnable, not asleep).
fn wait_until_idle(pid: u32) {
    let mut last = cpu_ticks(pid);
    let started = cpu_ticks(pid);
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        sleep(Duration::from_millis(100));
        let now = cpu_ticks(pid);
        if std::mem::replace(&mut last, now) == now && all_asleep(pid) {
            return;
        }
        // Say what kept it busy: how much CPU it used, and its threads' states.
        assert!(
            Instant::now() < deadline,
            "timed out waiting for the window to go idle: {} ticks of CPU in 60 s, threads {}",
            now - started,
            thread_states(pid)
        );
    }
}

/// Wait until the process has used no CPU for `long`, every thread of it asleep: a window
/// that has slept that long.
fn wait_until_asleep_for(pid: u32, long: Duration) {
    wait_until_idle(pid);
    let mut since = (Instant::now(), cpu_ticks(pid));
    wait_for("the window to sleep", || {
        let ticks = cpu_ticks(pid);
        if ticks != since.1 || !all_asleep(pid) {
            since = (Instant::now(), ticks);
        }
        since.0.elapsed() >= long
    });
}

/// Each thread of the process: its name and state (`S` sleeping, `R` running).
fn thread_states(pid: u32) -> String {
    let Ok(threads) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return "gone".into();
    };
    threads
        .flatten()
        .filter_map(|thread| std::fs::read_to_string(thread.path().join("stat")).ok())
        .map(|stat| {
            let name = stat.split(['(', ')']).nth(1).unwrap_or("?").to_string();
            let state = stat
                .rsplit(')')
                .next()
                .and_then(|r| r.split_whitespace().next());
            format!("{name}:{}", state.unwrap_or("?"))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether every thread of the process sleeps (state `S`), none runnable or running.
fn all_asleep(pid: u32) -> bool {
    let Ok(threads) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return false;
    };
    threads.flatten().all(|thread| {
        std::fs::read_to_string(thread.path().join("stat")).is_ok_and(|stat| {
            stat.rsplit(')')
                .next()
                .and_then(|rest| rest.split_whitespace().next())
                == Some("S")
        })
    })
}

/// The panel's width, and the status bar's height at most, in pixels.
const PANEL: usize = 300;
const STATUS_BAR: usize = 30;
/// Rows of the window's bottom that are the status bar's, whatever its edge.
const STATUS_BAR_INSIDE: usize = 22;
/// Pixels at the status bar's right end that are the cell under the pointer's, and more.
const CELL_HINT: usize = 260;

/// The map as it is on screen now: its RGB pixels, left of the panel and above the status
/// bar.
fn map_on_screen(display: &Display, window: &str) -> Vec<[u8; 3]> {
    let (w, pixels) = window_on_screen(display, window);
    let rows = pixels.len() / w;
    pixels
        .chunks(w)
        .take(rows.saturating_sub(STATUS_BAR))
        .flat_map(|row| row[..w.saturating_sub(PANEL)].iter().copied())
        .collect()
}

/// The panel as it is on screen now: its RGB pixels from row `top` down to the status bar.
fn panel_on_screen(display: &Display, window: &str, top: usize) -> Vec<[u8; 3]> {
    let (w, pixels) = window_on_screen(display, window);
    let rows = pixels.len() / w;
    pixels
        .chunks(w)
        .take(rows.saturating_sub(STATUS_BAR))
        .skip(top)
        .flat_map(|row| row[w.saturating_sub(PANEL)..].iter().copied())
        .collect()
}

/// The status bar as it is on screen now, but for the cell under the pointer at its right
/// end (which follows the pointer, a frame or so late): its RGB pixels.
fn status_bar_on_screen(display: &Display, window: &str) -> Vec<[u8; 3]> {
    let (w, pixels) = window_on_screen(display, window);
    let rows = pixels.len() / w;
    pixels
        .chunks(w)
        .skip(rows - STATUS_BAR_INSIDE)
        .flat_map(|row| row[..w.saturating_sub(CELL_HINT)].iter().copied())
        .collect()
}

/// What `read` reads once two reads in a row agree: what is on screen once it stopped
/// moving (a section sliding open, the frame after an action). Waiting for the window to
/// use no CPU is not enough on a loaded machine, where it may simply wait for a core.
fn settled<T: PartialEq>(mut read: impl FnMut() -> T) -> T {
    let mut last = read();
    let mut now = read();
    wait_for("the window to settle", || {
        if now == last {
            return true;
        }
        last = std::mem::replace(&mut now, read());
        false
    });
    now
}

/// The window as it is on screen now, read from ImageMagick's `import`: its width and its
/// RGB pixels, row by row. Asked for as PNG24, which is RGB whatever the picture: a window
/// of few colours (a blank map at a replay's start) would otherwise come as a palette.
fn window_on_screen(display: &Display, window: &str) -> (usize, Vec<[u8; 3]>) {
    let out = Command::new("import")
        .args(["-window", window, "png24:-"])
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

/// A viewer on its own display, opened on `--seed SEED` and saving into `shots` of a fresh
/// scratch directory (its favourites in `data` there), for a test that drives it with
/// xdotool and reads it with ImageMagick. Bind `display` first, so that the viewer is
/// dropped before its display.
struct Viewer {
    app: Reaped,
    window: String,
    shots: PathBuf,
    display: Display,
}

/// The viewer for test `name` at `seed`.
fn viewer(name: &str, seed: &str) -> Viewer {
    let display = display();
    let dir = crate::common::scratch(name);
    let shots = dir.join("shots");
    let (app, window) = open_window(
        &display,
        &dir.join("data"),
        &["--seed", seed, "--out-dir", shots.to_str().unwrap()],
    );
    Viewer {
        app,
        window,
        shots,
        display,
    }
}

/// Places in the panel of the default window (1068×698: `--seed` only), from the panel's
/// left edge, with every section closed but the one the place is in.
struct Panel;

impl Panel {
    const SEED_BOX: (u32, u32) = (100, 10);
    const SAVE_PNG: (u32, u32) = (37, 52);
    const EXPORT: (u32, u32) = (188, 52);
    /// In the open Export as menu.
    const EXPORT_JSON: (u32, u32) = (70, 159);
    const KEEP: (u32, u32) = (258, 52);
    const WIDTH_BOX: (u32, u32) = (173, 357);
    const ROOMS_BOX: (u32, u32) = (173, 399);
    /// The last of the map's own controls, below the kind's sliders and the room size.
    const MARGIN_BOX: (u32, u32) = (173, 441);
    const FAVOURITES: (u32, u32) = (30, 483);
    const WATCH: (u32, u32) = (30, 504);
    const RECIPE: (u32, u32) = (30, 525);
    /// In the open recipe section: the paste box, the Open box, the first row of the
    /// recipe's text and the first row below it.
    const PASTE_BOX: (u32, u32) = (120, 546);
    const OPEN_BOX: (u32, u32) = (120, 568);
    const RECIPE_TEXT: u32 = 581;
    const BELOW_RECIPE: u32 = 657;
    /// In the open favourites section: the first thumbnail.
    const FIRST_FAVOURITE: (u32, u32) = (40, 554);
    /// The preset's name box, with the panel scrolled to its end.
    const PRESET_NAME: (u32, u32) = (90, 580);
    /// Where the wheel scrolls the panel: above its foot (over the status bar, the wheel
    /// scrolls nothing).
    const ABOVE_THE_FOOT: (u32, u32) = (90, 600);
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

/// Click (with `button`) `place` in the panel, waiting for nothing: what it does is waited
/// for by what the window then shows.
fn click(display: &Display, window: &str, place: (u32, u32), button: &str) {
    let mut args = at(display, window, place);
    args.extend(["click", button].map(String::from));
    xdotool(
        display,
        &args.iter().map(String::as_str).collect::<Vec<_>>(),
    );
}

/// Click `place` and wait until the window shows what it did to the panel: changed, then
/// still and the window idle (a section slides open over a few frames, and the next click
/// must find it where it stays).
fn click_and_see(display: &Display, window: &str, pid: u32, place: (u32, u32), button: &str) {
    let before = window_on_screen(display, window);
    click(display, window, place, button);
    wait_for("the window to show what the click did", || {
        window_on_screen(display, window) != before
    });
    settled(|| window_on_screen(display, window));
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
