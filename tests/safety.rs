//! Nothing kept is ever lost (issue 22): the favourites and presets store facing big,
//! broken or hostile files and locks, exports beside other files, series stopped half way,
//! refusing before working, and inputs too long to echo. Each test reproduces a defect as
//! it was found and asserts that nothing the user had changed, that the program answered
//! within a bounded time, and that what it said was short.

use crate::common;

use std::fs;
use std::os::unix::fs::{MetadataExt, symlink};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{crafted_png, names, scratch, stderr, within};
use dungeon_files::formats::{self, Format, Options, Target, png};
use dungeon_generator::generate;
use dungeon_viewer::store::Error as StoreError;
use dungeon_viewer::store::favourites::{Favourite, Favourites};
use dungeon_viewer::store::list::{LOCK_FILE, LOCK_WAIT, MAX_LIST_BYTES, MAX_LIST_ENTRIES};
use dungeon_viewer::store::presets::{Preset, Presets, UserPresets};

const BIN: &str = env!("CARGO_BIN_EXE_dungeon-viewer");

fn favourite(seed: u64) -> Favourite {
    let recipe = format!("dv1 seed={seed} rooms=4 width=24 height=20 room-size=20");
    Favourite::new(&generate(&recipe.parse().unwrap()).unwrap()).unwrap()
}

/// The program with its data directory in `data` (`$XDG_DATA_HOME`), ended if it runs
/// longer than `seconds`.
fn run_with_data(seconds: u64, data: &Path, args: &[&str]) -> std::process::Output {
    let mut command = Command::new(BIN);
    command.args(args).env("XDG_DATA_HOME", data);
    within(seconds, command)
}

/// Size, change time and inode of a file: what shows it was left alone.
fn untouched(file: &Path) -> (u64, i64, u64) {
    let meta = fs::metadata(file).unwrap();
    (
        meta.len(),
        meta.mtime_nsec() + meta.mtime() * 1_000_000_000,
        meta.ino(),
    )
}

#[test]
fn a_list_too_big_to_read_is_left_whole_where_it_is() {
    let tmp = scratch("too-big");
    let file = tmp.join("favourites.json");
    // Sparse: as big as the limit allows and one byte more, without filling the disk.
    fs::File::create(&file)
        .unwrap()
        .set_len(MAX_LIST_BYTES + 1)
        .unwrap();
    let before = untouched(&file);
    let (mut list, notice) = Favourites::open(&tmp);
    let notice = notice.expect("a notice");
    assert!(
        notice.contains("MiB") && notice.contains("left as it is"),
        "{notice}"
    );
    assert!(notice.len() < 300, "{notice}");
    let kept = favourite(3);
    assert!(matches!(
        list.add(kept.clone()),
        Err(StoreError::TooBig { .. })
    ));
    assert_eq!(
        list.get(&kept.id),
        Some(&kept),
        "the change stays in memory"
    );
    assert_eq!(untouched(&file), before);
    assert_eq!(
        names(&tmp),
        ["favourites.json", LOCK_FILE],
        "no backup, no copy"
    );

    // `presets` with such a presets file answers at once and leaves it alone.
    let data = scratch("too-big-presets");
    let dir = data.join("dungeon-viewer");
    fs::create_dir_all(&dir).unwrap();
    let presets = dir.join("presets.json");
    fs::File::create(&presets)
        .unwrap()
        .set_len(MAX_LIST_BYTES + 1)
        .unwrap();
    let before = untouched(&presets);
    let out = run_with_data(20, &data, &["presets"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("left as it is"), "{}", stderr(&out));
    assert_eq!(untouched(&presets), before);
}

#[test]
fn a_list_of_more_entries_than_a_list_may_have_is_left_as_it_is_and_one_of_as_many_is_read() {
    let data = scratch("too-many-presets");
    let dir = data.join("dungeon-viewer");
    fs::create_dir_all(&dir).unwrap();
    let presets = dir.join("presets.json");
    let list = |n: usize| {
        let entries: Vec<String> = (0..n)
            .map(|i| format!("{{\"name\":\"p{i}\",\"recipe\":\"dv1\"}}"))
            .collect();
        format!("[{}]", entries.join(","))
    };
    fs::write(&presets, list(MAX_LIST_ENTRIES + 1)).unwrap();
    let before = untouched(&presets);
    let out = run_with_data(20, &data, &["render", "--preset", "caverns", "-o", "-"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains(&format!("holds more than {MAX_LIST_ENTRIES} entries"))
            && err.contains("left as it is"),
        "{err}"
    );
    assert_eq!(untouched(&presets), before);
    assert_eq!(names(&dir), ["presets.json"], "no backup, no copy");
    // Nor is a change saved to it: it stays in memory.
    let (mut user, notice) = UserPresets::open(&dir);
    assert!(notice.is_some());
    let mine = Preset {
        name: "mine".into(),
        recipe: "dv1 rooms=3".into(),
    };
    assert!(matches!(user.add(mine), Err(StoreError::TooMany { .. })));
    assert_eq!(untouched(&presets), before);

    // As many as a list may have are read, the last one too.
    fs::write(&presets, list(MAX_LIST_ENTRIES)).unwrap();
    let (user, notice) = UserPresets::open(&dir);
    assert!(notice.is_none(), "{notice:?}");
    assert_eq!(user.entries().len(), MAX_LIST_ENTRIES);
    let last = format!("p{}", MAX_LIST_ENTRIES - 1);
    let out = run_with_data(20, &data, &["render", "--preset", &last, "-o", "-"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
}

#[test]
fn a_broken_list_is_renamed_aside_whole_never_copied() {
    let tmp = scratch("broken-whole");
    let file = tmp.join("favourites.json");
    let junk: Vec<u8> = (0..3_000_000u32)
        .map(|i| b"{[\"x"[(i % 4) as usize])
        .collect();
    fs::write(&file, &junk).unwrap();
    let inode = fs::metadata(&file).unwrap().ino();
    let (list, notice) = Favourites::open(&tmp);
    assert!(list.entries().is_empty());
    assert!(notice.is_some_and(|n| n.contains("kept it as")));
    let backup = names(&tmp)
        .into_iter()
        .find(|n| n.contains(".broken-"))
        .expect("a backup");
    let kept = tmp.join(backup);
    assert_eq!(
        fs::metadata(&kept).unwrap().ino(),
        inode,
        "renamed, not copied"
    );
    assert_eq!(fs::read(&kept).unwrap(), junk);
}

#[test]
fn a_valid_big_list_simply_loads_and_keeps_every_entry() {
    let tmp = scratch("big-valid");
    let one = favourite(1);
    let entries: Vec<Favourite> = (0..3000)
        .map(|i| Favourite {
            id: format!("id-{i}"),
            name: format!("map {i}"),
            ..one.clone()
        })
        .collect();
    fs::write(
        tmp.join("favourites.json"),
        serde_json::to_vec_pretty(&entries).unwrap(),
    )
    .unwrap();
    let (mut list, notice) = Favourites::open(&tmp);
    assert_eq!(notice, None);
    assert_eq!(list.entries().len(), 3000);
    list.add(favourite(2)).unwrap();
    let (again, _) = Favourites::open(&tmp);
    assert_eq!(again.entries().len(), 3001);
}

#[test]
fn a_lock_that_is_a_pipe_or_a_link_is_refused_at_once() {
    let tmp = scratch("lock-fifo");
    let lock = tmp.join(LOCK_FILE);
    let made = Command::new("mkfifo").arg(&lock).status().unwrap();
    assert!(made.success());
    let (mut list, _) = Favourites::open(&tmp);
    let started = Instant::now();
    let error = list.add(favourite(5)).unwrap_err();
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    assert!(matches!(error, StoreError::BadLock { .. }), "{error}");
    assert!(error.to_string().contains("pipe"), "{error}");

    // A broken presets file needs the lock to be kept aside: `presets` does not hang.
    let data = scratch("lock-fifo-presets");
    let dir = data.join("dungeon-viewer");
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("presets.json"), "not json").unwrap();
    assert!(
        Command::new("mkfifo")
            .arg(dir.join(LOCK_FILE))
            .status()
            .unwrap()
            .success()
    );
    let out = run_with_data(20, &data, &["presets"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("pipe"), "{}", stderr(&out));
    assert_eq!(
        fs::read_to_string(dir.join("presets.json")).unwrap(),
        "not json"
    );

    // A lock that is a link is not followed: nothing appears at its target.
    let tmp = scratch("lock-link");
    let target = tmp.join("elsewhere");
    symlink(&target, tmp.join(LOCK_FILE)).unwrap();
    let (mut list, _) = Favourites::open(&tmp);
    let error = list.add(favourite(6)).unwrap_err();
    assert!(error.to_string().contains("link"), "{error}");
    assert!(!target.exists(), "the link was followed");
}

#[test]
fn a_lock_held_elsewhere_delays_a_change_a_bounded_time_and_keeps_it() {
    let tmp = scratch("lock-held");
    let (mut list, _) = Favourites::open(&tmp);
    list.add(favourite(1)).unwrap();
    let held = fs::File::open(tmp.join(LOCK_FILE)).unwrap();
    held.lock().unwrap();
    let kept = favourite(2);
    let started = Instant::now();
    let error = list.add(kept.clone()).unwrap_err();
    let waited = started.elapsed();
    assert!(matches!(error, StoreError::Locked { .. }), "{error}");
    assert!(waited >= LOCK_WAIT && waited < LOCK_WAIT * 3, "{waited:?}");
    assert_eq!(list.entries().len(), 2, "the change stays in memory");
    drop(held);
    list.add(favourite(3)).unwrap();
    let (again, _) = Favourites::open(&tmp);
    assert_eq!(again.entries().len(), 3, "saved with the next change");
    assert!(again.get(&kept.id).is_some());
}

#[test]
fn a_thumbnail_bomb_is_refused_before_it_is_decoded() {
    use base64::Engine;
    let bomb = crafted_png(16_384, 16_384, "dv1 seed=1", true);
    let kept = Favourite {
        thumbnail: base64::engine::general_purpose::STANDARD
            .encode(bomb)
            .into(),
        ..favourite(1)
    };
    let started = Instant::now();
    let error = kept.thumbnail().unwrap_err().to_string();
    assert!(started.elapsed() < Duration::from_secs(1));
    assert!(
        error.contains("16384×16384") && error.contains("96×84"),
        "{error}"
    );
    assert!(error.len() < 300, "{error}");
}

#[test]
fn a_broken_list_that_is_a_link_is_set_aside_as_the_link_never_what_it_leads_to() {
    let tmp = scratch("broken-link");
    // Someone else's file, or the system's: not a list.
    let elsewhere = tmp.join("elsewhere");
    fs::create_dir_all(&elsewhere).unwrap();
    let theirs = elsewhere.join("settings.conf");
    fs::write(&theirs, "not a list").unwrap();
    let before = untouched(&theirs);
    let data = tmp.join("data").join("dungeon-viewer");
    fs::create_dir_all(&data).unwrap();
    symlink(&theirs, data.join("presets.json")).unwrap();
    let out = run_with_data(20, &tmp.join("data"), &["presets"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(untouched(&theirs), before, "what the link leads to stays");
    assert_eq!(names(&elsewhere), ["settings.conf"]);
    let aside: Vec<String> = names(&data)
        .into_iter()
        .filter(|n| n.starts_with("presets.json.broken-"))
        .collect();
    assert_eq!(aside.len(), 1, "{:?}", names(&data));
    let kept = data.join(&aside[0]);
    assert_eq!(
        fs::read_link(&kept).unwrap(),
        theirs,
        "the link itself, renamed"
    );
    let err = stderr(&out);
    assert!(
        err.contains(&format!("kept it as {}", kept.display())) && err.contains("the link"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn a_list_kept_as_a_link_stays_a_link_to_the_new_list() {
    let tmp = scratch("list-link");
    let dotfiles = tmp.join("dotfiles");
    fs::create_dir_all(&dotfiles).unwrap();
    let target = dotfiles.join("favourites.json");
    let data = tmp.join("data");
    fs::create_dir_all(&data).unwrap();
    let link = data.join("favourites.json");
    symlink(&target, &link).unwrap();
    let (mut list, _) = Favourites::open(&data);
    list.add(favourite(1)).unwrap();
    list.add(favourite(2)).unwrap();
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let (again, _) = Favourites::open(&dotfiles);
    assert_eq!(again.entries().len(), 2, "written through the link");
}

#[test]
fn a_map_and_its_tileset_are_one_save() {
    let dir = scratch("tileset-pair");
    let d = generate(
        &"dv1 seed=4 rooms=4 width=20 height=16 room-size=12"
            .parse()
            .unwrap(),
    )
    .unwrap();
    // The user's own tileset under the name an export would take: left alone, and the map
    // and its tileset take the next free name together.
    let theirs = dir.join("map.tiles.png");
    fs::write(&theirs, "the user's tileset").unwrap();
    let target = Target::New {
        dir: &dir,
        stem: "map",
    };
    let written = formats::write(&d, Format::Tiled, &Options::default(), target).unwrap();
    assert_eq!(written, dir.join("map-2.tmj"));
    assert!(dir.join("map-2.tiles.png").is_file());
    assert_eq!(fs::read_to_string(&theirs).unwrap(), "the user's tileset");
    let json = fs::read_to_string(&written).unwrap();
    assert!(
        json.contains("\"image\":\"map-2.tiles.png\""),
        "the map names its tileset"
    );

    // A map that cannot be put in place changes nothing: its old tileset stays as it was.
    let blocked = scratch("tileset-blocked");
    fs::create_dir(blocked.join("map.tmj")).unwrap();
    fs::write(blocked.join("map.tiles.png"), "the old tileset").unwrap();
    let map = blocked.join("map.tmj");
    let out = within(30, {
        let mut c = Command::new(BIN);
        c.args(["render", "-o", map.to_str().unwrap()]);
        c
    });
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(
        fs::read_to_string(blocked.join("map.tiles.png")).unwrap(),
        "the old tileset"
    );
    assert_eq!(
        names(&blocked),
        ["map.tiles.png", "map.tmj"],
        "nothing left behind"
    );
}

/// Start `render` with `args` in `dir`, and stop it with SIGTERM once `ready` holds (or
/// it ends by itself); returns its exit code.
fn stopped(dir: &Path, args: &[&str], ready: impl Fn() -> bool) -> Option<i32> {
    let mut child = Command::new(BIN)
        .arg("render")
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(120);
    while !ready() && child.try_wait().unwrap().is_none() {
        assert!(Instant::now() < deadline, "{args:?} never got going");
        std::thread::sleep(Duration::from_millis(5));
    }
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    child.wait().unwrap().code()
}

/// Every file in `dir` (and below) is a whole picture: none is empty or cut short.
fn all_whole(dir: &Path) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            all_whole(&path);
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        assert!(!name.starts_with('.'), "a temporary file was left: {name}");
        if name.ends_with(".png") {
            png::read(&path).unwrap_or_else(|e| panic!("{name} is not whole: {e}"));
        }
    }
}

#[test]
fn an_interrupted_series_leaves_only_whole_pictures() {
    let pictures = |dir: &Path| {
        fs::read_dir(dir).map_or(0, |d| {
            d.filter(|e| {
                e.as_ref()
                    .is_ok_and(|e| e.file_name().to_string_lossy().ends_with(".png"))
            })
            .count()
        })
    };
    // Each stopped once some of its pictures are written, mid-way through the next.
    for (name, args) in [
        (
            "count",
            &["--count", "200", "--cell-size", "8", "-o", "out/"][..],
        ),
        (
            "animate",
            &["--animate", "--cell-size", "8", "-o", "out/"][..],
        ),
        (
            "sweep",
            &[
                "--sweep",
                "stickiness=0:1:200",
                "--cell-size",
                "8",
                "-o",
                "out/",
            ][..],
        ),
    ] {
        let dir = scratch(&format!("stopped-{name}"));
        let out = dir.join("out");
        let code = stopped(&dir, args, || pictures(&out) >= 2);
        assert_eq!(code, Some(130), "{name}");
        all_whole(&dir);
        // A rerun takes the names of no broken file.
    }
    // A big contact sheet stopped while its tiles are made, and while it is written: no
    // sheet, or a whole one.
    for after in [300, 1500] {
        let dir = scratch(&format!("stopped-sheet-{after}"));
        let started = Instant::now();
        let args = [
            "--width",
            "128",
            "--height",
            "112",
            "--rooms",
            "48",
            "--sheet",
            "8x8",
            "--cell-size",
            "7",
            "-o",
            "sheet.png",
        ];
        stopped(&dir, &args, || {
            started.elapsed() > Duration::from_millis(after)
        });
        all_whole(&dir);
    }
}

#[test]
fn what_cannot_be_written_is_refused_before_any_map_is_made() {
    let dir = scratch("refuse-early");
    // Minutes to make (seconds in a release build): a refusal must come at once.
    let heavy = [
        "--width",
        "2048",
        "--height",
        "2048",
        "--rooms",
        "10000",
        "--room-size",
        "100",
        "--connect",
        "nearest",
    ];
    for (extra, needle) in [
        (&["--cell-size", "0", "-o", "x.png"][..], "cell size 0"),
        (&["-o", "x.dd2vtt"][..], "too large"),
        (&["--doors", "-o", "x.svg"][..], "--doors"),
        (&["--cell-size", "65", "-o", "x.tmj"][..], "cell size 65"),
        (
            &["--animate", "--cell-size", "65", "-o", "x.gif"][..],
            "cell size 65",
        ),
        (
            &[
                "--sweep",
                "width=2040:2048:2",
                "--cell-size",
                "1",
                "-o",
                "x.gif",
            ][..],
            "differ in size",
        ),
    ] {
        let mut command = Command::new(BIN);
        command
            .arg("render")
            .args(heavy)
            .args(extra)
            .current_dir(&dir);
        let out = within(15, command);
        assert_eq!(out.status.code(), Some(2), "{extra:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(needle), "{extra:?}: {}", stderr(&out));
        assert_eq!(stderr(&out).lines().count(), 1, "{}", stderr(&out));
    }
    assert!(names(&dir).is_empty(), "{:?}", names(&dir));
}

#[test]
fn long_inputs_are_refused_in_a_short_message() {
    let dir = scratch("long-inputs");
    let many = format!("shape={}", vec!["cave"; 5000].join(":"));
    let huge_recipe = format!("dv1 seed={}", "9".repeat(1_000_000));
    let file = dir.join("recipe.txt");
    fs::write(&file, &huge_recipe).unwrap();
    for args in [
        vec!["--sweep", many.as_str(), "-o", "out/"],
        vec!["--from", file.to_str().unwrap(), "-o", "x.png"],
    ] {
        let mut command = Command::new(BIN);
        command.arg("render").args(&args).current_dir(&dir);
        let out = within(30, command);
        assert!(!out.status.success(), "{args:?}");
        assert!(stderr(&out).len() < 400, "{} bytes", stderr(&out).len());
    }
    // A user's preset with a recipe of ten million characters: `presets` says so briefly.
    let data = scratch("long-preset");
    let presets_file = data.join("dungeon-viewer").join("presets.json");
    fs::create_dir_all(presets_file.parent().unwrap()).unwrap();
    let long = vec![Preset {
        name: "Long".into(),
        recipe: format!("dv1 rooms={}", "1".repeat(10_000_000)),
    }];
    fs::write(&presets_file, serde_json::to_vec(&long).unwrap()).unwrap();
    let out = run_with_data(30, &data, &["presets"]);
    assert!(out.status.success());
    assert!(stderr(&out).len() < 400, "{} bytes", stderr(&out).len());
}

#[test]
fn preset_names_that_clash_or_hold_control_characters_are_refused_and_listed_as_picked() {
    let built_in = Presets::new(&[]);
    for bad in ["a\nFake: dv1", "esc\u{1b}[2J", "\t"] {
        assert!(built_in.check_new_name(bad).is_err(), "{bad:?}");
    }
    assert!(matches!(
        built_in.check_new_name("original"),
        Err(StoreError::Taken(_))
    ));
    let mine = vec![Preset {
        name: "A".into(),
        recipe: "dv1 rooms=3".into(),
    }];
    assert!(Presets::new(&mine).check_new_name("a").is_err());
    let tmp = scratch("preset-clash");
    let (mut list, _) = UserPresets::open(&tmp);
    list.add(mine[0].clone()).unwrap();
    assert!(matches!(
        list.add(Preset {
            name: "a".into(),
            recipe: "dv1".into()
        }),
        Err(StoreError::Taken(_))
    ));

    // Presets written by hand, clashing and with a forged line: the list shows what
    // `--preset` picks, one line each, and says which cannot be reached.
    let data = scratch("preset-list");
    let file = data.join("dungeon-viewer").join("presets.json");
    fs::create_dir_all(file.parent().unwrap()).unwrap();
    let hand = vec![
        Preset {
            name: "Original".into(),
            recipe: "dv1 rooms=3".into(),
        },
        Preset {
            name: "two\nFake: dv1 rooms=9".into(),
            recipe: "dv1 rooms=4".into(),
        },
    ];
    fs::write(&file, serde_json::to_vec(&hand).unwrap()).unwrap();
    let out = run_with_data(30, &data, &["presets"]);
    let listed = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        listed
            .lines()
            .filter(|l| l.starts_with("Original:"))
            .count(),
        1,
        "{listed}"
    );
    assert!(!listed.lines().any(|l| l.starts_with("Fake:")), "{listed}");
    assert!(stderr(&out).contains("Original"), "{}", stderr(&out));
}
