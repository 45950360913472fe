//! What the tests of writes (`tests/writes.rs`, and `tests/live/writes.rs`, `tests/live/race.rs`
//! for the superuser) share: a render to a file, its refusal, another user.

use std::io::ErrorKind;
use std::os::unix::fs::lchown;
use std::path::Path;
use std::process::{Command, Output};

use super::{stderr, within};

/// The uid and gid of `nobody`: another user than the one running the tests.
pub const NOBODY: u32 = 65534;

/// `render` of a small map to `file`, ended if it runs over 30 s.
pub fn render_to(file: &Path) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_dungeon-viewer"));
    command.args(["render", "--seed", "2", "--rooms", "3", "--width", "20"]);
    command.args(["--height", "16", "-o"]).arg(file);
    within(30, command)
}

/// The run failed with code 1 and said, in one line, each of `needles`.
pub fn refused(out: &Output, needles: &[&str]) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    for needle in needles {
        assert!(err.contains(needle), "{err:?} does not say {needle:?}");
    }
}

/// Give `path` (not what it leads to) to another user; false when this user may not
/// (only the superuser may), for tests that need it.
pub fn give_away(path: &Path) -> bool {
    match lchown(path, Some(NOBODY), Some(NOBODY)) {
        Ok(()) => true,
        Err(e) if e.kind() == ErrorKind::PermissionDenied => {
            eprintln!("not run: giving a file to another user needs the superuser");
            false
        }
        Err(e) => panic!("lchown: {e}"),
    }
}
