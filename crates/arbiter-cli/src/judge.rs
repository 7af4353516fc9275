//! `arbiter judge`: replay records (or a position and moves) and report what the rules say.

use crate::args::{DeadCheckArg, GameKind, JudgeArgs, RulesArg};
use crate::inputs::{expand, Input};
use crate::output::{Emitter, Item};
use crate::{chess_cmd, xiangqi_cmd, UsageError};
use arbiter::xiangqi::referee::Referee;
use arbiter::xiangqi::report;
use arbiter::xiangqi::rules::{RuleSet, RulesId};
use arbiter::xiangqi::verdict::{Reason, Status};
use rayon::prelude::*;
use records::{pgn, record, Game, Record, RecordError};
use serde_json::{json, Value};
use std::io::IsTerminal;

/// Games judged in parallel per batch (bounded memory: a batch is emitted before the next).
const BATCH: usize = 256;

/// Files judged in parallel per window with `--jobs` > 1.
const FILE_WINDOW: usize = 64;

/// The xiangqi rule set chosen by `--rules` (AXF unless `tw113`; `fide` applies to chess).
pub fn xiangqi_rules(r: Option<RulesArg>) -> RuleSet {
    match r {
        Some(RulesArg::Tw113) => RuleSet::by_id(RulesId::Tw113),
        _ => RuleSet::axf(),
    }
}

struct Ctx {
    rules: RuleSet,
    cycles: u32,
    explain: bool,
    kind: Option<GameKind>,
    chess: arbiter::chess::JudgeOptions,
    /// `--rules` as given, to warn (once) when it names the other game's rule set.
    rules_arg: Option<RulesArg>,
    warned_rules: std::sync::atomic::AtomicBool,
}

impl Ctx {
    /// Warns once on standard error when `--rules` names a rule set of the other game than
    /// `kind` (the game is judged under its own rules all the same).
    fn check_rules(&self, kind: GameKind) {
        use std::sync::atomic::Ordering;
        if let Some(msg) = rules_mismatch(self.rules_arg, kind) {
            if !self.warned_rules.swap(true, Ordering::Relaxed) {
                eprintln!("arbiter: warning: {msg}");
            }
        }
    }
}

/// The complaint when `--rules` does not fit the game, if it does not.
fn rules_mismatch(rules: Option<RulesArg>, kind: GameKind) -> Option<&'static str> {
    match (rules, kind) {
        (Some(RulesArg::Axf | RulesArg::Tw113), GameKind::Chess) => {
            Some("--rules axf/tw113 are xiangqi rule sets; chess games are judged under fide")
        }
        (Some(RulesArg::Fide), GameKind::Xiangqi) => {
            Some("--rules fide is the chess rule set; xiangqi games are judged under axf")
        }
        _ => None,
    }
}

/// Entry point.
pub fn run(a: JudgeArgs, out: &mut Emitter) -> anyhow::Result<()> {
    let ctx = Ctx {
        rules: xiangqi_rules(a.rules),
        cycles: a.cycles,
        explain: a.explain,
        kind: a.pos.game,
        chess: arbiter::chess::JudgeOptions {
            dead_check: match a.dead_check {
                DeadCheckArg::Screen => arbiter::chess::DeadCheck::Screen,
                DeadCheckArg::Exact => arbiter::chess::DeadCheck::Exact,
                DeadCheckArg::Off => arbiter::chess::DeadCheck::Off,
            },
        },
        rules_arg: a.rules,
        warned_rules: std::sync::atomic::AtomicBool::new(false),
    };
    if a.pos.fen.is_some() || a.pos.moves.is_some() {
        if !a.files.is_empty() {
            return Err(UsageError("give either FILE... or --fen/--moves, not both".into()).into());
        }
        let fen = a.pos.fen.as_deref();
        let moves = a.pos.moves.as_deref().unwrap_or("");
        let kind = xiangqi_cmd::game_of(fen, a.pos.moves.as_deref(), a.pos.game);
        if let Some(msg) = rules_mismatch(a.rules, kind) {
            return Err(UsageError(msg.into()).into());
        }
        let item = match kind {
            GameKind::Chess => chess_cmd::judge_position(fen, moves, "-", &ctx.chess),
            GameKind::Xiangqi => judge_xiangqi_position(fen, moves, &ctx),
        };
        out.emit(item);
        return Ok(());
    }
    if a.files.is_empty() {
        return Err(UsageError(
            "nothing to judge: give record files or directories, `-`, or --fen/--moves".into(),
        )
        .into());
    }
    let inputs = expand(&a.files);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.jobs.max(1) as usize)
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
            let mut tally = |item: Item| {
                if item.failed && item.json.get("index").is_none() {
                    unreadable += 1;
                } else {
                    games += 1;
                    failed += usize::from(item.failed);
                }
                out.emit(item);
            };
            if let [input] = chunk {
                judge_input(input, &ctx, &pool, &mut tally);
            } else {
                let per_file: Vec<Vec<Item>> = pool.install(|| {
                    chunk
                        .par_iter()
                        .map(|input| {
                            let mut items = Vec::new();
                            judge_input(input, &ctx, &pool, &mut |item| items.push(item));
                            items
                        })
                        .collect()
                });
                per_file.into_iter().flatten().for_each(&mut tally);
            }
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

fn record_error_item(file: &str, e: &RecordError) -> Item {
    let mut item = Item::error(file, Some(e.index), &e.kind.to_string(), e.ply);
    if let Some(t) = &e.text {
        item.json["move"] = json!(t);
    }
    item.text = format!("{e}\n");
    if e.file.is_none() {
        item.text = format!("{file}: {e}\n");
    }
    item
}

/// Judge every game of one input, calling `emit` in file order.
fn judge_input(input: &Input, ctx: &Ctx, pool: &rayon::ThreadPool, emit: &mut dyn FnMut(Item)) {
    let file = input.label();
    let bytes = match input.read() {
        Ok(b) => b,
        Err(e) => return emit(Item::error(&file, None, &e, None)),
    };
    let xqf_name = file.to_ascii_lowercase().ends_with(".xqf");
    if xqf_name && !record::is_xqf(&bytes) {
        return emit(Item::error(
            &file,
            Some(0),
            "not an XQF file: it does not start with the 'XQ' signature",
            None,
        ));
    }
    if bytes.iter().all(|b| b.is_ascii_whitespace()) {
        return emit(Item::error(
            &file,
            None,
            "no game found: the input is empty",
            None,
        ));
    }
    // XQF, CBR, CBL, CBF, DhtmlXQ and move lists go through the records crate's game iterator.
    let Some(decoded) = record::decode_if_pgn(&bytes) else {
        let opts = records::ReadOptions {
            kind: Some(records::GameKind::Xiangqi),
            file: Some(file.clone()),
        };
        for (i, g) in records::games(&bytes, opts) {
            emit(judge_game(&file, i, g, ctx));
        }
        return;
    };
    let mut split = pgn::games(&decoded.text).enumerate().peekable();
    while split.peek().is_some() {
        let batch: Vec<(usize, pgn::RawGame)> = split.by_ref().take(BATCH).collect();
        let judge_one = |(i, raw): &(usize, pgn::RawGame)| {
            let kind = ctx.kind.unwrap_or_else(|| pgn::detect_game(raw).into());
            ctx.check_rules(kind);
            match kind {
                GameKind::Chess => judge_chess(&file, *i, raw, ctx),
                GameKind::Xiangqi => match record::replay_pgn(raw, decoded.encoding, *i, Some(&file)) {
                    Ok(r) => judge_record(&file, *i, &r, ctx),
                    Err(e) => record_error_item(&file, &e),
                },
            }
        };
        let items: Vec<Item> = if pool.current_num_threads() > 1 {
            pool.install(|| batch.par_iter().map(judge_one).collect())
        } else {
            batch.iter().map(judge_one).collect()
        };
        items.into_iter().for_each(&mut *emit);
    }
}

fn judge_game(file: &str, index: usize, game: Result<Game, RecordError>, ctx: &Ctx) -> Item {
    match game {
        Err(e) => record_error_item(file, &e),
        Ok(Game::Chess(raw)) => {
            ctx.check_rules(GameKind::Chess);
            judge_chess(file, index, &raw, ctx)
        }
        Ok(Game::Xiangqi(r)) => {
            ctx.check_rules(GameKind::Xiangqi);
            judge_record(file, index, &r, ctx)
        }
    }
}

/// Judge one chess game of a PGN file (after checking that every main-line token is a move).
fn judge_chess(file: &str, index: usize, raw: &pgn::RawGame, ctx: &Ctx) -> Item {
    match unreadable_chess_token(raw.movetext()) {
        Some((ply, token)) => {
            let mut item = Item::error(
                file,
                Some(index),
                &format!("'{token}' is not a chess move (SAN such as Nf3, O-O, exd6, e8=Q)"),
                Some(ply),
            );
            item.json["move"] = json!(token);
            item
        }
        None => chess_cmd::judge_pgn_game(file, index, &raw.text, &ctx.chess),
    }
}

/// The first main-line token of a chess movetext that is not SAN, with its ply (1-based).
/// The chess PGN reader skips such tokens silently; a record with one must not be judged as
/// if the token were not there.
fn unreadable_chess_token(movetext: &str) -> Option<(usize, String)> {
    pgn::main_line_moves(movetext).enumerate().find_map(|(i, m)| {
        let t = m.trim_end_matches(['+', '#', '!', '?']);
        let ok = matches!(t, "--" | "Z0" | "0-0" | "0-0-0")
            || shakmaty::san::San::from_ascii(t.as_bytes()).is_ok();
        (!ok).then(|| (i + 1, m.to_string()))
    })
}

/// Judge one replayed xiangqi record.
fn judge_record(file: &str, index: usize, rec: &Record, ctx: &Ctx) -> Item {
    let mut referee = Referee::new(ctx.rules.clone(), rec.start.clone(), ctx.cycles);
    // The reader replayed every move with full legality checks.
    referee.replay(&rec.moves);
    let extra = rec.after_end.len();
    let mut v = Value::Object(game_json(&referee, ctx, extra));
    v["file"] = json!(file);
    v["index"] = json!(index);
    v["recorded_result"] = json!(rec.result);
    // The record disagrees with the rules when the rules ended the game with another result.
    let verdict = referee.verdict();
    v["result_agrees"] =
        json!(!(verdict.status == Status::Decided && rec.result != "*" && rec.result != verdict.result));
    v["notation_warnings"] = json!(rec.warnings.len());
    let mut text = String::new();
    let name = |t: &str| rec.tag(t).filter(|s| !s.is_empty()).map(str::to_string);
    let players = match (name("Red").or(name("White")), name("Black")) {
        (Some(r), Some(b)) => format!(": {r} vs {b}"),
        _ => String::new(),
    };
    let event = name("Event").map(|e| format!(" ({e})")).unwrap_or_default();
    text.push_str(&format!("{file} #{index}{players}{event}\n"));
    text.push_str(&game_text(&referee, ctx, extra, Some(&rec.result)));
    if !rec.warnings.is_empty() {
        text.push_str(&format!(
            "  {} notation warning(s): 前/後 omitted and resolved by legality (first at ply {})\n",
            rec.warnings.len(),
            rec.warnings[0].ply
        ));
    }
    Item::ok(v, text)
}

/// The JSON fields of a judged xiangqi game (without file/index/recorded_result).
fn game_json(referee: &Referee, ctx: &Ctx, extra_after_end: usize) -> serde_json::Map<String, Value> {
    let mut m = serde_json::Map::new();
    m.insert("game".into(), json!("xiangqi"));
    m.insert("rules".into(), json!(ctx.rules.id.name()));
    m.insert("plies".into(), json!(referee.plies() + extra_after_end));
    m.extend(report::verdict_fields(referee.verdict(), ctx.explain));
    m.insert(
        "moves_after_end".into(),
        json!(referee.moves_after_end() + extra_after_end),
    );
    m.insert(
        "claims".into(),
        arbiter::xiangqi::limits::claims_json(&referee.natural_limit_claims(), referee.rules()),
    );
    m
}

/// The text report of a judged xiangqi game.
fn game_text(referee: &Referee, ctx: &Ctx, extra: usize, recorded: Option<&str>) -> String {
    let v = referee.verdict();
    let plies = referee.plies() + extra;
    let mut s = format!("  {plies} plies, rules {}\n", ctx.rules.id.name().to_uppercase());
    let reason = match v.reason {
        Some(Reason::Checkmate) => "checkmate",
        Some(Reason::NoLegalMoves) => "the side to move has no legal move (困斃)",
        Some(Reason::PerpetualCheck) => "perpetual check",
        Some(Reason::PerpetualChase) => "perpetual chase",
        Some(Reason::RepetitionDraw) => "repetition with neither side at fault",
        Some(Reason::NaturalMoveLimit) => "natural move limit",
        None => "",
    };
    let at = v.at_ply.unwrap_or(0);
    match (v.status, v.must_vary) {
        (Status::Ongoing | Status::Claimable, _) => {
            s.push_str("  Nothing decided by the rules: the game is ongoing at the end of the record.\n")
        }
        (Status::Pending, _)
            if v.clause
                .as_deref()
                .is_some_and(|c| c.starts_with("TW113 9-round rule")) =>
        {
            s.push_str(&format!(
                "  PENDING at ply {at}: 9 rounds among a few points, alternating allowed and forbidden \
                 moves with no progress (TW113 9-round rule): the arbiter rules. {}\n",
                match v.must_vary {
                    Some(c) => format!(
                        "{} must vary ({reason}); result if it does not: {}.",
                        capitalised(c),
                        v.result
                    ),
                    None => "Neither side is at fault: the arbiter may declare a draw.".to_string(),
                }
            ))
        }
        (Status::Pending, Some(c)) => s.push_str(&format!(
            "  PENDING at ply {at}: the repetition reached {} cycles. {} must vary ({reason}); \
             if it repeats once more it loses ({}).\n",
            ctx.cycles,
            capitalised(c),
            v.result
        )),
        (Status::Pending, None) => s.push_str(&format!(
            "  PENDING at ply {at}: the repetition reached {} cycles with neither side at fault; \
             one more cycle makes the draw.\n",
            ctx.cycles
        )),
        (Status::Decided, Some(c)) if v.repetition.is_some() => s.push_str(&format!(
            "  DECIDED at ply {at}: {} repeated its {reason} a cycle past the count: it loses ({}).\n",
            capitalised(c),
            v.result
        )),
        (Status::Decided, _) => s.push_str(&format!(
            "  DECIDED at ply {at}: {reason} — result {}.\n",
            v.result
        )),
    }
    if let Some(c) = &v.clause {
        s.push_str(&format!("  Clause: {c}\n"));
    }
    if let Some(p) = v.procedure {
        s.push_str(&format!(
            "  Procedure: {p}: a repetition is pending after {} cycles; one more cycle decides.\n",
            ctx.cycles
        ));
    }
    let after = referee.moves_after_end() + extra;
    if after > 0 {
        s.push_str(&format!(
            "  The record goes on for {after} move(s) after the game ended.\n"
        ));
    }
    if let Some(rec) = recorded {
        if rec != "*" && v.result != "*" && rec != v.result && v.status == Status::Decided {
            s.push_str(&format!(
                "  The record says {rec}, but the rules say {}.\n",
                v.result
            ));
        } else if rec != "*" {
            s.push_str(&format!("  Recorded result: {rec}.\n"));
        }
    }
    if let Some(r) = &v.repetition {
        if let Some(start) = referee.position_at(r.start_ply) {
            if v.clause
                .as_deref()
                .is_some_and(|c| c.starts_with("TW113 9-round rule"))
            {
                s.push_str(&format!(
                    "  The 9 rounds judged, from ply {} ({} plies):\n",
                    r.start_ply, r.length
                ));
            } else {
                s.push_str(&format!(
                    "  Repetition: a loop of {} plies whose position has recurred {} times; the loops \
                     from ply {} to ply {at} are judged together:\n",
                    r.length, r.count, r.start_ply
                ));
            }
            for line in report::cycle_text(&start, &r.judgement, ctx.explain).lines() {
                s.push_str("    ");
                s.push_str(line);
                s.push('\n');
            }
        }
    }
    s
}

fn capitalised(c: xiangqi::Color) -> &'static str {
    match c {
        xiangqi::Color::Red => "Red",
        xiangqi::Color::Black => "Black",
    }
}

/// `judge --fen --moves` for xiangqi.
fn judge_xiangqi_position(fen: Option<&str>, moves: &str, ctx: &Ctx) -> Item {
    let start = match xiangqi_cmd::parse_fen(fen) {
        Ok(p) => p,
        Err(e) => return Item::error("-", Some(0), &e, None),
    };
    let mut referee = Referee::new(ctx.rules.clone(), start, ctx.cycles);
    for (i, text) in moves.split_whitespace().enumerate() {
        let mv = match xiangqi::notation::parse_move(referee.position(), text) {
            Ok(p) => p.mv,
            Err(e) => {
                let mut it = Item::error("-", Some(0), &e.to_string(), Some(i + 1));
                it.json["move"] = json!(text);
                return it;
            }
        };
        if let Err(e) = referee.push(mv) {
            return Item::error("-", Some(0), &e.to_string(), Some(i + 1));
        }
    }
    let mut v = Value::Object(game_json(&referee, ctx, 0));
    v["file"] = json!("-");
    v["index"] = json!(0);
    v["recorded_result"] = Value::Null;
    let text = game_text(&referee, ctx, 0, None);
    Item::ok(v, text)
}
