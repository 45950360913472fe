//! Symbolic links on the way to a file written over: followed to their target, so that a
//! file kept as a link (a dotfiles setup, a synced folder) stays one, except a link that
//! another user planted in a shared directory.
//!
//! The rule is the kernel's own (`fs.protected_symlinks`), which a writer that resolves
//! links itself would otherwise sidestep: in a directory that everyone may write and that
//! is sticky (mode 1777, such as `/tmp`), a link is followed only when it belongs to the
//! user following it or to the directory's owner. Every link on the way is checked: the
//! file's own, and any among the directories above it.

use std::fs::{self, Metadata};
use std::io;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use super::parent_dir;
use crate::text::quote_path;

/// Symbolic links followed at most, as the system does.
const MOST_LINKS: usize = 40;

/// Where writing to `path` really goes: `path` itself, or the file its symbolic links lead
/// to (which need not exist yet), so that a file kept as a link stays one.
///
/// # Errors
/// Links in a loop, a link that cannot be read, or a link another user made in a shared
/// sticky directory (`PermissionDenied`, saying whose and where).
pub fn through_links(path: &Path) -> io::Result<PathBuf> {
    let mut at = path.to_path_buf();
    for _ in 0..MOST_LINKS {
        for above in at.ancestors().skip(1) {
            if let Ok(meta) = fs::symlink_metadata(above)
                && meta.file_type().is_symlink()
            {
                may_follow(above, &meta)?;
            }
        }
        match fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_symlink() => {
                may_follow(&at, &meta)?;
                let target = fs::read_link(&at)?;
                at = parent_dir(&at).join(target);
            }
            _ => return Ok(at),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        "it is a link in a loop",
    ))
}

/// `Ok` when the link `link` (whose own metadata is `meta`) may be followed by this
/// process: see the module's notes.
fn may_follow(link: &Path, meta: &Metadata) -> io::Result<()> {
    let dir = parent_dir(link);
    let Ok(dir_meta) = fs::metadata(dir) else {
        return Ok(());
    };
    // SAFETY: geteuid has no preconditions and cannot fail.
    let me = unsafe { libc::geteuid() };
    if !protects_links(dir_meta.mode()) || meta.uid() == me || meta.uid() == dir_meta.uid() {
        return Ok(());
    }
    Err(io::Error::new(
        io::ErrorKind::PermissionDenied,
        format!(
            "{} is a symbolic link made by another user (uid {}) in {}, a directory shared \
             by all (sticky, mode {:o}): it is not followed, as the system follows no such \
             link",
            quote_path(link),
            meta.uid(),
            quote_path(dir),
            dir_meta.mode() & 0o7777
        ),
    ))
}

/// Whether links in a directory of this mode are followed only for their owner or the
/// directory's: one that everyone may write and that is sticky.
fn protects_links(mode: u32) -> bool {
    mode & libc::S_ISVTX != 0 && mode & libc::S_IWOTH != 0
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
