//! The terminal: a progress bar on standard error for long work, stopping cleanly on
//! Ctrl-C or SIGTERM, and standard output that says when it cannot be written.

use std::io::{self, IsTerminal, Write};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

use super::Failure;
use dungeon_files::formats::safe_write;

/// On SIGINT (Ctrl-C) or SIGTERM: remove the unfinished temporary files (files being put
/// in place are put in place first), say so on one line and exit with 130, the shells'
/// code for an interrupted command.
pub fn stop_cleanly_on_signals() -> Result<(), Failure> {
    ctrlc::set_handler(|| {
        let _stopped = safe_write::stop_writes();
        let clear_bar = if io::stderr().is_terminal() {
            "\r\x1b[2K"
        } else {
            ""
        };
        eprintln!("{clear_bar}interrupted");
        std::process::exit(130);
    })
    .map_err(|e| Failure::Io(format!("cannot watch for Ctrl-C: {e}")))
}

/// Run `work` on a thread of its own while this one shows how far along it is, as told by
/// `fraction` (0 to 1): a bar on standard error, drawn only when that is a terminal and
/// the work takes over a second.
pub fn with_progress<T: Send>(fraction: impl Fn() -> f64, work: impl FnOnce() -> T + Send) -> T {
    const TICK: Duration = Duration::from_millis(100);
    const SHOW_AFTER: Duration = Duration::from_secs(1);
    const STEPS: u64 = 1000;
    let started = Instant::now();
    let mut bar = None;
    thread::scope(|scope| {
        let (done, finished) = mpsc::channel::<()>();
        let worker = scope.spawn(move || {
            // Dropping the sender when the work ends wakes the watcher at once.
            let _done = done;
            work()
        });
        while finished.recv_timeout(TICK) == Err(RecvTimeoutError::Timeout) {
            if started.elapsed() >= SHOW_AFTER && io::stderr().is_terminal() {
                let bar = bar.get_or_insert_with(|| {
                    ProgressBar::new(STEPS).with_style(
                        ProgressStyle::with_template(
                            "{elapsed:>4} [{wide_bar}] {percent:>3}%, {eta} left",
                        )
                        .unwrap_or_else(|_| ProgressStyle::default_bar()),
                    )
                });
                bar.set_position((fraction() * STEPS as f64) as u64);
            }
        }
        if let Some(bar) = &bar {
            bar.finish_and_clear();
        }
        worker
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

/// Whether standard output is open. Started with it closed, the program finds the null
/// device there, opened read-write by the standard library before `main` (a shell's
/// `> /dev/null` opens it write-only): writing to it would end a command that wrote nothing
/// in success.
fn stdout_open() -> bool {
    use rustix::fs::{FileType, OFlags, fcntl_getfl, fstat, makedev};
    let fd = rustix::stdio::stdout();
    let (Ok(flags), Ok(stat)) = (fcntl_getfl(fd), fstat(fd)) else {
        return false;
    };
    let null_device = FileType::from_raw_mode(stat.st_mode) == FileType::CharacterDevice
        && stat.st_rdev == makedev(1, 3);
    !(null_device && flags & OFlags::RWMODE == OFlags::RDWR)
}

/// Write `bytes` to standard output.
///
/// # Errors
/// When standard output is closed, or its reader is gone.
pub fn write_stdout(bytes: &[u8]) -> Result<(), Failure> {
    let cannot =
        |e: &dyn std::fmt::Display| Failure::Io(format!("cannot write to standard output: {e}"));
    if !stdout_open() {
        return Err(cannot(&"it is closed"));
    }
    let mut out = io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(|e| cannot(&dungeon_files::formats::reason(&e)))
}
