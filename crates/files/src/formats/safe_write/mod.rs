//! Files, safely: opening only regular files for reading, without ever waiting on a device
//! or a pipe; and writing so that every file appears whole or not at all, and nothing is
//! written over that should not be.
//!
//! Every file is first written completely into a temporary file beside where it goes
//! ([`stage`]; named as ours, see [`temporary`]), synced to disk, and only then put in
//! place by a rename: over the old file ([`Staged::replace`], keeping its permissions and
//! writing through a symbolic link to its target, see [`links`]), or under the first free
//! name of a series `name.ext`, `name-2.ext`… without ever writing over a file
//! ([`Staged::place_new`]). Two files that belong together (a Tiled map and its tileset)
//! are put in place together ([`replace_pair`], [`place_new_with`]).
//!
//! A file is written over only when it is a regular file, not read-only and without other
//! names ([`checks::replaceable`]); [`check_replace`] asks so before any work is done.
//!
//! Temporary files being written are listed, so that a process told to stop removes them
//! ([`stop_writes`]); putting files in place holds that list, so a stop waits until the
//! renames are done and never leaves half of a pair.

pub mod checks;
pub mod links;
pub mod temporary;

use std::fs::{self, File, Permissions};
use std::io::{self, BufWriter, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

use tempfile::NamedTempFile;

pub use checks::{open_regular, refuse_irregular};
pub use links::through_links;

/// The directory `path` is in: its parent, or `.` for a bare file name.
#[must_use]
pub fn parent_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// Where writing over `path` goes ([`through_links`]), once it is known that the file
/// there, if any, may be written over ([`checks::replaceable`]).
///
/// # Errors
/// A link that is not followed or in a loop, or a file that may not be written over.
pub fn check_replace(path: &Path) -> io::Result<PathBuf> {
    let target = through_links(path)?;
    checks::replaceable(&target)?;
    Ok(target)
}

/// Make the directory `dir` and those above it when missing, never through a link another
/// user planted (see [`links`]).
///
/// # Errors
/// Such a link, or a directory that cannot be made.
pub fn make_dir(dir: &Path) -> io::Result<()> {
    through_links(dir)?;
    fs::create_dir_all(dir)
}

/// A file written completely into a temporary file, waiting to be put in place. Dropped
/// without being put in place, the temporary file is removed.
#[derive(Debug)]
pub struct Staged {
    temporary: Option<NamedTempFile>,
}

/// Write what `write` writes (through a buffer) into a new temporary file in `dir`, made
/// exclusively (an existing file or link under its random name is never opened), flushed
/// and synced to disk. Nothing else changes until it is put in place, except that stale
/// temporary files of ours in `dir` are removed ([`temporary`]).
///
/// # Errors
/// What `write` returns; a link on the way to `dir` that another user planted (see
/// [`links`]); or when the directory is not writable or the disk is full.
pub fn stage(
    dir: &Path,
    write: impl FnOnce(&mut BufWriter<&File>) -> io::Result<()>,
) -> io::Result<Staged> {
    through_links(dir)?;
    // Listed in the same step as made, and unlisted only once removed or renamed, so a
    // stop never misses it.
    let staged = {
        let mut unfinished = unfinished();
        let temporary = temporary::create(dir).map_err(without_path)?;
        unfinished.push(temporary.path().to_path_buf());
        Staged {
            temporary: Some(temporary),
        }
    };
    let file = staged.file();
    let mut out = BufWriter::new(file);
    write(&mut out)?;
    out.flush()?;
    drop(out);
    file.sync_all()?;
    Ok(staged)
}

/// `e` without the name of the temporary file it happened to (which the temporary files'
/// maker adds): messages name the file the user asked for instead.
fn without_path(e: io::Error) -> io::Error {
    if e.raw_os_error().is_some() {
        return e;
    }
    let kind = e.kind();
    let code = e
        .get_ref()
        .and_then(|inner| inner.source())
        .and_then(|source| source.downcast_ref::<io::Error>())
        .and_then(io::Error::raw_os_error);
    code.map_or_else(|| io::Error::from(kind), io::Error::from_raw_os_error)
}

impl Staged {
    fn file(&self) -> &File {
        self.temporary
            .as_ref()
            .map(NamedTempFile::as_file)
            .unwrap_or_else(|| unreachable!("a staged file is put in place only once"))
    }

    /// How many bytes were written.
    ///
    /// # Errors
    /// When the file cannot be looked at.
    pub fn written(&self) -> io::Result<u64> {
        Ok(self.file().metadata()?.len())
    }

    fn temporary_path(&self) -> &Path {
        self.temporary.as_ref().map_or(Path::new(""), |t| t.path())
    }

    /// Put the file in place over `path` (through its links), which takes the new file's
    /// contents and keeps its own permissions; a new file gets the usual ones.
    ///
    /// # Errors
    /// What [`check_replace`] refuses, or when the target's directory is another file
    /// system.
    pub fn replace(self, path: &Path) -> io::Result<()> {
        replace_all(vec![(self, path.to_path_buf())]).map_err(|(_, e)| e)
    }

    /// Put the file in place under `<stem>.<extension>` in `dir` (where it was staged), or
    /// `<stem>-2.<extension>`, `<stem>-3.<extension>`… when that is taken, never over any
    /// file; returns the name it took, in `dir` as given.
    ///
    /// # Errors
    /// When no name can be taken.
    pub fn place_new(self, dir: &Path, stem: &str, extension: &str) -> io::Result<PathBuf> {
        let mut file = Some(self);
        let name = place_new_with(dir, stem, &[extension], |_, before| {
            Ok(file.take().map_or(before, |file| vec![file]))
        })?;
        Ok(dir.join(format!("{name}.{extension}")))
    }

    /// Rename the temporary file over `to`, under the list's lock.
    fn rename(&mut self, to: &Path, list: &mut Vec<PathBuf>) -> io::Result<()> {
        fs::rename(self.temporary_path(), to)?;
        self.forget(list);
        Ok(())
    }

    /// Rename the temporary file to `to`, which must not exist, keeping it listed (see
    /// [`Staged::unplace`] and [`Staged::forget`]).
    fn place(&self, to: &Path) -> io::Result<()> {
        rename_new(self.temporary_path(), to)
    }

    /// Take back a file [`Staged::place`] put at `to`.
    fn unplace(&self, to: &Path) -> io::Result<()> {
        fs::rename(to, self.temporary_path())
    }

    /// The temporary file was renamed away: forget its temporary name, under the list's
    /// lock.
    fn forget(&mut self, list: &mut Vec<PathBuf>) {
        if let Some(temporary) = self.temporary.take() {
            let path = temporary.path().to_path_buf();
            // Nothing is left under the temporary name to remove.
            let _ = temporary.into_temp_path().keep();
            list.retain(|p| *p != path);
        }
    }
}

/// Rename `from` to `to` unless `to` exists (then `AlreadyExists`), atomically: nothing
/// can appear at `to` in between and be written over.
///
/// # Errors
/// When `to` exists, or the rename fails.
pub fn rename_new(from: &Path, to: &Path) -> io::Result<()> {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    let c = |p: &Path| {
        CString::new(p.as_os_str().as_bytes())
            .map_err(|_| io::Error::from(io::ErrorKind::InvalidInput))
    };
    let (from_c, to_c): (CString, CString) = (c(from)?, c(to)?);
    // SAFETY: both are valid NUL-terminated paths, relative to the working directory.
    let renamed = unsafe {
        libc::renameat2(
            libc::AT_FDCWD,
            from_c.as_ptr(),
            libc::AT_FDCWD,
            to_c.as_ptr(),
            libc::RENAME_NOREPLACE,
        )
    };
    if renamed == 0 {
        return Ok(());
    }
    let e = io::Error::last_os_error();
    match e.raw_os_error() {
        // A file system without the flag: a link fails as well when `to` exists.
        Some(libc::EINVAL | libc::ENOSYS) => {
            fs::hard_link(from, to)?;
            fs::remove_file(from)
        }
        _ => Err(e),
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if let Some(temporary) = self.temporary.take() {
            let path = temporary.path().to_path_buf();
            drop(temporary);
            unfinished().retain(|p| *p != path);
        }
    }
}

/// Write `bytes` to `path` through a temporary file beside it, so that `path` is either
/// its old self or completely new, never half written.
///
/// # Errors
/// What [`check_replace`] refuses, or when the directory is not writable or the disk is
/// full.
pub fn write_replacing(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_replacing_with(path, |out| out.write_all(bytes))
}

/// Replace `path` (through its links) with what `write` writes: [`stage`] beside it, then
/// [`Staged::replace`]. Nothing is written when `path` may not be written over.
///
/// # Errors
/// What `write` returns, what [`check_replace`] refuses, or when the directory is not
/// writable or the disk is full.
pub fn write_replacing_with(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<&File>) -> io::Result<()>,
) -> io::Result<()> {
    let target = check_replace(path)?;
    stage(parent_dir(&target), write)?.replace(path)
}

/// Write `bytes` to a new file `<stem>.<extension>` in `dir` (made if missing), or
/// `<stem>-2.<extension>`… when taken, never over an existing file; the file appears whole
/// or not at all. Returns its name, in `dir` as given.
///
/// # Errors
/// When the directory cannot be made or written (read-only, disk full…).
pub fn save_new(dir: &Path, stem: &str, extension: &str, bytes: &[u8]) -> io::Result<PathBuf> {
    make_dir(dir)?;
    stage(dir, |out| out.write_all(bytes))?.place_new(dir, stem, extension)
}

/// A file the user named, written by `write`: over `path` when `replace` is true (as
/// [`write_replacing_with`]), else under the first free name like it (`grow.gif`,
/// `grow-2.gif`…, in a directory made if missing), never over a file. Returns the file
/// written, named as `path` is.
///
/// # Errors
/// As [`write_replacing_with`] or [`save_new`].
pub fn write_named(
    path: &Path,
    replace: bool,
    write: impl FnOnce(&mut BufWriter<&File>) -> io::Result<()>,
) -> io::Result<PathBuf> {
    if replace {
        write_replacing_with(path, write)?;
        return Ok(path.to_path_buf());
    }
    let dir = parent_dir(path);
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let extension = path.extension().unwrap_or_default().to_string_lossy();
    make_dir(dir)?;
    let placed = stage(dir, write)?.place_new(dir, &stem, &extension)?;
    Ok(path.with_file_name(placed.file_name().unwrap_or_default()))
}

/// Put two staged files in place over `first.1` and `second.1` (through their links)
/// together: either both are new afterwards, or (when one cannot be put in place) both
/// are as they were.
///
/// # Errors
/// The path, as given, of a file that cannot be put in place, and why; nothing has
/// changed then.
pub fn replace_pair(
    first: (Staged, &Path),
    second: (Staged, &Path),
) -> Result<(), (PathBuf, io::Error)> {
    replace_all(vec![
        (first.0, first.1.to_path_buf()),
        (second.0, second.1.to_path_buf()),
    ])
}

/// Put staged files in place, each over its path (through its links), the last one last,
/// once every path is known to take it; when one fails, the ones before it get their old
/// files back. One file alone needs no second name.
fn replace_all(mut files: Vec<(Staged, PathBuf)>) -> Result<(), (PathBuf, io::Error)> {
    let mut targets = Vec::with_capacity(files.len());
    for (_, path) in &files {
        let target = through_links(path).map_err(|e| (path.clone(), e))?;
        let old = checks::replaceable(&target).map_err(|e| (path.clone(), e))?;
        targets.push((target, old));
    }
    // Held to the end, so a stop waits for every rename; the staged files, dropped after
    // it (parameters outlive locals), remove what was not put in place.
    let single = files.len() == 1;
    let mut list = unfinished();
    // The old files, kept under second names until every new one is in place.
    let mut done: Vec<(PathBuf, Option<PathBuf>)> = Vec::new();
    let mut outcome = Ok(());
    for ((staged, path), (target, old)) in files.iter_mut().zip(targets) {
        let kept = match old {
            Some(old) => staged
                .file()
                .set_permissions(Permissions::from_mode(old.permissions().mode() & 0o7777))
                .and_then(|()| {
                    if single {
                        Ok(None)
                    } else {
                        backup(&target).map(Some)
                    }
                }),
            None => Ok(None),
        };
        match kept.and_then(|kept| staged.rename(&target, &mut list).map(|()| kept)) {
            Ok(kept) => done.push((target, kept)),
            Err(e) => {
                outcome = Err((path.clone(), e));
                break;
            }
        }
    }
    for (path, kept) in done {
        match (&outcome, kept) {
            (Ok(()), Some(kept)) => {
                let _ = fs::remove_file(kept);
            }
            (Err(_), Some(kept)) => {
                let _ = fs::rename(kept, &path);
            }
            (Err(_), None) => {
                let _ = fs::remove_file(&path);
            }
            (Ok(()), None) => {}
        }
    }
    outcome
}

/// A second name for the file at `path`, beside it, so that it survives a rename over it.
fn backup(path: &Path) -> io::Result<PathBuf> {
    let dir = parent_dir(path);
    for n in 0u32..1000 {
        let name = temporary::backup_name(dir, n);
        match fs::hard_link(path, &name) {
            Ok(()) => return Ok(name),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            // A file system without links: a copy serves.
            Err(_) => return fs::copy(path, &name).map(|_| name),
        }
    }
    Err(io::Error::other("no free name for a backup"))
}

/// The name `<stem>.<extension>` or, for `n` above 1, `<stem>-<n>.<extension>`.
fn numbered(stem: &str, n: u32) -> String {
    if n == 1 {
        stem.to_string()
    } else {
        format!("{stem}-{n}")
    }
}

/// Files that belong together, each written by `make` for a numbered stem (`name`,
/// `name-2`…) as one staged file per extension of `extensions`, put in place in `dir` under
/// the first stem for which every name is free, never over any file: all of them or none.
/// `make` may write files that name each other (a map naming its tileset): when a name was
/// taken meanwhile, it is called again for the next stem, with the files it staged before.
/// Returns the stem used.
///
/// # Errors
/// What `make` returns, or when a name cannot be taken for another reason than being taken.
pub fn place_new_with(
    dir: &Path,
    stem: &str,
    extensions: &[&str],
    mut make: impl FnMut(&str, Vec<Staged>) -> io::Result<Vec<Staged>>,
) -> io::Result<String> {
    let mut staged = Vec::new();
    for n in 1u32.. {
        let name = numbered(stem, n);
        let paths: Vec<PathBuf> = extensions
            .iter()
            .map(|e| dir.join(format!("{name}.{e}")))
            .collect();
        if paths.iter().any(|p| fs::symlink_metadata(p).is_ok()) {
            continue;
        }
        staged = make(&name, staged)?;
        match place_all(&mut staged, &paths) {
            Ok(()) => return Ok(name),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::other("no free file name left"))
}

/// The first of `path`, `path-2`, `path-3`… (a directory's name) that is missing (then
/// made) or an empty directory: a directory no earlier run has written into.
///
/// # Errors
/// When a directory cannot be made or read for another reason than being taken, is
/// behind a link another user planted, or `path` has no name to number (`.`) and holds
/// files.
pub fn fresh_dir(path: &Path) -> io::Result<PathBuf> {
    through_links(path)?;
    let empty_dir = |dir: &Path| -> io::Result<bool> {
        Ok(fs::symlink_metadata(dir).is_ok_and(|m| m.is_dir())
            && fs::read_dir(dir)?.next().is_none())
    };
    let Some(name) = path.file_name() else {
        return if empty_dir(path)? {
            Ok(path.to_path_buf())
        } else {
            Err(io::Error::new(
                io::ErrorKind::AlreadyExists,
                "it holds files already, and has no name to number",
            ))
        };
    };
    for n in 1u32.. {
        let mut numbered = name.to_os_string();
        if n > 1 {
            numbered.push(format!("-{n}"));
        }
        let dir = path.with_file_name(numbered);
        match fs::create_dir(&dir) {
            Ok(()) => return Ok(dir),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                make_dir(&dir)?;
                return Ok(dir);
            }
            Err(e) if e.kind() != io::ErrorKind::AlreadyExists => return Err(e),
            Err(_) if empty_dir(&dir)? => return Ok(dir),
            Err(_) => {}
        }
    }
    Err(io::Error::other("no free directory name left"))
}

/// Put each staged file in place at its path, none over an existing file: all of them, or
/// (when one fails) none, the staged files then as they were.
fn place_all(files: &mut [Staged], paths: &[PathBuf]) -> io::Result<()> {
    let mut list = unfinished();
    for (k, (staged, path)) in files.iter().zip(paths).enumerate() {
        if let Err(e) = staged.place(path) {
            // The names this try took go back to their temporary files.
            for (staged, path) in files.iter().zip(paths).take(k) {
                staged.unplace(path)?;
            }
            return Err(e);
        }
    }
    for staged in files.iter_mut() {
        staged.forget(&mut list);
    }
    Ok(())
}

/// The temporary files of this process being written now.
static UNFINISHED: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn unfinished() -> MutexGuard<'static, Vec<PathBuf>> {
    // A panic elsewhere leaves the list as valid as it was.
    UNFINISHED.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Writes stopped by [`stop_writes`]: no temporary file is made or put in place while this
/// lives.
#[must_use = "writes resume as soon as this is dropped"]
pub struct WritesStopped {
    _held: MutexGuard<'static, Vec<PathBuf>>,
}

/// Remove every temporary file this process is writing, and start or finish no write while
/// the returned value lives: for a process about to exit on a signal (hold it until the
/// exit). Files being put in place are put in place first; no file is ever half written.
pub fn stop_writes() -> WritesStopped {
    let unfinished = unfinished();
    for path in unfinished.iter() {
        let _ = fs::remove_file(path);
    }
    WritesStopped { _held: unfinished }
}
