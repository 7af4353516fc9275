//! Per-ply facts of a game, for drawing any move of it (the server's `annotate=true`): the
//! position after each ply, whether the side to move is in check, and
//! * xiangqi: the kinds and the chaser → target pairs of the move that produced the ply
//!   (the same classification as [`crate::classify`], under the chosen rule set);
//! * chess: the draw claims the side to move may make at that ply (FIDE 9.2, 9.3, with the
//!   intended move when one is needed) and the automatic end there, if any (5.1.1 mate, 5.2.1
//!   stalemate, 9.6.1 fivefold, 9.6.2 seventy-five moves), as [`chess::Referee::status`] gives
//!   them ply by ply (without the dead-position search: the game's report has that).
//!
//! Facts only: the verdict of the game is the [`crate::GameReport`]'s.

use crate::chess::{self, ClaimOpportunity, DeadCheck, JudgeOptions, Reason};
use crate::report::Error;
use crate::types::{Game, RuleBook};
use crate::xiangqi::facts::{self, Chase};
use crate::xiangqi::rules::RuleSet;
use serde::Serialize;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, EnPassantMode, Position as _};
use std::collections::BTreeMap;

/// One ply of a game: ply 0 is the start position (no move), ply k the position after k moves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlyNote {
    /// 0 = the start; k = after the k-th move.
    pub ply: usize,
    /// The move that produced this ply: lowercase ICCS (xiangqi) or UCI (chess); none at ply 0.
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pub mv: Option<String>,
    /// The move as the record (or the request) wrote it: Chinese, WXF, ICCS, SAN, UCI.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The position after the move (FEN: 10 ranks xiangqi, 8 chess).
    pub fen: String,
    /// The side to move at this ply is in check.
    pub check: bool,
    /// Xiangqi: `check`, `chase`, `mate_threat`, `exchange` or `idle` (as `classify`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kinds: Option<Vec<&'static str>>,
    /// Xiangqi: the chases the move made that count under the rules (squares after the move).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chases: Option<Vec<Chase>>,
    /// Chess: the claims the side to move may make here (`at_ply` = this ply).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claims: Option<Vec<ClaimOpportunity>>,
    /// Chess: the game ends automatically at this ply: `checkmate`, `stalemate`,
    /// `fivefold_repetition` or `seventy_five_moves`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<Reason>,
    /// Chess: each intended move of `claims` (UCI) → the same move in SAN with its `+`/`#`.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub intended_san: BTreeMap<String, String>,
}

/// The notes of a xiangqi game: `moves` legal in turn from `start`; `texts` (one per move) as
/// written, when known. Returns `moves.len() + 1` notes.
pub fn xiangqi(
    start: &xiangqi::Position,
    moves: &[xiangqi::Move],
    texts: Option<&[String]>,
    rules: &RuleSet,
) -> Vec<PlyNote> {
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(moves.len() + 1);
    out.push(PlyNote {
        ply: 0,
        mv: None,
        text: None,
        fen: pos.to_fen(),
        check: pos.in_check(pos.side_to_move()),
        kinds: None,
        chases: None,
        claims: None,
        end: None,
        intended_san: BTreeMap::new(),
    });
    for (i, &mv) in moves.iter().enumerate() {
        let f = facts::classify(&pos, mv, rules);
        pos.make_move(mv);
        out.push(PlyNote {
            ply: i + 1,
            mv: Some(mv.to_string()),
            text: texts.and_then(|t| t.get(i)).cloned(),
            fen: pos.to_fen(),
            check: f.check,
            kinds: Some(f.kinds()),
            chases: Some(f.chases),
            claims: None,
            end: None,
            intended_san: BTreeMap::new(),
        });
    }
    out
}

/// The notes of a chess game: `moves` legal in turn from `start`; `texts` as written, when
/// known (a SAN written without its check mark gets it back: `Qa5` giving check is `Qa5+`, as
/// PGN writes it; UCI stays as given). Returns `moves.len() + 1` notes.
pub fn chess(start: &shakmaty::Chess, moves: &[shakmaty::Move], texts: Option<&[String]>) -> Vec<PlyNote> {
    let options = JudgeOptions {
        dead_check: DeadCheck::Off,
        ..Default::default()
    };
    let mut referee = chess::Referee::with_options(chess::Fide::default(), start.clone(), options);
    let note = |referee: &chess::Referee, mv: Option<shakmaty::Move>| {
        let s = referee.status();
        let ply = s.ply;
        let pos = referee.position();
        let intended_san = s
            .claims
            .iter()
            .filter_map(|c| c.intended_move.as_deref())
            .filter_map(|uci| {
                let m = uci.parse::<shakmaty::uci::UciMove>().ok()?.to_move(pos).ok()?;
                Some((uci.to_string(), SanPlus::from_move(pos.clone(), m).to_string()))
            })
            .collect();
        PlyNote {
            ply,
            mv: mv.map(|m| shakmaty::uci::UciMove::from_move(m, CastlingMode::Standard).to_string()),
            text: ply
                .checked_sub(1)
                .and_then(|p| texts.and_then(|t| t.get(p)))
                .map(|t| with_check_mark(t, pos)),
            fen: shakmaty::fen::Fen::from_position(referee.position(), EnPassantMode::Legal).to_string(),
            check: referee.position().is_check(),
            kinds: None,
            chases: None,
            claims: Some(s.claims),
            end: s.reason.filter(|_| s.at_ply == Some(ply)),
            intended_san,
        }
    };
    let mut out = Vec::with_capacity(moves.len() + 1);
    out.push(note(&referee, None));
    for &m in moves {
        referee.push_legal(m);
        out.push(note(&referee, Some(m)));
    }
    out
}

/// `written`, a move that produced `after`, with the check mark SAN gives it (`+`, `#` at
/// mate) when it is SAN written without one; a UCI move or a marked SAN as it is.
fn with_check_mark(written: &str, after: &shakmaty::Chess) -> String {
    let marked = written.ends_with(['+', '#']);
    if marked || !after.is_check() || written.parse::<shakmaty::uci::UciMove>().is_ok() {
        return written.to_string();
    }
    let mark = if after.is_checkmate() { '#' } else { '+' };
    format!("{written}{mark}")
}

/// The notes of a position and moves (as [`crate::judge_position`] reads them).
///
/// ```
/// let opts = arbiter::Options::default();
/// let notes = arbiter::annotate::position(Some("4k4/9/9/9/1c7/4P4/R8/9/9/4K4 w"), "a3b3 b5a5", &opts).unwrap();
/// assert_eq!(notes.len(), 3); // ply 0 and two moves
/// let json = serde_json::to_value(&notes).unwrap();
/// assert_eq!(json[1]["kinds"], serde_json::json!(["chase"]));
/// assert_eq!(json[1]["chases"], serde_json::json!([{"chaser": "b3", "target": "b5", "piece": "cannon"}]));
/// assert_eq!(json[2]["fen"], "4k4/9/9/9/c8/4P4/1R7/9/9/4K4 w - - 2 2");
/// ```
///
/// # Errors
/// [`Error::Input`] for a bad FEN or a move that cannot be read or played (with its ply);
/// [`Error::Usage`] when the rules name the other game.
pub fn position(fen: Option<&str>, moves: &str, options: &crate::Options) -> Result<Vec<PlyNote>, Error> {
    let game = options
        .game
        .unwrap_or_else(|| crate::detect_game(fen, Some(moves).filter(|m| !m.is_empty())));
    if let Some(u) = RuleBook::mismatch(options.rules, game) {
        return Err(Error::Usage(u));
    }
    let texts: Vec<String> = moves.split_whitespace().map(str::to_string).collect();
    match game {
        Game::Chess => {
            let record = chess::GameRecord::from_fen_moves(fen, moves)?;
            let played = record.replay()?;
            Ok(self::chess(&record.start, &played, Some(&texts)))
        }
        Game::Xiangqi => {
            let start = match fen {
                None => xiangqi::Position::startpos(),
                Some(f) => xiangqi::Position::from_fen(f).map_err(|e| Error::xiangqi_fen(f, e))?,
            };
            let mut pos = start.clone();
            let mut played = Vec::with_capacity(texts.len());
            for (i, t) in texts.iter().enumerate() {
                let mv = xiangqi::notation::parse_move(&pos, t)
                    .map_err(|e| Error::notation(e, i + 1))?
                    .mv;
                pos.play(mv).map_err(|e| {
                    Error::input_because(
                        e.to_string(),
                        Some(i + 1),
                        crate::report::Cause::XiangqiIllegal(e),
                    )
                })?;
                played.push(mv);
            }
            Ok(xiangqi(
                &start,
                &played,
                Some(&texts),
                &RuleBook::xiangqi(options.rules),
            ))
        }
    }
}
