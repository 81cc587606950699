//! A bounded queue between threads that wakes a waiting producer only once the queue has
//! drained to half, not at every item taken: with solves of a few microseconds, a
//! channel that wakes the reader for every free slot spends a large share of the run
//! switching threads (measured in benches/README.md).

use std::collections::VecDeque;
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// What [`Queue::pop`] found.
#[derive(Debug, PartialEq, Eq)]
pub enum Pop<T> {
    /// The next item.
    Item(T),
    /// Nothing came within the time given.
    TimedOut,
    /// The queue is closed and empty: nothing more will come.
    Closed,
}

/// A bounded first-in first-out queue for a producer and consumers on other threads.
#[derive(Debug)]
pub struct Queue<T> {
    state: Mutex<State<T>>,
    not_empty: Condvar,
    not_full: Condvar,
    capacity: usize,
}

#[derive(Debug)]
struct State<T> {
    items: VecDeque<T>,
    closed: bool,
    /// Consumers waiting for an item.
    poppers_waiting: usize,
    /// Producers waiting for room.
    pushers_waiting: usize,
}

impl<T> Queue<T> {
    /// An empty queue holding at most `capacity` items (at least one).
    pub fn new(capacity: usize) -> Queue<T> {
        Queue {
            state: Mutex::new(State {
                items: VecDeque::with_capacity(capacity.max(1)),
                closed: false,
                poppers_waiting: 0,
                pushers_waiting: 0,
            }),
            not_empty: Condvar::new(),
            not_full: Condvar::new(),
            capacity: capacity.max(1),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State<T>> {
        // A thread that panicked holding the lock left the queue whole: go on.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Adds `item`, waiting while the queue is full; gives it back if the queue is closed.
    pub fn push(&self, item: T) -> Result<(), T> {
        let mut s = self.lock();
        while s.items.len() >= self.capacity && !s.closed {
            s.pushers_waiting += 1;
            s = self.not_full.wait(s).unwrap_or_else(|e| e.into_inner());
            s.pushers_waiting -= 1;
        }
        if s.closed {
            return Err(item);
        }
        s.items.push_back(item);
        if s.poppers_waiting > 0 {
            self.not_empty.notify_one();
        }
        Ok(())
    }

    /// Whether the queue holds as many items as it may: a producer that must not wait
    /// (it has other work) asks before it pushes. With one producer, room seen stays
    /// until it pushes (consumers only take).
    pub fn is_full(&self) -> bool {
        self.lock().items.len() >= self.capacity
    }

    /// Takes the next item, waiting for one at most `timeout` (`None`: as long as it takes).
    pub fn pop(&self, timeout: Option<Duration>) -> Pop<T> {
        let mut s = self.lock();
        loop {
            if let Some(item) = s.items.pop_front() {
                if s.pushers_waiting > 0 && s.items.len() <= self.capacity / 2 {
                    self.not_full.notify_all();
                }
                return Pop::Item(item);
            }
            if s.closed {
                return Pop::Closed;
            }
            s.poppers_waiting += 1;
            let timed_out = match timeout {
                None => {
                    s = self.not_empty.wait(s).unwrap_or_else(|e| e.into_inner());
                    false
                }
                Some(t) => {
                    let (guard, result) = self
                        .not_empty
                        .wait_timeout(s, t)
                        .unwrap_or_else(|e| e.into_inner());
                    s = guard;
                    result.timed_out()
                }
            };
            s.poppers_waiting -= 1;
            if timed_out && s.items.is_empty() && !s.closed {
                return Pop::TimedOut;
            }
        }
    }

    /// Closes the queue: nothing more is added (a push gives its item back), the items
    /// in it can still be taken, and every thread waiting is woken.
    pub fn close(&self) {
        self.lock().closed = true;
        self.not_empty.notify_all();
        self.not_full.notify_all();
    }
}

/// Closes a queue when dropped: a consumer holds one so that, when it ends (or panics),
/// a producer waiting for room is not left waiting for ever.
pub struct CloseOnDrop<'a, T>(pub &'a Queue<T>);

impl<T> Drop for CloseOnDrop<'_, T> {
    fn drop(&mut self) {
        self.0.close();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_come_out_in_order_and_close_ends_the_queue() {
        let q = Queue::new(4);
        std::thread::scope(|s| {
            s.spawn(|| {
                for i in 0..1000 {
                    q.push(i).unwrap();
                }
                q.close();
            });
            let mut got = Vec::new();
            while let Pop::Item(i) = q.pop(None) {
                got.push(i);
            }
            assert_eq!(got, (0..1000).collect::<Vec<_>>());
        });
        assert_eq!(q.push(7), Err(7));
    }

    #[test]
    fn pop_times_out_on_a_quiet_queue_and_several_consumers_share_the_items() {
        let q: Queue<u32> = Queue::new(2);
        assert_eq!(q.pop(Some(Duration::from_millis(10))), Pop::TimedOut);
        let total = std::sync::atomic::AtomicU32::new(0);
        std::thread::scope(|s| {
            for _ in 0..3 {
                s.spawn(|| {
                    while let Pop::Item(i) = q.pop(None) {
                        total.fetch_add(i, std::sync::atomic::Ordering::Relaxed);
                    }
                });
            }
            for i in 1..=100 {
                q.push(i).unwrap();
            }
            q.close();
        });
        assert_eq!(total.into_inner(), 5050);
    }

    #[test]
    fn full_means_a_push_would_wait() {
        let q = Queue::new(2);
        assert!(!q.is_full());
        q.push(1).unwrap();
        assert!(!q.is_full());
        q.push(2).unwrap();
        assert!(q.is_full());
        assert_eq!(q.pop(None), Pop::Item(1));
        assert!(!q.is_full());
    }

    #[test]
    fn a_producer_waiting_for_room_is_freed_when_the_consumers_are_gone() {
        let q = Queue::new(1);
        std::thread::scope(|s| {
            s.spawn(|| {
                let _gone = CloseOnDrop(&q);
                let _ = q.pop(None); // takes one, then ends
            });
            let mut refused = 0;
            for i in 0..10 {
                if q.push(i).is_err() {
                    refused += 1;
                }
            }
            assert!(refused >= 8, "{refused}");
        });
    }
}
