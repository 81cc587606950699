//! A one-line hint on standard error when a solve with no time budget runs long, so a
//! person watching a silent terminal learns about `--timeout`.

use super::Budget;
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

/// How long a solve runs before the hint.
const HINT_AFTER: Duration = Duration::from_secs(10);

/// Watches the solves of one command; says the hint at most once.
pub struct SlowHint {
    current: Arc<Mutex<Option<Instant>>>,
}

impl SlowHint {
    /// A watcher for a command run with `budget`: it watches only when there is none.
    pub fn new(budget: Budget) -> Option<SlowHint> {
        if budget.0.is_some() {
            return None;
        }
        {
            let current = Arc::new(Mutex::new(None));
            let weak: Weak<Mutex<Option<Instant>>> = Arc::downgrade(&current);
            std::thread::spawn(move || loop {
                std::thread::sleep(Duration::from_millis(200));
                let Some(current) = weak.upgrade() else {
                    return;
                };
                let started = *current.lock().unwrap_or_else(|e| e.into_inner());
                if started.is_some_and(|t| t.elapsed() >= HINT_AFTER) {
                    eprintln!(
                        "sudoku-arena: this solve has run for {} s with no time budget; --timeout SECS bounds each solve",
                        HINT_AFTER.as_secs()
                    );
                    return;
                }
            });
            Some(SlowHint { current })
        }
    }

    /// A solve starts (`true`) or ends (`false`).
    pub fn running(watch: &Option<SlowHint>, running: bool) {
        if let Some(w) = watch {
            *w.current.lock().unwrap_or_else(|e| e.into_inner()) = running.then(Instant::now);
        }
    }
}
