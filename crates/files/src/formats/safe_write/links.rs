//! What another user may have put on the way to a file written: symbolic links are
//! followed to their target, so that a file kept as a link (a dotfiles setup, a synced
//! folder) stays one, except a link that another user planted in a shared directory; and a
//! directory another user made in a shared directory is not written into.
//!
//! The rule for links is the kernel's own (`fs.protected_symlinks`), which a writer that
//! resolves links itself would otherwise sidestep: in a directory that everyone may write
//! and that is sticky (mode 1777, such as `/tmp`), a link is followed only when it belongs
//! to the user following it or to the directory's owner. A directory there is entered
//! only on the same terms: its owner could swap it for a link at any moment. Every entry on
//! the way is checked, through the handle [`super::dir`] opened it by, never by its path
//! again.

use std::io;
use std::path::Path;

use rustix::fs::Stat;
use rustix::process::geteuid;

use crate::text::quote_path;

/// Symbolic links followed at most, as the system does.
pub const MOST_LINKS: usize = 40;

/// `Ok` when the link `link` (whose own metadata is `stat`), in the directory `dir` (whose
/// metadata is `dir_stat`), may be followed by this process: see the module's notes.
///
/// # Errors
/// A link another user made in a shared sticky directory (`PermissionDenied`, saying
/// whose and where).
pub fn may_follow(link: &Path, stat: &Stat, dir: &Path, dir_stat: &Stat) -> io::Result<()> {
    shared_by(stat, dir_stat).map_or(Ok(()), |owner| {
        Err(refused(
            link,
            "a symbolic link",
            owner,
            dir,
            dir_stat,
            "it is not followed, as the system follows no such link",
        ))
    })
}

/// `Ok` when the directory `path` (whose metadata is `stat`), in the directory `dir`
/// (whose metadata is `dir_stat`), may be written into by this process: see the module's
/// notes.
///
/// # Errors
/// A directory another user made in a shared sticky directory (`PermissionDenied`,
/// saying whose and where).
pub fn may_enter(path: &Path, stat: &Stat, dir: &Path, dir_stat: &Stat) -> io::Result<()> {
    shared_by(stat, dir_stat).map_or(Ok(()), |owner| {
        Err(refused(
            path,
            "a directory",
            owner,
            dir,
            dir_stat,
            "nothing is written in it, as its owner could swap it for a link at any moment",
        ))
    })
}

/// The owner of an entry (whose metadata is `stat`) of a directory (whose metadata is
/// `dir_stat`), when it is another user than this one and the directory's owner in a
/// directory shared by all.
fn shared_by(stat: &Stat, dir_stat: &Stat) -> Option<u32> {
    let me = geteuid().as_raw();
    let owner = stat.st_uid;
    (protects_links(dir_stat.st_mode) && owner != me && owner != dir_stat.st_uid).then_some(owner)
}

/// The error for `what` at `path`, made by `owner` in the shared directory `dir`.
fn refused(
    path: &Path,
    what: &str,
    owner: u32,
    dir: &Path,
    dir_stat: &Stat,
    so: &str,
) -> io::Error {
    io::Error::new(
        io::ErrorKind::PermissionDenied,
        format!(
            "{} is {what} made by another user (uid {owner}) in {}, a directory shared by \
             all (sticky, mode {:o}): {so}",
            quote_path(path),
            quote_path(dir),
            dir_stat.st_mode & 0o7777
        ),
    )
}

/// Whether entries in a directory of this mode are trusted only from their owner or the
/// directory's: one that everyone may write and that is sticky.
fn protects_links(mode: u32) -> bool {
    mode & 0o1000 != 0 && mode & 0o002 != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_sticky_directories_writable_by_all_protect_their_links() {
        assert!(protects_links(0o1777));
        assert!(protects_links(0o1703));
        assert!(!protects_links(0o777), "not sticky");
        assert!(!protects_links(0o1755), "not writable by all");
    }
}
