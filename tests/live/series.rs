//! A series as large as its disk: refused before it starts, nothing written. It needs a
//! small file system of its own, which only the superuser may mount ([`missing`]);
//! `tests/series.rs` has the series' other tests.

use crate::common;

use std::fs;
use std::path::Path;

use common::{scratch, stderr};

/// Why a small file system cannot be mounted here, if it cannot: tried once.
pub fn missing() -> Option<String> {
    let dir = scratch("series-mount");
    let mounted = Tiny::mount(&dir).is_some();
    let _ = fs::remove_dir(&dir);
    (!mounted).then(|| {
        "mounting a small file system (tmpfs) is not allowed: run these tests as root \
         (CI does)"
            .into()
    })
}

/// A file system of 1 MB mounted at `dir` for as long as this lives.
struct Tiny<'a>(&'a Path);

impl<'a> Tiny<'a> {
    /// Mount it, or `None` when this user may not.
    fn mount(dir: &'a Path) -> Option<Self> {
        std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=1m", "tmpfs"])
            .arg(dir)
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
            .then(|| Tiny(dir))
    }
}

impl Drop for Tiny<'_> {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg(self.0).status();
    }
}

pub fn a_series_larger_than_its_disk_s_free_space_is_refused_before_it_starts() {
    let dir = scratch("series-disk");
    let _tiny = Tiny::mount(&dir).expect("a small file system mounts, as it did for `missing`");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_dungeon-viewer"))
        .args(["render", "--count", "50", "-o", "maps/"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("50 files of up to") && err.contains("free on its disk"),
        "{err}"
    );
    assert_eq!(
        fs::read_dir(&dir).unwrap().count(),
        0,
        "nothing was written"
    );
}
