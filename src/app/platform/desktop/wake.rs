//! Waking the window from another thread (a map made, the store's answer, an alarm).
//!
//! miniquad's blocking event loop on X11 reads a wake (`schedule_update`) only once its
//! next X event arrives: a wake from another thread alone waits for the mouse to move. So
//! on X11 the wake also sends the window an X event, a client message it ignores, which
//! ends the wait. The window is found once, as the window of this process's own X client
//! (the X server names each client's process through its X-Resource extension); without
//! X11, or without that extension, the wake is miniquad's alone, as before.

use std::sync::OnceLock;

use x11rb::connection::Connection;
use x11rb::protocol::res::{ClientIdMask, ClientIdSpec, ConnectionExt as _};
use x11rb::protocol::xproto::{ClientMessageEvent, ConnectionExt as _, EventMask, Window};
use x11rb::rust_connection::RustConnection;

/// The name of the client message's type: what the event is, for anyone watching.
const WAKE: &[u8] = b"DUNGEON_VIEWER_WAKE";

/// Draw the window again soon, whichever thread asks.
pub fn wake() {
    macroquad::miniquad::window::schedule_update();
    static NUDGE: OnceLock<Option<Nudge>> = OnceLock::new();
    if let Some(nudge) = NUDGE.get_or_init(Nudge::find) {
        nudge.send();
    }
}

/// A connection of our own to the window's X server, and the window to send events to.
struct Nudge {
    connection: RustConnection,
    window: Window,
    kind: u32,
}

impl Nudge {
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
