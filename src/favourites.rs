//! The user's kept layouts (favourites) and own presets, saved as readable, pretty-printed
//! JSON lists in the user's data directory ([`data_dir`]): `favourites.json` and
//! `presets.json`, one generic [`JsonList`] for both.
//!
//! Every change is saved at once and safely, even with several windows open on the same
//! directory: it takes an exclusive lock (`favourites.lock`), reads the file afresh, applies
//! that one change (by id), replaces the file atomically and unlocks; the list in memory is
//! then what was written. A change that cannot be saved stays in memory and is tried again
//! with the next change. A file that cannot be parsed is never overwritten: it is kept
//! aside as a dated backup (`favourites.json.broken-20261122-031700`) and a new list starts.

use std::fs::{self, OpenOptions};
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::dungeon::Dungeon;
use crate::files::{self, open_regular, write_replacing};
use crate::png_file;
use crate::raster::{self, CELL_SIZE, Look, Pixels, Style};
use crate::recipe::{Recipe, RecipeError};

/// The file every change to either list locks, beside them.
pub const LOCK_FILE: &str = "favourites.lock";
/// The largest list file read; a bigger one is treated as broken (and kept aside).
pub const MAX_LIST_BYTES: u64 = 256 * 1024 * 1024;
/// The widest thumbnail, in pixels.
pub const THUMBNAIL_WIDTH: u32 = 96;
/// The tallest thumbnail, in pixels.
pub const THUMBNAIL_HEIGHT: u32 = 84;

/// The user's data directory for Dungeon Viewer: on Linux `$XDG_DATA_HOME/dungeon-viewer`,
/// else `~/.local/share/dungeon-viewer`. `None` when there is no home directory.
#[must_use]
pub fn data_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "dungeon-viewer").map(|d| d.data_dir().to_path_buf())
}

/// What a [`JsonList`] holds.
pub trait Entry: Clone + Serialize + DeserializeOwned {
    /// The list's file name in the data directory.
    const FILE: &'static str;
    /// What changes name this entry; unique in its list.
    fn id(&self) -> &str;
    /// Give the entry a new name.
    fn set_name(&mut self, name: &str);
}

/// A layout the user kept.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Favourite {
    /// Unique and stable: the time it was made, the process and a counter.
    pub id: String,
    /// `seed 7` unless the user renamed it.
    pub name: String,
    /// The recipe string; read it with [`Favourite::recipe`].
    pub recipe: String,
    /// When it was kept, in seconds since the Unix epoch.
    pub kept: u64,
    /// The same time for people: `2026-11-22 03:17:00 UTC`.
    #[serde(default)]
    pub kept_utc: String,
    /// A small picture of the map (at most [`THUMBNAIL_WIDTH`] × [`THUMBNAIL_HEIGHT`]), as a
    /// base64 PNG; read it with [`Favourite::thumbnail`].
    pub thumbnail: String,
}

impl Entry for Favourite {
    const FILE: &'static str = "favourites.json";

    fn id(&self) -> &str {
        &self.id
    }

    fn set_name(&mut self, name: &str) {
        name.clone_into(&mut self.name);
    }
}

impl Favourite {
    /// Keep `dungeon`: named `seed N`, kept now, with a thumbnail of it.
    ///
    /// # Errors
    /// Only when the thumbnail cannot be drawn or encoded, which a generated map never
    /// causes.
    pub fn new(dungeon: &Dungeon) -> Result<Self, StoreError> {
        let recipe = dungeon.recipe();
        let png = png_file::encode(&thumbnail_pixels(dungeon)?, recipe)
            .map_err(|e| StoreError::Thumbnail(e.to_string()))?;
        let kept = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        Ok(Self {
            id: new_id(kept.as_nanos()),
            name: format!("seed {}", recipe.seed),
            recipe: recipe.to_string(),
            kept: kept.as_secs(),
            kept_utc: utc(kept.as_secs(), "-", " ", ":") + " UTC",
            thumbnail: STANDARD.encode(png),
        })
    }

    /// The kept recipe.
    ///
    /// # Errors
    /// When the stored text no longer parses (edited by hand, or written by a newer
    /// version); the favourite stays listed.
    pub fn recipe(&self) -> Result<Recipe, RecipeError> {
        self.recipe.parse()
    }

    /// The thumbnail's pixels.
    ///
    /// # Errors
    /// When the stored thumbnail is not base64 or not a PNG (edited by hand); the message
    /// names the favourite.
    pub fn thumbnail(&self) -> Result<Pixels, String> {
        let source = format!("the thumbnail of “{}”", self.name);
        let bytes = STANDARD
            .decode(&self.thumbnail)
            .map_err(|e| format!("{source} is not base64: {e}"))?;
        png_file::decode(&bytes, Path::new(&source))
            .map(|picture| picture.pixels)
            .map_err(|e| e.to_string())
    }
}

/// A new id, unique among the ids of all processes: `nanos-process-counter` in hex.
fn new_id(nanos: u128) -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let count = COUNTER.fetch_add(1, Ordering::Relaxed);
    format!("{nanos:x}-{:x}-{count:x}", std::process::id())
}

/// `dungeon` drawn without grid lines to fit [`THUMBNAIL_WIDTH`] × [`THUMBNAIL_HEIGHT`]:
/// as many pixels a cell as fit, or, for a map over that many cells, one pixel every few
/// cells.
fn thumbnail_pixels(dungeon: &Dungeon) -> Result<Pixels, StoreError> {
    let (width, height) = (dungeon.width(), dungeon.height());
    let fit = (THUMBNAIL_WIDTH / width).min(THUMBNAIL_HEIGHT / height);
    let style = Style {
        cell_size: fit.clamp(*CELL_SIZE.start(), *CELL_SIZE.end()),
        grid: false,
        look: Look::default(),
    };
    let pixels =
        raster::rasterize(dungeon, &style).map_err(|e| StoreError::Thumbnail(e.to_string()))?;
    let step = width
        .div_ceil(THUMBNAIL_WIDTH)
        .max(height.div_ceil(THUMBNAIL_HEIGHT));
    if step == 1 {
        return Ok(pixels);
    }
    let (w, h) = (width.div_ceil(step), height.div_ceil(step));
    let rgba = (0..h)
        .flat_map(|y| (0..w).map(move |x| (x * step, y * step)))
        .flat_map(|(x, y)| pixels.rgba_pixels()[(y * width + x) as usize])
        .collect();
    Pixels::from_rgba(w, h, rgba).map_err(StoreError::Thumbnail)
}

/// The UTC date and time of `secs` since the Unix epoch, as `YYYY{date}MM{date}DD{between}
/// hh{time}mm{time}ss`.
fn utc(secs: u64, date: &str, between: &str, time: &str) -> String {
    let (days, rest) = (secs / 86_400, secs % 86_400);
    // Howard Hinnant's civil-from-days, for days since 1970-01-01 (never negative here).
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    let (hour, minute, second) = (rest / 3600, rest / 60 % 60, rest % 60);
    format!(
        "{year:04}{date}{month:02}{date}{day:02}{between}{hour:02}{time}{minute:02}{time}{second:02}"
    )
}

/// Why a change could not be saved, or a thumbnail made.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The directory or the file could not be written; the change is kept in memory.
    #[error(
        "cannot save {}: {error}; the change stays in this window and is saved with the \
         next one that can be",
        file.display()
    )]
    Save { file: PathBuf, error: io::Error },
    /// The file on disk could not be read, so it was left alone; the change is kept in
    /// memory.
    #[error(
        "cannot read {}: {error}; it was left as it is, and the change stays in this window",
        file.display()
    )]
    Read { file: PathBuf, error: io::Error },
    /// No entry has this id.
    #[error("there is no entry {0:?} in the list (it may have been deleted)")]
    NoSuchEntry(String),
    /// Another entry has this id already (a user's preset of the same name).
    #[error("{0:?} is in the list already")]
    Taken(String),
    /// A thumbnail could not be drawn or encoded.
    #[error("cannot draw the thumbnail: {0}")]
    Thumbnail(String),
}

/// One change to a list, applied by id.
#[derive(Clone, Debug)]
enum Change<T> {
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

/// Why a list file could not be read.
enum ReadError {
    /// It is there but not a list: its bytes (to keep aside) and what is wrong.
    Broken { bytes: Vec<u8>, detail: String },
    /// It could not be read at all.
    Unreadable(io::Error),
}

/// The entries in `path`: none when it does not exist.
fn read_list<T: Entry>(path: &Path) -> Result<Vec<T>, ReadError> {
    let file = match open_regular(path) {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(ReadError::Unreadable(e)),
    };
    let mut bytes = Vec::new();
    file.take(MAX_LIST_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Unreadable)?;
    if bytes.len() as u64 > MAX_LIST_BYTES {
        let detail = format!("it is over {} MiB", MAX_LIST_BYTES >> 20);
        return Err(ReadError::Broken { bytes, detail });
    }
    serde_json::from_slice(&bytes).map_err(|e| ReadError::Broken {
        bytes,
        detail: e.to_string(),
    })
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

/// The user's kept layouts.
pub type Favourites = JsonList<Favourite>;
/// The user's own presets.
pub type UserPresets = JsonList<crate::presets::Preset>;

impl<T: Entry> JsonList<T> {
    /// Read the list in `dir` (which need not exist: then the list is empty). Also returns
    /// a notice for the user when the file could not be read: a file that does not parse
    /// is kept aside under a dated backup name and the list starts empty; a file that
    /// cannot be read at all is left alone.
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
            Err(ReadError::Broken { detail, .. }) => match list.save() {
                Ok(notice) => notice,
                Err(StoreError::Save { error, .. } | StoreError::Read { error, .. }) => {
                    Some(format!(
                        "{} could not be read ({detail}) nor kept aside ({error}); it was \
                         left as it is",
                        T::FILE
                    ))
                }
                Err(other) => Some(other.to_string()),
            },
            Err(ReadError::Unreadable(e)) => Some(format!(
                "{} could not be read ({e}); it was left as it is",
                T::FILE
            )),
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

    /// The entry with this id.
    #[must_use]
    pub fn get(&self, id: &str) -> Option<&T> {
        self.entries.iter().find(|e| e.id() == id)
    }

    /// Add `entry` at the end and save. `Ok(Some)` carries a notice when the file on disk
    /// was broken and kept aside. (Should another window have added an entry of the same
    /// id meanwhile, that one is kept.)
    ///
    /// # Errors
    /// When an entry of this list has the same id (nothing changes then); or when the list
    /// cannot be saved: the entry stays in this list and is saved with the next change that
    /// can be.
    pub fn add(&mut self, entry: T) -> Result<Option<String>, StoreError> {
        if self.get(entry.id()).is_some() {
            return Err(StoreError::Taken(entry.id().to_string()));
        }
        self.change(Change::Add(entry))
    }

    /// Rename the entry `id` and save, as [`JsonList::add`].
    ///
    /// # Errors
    /// When there is no such entry, when the new name would give it the id of another
    /// (a user's preset's name), or as [`JsonList::add`].
    pub fn rename(&mut self, id: &str, name: &str) -> Result<Option<String>, StoreError> {
        let mut renamed = self
            .get(id)
            .ok_or_else(|| StoreError::NoSuchEntry(id.to_string()))?
            .clone();
        renamed.set_name(name);
        if renamed.id() != id && self.get(renamed.id()).is_some() {
            return Err(StoreError::Taken(renamed.id().to_string()));
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
    pub fn delete(&mut self, id: &str) -> Result<Option<String>, StoreError> {
        if self.get(id).is_none() {
            return Err(StoreError::NoSuchEntry(id.to_string()));
        }
        self.change(Change::Delete { id: id.to_string() })
    }

    fn change(&mut self, change: Change<T>) -> Result<Option<String>, StoreError> {
        change.apply(&mut self.entries);
        self.unsaved.push(change);
        self.save()
    }

    /// Apply the unsaved changes to the file under the lock; on success the list is what
    /// was written, on failure it keeps its changes.
    fn save(&mut self) -> Result<Option<String>, StoreError> {
        let (entries, notice) = self.save_locked()?;
        self.entries = entries;
        self.unsaved.clear();
        Ok(notice)
    }

    /// Lock, read the file afresh (keeping a broken one aside), apply the unsaved changes,
    /// write it if there were any; returns what the file now holds.
    fn save_locked(&self) -> Result<(Vec<T>, Option<String>), StoreError> {
        let path = self.path();
        let cannot_save = |error| StoreError::Save {
            file: path.clone(),
            error,
        };
        fs::create_dir_all(&self.dir).map_err(cannot_save)?;
        let lock = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(self.dir.join(LOCK_FILE))
            .map_err(cannot_save)?;
        // Held until `lock` is closed, when this returns.
        lock.lock().map_err(cannot_save)?;
        let (mut entries, notice) = match read_list(&path) {
            Ok(entries) => (entries, None),
            Err(ReadError::Broken { bytes, detail }) => {
                let kept = self.keep_aside(&bytes).map_err(cannot_save)?;
                let notice = format!(
                    "{} could not be read ({detail}); kept it as {kept} and started a new list",
                    T::FILE
                );
                (Vec::new(), Some(notice))
            }
            Err(ReadError::Unreadable(error)) => {
                return Err(StoreError::Read { file: path, error });
            }
        };
        if !self.unsaved.is_empty() {
            for change in &self.unsaved {
                change.apply(&mut entries);
            }
            let mut json = serde_json::to_vec_pretty(&entries).map_err(io::Error::other);
            if let Ok(json) = &mut json {
                json.push(b'\n');
            }
            json.and_then(|json| write_replacing(&path, &json))
                .map_err(cannot_save)?;
        }
        Ok((entries, notice))
    }

    /// Save `bytes`, the broken file's, as a new dated backup beside it (never over
    /// another), then remove the broken file; returns the backup's name.
    fn keep_aside(&self, bytes: &[u8]) -> io::Result<String> {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        let file = Path::new(T::FILE);
        let stem = file
            .file_stem()
            .unwrap_or(file.as_os_str())
            .to_string_lossy();
        let extension = match file.extension() {
            Some(extension) => format!("{}.", extension.to_string_lossy()),
            None => String::new(),
        };
        let backup = files::save_new(
            &self.dir,
            &stem,
            &format!("{extension}broken-{}", utc(now.as_secs(), "", "-", "")),
            bytes,
        )?;
        fs::remove_file(self.path())?;
        Ok(backup
            .file_name()
            .unwrap_or(backup.as_os_str())
            .to_string_lossy()
            .into_owned())
    }
}
