//! Writing files safely: replacing a file only once its new contents are complete, and
//! saving new files without ever writing over an existing one.

use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Write `bytes` to `path` through a temporary file beside it, so that `path` is either
/// its old self or completely new, never half written.
///
/// # Errors
/// When the directory is not writable, the disk is full, or `path` is a directory.
pub fn write_replacing(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?;
    let mut temporary = name.to_os_string();
    temporary.push(format!(".{}.partial", std::process::id()));
    let temporary = path.with_file_name(temporary);
    let written = fs::write(&temporary, bytes).and_then(|()| fs::rename(&temporary, path));
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    written
}

/// Write `bytes` to a new file `<stem>.<extension>` in `dir` (made if missing), or
/// `<stem>-2.<extension>`, `<stem>-3.<extension>`… when taken. An existing file is never
/// opened for writing, and a file this call could not finish writing is removed.
///
/// # Errors
/// When the directory cannot be made or written (read-only, disk full…).
pub fn save_new(dir: &Path, stem: &str, extension: &str, bytes: &[u8]) -> io::Result<PathBuf> {
    fs::create_dir_all(dir)?;
    for n in 1u32.. {
        let name = if n == 1 {
            format!("{stem}.{extension}")
        } else {
            format!("{stem}-{n}.{extension}")
        };
        let path = dir.join(name);
        let mut file = match OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(file) => file,
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        };
        let written = file.write_all(bytes).and_then(|()| file.sync_all());
        return match written {
            Ok(()) => Ok(path),
            Err(e) => {
                drop(file);
                let _ = fs::remove_file(&path);
                Err(e)
            }
        };
    }
    Err(io::Error::other("no free file name left"))
}
