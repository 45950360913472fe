//! A list of entries kept as a readable, pretty-printed JSON file in a directory, changed
//! safely by any number of processes at once: [`JsonList`].
//!
//! Every change takes an exclusive lock (`favourites.lock`, beside the lists), waiting at
//! most [`LOCK_WAIT`] for it; reads the file afresh, applies that one change (by id),
//! replaces the file atomically (through a link, when the file is one) and unlocks; the
//! list in memory is then what was written. A change that cannot be saved stays in memory
//! and is tried again with the next change. Nothing the user had is ever lost:
//! - a file that does not parse is renamed aside, whole, under a dated name
//!   (`favourites.json.broken-20261122-031700`), and a new list starts, the notice saying
//!   where it went; a link there is renamed itself, never followed (what it leads to may
//!   be another user's or the system's);
//! - a file over [`MAX_LIST_BYTES`] or [`MAX_LIST_ENTRIES`] is neither read nor written,
//!   only reported: reading a list takes at most a second and a few hundred MB;
//! - a lock that is not a plain file (a link, a pipe) is never opened through, only
//!   reported;
//! - a list that may not be replaced (read-only, with other hard links, which a new file
//!   would split from it, or behind a link another user planted in a shared directory:
//!   see `safe_write`) is left as it is, and changes stay in memory.

#[cfg(not(target_arch = "wasm32"))]
use std::fs::File;
#[cfg(not(target_arch = "wasm32"))]
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
#[cfg(not(target_arch = "wasm32"))]
use std::thread;
use std::time::Duration;
#[cfg(not(target_arch = "wasm32"))]
use std::time::Instant;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::Error;
#[cfg(not(target_arch = "wasm32"))]
use super::utc;
#[cfg(not(target_arch = "wasm32"))]
use dungeon_files::formats::safe_write::{self, open_regular, refuse_irregular};
use dungeon_files::text::quote;
#[cfg(not(target_arch = "wasm32"))]
use dungeon_files::text::quote_path;
#[cfg(not(target_arch = "wasm32"))]
use rustix::fs::FileType;

// In the browser a list is kept in the page's storage instead of a file.
#[cfg(target_arch = "wasm32")]
mod browser;
#[cfg(target_arch = "wasm32")]
use browser::read_list;

/// The file every change to either list locks, beside them.
pub const LOCK_FILE: &str = "favourites.lock";
/// The largest list file read or written; a bigger one is left as it is. Read, a list of
/// favourites this big (most of it thumbnails) takes about 0.2 s of CPU and twice its
/// size in memory.
pub const MAX_LIST_BYTES: u64 = 64 * 1024 * 1024;
/// The most entries a list read or written holds; a list of more is left as it is. Read,
/// this many of the smallest presets take about 0.5 s of CPU and 130 MB (each entry costs
/// some 300 bytes in memory, however small its text).
pub const MAX_LIST_ENTRIES: usize = 400_000;
/// How long a change waits for another program to let go of the lock.
pub const LOCK_WAIT: Duration = Duration::from_secs(3);

/// What a [`JsonList`] holds.
pub trait Entry: Clone + Serialize + DeserializeOwned {
    /// The list's file name in the data directory.
    const FILE: &'static str;
    /// What changes name this entry; unique in its list.
    fn id(&self) -> &str;
    /// Give the entry a new name.
    fn set_name(&mut self, name: &str);
    /// Whether this entry's name clashes with `name` (the same id, for entries named by
    /// their id, in any case).
    fn clashes(&self, _name: &str) -> bool {
        false
    }
}

/// One change to a list, applied by id.
#[derive(Clone, Debug)]
pub(crate) enum Change<T> {
    Add(T),
    Rename { id: String, name: String },
    Delete { id: String },
}

impl<T: Entry> Change<T> {
    fn apply(&self, entries: &mut Vec<T>) {
        match self {
            Change::Add(entry) => {
                if !entries.iter().any(|e| e.id() == entry.id()) {
                    entries.push(entry.clone());
                }
            }
            Change::Rename { id, name } => {
                if let Some(entry) = entries.iter_mut().find(|e| e.id() == id) {
                    entry.set_name(name);
                }
            }
            Change::Delete { id } => entries.retain(|e| e.id() != id),
        }
    }
}

/// Why a list file was not read.
pub(crate) enum Unread {
    /// It is there but not a list: what is wrong.
    Broken(String),
    /// It is not to be read or written at all.
    Refused(Error),
}

/// The entries in `path`: none when it does not exist.
#[cfg(not(target_arch = "wasm32"))]
fn read_list<T: Entry>(path: &Path) -> Result<Vec<T>, Unread> {
    let file = match open_regular(path) {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(source) => {
            return Err(Unread::Refused(Error::Read {
                file: path.to_path_buf(),
                source,
            }));
        }
    };
    let read = |source| {
        Unread::Refused(Error::Read {
            file: path.to_path_buf(),
            source,
        })
    };
    let bytes = file.metadata().map_err(read)?.len();
    if bytes > MAX_LIST_BYTES {
        return Err(Unread::Refused(Error::TooBig {
            file: path.to_path_buf(),
            bytes,
        }));
    }
    // Parsed as it is read, never held whole as text: lists may be big.
    let reader = io::BufReader::new(file.take(MAX_LIST_BYTES));
    parse(&mut serde_json::Deserializer::from_reader(reader), path).map_err(|e| match e {
        // The system's own error, its reason kept.
        Unparsed::Json(e) if e.is_io() => read(io::Error::from(e)),
        e => e.into(),
    })
}

/// Why a list's text gave no entries.
enum Unparsed {
    /// It is not a list of entries: what is wrong.
    Json(serde_json::Error),
    /// It holds more than [`MAX_LIST_ENTRIES`].
    TooMany(Error),
}

impl From<Unparsed> for Unread {
    fn from(e: Unparsed) -> Self {
        match e {
            Unparsed::Json(e) => Unread::Broken(e.to_string()),
            Unparsed::TooMany(e) => Unread::Refused(e),
        }
    }
}

/// The entries of the list at `path` as `json` reads them, at most [`MAX_LIST_ENTRIES`]:
/// reading stops at the first entry over them.
fn parse<'de, T: Entry>(
    json: impl serde::Deserializer<'de, Error = serde_json::Error>,
    path: &Path,
) -> Result<Vec<T>, Unparsed> {
    let over = std::cell::Cell::new(false);
    serde::de::DeserializeSeed::deserialize(Bounded::<T>(&over, std::marker::PhantomData), json)
        .map_err(|e| {
            if over.get() {
                Unparsed::TooMany(Error::TooMany {
                    file: path.to_path_buf(),
                })
            } else {
                Unparsed::Json(e)
            }
        })
}

/// A list of at most [`MAX_LIST_ENTRIES`] entries, setting its flag when there are more.
struct Bounded<'a, T>(&'a std::cell::Cell<bool>, std::marker::PhantomData<T>);

impl<'de, T: Entry> serde::de::DeserializeSeed<'de> for Bounded<'_, T> {
    type Value = Vec<T>;

    fn deserialize<D: serde::Deserializer<'de>>(self, json: D) -> Result<Vec<T>, D::Error> {
        json.deserialize_seq(self)
    }
}

impl<'de, T: Entry> serde::de::Visitor<'de> for Bounded<'_, T> {
    type Value = Vec<T>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "a list of at most {MAX_LIST_ENTRIES} entries")
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let mut entries = Vec::new();
        while let Some(entry) = seq.next_element()? {
            if entries.len() == MAX_LIST_ENTRIES {
                self.0.set(true);
                return Err(serde::de::Error::custom("too many entries"));
            }
            entries.push(entry);
        }
        Ok(entries)
    }
}

/// A list of entries kept in a JSON file of a directory, changed safely by any number of
/// processes at once (see the module's notes).
#[derive(Debug)]
pub struct JsonList<T> {
    dir: PathBuf,
    entries: Vec<T>,
    /// Changes not saved yet, oldest first: tried again with the next change.
    unsaved: Vec<Change<T>>,
}

impl<T: Entry> JsonList<T> {
    /// Read the list in `dir` (which need not exist: then the list is empty). Also returns
    /// a notice for the user when the file could not be read: a file that does not parse
    /// is renamed aside under a dated backup name and the list starts empty; a file that
    /// cannot be read, or is too big, is left alone.
    #[must_use]
    pub fn open(dir: &Path) -> (Self, Option<String>) {
        let mut list = Self {
            dir: dir.to_path_buf(),
            entries: Vec::new(),
            unsaved: Vec::new(),
        };
        let notice = match read_list(&list.path()) {
            Ok(entries) => {
                list.entries = entries;
                None
            }
            // Kept aside under the lock, so that no other window's change is lost.
            Err(Unread::Broken(detail)) => match list.save() {
                Ok(notice) => notice,
                Err(e) => Some(format!(
                    "{} could not be read ({}) and was left as it is: {e}",
                    T::FILE,
                    quote(&detail)
                )),
            },
            Err(Unread::Refused(e)) => Some(e.to_string()),
        };
        (list, notice)
    }

    /// The list's file.
    #[must_use]
    pub fn path(&self) -> PathBuf {
        self.dir.join(T::FILE)
    }

    /// The entries, oldest first, with any changes not saved yet.
    #[must_use]
    pub fn entries(&self) -> &[T] {
        &self.entries
    }

    /// Whether some changes are kept in memory only, not saved yet.
    #[must_use]
    pub fn has_unsaved(&self) -> bool {
        !self.unsaved.is_empty()
    }

    /// The entry with this id.
    #[must_use]
    pub fn get(&self, id: &str) -> Option<&T> {
        self.entries.iter().find(|e| e.id() == id)
    }

    /// An entry, other than `except`, that `name` clashes with.
    fn clash(&self, name: &str, except: Option<&str>) -> Option<&T> {
        self.entries
            .iter()
            .filter(|e| Some(e.id()) != except)
            .find(|e| e.id() == name || e.clashes(name))
    }

    /// Add `entry` at the end and save. `Ok(Some)` carries a notice when the file on disk
    /// was broken and kept aside. (Should another window have added an entry of the same
    /// id meanwhile, that one is kept.)
    ///
    /// # Errors
    /// When an entry of this list has the same id or a clashing name (nothing changes
    /// then); or when the list cannot be saved: the entry stays in this list and is saved
    /// with the next change that can be.
    pub fn add(&mut self, entry: T) -> Result<Option<String>, Error> {
        if self.clash(entry.id(), None).is_some() {
            return Err(Error::Taken(entry.id().to_string()));
        }
        self.change(Change::Add(entry))
    }

    /// Rename the entry `id` and save, as [`JsonList::add`].
    ///
    /// # Errors
    /// When there is no such entry, when the new name would give it the id or the name of
    /// another (a user's preset's name), or as [`JsonList::add`].
    pub fn rename(&mut self, id: &str, name: &str) -> Result<Option<String>, Error> {
        let mut renamed = self
            .get(id)
            .ok_or_else(|| Error::NoSuchEntry(id.to_string()))?
            .clone();
        renamed.set_name(name);
        if self.clash(renamed.id(), Some(id)).is_some() {
            return Err(Error::Taken(renamed.id().to_string()));
        }
        self.change(Change::Rename {
            id: id.to_string(),
            name: name.to_string(),
        })
    }

    /// Delete the entry `id` and save, as [`JsonList::add`].
    ///
    /// # Errors
    /// When there is no such entry, or as [`JsonList::add`].
    pub fn delete(&mut self, id: &str) -> Result<Option<String>, Error> {
        if self.get(id).is_none() {
            return Err(Error::NoSuchEntry(id.to_string()));
        }
        self.change(Change::Delete { id: id.to_string() })
    }

    fn change(&mut self, change: Change<T>) -> Result<Option<String>, Error> {
        change.apply(&mut self.entries);
        self.unsaved.push(change);
        self.save()
    }

    /// Apply the unsaved changes to the file under the lock; on success the list is what
    /// was written, on failure it keeps its changes.
    ///
    /// # Errors
    /// As [`JsonList::add`].
    pub fn save(&mut self) -> Result<Option<String>, Error> {
        let (entries, notice) = self.save_locked()?;
        self.entries = entries;
        self.unsaved.clear();
        Ok(notice)
    }

    /// The list as `read` from its place, with the unsaved changes applied; a list there
    /// that does not parse is first kept aside (by `keep_aside`, which names where) and the
    /// list starts anew, with a notice saying so.
    ///
    /// # Errors
    /// A list that may not be read, or cannot be kept aside.
    fn read_afresh(
        &self,
        read: Result<Vec<T>, Unread>,
        keep_aside: impl FnOnce() -> Result<String, Error>,
    ) -> Result<(Vec<T>, Option<String>), Error> {
        let (mut entries, notice) = match read {
            Ok(entries) => (entries, None),
            Err(Unread::Broken(detail)) => {
                let aside = keep_aside()?;
                let notice = format!(
                    "{} could not be read ({detail}); kept it as {aside} and started a new list",
                    T::FILE
                );
                (Vec::new(), Some(notice))
            }
            Err(Unread::Refused(e)) => return Err(e),
        };
        for change in &self.unsaved {
            change.apply(&mut entries);
        }
        Ok((entries, notice))
    }

    /// Lock, read the file afresh (renaming a broken one aside), apply the unsaved
    /// changes, write it if there were any; returns what the file now holds.
    #[cfg(not(target_arch = "wasm32"))]
    fn save_locked(&self) -> Result<(Vec<T>, Option<String>), Error> {
        let path = self.path();
        let kept = !self.unsaved.is_empty();
        let cannot_save = |source| Error::Save {
            file: path.clone(),
            source,
            kept,
        };
        let dir = safe_write::Dir::make(&self.dir).map_err(cannot_save)?;
        // Held until dropped, when this returns.
        let _lock = lock(&dir, kept)?;
        let (entries, notice) =
            self.read_afresh(read_list(&path), || self.keep_aside().map_err(cannot_save))?;
        if !self.unsaved.is_empty() {
            if entries.len() > MAX_LIST_ENTRIES {
                return Err(Error::TooMany { file: path });
            }
            // Written straight to the file, not first to memory: lists may be big.
            // A file that may not be replaced (read-only, with other hard links…) is
            // refused before the list is written out.
            let at = safe_write::check_replace(&path).map_err(cannot_save)?;
            let staged = safe_write::stage(&at.dir, |out| {
                serde_json::to_writer_pretty(&mut *out, &entries)?;
                out.write_all(b"\n")
            })
            .map_err(cannot_save)?;
            let bytes = staged.written().map_err(cannot_save)?;
            if bytes > MAX_LIST_BYTES {
                return Err(Error::TooBig { file: path, bytes });
            }
            staged.replace(&at).map_err(cannot_save)?;
        }
        Ok((entries, notice))
    }

    /// Rename the broken file, whole, to a new dated backup name beside it (never over
    /// another file); returns where it went, for the notice. A link there is renamed
    /// itself, never followed: what it leads to (another user's file, say) is left where
    /// and as it is.
    #[cfg(not(target_arch = "wasm32"))]
    fn keep_aside(&self) -> io::Result<String> {
        let dir = safe_write::Dir::open(&self.dir)?;
        let link = dir
            .stat(T::FILE.as_ref())?
            .is_some_and(|stat| FileType::from_raw_mode(stat.st_mode) == FileType::Symlink);
        let stamp = utc::compact(utc::now());
        for n in 1u32.. {
            let mut name = format!("{}.broken-{stamp}", T::FILE);
            if n > 1 {
                name.push_str(&format!("-{n}"));
            }
            match dir.rename_new(T::FILE.as_ref(), name.as_ref()) {
                Ok(()) => {
                    let aside = quote_path(&self.dir.join(&name));
                    return Ok(if link {
                        format!("{aside} (the link; the file it leads to is left as it is)")
                    } else {
                        aside
                    });
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(e),
            }
        }
        Err(io::Error::other("no free name for the backup"))
    }
}

/// Take the lock of the lists in `dir`, waiting at most [`LOCK_WAIT`] for another program
/// to let go of it. The lock file is made if missing; a link, a pipe or anything else than
/// a plain file is refused without being opened through. `kept` says whether a change
/// waits to be saved, for the error.
#[cfg(not(target_arch = "wasm32"))]
fn lock(dir: &safe_write::Dir, kept: bool) -> Result<File, Error> {
    use rustix::fs::{Mode, OFlags};
    use rustix::io::Errno;
    let path = dir.path().join(LOCK_FILE);
    let bad = |detail: String| Error::BadLock {
        file: path.clone(),
        detail,
    };
    let flags = OFlags::WRONLY | OFlags::CREATE | OFlags::NONBLOCK;
    let file = dir
        .open_at(LOCK_FILE.as_ref(), flags, Mode::from_raw_mode(0o666))
        .map(File::from)
        .map_err(|e| match Errno::from_io_error(&e) {
            Some(Errno::LOOP) => bad("it is a symbolic link".into()),
            Some(Errno::NXIO) => bad("it is a pipe".into()),
            _ => Error::Save {
                file: path.clone(),
                source: e,
                kept,
            },
        })?;
    refuse_irregular(&file).map_err(|e| bad(e.to_string()))?;
    let deadline = Instant::now() + LOCK_WAIT;
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(file),
            Err(std::fs::TryLockError::WouldBlock) if Instant::now() < deadline => {
                thread::sleep(Duration::from_millis(20));
            }
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(Error::Locked { file: path, kept });
            }
            Err(std::fs::TryLockError::Error(source)) => {
                return Err(Error::Save {
                    file: path,
                    source,
                    kept,
                });
            }
        }
    }
}
