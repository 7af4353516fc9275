//! `arbiter rescore`: PGN records written back with the results the rules give. Every input
//! byte is copied to the output unchanged but for the games the rules end earlier or
//! otherwise ([`arbiter::rescore`] decides what changes and writes it into the game's text).
//!
//! Streaming: each input is read through a [`Tee`] that keeps the bytes read and not yet
//! written in a [`Spool`]; the library's splitter hands over one game at a time with its
//! byte span, and the spool writes the input's own bytes up to each game's end (or the
//! rewritten game in its place). Memory is bounded by one game ([`records::Limits`]) and the
//! reader's look-ahead, whatever the input's size: the spool writes out anything older than
//! that ([`KEEP`]) even in the middle of a game.
//!
//! A game that cannot be read is copied unchanged and reported as an error item (standard
//! error and `--report`); inputs that are not PGN are refused item by item. Exit code 1 when
//! any item was an error, after every input is written.

use crate::args::RescoreArgs;
use crate::inputs::expand;
use crate::UsageError;
use arbiter::rescore::{Change, Dispute, Finding};
use arbiter::walk::Input;
use std::cell::RefCell;
use std::io::{Read, Write};
use std::rc::Rc;

/// Bytes read and not yet written that the spool keeps at most before writing the oldest out
/// unchanged: a game that can be rewritten is at most [`records::Limits::game_bytes`] and
/// lies within the reader's look-ahead (the format sniff reads up to 1 MiB, the splitter
/// 64 KiB) of the bytes last read.
const KEEP: usize = (8 << 20) + (2 << 20);

/// The spool writes out in steps of this many bytes past [`KEEP`].
const SPILL_STEP: usize = 1 << 20;

/// The largest whole-file (non-PGN) input the records layer reads, plus its sniff: past it an
/// input is PGN and its old bytes may go out before its first game is known.
const WHOLE_MAX: usize = records::MAX_WHOLE_FILE_BYTES + (2 << 20);

/// The bytes of the current input read and not yet written, and the output.
struct Spool {
    /// Bytes read, from input offset `base` on.
    pending: Vec<u8>,
    base: u64,
    out: Box<dyn Write>,
    /// The first write failure (reading goes on; the command stops at the next game).
    error: Option<std::io::Error>,
    /// The input is known to be PGN: old bytes may be written out while reading.
    spill: bool,
    /// Bytes written for all inputs, and whether the last one was a line end.
    written: u64,
    ends_line: bool,
}

impl Spool {
    fn write(&mut self, bytes: &[u8]) {
        if self.error.is_some() || bytes.is_empty() {
            return;
        }
        match self.out.write_all(bytes) {
            Ok(()) => {
                self.written += bytes.len() as u64;
                self.ends_line = matches!(bytes.last(), Some(b'\n' | b'\r'));
            }
            Err(e) => self.error = Some(e),
        }
    }

    /// Bytes read from the input: kept; the oldest written out when over [`KEEP`].
    fn push(&mut self, bytes: &[u8]) {
        self.pending.extend_from_slice(bytes);
        let spill = self.spill || self.pending.len() > WHOLE_MAX;
        if spill && self.pending.len() > KEEP + SPILL_STEP {
            let n = self.pending.len() - KEEP;
            self.write_through(self.base + n as u64);
        }
    }

    /// Writes the input's bytes up to offset `end` (those already written are skipped).
    fn write_through(&mut self, end: u64) {
        let n = usize::try_from(end.saturating_sub(self.base))
            .unwrap_or(usize::MAX)
            .min(self.pending.len());
        let head: Vec<u8> = self.pending.drain(..n).collect();
        self.write(&head);
        self.base += n as u64;
    }

    /// The input's bytes of `span`, when they are still kept.
    fn bytes(&self, span: &std::ops::Range<u64>) -> Option<&[u8]> {
        let s = usize::try_from(span.start.checked_sub(self.base)?).ok()?;
        let e = usize::try_from(span.end - self.base).ok()?;
        self.pending.get(s..e)
    }

    /// Writes the input's bytes before `span`, then `new` in place of the span's bytes; where
    /// `new` lies in the output.
    fn replace(&mut self, span: &std::ops::Range<u64>, new: &[u8]) -> std::ops::Range<u64> {
        self.write_through(span.start);
        let at = self.written;
        self.write(new);
        let n = usize::try_from(span.end - span.start)
            .unwrap_or(usize::MAX)
            .min(self.pending.len());
        self.pending.drain(..n);
        self.base = span.end;
        at..self.written
    }

    /// A new input: a line end first when the output so far does not end a line (so that
    /// its first game cannot join the last one).
    fn start(&mut self) {
        if self.written > 0 && !self.ends_line {
            self.write(b"\n");
        }
        self.pending.clear();
        self.base = 0;
        self.spill = false;
    }
}

/// The reader of an input that keeps every byte it hands over in the [`Spool`].
struct Tee<R> {
    src: R,
    spool: Rc<RefCell<Spool>>,
}

impl<R: Read> Read for Tee<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.src.read(buf)?;
        self.spool.borrow_mut().push(&buf[..n]);
        Ok(n)
    }
}

/// What happened to the games: counts for the closing line and the exit code.
#[derive(Default)]
struct Tally {
    games: usize,
    changed: usize,
    disputed: usize,
    errors: usize,
}

/// Where the `--report` lines go.
struct ReportOut(Option<std::io::BufWriter<std::fs::File>>);

impl ReportOut {
    fn line(&mut self, value: &serde_json::Value) -> std::io::Result<()> {
        match &mut self.0 {
            Some(w) => writeln!(w, "{value}"),
            None => Ok(()),
        }
    }
}

/// `{"file","game","status":"changed",...}`: a changed game's report line, with where the
/// game lies in its input and in the output (bytes, `[start, end)`).
fn changed_line(
    file: &str,
    game: usize,
    c: &Change,
    input: &std::ops::Range<u64>,
    output: &std::ops::Range<u64>,
) -> serde_json::Value {
    serde_json::json!({
        "input_bytes": [input.start, input.end],
        "output_bytes": [output.start, output.end],
        "file": file,
        "game": game,
        "status": "changed",
        "old_result": c.recorded,
        "new_result": c.result,
        "reason": c.reason,
        "clause": c.clause,
        "ply": c.ply,
        "must_vary": c.must_vary,
        "moves_after_end": c.moves_after_end,
        "termination": c.termination.pgn(),
    })
}

/// A disputed game's report line.
fn disputed_line(file: &str, game: usize, d: &Dispute) -> serde_json::Value {
    serde_json::json!({
        "file": file,
        "game": game,
        "status": "disputed",
        "old_result": d.recorded,
        "rules_status": d.status,
        "rules_result": d.result,
        "reason": d.reason,
        "clause": d.clause,
        "ply": d.ply,
    })
}

/// An error item's report line (`game` `null` for an input that could not be read at all).
fn error_line(
    file: &str,
    game: Option<usize>,
    ply: Option<usize>,
    mv: Option<&str>,
    why: &str,
) -> serde_json::Value {
    serde_json::json!({
        "file": file,
        "game": game,
        "status": "error",
        "ply": ply,
        "move": mv,
        "error": why,
    })
}

/// An error item: a game (or input) that could not be read, rewritten or taken.
struct ErrorItem<'a> {
    /// The game's number, from 1 (`None`: the input as a whole).
    game: Option<usize>,
    ply: Option<usize>,
    mv: Option<&'a str>,
    why: &'a str,
    /// Its bytes are copied to the output unchanged (not for inputs that are not PGN).
    copied: bool,
}

impl<'a> ErrorItem<'a> {
    /// An item for a game (or input) as a whole, whose bytes are not written.
    fn whole(game: Option<usize>, why: &'a str) -> ErrorItem<'a> {
        ErrorItem {
            game,
            ply: None,
            mv: None,
            why,
            copied: false,
        }
    }
}

/// Names an error item on standard error (`FILE: game N, ply P (MOVE): why`) and in the report.
fn error_item(
    file: &str,
    e: &ErrorItem<'_>,
    tally: &mut Tally,
    report: &mut ReportOut,
) -> std::io::Result<()> {
    tally.errors += 1;
    let at = match (e.game, e.ply) {
        (Some(g), Some(p)) => format!(": game {g}, ply {p}"),
        (Some(g), None) => format!(": game {g}"),
        _ => String::new(),
    };
    let shown = e.mv.map(|m| format!(" ({m})")).unwrap_or_default();
    let copied = if e.copied { "; copied unchanged" } else { "" };
    eprintln!("arbiter: {file}{at}{shown}: {}{copied}", e.why);
    report.line(&error_line(file, e.game, e.ply, e.mv, e.why))
}

/// Run the subcommand.
///
/// # Errors
/// A usage error (`--out` is an input, a file that cannot be created); writing fails; some
/// game or input was an error item (after every input is written).
pub fn run(a: RescoreArgs) -> anyhow::Result<()> {
    let inputs = expand(&a.files);
    if let Some(out) = &a.out {
        if let Ok(out) = std::fs::canonicalize(out) {
            for input in &inputs {
                if let Input::File(p) = input {
                    if std::fs::canonicalize(p).is_ok_and(|p| p == out) {
                        return Err(UsageError(format!(
                            "--out {} is one of the inputs: write to another file",
                            out.display()
                        ))
                        .into());
                    }
                }
            }
        }
    }
    let out: Box<dyn Write> = match &a.out {
        Some(p) => Box::new(std::io::BufWriter::new(std::fs::File::create(p).map_err(
            |e| UsageError(format!("--out {}: cannot create it: {e}", p.display())),
        )?)),
        None => Box::new(std::io::BufWriter::new(std::io::stdout())),
    };
    let mut report = ReportOut(match &a.report {
        Some(p) => Some(std::io::BufWriter::new(std::fs::File::create(p).map_err(
            |e| UsageError(format!("--report {}: cannot create it: {e}", p.display())),
        )?)),
        None => None,
    });
    let options = a.judging.options()?;
    let spool = Rc::new(RefCell::new(Spool {
        pending: Vec::new(),
        base: 0,
        out,
        error: None,
        spill: false,
        written: 0,
        ends_line: true,
    }));
    let mut tally = Tally::default();
    for input in &inputs {
        rescore_input(input, &options, &spool, &mut report, &mut tally)?;
        if let Some(e) = spool.borrow_mut().error.take() {
            return Err(anyhow::Error::new(e).context("cannot write the output"));
        }
    }
    {
        let mut s = spool.borrow_mut();
        if let Err(e) = s.out.flush() {
            return Err(anyhow::Error::new(e).context("cannot write the output"));
        }
    }
    if let Some(w) = &mut report.0 {
        w.flush()?;
    }
    eprintln!(
        "arbiter: {} from {}: {} changed, {} disputed, {} (named above)",
        crate::output::plural(tally.games, "game"),
        crate::output::plural(inputs.len(), "file"),
        tally.changed,
        tally.disputed,
        crate::output::plural(tally.errors, "error item"),
    );
    if tally.errors > 0 {
        anyhow::bail!(
            "{} (games that could not be read or rewritten are copied unchanged; inputs that are not PGN are not written)",
            crate::output::plural(tally.errors, "error item")
        );
    }
    Ok(())
}

/// Re-scores one input into the spool's output.
fn rescore_input(
    input: &Input,
    options: &arbiter::Options,
    spool: &Rc<RefCell<Spool>>,
    report: &mut ReportOut,
    tally: &mut Tally,
) -> anyhow::Result<()> {
    let file = input.label();
    let reader = match input.open() {
        Ok(r) => r,
        Err(why) => {
            error_item(&file, &ErrorItem::whole(None, &why.reason), tally, report)?;
            return Ok(());
        }
    };
    spool.borrow_mut().start();
    let tee = Tee {
        src: reader,
        spool: Rc::clone(spool),
    };
    let mut pgn_input = true;
    for game in arbiter::split_reader(tee, &file) {
        let number = game.index().map(|i| i + 1);
        if !game.is_pgn() {
            // Another format (its bytes are not copied), or an input that could not be read.
            pgn_input = false;
            let why = match game.judge(options) {
                arbiter::GameReport::Error(e) if game.index().is_none() => e.error,
                _ => "not PGN: rescore writes PGN records only (convert it first: \
                      arbiter convert --to pgn FILE | arbiter rescore -)"
                    .to_string(),
            };
            error_item(&file, &ErrorItem::whole(number, &why), tally, report)?;
            continue;
        }
        spool.borrow_mut().spill = true;
        tally.games += 1;
        let judged = game.judge(options);
        // The `[Termination]` tag is read only when the finding needs it (an incorrect claim).
        let termination = || {
            game.pgn()
                .and_then(|raw| raw.tag("Termination").map(str::to_string))
        };
        match arbiter::rescore::finding(&judged, termination) {
            None => {
                let (ply, mv, why) = match &judged {
                    arbiter::GameReport::Error(e) => (e.ply, e.mv.clone(), e.error.clone()),
                    _ => (None, None, String::new()),
                };
                error_item(
                    &file,
                    &ErrorItem {
                        game: number,
                        ply,
                        mv: mv.as_deref(),
                        why: &why,
                        copied: true,
                    },
                    tally,
                    report,
                )?;
            }
            Some(Finding::Agrees) => {}
            Some(Finding::Disputed(d)) => {
                tally.disputed += 1;
                report.line(&disputed_line(&file, number.unwrap_or(0), &d))?;
            }
            Some(Finding::Change(c))
                if game
                    .pgn()
                    .is_some_and(|raw| arbiter::render::rescore::already_written(&raw, &c)) => {}
            Some(Finding::Change(c)) => {
                let rewritten = match (game.span(), game.pgn()) {
                    (Some(span), Some(raw)) => {
                        let s = spool.borrow();
                        match s.bytes(&span) {
                            Some(original) => arbiter::render::rescore::rewrite_bytes(original, &raw, &c)
                                .map(|b| (span.clone(), b))
                                .map_err(|e| e.to_string()),
                            None => Err("its bytes were already written out".to_string()),
                        }
                    }
                    _ => Err("a game in UTF-16 text is not rewritten".to_string()),
                };
                match rewritten {
                    Ok((span, bytes)) => {
                        tally.changed += 1;
                        let written = spool.borrow_mut().replace(&span, &bytes);
                        report.line(&changed_line(&file, number.unwrap_or(0), &c, &span, &written))?;
                    }
                    Err(why) => {
                        let why = format!("the rules give {} ({}) but {why}", c.result, c.clause);
                        let item = ErrorItem {
                            game: number,
                            ply: Some(c.ply),
                            mv: None,
                            why: &why,
                            copied: true,
                        };
                        error_item(&file, &item, tally, report)?;
                    }
                }
            }
        }
        if let Some(span) = game.span() {
            spool.borrow_mut().write_through(span.end);
        }
        if spool.borrow().error.is_some() {
            return Ok(());
        }
    }
    let mut s = spool.borrow_mut();
    if pgn_input {
        s.write_through(u64::MAX);
    } else {
        s.pending.clear();
    }
    Ok(())
}
