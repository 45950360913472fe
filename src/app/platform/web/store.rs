//! The favourites in the browser: its storage answers at once, so each change is carried
//! out when it is asked for, and its answer waits for the window's next look.

use std::collections::VecDeque;
use std::path::Path;

use crate::app::store::{Lists, Reply, Request};

/// The lists themselves, with the answers the window has not taken yet.
pub struct StoreLink {
    lists: Lists,
    replies: VecDeque<Reply>,
}

impl StoreLink {
    /// The lists kept in the browser's storage; the first answer is the lists as read.
    pub fn start(dir: &Path, _wake: impl Fn() + Send + 'static) -> Option<Self> {
        let (lists, reply) = Lists::open(dir);
        Some(Self {
            lists,
            replies: VecDeque::from([reply]),
        })
    }

    /// Carry out a change now (changes not saved before are tried again with it).
    pub fn send(&mut self, request: Request) -> Result<(), ()> {
        let reply = self.lists.handle(request);
        self.replies.push_back(reply);
        Ok(())
    }

    /// An answer, if one is waiting.
    pub fn try_recv(&mut self) -> Option<Reply> {
        self.replies.pop_front()
    }
}
