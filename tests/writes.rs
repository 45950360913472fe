//! Writes that go only where they should (issue 39, items 1-6): never through a link
//! another user planted, never over a pipe, a device, a read-only file or a file with
//! other names, never over a tileset the user did not name; temporary files named as ours
//! and cleared once their writer is gone. Each test reproduces the defect as it was found
//! and checks that the file the user had is untouched and that the message says why. A link
//! or a folder another user planted needs the superuser to plant: `tests/live/writes.rs`.

use crate::common;

use std::fs;
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt, symlink};
use std::process::Command;
use std::time::{Duration, SystemTime};

use common::writes::{give_away, refused, render_to};
use common::{names, run, scratch, stderr};
use dungeon_files::formats::safe_write;
use dungeon_generator::generate;
use dungeon_viewer::store::favourites::{Favourite, Favourites};

fn favourite(seed: u64) -> Favourite {
    let recipe = format!("dv1 seed={seed} rooms=3 width=20 height=16 room-size=12");
    Favourite::new(&generate(&recipe.parse().unwrap()).unwrap()).unwrap()
}

#[test]
fn a_link_the_user_made_in_their_own_directory_still_writes_through() {
    let tmp = scratch("own-link");
    let dotfiles = tmp.join("dotfiles");
    fs::create_dir(&dotfiles).unwrap();
    let link = tmp.join("map.png");
    symlink(dotfiles.join("map.png"), &link).unwrap();
    let out = render_to(&link);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(fs::symlink_metadata(&link).unwrap().is_symlink());
    assert!(dotfiles.join("map.png").is_file());
}

#[test]
fn pipes_devices_and_sockets_are_refused_and_left_as_they_are() {
    let tmp = scratch("special");
    let pipe = tmp.join("pipe.png");
    assert!(
        Command::new("mkfifo")
            .arg(&pipe)
            .status()
            .unwrap()
            .success()
    );
    refused(
        &render_to(&pipe),
        &["pipe.png", "named pipe, not a regular file"],
    );
    assert!(fs::symlink_metadata(&pipe).unwrap().file_type().is_fifo());

    let socket = tmp.join("socket.png");
    let _listening = std::os::unix::net::UnixListener::bind(&socket).unwrap();
    refused(&render_to(&socket), &["socket"]);
    assert!(
        fs::symlink_metadata(&socket)
            .unwrap()
            .file_type()
            .is_socket()
    );

    // A link to a pipe: the pipe stays a pipe, and nothing waits on it.
    let to_pipe = tmp.join("to-pipe.png");
    symlink(&pipe, &to_pipe).unwrap();
    refused(&render_to(&to_pipe), &["to-pipe.png", "named pipe"]);
    assert!(fs::metadata(&pipe).unwrap().file_type().is_fifo());

    // A device of our own making (the superuser's), like /dev/null, and a link to it.
    let device = tmp.join("null.png");
    let made = Command::new("mknod")
        .arg(&device)
        .args(["c", "1", "3"])
        .status()
        .unwrap();
    if made.success() {
        let to_device = tmp.join("out.png");
        symlink(&device, &to_device).unwrap();
        for path in [&device, &to_device] {
            refused(&render_to(path), &["character device"]);
        }
        assert!(fs::metadata(&device).unwrap().file_type().is_char_device());
    }
    assert!(
        !names(&tmp).iter().any(|n| n.starts_with('.')),
        "{:?}",
        names(&tmp)
    );
}

#[test]
fn a_read_only_file_is_left_as_it_is_even_for_the_superuser() {
    let tmp = scratch("read-only");
    let file = tmp.join("b.png");
    fs::write(&file, "kept").unwrap();
    fs::set_permissions(&file, fs::Permissions::from_mode(0o444)).unwrap();
    refused(&render_to(&file), &["b.png", "read-only", "r--r--r--"]);
    assert_eq!(fs::read_to_string(&file).unwrap(), "kept");

    // The favourites too: the change stays in memory, the file as it was.
    let data = tmp.join("data");
    let (mut list, _) = Favourites::open(&data);
    list.add(favourite(1)).unwrap();
    let path = data.join("favourites.json");
    let before = fs::read(&path).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o444)).unwrap();
    let error = list.add(favourite(2)).unwrap_err().to_string();
    assert!(
        error.contains("read-only") && error.contains("the change is kept"),
        "{error}"
    );
    assert_eq!(fs::read(&path).unwrap(), before);
    assert_eq!(list.entries().len(), 2);
}

#[test]
fn a_file_with_other_hard_links_is_never_split_from_them() {
    let tmp = scratch("hard-links");
    let data = tmp.join("data");
    let (mut list, _) = Favourites::open(&data);
    list.add(favourite(1)).unwrap();
    let path = data.join("favourites.json");
    let other = tmp.join("favourites-backup.json");
    fs::hard_link(&path, &other).unwrap();
    let before = fs::read(&path).unwrap();
    let error = list.add(favourite(2)).unwrap_err().to_string();
    assert!(
        error.contains("2 hard links") && error.contains("the change is kept"),
        "{error}"
    );
    assert_eq!(
        fs::metadata(&path).unwrap().nlink(),
        2,
        "the link was split"
    );
    assert_eq!(fs::read(&other).unwrap(), before);
    assert_eq!(list.entries().len(), 2, "the change stays in memory");
    // Made a single file again, the list takes the change kept.
    fs::remove_file(&other).unwrap();
    list.add(favourite(3)).unwrap();
    assert_eq!(Favourites::open(&data).0.entries().len(), 3);

    let map = tmp.join("map.png");
    fs::write(&map, "kept").unwrap();
    fs::hard_link(&map, tmp.join("also.png")).unwrap();
    refused(&render_to(&map), &["map.png", "hard links"]);
    assert_eq!(fs::read_to_string(&map).unwrap(), "kept");
}

#[test]
fn render_never_replaces_a_tileset_the_user_did_not_name() {
    let tmp = scratch("tileset-theirs");
    let theirs = tmp.join("x.tiles.png");
    fs::write(&theirs, "the user's own tiles").unwrap();
    let map = tmp.join("x.tmj");
    refused(
        &render_to(&map),
        &["x.tiles.png", "not the tileset of x.tmj"],
    );
    assert_eq!(fs::read_to_string(&theirs).unwrap(), "the user's own tiles");
    assert!(!map.exists());

    // The pair written before is the map's own: written again, both are replaced.
    let pair = tmp.join("y.tmj");
    assert!(render_to(&pair).status.success());
    let out = run(&["render", "--seed", "9", "-o", pair.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(fs::read_to_string(&pair).unwrap().contains("seed=9"));

    // A directory under the tileset's name: the message names the tileset.
    fs::create_dir(tmp.join("z.tiles.png")).unwrap();
    let out = render_to(&tmp.join("z.tmj"));
    let tileset = tmp.join("z.tiles.png");
    refused(&out, &[&format!("cannot write {}: ", tileset.display())]);
}

#[test]
fn temporary_files_are_named_as_ours() {
    let tmp = scratch("temporary-names");
    let dir = safe_write::Dir::open(&tmp).unwrap();
    let staged = safe_write::stage(&dir, |_| {
        let during = names(&tmp);
        assert_eq!(during.len(), 1, "{during:?}");
        let name = &during[0];
        let prefix = format!(".dungeon-viewer-{}-", std::process::id());
        assert!(
            name.starts_with(&prefix) && name.ends_with(".tmp"),
            "{name}"
        );
        Ok(())
    })
    .unwrap();
    drop(staged);
    assert!(names(&tmp).is_empty());
}

#[test]
fn stale_temporary_files_of_ours_are_removed_at_the_next_save_and_no_others() {
    let tmp = scratch("stale");
    // A process that is gone, and one that runs (this one). (Files unchanged for an hour
    // whose writer runs are left over too: the inode's change time, which no test can set
    // back, decides; the unit tests check it.)
    let mut gone = Command::new("true").spawn().unwrap();
    gone.wait().unwrap();
    let (gone, running) = (gone.id(), std::process::id());
    let file = |name: String, age: Duration| {
        let path = tmp.join(&name);
        fs::write(&path, "half a picture").unwrap();
        let when = SystemTime::now() - age;
        fs::File::options()
            .write(true)
            .open(&path)
            .unwrap()
            .set_modified(when)
            .unwrap();
        name
    };
    let fresh = Duration::ZERO;
    let hours = Duration::from_secs(2 * 60 * 60);
    let removed = [
        file(format!(".dungeon-viewer-{gone}-AbC123.tmp"), fresh),
        file(format!(".dungeon-viewer-{gone}-old-0.tmp"), hours),
    ];
    let mut kept = vec![
        file(format!(".dungeon-viewer-{running}-Now456.tmp"), fresh),
        file(".tmpAbC123".into(), hours),
        file(format!(".dungeon-viewer-{gone}-AbC123"), hours),
        file("map-notes.tmp".into(), hours),
    ];
    let theirs = file(format!(".dungeon-viewer-{gone}-Other1.tmp"), hours);
    if give_away(&tmp.join(&theirs)) {
        kept.push(theirs);
    } else {
        fs::remove_file(tmp.join(theirs)).unwrap();
    }
    let out = render_to(&tmp.join("map.png"));
    assert!(out.status.success(), "{}", stderr(&out));
    let left = names(&tmp);
    for name in &removed {
        assert!(!left.contains(name), "{name} was left");
    }
    for name in &kept {
        assert!(left.contains(name), "{name} was removed");
    }
}

#[test]
fn a_tiled_pair_is_written_again_after_a_write_killed_at_the_rename() {
    let tmp = scratch("tiled-killed");
    let map = tmp.join("x.tmj");
    assert!(render_to(&map).status.success());
    // What a write killed between keeping the old tileset and putting the new one in
    // place leaves: a second name of ours for the tileset, its writer gone.
    let mut gone = Command::new("true").spawn().unwrap();
    gone.wait().unwrap();
    let leftover = format!(".dungeon-viewer-{}-old-0.tmp", gone.id());
    fs::hard_link(tmp.join("x.tiles.png"), tmp.join(&leftover)).unwrap();
    let out = run(&["render", "--seed", "9", "-o", map.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(fs::read_to_string(&map).unwrap().contains("seed=9"));
    assert_eq!(names(&tmp), ["x.tiles.png", "x.tmj"]);
    assert_eq!(fs::metadata(tmp.join("x.tiles.png")).unwrap().nlink(), 1);
}

#[test]
fn a_file_with_other_names_is_refused_naming_them() {
    let tmp = scratch("other-names");
    let map = tmp.join("map.png");
    fs::write(&map, "kept").unwrap();
    fs::hard_link(&map, tmp.join("also.png")).unwrap();
    fs::hard_link(&map, tmp.join("and-this.png")).unwrap();
    refused(
        &render_to(&map),
        &[
            "map.png",
            "3 hard links",
            "also.png, and-this.png in the same directory",
        ],
    );
    assert_eq!(fs::read_to_string(&map).unwrap(), "kept");
}
