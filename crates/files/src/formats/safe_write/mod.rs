//! Files, safely: opening only regular files for reading, without ever waiting on a device
//! or a pipe; and writing so that every file appears whole or not at all, nothing is
//! written over that should not be, and nothing another user changes meanwhile can send a
//! write elsewhere.
//!
//! A file's directory is resolved once into a handle ([`Dir`], see [`dir`]): each
//! directory on the way opened without following links and checked through its handle,
//! links followed only by the rules of [`links`], and a directory another user made in a
//! shared sticky directory (such as `/tmp`) refused as a link of theirs is. Every check,
//! create, rename and removal after that is made relative to the handle (`openat`,
//! `renameat`, `unlinkat`, `fstatat` without following links), never by path again.
//!
//! Every file is first written completely into a temporary file in its directory
//! ([`stage`]; named as ours, see [`temporary`]), synced to disk, and only then put in
//! place by a rename: over the old file ([`Staged::replace`], keeping its permissions and
//! writing through a symbolic link to its target), or under the first free name of a
//! series `name.ext`, `name-2.ext`… without ever writing over a file
//! ([`Staged::place_new`]). Two files that belong together (a Tiled map and its tileset)
//! are put in place together ([`replace_all`], [`place_new_with`]).
//!
//! A file is written over only when it is a regular file, not read-only and without other
//! names ([`checks::replaceable`]); [`check_replace`] asks so before any work is done,
//! once the temporary files a killed write left there are cleared.
//!
//! Temporary files being written are listed, so that a process told to stop removes them
//! ([`stop_writes`]); putting files in place holds that list, so a stop waits until the
//! renames are done and never leaves half of a pair.

pub mod checks;
pub mod dir;
pub mod links;
pub mod temporary;

use std::ffi::{OsStr, OsString};
use std::fs::{File, Permissions};
use std::io::{self, BufWriter, Write};
use std::os::fd::OwnedFd;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use rustix::fs::{AtFlags, Mode, OFlags, Stat};

pub use checks::{open_regular, refuse_irregular};
pub use dir::{Dir, Located};

/// The directory `path` is in: its parent, or `.` for a bare file name.
#[must_use]
pub fn parent_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// Where writing over `path` goes ([`Dir::locate`]: its directory held open, its links
/// followed), once it is known that the file there, if any, may be written over
/// ([`checks::replaceable`]). Stale temporary files of ours there are removed before it is
/// looked at, so that a write killed before cannot stand in the way.
///
/// # Errors
/// A missing directory, a link that is not followed or in a loop, or a file that may not
/// be written over.
pub fn check_replace(path: &Path) -> io::Result<Located> {
    let at = Dir::locate(path)?;
    checks::replaceable(&at)?;
    Ok(at)
}

/// Bytes free for this user on the file system that `path` is written to: that of `path`,
/// or, when it does not exist yet, of the nearest directory above it that does.
///
/// # Errors
/// When no directory on the way can tell.
pub fn free_bytes(path: &Path) -> io::Result<u64> {
    let mut last = io::Error::from(io::ErrorKind::NotFound);
    for above in path.ancestors() {
        let above = if above.as_os_str().is_empty() {
            Path::new(".")
        } else {
            above
        };
        match rustix::fs::statvfs(above) {
            Ok(fs) => return Ok(fs.f_bavail.saturating_mul(fs.f_frsize)),
            Err(e) => last = e.into(),
        }
    }
    Err(last)
}

/// A file written completely into a temporary file, waiting to be put in place. Dropped
/// without being put in place, the temporary file is removed.
#[derive(Debug)]
pub struct Staged {
    dir: Dir,
    /// Its temporary name in `dir`, until it is renamed away.
    name: Option<OsString>,
    file: File,
}

/// Write what `write` writes (through a buffer) into a new temporary file in `dir`, made
/// exclusively (an existing file or link under its random name is never opened), flushed
/// and synced to disk. Nothing else changes until it is put in place.
///
/// # Errors
/// What `write` returns; or when the directory is not writable or the disk is full.
pub fn stage(
    dir: &Dir,
    write: impl FnOnce(&mut BufWriter<&File>) -> io::Result<()>,
) -> io::Result<Staged> {
    // Listed in the same step as made, and unlisted only once removed or renamed, so a
    // stop never misses it.
    let staged = {
        let mut unfinished = unfinished();
        let (name, file) = temporary::create(dir)?;
        unfinished.push((dir.shared(), name.clone()));
        Staged {
            dir: dir.clone(),
            name: Some(name),
            file,
        }
    };
    let mut out = BufWriter::new(&staged.file);
    write(&mut out)?;
    out.flush()?;
    drop(out);
    staged.file.sync_all()?;
    Ok(staged)
}

impl Staged {
    /// How many bytes were written.
    ///
    /// # Errors
    /// When the file cannot be looked at.
    pub fn written(&self) -> io::Result<u64> {
        Ok(self.file.metadata()?.len())
    }

    fn temporary_name(&self) -> &OsStr {
        self.name.as_deref().unwrap_or_default()
    }

    /// Put the file in place over the file `at` (located by [`check_replace`]), which
    /// takes the new file's contents and keeps its own permissions, but for set-id and
    /// sticky bits, and write bits for the group and others when another user owned it
    /// (for the group, when another group did); a new file gets the usual ones.
    ///
    /// # Errors
    /// What [`checks::replaceable`] refuses (asked again), or when the target's directory
    /// is another file system.
    pub fn replace(self, at: &Located) -> io::Result<()> {
        replace_all(vec![(self, at)]).map_err(|(_, e)| e)
    }

    /// Put the file in place under `<stem>.<extension>` in the directory where it was
    /// staged, or `<stem>-2.<extension>`, `<stem>-3.<extension>`… when that is taken,
    /// never over any file; returns the name it took, in the directory as given.
    ///
    /// # Errors
    /// When no name can be taken.
    pub fn place_new(self, stem: &str, extension: &str) -> io::Result<PathBuf> {
        let dir = self.dir.clone();
        let mut file = Some(self);
        let name = place_new_with(&dir, stem, &[format!(".{extension}")], |_, before| {
            Ok(file.take().map_or(before, |file| vec![file]))
        })?;
        Ok(dir.path().join(format!("{name}.{extension}")))
    }

    /// Rename the temporary file over `to`, under the list's lock.
    fn rename(&mut self, to: &Located, list: &mut Unfinished) -> io::Result<()> {
        self.dir.rename(self.temporary_name(), &to.dir, &to.name)?;
        self.forget(list);
        Ok(())
    }

    /// Rename the temporary file to `to` in its directory, which must not exist, keeping
    /// it listed (see [`Staged::unplace`] and [`Staged::forget`]).
    fn place(&self, to: &OsStr) -> io::Result<()> {
        self.dir.rename_new(self.temporary_name(), to)
    }

    /// Take back a file [`Staged::place`] put at `to`.
    fn unplace(&self, to: &OsStr) -> io::Result<()> {
        self.dir.rename(to, &self.dir, self.temporary_name())
    }

    /// The temporary file was renamed away: forget its temporary name, under the list's
    /// lock.
    fn forget(&mut self, list: &mut Unfinished) {
        if let Some(name) = self.name.take() {
            list.retain(|(_, n)| *n != name);
        }
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if let Some(name) = self.name.take() {
            let _ = self.dir.remove(&name);
            unfinished().retain(|(_, n)| *n != name);
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
    let at = check_replace(path)?;
    stage(&at.dir, write)?.replace(&at)
}

/// Write `bytes` to a new file `<stem>.<extension>` in `dir` (made if missing), or
/// `<stem>-2.<extension>`… when taken, never over an existing file; the file appears whole
/// or not at all. Returns its name, in `dir` as given.
///
/// # Errors
/// When the directory cannot be made or written (read-only, disk full…).
pub fn save_new(dir: &Path, stem: &str, extension: &str, bytes: &[u8]) -> io::Result<PathBuf> {
    let dir = Dir::make(dir)?;
    stage(&dir, |out| out.write_all(bytes))?.place_new(stem, extension)
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
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let extension = path.extension().unwrap_or_default().to_string_lossy();
    let dir = Dir::make(parent_dir(path))?;
    let placed = stage(&dir, write)?.place_new(&stem, &extension)?;
    Ok(path.with_file_name(placed.file_name().unwrap_or_default()))
}

/// Put staged files in place together, each over its file (located by [`check_replace`]),
/// the last one last, once every file is known to take it: either all are new afterwards,
/// or (when one cannot be put in place) all are as they were, the ones before it given
/// their old files back. One file alone needs no second name.
///
/// # Errors
/// Which of them cannot be put in place, and why; nothing has changed then.
pub fn replace_all(mut files: Vec<(Staged, &Located)>) -> Result<(), (usize, io::Error)> {
    let mut old = Vec::with_capacity(files.len());
    for (i, (_, at)) in files.iter().enumerate() {
        old.push(checks::replaceable(at).map_err(|e| (i, e))?);
    }
    // Held to the end, so a stop waits for every rename; the staged files, dropped after
    // it (parameters outlive locals), remove what was not put in place.
    let single = files.len() == 1;
    let mut list = unfinished();
    // The old files, kept under second names until every new one is in place.
    let mut done: Vec<(&Located, Option<OsString>)> = Vec::new();
    let mut outcome = Ok(());
    for (i, ((staged, at), old)) in files.iter_mut().zip(old).enumerate() {
        let kept = match old {
            Some(old) => kept_mode(&old, &staged.file)
                .and_then(|mode| staged.file.set_permissions(Permissions::from_mode(mode)))
                .and_then(|()| {
                    if single {
                        Ok(None)
                    } else {
                        backup(at).map(Some)
                    }
                }),
            None => Ok(None),
        };
        match kept.and_then(|kept| staged.rename(at, &mut list).map(|()| kept)) {
            Ok(kept) => done.push((at, kept)),
            Err(e) => {
                outcome = Err((i, e));
                break;
            }
        }
    }
    for (at, kept) in done {
        match (&outcome, kept) {
            (Ok(()), Some(kept)) => {
                let _ = at.dir.remove(&kept);
            }
            (Err(_), Some(kept)) => {
                let _ = at.dir.rename(&kept, &at.dir, &at.name);
            }
            (Err(_), None) => {
                let _ = at.dir.remove(&at.name);
            }
            (Ok(()), None) => {}
        }
    }
    outcome
}

/// The permissions a new file `new` takes from the file `old` it replaces: the old file's
/// read, write and run bits, never its set-user-id, set-group-id or sticky bits (they were
/// given to the old contents, not to these), and the write bits only for those who could
/// write the old file: none for the group and others when another user owned it (the new
/// file is this user's, and must not stay writable by them), none for the group when it
/// belonged to another group.
///
/// # Errors
/// When the new file cannot be looked at.
fn kept_mode(old: &Stat, new: &File) -> io::Result<u32> {
    let new = rustix::fs::fstat(new)?;
    let mut mode = old.st_mode & 0o777;
    if old.st_uid != new.st_uid {
        mode &= !0o022;
    } else if old.st_gid != new.st_gid {
        mode &= !0o020;
    }
    Ok(mode)
}

/// A second name for the file `at`, beside it, so that it survives a rename over it.
fn backup(at: &Located) -> io::Result<OsString> {
    for n in 0u32..1000 {
        let name = temporary::backup_name(n);
        match at.dir.link(&at.name, &name) {
            Ok(()) => return Ok(name),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            // A file system without links: a copy serves.
            Err(_) => return copy(at, &name).map(|()| name),
        }
    }
    Err(io::Error::other("no free name for a backup"))
}

/// Copy the file `at` to the new file `to` beside it.
fn copy(at: &Located, to: &OsStr) -> io::Result<()> {
    let from = File::from(at.dir.open_at(&at.name, OFlags::RDONLY, Mode::empty())?);
    let flags = OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL;
    let mut copy = File::from(at.dir.open_at(to, flags, Mode::from_raw_mode(0o600))?);
    io::copy(&mut &from, &mut copy).map(drop)
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
/// `name-2`…) as one staged file per ending of `endings` (what follows the stem in its
/// name: `.tmj`, `-level-2.dd2vtt`), put in place in `dir` under the first stem for which
/// every name is free, never over any file: all of them or none.
/// `make` may write files that name each other (a map naming its tileset): when a name was
/// taken meanwhile, it is called again for the next stem, with the files it staged before.
/// Returns the stem used.
///
/// # Errors
/// What `make` returns, or when a name cannot be taken for another reason than being taken.
pub fn place_new_with(
    dir: &Dir,
    stem: &str,
    endings: &[String],
    mut make: impl FnMut(&str, Vec<Staged>) -> io::Result<Vec<Staged>>,
) -> io::Result<String> {
    let mut staged = Vec::new();
    for n in 1u32.. {
        let name = numbered(stem, n);
        let names: Vec<OsString> = endings
            .iter()
            .map(|e| OsString::from(format!("{name}{e}")))
            .collect();
        if names.iter().any(|n| !matches!(dir.stat(n), Ok(None))) {
            continue;
        }
        staged = make(&name, staged)?;
        match place_all(&mut staged, &names) {
            Ok(()) => return Ok(name),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::other("no free file name left"))
}

/// The first of `path`, `path-2`, `path-3`… (a directory's name) that is missing (then
/// made) or an empty directory: a directory no earlier run has written into. Returned
/// held open, named as `path` is given.
///
/// # Errors
/// When a directory cannot be made or read for another reason than being taken, is
/// behind a link or is one that another user made in a shared directory, is a file, or
/// `path` has no name to number (`.`) and holds files.
pub fn fresh_dir(path: &Path) -> io::Result<Dir> {
    let Some(name) = path.file_name() else {
        let dir = Dir::open(path)?;
        return if dir.names()?.is_empty() {
            Ok(dir)
        } else {
            Err(io::Error::new(
                io::ErrorKind::AlreadyExists,
                "it holds files already, and has no name to number",
            ))
        };
    };
    // Named as given: `frames/`, not `./frames/`.
    let parent = Dir::make(parent_dir(path))?.shown_as(path.parent().unwrap_or(path));
    for n in 1u32.. {
        let mut numbered = name.to_os_string();
        if n > 1 {
            numbered.push(format!("-{n}"));
        }
        let made = match rustix::fs::mkdirat(parent.fd(), &numbered, Mode::from_raw_mode(0o777)) {
            Ok(()) => true,
            Err(rustix::io::Errno::EXIST) => false,
            Err(e) => return Err(e.into()),
        };
        // Leftovers of a killed run are cleared (on opening) before it is found empty.
        let dir = parent.open_in(&numbered)?;
        if made || dir.names()?.is_empty() {
            return Ok(dir);
        }
    }
    Err(io::Error::other("no free directory name left"))
}

/// Put each staged file in place under its name, none over an existing file: all of them,
/// or (when one fails) none, the staged files then as they were.
fn place_all(files: &mut [Staged], names: &[OsString]) -> io::Result<()> {
    let mut list = unfinished();
    for (k, (staged, name)) in files.iter().zip(names).enumerate() {
        if let Err(e) = staged.place(name) {
            // The names this try took go back to their temporary files.
            for (staged, name) in files.iter().zip(names).take(k) {
                staged.unplace(name)?;
            }
            return Err(e);
        }
    }
    for staged in files.iter_mut() {
        staged.forget(&mut list);
    }
    Ok(())
}

/// The temporary files of this process being written now: each directory, held open, and
/// the file's name in it.
type Unfinished = Vec<(Arc<OwnedFd>, OsString)>;
static UNFINISHED: Mutex<Unfinished> = Mutex::new(Vec::new());

fn unfinished() -> MutexGuard<'static, Unfinished> {
    // A panic elsewhere leaves the list as valid as it was.
    UNFINISHED.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Writes stopped by [`stop_writes`]: no temporary file is made or put in place while this
/// lives.
#[must_use = "writes resume as soon as this is dropped"]
pub struct WritesStopped {
    _held: MutexGuard<'static, Unfinished>,
}

/// Remove every temporary file this process is writing, and start or finish no write while
/// the returned value lives: for a process about to exit on a signal (hold it until the
/// exit). Files being put in place are put in place first; no file is ever half written.
pub fn stop_writes() -> WritesStopped {
    let unfinished = unfinished();
    for (dir, name) in unfinished.iter() {
        let _ = rustix::fs::unlinkat(dir, name, AtFlags::empty());
    }
    WritesStopped { _held: unfinished }
}
