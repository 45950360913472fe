//! Waking the window's event loop from the threads that finish work for it (a map made, a
//! favourite kept, a tooltip's delay run out).
//!
//! miniquad 0.4.11's blocking event loop on X11 reads [`schedule_update`] requests only
//! after an X event, so a frame asked for from another thread would wait for the next mouse
//! move. On X11 the waker also sends the window an X event: a client message (which miniquad
//! reads and ignores), through an X connection of its own. An idle window sleeps as before.
//!
//! The same loop, after reading the events already queued, waits for one more before it
//! draws (`count = XPending + 1`): a key pressed just as the window goes idle can wait for
//! the next event. Knocking for a moment after each frame would draw it, but in the window
//! tests, under load, such knocks let a digit typed into a slider's number box also reach
//! the favourites' shortcut; [`super::frame`] keeps frames coming a quarter second after
//! input instead, which draws almost all such keys.
//!
//! [`schedule_update`]: macroquad::miniquad::window::schedule_update

use std::sync::mpsc::{self, Sender};

/// The window's class on X11 (`WM_CLASS`), by which the waker finds it.
pub const WM_CLASS: &str = "dungeon-viewer";

/// Asks the window for a frame from any thread. Clones knock on the same window.
#[derive(Clone)]
pub struct Waker {
    knocks: Sender<()>,
}

impl Waker {
    /// Start the waker. Without an X display to knock on (Wayland, or a thread that cannot
    /// start) it still schedules frames; they then wait for the next input event.
    pub fn start() -> Self {
        let (knocks, inbox) = mpsc::channel::<()>();
        #[cfg(target_os = "linux")]
        {
            // Nothing to do where it fails to start: the knocks then go nowhere.
            let _ = std::thread::Builder::new()
                .name("waker".into())
                .spawn(move || {
                    if let Some(mut door) = x11::Door::open() {
                        while inbox.recv().is_ok() {
                            door.knock();
                        }
                    }
                });
        }
        #[cfg(not(target_os = "linux"))]
        drop(inbox);
        Self { knocks }
    }

    /// Ask for a frame soon, from any thread.
    pub fn wake(&self) {
        macroquad::miniquad::window::schedule_update();
        let _ = self.knocks.send(());
    }

    /// [`Self::wake`] as a function for the threads that wake the window.
    pub fn callback(&self) -> impl Fn() + Send + Clone + 'static {
        let waker = self.clone();
        move || waker.wake()
    }
}

#[cfg(target_os = "linux")]
mod x11 {
    use x11rb::connection::Connection;
    use x11rb::protocol::res::{self, ClientIdMask, ClientIdSpec};
    use x11rb::protocol::xproto::{
        AtomEnum, ClientMessageEvent, ConnectionExt as _, EventMask, Window,
    };
    use x11rb::rust_connection::RustConnection;

    /// How deep below the root the window may be: a window manager puts it in a frame.
    const DEPTH: usize = 3;

    /// An X connection of our own, and the window(s) to knock on.
    pub struct Door {
        conn: RustConnection,
        root: Window,
        knock: u32,
        windows: Vec<Window>,
    }

    impl Door {
        /// Connect to the display in `DISPLAY`; `None` where there is none.
        pub fn open() -> Option<Self> {
            let (conn, screen) = x11rb::connect(None).ok()?;
            let root = conn.setup().roots.get(screen)?.root;
            let knock = conn
                .intern_atom(false, b"DUNGEON_VIEWER_WAKE")
                .ok()?
                .reply()
                .ok()?
                .atom;
            Some(Self {
                conn,
                root,
                knock,
                windows: Vec::new(),
            })
        }

        /// Send each window a client message, finding the windows first if need be; a
        /// window that is gone is looked for again at the next knock.
        pub fn knock(&mut self) {
            if self.windows.is_empty() {
                self.windows = self.find();
            }
            let conn = &self.conn;
            let knock = self.knock;
            let delivered = self.windows.iter().all(|&window| {
                let event = ClientMessageEvent::new(32, window, knock, [0u32; 5]);
                conn.send_event(false, window, EventMask::NO_EVENT, event)
                    .ok()
                    .and_then(|cookie| cookie.check().ok())
                    .is_some()
            });
            if !delivered {
                self.windows.clear();
            }
        }

        /// The windows of class [`super::WM_CLASS`] that belong to this process (asked of
        /// the server's X-Resource extension), or all of that class where the server cannot
        /// tell: another viewer woken draws one frame more, no harm. Empty until the window
        /// is mapped.
        fn find(&self) -> Vec<Window> {
            let mut ours = Vec::new();
            let mut level = vec![self.root];
            for _ in 0..DEPTH {
                let mut next = Vec::new();
                for window in level {
                    if self.has_our_class(window) {
                        ours.push(window);
                    } else if let Some(tree) = self
                        .conn
                        .query_tree(window)
                        .ok()
                        .and_then(|c| c.reply().ok())
                    {
                        next.extend(tree.children);
                    }
                }
                level = next;
            }
            let pids: Vec<Option<u32>> = ours.iter().map(|&w| self.pid_of(w)).collect();
            if pids.iter().all(Option::is_none) {
                return ours;
            }
            let pid = Some(std::process::id());
            ours.into_iter()
                .zip(pids)
                .filter_map(|(window, owner)| (owner == pid).then_some(window))
                .collect()
        }

        fn has_our_class(&self, window: Window) -> bool {
            let class = format!("{0}\0{0}\0", super::WM_CLASS);
            self.conn
                .get_property(false, window, AtomEnum::WM_CLASS, AtomEnum::STRING, 0, 64)
                .ok()
                .and_then(|c| c.reply().ok())
                .is_some_and(|p| p.value == class.as_bytes())
        }

        fn pid_of(&self, window: Window) -> Option<u32> {
            let spec = ClientIdSpec {
                client: window,
                mask: ClientIdMask::LOCAL_CLIENT_PID,
            };
            let reply = res::query_client_ids(&self.conn, &[spec])
                .ok()?
                .reply()
                .ok()?;
            reply.ids.first()?.value.first().copied()
        }
    }
}
