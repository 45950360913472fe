//! A race nobody can win (issue 46, item 1): another user swaps a folder in a shared sticky
//! directory (like `/tmp`) for a link to a folder only the superuser may enter, over and
//! over, while the superuser writes into that folder by its name. Whatever the attacker
//! manages between two system calls, no file of the superuser's outside the shared
//! directory is touched: the folder is opened once without following links, checked
//! through its handle, and written relative to it.
//!
//! The attacker is a child process that runs as `nobody` (Perl, which Debian always has,
//! exchanging the folder and the link atomically in a tight loop); the writer, as root, is
//! the program itself (`render -o`, every other attempt) and the library's two other ways
//! to write (a new file in a folder, a batch into a fresh folder). The build before this
//! test was written lets the attacker replace the root-only file within the first few
//! hundred attempts. It needs the superuser to be two users at once
//! ([`Needs::Superuser`](crate::Needs::Superuser)).

use crate::common;

use std::fs;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::AtomicU32;
use std::time::{Duration, Instant};

use common::scratch;
use common::writes::NOBODY;
use dungeon_files::formats::series::write_batch;
use dungeon_files::formats::{self, Format, Options, Target};
use dungeon_generator::generate;

/// Writes tried while the attacker swaps.
const ATTEMPTS: u32 = 2000;

/// Swaps `d` in the current directory between a folder of the attacker's and a link to
/// the folder named by its first argument, as fast as it can, until killed: atomically
/// with `renameat2(RENAME_EXCHANGE)` (its system call number the second argument), so that
/// `d` is always one or the other; else by renames. Counts its swaps in the file `swaps`
/// now and then.
const ATTACKER: &str = r#"
my ($target, $exchange) = @ARGV;
my ($d, $l, $x) = ("d", "l", "x");
mkdir $d;
symlink $target, $l;
my $n = 0;
while (1) {
    if ($exchange == 0 || syscall($exchange, -100, $d, -100, $l, 2) != 0) {
        rename $d, $x;
        rename $l, $d;
        rename $d, $l;
        rename $x, $d;
    }
    $n++;
    if ($n % 1000 == 0 && open(my $f, ">", "swaps.tmp")) {
        print $f $n;
        close $f;
        rename "swaps.tmp", "swaps";
    }
}
"#;

/// The number of the `renameat2` system call here, or 0 where it is not known.
fn renameat2_number() -> &'static str {
    match std::env::consts::ARCH {
        "x86_64" => "316",
        "aarch64" | "riscv64" => "276",
        _ => "0",
    }
}

/// The attacker's process, ended when dropped (also when the test fails half way).
struct Attacker(Child);

impl Drop for Attacker {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The attacker, as `nobody`, swapping in `shared`.
fn attacker(shared: &Path, secret: &Path) -> Attacker {
    let child = Command::new("perl")
        .args(["-e", ATTACKER])
        .arg(secret)
        .arg(renameat2_number())
        .current_dir(shared)
        .uid(NOBODY)
        .gid(NOBODY)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("perl starts as nobody");
    Attacker(child)
}

/// What shows a folder and its files untouched: each name with its size, inode, change
/// time and contents, and the folder's own change time.
fn snapshot(dir: &Path) -> Vec<(String, u64, u64, i64, Vec<u8>)> {
    let meta = fs::metadata(dir).unwrap();
    let mut all = vec![(
        ".".into(),
        0,
        meta.ino(),
        meta.mtime_nsec() + meta.mtime() * 1_000_000_000,
        Vec::new(),
    )];
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let meta = fs::symlink_metadata(&path).unwrap();
        all.push((
            path.file_name().unwrap().to_string_lossy().into_owned(),
            meta.len(),
            meta.ino(),
            meta.ctime_nsec() + meta.ctime() * 1_000_000_000,
            fs::read(&path).unwrap(),
        ));
    }
    all.sort();
    all
}

pub fn a_folder_swapped_for_a_link_two_thousand_times_never_lets_a_write_reach_root_s_files() {
    let tmp = scratch("race");
    fs::set_permissions(&tmp, fs::Permissions::from_mode(0o755)).unwrap();
    let secret = tmp.join("secret");
    fs::create_dir(&secret).unwrap();
    fs::write(secret.join("victim.txt"), "root's own settings").unwrap();
    fs::set_permissions(&secret, fs::Permissions::from_mode(0o700)).unwrap();
    let shared = tmp.join("shared");
    fs::create_dir(&shared).unwrap();
    fs::set_permissions(&shared, fs::Permissions::from_mode(0o1777)).unwrap();
    let before = snapshot(&secret);

    let map = generate(
        &"dv1 seed=5 rooms=2 width=12 height=10 room-size=6"
            .parse()
            .unwrap(),
    )
    .unwrap();
    let small = [map.recipe().clone()];
    let options = Options::default();
    let d = shared.join("d");
    let victim = d.join("victim.txt");
    let child = attacker(&shared, &secret);
    // The writes start once the attacker is swapping.
    let deadline = Instant::now() + Duration::from_secs(30);
    while !shared.join("swaps").exists() {
        assert!(
            Instant::now() < deadline,
            "the attacker never started swapping"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let started = Instant::now();
    let (mut written, mut refused, mut other) = (0, 0, Vec::new());
    for attempt in 0..ATTEMPTS {
        // Every other attempt is `render -o shared/d/victim.txt` itself, as issue 46 ran
        // it (the build before broke in on attempt 153 of such a loop); the others are
        // the library's writes of a new file in a folder named and of a batch.
        let outcome = match attempt % 4 {
            0 | 2 => {
                let out = Command::new(env!("CARGO_BIN_EXE_dungeon-viewer"))
                    .args(["render", "--width", "12", "--height", "10", "--rooms", "2"])
                    .args(["--room-size", "6", "-o"])
                    .arg(&victim)
                    .output()
                    .unwrap();
                if out.status.success() {
                    Ok(())
                } else {
                    Err(String::from_utf8_lossy(&out.stderr).into_owned())
                }
            }
            1 => formats::write(
                &map,
                Format::Text,
                &options,
                Target::New {
                    dir: &d,
                    stem: "map",
                },
            )
            .map(drop)
            .map_err(|e| e.to_string()),
            _ => write_batch(&small, &options, &d, &AtomicU32::new(0))
                .map(drop)
                .map_err(|e| e.to_string()),
        };
        match outcome {
            Ok(()) => written += 1,
            Err(e) if e.contains("another user") => refused += 1,
            Err(e) => other.push(e),
        }
        // A folder of root's that a write made stays where it is (the attacker may not
        // move it): take it away, so that the swapping goes on.
        for name in ["d", "d-2", "d-3"] {
            let path = shared.join(name);
            if fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir() && m.uid() == 0) {
                let _ = fs::remove_dir_all(&path);
            }
        }
    }
    let took = started.elapsed();
    let swaps = fs::read_to_string(shared.join("swaps")).unwrap_or_default();
    drop(child);

    fs::set_permissions(&secret, fs::Permissions::from_mode(0o700)).unwrap();
    let after = snapshot(&secret);
    let touched: Vec<&String> = before
        .iter()
        .chain(&after)
        .filter(|entry| !(before.contains(entry) && after.contains(entry)))
        .map(|(name, ..)| name)
        .collect();
    assert!(
        touched.is_empty(),
        "a write reached the root-only folder: {} entries changed, such as {:?}",
        touched.len(),
        &touched[..touched.len().min(3)]
    );
    let said = format!(
        "{ATTEMPTS} attempts in {took:.1?}: {written} written, {refused} refused as \
         another user's, {} failed otherwise (such as {:?}); the attacker swapped {swaps} times",
        other.len(),
        other.first()
    );
    eprintln!("{said}");
    // The attacker ran all along, and the writer met its folder.
    assert!(swaps.parse::<u64>().unwrap_or(0) >= 1000, "{said}");
    assert!(refused > 0, "{said}");
}
