//! Files, safely: opening only regular files for reading, without ever waiting on a device
//! or a pipe; replacing a file only once its new contents are complete; saving new files
//! without ever writing over an existing one; and removing unfinished temporary files when
//! the process is told to stop.

use std::fs::{self, File, OpenOptions, Permissions};
use std::io::{self, BufWriter, Write};
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

use tempfile::Builder;

/// Open `path` for reading if it is a regular file. Devices, directories, pipes and sockets
/// are refused with a message saying what they are; the file is opened without blocking and
/// checked once open, so a pipe without a writer never hangs the caller.
///
/// # Errors
/// When `path` cannot be opened or is not a regular file.
pub fn open_regular(path: &Path) -> io::Result<File> {
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)?;
    let kind = file.metadata()?.file_type();
    let what = if kind.is_file() {
        return Ok(file);
    } else if kind.is_dir() {
        "a directory"
    } else if kind.is_fifo() {
        "a pipe (FIFO)"
    } else if kind.is_char_device() || kind.is_block_device() {
        "a device"
    } else {
        "a socket"
    };
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("it is {what}, not a regular file"),
    ))
}

/// Write `bytes` to `path` through a temporary file beside it, so that `path` is either
/// its old self or completely new, never half written. See [`write_replacing_with`].
///
/// # Errors
/// When the directory is not writable, the disk is full, or `path` is a directory.
pub fn write_replacing(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_replacing_with(path, |out| out.write_all(bytes))
}

/// Replace `path` with what `write` writes (through a buffer), so that `path` is either its
/// old self or completely new, never half written.
///
/// `write` writes into a new temporary file with a random name in `path`'s directory,
/// created exclusively (an existing file or link under that name is never opened); once it
/// is complete and on disk it is renamed over `path`. The new file keeps the permissions of
/// the file it replaces; a new file gets the usual ones (0666 less the umask). Until then
/// the temporary file is listed for [`stop_writes`], and any failure removes it.
///
/// # Errors
/// What `write` returns, or when the directory is not writable, the disk is full, or `path`
/// is a directory.
pub fn write_replacing_with(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<&File>) -> io::Result<()>,
) -> io::Result<()> {
    let dir = parent_dir(path);
    let kept = match fs::metadata(path) {
        Ok(old) => Some(old.permissions().mode() & 0o777),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(e),
    };
    // Listed in the same step as made, and unlisted only once removed or renamed (the
    // temporary file is dropped first), so a signal never misses it.
    let (listed, temporary) = {
        let mut unfinished = unfinished();
        let temporary = Builder::new()
            .permissions(Permissions::from_mode(kept.unwrap_or(0o666)))
            .tempfile_in(dir)?;
        unfinished.push(temporary.path().to_path_buf());
        (Listed(temporary.path().to_path_buf()), temporary)
    };
    let mut out = BufWriter::new(temporary.as_file());
    write(&mut out)?;
    out.flush()?;
    drop(out);
    if let Some(mode) = kept {
        // Creation applied the umask; the old file's permissions come back whole.
        temporary
            .as_file()
            .set_permissions(Permissions::from_mode(mode))?;
    }
    temporary.as_file().sync_all()?;
    temporary.persist(path).map_err(|e| e.error)?;
    drop(listed);
    Ok(())
}

/// The directory `path` is in: its parent, or `.` for a bare file name.
#[must_use]
pub fn parent_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// Create a new, empty file `<stem>.<extension>` in `dir` (made if missing), or
/// `<stem>-2.<extension>`, `<stem>-3.<extension>`… when taken; returns it, open for writing,
/// with its path. An existing file is never opened.
///
/// # Errors
/// When the directory cannot be made or written (read-only, disk full…).
fn create_new_named(dir: &Path, stem: &str, extension: &str) -> io::Result<(File, PathBuf)> {
    fs::create_dir_all(dir)?;
    for n in 1u32.. {
        let name = if n == 1 {
            format!("{stem}.{extension}")
        } else {
            format!("{stem}-{n}.{extension}")
        };
        let path = dir.join(name);
        match OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(file) => return Ok((file, path)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::other("no free file name left"))
}

/// Take a new name `<stem>.<extension>` in `dir` as [`save_new`] would, creating the file
/// empty so that no one else takes it; the caller then writes it (with
/// [`write_replacing`]) or removes it.
///
/// # Errors
/// When the directory cannot be made or written.
pub fn reserve_new(dir: &Path, stem: &str, extension: &str) -> io::Result<PathBuf> {
    create_new_named(dir, stem, extension).map(|(_, path)| path)
}

/// Write `bytes` to a new file `<stem>.<extension>` in `dir` (made if missing), or
/// `<stem>-2.<extension>`, `<stem>-3.<extension>`… when taken. An existing file is never
/// opened for writing, and a file this call could not finish writing is removed.
///
/// # Errors
/// When the directory cannot be made or written (read-only, disk full…).
pub fn save_new(dir: &Path, stem: &str, extension: &str, bytes: &[u8]) -> io::Result<PathBuf> {
    let (mut file, path) = create_new_named(dir, stem, extension)?;
    let written = file.write_all(bytes).and_then(|()| file.sync_all());
    match written {
        Ok(()) => Ok(path),
        Err(e) => {
            drop(file);
            let _ = fs::remove_file(&path);
            Err(e)
        }
    }
}

/// The temporary files of this process being written now.
static UNFINISHED: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn unfinished() -> MutexGuard<'static, Vec<PathBuf>> {
    // A panic elsewhere leaves the list as valid as it was.
    UNFINISHED.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A temporary file on the [`UNFINISHED`] list while this lives.
struct Listed(PathBuf);

impl Drop for Listed {
    fn drop(&mut self) {
        unfinished().retain(|p| *p != self.0);
    }
}

/// Writes stopped by [`stop_writes`]: no temporary file is made while this lives.
#[must_use = "writes resume as soon as this is dropped"]
pub struct WritesStopped {
    _held: MutexGuard<'static, Vec<PathBuf>>,
}

/// Remove every temporary file this process is writing, and start no new one while the
/// returned value lives: for a process about to exit on a signal (hold it until the exit).
/// A file already complete may still be renamed into place; no file is ever half written.
pub fn stop_writes() -> WritesStopped {
    let unfinished = unfinished();
    for path in unfinished.iter() {
        let _ = fs::remove_file(path);
    }
    WritesStopped { _held: unfinished }
}
