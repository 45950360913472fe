//! Waking the window when egui asks to be drawn again later (a tooltip's delay, a blinking
//! cursor): the window otherwise sleeps until an input event arrives, costing no CPU.

use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

/// Requests later than this are ignored: egui uses "never" for "no repaint needed".
const HORIZON: Duration = Duration::from_secs(3600);

/// A thread that calls `wake` at the earliest time asked for. Clones ring the same alarm.
#[derive(Clone)]
pub struct Alarm {
    times: Sender<Instant>,
}

impl Alarm {
    /// Start the alarm thread.
    ///
    /// # Errors
    /// When the thread cannot be started.
    pub fn start(wake: impl Fn() + Send + 'static) -> std::io::Result<Self> {
        let (times, inbox) = mpsc::channel::<Instant>();
        thread::Builder::new().name("alarm".into()).spawn(move || {
            while let Ok(mut due) = inbox.recv() {
                loop {
                    let wait = due.saturating_duration_since(Instant::now());
                    match inbox.recv_timeout(wait) {
                        Ok(sooner) => due = due.min(sooner),
                        Err(RecvTimeoutError::Timeout) => {
                            wake();
                            break;
                        }
                        Err(RecvTimeoutError::Disconnected) => return,
                    }
                }
            }
        })?;
        Ok(Self { times })
    }

    /// Call `wake` after `delay` (or sooner if asked for sooner).
    pub fn ring_after(&self, delay: Duration) {
        if delay < HORIZON {
            let _ = self.times.send(Instant::now() + delay);
        }
    }
}
