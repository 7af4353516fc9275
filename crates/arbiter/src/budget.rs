//! Work that can be stopped: a time limit and a cancel flag, checked inside the long loops of
//! judging (the replay of a game, the search for the first dead ply) every few dozen plies, so
//! that work over its limit ends within a fraction of a second.
//!
//! A [`Budget`] says what is allowed (it lives in [`crate::Options`]); [`Budget::start`] gives
//! the [`Deadline`] that one piece of work checks; a stopped piece of work ends with
//! [`Cancelled`] (for a judged game: an error report of its own, the other games go on).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long each game may be judged, an overall deadline and a cancel flag — any of them,
/// none by default (no limit).
///
/// - [`Budget::per_game`]: each game's own clock starts when its judging starts (a batch of
///   games: a game over the limit is an error report of its own, the batch goes on);
/// - [`Budget::until`]: every game stops at one instant (a whole request);
/// - [`Budget::cancel_on`]: stops as soon as another thread sets the flag (a server whose
///   answer has already timed out frees its worker).
///
/// Clones share the cancel flag.
///
/// ```
/// use std::sync::{atomic::{AtomicBool, Ordering}, Arc};
/// use std::time::{Duration, Instant};
///
/// // A request may run 2 s in all; its handler can also stop it at any time.
/// let stop = Arc::new(AtomicBool::new(false));
/// let options = arbiter::Options {
///     budget: arbiter::Budget::unlimited()
///         .until(Instant::now() + Duration::from_secs(2))
///         .cancel_on(stop.clone()),
///     ..arbiter::Options::default()
/// };
/// let pgn = "[Event \"x\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
/// let report = arbiter::judge_bytes(pgn.as_bytes(), "a.pgn", &options).next().unwrap();
/// assert!(!report.is_error()); // judged well within the limit
///
/// stop.store(true, Ordering::Relaxed); // e.g. the answer timed out
/// match arbiter::judge_bytes(pgn.as_bytes(), "a.pgn", &options).next().unwrap() {
///     arbiter::GameReport::Error(e) => assert_eq!(e.error, "stopped after 0.0 s: cancelled"),
///     other => panic!("judged despite the flag: {other:?}"),
/// }
///
/// // The library's own long loops check a started budget.
/// let deadline = arbiter::Budget::per_game(Duration::from_millis(50)).start();
/// assert!(deadline.check().is_ok());
/// std::thread::sleep(Duration::from_millis(60));
/// let e = deadline.check().unwrap_err();
/// assert!(e.to_string().starts_with("stopped after 0.1 s"), "{e}");
/// ```
#[derive(Debug, Clone, Default)]
pub struct Budget {
    per_game: Option<Duration>,
    until: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
}

/// Equal limits and the same cancel flag (the same `Arc`, not an equal value).
impl PartialEq for Budget {
    fn eq(&self, other: &Budget) -> bool {
        let same_flag = match (&self.cancel, &other.cancel) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (a, b) => a.is_none() && b.is_none(),
        };
        self.per_game == other.per_game && self.until == other.until && same_flag
    }
}

impl Eq for Budget {}

impl Budget {
    /// No limit (the default).
    pub fn unlimited() -> Budget {
        Budget::default()
    }

    /// Each game may be judged for at most `limit`, counted from when its judging starts.
    pub fn per_game(limit: Duration) -> Budget {
        Budget {
            per_game: Some(limit),
            ..Budget::default()
        }
    }

    /// All work stops at `deadline` (with a per-game limit too: whichever comes first).
    pub fn until(self, deadline: Instant) -> Budget {
        Budget {
            until: Some(deadline),
            ..self
        }
    }

    /// Work stops once `flag` is set (by any thread).
    pub fn cancel_on(self, flag: Arc<AtomicBool>) -> Budget {
        Budget {
            cancel: Some(flag),
            ..self
        }
    }

    /// Whether the budget sets no limit at all.
    pub fn is_unlimited(&self) -> bool {
        self.per_game.is_none() && self.until.is_none() && self.cancel.is_none()
    }

    /// The deadline of one piece of work (one game) starting now. Reads the clock only when
    /// the budget has a limit.
    pub fn start(&self) -> Deadline {
        if self.is_unlimited() {
            return Deadline::never();
        }
        let now = Instant::now();
        let own = self.per_game.and_then(|d| now.checked_add(d));
        let at = match (own, self.until) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Deadline {
            at,
            started: Some(now),
            cancel: self.cancel.clone(),
        }
    }
}

/// The limit one piece of work checks as it goes (from [`Budget::start`]); [`Deadline::never`]
/// never stops. A check costs a clock reading (and an atomic load with a cancel flag); loops
/// check every few dozen plies or nodes.
#[derive(Debug, Clone, Default)]
pub struct Deadline {
    at: Option<Instant>,
    started: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
}

impl Deadline {
    /// Plies (or search steps) between two checks in the judging loops: a check reads the
    /// clock (tens of nanoseconds), a ply costs about a microsecond.
    pub const CHECK_EVERY: usize = 64;

    /// No limit: [`Deadline::check`] always passes, without reading the clock.
    pub fn never() -> Deadline {
        Deadline::default()
    }

    /// `Ok` while the work may go on; [`Cancelled`] once the deadline has passed or the cancel
    /// flag is set.
    #[inline]
    pub fn check(&self) -> Result<(), Cancelled> {
        if self.at.is_none() && self.cancel.is_none() {
            return Ok(());
        }
        self.check_now()
    }

    #[cold]
    #[inline(never)]
    fn check_now(&self) -> Result<(), Cancelled> {
        let flagged = self.cancel.as_ref().is_some_and(|f| f.load(Ordering::Relaxed));
        let now = Instant::now();
        if flagged || self.at.is_some_and(|at| now >= at) {
            let elapsed = self
                .started
                .map_or(Duration::ZERO, |s| now.saturating_duration_since(s));
            return Err(Cancelled {
                elapsed,
                by_flag: flagged,
            });
        }
        Ok(())
    }
}

/// Work stopped by its [`Deadline`]: `"stopped after 2.0 s: over the time limit"` (or
/// `"…: cancelled"` when the cancel flag stopped it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "stopped after {:.1} s: {}",
    elapsed.as_secs_f64(),
    if *by_flag { "cancelled" } else { "over the time limit" }
)]
pub struct Cancelled {
    /// How long the work had run (from [`Budget::start`]).
    pub elapsed: Duration,
    /// Whether the cancel flag stopped it (else the deadline passed).
    pub by_flag: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unlimited_never_stops() {
        let d = Budget::unlimited().start();
        assert!(d.check().is_ok());
        assert!(d.started.is_none(), "no clock read without a limit");
    }

    #[test]
    fn a_passed_deadline_stops_and_says_when() {
        let d = Budget::unlimited().until(Instant::now()).start();
        let e = d.check().unwrap_err();
        assert!(!e.by_flag);
        assert_eq!(e.to_string(), "stopped after 0.0 s: over the time limit");
    }

    #[test]
    fn the_flag_stops_every_clone() {
        let flag = Arc::new(AtomicBool::new(false));
        let budget = Budget::per_game(Duration::from_secs(3600)).cancel_on(flag.clone());
        let (a, b) = (budget.start(), budget.clone().start());
        assert!(a.check().is_ok() && b.check().is_ok());
        flag.store(true, Ordering::Relaxed);
        assert!(a.check().unwrap_err().by_flag && b.check().unwrap_err().by_flag);
        assert!(a.check().unwrap_err().to_string().ends_with(": cancelled"));
    }

    #[test]
    fn the_earlier_limit_wins() {
        let d = Budget::per_game(Duration::from_secs(3600))
            .until(Instant::now())
            .start();
        assert!(d.check().is_err());
    }
}
