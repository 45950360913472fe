//! Files as a hostile user would hand them over (issue 7): decompression bombs, devices,
//! pipes, planted links, interrupted writes, edited recipes. Each test failed before the fix.

use crate::common;

use std::os::unix::fs::{PermissionsExt, symlink};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{crafted_png, names, run, scratch, stderr, within};

use dungeon_files::formats::Error as PictureError;
use dungeon_files::formats::png as png_file;

const BIN: &str = env!("CARGO_BIN_EXE_dungeon-viewer");

fn render(args: &[&str]) -> Command {
    let mut command = Command::new(BIN);
    command.arg("render").args(args);
    command
}

#[test]
fn a_decompression_bomb_gives_its_recipe_without_decoding_a_pixel() {
    let dir = scratch("bomb");
    let bomb = dir.join("bomb.png");
    let bytes = crafted_png(100_000, 100_000, "dv1 seed=3 rooms=4", true);
    std::fs::write(&bomb, &bytes).unwrap();

    let err = png_file::decode(&bytes, &bomb).unwrap_err();
    assert!(
        matches!(err, PictureError::PictureTooLarge { .. }),
        "{err:?}"
    );
    assert!(
        err.to_string()
            .contains("bomb.png is 100000×100000 pixels: larger than the 16384"),
        "{err}"
    );

    // Under a 1 GiB address-space cap: the old reader asked for 30 GB and aborted.
    let json = dir.join("map.json");
    let mut capped = Command::new("prlimit");
    capped.args(["--as=1073741824", "--", BIN, "render", "--from"]);
    capped.arg(&bomb).arg("-o").arg(&json);
    let out = within(30, capped);
    assert!(out.status.success(), "{}", stderr(&out));
    let map: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    assert_eq!(map["rooms"].as_array().unwrap().len(), 4);
}

/// A one-pixel PNG with the compressed text chunks `texts` before its image data, written
/// by the `png` crate.
fn with_compressed_texts(texts: &[(&str, &str)]) -> Vec<u8> {
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, 1, 1);
    encoder.set_color(png::ColorType::Rgb);
    for (keyword, text) in texts {
        encoder
            .add_ztxt_chunk((*keyword).to_string(), (*text).to_string())
            .unwrap();
    }
    let mut writer = encoder.write_header().unwrap();
    writer.write_image_data(&[0, 0, 0]).unwrap();
    writer.finish().unwrap();
    bytes
}

#[test]
fn compressed_texts_that_inflate_past_what_is_ever_written_are_refused_unread() {
    let dir = scratch("text-bomb");
    // A recipe a little longer than any that can be made, in a few kB.
    let long = format!("dv1 {}", " ".repeat(png_file::MAX_RECIPE_BYTES));
    let bytes = with_compressed_texts(&[("recipe", &long)]);
    assert!(bytes.len() < 1 << 20, "{} bytes", bytes.len());
    let bomb = dir.join("bomb.png");
    std::fs::write(&bomb, &bytes).unwrap();
    let out = run(&["render", "--from", bomb.to_str().unwrap(), "-o", "-"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out)
            .contains("bomb.png is a damaged PNG image: its recipe cannot be read: it is over"),
        "{}",
        stderr(&out)
    );
    // Many texts, each short enough, inflating past all that is read of a header.
    let mib = " ".repeat(1 << 20);
    let many: Vec<(String, &str)> = (0..70)
        .map(|i| (format!("note {i}"), mib.as_str()))
        .collect();
    let many: Vec<(&str, &str)> = many.iter().map(|(k, t)| (k.as_str(), *t)).collect();
    let mut texts = vec![("recipe", "dv1 seed=3")];
    texts.extend(many);
    let bytes = with_compressed_texts(&texts);
    let err = png_file::decode(&bytes, Path::new("notes.png")).unwrap_err();
    assert!(
        err.to_string()
            .contains("its text cannot be read: it is over"),
        "{err}"
    );
    // Its recipe alone is read, the rest never inflated.
    assert_eq!(
        png_file::recipe_of(&bytes, Path::new("notes.png"))
            .unwrap()
            .seed,
        3
    );
}

#[test]
fn a_recipe_must_come_before_the_image_data() {
    let dir = scratch("late-recipe");
    let late = dir.join("late.png");
    std::fs::write(&late, crafted_png(2, 2, "dv1 seed=3", false)).unwrap();
    let out = run(&["render", "--from", late.to_str().unwrap(), "-o", "-"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("late.png has no dungeon recipe before its image data"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn devices_directories_and_pipes_are_refused_at_once() {
    let dir = scratch("not-files");
    let fifo = dir.join("pipe.png");
    let status = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(status.success());
    let cases: [(PathBuf, &str); 4] = [
        (
            "/dev/zero".into(),
            "it is a character device, not a regular file",
        ),
        (
            "/dev/urandom".into(),
            "it is a character device, not a regular file",
        ),
        (dir.clone(), "it is a directory, not a regular file"),
        (fifo, "it is a named pipe, not a regular file"),
    ];
    for (file, message) in cases {
        let out = within(20, render(&["--from", file.to_str().unwrap(), "-o", "-"]));
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        let err = stderr(&out);
        assert!(
            err.contains(&format!("cannot read {}", file.display())),
            "{err}"
        );
        assert!(err.contains(message), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn an_edited_recipe_with_a_stale_checksum_is_refused() {
    let dir = scratch("stale-crc");
    let file = dir.join("map.png");
    let out = run(&["render", "--seed", "21", "-o", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let mut bytes = std::fs::read(&file).unwrap();
    let at = bytes
        .windows(7)
        .position(|w| w == b"seed=21")
        .expect("the recipe is in the file");
    bytes[at + 6] = b'9';
    std::fs::write(&file, &bytes).unwrap();
    let out = run(&["render", "--from", file.to_str().unwrap(), "-o", "-"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("map.png is a damaged PNG image: the checksum of its recipe"),
        "{}",
        stderr(&out)
    );
}

/// The process's umask, from /proc (asking `umask()` would change it for other threads).
fn umask() -> u32 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("Umask:")).unwrap();
    u32::from_str_radix(line["Umask:".len()..].trim(), 8).unwrap()
}

#[test]
fn a_replaced_file_keeps_its_permissions_and_a_new_one_gets_the_usual_ones() {
    let dir = scratch("modes");
    let private = dir.join("private.txt");
    std::fs::write(&private, "secret").unwrap();
    std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o600)).unwrap();
    let fresh = dir.join("fresh.txt");
    for file in [&private, &fresh] {
        let out = run(&["render", "-o", file.to_str().unwrap()]);
        assert!(out.status.success(), "{}", stderr(&out));
    }
    let mode = |file: &Path| std::fs::metadata(file).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&private), 0o600);
    assert_eq!(mode(&fresh), 0o666 & !umask());
    assert!(std::fs::read_to_string(&private).unwrap().contains("dv1"));
    assert_eq!(names(&dir), ["fresh.txt", "private.txt"]);
}

#[test]
fn links_planted_under_the_old_temporary_names_are_never_followed() {
    let dir = scratch("planted");
    let victim = dir.join("victim");
    std::fs::write(&victim, "root only").unwrap();
    // The writer used to write `<name>.<pid>.partial`: plant links for the next pids.
    let last: u32 = std::fs::read_to_string("/proc/sys/kernel/ns_last_pid")
        .map_or(0, |s| s.trim().parse().unwrap_or(0));
    let links: Vec<PathBuf> = (last + 1..last + 400)
        .map(|pid| dir.join(format!("map.png.{pid}.partial")))
        .collect();
    for link in &links {
        symlink(&victim, link).unwrap();
    }
    let map = dir.join("map.png");
    let out = run(&["render", "--seed", "5", "-o", map.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "root only");
    assert_eq!(png_file::read_recipe(&map).unwrap().seed, 5);
    for link in &links {
        assert!(link.symlink_metadata().unwrap().is_symlink());
    }
    // Nothing else appeared beside them.
    assert_eq!(names(&dir).len(), links.len() + 2);
}

#[test]
fn the_longest_legal_output_names_work() {
    let dir = scratch("long-name");
    let name = format!("{}.png", "a".repeat(246));
    assert_eq!(name.len(), 250);
    let file = dir.join(&name);
    let out = run(&["render", "-o", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(names(&dir), [name]);
}

#[test]
fn an_interrupted_write_leaves_the_old_file_and_no_temporary_one() {
    let dir = scratch("interrupted");
    let file = dir.join("big.png");
    std::fs::write(&file, "the old picture").unwrap();
    // 2048×2048 cells of 8 pixels: a 16384×16384 picture, seconds of writing.
    let mut child = render(&[
        "--width",
        "2048",
        "--height",
        "2048",
        "--rooms",
        "12",
        "--cell-size",
        "8",
        "-o",
        file.to_str().unwrap(),
    ])
    .stderr(Stdio::piped())
    .spawn()
    .unwrap();
    let deadline = Instant::now() + Duration::from_secs(120);
    while names(&dir).len() < 2 {
        assert!(
            child.try_wait().unwrap().is_none(),
            "render ended before writing"
        );
        assert!(Instant::now() < deadline, "no temporary file appeared");
        std::thread::sleep(Duration::from_millis(5));
    }
    let pid = rustix::process::Pid::from_child(&child);
    rustix::process::kill_process(pid, rustix::process::Signal::TERM).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{}", stderr(&out));
    assert!(stderr(&out).ends_with("interrupted\n"), "{}", stderr(&out));
    assert_eq!(names(&dir), ["big.png"]);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "the old picture");
}

#[test]
fn a_replaced_file_keeps_no_set_id_or_sticky_bit() {
    let dir = scratch("set-id");
    let file = dir.join("map.png");
    std::fs::write(&file, "old").unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o7755)).unwrap();
    let out = run(&["render", "-o", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o7777;
    assert_eq!(mode, 0o755, "{mode:o}");
}
