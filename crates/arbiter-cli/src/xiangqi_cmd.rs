//! The xiangqi side of `cycle`, `classify`, `claim` and `perft`, and game detection for
//! `--fen`.

use crate::args::{ClaimArgs, ClassifyArgs, CycleArgs, GameKind, PerftArgs};
use crate::judge::xiangqi_rules;
use crate::output::{Emitter, Item};
use crate::{chess_cmd, UsageError};
use arbiter::facts::classify as classify_move;
use arbiter::report;
use serde_json::json;
use xiangqi::{Move, Position};

/// Which game a FEN belongs to: `--game` if given, else 10 ranks = xiangqi, else chess.
pub fn game_of(fen: Option<&str>, game: Option<GameKind>) -> GameKind {
    if let Some(g) = game {
        return g;
    }
    match fen {
        None => GameKind::Xiangqi,
        Some(f) => {
            let board = f.split_whitespace().next().unwrap_or("");
            if board.split('/').count() == 10 {
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
    if game_of(Some(fen), a.pos.game) == GameKind::Chess {
        return Err(UsageError("cycle judges xiangqi repetitions; give a 10-rank FEN".into()).into());
    }
    let start = parse_fen(Some(fen)).map_err(anyhow::Error::msg)?;
    let moves = parse_moves(&start, a.pos.moves.as_deref().unwrap_or("")).map_err(anyhow::Error::msg)?;
    let rules = xiangqi_rules(a.rules);
    let j = arbiter::repetition::judge_cycle(&start, &moves, &rules)?;
    out.emit(Item::ok(
        report::cycle_json(&j, a.explain),
        report::cycle_text(&start, &j, a.explain),
    ));
    Ok(())
}

/// `arbiter classify`.
pub fn classify(a: ClassifyArgs, out: &mut Emitter) -> anyhow::Result<()> {
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
            && game_of(a.fen.as_deref(), kind_override) == GameKind::Xiangqi
            && a.fen.is_some());
    if !is_xiangqi {
        out.emit(chess_cmd::claim(&a, game_text.as_deref())?);
        return Ok(());
    }
    Err(anyhow::anyhow!(
        "the xiangqi natural-move-limit claim is not available yet"
    ))
}

/// The PGN text of game `--game N` (default 0) of a file, for chess claims.
fn read_game_text(path: &str, game: Option<&str>) -> anyhow::Result<String> {
    let index: usize = match game {
        Some(g) if g.chars().all(|c| c.is_ascii_digit()) => g.parse()?,
        _ => 0,
    };
    let bytes = crate::inputs::expand(&[path.to_string()])
        .first()
        .ok_or_else(|| anyhow::anyhow!("{path}: nothing to read"))?
        .read()
        .map_err(anyhow::Error::msg)?;
    let decoded = xiangqi_records::encoding::decode(&bytes);
    let raw = xiangqi_records::pgn::games(&decoded.text)
        .nth(index)
        .ok_or_else(|| anyhow::anyhow!("{path}: there is no game {index}"))?;
    Ok(raw.text)
}

/// `arbiter perft`.
pub fn perft(a: PerftArgs, out: &mut Emitter) -> anyhow::Result<()> {
    let fen = a.fen.as_deref();
    if game_of(fen, a.game) == GameKind::Chess {
        let fen = fen.ok_or_else(|| UsageError("--fen is required for chess perft".into()))?;
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
