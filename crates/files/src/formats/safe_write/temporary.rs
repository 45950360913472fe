//! The temporary files a write makes beside its file, named so that they are recognisably
//! ours (`.dungeon-viewer-<pid>-XXXXXX.tmp`, and `.dungeon-viewer-<pid>-old-N.tmp` for an
//! old file kept while a pair is replaced), and removed when a killed process left them:
//! the first time a process writes into a directory, it removes the temporary files of
//! ours there whose writer is gone or that were last changed over [`STALE_AFTER`] ago.
//! Other programs' files, and other users', are never touched.

use std::collections::BTreeSet;
use std::ffi::OsStr;
use std::fs::{self, Metadata, Permissions};
use std::io;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, SystemTime};

use tempfile::{Builder, NamedTempFile};

/// How our temporary files' names start and end.
const PREFIX: &str = ".dungeon-viewer-";
const SUFFIX: &str = ".tmp";
/// A temporary file of ours not changed for this long is left over, whoever wrote it.
pub const STALE_AFTER: Duration = Duration::from_secs(60 * 60);

/// A new temporary file in `dir`, made exclusively (an existing file or link under its
/// random name is never opened), readable and writable as the umask allows. The first
/// one in a directory removes the stale temporary files there.
pub(super) fn create(dir: &Path) -> io::Result<NamedTempFile> {
    remove_stale_once(dir);
    Builder::new()
        .prefix(&format!("{PREFIX}{}-", std::process::id()))
        .suffix(SUFFIX)
        .permissions(Permissions::from_mode(0o666))
        .tempfile_in(dir)
}

/// The `n`th name in `dir` for an old file kept while it is replaced.
pub(super) fn backup_name(dir: &Path, n: u32) -> PathBuf {
    dir.join(format!("{PREFIX}{}-old-{n}{SUFFIX}", std::process::id()))
}

/// The process that made the temporary file `name`, when it is one of ours.
fn writer(name: &OsStr) -> Option<u32> {
    let rest = name.to_str()?.strip_prefix(PREFIX)?.strip_suffix(SUFFIX)?;
    let (pid, _) = rest.split_once('-')?;
    pid.parse().ok()
}

/// Whether process `pid` is running (on this machine, as far as it can tell).
fn running(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    if pid <= 0 {
        return false;
    }
    // SAFETY: signal 0 only asks whether the process exists; nothing is sent.
    unsafe {
        libc::kill(pid, 0) == 0 || io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
    }
}

/// Whether the entry `name` of a directory, with its own metadata `meta` (links not
/// followed), is a temporary file of ours that was left over: a regular file of this
/// user's, made by another process that is gone, or not changed for [`STALE_AFTER`]
/// before `now`.
fn stale(name: &OsStr, meta: &Metadata, now: SystemTime) -> bool {
    let Some(pid) = writer(name) else {
        return false;
    };
    // SAFETY: geteuid has no preconditions and cannot fail.
    let mine = meta.uid() == unsafe { libc::geteuid() };
    meta.file_type().is_file() && mine && left_over(pid, last_change(meta), now)
}

/// When the file last changed: its contents (mtime) or its inode (ctime). A second name
/// for an old file (a backup) has the old file's mtime, but the ctime of its making.
fn last_change(meta: &Metadata) -> SystemTime {
    let at = |secs: i64, nanos: i64| {
        let since = Duration::new(
            secs.max(0).unsigned_abs(),
            nanos.clamp(0, 999_999_999) as u32,
        );
        SystemTime::UNIX_EPOCH + since
    };
    at(meta.mtime(), meta.mtime_nsec()).max(at(meta.ctime(), meta.ctime_nsec()))
}

/// Whether a temporary file of process `pid`, last changed at `changed`, is left over at
/// `now`: another process's, and that process gone or the file unchanged for
/// [`STALE_AFTER`].
fn left_over(pid: u32, changed: SystemTime, now: SystemTime) -> bool {
    let old = now
        .duration_since(changed)
        .is_ok_and(|age| age > STALE_AFTER);
    pid != std::process::id() && (old || !running(pid))
}

/// Remove the stale temporary files in `dir` (see [`stale`]).
fn remove_stale(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let now = SystemTime::now();
    for entry in entries.filter_map(Result::ok) {
        if entry
            .metadata()
            .is_ok_and(|meta| stale(&entry.file_name(), &meta, now))
        {
            // Gone meanwhile, or not ours to remove after all: left as it is.
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// [`remove_stale`], once a process for each directory.
fn remove_stale_once(dir: &Path) {
    static SWEPT: Mutex<BTreeSet<PathBuf>> = Mutex::new(BTreeSet::new());
    let first = SWEPT
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .insert(dir.to_path_buf());
    if first {
        remove_stale(dir);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_our_names_tell_a_writer() {
        assert_eq!(
            writer(OsStr::new(".dungeon-viewer-42-AbC123.tmp")),
            Some(42)
        );
        assert_eq!(writer(OsStr::new(".dungeon-viewer-42-old-3.tmp")), Some(42));
        for theirs in [
            ".tmpAbC123",
            ".dungeon-viewer-42-AbC123",
            "dungeon-viewer-42-x.tmp",
            ".dungeon-viewer-x-1.tmp",
            ".dv-old-42-0",
        ] {
            assert_eq!(writer(OsStr::new(theirs)), None, "{theirs}");
        }
    }

    #[test]
    fn files_of_a_process_gone_or_unchanged_for_an_hour_are_left_over() {
        let now = SystemTime::now();
        let hours = now - Duration::from_secs(2 * 60 * 60);
        let mut gone = std::process::Command::new("true").spawn().unwrap();
        gone.wait().unwrap();
        let (gone, running, me) = (
            gone.id(),
            std::os::unix::process::parent_id(),
            std::process::id(),
        );
        assert!(left_over(gone, now, now));
        assert!(left_over(running, hours, now));
        assert!(!left_over(running, now, now));
        assert!(
            !left_over(me, hours, now),
            "this process's own, being written"
        );
    }

    #[test]
    fn this_process_runs_and_no_process_has_id_zero() {
        assert!(running(std::process::id()));
        assert!(!running(0));
        assert!(!running(u32::MAX));
    }
}
