//! A list kept in the browser's storage, under its file's name (`favourites.json`): the
//! same JSON as the file on the desktop. The page is the only writer (a second tab reads the
//! storage afresh at each change, as a second window reads the file), so no lock is needed;
//! a text that does not parse is kept aside under a dated name, as a file is.

use std::io;
use std::path::Path;

use super::{Entry, Error, JsonList, MAX_LIST_BYTES, MAX_LIST_ENTRIES, Unread};
use crate::browser::{self, StorageError};
use crate::store::utc;

/// The storage's key of the list kept at `path`: its file's name.
fn key(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |name| name.to_string_lossy().into_owned(),
    )
}

/// What the storage says, as the desktop's file errors say it; `kept` when a change waits
/// to be saved.
fn unavailable(path: &Path, why: StorageError, kept: bool) -> Error {
    let detail = match why {
        StorageError::Unavailable => "the browser's storage is not available to this page",
        StorageError::Full => "the browser's storage is full",
    };
    Error::Save {
        file: path.to_path_buf(),
        source: io::Error::other(detail),
        kept,
    }
}

/// The entries kept for `path`: none when there are none.
pub(super) fn read_list<T: Entry>(path: &Path) -> Result<Vec<T>, Unread> {
    let text = match browser::storage_get(&key(path)) {
        Ok(None) => return Ok(Vec::new()),
        Ok(Some(text)) => text,
        Err(why) => return Err(Unread::Refused(unavailable(path, why, false))),
    };
    if text.len() as u64 > MAX_LIST_BYTES {
        return Err(Unread::Refused(Error::TooBig {
            file: path.to_path_buf(),
            bytes: text.len() as u64,
        }));
    }
    super::parse(&mut serde_json::Deserializer::from_str(&text), path).map_err(Unread::from)
}

impl<T: Entry> JsonList<T> {
    /// Read the storage afresh (keeping a broken text aside), apply the unsaved changes,
    /// store the list if there were any; returns what the storage now holds.
    pub(super) fn save_locked(&self) -> Result<(Vec<T>, Option<String>), Error> {
        let path = self.path();
        let (entries, notice) = self.read_afresh(read_list(&path), || self.keep_aside())?;
        if !self.unsaved.is_empty() {
            if entries.len() > MAX_LIST_ENTRIES {
                return Err(Error::TooMany { file: path });
            }
            let text = serde_json::to_string_pretty(&entries).map_err(|e| Error::Save {
                file: path.clone(),
                source: io::Error::other(e.to_string()),
                kept: true,
            })?;
            if text.len() as u64 > MAX_LIST_BYTES {
                return Err(Error::TooBig {
                    file: path,
                    bytes: text.len() as u64,
                });
            }
            browser::storage_set(&key(&path), &text)
                .map_err(|why| unavailable(&path, why, true))?;
        }
        Ok((entries, notice))
    }

    /// Keep the broken text under a new dated name (never over another); returns it.
    fn keep_aside(&self) -> Result<String, Error> {
        let path = self.path();
        let kept = !self.unsaved.is_empty();
        let from = key(&path);
        let text = browser::storage_get(&from)
            .map_err(|why| unavailable(&path, why, kept))?
            .unwrap_or_default();
        let stamp = utc::compact(utc::now());
        for n in 1u32.. {
            let mut name = format!("{}.broken-{stamp}", T::FILE);
            if n > 1 {
                name.push_str(&format!("-{n}"));
            }
            if matches!(browser::storage_get(&name), Ok(Some(_))) {
                continue;
            }
            browser::storage_set(&name, &text).map_err(|why| unavailable(&path, why, kept))?;
            browser::storage_remove(&from);
            return Ok(name);
        }
        Err(unavailable(&path, StorageError::Full, kept))
    }
}
