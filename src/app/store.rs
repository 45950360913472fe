//! The favourites and the user's presets: the window asks for a change and goes on, and
//! the lists ([`Lists`]) apply it, save it and answer with the lists as they now stand and a
//! message. Where they run is the platform's ([`super::platform::StoreLink`]): on the
//! desktop a thread of their own, so the window never waits on the disk or on another
//! program's lock; in the browser at once, since its storage answers at once. A change that
//! could not be saved stays in the lists and is tried again with the next change (and on
//! the desktop every few seconds), as the library's lists promise.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::platform::StoreLink;
use dungeon_files::text::quote;
use dungeon_generator::Dungeon;
use dungeon_viewer::store::favourites::{Favourite, Favourites, default_name};
use dungeon_viewer::store::presets::{Preset, Presets, UserPresets};
use dungeon_viewer::store::{self, Error};

/// A change the window asks for.
pub enum Request {
    Keep(Arc<Dungeon>),
    Rename {
        id: String,
        name: String,
    },
    Delete(String),
    Undelete(Favourite),
    SavePreset(Preset),
    /// Try the changes not saved yet again (before quitting).
    Retry,
}

/// The lists' answer: the lists as they now stand, and what to tell the user.
pub struct Reply {
    favourites: Arc<Vec<Favourite>>,
    presets: Arc<Presets>,
    /// The message, and whether it is a problem.
    message: Option<(String, bool)>,
    /// The favourite just deleted, for Undo.
    deleted: Option<Favourite>,
    /// Whether some change is kept in memory only.
    unsaved: bool,
    /// Whether it answers a request (or the first reading), not a retry of the lists' own.
    answer: bool,
}

/// The window's side of the store.
pub struct Store {
    /// `None` without a place to keep the lists.
    link: Option<StoreLink>,
    /// Requests sent and not answered yet (the first answer, the lists read, included).
    waiting: usize,
    favourites: Arc<Vec<Favourite>>,
    presets: Arc<Presets>,
    /// The favourite deleted last, for Undo.
    pub deleted: Option<Favourite>,
    unsaved: bool,
    /// Why the last change could not be saved, while one is not.
    problem: Option<String>,
    /// Where the lists live; `None` without a home directory.
    pub dir: Option<PathBuf>,
}

impl Store {
    /// Open the lists in the user's data directory; `wake` is called (from the lists'
    /// thread, where they have one) after each answer.
    pub fn open(wake: impl Fn() + Send + 'static) -> Self {
        let dir = store::data_dir();
        let link = dir.as_deref().and_then(|dir| StoreLink::start(dir, wake));
        Self {
            waiting: usize::from(link.is_some()),
            link,
            favourites: Arc::default(),
            presets: Arc::default(),
            deleted: None,
            unsaved: false,
            problem: None,
            dir,
        }
    }

    /// Take the answers that arrived; returns the messages they carry.
    pub fn poll(&mut self) -> Vec<(String, bool)> {
        let mut messages = Vec::new();
        while let Some(reply) = self.link.as_mut().and_then(StoreLink::try_recv) {
            if reply.answer {
                self.waiting = self.waiting.saturating_sub(1);
            }
            self.favourites = reply.favourites;
            self.presets = reply.presets;
            self.unsaved = reply.unsaved;
            if reply.unsaved {
                self.problem = reply.message.as_ref().map(|(text, _)| text.clone());
            } else {
                self.problem = None;
            }
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

    /// Why the last change could not be saved, while some change is not.
    pub fn problem(&self) -> Option<&str> {
        self.problem.as_deref()
    }

    /// Ask the lists to try the changes not saved yet again.
    pub fn retry(&mut self) -> Result<(), String> {
        self.send(Request::Retry)
    }

    /// The favourites, oldest first.
    pub fn favourites(&self) -> &[Favourite] {
        &self.favourites
    }

    /// Every preset: the built-in ones, then the user's.
    pub fn presets(&self) -> &Arc<Presets> {
        &self.presets
    }

    fn send(&mut self, request: Request) -> Result<(), String> {
        let Some(link) = &mut self.link else {
            return Err(
                "There is no data directory (no home directory): nothing can be kept.".into(),
            );
        };
        link.send(request)
            .map_err(|()| "The favourites could not be saved: their thread stopped.".to_string())?;
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
        self.presets
            .check_new_name(&preset.name)
            .map_err(|e| e.to_string())?;
        self.send(Request::SavePreset(preset))
    }
}

/// The favourites and the user's presets as the store keeps them, and what each change
/// does to them.
pub struct Lists {
    favourites: Favourites,
    user_presets: UserPresets,
    /// Every preset, indexed by name: made again when the user's presets change, never by
    /// a frame.
    presets: Arc<Presets>,
}

impl Lists {
    /// Read the lists in `dir`; the first answer carries any notice about them.
    pub fn open(dir: &Path) -> (Self, Reply) {
        let (favourites, a) = Favourites::open(dir);
        let (user_presets, b) = UserPresets::open(dir);
        let notices: Vec<String> = a.into_iter().chain(b).collect();
        let presets = Arc::new(Presets::new(user_presets.entries()));
        let mut lists = Self {
            favourites,
            user_presets,
            presets,
        };
        let message = (!notices.is_empty()).then(|| (notices.join(" "), true));
        let reply = lists.reply(message, None, true);
        (lists, reply)
    }

    /// The lists as they stand, with `message` and the favourite just `deleted`; `answer`
    /// when it answers a request.
    fn reply(
        &mut self,
        message: Option<(String, bool)>,
        deleted: Option<Favourite>,
        answer: bool,
    ) -> Reply {
        Reply {
            favourites: Arc::new(self.favourites.entries().to_vec()),
            presets: Arc::clone(&self.presets),
            message,
            deleted,
            unsaved: self.has_unsaved(),
            answer,
        }
    }

    /// Whether some change is kept in memory only.
    pub fn has_unsaved(&self) -> bool {
        self.favourites.has_unsaved() || self.user_presets.has_unsaved()
    }

    /// Try the changes not saved again, of the lists' own accord (the desktop's thread does,
    /// every few seconds); the answer says so only when they are saved.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn retry(&mut self) -> Reply {
        let message = self.save_again();
        self.reply(message, None, false)
    }

    /// Save the changes kept in memory; what to say when they are saved.
    fn save_again(&mut self) -> Option<(String, bool)> {
        let saved = self.favourites.save().and(self.user_presets.save());
        self.presets = Arc::new(Presets::new(self.user_presets.entries()));
        saved
            .ok()
            .map(|_| ("Saved the changes kept meanwhile.".into(), false))
    }

    /// Carry out `request`, saving the lists.
    pub fn handle(&mut self, request: Request) -> Reply {
        let mut deleted = None;
        let (done, outcome) = match request {
            Request::Keep(dungeon) => match Favourite::new(&dungeon) {
                Ok(mut favourite) => {
                    favourite.name = default_name(
                        dungeon.recipe(),
                        self.presets.all(),
                        self.favourites.entries(),
                    );
                    (
                        format!("Kept “{}”.", quote(&favourite.name)),
                        self.favourites.add(favourite),
                    )
                }
                Err(e) => (String::new(), Err(e)),
            },
            Request::Rename { id, name } => (
                format!("Renamed to “{}”.", quote(&name)),
                self.favourites.rename(&id, &name),
            ),
            Request::Delete(id) => {
                let gone = self.favourites.get(&id).cloned();
                let outcome = self.favourites.delete(&id);
                if outcome.is_ok() {
                    deleted = gone;
                }
                ("Deleted (Undo puts it back).".into(), outcome)
            }
            Request::Undelete(favourite) => ("Put back.".into(), self.favourites.add(favourite)),
            Request::SavePreset(preset) => {
                let done = format!("Saved the preset “{}”.", quote(&preset.name));
                let outcome = self.user_presets.add(preset);
                self.presets = Arc::new(Presets::new(self.user_presets.entries()));
                (done, outcome)
            }
            Request::Retry => {
                let message = self.save_again();
                return self.reply(message, None, true);
            }
        };
        self.reply(Some(said(&done, outcome)), deleted, true)
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
