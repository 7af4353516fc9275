//! Repetition cycles: per-side offence over the moves of one or more loops, and the verdict
//! table (spec `xiangqi-repetition.md` §2–3; AXF general rules 1–5, detailed rules 1–3,
//! 27–28; TW113 ch.2 table).

use crate::xiangqi::facts::{classify, MoveFacts};
use crate::xiangqi::rules::{RuleSet, RulesId};
use serde::Serialize;
use xiangqi::{Color, Move, PieceKind, Position, Square};

/// A side's offence over a cycle.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Offence {
    /// Allowed: idle moves, one check one chase, exempt chases, mate threats, …
    None,
    /// Every move chases, and one and the same enemy piece on every move.
    PerpetualChase,
    /// Every move gives check.
    PerpetualCheck,
}

impl Offence {
    /// `"none"`, `"perpetual_chase"`, `"perpetual_check"`.
    pub fn name(self) -> &'static str {
        match self {
            Offence::None => "none",
            Offence::PerpetualChase => "perpetual_chase",
            Offence::PerpetualCheck => "perpetual_check",
        }
    }
}

/// One side's part of a cycle.
#[derive(Clone, Debug)]
pub struct SideJudgement {
    pub side: Color,
    pub offence: Offence,
    /// The side's moves in order, with their facts.
    pub moves: Vec<MoveFacts>,
    /// For a perpetual chase: the target chased on every move (point at the start of the
    /// judged moves) and its kind.
    pub target: Option<(Square, PieceKind)>,
    /// The clause that makes the offence (or the allowance) what it is.
    pub clause: String,
}

/// The verdict of a cycle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CycleVerdict {
    /// The side that must vary, `None` for a draw.
    pub must_vary: Option<Color>,
    /// `"1-0"`, `"0-1"` or `"1/2-1/2"`: the result if nobody varies.
    pub result_if_unchanged: &'static str,
    pub clause: String,
}

/// A judged cycle: both sides and the verdict.
#[derive(Clone, Debug)]
pub struct CycleJudgement {
    pub rules: RulesId,
    pub red: SideJudgement,
    pub black: SideJudgement,
    pub verdict: CycleVerdict,
}

impl CycleJudgement {
    /// The judgement of `side`.
    pub fn side(&self, side: Color) -> &SideJudgement {
        match side {
            Color::Red => &self.red,
            Color::Black => &self.black,
        }
    }
}

/// Why moves given as a cycle are not one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CycleError {
    #[error("no moves given: a cycle needs at least one loop")]
    Empty,
    #[error("move {ply} ({mv}) is illegal: {reason}")]
    Illegal { ply: usize, mv: String, reason: String },
    #[error("the moves do not return to the start position: after {plies} plies {difference}")]
    NotACycle { plies: usize, difference: String },
}

/// Describe how `b` differs from `a` (for an error message).
fn difference(a: &Position, b: &Position) -> String {
    if a.side_to_move() != b.side_to_move() {
        return format!("{} is to move instead of {}", b.side_to_move(), a.side_to_move());
    }
    let diffs: Vec<String> = Square::all()
        .filter(|&s| a.piece_at(s) != b.piece_at(s))
        .map(|s| {
            let show = |p: Option<xiangqi::Piece>| {
                p.map(|p| format!("{} {}", p.color, p.kind.name()))
                    .unwrap_or_else(|| "empty".into())
            };
            format!(
                "{s} holds {} (start: {})",
                show(b.piece_at(s)),
                show(a.piece_at(s))
            )
        })
        .collect();
    diffs.join(", ")
}

/// Classify every move of a cycle played from `start`; the moves must end on `start`'s
/// position (same pieces, same side to move).
///
/// # Errors
/// [`CycleError`]: no moves, an illegal move (with its 1-based ply), or not a cycle.
pub fn judge_cycle(start: &Position, moves: &[Move], rules: &RuleSet) -> Result<CycleJudgement, CycleError> {
    if moves.is_empty() {
        return Err(CycleError::Empty);
    }
    let mut pos = start.clone();
    let mut facts = Vec::with_capacity(moves.len());
    for (i, &mv) in moves.iter().enumerate() {
        pos.check_legal(mv).map_err(|e| CycleError::Illegal {
            ply: i + 1,
            mv: mv.to_string(),
            reason: e.reason.to_string(),
        })?;
        facts.push(classify(&pos, mv, rules));
        pos.make_move(mv);
    }
    if pos != *start {
        return Err(CycleError::NotACycle {
            plies: moves.len(),
            difference: difference(start, &pos),
        });
    }
    Ok(judge_facts(start, facts, rules))
}

/// Judge already classified moves (played from `start`) as one repetition pattern.
pub fn judge_facts(start: &Position, facts: Vec<MoveFacts>, rules: &RuleSet) -> CycleJudgement {
    // Piece identity: ids by start point, carried along the moves.
    let mut ids: [Option<u8>; 90] = [None; 90];
    for (sq, _) in start.pieces() {
        ids[sq.index()] = Some(sq.index() as u8);
    }
    let mut per_side: [Vec<(MoveFacts, Vec<u8>)>; 2] = [Vec::new(), Vec::new()];
    for f in facts {
        let targets: Vec<u8> = Vec::new();
        ids[f.mv.to.index()] = ids[f.mv.from.index()];
        ids[f.mv.from.index()] = None;
        let targets = f
            .chases
            .iter()
            .filter_map(|c| ids[c.target.index()])
            .fold(targets, |mut v, id| {
                if !v.contains(&id) {
                    v.push(id);
                }
                v
            });
        per_side[f.mover as usize].push((f, targets));
    }
    let [red, black] = per_side.map(|v| v);
    let red = judge_side(Color::Red, red, start, rules);
    let black = judge_side(Color::Black, black, start, rules);
    let verdict = verdict(&red, &black, rules);
    CycleJudgement {
        rules: rules.id,
        red,
        black,
        verdict,
    }
}

fn judge_side(
    side: Color,
    moves: Vec<(MoveFacts, Vec<u8>)>,
    start: &Position,
    rules: &RuleSet,
) -> SideJudgement {
    let all_check = !moves.is_empty() && moves.iter().all(|(f, _)| f.check);
    let mut common: Option<Vec<u8>> = None;
    for (_, t) in &moves {
        common = Some(match common {
            None => t.clone(),
            Some(c) => c.into_iter().filter(|x| t.contains(x)).collect(),
        });
    }
    let common = common.unwrap_or_default();
    let all_chase = !moves.is_empty() && moves.iter().all(|(f, _)| f.is_chase());
    // One and the same piece (by identity) chased on every move, by one chaser or several
    // (AXF general rule 3, detailed rule 28).
    let offence = if all_check {
        Offence::PerpetualCheck
    } else if all_chase && !common.is_empty() {
        Offence::PerpetualChase
    } else {
        Offence::None
    };
    let target = common.first().and_then(|&id| {
        let sq = Square::from_index(id as usize)?;
        Some((sq, start.piece_at(sq)?.kind))
    });
    let moves: Vec<MoveFacts> = moves.into_iter().map(|(f, _)| f).collect();
    let clause = side_clause(offence, &moves, target, rules);
    SideJudgement {
        side,
        offence,
        moves,
        target: if offence == Offence::PerpetualChase {
            target
        } else {
            None
        },
        clause,
    }
}

/// The clause that best names a side's offence (AXF numbering; TW113 cites its table).
fn side_clause(
    offence: Offence,
    moves: &[MoveFacts],
    target: Option<(Square, PieceKind)>,
    rules: &RuleSet,
) -> String {
    let axf = |s: &str| format!("AXF {s}");
    match (rules.id, offence) {
        (RulesId::Tw113, Offence::None) => "TW113 ch.2 table (not at fault)".into(),
        (RulesId::Tw113, _) => "TW113 ch.2 table".into(),
        (RulesId::Axf, Offence::PerpetualCheck) => {
            let checkers: std::collections::BTreeSet<Square> = moves.iter().map(|f| f.mv.to).collect();
            if checkers.len() > 1 {
                axf("detailed rule 1")
            } else {
                axf("general rule 1")
            }
        }
        (RulesId::Axf, Offence::PerpetualChase) => {
            let Some((_, tk)) = target else {
                return axf("general rule 3");
            };
            let chases: Vec<&crate::xiangqi::facts::Chase> =
                moves.iter().flat_map(|f| f.chases.iter()).collect();
            let chaser_kinds: std::collections::BTreeSet<PieceKind> = chases
                .iter()
                .filter(|c| c.target_kind == tk)
                .map(|c| c.chaser_kind)
                .collect();
            use PieceKind::*;
            let rule = if chases.iter().any(|c| c.horse_pinned_chariot) {
                "detailed rule 14"
            } else if chases.iter().any(|c| c.chaser_kind == c.target_kind) {
                "detailed rule 19"
            } else if tk == Chariot && chaser_kinds.contains(&Cannon) && chaser_kinds.contains(&Horse) {
                "detailed rule 15"
            } else if chases.iter().any(|c| c.screen_change) && tk == Chariot {
                "detailed rule 21"
            } else if chases.iter().any(|c| c.screen_change) {
                "detailed rule 20"
            } else if chases.iter().any(|c| c.false_root) {
                "detailed rule 29"
            } else if chaser_kinds.len() > 1 || moves.iter().any(|f| f.chases.len() > 1) {
                "detailed rule 28"
            } else if tk == Chariot && chaser_kinds.contains(&Cannon) {
                "detailed rule 10"
            } else if tk == Chariot && chaser_kinds.contains(&Horse) {
                "detailed rule 16"
            } else if tk == Cannon && chaser_kinds.contains(&Chariot) {
                "detailed rule 13"
            } else if tk == Horse && chaser_kinds.contains(&Chariot) {
                "detailed rule 18"
            } else if tk == Soldier && chaser_kinds.contains(&Chariot) {
                "detailed rule 26"
            } else {
                "general rule 3"
            };
            axf(rule)
        }
        (RulesId::Axf, Offence::None) => {
            let checks = moves.iter().filter(|f| f.check).count();
            let chasing = moves.iter().filter(|f| f.is_chase()).count();
            let rule = if checks > 0 && chasing > 0 {
                "general rule 2 / detailed rule 7"
            } else if checks > 0 {
                "detailed rule 8"
            } else if chasing == moves.len() && chasing > 0 {
                "general rule 4 / detailed rule 27"
            } else if !moves.is_empty() && moves.iter().all(|f| f.mate_threat) {
                "detailed rule 4"
            } else if moves.iter().any(|f| !f.exempted.is_empty()) {
                "general rule 9 / general rule 6"
            } else {
                "general rule 2"
            };
            axf(rule)
        }
    }
}

/// Whether a side's perpetual chase is of a chariot that a horse pins (AXF detailed rule 14).
fn chases_horse_pinned_chariot(side: &SideJudgement) -> bool {
    side.offence == Offence::PerpetualChase
        && side
            .moves
            .iter()
            .all(|f| f.chases.iter().any(|c| c.horse_pinned_chariot))
}

/// The verdict table: same severity → draw; otherwise the more severe side must vary
/// (AXF general rules 1–2, 5; TW113 ch.2 table).
fn verdict(red: &SideJudgement, black: &SideJudgement, rules: &RuleSet) -> CycleVerdict {
    use std::cmp::Ordering;
    match red.offence.cmp(&black.offence) {
        Ordering::Equal
            if red.offence == Offence::PerpetualChase
                && chases_horse_pinned_chariot(red) != chases_horse_pinned_chariot(black) =>
        {
            // A chariot pinned by a horse may not be chased perpetually by any piece, whatever
            // it threatens in return (AXF detailed rule 14: 無論傌是否有根).
            let side = if chases_horse_pinned_chariot(red) {
                Color::Red
            } else {
                Color::Black
            };
            let result_if_unchanged = if side == Color::Red { "0-1" } else { "1-0" };
            let clause = match rules.id {
                RulesId::Axf => "AXF detailed rule 14".to_string(),
                RulesId::Tw113 => "TW113 ch.2 table (AXF detailed rule 14 reading)".to_string(),
            };
            CycleVerdict {
                must_vary: Some(side),
                result_if_unchanged,
                clause,
            }
        }
        Ordering::Equal => {
            let clause = match (rules.id, red.offence) {
                (RulesId::Tw113, _) => "TW113 ch.2 table".to_string(),
                (RulesId::Axf, Offence::PerpetualCheck) => "AXF detailed rule 2".to_string(),
                (RulesId::Axf, Offence::PerpetualChase) => "AXF detailed rule 17".to_string(),
                (RulesId::Axf, Offence::None) if red.clause == black.clause => red.clause.clone(),
                (RulesId::Axf, Offence::None) => format!("{} (red), {} (black)", red.clause, black.clause),
            };
            CycleVerdict {
                must_vary: None,
                result_if_unchanged: "1/2-1/2",
                clause,
            }
        }
        Ordering::Greater => CycleVerdict {
            must_vary: Some(Color::Red),
            result_if_unchanged: "0-1",
            clause: red.clause.clone(),
        },
        Ordering::Less => CycleVerdict {
            must_vary: Some(Color::Black),
            result_if_unchanged: "1-0",
            clause: black.clause.clone(),
        },
    }
}
