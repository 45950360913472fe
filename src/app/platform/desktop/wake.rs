//! Waking the window from another thread (a map made, the store's answer, an alarm), and
//! making sure it hears input that came while it drew its last frame before sleeping.
//!
//! miniquad's blocking event loop on X11 reads a wake (`schedule_update`) only once its
//! next X event arrives: a wake from another thread alone waits for the mouse to move. So
//! on X11 the wake also sends the window an X event, a client message it ignores, which
//! ends the wait. The window is found once, as the window of this process's own X client
//! (the X server names each client's process through its X-Resource extension); without
//! X11, or without that extension, the wake is miniquad's alone, as before.
//!
//! The same loop, when no frame is asked for, reads the events that came during the last
//! frame and then waits for *one more* before it looks at what they asked for: a key
//! pressed while a frame was drawn (the last key of a quick Ctrl+Q, or all of it just as
//! the window falls asleep) waited for the next input. So after a frame that asks for no
//! other, the window is nudged a few times over the next second ([`sleeping`]): a nudge
//! that finds the loop idle costs it nothing, one that finds it waiting on such a key lets
//! that key be drawn.

use std::sync::OnceLock;
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use x11rb::connection::Connection;
use x11rb::protocol::res::{ClientIdMask, ClientIdSpec, ConnectionExt as _};
use x11rb::protocol::xproto::{ClientMessageEvent, ConnectionExt as _, EventMask, Window};
use x11rb::rust_connection::RustConnection;

/// The name of the client message's type: what the event is, for anyone watching.
const WAKE: &[u8] = b"DUNGEON_VIEWER_WAKE";

/// When the window is nudged after a frame that asked for no other: soon after it (once
/// the frame is drawn and the loop waits), and later in case drawing it took long.
const NUDGES: [Duration; 4] = [
    Duration::from_millis(15),
    Duration::from_millis(60),
    Duration::from_millis(250),
    Duration::from_secs(1),
];

/// Draw the window again soon, whichever thread asks.
pub fn wake() {
    macroquad::miniquad::window::schedule_update();
    if let Some(nudge) = Nudge::get() {
        nudge.send();
    }
}

/// The window draws no frame after this one until something happens: nudge it over the
/// next second ([`NUDGES`]), so that input which came while this frame was drawn is drawn.
pub fn sleeping() {
    static SERIES: OnceLock<Option<Sender<Instant>>> = OnceLock::new();
    let series = SERIES.get_or_init(|| {
        let (asleep, inbox) = mpsc::channel();
        std::thread::Builder::new()
            .name("nudges".into())
            .spawn(move || nudge_after(&inbox))
            .ok()
            .map(|_| asleep)
    });
    if let Some(series) = series {
        let _ = series.send(Instant::now());
    }
}

/// Nudge the window at each of [`NUDGES`] after the latest time `inbox` gives, starting
/// over at each new one.
fn nudge_after(inbox: &mpsc::Receiver<Instant>) {
    let mut series: Option<(Instant, usize)> = None;
    loop {
        let next = match series {
            Some((since, n)) => {
                inbox.recv_timeout((since + NUDGES[n]).saturating_duration_since(Instant::now()))
            }
            None => inbox.recv().map_err(|_| RecvTimeoutError::Disconnected),
        };
        match next {
            Ok(since) => series = Some((since, 0)),
            Err(RecvTimeoutError::Timeout) => {
                if let Some(nudge) = Nudge::get() {
                    nudge.send();
                }
                series = series
                    .map(|(since, n)| (since, n + 1))
                    .filter(|&(_, n)| n < NUDGES.len());
            }
            Err(RecvTimeoutError::Disconnected) => return,
        }
    }
}

/// A connection of our own to the window's X server, and the window to send events to.
struct Nudge {
    connection: RustConnection,
    window: Window,
    kind: u32,
}

impl Nudge {
    /// The nudge of this process's window, found the first time it is asked for.
    fn get() -> Option<&'static Nudge> {
        static NUDGE: OnceLock<Option<Nudge>> = OnceLock::new();
        NUDGE.get_or_init(Nudge::find).as_ref()
    }

    /// The window of this process on the display in `DISPLAY`: the first window made by
    /// one of this process's X clients other than this connection.
    fn find() -> Option<Self> {
        let (connection, screen) = x11rb::connect(None).ok()?;
        let setup = connection.setup();
        let (base, mask) = (setup.resource_id_base, setup.resource_id_mask);
        let root = setup.roots.get(screen)?.root;
        let all = ClientIdSpec {
            client: 0,
            mask: ClientIdMask::LOCAL_CLIENT_PID,
        };
        let clients = connection.res_query_client_ids(&[all]).ok()?.reply().ok()?;
        let pid = std::process::id();
        let ours: Vec<u32> = clients
            .ids
            .iter()
            .filter(|id| id.value.first() == Some(&pid))
            .map(|id| id.spec.client & !mask)
            .filter(|&client| client != base & !mask)
            .collect();
        let mut windows = vec![root];
        let window = loop {
            let window = windows.pop()?;
            if window != root && ours.contains(&(window & !mask)) {
                break window;
            }
            if let Ok(tree) = connection.query_tree(window).map(|c| c.reply()) {
                windows.extend(tree.map(|t| t.children).unwrap_or_default());
            }
        };
        let kind = connection.intern_atom(false, WAKE).ok()?.reply().ok()?.atom;
        Some(Self {
            connection,
            window,
            kind,
        })
    }

    /// Send the window an event it ignores; failures (the window closing) are ignored too.
    fn send(&self) {
        let event = ClientMessageEvent::new(32, self.window, self.kind, [0_u32; 5]);
        let sent = self
            .connection
            .send_event(false, self.window, EventMask::NO_EVENT, event);
        if let Ok(cookie) = sent {
            cookie.ignore_error();
            let _ = self.connection.flush();
        }
    }
}
