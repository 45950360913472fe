//! What a path holds, and whether it may be read or written over: only regular files are
//! read, and only a regular file that is neither read-only nor known by other names (hard
//! links) is written over. Nothing here ever opens a pipe in a way that waits.

use std::fs::{self, File, FileType, Metadata, OpenOptions};
use std::io;
use std::os::unix::fs::{FileTypeExt, MetadataExt, OpenOptionsExt};
use std::path::Path;

/// What a file of this type is, in words, when it is not a regular file.
fn irregular(kind: FileType) -> Option<&'static str> {
    if kind.is_file() {
        None
    } else if kind.is_dir() {
        Some("a directory")
    } else if kind.is_fifo() {
        Some("a named pipe")
    } else if kind.is_char_device() {
        Some("a character device")
    } else if kind.is_block_device() {
        Some("a block device")
    } else if kind.is_socket() {
        Some("a socket")
    } else {
        Some("not a file")
    }
}

/// The error for a file of type `kind` that is not a regular file.
fn not_regular(kind: FileType) -> io::Result<()> {
    match irregular(kind) {
        None => Ok(()),
        Some(what) => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("it is {what}, not a regular file"),
        )),
    }
}

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
    refuse_irregular(&file)?;
    Ok(file)
}

/// `Ok` when `file` is a regular file, else an error saying what it is.
///
/// # Errors
/// When it is a directory, a pipe, a device or a socket, or cannot be looked at.
pub fn refuse_irregular(file: &File) -> io::Result<()> {
    not_regular(file.metadata()?.file_type())
}

/// Whether the file at `path` (its links already followed) may be written over: `Ok(None)`
/// when there is none, `Ok(Some)` with its metadata when it is a regular file that is not
/// read-only and has no other name. Only looked at, never opened.
///
/// # Errors
/// When it is not a regular file (a pipe, a device, a socket, a directory), is read-only
/// for this user by its permission bits, or has other hard links, which a new file would
/// split from it; each saying so.
pub fn replaceable(path: &Path) -> io::Result<Option<Metadata>> {
    let meta = match fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    not_regular(meta.file_type())?;
    if !writable(meta.mode(), (meta.uid(), meta.gid()), &User::current()) {
        return Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            format!(
                "it is read-only (its permissions are {}): it is left as it is; make it \
                 writable to replace it",
                permissions(meta.mode())
            ),
        ));
    }
    if meta.nlink() > 1 {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "it has {} hard links (other names for the same file), which a new file \
                 would split from it: it is left as it is; make the other names symbolic \
                 links, or remove them",
                meta.nlink()
            ),
        ));
    }
    Ok(Some(meta))
}

/// Who is writing: the ids permission bits are checked against.
struct User {
    uid: u32,
    gids: Vec<u32>,
}

impl User {
    fn current() -> Self {
        // SAFETY: these calls have no preconditions; getgroups is first asked how many
        // groups there are, then given room for them.
        unsafe {
            let mut gids = vec![libc::getegid()];
            let count = libc::getgroups(0, std::ptr::null_mut());
            if let Ok(n) = usize::try_from(count) {
                let mut more = vec![0; n];
                let got = libc::getgroups(count, more.as_mut_ptr());
                more.truncate(usize::try_from(got).unwrap_or(0));
                gids.extend(more);
            }
            User {
                uid: libc::geteuid(),
                gids,
            }
        }
    }
}

/// Whether `user` may write a file of this `mode` and `(owner, group)` by its permission
/// bits: the owner's bits for its owner, the group's for its group, the others' for the
/// rest; the superuser, whom the system lets write anything, by any write bit, so that a
/// file made read-only for everyone (`chmod 444`) stays so for them too.
fn writable(mode: u32, (owner, group): (u32, u32), user: &User) -> bool {
    let bit = if user.uid == 0 {
        0o222
    } else if user.uid == owner {
        0o200
    } else if user.gids.contains(&group) {
        0o020
    } else {
        0o002
    };
    mode & bit != 0
}

/// Permission bits as `ls -l` shows them: `r--r--r--`.
fn permissions(mode: u32) -> String {
    (0..9)
        .map(|i| {
            if mode & (0o400 >> i) == 0 {
                '-'
            } else {
                ['r', 'w', 'x'][i % 3]
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bits_that_apply_to_the_user_decide() {
        let alice = User {
            uid: 1000,
            gids: vec![100],
        };
        assert!(writable(0o644, (1000, 100), &alice));
        assert!(!writable(0o444, (1000, 100), &alice));
        assert!(!writable(0o464, (1000, 100), &alice), "her own bits");
        assert!(writable(0o464, (1001, 100), &alice), "her group's");
        assert!(!writable(0o646, (1001, 100), &alice), "her group's");
        assert!(writable(0o442, (1001, 200), &alice), "the others'");
        let root = User {
            uid: 0,
            gids: vec![0],
        };
        assert!(writable(0o644, (1000, 100), &root));
        assert!(!writable(0o444, (1000, 100), &root));
    }

    #[test]
    fn permissions_read_as_ls_shows_them() {
        assert_eq!(permissions(0o100_444), "r--r--r--");
        assert_eq!(permissions(0o754), "rwxr-xr--");
    }
}
