//! The temporary files a write makes beside its file, named so that they are recognisably
//! ours (`.dungeon-viewer-<pid>-XXXXXX.tmp`, and `.dungeon-viewer-<pid>-old-N.tmp` for an
//! old file kept while a pair is replaced), and removed when a killed process left them:
//! the first time a process writes into a directory, it removes the temporary files of
//! ours there whose writer is gone or that were last changed over [`STALE_AFTER`] ago.
//! Other programs' files, and other users', are never touched.

use std::collections::BTreeSet;
use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::hash::{BuildHasher, RandomState};
use std::io;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, SystemTime};

use rustix::fs::{FileType, Mode, OFlags, Stat};
use rustix::io::Errno;
use rustix::process::{Pid, geteuid, test_kill_process};

use super::dir::Dir;

/// How our temporary files' names start and end.
const PREFIX: &str = ".dungeon-viewer-";
const SUFFIX: &str = ".tmp";
/// A temporary file of ours not changed for this long is left over, whoever wrote it.
pub const STALE_AFTER: Duration = Duration::from_secs(60 * 60);

/// A new temporary file in `dir` and its name, made exclusively (an existing file or link
/// under its random name is never opened), readable and writable as the umask allows.
pub(super) fn create(dir: &Dir) -> io::Result<(OsString, File)> {
    const LETTERS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    // Each hasher has keys of its own: names that no one can guess ahead.
    let random = RandomState::new();
    for attempt in 0u64..1000 {
        let mut bits = random.hash_one(attempt);
        let letters: String = (0..6)
            .map(|_| {
                let letter = LETTERS[(bits % LETTERS.len() as u64) as usize];
                bits /= LETTERS.len() as u64;
                char::from(letter)
            })
            .collect();
        let name = OsString::from(format!("{PREFIX}{}-{letters}{SUFFIX}", std::process::id()));
        let flags = OFlags::RDWR | OFlags::CREATE | OFlags::EXCL;
        match dir.open_at(&name, flags, Mode::from_raw_mode(0o666)) {
            Ok(fd) => return Ok((name, File::from(fd))),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::other("no free name for a temporary file"))
}

/// The `n`th name for an old file kept while it is replaced.
pub(super) fn backup_name(n: u32) -> OsString {
    OsString::from(format!("{PREFIX}{}-old-{n}{SUFFIX}", std::process::id()))
}

/// The process that made the temporary file `name`, when it is one of ours.
fn writer(name: &OsStr) -> Option<u32> {
    let rest = name.to_str()?.strip_prefix(PREFIX)?.strip_suffix(SUFFIX)?;
    let (pid, _) = rest.split_once('-')?;
    pid.parse().ok()
}

/// Whether process `pid` is running (on this machine, as far as it can tell).
fn running(pid: u32) -> bool {
    let Some(pid) = i32::try_from(pid).ok().and_then(Pid::from_raw) else {
        return false;
    };
    // Signal 0 only asks whether the process exists; nothing is sent.
    matches!(test_kill_process(pid), Ok(()) | Err(Errno::PERM))
}

/// Whether the entry `name` of a directory, with its own metadata `stat` (links not
/// followed), is a temporary file of ours that was left over: a regular file of this
/// user's, made by another process that is gone, or not changed for [`STALE_AFTER`]
/// before `now`.
fn stale(name: &OsStr, stat: &Stat, now: SystemTime) -> bool {
    let Some(pid) = writer(name) else {
        return false;
    };
    let mine = stat.st_uid == geteuid().as_raw();
    FileType::from_raw_mode(stat.st_mode) == FileType::RegularFile
        && mine
        && left_over(pid, last_change(stat), now)
}

/// When the file last changed: its contents (mtime) or its inode (ctime). A second name
/// for an old file (a backup) has the old file's mtime, but the ctime of its making.
fn last_change(stat: &Stat) -> SystemTime {
    let at = |secs: i64, nanos: u64| {
        let since = Duration::new(secs.max(0).unsigned_abs(), nanos.min(999_999_999) as u32);
        SystemTime::UNIX_EPOCH + since
    };
    #[allow(
        clippy::useless_conversion,
        reason = "the fields' types differ by platform"
    )]
    let (mtime, ctime) = (
        at(stat.st_mtime.into(), stat.st_mtime_nsec.into()),
        at(stat.st_ctime.into(), stat.st_ctime_nsec.into()),
    );
    mtime.max(ctime)
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
fn remove_stale(dir: &Dir) {
    let Ok(names) = dir.names() else {
        return;
    };
    let now = SystemTime::now();
    for name in names {
        if writer(&name).is_some()
            && dir
                .stat(&name)
                .ok()
                .flatten()
                .is_some_and(|stat| stale(&name, &stat, now))
        {
            // Gone meanwhile, or not ours to remove after all: left as it is.
            let _ = dir.remove(&name);
        }
    }
}

/// [`remove_stale`], once a process for each directory (told by its device and inode).
pub(super) fn remove_stale_once(dir: &Dir) {
    static SWEPT: Mutex<BTreeSet<(u64, u64)>> = Mutex::new(BTreeSet::new());
    let Ok(stat) = dir.own_stat() else {
        return;
    };
    #[allow(
        clippy::useless_conversion,
        reason = "the fields' types differ by platform"
    )]
    let id = (u64::from(stat.st_dev), u64::from(stat.st_ino));
    let first = SWEPT
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .insert(id);
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
