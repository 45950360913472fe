//! Helpers shared by the program's integration tests: running the binary, scratch
//! directories, crafted files; and the generator's helpers for tests of maps.
#![allow(dead_code)]

pub mod examples;
pub mod pictures;
pub mod renderers;
pub mod tiled;
pub mod writes;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

#[path = "../../crates/generator/tests/common/maps.rs"]
mod maps;
// The maps' helpers, for tests/main.rs (tests/live.rs uses none of them).
#[allow(unused_imports)]
pub use maps::*;

/// The map of the recipe `text`.
pub fn dungeon(text: &str) -> dungeon_generator::Dungeon {
    dungeon_generator::generate(&text.parse().unwrap()).unwrap()
}

/// Run the program with `args` and collect what it did.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dungeon-viewer"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// What a finished run wrote to standard error.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A fresh, empty directory for one test's files.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dv-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// One PNG chunk with its checksum.
pub fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    let mut bytes = (data.len() as u32).to_be_bytes().to_vec();
    bytes.extend_from_slice(kind);
    bytes.extend_from_slice(data);
    bytes.extend_from_slice(&crc.finalize().to_be_bytes());
    bytes
}

/// A PNG whose header claims `width × height` RGB pixels, with `recipe` before (or, when
/// `recipe_first` is false, after) a tiny image data chunk.
pub fn crafted_png(width: u32, height: u32, recipe: &str, recipe_first: bool) -> Vec<u8> {
    let mut header = width.to_be_bytes().to_vec();
    header.extend_from_slice(&height.to_be_bytes());
    header.extend_from_slice(&[8, 2, 0, 0, 0]);
    let mut text = b"recipe\0".to_vec();
    text.extend_from_slice(recipe.as_bytes());
    let text = chunk(b"tEXt", &text);
    // A few bytes of zlib data: far too little for the claimed image.
    let data = chunk(b"IDAT", &[0x78, 0x01, 0x63, 0x60, 0x00, 0x00]);
    let mut bytes = vec![0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];
    bytes.extend(chunk(b"IHDR", &header));
    if recipe_first {
        bytes.extend(text);
        bytes.extend(data);
    } else {
        bytes.extend(data);
        bytes.extend(text);
    }
    bytes.extend(chunk(b"IEND", &[]));
    bytes
}

/// Run `command`, killing it if it has not ended within `seconds`. Its output is read as it
/// comes, so that a command writing more than a pipe holds is not stalled.
pub fn within(seconds: u64, mut command: Command) -> Output {
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the command starts");
    let read = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            bytes
        })
    };
    let stdout = read(child.stdout.take().map(|p| Box::new(p) as _));
    let stderr = read(child.stderr.take().map(|p| Box::new(p) as _));
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("still running after {seconds} s: {command:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Output {
        status,
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
    }
}

/// The names in `dir`, sorted.
pub fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}
