//! The xiangqi side of `cycle`, `classify`, `claim` and `perft`, and game detection for
//! `--fen`.

use crate::args::{ClaimArgs, ClassifyArgs, CycleArgs, GameKind, PerftArgs};
use crate::judge::xiangqi_rules;
use crate::output::{Emitter, Item};
use crate::{chess_cmd, UsageError};
use arbiter::xiangqi::facts::classify as classify_move;
use arbiter::xiangqi::report;
use serde_json::json;
use xiangqi::{Move, Position};

/// Which game a FEN belongs to: `--game` if given, else 10 ranks = xiangqi, 8 = chess. With no
/// FEN (the standard start), the moves decide: xiangqi when the first one reads as a legal
/// xiangqi move from the start (ICCS, WXF or Chinese), chess otherwise (`e2e4`, `Nf3`).
pub fn game_of(fen: Option<&str>, moves: Option<&str>, game: Option<GameKind>) -> GameKind {
    if let Some(g) = game {
        return g;
    }
    match fen {
        None => match moves.and_then(|m| m.split_whitespace().next()) {
            Some(first) if xiangqi::notation::parse_move(&Position::startpos(), first).is_err() => {
                GameKind::Chess
            }
            _ => GameKind::Xiangqi,
        },
        Some(f) => {
            // 10 ranks, a xiangqi-only letter (advisor, cannon, E/H), or a first rank 9 points
            // wide: xiangqi (so that a broken xiangqi FEN gets a xiangqi error message).
            let board = f.split_whitespace().next().unwrap_or("");
            let first_rank_width: u32 = board
                .split('/')
                .next()
                .unwrap_or("")
                .chars()
                .map(|c| c.to_digit(10).unwrap_or(1))
                .sum();
            let xiangqi_letter = board
                .chars()
                .any(|c| matches!(c.to_ascii_lowercase(), 'a' | 'c' | 'e' | 'h'));
            // Text that is no board at all (no `/`) goes to the chess reader, whose message
            // ("unparsable FEN") fits it better than a xiangqi rank count.
            let looks_like_board = board.contains('/');
            if board.split('/').count() == 10
                || (looks_like_board && (xiangqi_letter || first_rank_width == 9))
            {
                GameKind::Xiangqi
            } else {
                GameKind::Chess
            }
        }
    }
}

/// The xiangqi start position from an optional FEN (default: the standard start).
///
/// # Errors
/// The FEN error, as text naming what is wrong.
pub fn parse_fen(fen: Option<&str>) -> Result<Position, String> {
    match fen {
        None => Ok(Position::startpos()),
        Some(f) => Position::from_fen(f).map_err(|e| format!("invalid xiangqi FEN '{f}': {e}")),
    }
}

/// Read space-separated moves in any notation from `start`, each legal in turn.
///
/// # Errors
/// Names the failing move and its ply (1-based).
pub fn parse_moves(start: &Position, moves: &str) -> Result<Vec<Move>, String> {
    let mut pos = start.clone();
    let mut out = Vec::new();
    for (i, t) in moves.split_whitespace().enumerate() {
        let mv = xiangqi::notation::parse_move(&pos, t)
            .map_err(|e| format!("ply {}: {e}", i + 1))?
            .mv;
        pos.make_move(mv);
        out.push(mv);
    }
    Ok(out)
}

fn require_fen(fen: &Option<String>) -> anyhow::Result<&str> {
    fen.as_deref()
        .ok_or_else(|| UsageError("--fen is required".into()).into())
}

/// `arbiter cycle`.
pub fn cycle(a: CycleArgs, out: &mut Emitter) -> anyhow::Result<()> {
    let fen = require_fen(&a.pos.fen)?;
    if game_of(Some(fen), None, a.pos.game) == GameKind::Chess {
        return Err(UsageError("cycle judges xiangqi repetitions; give a 10-rank FEN".into()).into());
    }
    let start = parse_fen(Some(fen)).map_err(anyhow::Error::msg)?;
    let moves = parse_moves(&start, a.pos.moves.as_deref().unwrap_or("")).map_err(anyhow::Error::msg)?;
    let rules = xiangqi_rules(a.rules);
    let j = arbiter::xiangqi::repetition::judge_cycle(&start, &moves, &rules)?;
    out.emit(Item::ok(
        report::cycle_json(&j, a.explain),
        report::cycle_text(&start, &j, a.explain),
    ));
    Ok(())
}

/// `arbiter classify`.
pub fn classify(a: ClassifyArgs, out: &mut Emitter) -> anyhow::Result<()> {
    if a.rules == Some(crate::args::RulesArg::Fide) {
        return Err(UsageError("classify judges xiangqi moves: --rules axf|tw113".into()).into());
    }
    let pos = parse_fen(Some(&a.fen)).map_err(anyhow::Error::msg)?;
    let mv = xiangqi::notation::parse_move(&pos, &a.mv)?.mv;
    let f = classify_move(&pos, mv, &xiangqi_rules(a.rules));
    let json = report::facts_json(&f, a.explain);
    let mut text = format!(
        "{} ({}): {}\n",
        mv,
        xiangqi::notation::write_move(&pos, mv, xiangqi::notation::Style::Chinese),
        f.kinds().join(", ")
    );
    for c in &f.chases {
        text.push_str(&format!(
            "  chases the {} on {} (chaser on {})\n",
            c.piece, c.target, c.chaser
        ));
    }
    if a.explain {
        for e in &f.exempted {
            text.push_str(&format!(
                "  not a chase: {} on {} from {}: {:?} ({})\n",
                e.piece, e.target, e.chaser, e.reason, e.clause
            ));
        }
    }
    out.emit(Item::ok(json, text));
    Ok(())
}

/// `arbiter claim`: chess claims go to the chess side; the xiangqi natural move limit here.
pub fn claim(a: ClaimArgs, out: &mut Emitter) -> anyhow::Result<()> {
    if let Some(path) = &a.file {
        let xiangqi_claim = matches!(a.kind, crate::args::ClaimKind::NaturalMoveLimit);
        match (file_game_kind(path, a.game.as_deref()), xiangqi_claim) {
            (Some(GameKind::Xiangqi), false) => {
                return Err(UsageError(format!(
                    "{path} holds a xiangqi game: its draw claim is --kind natural-move-limit \
                     (threefold and fifty-moves are chess claims; repetitions are judged by `judge`)"
                ))
                .into())
            }
            (Some(GameKind::Chess), true) => {
                return Err(UsageError(format!(
                    "{path} holds a chess game: claim --kind threefold or fifty-moves \
                     (natural-move-limit is a xiangqi claim)"
                ))
                .into())
            }
            _ => {}
        }
    }
    let game_text = match &a.file {
        Some(path) => Some(read_game_text(path, a.game.as_deref())?),
        None => None,
    };
    let kind_override = a.game.as_deref().and_then(|g| match g {
        "xiangqi" => Some(GameKind::Xiangqi),
        "chess" => Some(GameKind::Chess),
        _ => None,
    });
    let is_xiangqi = matches!(a.kind, crate::args::ClaimKind::NaturalMoveLimit)
        || (a.file.is_none()
            && game_of(a.fen.as_deref(), a.moves.as_deref(), kind_override) == GameKind::Xiangqi
            && a.fen.is_some());
    if !is_xiangqi {
        out.emit(chess_cmd::claim(&a, game_text.as_deref())?);
        return Ok(());
    }
    if !matches!(a.kind, crate::args::ClaimKind::NaturalMoveLimit) {
        return Err(UsageError(
            "xiangqi has one draw claim: --kind natural-move-limit (repetitions are judged by `judge`)"
                .into(),
        )
        .into());
    }
    out.emit(natural_limit_claim(&a)?);
    Ok(())
}

/// The xiangqi natural-move-limit claim (AXF 120 plies; TW113 100 plies, or 80 with
/// `--limit 40`), with the count step by step.
fn natural_limit_claim(a: &ClaimArgs) -> anyhow::Result<crate::output::Item> {
    use arbiter::xiangqi::limits::{judge_claim, LimitMode};
    let rules = match a.rules {
        Some(crate::args::RulesArg::Fide) => {
            return Err(
                UsageError("the natural move limit is a xiangqi claim: --rules axf|tw113".into()).into(),
            );
        }
        r => xiangqi_rules(r),
    };
    let limit = rules.natural_move_limit;
    let mode = match a.limit {
        None => LimitMode::Standard,
        Some(40) if limit.alternative_plies.is_some() => LimitMode::Alternative,
        Some(m) if m * 2 == limit.plies => LimitMode::Standard,
        Some(m) => {
            return Err(UsageError(format!(
                "--limit {m}: {} has the {}-move limit{}",
                rules.id.name(),
                limit.plies / 2,
                if limit.alternative_plies.is_some() {
                    " and the alternative 40-move limit"
                } else {
                    " only"
                }
            ))
            .into());
        }
    };
    let (start, moves) = match &a.file {
        Some(path) => {
            let rec = read_xiangqi_record(path, a.game.as_deref())?;
            (rec.start, rec.moves)
        }
        None => {
            let start = parse_fen(a.fen.as_deref()).map_err(anyhow::Error::msg)?;
            let moves = parse_moves(&start, a.moves.as_deref().unwrap_or("")).map_err(anyhow::Error::msg)?;
            (start, moves)
        }
    };
    let c = match judge_claim(&rules, mode, &start, &moves, a.at_ply) {
        Ok(c) => c,
        Err(e @ arbiter::xiangqi::limits::LimitError::AtPlyBeyond { .. }) => {
            return Err(UsageError(e.to_string()).into());
        }
        Err(e) => {
            return Ok(crate::output::Item::failed(
                json!({ "error": e.to_string() }),
                format!("claim cannot be judged: {e}\n"),
            ));
        }
    };
    let json = json!({
        "valid": c.valid,
        "kind": "natural_move_limit",
        "rules": rules.id.name(),
        "mode": c.mode,
        "by": c.by,
        "at_ply": c.at_ply,
        "intended_move": null,
        "clause": c.clause,
        "penalty": c.penalty,
        "must_play_intended_move": false,
        "count": c.count,
        "window_start_ply": c.window_start_ply,
        "perpetual_spans": c.perpetual_spans,
    });
    let mut text = format!(
        "Natural move limit claim by {} at ply {} ({}, {} plies needed):\n",
        c.by,
        c.at_ply,
        rules.id.name().to_uppercase(),
        c.count.needed
    );
    for step in c.steps() {
        text.push_str(&format!("  {step}\n"));
    }
    text.push_str(&format!(
        "{} ({}).\n",
        if c.valid {
            "The claim is valid: the game is drawn"
        } else {
            "The claim is not valid: play goes on"
        },
        c.clause
    ));
    if !c.valid {
        match &c.penalty {
            Some(p) => text.push_str(&format!(
                "Penalty: {}{} seconds on {}'s clock ({}).\n",
                if p.foul { "a foul is recorded and " } else { "" },
                p.claimant_clock_seconds,
                c.by,
                p.clause
            )),
            None => text.push_str("The rule book states no penalty for a short claim.\n"),
        }
    }
    Ok(crate::output::Item::ok(json, text))
}

/// Game `--game N` (default 0) of a record file, replayed as xiangqi.
fn read_xiangqi_record(path: &str, game: Option<&str>) -> anyhow::Result<records::Record> {
    let (index, bytes) = read_record_bytes(path, game)?;
    let opts = records::ReadOptions {
        kind: Some(records::GameKind::Xiangqi),
        file: Some(path.to_string()),
    };
    let (_, game) = records::games(&bytes, opts)
        .nth(index)
        .ok_or_else(|| anyhow::anyhow!("{path}: there is no game {index}"))?;
    match game? {
        records::Game::Xiangqi(r) => Ok(*r),
        records::Game::Chess(_) => Err(anyhow::anyhow!("{path}: game {index} is not xiangqi")),
    }
}

/// The game kind of game `--game N` (default 0) of a record file, when it can be read.
fn file_game_kind(path: &str, game: Option<&str>) -> Option<GameKind> {
    let (index, bytes) = read_record_bytes(path, game).ok()?;
    if records::detect_format(&bytes) != records::Format::Pgn {
        return Some(GameKind::Xiangqi);
    }
    let decoded = records::encoding::decode(&bytes);
    let raw = records::pgn::games(&decoded.text).nth(index)?;
    Some(records::pgn::detect_game(&raw).into())
}

/// The game index of `--game N` (default 0; `xiangqi`/`chess` there name a game kind) and the
/// bytes of the record file at `path` (`-` = standard input).
fn read_record_bytes(path: &str, game: Option<&str>) -> anyhow::Result<(usize, Vec<u8>)> {
    let index: usize = match game {
        Some(g) if g.chars().all(|c| c.is_ascii_digit()) => g.parse()?,
        _ => 0,
    };
    let bytes = crate::inputs::expand(&[path.to_string()])
        .first()
        .ok_or_else(|| anyhow::anyhow!("{path}: nothing to read"))?
        .read()
        .map_err(anyhow::Error::msg)?;
    Ok((index, bytes))
}

/// The PGN text of game `--game N` (default 0) of a file, for chess claims.
fn read_game_text(path: &str, game: Option<&str>) -> anyhow::Result<String> {
    let (index, bytes) = read_record_bytes(path, game)?;
    let decoded = records::encoding::decode(&bytes);
    let raw = records::pgn::games(&decoded.text)
        .nth(index)
        .ok_or_else(|| anyhow::anyhow!("{path}: there is no game {index}"))?;
    Ok(raw.text)
}

/// `arbiter perft`.
pub fn perft(a: PerftArgs, out: &mut Emitter) -> anyhow::Result<()> {
    let fen = a.fen.as_deref();
    if game_of(fen, None, a.game) == GameKind::Chess {
        let fen = fen.unwrap_or("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        out.emit(chess_cmd::perft(fen, a.depth, a.divide)?);
        return Ok(());
    }
    let mut pos = parse_fen(fen).map_err(anyhow::Error::msg)?;
    let mut json = json!({});
    let mut text = String::new();
    let nodes = if a.divide {
        let d = xiangqi::perft_divide(&mut pos, a.depth);
        let mut map = serde_json::Map::new();
        for (m, n) in &d {
            map.insert(m.to_string(), json!(n));
            text.push_str(&format!("{m}: {n}\n"));
        }
        json["divide"] = serde_json::Value::Object(map);
        if a.depth == 0 {
            1
        } else {
            d.iter().map(|(_, n)| n).sum()
        }
    } else {
        xiangqi::perft(&mut pos, a.depth)
    };
    json["nodes"] = json!(nodes);
    text.push_str(&format!("nodes at depth {}: {nodes}\n", a.depth));
    out.emit(Item::ok(json, text));
    Ok(())
}
