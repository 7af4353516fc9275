//! Judging many games on several threads, handed out in input order: every game of a list of
//! inputs (record files, standard input, bytes in memory) goes through a caller's `judge`
//! (a report, or what the caller makes of it: a JSON line, a text report) on a `rayon` pool,
//! and the results reach a [`Sink`] in the order of the inputs and of the games within each,
//! as soon as the ones before them are done. Memory stays bounded whatever the inputs' size.
//!
//! How the work is scheduled (see [`judge_in_order`]):
//! - one thread: each input read, judged and handed over batch by batch on this thread;
//! - one input, several threads: a pipeline (a thread of its own reads and splits the input
//!   while the pool judges the batches read, game by game);
//! - many inputs, several threads: one job per input, a window of them at once, each handed
//!   over whole in input order.
//!
//! ```
//! let pgn = "[Event \"x\"]\n\n1. h2e2 h9g7 *\n\n[Event \"y\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
//! let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
//! let sources = [arbiter::batch::Source::Bytes { bytes: pgn.as_bytes(), file: "two.pgn" }];
//! let options = arbiter::Options::default();
//! let mut results = Vec::new();
//! let result = |g: &arbiter::InputGame| serde_json::to_value(g.judge(&options)).unwrap()["result"].to_string();
//! arbiter::batch::judge_in_order(&sources, &pool, &result, &mut results);
//! assert_eq!(results, ["\"*\"", "\"0-1\""]);
//! ```

use crate::front::{split_reader, InputGame};
use crate::walk::Input;
use rayon::prelude::*;

/// Games judged in parallel per batch (bounded memory: a batch is handed over before the next).
const BATCH: usize = 256;

/// Text per batch: a batch ends at this many bytes of games even with fewer than [`BATCH`].
const BATCH_BYTES: usize = 4 << 20;

/// Inputs being judged at once, at most, with several threads and many inputs.
const FILE_WINDOW: usize = 64;

/// Results of inputs judged but waiting for an earlier input to be handed over, at most: no
/// input is started past it.
const RESULTS_WAITING: usize = 1 << 16;

/// Games of one input read but not yet judged, at most (the reader waits; a batch read may
/// go past it by up to [`BATCH`] games): what the pool can take up while the next is read.
const READ_AHEAD: usize = 512;

/// Batches judged but waiting for an earlier one to be handed over, at most. Room for the
/// other threads to go on while one long game holds up the order; the reader waits when it is
/// full.
const WAITING: usize = 64;

/// One input of a batch.
#[derive(Debug, Clone, Copy)]
pub enum Source<'a> {
    /// A file or standard input ([`Input::open`]; an input that cannot be opened is one item,
    /// [`InputGame::unreadable`]).
    Input(&'a Input),
    /// A record's bytes in memory, labelled `file`.
    Bytes {
        /// The record.
        bytes: &'a [u8],
        /// Its label in the reports.
        file: &'a str,
    },
}

/// Where [`judge_in_order`] hands the results, in input order.
pub trait Sink<T> {
    /// The next results of the current input, in order; false to stop (e.g. a write failed).
    fn games(&mut self, results: Vec<T>) -> bool;
    /// The current input is handed over whole; false to stop.
    fn input_done(&mut self) -> bool {
        true
    }
}

/// Collects every result.
impl<T> Sink<T> for Vec<T> {
    fn games(&mut self, results: Vec<T>) -> bool {
        self.extend(results);
        true
    }
}

/// Judges every game of `sources` with `judge` on `pool` and hands the results to `sink` in
/// input order (see the module docs for the scheduling); stops as soon as `sink` returns false.
pub fn judge_in_order<T, F>(
    sources: &[Source<'_>],
    pool: &rayon::ThreadPool,
    judge: &F,
    sink: &mut dyn Sink<T>,
) where
    T: Send,
    F: Fn(&InputGame) -> T + Sync,
{
    if pool.current_num_threads() == 1 {
        for source in sources {
            let mut go = true;
            judge_source(*source, judge, None, &mut |batch| {
                go = sink.games(batch);
                go
            });
            if !go || !sink.input_done() {
                return;
            }
        }
    } else if let [source] = sources {
        let mut go = true;
        judge_pipelined(*source, judge, pool, &mut |batch| {
            go = sink.games(batch);
            go
        });
        if go {
            sink.input_done();
        }
    } else {
        judge_parallel(sources, judge, pool, sink);
    }
}

/// Judges one batch of games: on `pool` in parallel when given (and the batch has more than one
/// game), else on this thread.
fn judge_batch<T: Send, F: Fn(&InputGame) -> T + Sync>(
    batch: &[InputGame],
    judge: &F,
    pool: Option<&rayon::ThreadPool>,
) -> Vec<T> {
    match pool {
        Some(pool) if batch.len() > 1 => pool.install(|| batch.par_iter().map(judge).collect()),
        _ => batch.iter().map(judge).collect(),
    }
}

/// Reads one source's games in batches (1, 2, 4, … up to [`BATCH`] games, at most
/// [`BATCH_BYTES`] of text: the first result is out after the first game) and hands each to
/// `batch` in order; `batch` returns false to stop. A source that cannot be opened is one
/// batch of its [`InputGame::unreadable`] item.
fn read_batches(source: Source<'_>, batch: &mut dyn FnMut(Vec<InputGame>) -> bool) {
    let mut split = match source {
        Source::Input(input) => {
            let file = input.label();
            match input.open() {
                Ok(reader) => split_reader(reader, &file),
                Err(e) => {
                    batch(vec![InputGame::unopened(&file, e)]);
                    return;
                }
            }
        }
        Source::Bytes { bytes, file } => split_reader(bytes, file),
    };
    let mut size = 1;
    loop {
        let mut games = Vec::new();
        let mut bytes = 0usize;
        for g in split.by_ref() {
            bytes += g.text_len();
            games.push(g);
            if games.len() == size || bytes >= BATCH_BYTES {
                break;
            }
        }
        size = (size * 2).min(BATCH);
        if games.is_empty() || !batch(games) {
            return;
        }
    }
}

/// Judges every game of one source, streamed: each batch (see [`read_batches`]) is read, judged
/// (in parallel on `pool` when given) and handed to `emit` in order before the next is read.
/// `emit` returns false to stop.
fn judge_source<T: Send, F: Fn(&InputGame) -> T + Sync>(
    source: Source<'_>,
    judge: &F,
    pool: Option<&rayon::ThreadPool>,
    emit: &mut dyn FnMut(Vec<T>) -> bool,
) {
    read_batches(source, &mut |games| emit(judge_batch(&games, judge, pool)));
}

/// What the reader of [`judge_pipelined`] waits on. The judging jobs count games down without
/// a lock; they take it only to wake the reader when the count falls below [`READ_AHEAD`] (the
/// reader checks the count under the lock, so no wake-up is lost).
#[derive(Default)]
struct Flow {
    /// Games read, not yet judged.
    unjudged: std::sync::atomic::AtomicUsize,
    state: std::sync::Mutex<FlowState>,
    changed: std::sync::Condvar,
}

#[derive(Default)]
struct FlowState {
    /// Batches judged, waiting for an earlier one to be handed over.
    waiting: usize,
    /// The sink said stop: read no more.
    stop: bool,
}

impl Flow {
    fn lock(&self) -> std::sync::MutexGuard<'_, FlowState> {
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn update(&self, f: impl FnOnce(&mut FlowState)) {
        f(&mut self.lock());
        self.changed.notify_all();
    }

    /// `n` more games read.
    fn read(&self, n: usize) {
        self.unjudged.fetch_add(n, std::sync::atomic::Ordering::AcqRel);
    }

    /// One game judged: wakes the reader when that makes room.
    fn judged(&self) {
        if self.unjudged.fetch_sub(1, std::sync::atomic::Ordering::AcqRel) == READ_AHEAD {
            drop(self.lock());
            self.changed.notify_all();
        }
    }

    /// Waits until there is room to read another batch; false to stop reading.
    fn room(&self) -> bool {
        let s = self.lock();
        let s = self
            .changed
            .wait_while(s, |s| {
                !s.stop
                    && (self.unjudged.load(std::sync::atomic::Ordering::Acquire) >= READ_AHEAD
                        || s.waiting >= WAITING)
            })
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        !s.stop
    }
}

/// One batch being judged: its games, taken one at a time by the jobs working on it (the
/// next to take is `next`), a result per game, and how many are still to come.
struct Slots<T> {
    games: Vec<std::sync::Mutex<Option<InputGame>>>,
    next: std::sync::atomic::AtomicUsize,
    results: Vec<std::sync::Mutex<Option<T>>>,
    left: std::sync::atomic::AtomicUsize,
}

/// [`judge_source`] as a pipeline, for one large source with several threads: a thread of its
/// own reads and splits the source into batches; as soon as a batch is read, as many jobs as
/// the pool has threads (at most one per game) start on it, each taking the batch's next game
/// until none is left (no thread waits for a batch's last game, nor for a long game in
/// another batch; one job per thread rather than per game keeps the wake-ups few), and `emit`
/// gets the batches in order as each is judged. Memory stays flat in the source's size: at
/// most about [`READ_AHEAD`] games are read but not judged (each is dropped once judged), and
/// [`WAITING`] batches judged but not handed over. `emit` returns false to stop: the reader
/// stops before its next batch.
fn judge_pipelined<T: Send, F: Fn(&InputGame) -> T + Sync>(
    source: Source<'_>,
    judge: &F,
    pool: &rayon::ThreadPool,
    emit: &mut dyn FnMut(Vec<T>) -> bool,
) {
    use std::sync::atomic::Ordering;
    use std::sync::{Arc, Mutex, PoisonError};
    let flow = Flow::default();
    let flow = &flow;
    let threads = pool.current_num_threads();
    let (done_tx, done_rx) = std::sync::mpsc::channel::<(usize, Vec<T>)>();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            pool.in_place_scope(|jobs| {
                let mut n = 0usize;
                read_batches(source, &mut |games| {
                    let i = n;
                    n += 1;
                    let len = games.len();
                    let slots = Arc::new(Slots {
                        results: games.iter().map(|_| Mutex::new(None)).collect(),
                        games: games.into_iter().map(|g| Mutex::new(Some(g))).collect(),
                        next: 0.into(),
                        left: len.into(),
                    });
                    flow.read(len);
                    for _ in 0..threads.min(len) {
                        let (slots, tx) = (Arc::clone(&slots), done_tx.clone());
                        jobs.spawn(move |_| loop {
                            let k = slots.next.fetch_add(1, Ordering::Relaxed);
                            let Some(slot) = slots.games.get(k) else {
                                break;
                            };
                            let game = slot.lock().unwrap_or_else(PoisonError::into_inner).take();
                            let Some(game) = game else {
                                continue;
                            };
                            let result = judge(&game);
                            drop(game);
                            *slots.results[k].lock().unwrap_or_else(PoisonError::into_inner) = Some(result);
                            flow.judged();
                            if slots.left.fetch_sub(1, Ordering::AcqRel) == 1 {
                                // The last of its batch: every slot has been set.
                                let results = slots
                                    .results
                                    .iter()
                                    .filter_map(|m| m.lock().unwrap_or_else(PoisonError::into_inner).take())
                                    .collect();
                                let _ = tx.send((i, results));
                                break;
                            }
                        });
                    }
                    flow.room()
                });
                drop(done_tx);
            });
        });
        let mut batches = InOrder::default();
        // Ends when the reader and every judging job are done (every sender dropped).
        while let Ok((i, results)) = done_rx.recv() {
            batches.insert(i, results);
            while let Some(results) = batches.pop() {
                if !emit(results) {
                    flow.update(|s| s.stop = true);
                    return;
                }
            }
            flow.update(|s| s.waiting = batches.waiting());
        }
    });
}

/// Many sources with several threads: each source is judged as one job on `pool` (a large
/// one in parallel batches within it), at most [`FILE_WINDOW`] at once, and handed over whole
/// in input order as soon as the sources before it are out. While a slow source holds up the
/// order, judged sources wait (so the threads go on), up to [`RESULTS_WAITING`] results.
fn judge_parallel<T: Send, F: Fn(&InputGame) -> T + Sync>(
    sources: &[Source<'_>],
    judge: &F,
    pool: &rayon::ThreadPool,
    sink: &mut dyn Sink<T>,
) {
    let (done_tx, done_rx) = std::sync::mpsc::channel::<(usize, Vec<T>)>();
    let mut o = Order::default();
    pool.in_place_scope(|jobs| {
        // Waits for one more judged source and hands over what is ready; false to stop.
        let mut hand_one = |o: &mut Order<T>| {
            let Ok((i, results)) = done_rx.recv() else {
                return false;
            };
            o.received += 1;
            o.waiting += results.len();
            o.sources.insert(i, results);
            while let Some(results) = o.sources.pop() {
                o.waiting -= results.len();
                if !sink.games(results) || !sink.input_done() {
                    return false;
                }
            }
            true
        };
        for (i, source) in sources.iter().enumerate() {
            while i - o.received >= FILE_WINDOW || o.waiting >= RESULTS_WAITING {
                if !hand_one(&mut o) {
                    return;
                }
            }
            let tx = done_tx.clone();
            jobs.spawn(move |_| {
                let mut results = Vec::new();
                judge_source(*source, judge, Some(pool), &mut |batch| {
                    results.extend(batch);
                    true
                });
                let _ = tx.send((i, results));
            });
        }
        while o.sources.next < sources.len() {
            if !hand_one(&mut o) {
                return;
            }
        }
    });
}

/// Judged pieces (batches of one source, or whole sources) that arrive out of order, handed
/// out in input order.
struct InOrder<T> {
    /// Pieces waiting for an earlier one, by number.
    ready: std::collections::BTreeMap<usize, Vec<T>>,
    /// The number of the next piece to hand out.
    next: usize,
}

impl<T> Default for InOrder<T> {
    fn default() -> Self {
        InOrder {
            ready: std::collections::BTreeMap::new(),
            next: 0,
        }
    }
}

impl<T> InOrder<T> {
    fn insert(&mut self, i: usize, results: Vec<T>) {
        self.ready.insert(i, results);
    }

    /// The next piece in order, once it has come.
    fn pop(&mut self) -> Option<Vec<T>> {
        let results = self.ready.remove(&self.next)?;
        self.next += 1;
        Some(results)
    }

    /// Pieces waiting for an earlier one.
    fn waiting(&self) -> usize {
        self.ready.len()
    }
}

/// The order of [`judge_parallel`]'s handing over.
struct Order<T> {
    /// Judged sources, handed over in input order.
    sources: InOrder<T>,
    /// Sources received from the jobs (handed over or waiting).
    received: usize,
    /// Results waiting in `sources`.
    waiting: usize,
}

impl<T> Default for Order<T> {
    fn default() -> Self {
        Order {
            sources: InOrder::default(),
            received: 0,
            waiting: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `n` one-game PGN records, game k with `k + 1` knight moves (so later games are not
    /// slower to judge than earlier ones only by chance).
    fn records(n: usize) -> Vec<String> {
        let moves = ["Nf3", "Nf6", "Ng1", "Ng8"];
        (0..n)
            .map(|k| {
                let text: Vec<&str> = moves.iter().cycle().take(k % 40 + 1).copied().collect();
                format!("[Event \"{k}\"]\n\n{} *\n", text.join(" "))
            })
            .collect()
    }

    /// Every scheduling (one thread, one source pipelined, many sources) gives the results in
    /// input order, the same as judging one game after another.
    #[test]
    fn results_come_in_input_order_on_any_number_of_threads() {
        let one_file: String = records(700).concat();
        let many = records(150);
        let options = crate::Options::default();
        let judge = |g: &InputGame| serde_json::to_string(&g.judge(&options)).unwrap();
        let expected_one: Vec<String> = crate::split_bytes(one_file.as_bytes(), "one.pgn")
            .map(|g| judge(&g))
            .collect();
        assert_eq!(expected_one.len(), 700);
        let labels: Vec<String> = (0..many.len()).map(|k| format!("{k}.pgn")).collect();
        let sources: Vec<Source> = many
            .iter()
            .zip(&labels)
            .map(|(r, file)| Source::Bytes {
                bytes: r.as_bytes(),
                file,
            })
            .collect();
        let expected_many: Vec<String> = many
            .iter()
            .zip(&labels)
            .flat_map(|(r, f)| {
                crate::split_bytes(r.as_bytes(), f)
                    .map(|g| judge(&g))
                    .collect::<Vec<_>>()
            })
            .collect();
        for threads in [1, 2, 3] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let mut got = Vec::new();
            let one = [Source::Bytes {
                bytes: one_file.as_bytes(),
                file: "one.pgn",
            }];
            judge_in_order(&one, &pool, &judge, &mut got);
            assert_eq!(got, expected_one, "{threads} threads, one source");
            let mut got = Vec::new();
            judge_in_order(&sources, &pool, &judge, &mut got);
            assert_eq!(got, expected_many, "{threads} threads, many sources");
        }
    }

    /// Counts inputs handed over and stops after `stop_after` results.
    struct Stopper {
        results: usize,
        inputs: usize,
        stop_after: usize,
    }

    impl Sink<usize> for Stopper {
        fn games(&mut self, results: Vec<usize>) -> bool {
            self.results += results.len();
            self.results < self.stop_after
        }
        fn input_done(&mut self) -> bool {
            self.inputs += 1;
            true
        }
    }

    /// A sink that says stop gets nothing more, on every scheduling.
    #[test]
    fn a_sink_that_stops_gets_no_more() {
        let one_file: String = records(2000).concat();
        let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
        let one = [Source::Bytes {
            bytes: one_file.as_bytes(),
            file: "one.pgn",
        }];
        let mut s = Stopper {
            results: 0,
            inputs: 0,
            stop_after: 3,
        };
        judge_in_order(
            &one,
            &pool,
            &|g: &InputGame| g.index().unwrap_or(usize::MAX),
            &mut s,
        );
        // Batches of 1, 2: the second batch reaches 3 and stops; the input is not done.
        assert_eq!((s.results, s.inputs), (3, 0));
    }

    /// An input that cannot be opened is one item, with no index, in its place.
    #[test]
    fn an_input_that_cannot_be_opened_is_one_item_in_its_place() {
        let missing = Input::Unreadable {
            label: "gone.pgn".into(),
            reason: crate::walk::NoInput::NoSuchPath,
        };
        let sources = [
            Source::Bytes {
                bytes: b"1. e4 *\n",
                file: "a.pgn",
            },
            Source::Input(&missing),
            Source::Bytes {
                bytes: b"1. d4 *\n",
                file: "c.pgn",
            },
        ];
        let options = crate::Options::default();
        let judge = |g: &InputGame| (g.index(), serde_json::to_string(&g.judge(&options)).unwrap());
        for threads in [1, 2] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let mut got = Vec::new();
            judge_in_order(&sources, &pool, &judge, &mut got);
            assert_eq!(got.len(), 3);
            assert_eq!(
                got[1],
                (
                    None,
                    r#"{"error":"no such file or directory","file":"gone.pgn"}"#.to_string()
                )
            );
            assert_eq!((got[0].0, got[2].0), (Some(0), Some(0)));
        }
    }
}
