//! Quitting without losing what the user kept. Ctrl+Q (or the window's close button)
//! closes the window at once when nothing is on its way to the disk; while a favourite is
//! being kept or saved, the window says so and waits for it, trying a change that could
//! not be saved again each second, for at most [`QUIT_WAIT`]; a change still not saved
//! then is never dropped silently: the window asks whether to quit without it.

use std::time::Duration;

use super::App;
use crate::app::platform::{self, Instant};

/// The longest the window waits for the favourites before it asks.
pub const QUIT_WAIT: Duration = Duration::from_secs(10);
/// How often a change not saved is tried again while quitting.
const RETRY_EVERY: Duration = Duration::from_secs(1);

/// A quit asked for and waiting for the favourites.
#[derive(Clone, Debug)]
pub struct Quitting {
    since: Instant,
    tried: Instant,
    /// The question asked, once the wait is over.
    pub question: Option<String>,
}

/// What stands between the user and quitting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pending {
    /// A keep asked for, waiting for its map.
    pub keep: bool,
    /// The lists are saving a change.
    pub saving: bool,
    /// A change could not be saved.
    pub unsaved: bool,
}

/// What to do next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    Close,
    Wait,
    /// Try the change not saved again, and wait.
    Retry,
    /// Ask whether to quit without it.
    Ask,
}

/// What to do, with `pending` after `waited` since the quit was asked for and `since_try`
/// since the last retry.
#[must_use]
pub fn next(pending: Pending, waited: Duration, since_try: Duration) -> Next {
    if pending == Pending::default() {
        Next::Close
    } else if waited >= QUIT_WAIT {
        Next::Ask
    } else if pending.unsaved && !pending.saving && since_try >= RETRY_EVERY {
        Next::Retry
    } else {
        Next::Wait
    }
}

impl App {
    /// What stands between the user and quitting now.
    fn pending(&self) -> Pending {
        Pending {
            keep: self.keep_pending,
            saving: self.store.is_busy(),
            unsaved: self.store.has_unsaved(),
        }
    }

    /// The user asked to quit: true when the window may close at once; else it waits,
    /// saying so.
    pub fn ask_to_quit(&mut self) -> bool {
        if !platform::QUITS {
            self.status.say(
                "A web page closes with its tab; the favourites are already kept.".to_string(),
            );
            return false;
        }
        if self.pending() == Pending::default() {
            return true;
        }
        let now = Instant::now();
        self.quitting = Some(Quitting {
            since: now,
            tried: now,
            question: None,
        });
        self.status
            .say("Saving the favourites before quitting… (at most 10 s)".to_string());
        false
    }

    /// While quitting: true once the window may close. Tries a change not saved again,
    /// and asks once the wait is over.
    pub fn quit_when_saved(&mut self) -> bool {
        let pending = self.pending();
        let Some(quitting) = &mut self.quitting else {
            return false;
        };
        if quitting.question.is_some() {
            return false;
        }
        let now = Instant::now();
        let waited = now.saturating_duration_since(quitting.since);
        let since_try = now.saturating_duration_since(quitting.tried);
        match next(pending, waited, since_try) {
            Next::Close => return true,
            Next::Wait => {}
            Next::Retry => {
                quitting.tried = now;
                if let Err(problem) = self.store.retry() {
                    self.status.problem(problem);
                }
            }
            Next::Ask => {
                let why = match (pending.keep, self.store.problem()) {
                    (true, _) => "The map to keep is still being made.".to_string(),
                    (false, Some(problem)) => problem.to_string(),
                    (false, None) => "The favourites are still being saved.".to_string(),
                };
                quitting.question = Some(why);
                // Drawn in the next frame.
                macroquad::miniquad::window::schedule_update();
            }
        }
        false
    }

    /// How long until the wait is over, while quitting without a question: the window
    /// must draw a frame then.
    pub fn quit_deadline(&self) -> Option<Duration> {
        let quitting = self.quitting.as_ref().filter(|q| q.question.is_none())?;
        let waited = quitting.since.elapsed();
        Some(QUIT_WAIT.saturating_sub(waited).min(RETRY_EVERY))
    }

    /// Stay open: the user answered the question so.
    pub fn stay_open(&mut self) {
        self.quitting = None;
        self.status
            .say("Stayed open; the favourites are saved as soon as they can be.".to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOTHING: Pending = Pending {
        keep: false,
        saving: false,
        unsaved: false,
    };

    #[test]
    fn the_window_closes_at_once_only_with_nothing_pending() {
        let zero = Duration::ZERO;
        assert_eq!(next(NOTHING, zero, zero), Next::Close);
        for pending in [
            Pending {
                keep: true,
                ..NOTHING
            },
            Pending {
                saving: true,
                ..NOTHING
            },
            Pending {
                unsaved: true,
                ..NOTHING
            },
        ] {
            assert_ne!(next(pending, zero, zero), Next::Close, "{pending:?}");
            // Never closes on its own with something pending: it asks.
            assert_eq!(next(pending, QUIT_WAIT, zero), Next::Ask, "{pending:?}");
        }
    }

    #[test]
    fn a_change_not_saved_is_tried_again_each_second_while_waiting() {
        let unsaved = Pending {
            unsaved: true,
            ..NOTHING
        };
        let second = Duration::from_secs(1);
        assert_eq!(next(unsaved, second, Duration::ZERO), Next::Wait);
        assert_eq!(next(unsaved, second, second), Next::Retry);
        // Not while a save is under way.
        let saving = Pending {
            saving: true,
            ..unsaved
        };
        assert_eq!(next(saving, second, second), Next::Wait);
    }
}
