//! `arbiter judge`: replay records (or a position and moves) and report what the rules say.
//! Reading, splitting and judging are the library's ([`arbiter::split_reader`], the path of
//! [`arbiter::judge_reader`], and [`arbiter::InputGame::judge`]); this file walks the inputs
//! and prints the reports in input order as soon as they are judged. With `--jobs 1` each
//! input is read, judged and printed batch by batch on the main thread; with more, one input
//! is a pipeline (a reader thread splits games while the pool judges them, game by game), and
//! many inputs are judged one job per input, a window of them at once.

use super::cli_error;
use crate::args::JudgeArgs;
use crate::inputs::{expand, Input};
use crate::output::{Emitter, Item};
use crate::UsageError;
use rayon::prelude::*;
use std::io::IsTerminal;

/// Games judged in parallel per batch (bounded memory: a batch is emitted before the next).
const BATCH: usize = 256;

/// Text per batch: a batch ends at this many bytes of games even with fewer than [`BATCH`].
const BATCH_BYTES: usize = 4 << 20;

/// The most threads `--jobs` starts per available core (a larger value is clamped, with a note).
const JOBS_PER_CORE: usize = 4;

/// Inputs being judged at once, at most, with `--jobs` > 1 and many inputs.
const FILE_WINDOW: usize = 64;

/// Reports of inputs judged but waiting for an earlier input to be printed, at most (a JSON
/// line or text report each): no input is started past it.
const REPORTS_WAITING: usize = 1 << 16;

struct Ctx {
    options: arbiter::Options,
    warned_rules: std::sync::atomic::AtomicBool,
}

impl Ctx {
    /// Warns once on standard error when `--rules` names a rule set of the other game than
    /// the game judged (it is judged under its own rules all the same).
    fn check_rules(&self, report: &arbiter::GameReport) {
        use std::sync::atomic::Ordering;
        if let Some(msg) = report
            .game()
            .and_then(|g| arbiter::RuleBook::mismatch(self.options.rules, g))
            .map(|u| super::usage_message(&u))
        {
            if !self.warned_rules.swap(true, Ordering::Relaxed) {
                eprintln!("arbiter: warning: {msg}");
            }
        }
    }

    fn judge(&self, game: &arbiter::InputGame) -> Item {
        let report = game.judge(&self.options);
        self.check_rules(&report);
        let mut item = Item::game(&report);
        // Said in the text report too, not only once on standard error.
        if let Some(msg) = report
            .game()
            .and_then(|g| arbiter::RuleBook::mismatch(self.options.rules, g))
            .map(|u| super::usage_message(&u))
        {
            item.text = format!("Note: {msg}.\n{}", item.text);
        }
        item
    }
}

/// Entry point.
pub fn run(a: JudgeArgs, out: &mut Emitter) -> anyhow::Result<()> {
    let options = arbiter::Options {
        game: a.pos.game.map(Into::into),
        rules: a.rules.map(Into::into),
        cycles: a.cycles,
        explain: a.explain,
        dead_check: a.dead_check.into(),
        budget: a
            .max_seconds
            .map_or_else(arbiter::Budget::unlimited, arbiter::Budget::per_game),
        engine_match: a.engine_match,
    };
    if a.pos.fen.is_some() || a.pos.moves.is_some() {
        if !a.files.is_empty() {
            return Err(UsageError("give either FILE... or --fen/--moves, not both".into()).into());
        }
        let moves = a.pos.moves.as_deref().unwrap_or("");
        let report = arbiter::judge_position(a.pos.fen.as_deref(), moves, &options).map_err(cli_error)?;
        out.emit(Item::game(&report));
        return Ok(());
    }
    if a.files.is_empty() {
        return Err(UsageError(
            "nothing to judge: give record files or directories, `-`, or --fen/--moves".into(),
        )
        .into());
    }
    let ctx = Ctx {
        options,
        warned_rules: std::sync::atomic::AtomicBool::new(false),
    };
    let inputs = expand(&a.files);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs(a.jobs))
        .build()?;
    let bar = (std::io::stderr().is_terminal() && inputs.len() > 1).then(|| {
        let b = indicatif::ProgressBar::new(inputs.len() as u64);
        b.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} files, {msg} [{elapsed}<{eta}]")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        b
    });
    let mut tally = Tally {
        out,
        bar,
        games: 0,
        failed: 0,
        unreadable: 0,
        inputs: 0,
    };
    if pool.current_num_threads() == 1 {
        // One thread: each input read, judged and printed in turn, batch by batch.
        for input in &inputs {
            judge_input(input, &ctx, None, &mut |batch| tally.batch(batch));
            if !tally.input_done() {
                break;
            }
        }
    } else if let [input] = inputs.as_slice() {
        // One input, several threads: read on a thread of its own while the pool judges.
        judge_input_pipelined(input, &ctx, &pool, &mut |batch| tally.batch(batch));
        tally.input_done();
    } else {
        judge_inputs_parallel(&inputs, &ctx, &pool, &mut tally);
    }
    let Tally {
        bar,
        games,
        failed,
        unreadable,
        ..
    } = tally;
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    let unread = if unreadable > 0 {
        format!("; {} could not be read", plural(unreadable, "input"))
    } else {
        String::new()
    };
    eprintln!(
        "arbiter: {} from {}; {failed} could not be judged{unread}",
        plural(games, "game"),
        plural(inputs.len(), "file")
    );
    Ok(())
}

/// What has been printed: games (judged or not), games not judged, inputs that could not be
/// read at all (no game index), inputs done; the progress bar.
struct Tally<'a> {
    out: &'a mut Emitter,
    bar: Option<indicatif::ProgressBar>,
    games: usize,
    failed: usize,
    unreadable: usize,
    inputs: usize,
}

impl Tally<'_> {
    /// Prints a batch of items (in input order) and flushes; false once standard output fails.
    fn batch(&mut self, batch: Vec<(Item, bool)>) -> bool {
        for (item, indexed) in batch {
            if item.failed && !indexed {
                self.unreadable += 1;
            } else {
                self.games += 1;
                self.failed += usize::from(item.failed);
            }
            self.out.emit(item);
        }
        self.out.flush();
        self.out.write_error().is_none()
    }

    /// One more input printed whole; false once standard output fails.
    fn input_done(&mut self) -> bool {
        self.inputs += 1;
        if let Some(b) = &self.bar {
            b.set_position(self.inputs as u64);
            b.set_message(format!("{} games, {} not judged", self.games, self.failed));
        }
        self.out.flush();
        self.out.write_error().is_none()
    }
}

/// The items of one input's games, each with whether it belongs to a game (false: the input as
/// a whole could not be read).
type Items = Vec<(Item, bool)>;

/// Judges one batch of games: on `pool` in parallel when given (and the batch has more than one
/// game), else on this thread.
fn judge_batch(batch: &[arbiter::InputGame], ctx: &Ctx, pool: Option<&rayon::ThreadPool>) -> Items {
    let judge_one = |g: &arbiter::InputGame| (ctx.judge(g), g.index().is_some());
    match pool {
        Some(pool) if batch.len() > 1 => pool.install(|| batch.par_iter().map(judge_one).collect()),
        _ => batch.iter().map(judge_one).collect(),
    }
}

/// Reads one input's games in batches (1, 2, 4, … up to [`BATCH`] games, at most
/// [`BATCH_BYTES`] of text: the first report is out after the first game) and hands each to
/// `batch` in file order; `batch` returns false to stop.
///
/// # Errors
/// The input cannot be opened: its error item (the input as a whole could not be read).
fn read_batches(input: &Input, batch: &mut dyn FnMut(Vec<arbiter::InputGame>) -> bool) -> Result<(), Items> {
    let file = input.label();
    let reader = input.open().map_err(|e| {
        let report = arbiter::GameReport::Error(arbiter::GameError::new(&file, None, e, None));
        vec![(Item::game(&report), false)]
    })?;
    let mut split = arbiter::split_reader(reader, &file);
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
            return Ok(());
        }
    }
}

/// Judge every game of one input, streamed: each batch (see [`read_batches`]) is read, judged
/// (in parallel on `pool` when given) and handed to `emit` in file order before the next is
/// read. `emit` returns false to stop (a write error).
fn judge_input(
    input: &Input,
    ctx: &Ctx,
    pool: Option<&rayon::ThreadPool>,
    emit: &mut dyn FnMut(Items) -> bool,
) {
    if let Err(items) = read_batches(input, &mut |games| emit(judge_batch(&games, ctx, pool))) {
        emit(items);
    }
}

/// Games of one input read but not yet judged, at most (the reader waits; a batch read may
/// go past it by up to [`BATCH`] games): what the pool can take up while the next is read.
const READ_AHEAD: usize = 512;

/// Batches judged but waiting for an earlier one to be printed, at most (their reports only:
/// a JSON line or text report per game). Room for the other threads to go on while one long
/// game holds up the printing; the reader waits when it is full.
const WAITING: usize = 64;

/// What the reader of [`judge_input_pipelined`] waits on. The judging jobs count games down
/// without a lock; they take it only to wake the reader when the count falls below
/// [`READ_AHEAD`] (the reader checks the count under the lock, so no wake-up is lost).
#[derive(Default)]
struct Flow {
    /// Games read, not yet judged.
    unjudged: std::sync::atomic::AtomicUsize,
    state: std::sync::Mutex<FlowState>,
    changed: std::sync::Condvar,
}

#[derive(Default)]
struct FlowState {
    /// Batches judged, waiting for an earlier one to be printed.
    waiting: usize,
    /// Printing failed: read no more.
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
/// next to take is `next`), a report per game, and how many are still to come.
struct Slots {
    games: Vec<std::sync::Mutex<Option<arbiter::InputGame>>>,
    next: std::sync::atomic::AtomicUsize,
    items: Vec<std::sync::Mutex<Option<(Item, bool)>>>,
    left: std::sync::atomic::AtomicUsize,
}

/// [`judge_input`] as a pipeline, for one large input with several threads: a thread of its
/// own reads and splits the input into batches; as soon as a batch is read, as many jobs as
/// the pool has threads (at most one per game) start on it, each taking the batch's next game
/// until none is left (no thread waits for a batch's last game, nor for a long game in
/// another batch; one job per thread rather than per game keeps the wake-ups few), and `emit`
/// gets the batches in file order as each is judged. Memory stays flat in the input's size:
/// at most about [`READ_AHEAD`] games are read but not judged (each is dropped once judged),
/// and [`WAITING`] batches judged but not printed. `emit` returns false to stop: the reader
/// stops before its next batch.
fn judge_input_pipelined(
    input: &Input,
    ctx: &Ctx,
    pool: &rayon::ThreadPool,
    emit: &mut dyn FnMut(Items) -> bool,
) {
    use std::sync::atomic::Ordering;
    use std::sync::{Arc, Mutex, PoisonError};
    let flow = Flow::default();
    let flow = &flow;
    let threads = pool.current_num_threads();
    let (done_tx, done_rx) = std::sync::mpsc::channel::<(usize, Items)>();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            pool.in_place_scope(|jobs| {
                let mut n = 0usize;
                let read = read_batches(input, &mut |games| {
                    let i = n;
                    n += 1;
                    let len = games.len();
                    let slots = Arc::new(Slots {
                        items: games.iter().map(|_| Mutex::new(None)).collect(),
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
                            let item = (ctx.judge(&game), game.index().is_some());
                            drop(game);
                            *slots.items[k].lock().unwrap_or_else(PoisonError::into_inner) = Some(item);
                            flow.judged();
                            if slots.left.fetch_sub(1, Ordering::AcqRel) == 1 {
                                // The last of its batch: every slot has been set.
                                let items = slots
                                    .items
                                    .iter()
                                    .filter_map(|m| m.lock().unwrap_or_else(PoisonError::into_inner).take())
                                    .collect();
                                let _ = tx.send((i, items));
                                break;
                            }
                        });
                    }
                    flow.room()
                });
                if let Err(items) = read {
                    let _ = done_tx.send((n, items));
                }
                drop(done_tx);
            });
        });
        let mut batches = InOrder::default();
        // Ends when the reader and every judging job are done (every sender dropped).
        while let Ok((i, items)) = done_rx.recv() {
            batches.insert(i, items);
            while let Some(items) = batches.pop() {
                if !emit(items) {
                    flow.update(|s| s.stop = true);
                    return;
                }
            }
            flow.update(|s| s.waiting = batches.waiting());
        }
    });
}

/// Many inputs (folders of small files) with several threads: each input is judged as one job
/// on `pool` (a large one in parallel batches within it), at most [`FILE_WINDOW`] at once, and
/// printed whole in input order as soon as the inputs before it are out. While a slow input
/// holds up the printing, judged inputs wait (so the threads go on), up to [`REPORTS_WAITING`]
/// reports.
fn judge_inputs_parallel(inputs: &[Input], ctx: &Ctx, pool: &rayon::ThreadPool, tally: &mut Tally<'_>) {
    let (done_tx, done_rx) = std::sync::mpsc::channel::<(usize, Items)>();
    let mut o = Order::default();
    pool.in_place_scope(|jobs| {
        // Waits for one more judged input and prints what is ready; false to stop.
        let mut print_one = |o: &mut Order| {
            let Ok((i, items)) = done_rx.recv() else {
                return false;
            };
            o.received += 1;
            o.waiting += items.len();
            o.inputs.insert(i, items);
            while let Some(items) = o.inputs.pop() {
                o.waiting -= items.len();
                if !tally.batch(items) || !tally.input_done() {
                    return false;
                }
            }
            true
        };
        for (i, input) in inputs.iter().enumerate() {
            while i - o.received >= FILE_WINDOW || o.waiting >= REPORTS_WAITING {
                if !print_one(&mut o) {
                    return;
                }
            }
            let tx = done_tx.clone();
            jobs.spawn(move |_| {
                let mut items = Vec::new();
                judge_input(input, ctx, Some(pool), &mut |batch| {
                    items.extend(batch);
                    true
                });
                let _ = tx.send((i, items));
            });
        }
        while o.inputs.next < inputs.len() {
            if !print_one(&mut o) {
                return;
            }
        }
    });
}

/// Judged pieces (batches of one input, or whole inputs) that arrive out of order, handed out
/// in input order.
#[derive(Default)]
struct InOrder {
    /// Pieces waiting for an earlier one, by number.
    ready: std::collections::BTreeMap<usize, Items>,
    /// The number of the next piece to hand out.
    next: usize,
}

impl InOrder {
    fn insert(&mut self, i: usize, items: Items) {
        self.ready.insert(i, items);
    }

    /// The next piece in order, once it has come.
    fn pop(&mut self) -> Option<Items> {
        let items = self.ready.remove(&self.next)?;
        self.next += 1;
        Some(items)
    }

    /// Pieces waiting for an earlier one.
    fn waiting(&self) -> usize {
        self.ready.len()
    }
}

/// The order of [`judge_inputs_parallel`]'s printing.
#[derive(Default)]
struct Order {
    /// Judged inputs, printed in input order.
    inputs: InOrder,
    /// Inputs received from the jobs (printed or waiting).
    received: usize,
    /// Reports waiting in `ready`.
    waiting: usize,
}

/// The threads for `--jobs N`: at least 1, at most [`JOBS_PER_CORE`] per available core (and
/// 256); a clamped value is noted on standard error. Within one file, games are judged in
/// parallel batches, so one input can use them all.
fn jobs(asked: u64) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let max = (cores * JOBS_PER_CORE).min(256);
    let n = usize::try_from(asked).unwrap_or(usize::MAX).clamp(1, max);
    if u64::try_from(n).is_ok_and(|n| n < asked) {
        eprintln!("arbiter: note: --jobs {asked} clamped to {n} ({JOBS_PER_CORE} per core)");
    }
    n
}
