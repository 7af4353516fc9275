//! `arbiter judge`: replay records (or a position and moves) and report what the rules say.
//! Reading, splitting and judging are the library's ([`arbiter::split_reader`], the path of
//! [`arbiter::judge_reader`], and [`arbiter::InputGame::judge`]); this file walks the inputs,
//! streams each one in batches of games judged in parallel with `--jobs`, and prints each
//! batch in input order as soon as it is judged.

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

/// Files judged in parallel per window with `--jobs` > 1.
const FILE_WINDOW: usize = 64;

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
            .and_then(|g| arbiter::Rules::mismatch(self.options.rules, g))
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
            .and_then(|g| arbiter::Rules::mismatch(self.options.rules, g))
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
    // Games judged or not; inputs that could not be read at all (no game index) apart.
    let (mut games, mut failed, mut unreadable) = (0usize, 0usize, 0usize);
    // With --jobs > 1, a window of files is judged in parallel (folders of one-game files);
    // games within a big file are also judged in parallel batches (see `judge_input`). Output
    // stays in input order and memory is bounded by the window.
    let window = if pool.current_num_threads() > 1 {
        FILE_WINDOW
    } else {
        1
    };
    for chunk in inputs.chunks(window) {
        {
            let mut tally = |out: &mut Emitter, (item, indexed): (Item, bool)| {
                if item.failed && !indexed {
                    unreadable += 1;
                } else {
                    games += 1;
                    failed += usize::from(item.failed);
                }
                out.emit(item);
            };
            if let [input] = chunk {
                // One input: each batch is printed as soon as it is judged.
                judge_input(input, &ctx, &pool, &mut |batch| {
                    batch.into_iter().for_each(|item| tally(out, item));
                    out.flush();
                    out.write_error().is_none()
                });
            } else {
                let per_file: Vec<Vec<(Item, bool)>> = pool.install(|| {
                    chunk
                        .par_iter()
                        .map(|input| {
                            let mut items = Vec::new();
                            judge_input(input, &ctx, &pool, &mut |batch| {
                                items.extend(batch);
                                true
                            });
                            items
                        })
                        .collect()
                });
                per_file.into_iter().flatten().for_each(|item| tally(out, item));
            }
        }
        out.flush();
        if out.write_error().is_some() {
            break;
        }
        if let Some(b) = &bar {
            b.inc(chunk.len() as u64);
            b.set_message(format!("{games} games, {failed} not judged"));
        }
    }
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

/// Judge every game of one input, streamed: a batch of games (1, 2, 4, … up to [`BATCH`]
/// games, at most [`BATCH_BYTES`] of text) is read, judged (in parallel with `--jobs`) and handed to `emit`
/// in file order before the next is read, each item with whether it belongs to a game (false:
/// the input as a whole could not be read). `emit` returns false to stop (a write error).
fn judge_input(
    input: &Input,
    ctx: &Ctx,
    pool: &rayon::ThreadPool,
    emit: &mut dyn FnMut(Vec<(Item, bool)>) -> bool,
) {
    let file = input.label();
    let reader = match input.open() {
        Ok(r) => r,
        Err(e) => {
            let report = arbiter::GameReport::Error(arbiter::GameError::new(&file, None, e, None));
            emit(vec![(Item::game(&report), false)]);
            return;
        }
    };
    let mut split = arbiter::split_reader(reader, &file);
    // Batches grow from one game to [`BATCH`]: the first report is out after the first game.
    let mut size = 1;
    loop {
        let mut batch = Vec::new();
        let mut bytes = 0usize;
        for g in split.by_ref() {
            bytes += g.text_len();
            batch.push(g);
            if batch.len() == size || bytes >= BATCH_BYTES {
                break;
            }
        }
        size = (size * 2).min(BATCH);
        if batch.is_empty() {
            return;
        }
        let judge_one = |g: &arbiter::InputGame| (ctx.judge(g), g.index().is_some());
        let items: Vec<(Item, bool)> = if pool.current_num_threads() > 1 && batch.len() > 1 {
            pool.install(|| batch.par_iter().map(judge_one).collect())
        } else {
            batch.iter().map(judge_one).collect()
        };
        if !emit(items) {
            return;
        }
    }
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
