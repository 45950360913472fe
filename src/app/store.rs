//! The favourites and the user's presets, kept by a thread of their own: the window never
//! waits on the disk or on another program's lock. It asks for a change and goes on; the
//! thread reads the lists, applies the change under the lock (waiting a bounded time for
//! it), writes them and answers with the lists as they now stand and a message. A change
//! that could not be saved stays in the thread's lists and is tried again every few
//! seconds and with the next change, as the library's lists promise.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::Duration;

use dungeon_generator::Dungeon;
use dungeon_viewer::store::favourites::{Favourite, Favourites, default_name};
use dungeon_viewer::store::presets::{self, Preset, UserPresets};
use dungeon_viewer::store::{self, Error};

/// How often changes not saved are tried again.
const RETRY: Duration = Duration::from_secs(10);

/// A change the window asks for.
enum Request {
    Keep(Arc<Dungeon>),
    Rename { id: String, name: String },
    Delete(String),
    Undelete(Favourite),
    SavePreset(Preset),
}

/// The thread's answer: the lists as they now stand, and what to tell the user.
struct Reply {
    favourites: Arc<Vec<Favourite>>,
    presets: Arc<Vec<Preset>>,
    /// The message, and whether it is a problem.
    message: Option<(String, bool)>,
    /// The favourite just deleted, for Undo.
    deleted: Option<Favourite>,
    /// Whether some change is kept in memory only.
    unsaved: bool,
}

/// The window's side of the store.
pub struct Store {
    requests: Option<Sender<Request>>,
    replies: Receiver<Reply>,
    /// Requests sent and not answered yet (the first answer, the lists read, included).
    waiting: usize,
    favourites: Arc<Vec<Favourite>>,
    presets: Arc<Vec<Preset>>,
    /// The favourite deleted last, for Undo.
    pub deleted: Option<Favourite>,
    unsaved: bool,
    /// Where the lists live; `None` without a home directory.
    pub dir: Option<PathBuf>,
}

impl Store {
    /// Start the thread on the lists in the user's data directory; `wake` is called (from
    /// that thread) after each answer.
    pub fn open(wake: impl Fn() + Send + 'static) -> Self {
        let dir = store::data_dir();
        let (requests, inbox) = mpsc::channel();
        let (outbox, replies) = mpsc::channel();
        let started = dir.clone().map(|dir| {
            thread::Builder::new()
                .name("store".into())
                .spawn(move || serve(&dir, &inbox, &outbox, &wake))
        });
        let running = matches!(started, Some(Ok(_)));
        Self {
            requests: running.then_some(requests),
            replies,
            waiting: usize::from(running),
            favourites: Arc::default(),
            presets: Arc::default(),
            deleted: None,
            unsaved: false,
            dir,
        }
    }

    /// Take the answers that arrived; returns the messages they carry.
    pub fn poll(&mut self) -> Vec<(String, bool)> {
        let mut messages = Vec::new();
        while let Ok(reply) = self.replies.try_recv() {
            self.waiting = self.waiting.saturating_sub(1);
            self.favourites = reply.favourites;
            self.presets = reply.presets;
            self.unsaved = reply.unsaved;
            if reply.deleted.is_some() {
                self.deleted = reply.deleted;
            }
            messages.extend(reply.message);
        }
        messages
    }

    /// Whether the lists are still being read, or a change is being saved.
    pub fn is_busy(&self) -> bool {
        self.waiting > 0
    }

    /// Whether some change could not be saved yet.
    pub fn has_unsaved(&self) -> bool {
        self.unsaved
    }

    /// The favourites, oldest first.
    pub fn favourites(&self) -> &[Favourite] {
        &self.favourites
    }

    /// Every preset: the built-in ones, then the user's.
    pub fn presets(&self) -> Vec<Preset> {
        presets::all(&self.presets)
    }

    fn send(&mut self, request: Request) -> Result<(), String> {
        let Some(requests) = &self.requests else {
            return Err(
                "There is no data directory (no home directory): nothing can be kept.".into(),
            );
        };
        requests
            .send(request)
            .map_err(|_| "The favourites could not be saved: their thread stopped.".to_string())?;
        self.waiting += 1;
        Ok(())
    }

    /// Keep `dungeon` as a favourite.
    pub fn keep(&mut self, dungeon: Arc<Dungeon>) -> Result<(), String> {
        self.send(Request::Keep(dungeon))
    }

    pub fn rename(&mut self, id: &str, name: &str) -> Result<(), String> {
        self.send(Request::Rename {
            id: id.to_string(),
            name: name.trim().to_string(),
        })
    }

    pub fn delete(&mut self, id: &str) -> Result<(), String> {
        self.send(Request::Delete(id.to_string()))
    }

    /// Put back the favourite deleted last.
    pub fn undelete(&mut self) -> Result<(), String> {
        match self.deleted.take() {
            Some(favourite) => self.send(Request::Undelete(favourite)),
            None => Ok(()),
        }
    }

    /// Save `preset` as the user's own, once its name is checked.
    pub fn save_preset(&mut self, preset: Preset) -> Result<(), String> {
        presets::check_new_name(&preset.name, &self.presets).map_err(|e| e.to_string())?;
        self.send(Request::SavePreset(preset))
    }
}

/// The thread: read the lists, answer, then carry out each request as it comes.
fn serve(
    dir: &std::path::Path,
    inbox: &Receiver<Request>,
    outbox: &Sender<Reply>,
    wake: &dyn Fn(),
) {
    let (mut favourites, a) = Favourites::open(dir);
    let (mut user_presets, b) = UserPresets::open(dir);
    let notices: Vec<String> = a.into_iter().chain(b).collect();
    let mut message = (!notices.is_empty()).then(|| (notices.join(" "), true));
    let mut deleted = None;
    loop {
        let reply = Reply {
            favourites: Arc::new(favourites.entries().to_vec()),
            presets: Arc::new(user_presets.entries().to_vec()),
            message: message.take(),
            deleted: deleted.take(),
            unsaved: favourites.has_unsaved() || user_presets.has_unsaved(),
        };
        if outbox.send(reply).is_err() {
            return;
        }
        wake();
        let request = match inbox.recv_timeout(RETRY) {
            Ok(request) => request,
            Err(RecvTimeoutError::Timeout) => {
                if !(favourites.has_unsaved() || user_presets.has_unsaved()) {
                    continue;
                }
                // Try the changes not saved again; say so only when they are saved.
                let saved = favourites.save().and(user_presets.save());
                message = saved
                    .ok()
                    .map(|_| ("Saved the changes kept meanwhile.".into(), false));
                continue;
            }
            Err(RecvTimeoutError::Disconnected) => return,
        };
        let (done, outcome) = match request {
            Request::Keep(dungeon) => match Favourite::new(&dungeon) {
                Ok(mut favourite) => {
                    let presets = presets::all(user_presets.entries());
                    favourite.name = default_name(dungeon.recipe(), &presets, favourites.entries());
                    (
                        format!("Kept “{}”.", favourite.name),
                        favourites.add(favourite),
                    )
                }
                Err(e) => (String::new(), Err(e)),
            },
            Request::Rename { id, name } => (
                format!("Renamed to “{name}”."),
                favourites.rename(&id, &name),
            ),
            Request::Delete(id) => {
                let gone = favourites.get(&id).cloned();
                let outcome = favourites.delete(&id);
                if outcome.is_ok() {
                    deleted = gone;
                }
                ("Deleted (Undo puts it back).".into(), outcome)
            }
            Request::Undelete(favourite) => ("Put back.".into(), favourites.add(favourite)),
            Request::SavePreset(preset) => (
                format!("Saved the preset “{}”.", preset.name),
                user_presets.add(preset),
            ),
        };
        message = Some(said(&done, outcome));
    }
}

/// What a change of a list says: `done`, with a notice when the file was kept aside, or
/// what went wrong (a problem).
fn said(done: &str, outcome: Result<Option<String>, Error>) -> (String, bool) {
    match outcome {
        Ok(None) => (done.to_string(), false),
        Ok(Some(notice)) => (format!("{done} {notice}"), true),
        Err(e) => (e.to_string(), true),
    }
}
