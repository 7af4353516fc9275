//! Repetition cycles: per-side offence over the moves of one or more loops, and the verdict
//! table (spec `xiangqi-repetition.md` §2–3; AXF general rules 1–5, detailed rules 1–3,
//! 27–28; TW113 ch.2 table).

use crate::types::Outcome;
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
    /// Red or Black.
    pub side: Color,
    /// What this side does in the cycle: perpetual check, perpetual chase or none (allowed).
    pub offence: Offence,
    /// The side's moves in order, with their facts.
    pub moves: Vec<MoveFacts>,
    /// For a perpetual chase: the target chased on every move (point at the start of the
    /// judged moves) and its kind.
    pub target: Option<(Square, PieceKind)>,
    /// For a perpetual chase: the pieces that chase that target, each once by identity (point
    /// at the start of the judged moves, kind). One chaser: AXF general rule 3; two or more in
    /// turn: detailed rule 28.
    pub chasers: Vec<(Square, PieceKind)>,
    /// Readings beyond the seeds that this side's offence rests on.
    pub readings: Vec<Reading>,
    /// The clause that makes the offence (or the allowance) what it is.
    pub clause: String,
}

/// A reading of the rules that the seeds do not state, shown with its source wherever a
/// verdict rests on it (spec `xiangqi-repetition.md` §1).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Reading {
    /// What is read, in one line.
    pub reading: &'static str,
    /// Where it comes from.
    pub source: &'static str,
}

/// The verdict of a cycle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CycleVerdict {
    /// The side that must vary, `None` for a draw.
    pub must_vary: Option<Color>,
    /// `"1-0"`, `"0-1"` or `"1/2-1/2"`: the result if nobody varies.
    pub result_if_unchanged: Outcome,
    /// The clause of the verdict (e.g. "AXF general rule 1", "AXF detailed rule 13").
    pub clause: String,
}

/// A judged cycle: both sides and the verdict.
#[derive(Clone, Debug)]
pub struct CycleJudgement {
    /// The rule set it was judged under (`axf`, `tw113`).
    pub rules: RulesId,
    /// Red's part.
    pub red: SideJudgement,
    /// Black's part.
    pub black: SideJudgement,
    /// Who must vary and the result if nobody does.
    pub verdict: CycleVerdict,
    /// Readings beyond the seeds that the verdict rests on (empty when the seeds decide alone).
    pub readings: Vec<Reading>,
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
    /// No moves were given.
    #[error("no moves given: a cycle needs at least one loop")]
    Empty,
    /// A move of the loop cannot be played.
    #[error("move {ply} ({mv}) is illegal: {reason}")]
    Illegal {
        /// The ply the move would have produced (1 = the first move).
        ply: usize,
        /// The move as written.
        mv: String,
        /// Why it cannot be played.
        reason: String,
    },
    /// The moves do not end on the start position (same pieces, same side to move).
    #[error("the moves do not return to the start position: after {plies} plies {difference}")]
    NotACycle {
        /// The plies given.
        plies: usize,
        /// Where the last position differs from the start.
        difference: String,
    },
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

/// Identities (start points of the judged moves, as indices) involved in one move.
#[derive(Clone, Debug, Default)]
struct MoveIds {
    /// Targets chased by the move, each once.
    targets: Vec<u8>,
    /// (chaser, target, index in `MoveFacts::chases`) of every chase of the move.
    pairs: Vec<(u8, u8, usize)>,
    /// Targets of the move's exempted threats, in the order of `MoveFacts::exempted`.
    exempt_targets: Vec<Option<u8>>,
}

/// Judge already classified moves (played from `start`) as one repetition pattern.
///
/// Pieces keep their identity through the moves (spec §1): chased pieces and chasers alike are
/// named by where they stood at `start`.
pub fn judge_facts(start: &Position, facts: Vec<MoveFacts>, rules: &RuleSet) -> CycleJudgement {
    let mut ids: [Option<u8>; 90] = [None; 90];
    for (sq, _) in start.pieces() {
        ids[sq.index()] = Some(sq.index() as u8);
    }
    let mut per_side: [Vec<(MoveFacts, MoveIds)>; 2] = [Vec::new(), Vec::new()];
    for f in facts {
        ids[f.mv.to.index()] = ids[f.mv.from.index()];
        ids[f.mv.from.index()] = None;
        let mut m = MoveIds::default();
        for (i, c) in f.chases.iter().enumerate() {
            let (Some(a), Some(t)) = (ids[c.chaser.index()], ids[c.target.index()]) else {
                continue;
            };
            if !m.targets.contains(&t) {
                m.targets.push(t);
            }
            m.pairs.push((a, t, i));
        }
        m.exempt_targets = f.exempted.iter().map(|e| ids[e.target.index()]).collect();
        per_side[f.mover as usize].push((f, m));
    }
    let [red, black] = per_side;
    let red = judge_side(Color::Red, red, start, rules);
    let black = judge_side(Color::Black, black, start, rules);
    let (verdict, verdict_reading) = verdict(&red, &black, rules);
    let mut readings: Vec<Reading> = Vec::new();
    for s in [&red, &black] {
        let decides = verdict.must_vary == Some(s.side)
            || (verdict.must_vary.is_none() && s.offence == Offence::PerpetualChase);
        if decides {
            readings.extend(s.readings.iter().cloned());
        }
    }
    readings.extend(verdict_reading);
    readings.sort();
    readings.dedup();
    CycleJudgement {
        rules: rules.id,
        red,
        black,
        verdict,
        readings,
    }
}

/// The point and kind of the piece whose identity is `id` (its start point).
fn piece_of(start: &Position, id: u8) -> Option<(Square, PieceKind)> {
    let sq = Square::from_index(id as usize)?;
    Some((sq, start.piece_at(sq)?.kind))
}

fn judge_side(
    side: Color,
    moves: Vec<(MoveFacts, MoveIds)>,
    start: &Position,
    rules: &RuleSet,
) -> SideJudgement {
    let all_check = !moves.is_empty() && moves.iter().all(|(f, _)| f.check);
    let intersect = |pick: &dyn Fn(&MoveIds) -> Vec<u8>| -> Vec<u8> {
        let mut common: Option<Vec<u8>> = None;
        for (_, m) in &moves {
            let t = pick(m);
            common = Some(match common {
                None => t,
                Some(c) => c.into_iter().filter(|x| t.contains(x)).collect(),
            });
        }
        common.unwrap_or_default()
    };
    let common = intersect(&|m: &MoveIds| m.targets.clone());
    let all_chase = !moves.is_empty() && moves.iter().all(|(f, _)| f.is_chase());
    // One and the same piece (by identity) chased on every move, by one chaser or several
    // (AXF general rule 3, detailed rule 28).
    // Two or more pieces chasing two or more pieces (each chased on every move) is 兩子分別捉
    // 兩子: allowed (AXF general rule 4, detailed rule 27), unlike two pieces chasing one in
    // turn (detailed rule 28).
    let common_chasers: Vec<u8> = {
        let mut v: Vec<u8> = Vec::new();
        for (_, m) in &moves {
            for &(a, t, _) in &m.pairs {
                if common.contains(&t) && !v.contains(&a) {
                    v.push(a);
                }
            }
        }
        v
    };
    let many_on_many = common.len() > 1 && common_chasers.len() > 1;
    let offence = if all_check {
        Offence::PerpetualCheck
    } else if all_chase && !common.is_empty() && !many_on_many {
        Offence::PerpetualChase
    } else {
        Offence::None
    };
    // Of several pieces chased on every move, name the one whose chase is the gravest for the
    // rule book (a chariot chased by a cannon or horse first), else the first.
    let target_id = common.iter().copied().max_by_key(|&id| {
        let chasers = chaser_kinds_of(&moves, id, start);
        let tk = piece_of(start, id).map(|p| p.1);
        (tk == Some(PieceKind::Chariot)
            && chasers
                .iter()
                .any(|k| matches!(k, PieceKind::Cannon | PieceKind::Horse))) as u8
    });
    let target = target_id.and_then(|id| piece_of(start, id));
    let mut chasers: Vec<(Square, PieceKind)> = Vec::new();
    if let Some(t) = target_id {
        for (_, m) in &moves {
            for &(a, tt, _) in &m.pairs {
                if tt == t {
                    if let Some(p) = piece_of(start, a) {
                        if !chasers.contains(&p) {
                            chasers.push(p);
                        }
                    }
                }
            }
        }
    }
    // Readings: the perpetual chase rests on a reading when, on some move, every chase of the
    // target is one that only a reading makes a chase.
    let mut readings = Vec::new();
    if let (Offence::PerpetualChase, Some(t)) = (offence, target_id) {
        for (f, m) in &moves {
            let on_t: Vec<&crate::xiangqi::facts::Chase> = m
                .pairs
                .iter()
                .filter(|p| p.1 == t)
                .map(|p| &f.chases[p.2])
                .collect();
            if on_t.iter().all(|c| c.reading.is_some()) {
                for r in on_t.iter().filter_map(|c| c.reading) {
                    let r = reading_of(r);
                    if !readings.contains(&r) {
                        readings.push(r);
                    }
                }
            }
        }
    }
    let exempt_common = intersect(&|m: &MoveIds| {
        m.targets
            .iter()
            .copied()
            .chain(m.exempt_targets.iter().flatten().copied())
            .collect()
    });
    let exempt_target = exempt_common.first().copied();
    let moves_ids: Vec<MoveIds> = moves.iter().map(|(_, m)| m.clone()).collect();
    let moves: Vec<MoveFacts> = moves.into_iter().map(|(f, _)| f).collect();
    let clause = side_clause(
        offence,
        &moves,
        &moves_ids,
        target,
        target_id,
        &chasers,
        exempt_target,
        rules,
    );
    let is_chase = offence == Offence::PerpetualChase;
    SideJudgement {
        side,
        offence,
        moves,
        target: if is_chase { target } else { None },
        chasers: if is_chase { chasers } else { Vec::new() },
        readings,
        clause,
    }
}

/// The kinds of the pieces that chase the piece `id` over `moves`.
fn chaser_kinds_of(moves: &[(MoveFacts, MoveIds)], id: u8, start: &Position) -> Vec<PieceKind> {
    let mut v = Vec::new();
    for (_, m) in moves {
        for &(a, t, _) in &m.pairs {
            if t == id {
                if let Some((_, k)) = piece_of(start, a) {
                    if !v.contains(&k) {
                        v.push(k);
                    }
                }
            }
        }
    }
    v
}

/// The reading named by a chase, with its source.
fn reading_of(r: crate::xiangqi::facts::ReadingId) -> Reading {
    match r {
        crate::xiangqi::facts::ReadingId::AdvisorElephantOnProtected => Reading {
            reading: "an advisor or elephant attacking a protected chariot, horse or cannon chases it",
            source: "AXF rule book (full text), as read by two independent engines; not in seed 001 (spec xiangqi-repetition.md §1)",
        },
    }
}

/// The clause that best names a side's offence (AXF numbering; TW113 cites its table).
///
/// A perpetual check is detailed rule 1, with one piece or several in turn.
/// For a perpetual chase, only the chases of the target (`target_id`) and its chasers by
/// identity (`chasers`) count: one piece chasing one piece is AXF general rule 3 (or the
/// detailed rule of that pair of kinds), two or more chasing it in turn detailed rule 28.
/// An allowed side cites what allows it: one check and one chase (general rule 2 / detailed
/// rule 7), a check and idle moves (detailed rule 8), chases of different pieces (general rule
/// 4 / detailed rule 27), mate threats (detailed rule 4), an exempted threat on the same piece
/// on every move (the exemption's clause), else general rule 2 (neither side perpetual).
#[allow(clippy::too_many_arguments)]
fn side_clause(
    offence: Offence,
    moves: &[MoveFacts],
    ids: &[MoveIds],
    target: Option<(Square, PieceKind)>,
    target_id: Option<u8>,
    chasers: &[(Square, PieceKind)],
    exempt_target: Option<u8>,
    rules: &RuleSet,
) -> String {
    let axf = |s: &str| format!("AXF {s}");
    match (rules.id, offence) {
        (RulesId::Tw113, Offence::None) => "TW113 ch.2 table (not at fault)".into(),
        (RulesId::Tw113, _) => "TW113 ch.2 table".into(),
        // Detailed rule 1 (單方長將): one side's perpetual check with one piece (一子長將) or
        // several in turn (多子交替長將) — the seed's clause for both; general rule 1 states
        // the principle.
        (RulesId::Axf, Offence::PerpetualCheck) => axf("detailed rule 1"),
        (RulesId::Axf, Offence::PerpetualChase) => {
            let (Some((_, tk)), Some(t)) = (target, target_id) else {
                return axf("general rule 3");
            };
            let on_t: Vec<&crate::xiangqi::facts::Chase> = moves
                .iter()
                .zip(ids)
                .flat_map(|(f, m)| m.pairs.iter().filter(|p| p.1 == t).map(|p| &f.chases[p.2]))
                .collect();
            let kinds: std::collections::BTreeSet<PieceKind> = chasers.iter().map(|c| c.1).collect();
            use PieceKind::*;
            let rule = if on_t.iter().any(|c| c.horse_pinned_chariot) {
                "detailed rule 14"
            } else if on_t.iter().any(|c| c.chaser_kind == c.target_kind) {
                "detailed rule 19"
            } else if on_t.iter().any(|c| c.screen_change) && tk == Chariot {
                "detailed rule 21"
            } else if on_t.iter().any(|c| c.screen_change) {
                "detailed rule 20"
            } else if tk == Chariot
                && (kinds.contains(&Cannon) && kinds.contains(&Horse)
                    || kinds.len() == 1 && kinds.contains(&Horse) && chasers.len() > 1)
            {
                "detailed rule 15"
            } else if tk == Chariot && kinds.len() == 1 && kinds.contains(&Cannon) {
                "detailed rule 10"
            } else if on_t.iter().any(|c| c.false_root) {
                "detailed rule 29"
            } else if chasers.len() > 1 {
                "detailed rule 28"
            } else if tk == Chariot && kinds.contains(&Horse) {
                "detailed rule 16"
            } else if tk == Cannon && kinds.contains(&Chariot) {
                "detailed rule 13"
            } else if tk == Horse && kinds.contains(&Chariot) {
                "detailed rule 18"
            } else if tk == Soldier && kinds.contains(&Chariot) {
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
                "general rule 2 / detailed rule 7".to_string()
            } else if checks > 0 {
                "detailed rule 8".to_string()
            } else if chasing == moves.len() && chasing > 0 {
                "general rule 4 / detailed rule 27".to_string()
            } else if !moves.is_empty() && moves.iter().all(|f| f.mate_threat) {
                "detailed rule 4".to_string()
            } else if let Some(t) = exempt_target {
                // The same piece is threatened on every move, but on some move only by a
                // threat the rules exempt: the exemption is what allows it.
                let mut clauses: Vec<&str> = Vec::new();
                for (f, m) in moves.iter().zip(ids) {
                    if m.targets.contains(&t) {
                        continue;
                    }
                    for (e, id) in f.exempted.iter().zip(&m.exempt_targets) {
                        if *id == Some(t) && !clauses.contains(&e.clause) {
                            clauses.push(e.clause);
                        }
                    }
                }
                clauses
                    .iter()
                    .map(|c| c.trim_start_matches("AXF "))
                    .collect::<Vec<_>>()
                    .join("; ")
            } else {
                "general rule 2 (neither side perpetual)".to_string()
            };
            axf(&rule)
        }
    }
}

/// A perpetual chase that its book forbids whatever the other side chases back, with the
/// clause: a chariot pinned by a horse (AXF detailed rule 14: 無論傌是否有根); one or two
/// cannons on one chariot (detailed rule 10: 就算車方連續兩著均反捉無根子); a horse and a cannon,
/// or two horses, on one chariot (detailed rule 15: 又或是否反捉一步或兩步).
fn forbidden_whatever_chased_back(side: &SideJudgement) -> Option<&'static str> {
    if side.offence != Offence::PerpetualChase {
        return None;
    }
    if side
        .moves
        .iter()
        .all(|f| f.chases.iter().any(|c| c.horse_pinned_chariot))
    {
        return Some("detailed rule 14");
    }
    let (_, tk) = side.target?;
    if tk != PieceKind::Chariot {
        return None;
    }
    let kinds: std::collections::BTreeSet<PieceKind> = side.chasers.iter().map(|c| c.1).collect();
    use PieceKind::{Cannon, Horse};
    if kinds.iter().all(|&k| k == Cannon) && !kinds.is_empty() {
        Some("detailed rule 10")
    } else if kinds.iter().all(|&k| k == Cannon || k == Horse) && (kinds.len() == 2 || side.chasers.len() > 1)
    {
        Some("detailed rule 15")
    } else {
        None
    }
}

/// The verdict table: same severity → draw; otherwise the more severe side must vary
/// (AXF general rules 1–2, 5; TW113 ch.2 table). Two perpetual chases are a draw unless
/// exactly one of them is forbidden whatever the other side chases back (AXF detailed rules
/// 10, 14, 15; applied under TW113 too, as a reading). Also returns the reading the verdict
/// rests on, if any.
fn verdict(red: &SideJudgement, black: &SideJudgement, rules: &RuleSet) -> (CycleVerdict, Option<Reading>) {
    use std::cmp::Ordering;
    let asym = (
        forbidden_whatever_chased_back(red),
        forbidden_whatever_chased_back(black),
    );
    match red.offence.cmp(&black.offence) {
        Ordering::Equal if red.offence == Offence::PerpetualChase && asym.0.is_some() != asym.1.is_some() => {
            let (side, rule) = match asym {
                (Some(r), _) => (Color::Red, r),
                (_, Some(r)) => (Color::Black, r),
                _ => unreachable!("exactly one side is forbidden"),
            };
            let result_if_unchanged = Outcome::loss_for(side);
            let (clause, reading) = match rules.id {
                RulesId::Axf => (format!("AXF {rule}"), None),
                RulesId::Tw113 => (
                    format!("TW113 ch.2 table (AXF {rule} reading)"),
                    Some(Reading {
                        reading: "a mutual perpetual chase is not a draw when one side chases a chariot with a cannon, a horse and cannon, or against a horse pin",
                        source: "AXF detailed rules 10, 14, 15 (seed 001), applied to TW113, whose seed 000 table is silent on these pairs",
                    }),
                ),
            };
            (
                CycleVerdict {
                    must_vary: Some(side),
                    result_if_unchanged,
                    clause,
                },
                reading,
            )
        }
        Ordering::Equal => {
            let clause = match (rules.id, red.offence) {
                (RulesId::Tw113, _) => "TW113 ch.2 table".to_string(),
                (RulesId::Axf, Offence::PerpetualCheck) => "AXF detailed rule 2".to_string(),
                (RulesId::Axf, Offence::PerpetualChase) => "AXF detailed rule 17".to_string(),
                (RulesId::Axf, Offence::None) if red.clause == black.clause => red.clause.clone(),
                (RulesId::Axf, Offence::None) => format!("{} (red), {} (black)", red.clause, black.clause),
            };
            (
                CycleVerdict {
                    must_vary: None,
                    result_if_unchanged: Outcome::Draw,
                    clause,
                },
                None,
            )
        }
        Ordering::Greater => (
            CycleVerdict {
                must_vary: Some(Color::Red),
                result_if_unchanged: Outcome::BlackWins,
                clause: red.clause.clone(),
            },
            None,
        ),
        Ordering::Less => (
            CycleVerdict {
                must_vary: Some(Color::Black),
                result_if_unchanged: Outcome::FirstWins,
                clause: black.clause.clone(),
            },
            None,
        ),
    }
}
