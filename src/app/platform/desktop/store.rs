//! The favourites' thread: the window never waits on the disk or on another program's lock
//! (a change waits a bounded time for it). Changes not saved are tried again every few
//! seconds and with the next change.

use std::path::Path;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::Duration;

use crate::app::store::{Lists, Reply, Request};

/// How often changes not saved are tried again.
const RETRY: Duration = Duration::from_secs(10);

/// The window's end of the lists' thread.
pub struct StoreLink {
    requests: Sender<Request>,
    replies: Receiver<Reply>,
}

impl StoreLink {
    /// Start the thread on the lists in `dir`; `wake` is called (from that thread) after
    /// each answer, the first being the lists as read. `None` when it cannot start.
    pub fn start(dir: &Path, wake: impl Fn() + Send + 'static) -> Option<Self> {
        let (requests, inbox) = mpsc::channel();
        let (outbox, replies) = mpsc::channel();
        let dir = dir.to_path_buf();
        thread::Builder::new()
            .name("store".into())
            .spawn(move || serve(&dir, &inbox, &outbox, &wake))
            .ok()?;
        Some(Self { requests, replies })
    }

    /// Hand the thread a change; `Err` when it has stopped.
    pub fn send(&mut self, request: Request) -> Result<(), ()> {
        self.requests.send(request).map_err(|_| ())
    }

    /// An answer, if one has come.
    pub fn try_recv(&mut self) -> Option<Reply> {
        self.replies.try_recv().ok()
    }
}

/// The thread: read the lists, answer, then carry out each request as it comes.
fn serve(dir: &Path, inbox: &Receiver<Request>, outbox: &Sender<Reply>, wake: &dyn Fn()) {
    let (mut lists, first) = Lists::open(dir);
    let mut reply = Some(first);
    loop {
        if let Some(reply) = reply.take() {
            if outbox.send(reply).is_err() {
                return;
            }
            wake();
        }
        reply = match inbox.recv_timeout(RETRY) {
            Ok(request) => Some(lists.handle(request)),
            Err(RecvTimeoutError::Timeout) => lists.has_unsaved().then(|| lists.retry()),
            Err(RecvTimeoutError::Disconnected) => return,
        };
    }
}
