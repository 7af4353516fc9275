//! `arbiter judge`: replay records (or a position and moves) and report what the rules say.
//! Walking, reading, splitting, judging and the scheduling on `--jobs` threads are the
//! library's ([`arbiter::walk`], [`arbiter::batch::judge_in_order`],
//! [`arbiter::InputGame::judge`]); this file renders each game's report on the judging thread
//! and prints the reports in input order as they are handed over.

use super::cli_error;
use crate::args::JudgeArgs;
use crate::inputs::expand;
use crate::output::{Emitter, Item};
use crate::UsageError;
use std::io::IsTerminal;

/// A single input file at least this large (bytes) gets a progress bar of its own on a
/// terminal, by the bytes of game text judged.
const LARGE_INPUT_BYTES: u64 = 4 << 20;

/// The most threads `--jobs` starts per available core (a larger value is clamped, with a note).
const JOBS_PER_CORE: usize = 4;

struct Ctx {
    options: arbiter::Options,
    warned_rules: std::sync::atomic::AtomicBool,
    /// `--json`: the reports carry no text, so a warning goes to standard error instead.
    json: bool,
}

impl Ctx {
    /// Warns once on standard error when `--rules` names a rule set of the other game than
    /// the game judged (it is judged under its own rules all the same), with `--json` only:
    /// a text report says it in its own "Note:" line, once per run.
    fn check_rules(&self, report: &arbiter::GameReport) {
        use std::sync::atomic::Ordering;
        if !self.json {
            return;
        }
        if let Some(msg) = report
            .game()
            .and_then(|g| arbiter::RuleBook::mismatch(self.options.rules, g))
            .map(|u| super::usage_message(&u))
        {
            if !self.warned_rules.swap(true, Ordering::Relaxed) {
                if crate::output::lang().is_chinese() {
                    eprintln!("arbiter：{}{msg}", crate::output::zh("警告：", "警告："));
                } else {
                    eprintln!("arbiter: warning: {msg}");
                }
            }
        }
    }

    fn judge(&self, game: &arbiter::InputGame) -> Item {
        let report = game.judge(&self.options);
        self.check_rules(&report);
        let mut item = Item::game(&report);
        // A text report says it in a "Note:" line, once per run (before the first game it
        // concerns), not before each of them.
        use std::sync::atomic::Ordering;
        if let Some(msg) = report
            .game()
            .and_then(|g| arbiter::RuleBook::mismatch(self.options.rules, g))
            .map(|u| super::usage_message(&u))
            .filter(|_| !self.json && !self.warned_rules.swap(true, Ordering::Relaxed))
        {
            item.text = if crate::output::lang().is_chinese() {
                format!("{}{msg}。\n{}", crate::output::zh("注意：", "注意："), item.text)
            } else {
                format!("Note: {msg}.\n{}", item.text)
            };
        }
        item
    }
}

/// Entry point.
pub fn run(a: JudgeArgs, out: &mut Emitter) -> anyhow::Result<()> {
    let options = arbiter::Options {
        game: a.pos.game.map(Into::into),
        explain: a.explain,
        dead_check: a.dead_check.into(),
        budget: a
            .max_seconds
            .map_or_else(arbiter::Budget::unlimited, arbiter::Budget::per_game),
        ..a.judging.options()?
    };
    if a.pos.fen.is_some() || a.pos.moves.is_some() {
        if !a.files.is_empty() {
            return Err(super::files_and_position().into());
        }
        let moves = a.pos.moves.as_deref().unwrap_or("");
        let report = arbiter::judge_position(a.pos.fen.as_deref(), moves, &options).map_err(cli_error)?;
        out.emit(Item::game(&report));
        return Ok(());
    }
    if a.files.is_empty() {
        return Err(UsageError(crate::output::say(
            "nothing to judge: give record files or directories, `-`, or --fen/--moves",
            "沒有可判定的對局：請給記錄檔或目錄、`-`，或 --fen/--moves",
            "没有可判定的对局：请给记录文件或目录、`-`，或 --fen/--moves",
        ))
        .into());
    }
    let ctx = Ctx {
        options,
        warned_rules: std::sync::atomic::AtomicBool::new(false),
        json: out.json(),
    };
    let inputs = expand(&a.files);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs(a.jobs))
        .build()?;
    let terminal = std::io::stderr().is_terminal();
    let bar = (terminal && inputs.len() > 1).then(|| {
        let b = indicatif::ProgressBar::new(inputs.len() as u64);
        b.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} files, {msg} [{elapsed}<{eta}]")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        b
    });
    // One large file: a bar by the bytes of game text judged (binary records count no text:
    // their bar shows the games only).
    let one_file_size = match inputs.as_slice() {
        [arbiter::walk::Input::File(p)] if terminal => std::fs::metadata(p).ok().map(|m| m.len()),
        _ => None,
    };
    let bar = bar.or_else(|| {
        one_file_size.filter(|&n| n >= LARGE_INPUT_BYTES).map(|n| {
            let b = indicatif::ProgressBar::new(n);
            b.set_style(
                indicatif::ProgressStyle::with_template(
                    "{bar:40} {bytes}/{total_bytes}, {msg} [{elapsed}<{eta}]",
                )
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
            b
        })
    });
    let by_bytes = inputs.len() == 1 && bar.is_some();
    let judged_bytes = std::sync::atomic::AtomicU64::new(0);
    let mut tally = Tally {
        out,
        bar,
        judged_bytes: by_bytes.then_some(&judged_bytes),
        games: 0,
        failed: 0,
        unreadable: 0,
        inputs: 0,
    };
    let sources: Vec<arbiter::batch::Source> = inputs.iter().map(arbiter::batch::Source::Input).collect();
    let judge = |g: &arbiter::InputGame| {
        judged_bytes.fetch_add(g.text_len() as u64, std::sync::atomic::Ordering::Relaxed);
        (ctx.judge(g), g.index().is_some())
    };
    arbiter::batch::judge_in_order(&sources, &pool, &judge, &mut tally);
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
    if crate::output::lang().is_chinese() {
        let z = crate::output::zh;
        let unread = if unreadable > 0 {
            format!("；{unreadable}{}", z("個輸入無法讀取", "个输入无法读取"))
        } else {
            String::new()
        };
        eprintln!(
            "arbiter：{}{}{games}{}{failed}{}{unread}",
            inputs.len(),
            z("個檔案，共", "个文件，共"),
            z("局；", "局；"),
            z("局無法判定", "局无法判定"),
        );
        return Ok(());
    }
    let unread = if unreadable > 0 {
        format!(
            "; {} could not be read",
            crate::output::plural(unreadable, "input")
        )
    } else {
        String::new()
    };
    eprintln!(
        "arbiter: {} from {}; {failed} could not be judged{unread}",
        crate::output::plural(games, "game"),
        crate::output::plural(inputs.len(), "file")
    );
    Ok(())
}

/// What has been printed: games (judged or not), games not judged, inputs that could not be
/// read at all (no game index), inputs done; the progress bar.
struct Tally<'a> {
    out: &'a mut Emitter,
    bar: Option<indicatif::ProgressBar>,
    /// One large input: the bar counts the bytes of game text judged, not files.
    judged_bytes: Option<&'a std::sync::atomic::AtomicU64>,
    games: usize,
    failed: usize,
    unreadable: usize,
    inputs: usize,
}

/// Each result with whether it belongs to a game (false: the input as a whole could not be
/// read).
impl arbiter::batch::Sink<(Item, bool)> for Tally<'_> {
    /// Prints a batch of items (in input order) and flushes; false once standard output fails.
    fn games(&mut self, batch: Vec<(Item, bool)>) -> bool {
        for (item, indexed) in batch {
            if item.failed && !indexed {
                self.unreadable += 1;
            } else {
                self.games += 1;
                self.failed += usize::from(item.failed);
            }
            self.out.emit(item);
        }
        if let (Some(b), Some(n)) = (&self.bar, self.judged_bytes) {
            let n = n.load(std::sync::atomic::Ordering::Relaxed);
            b.set_position(n.min(b.length().unwrap_or(n)));
            b.set_message(format!(
                "{} {}, {} not judged",
                self.games,
                if self.games == 1 { "game" } else { "games" },
                self.failed
            ));
        }
        self.out.flush();
        self.out.write_error().is_none()
    }

    /// One more input printed whole; false once standard output fails.
    fn input_done(&mut self) -> bool {
        self.inputs += 1;
        if let (Some(b), None) = (&self.bar, self.judged_bytes) {
            b.set_position(self.inputs as u64);
            b.set_message(format!(
                "{} {}, {} not judged",
                self.games,
                if self.games == 1 { "game" } else { "games" },
                self.failed
            ));
        }
        self.out.flush();
        self.out.write_error().is_none()
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
