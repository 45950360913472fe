//! Writes that go only where they should, as the superuser meets them: a link or a folder
//! another user planted in a shared directory is neither followed nor written into. They
//! need the superuser, to give files to another user
//! ([`Needs::Superuser`](crate::Needs::Superuser)); `tests/writes.rs` has the rest.

use crate::common;

use std::fs;
use std::os::unix::fs::{MetadataExt, PermissionsExt, lchown, symlink};
use std::path::Path;
use std::process::Command;

use common::writes::{give_away, refused, render_to};
use common::{names, scratch, within};

pub fn a_link_another_user_planted_in_a_shared_directory_is_not_followed() {
    let tmp = scratch("planted-link");
    let shared = tmp.join("shared");
    fs::create_dir(&shared).unwrap();
    fs::set_permissions(&shared, fs::Permissions::from_mode(0o1777)).unwrap();
    let victim = tmp.join("victim.conf");
    fs::write(&victim, "the victim's settings").unwrap();
    let planted = shared.join("map.png");
    symlink(&victim, &planted).unwrap();
    assert!(give_away(&planted));
    let out = render_to(&planted);
    refused(&out, &["map.png", "another user", "not followed"]);
    assert_eq!(
        fs::read_to_string(&victim).unwrap(),
        "the victim's settings"
    );
    assert!(fs::symlink_metadata(&planted).unwrap().is_symlink());

    // A planted link to a directory on the way is not followed either.
    let victim_dir = tmp.join("victim-dir");
    fs::create_dir(&victim_dir).unwrap();
    let planted_dir = shared.join("maps");
    symlink(&victim_dir, &planted_dir).unwrap();
    assert!(give_away(&planted_dir));
    refused(&render_to(&planted_dir.join("map.png")), &["another user"]);
    let mut command = Command::new(env!("CARGO_BIN_EXE_dungeon-viewer"));
    command.args(["render", "--count", "1", "--width", "16", "-o"]);
    command.arg(planted_dir.join("batch/"));
    let out = within(30, command);
    refused(&out, &["another user"]);
    assert!(names(&victim_dir).is_empty());

    // A link of the directory's owner is followed, as the system follows it.
    let owned = tmp.join("owned");
    fs::create_dir(&owned).unwrap();
    let link = owned.join("map.png");
    symlink(tmp.join("by-owner.png"), &link).unwrap();
    fs::set_permissions(&owned, fs::Permissions::from_mode(0o1777)).unwrap();
    assert!(give_away(&owned) && give_away(&link));
    assert!(render_to(&link).status.success());
    assert!(tmp.join("by-owner.png").is_file());
}

pub fn a_folder_another_user_made_in_a_shared_directory_is_not_written_into() {
    let tmp = scratch("theirs-shared");
    let shared = tmp.join("shared");
    fs::create_dir(&shared).unwrap();
    fs::set_permissions(&shared, fs::Permissions::from_mode(0o1777)).unwrap();
    // An empty folder, writable by all, as another user leaves one in /tmp.
    let theirs = shared.join("x");
    fs::create_dir(&theirs).unwrap();
    fs::set_permissions(&theirs, fs::Permissions::from_mode(0o777)).unwrap();
    assert!(give_away(&theirs));
    let mut command = Command::new(env!("CARGO_BIN_EXE_dungeon-viewer"));
    command.args(["render", "--count", "2", "--width", "16", "-o"]);
    command.arg(format!("{}/", theirs.display()));
    refused(
        &within(30, command),
        &["x is a directory made by another user (uid 65534)"],
    );
    refused(&render_to(&theirs.join("map.png")), &["another user"]);
    assert!(names(&theirs).is_empty());
    // Their folder, given to the directory's owner, is written into as any other.
    lchown(&theirs, Some(0), Some(0)).unwrap();
    assert!(render_to(&theirs.join("map.png")).status.success());
}

/// `render` of a small map to `file` as named (relative to `dir`), run in `dir`.
fn render_in(dir: &Path, file: &str) -> std::process::Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_dungeon-viewer"));
    command.args([
        "render", "--seed", "3", "--rooms", "3", "--width", "20", "-o", file,
    ]);
    command.current_dir(dir);
    within(30, command)
}

pub fn a_folder_another_user_made_in_a_shared_directory_is_refused_however_the_path_is_written() {
    let tmp = scratch("theirs-relative");
    let shared = tmp.join("shared");
    fs::create_dir(&shared).unwrap();
    fs::set_permissions(&shared, fs::Permissions::from_mode(0o1777)).unwrap();
    let victim = tmp.join("victim.conf");
    fs::write(&victim, "the victim's settings").unwrap();
    // Their folder, writable by all, holding their link to the victim and a folder of
    // theirs in it.
    let theirs = shared.join("x");
    let inner = theirs.join("inner");
    fs::create_dir_all(&inner).unwrap();
    fs::set_permissions(&theirs, fs::Permissions::from_mode(0o777)).unwrap();
    symlink(&victim, theirs.join("x.png")).unwrap();
    for made in [&theirs, &theirs.join("x.png"), &inner] {
        assert!(give_away(made));
    }
    for (dir, file) in [
        (&theirs, "x.png"),
        (&theirs, "./x.png"),
        (&theirs, "new.png"),
        (&inner, "../x.png"),
        (&inner, "map.png"),
        (&shared, "x/x.png"),
        (&shared, "../shared/x/./x.png"),
    ] {
        refused(
            &render_in(dir, file),
            &["x is a directory made by another user"],
        );
    }
    assert_eq!(
        fs::read_to_string(&victim).unwrap(),
        "the victim's settings"
    );
    assert_eq!(names(&theirs), ["inner", "x.png"]);
    assert!(names(&inner).is_empty());
    // In a folder of the writer's own in the shared directory, a relative path writes.
    let mine = shared.join("mine");
    fs::create_dir(&mine).unwrap();
    assert!(render_in(&mine, "map.png").status.success());
    assert!(render_in(&mine, "../mine/map.png").status.success());
    assert_eq!(names(&mine), ["map.png"]);
}

pub fn another_user_s_file_written_over_keeps_neither_set_id_bits_nor_their_write() {
    let tmp = scratch("theirs-mode");
    for (mode, kept) in [
        (0o6777, 0o755),
        (0o4755, 0o755),
        (0o1666, 0o644),
        (0o640, 0o640),
    ] {
        let file = tmp.join(format!("map-{mode:o}.png"));
        fs::write(&file, "theirs").unwrap();
        assert!(give_away(&file));
        fs::set_permissions(&file, fs::Permissions::from_mode(mode)).unwrap();
        assert!(render_to(&file).status.success());
        let now = fs::metadata(&file).unwrap();
        assert_eq!(
            now.mode() & 0o7777,
            kept,
            "{mode:o} became {:o}",
            now.mode()
        );
        assert_eq!((now.uid(), now.gid()), (0, 0), "the writer's own file");
    }
}
