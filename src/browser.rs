//! The browser, for the web build: the page's address, its storage, downloads, a clock, a
//! timer and files dropped on the page, through the functions `assets/web/dungeon.js`
//! gives the module (and the few this module gives the page). Text crosses
//! as UTF-8: Rust passes a pointer and a length; JavaScript hands text back by its length
//! first, then copies it into a buffer of that length.

use std::time::Duration;

use dungeon_files::formats::{layout, png};
use serde::Deserialize;

#[link(wasm_import_module = "env")]
unsafe extern "C" {
    fn dv_now_ms() -> f64;
    fn dv_epoch_ms() -> f64;
    fn dv_text_read(into: *mut u8);
    fn dv_fragment_len() -> u32;
    fn dv_set_fragment(text: *const u8, len: usize, push: bool);
    fn dv_storage_len(key: *const u8, key_len: usize) -> i32;
    fn dv_storage_set(key: *const u8, key_len: usize, text: *const u8, len: usize) -> i32;
    fn dv_storage_remove(key: *const u8, key_len: usize);
    fn dv_download(
        name: *const u8,
        name_len: usize,
        kind: *const u8,
        kind_len: usize,
        bytes: *const u8,
        len: usize,
    );
    fn dv_wake_after(ms: f64);
    fn dv_map_shown(recipe: *const u8, len: usize, made_ms: f64);
    fn dv_status(text: *const u8, len: usize, problem: bool);
    fn dv_refused_len() -> u32;
}

/// The plugin's version, which the page's loader checks against its own.
#[unsafe(no_mangle)]
pub extern "C" fn dungeon_viewer_crate_version() -> u32 {
    1
}

/// The most bytes a file dropped on the page may have: more than any picture this program
/// writes ([`png::MAX_FILE_BYTES`]). The page refuses a larger one unread.
#[unsafe(no_mangle)]
pub extern "C" fn dungeon_viewer_dropped_most() -> f64 {
    png::MAX_FILE_BYTES as f64
}

/// The most bytes of a dropped file the page hands over: the start a layout is read from
/// ([`layout::MOST_READ`]), so that a big file costs no more than a small one.
#[unsafe(no_mangle)]
pub extern "C" fn dungeon_viewer_dropped_head() -> f64 {
    layout::MOST_READ as f64
}

/// A file dropped on the page that the page did not read.
#[derive(Clone, Debug, Deserialize)]
pub struct Refused {
    /// Its name, as the browser gives it.
    pub name: String,
    /// Its size in bytes.
    pub bytes: f64,
    /// The browser's reason when it could not read the file; empty when the page refused a
    /// file over [`dungeon_viewer_dropped_most`] bytes.
    pub error: String,
}

/// The files dropped on the page that it did not read, since the last call.
#[must_use]
pub fn refused_drops() -> Vec<Refused> {
    // SAFETY: a plain call; the text it hands is read at once.
    match unsafe { dv_refused_len() } {
        0 => Vec::new(),
        len => serde_json::from_str(&handed(len as usize)).unwrap_or_default(),
    }
}

/// The text JavaScript has just handed over, `len` bytes of it.
fn handed(len: usize) -> String {
    let mut bytes = vec![0u8; len];
    // SAFETY: the buffer holds exactly the `len` bytes the page copies into it.
    unsafe { dv_text_read(bytes.as_mut_ptr()) };
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Milliseconds since the page opened, from the browser's monotonic clock.
#[must_use]
pub fn now_ms() -> f64 {
    // SAFETY: a plain call without arguments.
    unsafe { dv_now_ms() }
}

/// Milliseconds since the Unix epoch, from the browser's calendar clock.
#[must_use]
pub fn epoch_ms() -> f64 {
    // SAFETY: a plain call without arguments.
    unsafe { dv_epoch_ms() }
}

/// The address's fragment (what follows `#`) as the browser holds it, %-escapes and all:
/// the window decodes them, naming a bad one.
#[must_use]
pub fn fragment() -> String {
    // SAFETY: a plain call; the text it hands is read at once.
    let len = unsafe { dv_fragment_len() };
    handed(len as usize)
}

/// Make `text` the address's fragment; `push` adds a step to the browser's history (so
/// that Back returns to the fragment before), else the current step is replaced.
pub fn set_fragment(text: &str, push: bool) {
    // SAFETY: the page reads `text.len()` bytes at the pointer during the call.
    unsafe { dv_set_fragment(text.as_ptr(), text.len(), push) }
}

/// Why the browser's storage did not answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StorageError {
    /// There is none: blocked by the browser's settings, or a private window.
    Unavailable,
    /// It is full, or refused the text.
    Full,
}

/// The text kept under `key` in the browser's storage; `None` when there is none.
///
/// # Errors
/// [`StorageError::Unavailable`] when the page may not use the storage.
pub fn storage_get(key: &str) -> Result<Option<String>, StorageError> {
    // SAFETY: the page reads `key.len()` bytes at the pointer during the call.
    match unsafe { dv_storage_len(key.as_ptr(), key.len()) } {
        -1 => Ok(None),
        len if len < 0 => Err(StorageError::Unavailable),
        len => Ok(Some(handed(len as usize))),
    }
}

/// Keep `text` under `key` in the browser's storage.
///
/// # Errors
/// [`StorageError::Full`] when the storage is full or not there; nothing changed then.
pub fn storage_set(key: &str, text: &str) -> Result<(), StorageError> {
    // SAFETY: the page reads both texts during the call.
    match unsafe { dv_storage_set(key.as_ptr(), key.len(), text.as_ptr(), text.len()) } {
        1 => Ok(()),
        _ => Err(StorageError::Full),
    }
}

/// Forget what is kept under `key`.
pub fn storage_remove(key: &str) {
    // SAFETY: the page reads `key.len()` bytes at the pointer during the call.
    unsafe { dv_storage_remove(key.as_ptr(), key.len()) }
}

/// Hand `bytes` to the user as a download named `name`, of the media type `kind`.
pub fn download(name: &str, kind: &str, bytes: &[u8]) {
    // SAFETY: the page copies the three buffers during the call.
    unsafe {
        dv_download(
            name.as_ptr(),
            name.len(),
            kind.as_ptr(),
            kind.len(),
            bytes.as_ptr(),
            bytes.len(),
        );
    }
}

/// Draw a frame of the page after `delay`, even if nothing happens meanwhile.
pub fn wake_after(delay: Duration) {
    // SAFETY: a plain call with a number.
    unsafe { dv_wake_after(delay.as_secs_f64() * 1e3) }
}

/// Tell the page which map is on screen and how long it took to make (for scripts and
/// tests: `window.dungeonViewer.shown`).
pub fn map_shown(recipe: &str, made: Duration) {
    // SAFETY: the page reads `recipe.len()` bytes at the pointer during the call.
    unsafe { dv_map_shown(recipe.as_ptr(), recipe.len(), made.as_secs_f64() * 1e3) }
}

/// Tell the page what the status bar says (for scripts and tests:
/// `window.dungeonViewer.status`).
pub fn status_said(text: &str, problem: bool) {
    // SAFETY: the page reads `text.len()` bytes at the pointer during the call.
    unsafe { dv_status(text.as_ptr(), text.len(), problem) }
}
