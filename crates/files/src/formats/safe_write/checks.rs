//! What a path holds, and whether it may be read or written over: only regular files are
//! read, and only a regular file that is neither read-only nor known by other names (hard
//! links) is written over. Nothing here ever opens a pipe in a way that waits.

use std::fs::{File, OpenOptions};
use std::io;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

use rustix::fs::{FileType, OFlags, Stat};
use rustix::process::{getegid, geteuid, getgroups};

use super::dir::Located;
use crate::text::quote_path;

/// What a file of this type is, in words, when it is not a regular file.
fn irregular(kind: FileType) -> Option<&'static str> {
    match kind {
        FileType::RegularFile => None,
        FileType::Directory => Some("a directory"),
        FileType::Fifo => Some("a named pipe"),
        FileType::CharacterDevice => Some("a character device"),
        FileType::BlockDevice => Some("a block device"),
        FileType::Socket => Some("a socket"),
        _ => Some("not a file"),
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
        .custom_flags(OFlags::NONBLOCK.bits() as i32)
        .open(path)?;
    refuse_irregular(&file)?;
    Ok(file)
}

/// `Ok` when `file` is a regular file, else an error saying what it is.
///
/// # Errors
/// When it is a directory, a pipe, a device or a socket, or cannot be looked at.
pub fn refuse_irregular(file: &File) -> io::Result<()> {
    not_regular(FileType::from_raw_mode(rustix::fs::fstat(file)?.st_mode))
}

/// Whether the file `at` (its links already followed) may be written over: `Ok(None)`
/// when there is none, `Ok(Some)` with its metadata when it is a regular file that is not
/// read-only and has no other name. Only looked at, never opened.
///
/// # Errors
/// When it is not a regular file (a pipe, a device, a socket, a directory), is read-only
/// for this user by its permission bits, or has other hard links, which a new file would
/// split from it (naming those in the same directory); each saying so.
pub fn replaceable(at: &Located) -> io::Result<Option<Stat>> {
    let Some(stat) = at.stat()? else {
        return Ok(None);
    };
    let mode = stat.st_mode;
    not_regular(FileType::from_raw_mode(mode))?;
    if !writable(mode, (stat.st_uid, stat.st_gid), &User::current()) {
        return Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            format!(
                "it is read-only (its permissions are {}): it is left as it is; make it \
                 writable to replace it",
                permissions(mode)
            ),
        ));
    }
    if stat.st_nlink > 1 {
        let others = other_names(at, &stat);
        let named = if others.is_empty() {
            String::new()
        } else {
            format!(": {} in the same directory", others.join(", "))
        };
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "it has {} hard links (other names for the same file{named}), which a new \
                 file would split from it: it is left as it is; make the other names \
                 symbolic links, or remove them",
                stat.st_nlink
            ),
        ));
    }
    Ok(Some(stat))
}

/// The other names, quoted, of the file `at` (whose metadata is `stat`) in its directory:
/// the entries there of the same file. At most a few are named.
fn other_names(at: &Located, stat: &Stat) -> Vec<String> {
    const MOST: usize = 3;
    let names = at.dir.names().unwrap_or_default();
    let same = |name: &std::ffi::OsString| {
        *name != at.name
            && at
                .dir
                .stat(name)
                .ok()
                .flatten()
                .is_some_and(|other| (other.st_dev, other.st_ino) == (stat.st_dev, stat.st_ino))
    };
    let mut others: Vec<String> = names
        .iter()
        .filter(|name| same(name))
        .map(|name| quote_path(Path::new(name)))
        .collect();
    others.sort();
    if others.len() > MOST {
        let more = others.len() - MOST;
        others.truncate(MOST);
        others.push(format!("{more} more"));
    }
    others
}

/// Who is writing: the ids permission bits are checked against.
struct User {
    uid: u32,
    gids: Vec<u32>,
}

impl User {
    fn current() -> Self {
        let mut gids = vec![getegid().as_raw()];
        gids.extend(getgroups().unwrap_or_default().iter().map(|g| g.as_raw()));
        User {
            uid: geteuid().as_raw(),
            gids,
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
