//! What the window says: the last message (a file saved, a favourite kept, what went
//! wrong), shown in a status bar of its own at the bottom of the window so that no control
//! ever moves when a message comes or goes. A message goes after a few seconds, a problem
//! stays longer, and either goes as soon as the user moves on to something else: a message
//! speaks of what was just done.

use super::platform::Instant;
use std::time::Duration;

/// How long a message shows.
const SHOWN: Duration = Duration::from_secs(6);
/// How long a problem shows.
const PROBLEM_SHOWN: Duration = Duration::from_secs(15);

/// The messages of the window.
#[derive(Debug, Default)]
pub struct Status {
    message: Option<Message>,
}

#[derive(Debug)]
struct Message {
    text: String,
    problem: bool,
    since: Instant,
}

impl Status {
    /// Say `text`.
    pub fn say(&mut self, text: impl Into<String>) {
        self.set(text.into(), false);
    }

    /// Say `text`, which is a problem.
    pub fn problem(&mut self, text: impl Into<String>) {
        self.set(text.into(), true);
    }

    /// Say `text`, a problem or not.
    pub fn set(&mut self, text: String, problem: bool) {
        super::platform::status_said(&text, problem);
        self.message = Some(Message {
            text,
            problem,
            since: Instant::now(),
        });
    }

    /// The user moved on to something else at `since` (the start of the frame that carried
    /// it out): a message said before then is about something else, and goes.
    pub fn moved_on(&mut self, since: Instant) {
        if self.message.as_ref().is_some_and(|m| m.since < since) {
            self.message = None;
        }
    }

    /// The message to show now, whether it is a problem, and how long it has left; `None`
    /// once it is gone.
    pub fn current(&self, now: Instant) -> Option<(&str, bool, Duration)> {
        let m = self.message.as_ref()?;
        let shown = if m.problem { PROBLEM_SHOWN } else { SHOWN };
        let left = shown.checked_sub(now.duration_since(m.since))?;
        Some((&m.text, m.problem, left))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_shows_then_goes_and_a_problem_stays_longer() {
        let mut status = Status::default();
        assert!(status.current(Instant::now()).is_none());
        status.say("Saved");
        let start = Instant::now();
        assert_eq!(status.current(start).map(|m| m.0), Some("Saved"));
        let late = status.current(start + SHOWN - Duration::from_millis(500));
        assert!(late.is_some_and(|(_, _, left)| left <= Duration::from_millis(500)));
        assert!(
            status
                .current(start + SHOWN + Duration::from_millis(10))
                .is_none()
        );
        status.problem("Not saved");
        let start = Instant::now();
        assert!(
            status
                .current(start + SHOWN + Duration::from_secs(1))
                .is_some()
        );
    }

    #[test]
    fn a_message_goes_when_the_user_moves_on_but_not_one_said_since() {
        let mut status = Status::default();
        status.problem("Not saved: an SVG is drawn in the original look");
        let moved = Instant::now();
        status.moved_on(moved);
        assert!(status.current(Instant::now()).is_none());
        // Said while the frame that moved on was made: about that very action.
        status.say("Opened “seed 41”");
        status.moved_on(moved);
        assert_eq!(
            status.current(Instant::now()).map(|m| m.0),
            Some("Opened “seed 41”")
        );
    }
}
