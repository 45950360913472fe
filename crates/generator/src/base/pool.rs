//! Memory kept from one piece of work for the next: a map's path searches grow buffers
//! (layers, windows, queues) that the next map's searches can reuse instead of growing
//! them afresh for every map.

use std::ops::{Deref, DerefMut};
use std::sync::{Mutex, PoisonError};

/// Spare values of `T`, at most `keep` of them, lent out one at a time.
pub struct Pool<T> {
    spare: Mutex<Vec<T>>,
    keep: usize,
    /// Applied to a value given back, before it is kept: to let go of what is not worth
    /// keeping.
    tidy: fn(&mut T),
}

impl<T: Default> Pool<T> {
    /// An empty pool that keeps at most `keep` values, each `tidy`-ed when given back.
    #[must_use]
    pub const fn new(keep: usize, tidy: fn(&mut T)) -> Self {
        Self {
            spare: Mutex::new(Vec::new()),
            keep,
            tidy,
        }
    }

    /// A spare value, or a new one when none is left; it is given back when the loan is
    /// dropped. A value is only ever lent to one borrower at a time. Never fails: a pool
    /// whose lock a panicking thread held is used as it was left.
    pub fn lend(&self) -> Lent<'_, T> {
        let value = self.spare().pop().unwrap_or_default();
        Lent { value, pool: self }
    }

    fn spare(&self) -> std::sync::MutexGuard<'_, Vec<T>> {
        self.spare.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// A value lent by a [`Pool`], given back when dropped.
pub struct Lent<'a, T: Default> {
    value: T,
    pool: &'a Pool<T>,
}

impl<T: Default> Deref for Lent<'_, T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.value
    }
}

impl<T: Default> DerefMut for Lent<'_, T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.value
    }
}

impl<T: Default> Drop for Lent<'_, T> {
    fn drop(&mut self) {
        let mut value = std::mem::take(&mut self.value);
        (self.pool.tidy)(&mut value);
        let mut spare = self.pool.spare();
        if spare.len() < self.pool.keep {
            spare.push(value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Pool;

    #[test]
    fn values_given_back_are_lent_again_tidied_and_no_more_are_kept_than_asked() {
        let pool: Pool<Vec<u32>> = Pool::new(2, |v| v.retain(|&x| x < 100));
        let (mut a, mut b, mut c) = (pool.lend(), pool.lend(), pool.lend());
        a.extend([1, 2]);
        b.extend([3, 500]);
        c.push(4);
        // Lent at once, they are three values.
        assert_eq!((a.len(), b.len(), c.len()), (2, 2, 1));
        drop(a);
        drop(b);
        drop(c);
        // Two kept (the first two given back: a, then b tidied), the third dropped.
        let (x, y, z) = (pool.lend(), pool.lend(), pool.lend());
        let mut lent = vec![x.clone(), y.clone(), z.clone()];
        lent.sort();
        assert_eq!(lent, [vec![], vec![1, 2], vec![3]]);
    }
}
