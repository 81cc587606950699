//! Solvers that run in a child process so that a deadline can always be honoured: the
//! parent's side ([`Isolated`]), the worker process it talks to ([`child`]), the lines
//! they exchange ([`protocol`]) and the worker's own side ([`serve`]).
//!
//! Some engines cannot be stopped in time from inside: varisat cannot be interrupted at
//! all (`sat`), and microlp checks its time limit only every thousand simplex pivots
//! (`ip`). The registry runs such configurations in a worker (`Runs::Worker`);
//! [`Isolated`] wraps them. A solve
//! without a deadline runs in this process. A solve with one goes to a long-lived worker
//! (and every solve does for an engine that may not share a process with another
//! thread's solves, `Runs::OwnProcess`: CBC, whose library takes a lock of the whole
//! process, so that one `compare` thread's wait would count in another's time):
//! this executable when it is `sudoku-arena` or has called [`serve_if_asked`] (else
//! another `sudoku-arena` binary, see [`worker_executable`]) started once with the
//! arguments `__worker SPEC`, which builds the solver with the constructor it is handed
//! and then answers one puzzle per line on its standard input. Each solution comes back
//! as soon as it is found, then the outcome with the child's own measure of the solve.
//! The worker is told the deadline too, and an engine that checks it stops there and
//! answers, so the worker stays for the next puzzle. When no answer has come by the
//! deadline, the worker and everything it started are killed, and the next solve starts
//! a fresh one. Which of the two ends a solve can turn on scheduling (the worker's
//! answer may arrive just before this side wakes); either way the verdict follows from
//! the solutions received, and a kill is marked by the outcome's `cpu_source`,
//! `worker-rusage`.
//!
//! A memory limit ([`SolveOptions::mem_limit`]) sends every solve of a backend that
//! solves in this process (`Runs::InProcess`) or in a worker to the worker, with or
//! without a deadline: a limit is held only on a process of the solve's own. The worker
//! resets its resident high-water mark before each solve and reports it after (the
//! outcome's `peak_rss_kb`); this side samples the worker's resident size while it
//! solves and kills it once past the limit. Either way past the limit, the verdict is
//! `memout`.
//!
//! Time is measured the same way for every built-in backend: around the solve itself, in
//! the process that runs it ([`Timed`] here and in the worker), with the solving
//! thread's CPU time beside it. What the pipe and process start cost is the outcome's
//! `transport_ms`, never part of `time_ms`.
mod child;
mod isolated;
mod protocol;
mod prove;
mod serve;

pub use child::{worker_executable, WORKER_ENV};
pub(crate) use isolated::{Isolated, WorkerFor};
pub(crate) use prove::PROVE_ARG;
pub(crate) use serve::serve_if_asked;

use std::sync::atomic::AtomicBool;

/// Set once this executable has called `serve_if_asked`: it can serve as a worker.
static SERVES: AtomicBool = AtomicBool::new(false);
