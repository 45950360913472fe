//! What the user keeps between sessions: favourite layouts and their own presets, each a
//! readable JSON list in the user's data directory ([`data_dir`]) changed safely by any
//! number of windows at once ([`list`]), and the presets shipped with the program.

pub mod favourites;
pub mod list;
pub mod presets;
mod utc;

use std::io;
use std::path::PathBuf;

use dungeon_files::formats::reason;
use dungeon_files::text::quote_path;

/// The user's data directory for Dungeon Viewer: on Linux `$XDG_DATA_HOME/dungeon-viewer`,
/// else `~/.local/share/dungeon-viewer`; in the browser, its storage (an empty path: the
/// lists are kept under their file names). `None` when there is no home directory.
#[must_use]
pub fn data_dir() -> Option<PathBuf> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        directories::ProjectDirs::from("", "", "dungeon-viewer").map(|d| d.data_dir().to_path_buf())
    }
    // In the browser the lists are kept in the page's storage, under their file's name.
    #[cfg(target_arch = "wasm32")]
    {
        Some(PathBuf::new())
    }
}

/// What an error that stopped a save adds when a change waits in memory.
fn kept_clause(kept: bool) -> &'static str {
    if kept {
        "; the change is kept and saved with the next one that can be"
    } else {
        ""
    }
}

/// Why a change could not be saved, a list read, or an entry made. Whatever the error, the
/// files on disk are as they were and a change not saved stays in memory.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The directory or the file could not be written; a change is kept in memory.
    #[error("cannot save {}: {}{}", quote_path(file), reason(source), kept_clause(*kept))]
    Save {
        file: PathBuf,
        source: io::Error,
        /// Whether a change waits in memory to be saved.
        kept: bool,
    },
    /// The file on disk could not be read, so it was left alone; the change is kept in
    /// memory.
    #[error(
        "{} could not be read ({}); it was left as it is, and changes are not saved \
         to it",
        quote_path(file),
        reason(source)
    )]
    Read { file: PathBuf, source: io::Error },
    /// A file larger than a list may be: left as it is, neither read nor written.
    #[error(
        "{} is {} MiB, more than the {} MiB a list may have: it was left as it is, and \
         changes are not saved to it",
        quote_path(file),
        bytes >> 20,
        list::MAX_LIST_BYTES >> 20
    )]
    TooBig { file: PathBuf, bytes: u64 },
    /// A list of more entries than a list may have: left as it is, neither read nor
    /// written.
    #[error(
        "{} holds more than {} entries, the most a list may have: it was left as it is, and \
         changes are not saved to it",
        quote_path(file),
        list::MAX_LIST_ENTRIES
    )]
    TooMany { file: PathBuf },
    /// Another program held the lock for longer than a change waits.
    #[error(
        "{} is locked by another program (waited {} s){}",
        quote_path(file),
        list::LOCK_WAIT.as_secs(),
        kept_clause(*kept)
    )]
    Locked {
        file: PathBuf,
        /// Whether a change waits in memory to be saved.
        kept: bool,
    },
    /// The lock file is not a plain file (a link, a pipe, a directory).
    #[error(
        "the lock {} is not a plain file ({detail}): remove it; until then changes are not \
         saved",
        quote_path(file)
    )]
    BadLock { file: PathBuf, detail: String },
    /// No entry has this id.
    #[error("there is no entry {0:?} in the list (it may have been deleted)")]
    NoSuchEntry(String),
    /// Another entry has this name or id already.
    #[error("“{0}” is taken: pick another name")]
    Taken(String),
    /// A name that cannot be used.
    #[error("a name {0}")]
    BadName(&'static str),
    /// A thumbnail that could not be drawn, encoded or read.
    #[error("the thumbnail {0}")]
    Thumbnail(String),
    /// A line of a presets text that is not a preset.
    #[error("presets line {line}: {problem}")]
    PresetLine { line: usize, problem: String },
}
