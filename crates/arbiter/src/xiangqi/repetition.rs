//! Repetition cycles: per-side offence over the moves of one or more loops, and the verdict
//! table (AXF general rules 1–5, detailed rules 1–3,
//! 27–28; TW113 ch.2 table).

pub use super::facts::Reading;
use crate::citation::ClauseId::{self, *};
use crate::citation::{Citation, Clauses, Qualifier};
use crate::types::{Outcome, RuleBook};
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
    /// Readings beyond the rule books' text that this side's offence rests on.
    pub readings: Vec<Reading>,
    /// The clause that makes the offence (or the allowance) what it is: clause ids only
    /// (`"AXF detailed rule 13"`, `"AXF general rule 1 / general rule 3"`); what the clause
    /// says of the side is in `ground`.
    pub clause: Citation,
    /// What `clause` holds of this side, for the report's words.
    pub ground: Ground,
    /// A side allowed although one and the same piece is chased on every move: that piece, its
    /// chasers and the clauses that allow it and would forbid it. `None` otherwise.
    pub allowed_chase: Option<AllowedChase>,
}

/// What a side's clause holds of it, beyond the clause ids (the report words it).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Ground {
    /// The clause names the offence or the allowance itself.
    #[default]
    Named,
    /// Allowed because it neither checks nor chases perpetually: AXF general rules 1 and 3
    /// forbid only those, whatever the other side does.
    NotPerpetual,
}

/// Why a side that chases one and the same piece on every move is allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllowedChase {
    /// The piece chased on every move (point at the start of the judged moves, kind).
    pub target: (Square, PieceKind),
    /// Its chasers by identity (point at the start, kind).
    pub chasers: Vec<(Square, PieceKind)>,
    /// The other pieces chased on every move, each with its chasers (two pieces chasing two).
    pub others: Vec<PieceChasers>,
    /// Why it is allowed.
    pub why: AllowedBecause,
    /// The clause that allows it (`"AXF general rule 4 / detailed rule 27"`).
    pub allowed_by: Citation,
    /// The clauses that would forbid it were it not so: several pieces chasing one in turn
    /// (`"AXF detailed rule 28"`), one piece chasing one (`"AXF general rule 3"`), a general or
    /// soldier joining on every move (`"AXF detailed rule 25"`).
    pub not_forbidden_by: Vec<Citation>,
}

/// A piece (point at the start of the judged moves, kind) and its chasers by identity.
pub type PieceChasers = ((Square, PieceKind), Vec<(Square, PieceKind)>);

/// Why a chase of one piece on every move is allowed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AllowedBecause {
    /// Another piece is chased on every move too, and the chasers are two or more: two pieces
    /// chasing two in turn (AXF general rule 4, detailed rule 27), not several pieces chasing
    /// one (detailed rule 28).
    TwoChaseTwo,
    /// A general or soldier (this kind) joins the one chaser on some moves only (AXF general
    /// rule 9, detailed rules 23–24), not on every move (detailed rule 25).
    JoinedOnSomeMoves(PieceKind),
}

/// The verdict of a cycle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CycleVerdict {
    /// The side that must vary, `None` for a draw.
    pub must_vary: Option<Color>,
    /// `"1-0"`, `"0-1"` or `"1/2-1/2"`: the result if nobody varies.
    pub result_if_unchanged: Outcome,
    /// The clause of the verdict (e.g. "AXF general rule 1", "AXF detailed rule 13").
    pub clause: Citation,
    /// The side that must vary chases a chariot as its book forbids whatever the other side
    /// chases back, and the other side does chase on every move: the clause that keeps the
    /// fault on the first side (`"AXF detailed rule 10"`, 14 or 15; under TW113 the AXF clause
    /// as a reading). `None` otherwise.
    #[serde(skip)]
    pub chased_back: Option<Citation>,
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
    /// Readings beyond the rule books' text that the verdict rests on (empty when the text decides
    /// alone).
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
    #[error("the moves do not return to the start position: after {plies} {} {}", if *.plies == 1 { "ply" } else { "plies" }, difference(.start, .end))]
    NotACycle {
        /// The plies given.
        plies: usize,
        /// The start position.
        start: Box<Position>,
        /// The position the moves end on (it differs from `start`).
        end: Box<Position>,
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
            start: Box::new(start.clone()),
            end: Box::new(pos),
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
/// Pieces keep their identity through the moves (docs/axf.md): chased pieces and chasers alike are
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
    let all_targets = intersect(&|m: &MoveIds| m.targets.clone());
    // A general or soldier that joins one chariot, horse or cannon in chasing a piece on some
    // of the side's moves only (the others that piece's own chases) is allowed: AXF general
    // rule 9, detailed rules 23–24; TW113 general rules (general and soldier). On every move
    // the chase stands (detailed rule 25); with two or more other chasers too (general rule 9
    // names one chariot, horse or cannon).
    let joined_allowed = |t: u8| -> Option<PieceKind> {
        let mut by = None;
        let mut joined = 0;
        for (f, m) in &moves {
            let on_t = chases_of(f, m, t);
            if !on_t.is_empty() && on_t.iter().all(|c| c.joined_by.is_some()) {
                joined += 1;
                by = by.or(on_t[0].joined_by);
            }
        }
        let chasers = chaser_ids_of(&moves, t);
        (joined > 0 && joined < moves.len() && chasers.len() == 1)
            .then_some(by)
            .flatten()
    };
    let common: Vec<u8> = all_targets
        .iter()
        .copied()
        .filter(|&t| joined_allowed(t).is_none())
        .collect();
    let all_chase = !moves.is_empty() && moves.iter().all(|(f, _)| f.is_chase());
    // One and the same piece (by identity) chased on every move, by one chaser or several
    // (AXF general rule 3, detailed rule 28).
    // Two or more pieces chasing two or more pieces (each chased on every move) is 兩子分別捉
    // 兩子: allowed (AXF general rule 4, detailed rule 27), unlike two pieces chasing one in
    // turn (detailed rule 28).
    let common_chasers: Vec<u8> = {
        let mut v: Vec<u8> = Vec::new();
        for &t in &common {
            for a in chaser_ids_of(&moves, t) {
                if !v.contains(&a) {
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
            let on_t = chases_of(f, m, t);
            if on_t.iter().all(|c| c.reading.is_some()) {
                for r in on_t.iter().filter_map(|c| c.reading) {
                    if !readings.contains(&r) {
                        readings.push(r);
                    }
                }
            }
        }
    }
    // Every move of a detailed rule 25 loop joined by a general or soldier: under TW113 the
    // AXF clause is read in (its general rules allow the joint chase without saying on how
    // many moves).
    if offence == Offence::PerpetualChase && rules.id == RulesId::Tw113 {
        if let Some(t) = target_id {
            if joined_every_move(moves.iter().map(|(f, m)| (f, m)), t) {
                readings.push(Reading::JoinedEveryMove);
            }
        }
    }
    let chasers_at_start = |t: u8| -> Vec<(Square, PieceKind)> {
        chaser_ids_of(&moves, t)
            .into_iter()
            .filter_map(|a| piece_of(start, a))
            .collect()
    };
    let allowed_chase = if offence != Offence::None || !all_chase || all_check {
        None
    } else if let Some((t, by)) = all_targets
        .iter()
        .find_map(|&t| joined_allowed(t).map(|by| (t, by)))
    {
        piece_of(start, t).map(|target| AllowedChase {
            target,
            chasers: chasers_at_start(t),
            others: Vec::new(),
            why: AllowedBecause::JoinedOnSomeMoves(by),
            allowed_by: match (rules.id, by) {
                (RulesId::Axf, PieceKind::General) => axf(&[General(9), Detailed(23)]),
                (RulesId::Axf, _) => axf(&[General(9), Detailed(24)]),
                (RulesId::Tw113, _) => Citation::of(RuleBook::Tw113, &[GeneralAndSoldier]),
            },
            not_forbidden_by: vec![match rules.id {
                RulesId::Axf => axf(&[Detailed(25)]),
                RulesId::Tw113 => axf(&[Detailed(25)]).with(TW113_SILENT),
            }],
        })
    } else if many_on_many {
        // Name first a piece chased by two or more in turn when there is one (the shape of
        // detailed rule 28), then the others.
        let mut ts = common.clone();
        ts.sort_by_key(|&t| chaser_ids_of(&moves, t).len() < 2);
        let not_forbidden_by = match rules.id {
            RulesId::Axf => {
                let mut v = Vec::new();
                if ts.iter().any(|&t| chaser_ids_of(&moves, t).len() > 1) {
                    v.push(axf(&[Detailed(28)]));
                }
                if ts.iter().any(|&t| chaser_ids_of(&moves, t).len() == 1) {
                    v.push(axf(&[General(3)]));
                }
                v
            }
            RulesId::Tw113 => vec![Citation::of(RuleBook::Tw113, &[SamePiece])],
        };
        let mut all: Vec<PieceChasers> = ts
            .iter()
            .filter_map(|&t| piece_of(start, t).map(|p| (p, chasers_at_start(t))))
            .collect();
        (!all.is_empty()).then(|| {
            let (target, chasers) = all.remove(0);
            AllowedChase {
                target,
                chasers,
                others: all,
                why: AllowedBecause::TwoChaseTwo,
                allowed_by: match rules.id {
                    RulesId::Axf => axf(&[General(4), Detailed(27)]),
                    RulesId::Tw113 => {
                        axf(&[General(4), Detailed(27)]).with(Qualifier::SamePieceNamesOneChasingSeveral)
                    }
                },
                not_forbidden_by,
            }
        })
    } else {
        None
    };
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
    let (clause, ground) = side_clause(
        offence,
        &moves,
        &moves_ids,
        target,
        target_id,
        &chasers,
        exempt_target,
        rules,
    );
    let (clause, ground) = match (&allowed_chase, rules.id) {
        (Some(a), RulesId::Axf) => (a.allowed_by.clone(), Ground::Named),
        (Some(a), RulesId::Tw113) if matches!(a.why, AllowedBecause::JoinedOnSomeMoves(_)) => {
            (a.allowed_by.clone(), Ground::Named)
        }
        _ => (clause, ground),
    };
    let is_chase = offence == Offence::PerpetualChase;
    SideJudgement {
        side,
        offence,
        moves,
        target: if is_chase { target } else { None },
        chasers: if is_chase { chasers } else { Vec::new() },
        readings,
        clause,
        ground,
        allowed_chase,
    }
}

/// The pieces (by identity) that chase the piece `id` over `moves`, in order of first chase.
fn chaser_ids_of(moves: &[(MoveFacts, MoveIds)], id: u8) -> Vec<u8> {
    let mut v = Vec::new();
    for (_, m) in moves {
        for &(a, t, _) in &m.pairs {
            if t == id && !v.contains(&a) {
                v.push(a);
            }
        }
    }
    v
}

/// Whether every move chases the piece `id` only jointly with a general or soldier
/// ([`crate::xiangqi::facts::Chase::joined_by`]: AXF detailed rule 25).
fn joined_every_move<'a>(moves: impl IntoIterator<Item = (&'a MoveFacts, &'a MoveIds)>, id: u8) -> bool {
    let mut any = false;
    let all = moves.into_iter().all(|(f, m)| {
        any = true;
        let on_t = chases_of(f, m, id);
        !on_t.is_empty() && on_t.iter().all(|c| c.joined_by.is_some())
    });
    any && all
}

/// The chases of the piece `id` (by identity) among the chases of one move.
fn chases_of<'a>(f: &'a MoveFacts, m: &MoveIds, id: u8) -> Vec<&'a crate::xiangqi::facts::Chase> {
    m.pairs
        .iter()
        .filter(|p| p.1 == id)
        .map(|p| &f.chases[p.2])
        .collect()
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

/// AXF clauses.
const fn axf(ids: &'static [ClauseId]) -> Citation {
    Citation::of(RuleBook::Axf, ids)
}

/// TW113 ch.2 table.
const TW113_TABLE: Citation = Citation::of(RuleBook::Tw113, &[Table]);
/// An AXF clause read into TW113, which is silent.
const TW113_SILENT: Qualifier = Qualifier::Silent(RuleBook::Tw113);

/// The clause that best names a side's offence (AXF numbering; TW113 cites its table).
///
/// A perpetual check is detailed rule 1, with one piece or several in turn.
/// For a perpetual chase, only the chases of the target (`target_id`) and its chasers by
/// identity (`chasers`) count: one piece chasing one piece is AXF general rule 3 (or the
/// detailed rule of that pair of kinds), two or more chasing it in turn detailed rule 28.
/// An allowed side cites what allows it: one check and one chase (general rule 2 / detailed
/// rule 7), a check and idle moves (detailed rule 8), chases of different pieces (general rule
/// 4 / detailed rule 27), mate threats (detailed rule 4), an exempted threat on the same piece
/// on every move (the exemption's clause); else (idle moves, mate threats, which AXF counts as
/// idle, and chases that are not perpetual) it is not forbidden: general rules 1 and 3 forbid
/// only a perpetual check and a perpetual chase, whatever the other side does
/// ([`Ground::NotPerpetual`]).
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
) -> (Citation, Ground) {
    let named = match (rules.id, offence) {
        (RulesId::Tw113, Offence::None) => TW113_TABLE.with(Qualifier::NotAtFault),
        (RulesId::Tw113, Offence::PerpetualChase)
            if target_id.is_some_and(|t| joined_every_move(moves.iter().zip(ids), t)) =>
        {
            TW113_TABLE.with(Qualifier::ReadingOf(RuleBook::Axf, Detailed(25)))
        }
        (RulesId::Tw113, _) => TW113_TABLE,
        // Detailed rule 1 (單方長將): one side's perpetual check with one piece (一子長將) or
        // several in turn (多子交替長將) — the seed's clause for both; general rule 1 states
        // the principle.
        (RulesId::Axf, Offence::PerpetualCheck) => axf(&[Detailed(1)]),
        (RulesId::Axf, Offence::PerpetualChase) => {
            let (Some((_, tk)), Some(t)) = (target, target_id) else {
                return (axf(&[ClauseId::General(3)]), Ground::Named);
            };
            let on_t: Vec<&crate::xiangqi::facts::Chase> = moves
                .iter()
                .zip(ids)
                .flat_map(|(f, m)| m.pairs.iter().filter(|p| p.1 == t).map(|p| &f.chases[p.2]))
                .collect();
            let kinds: std::collections::BTreeSet<PieceKind> = chasers.iter().map(|c| c.1).collect();
            use PieceKind::*;
            let rule: &'static [ClauseId] = if on_t.iter().any(|c| c.horse_pinned_chariot) {
                &[Detailed(14)]
            } else if on_t.iter().any(|c| c.chaser_kind == c.target_kind) {
                &[Detailed(19)]
            } else if on_t.iter().any(|c| c.screen_change) && tk == Chariot {
                &[Detailed(21)]
            } else if on_t.iter().any(|c| c.screen_change) {
                &[Detailed(20)]
            } else if tk == Chariot
                && (kinds.contains(&Cannon) && kinds.contains(&Horse)
                    || kinds.len() == 1 && kinds.contains(&Horse) && chasers.len() > 1)
            {
                &[Detailed(15)]
            } else if tk == Chariot && kinds.len() == 1 && kinds.contains(&Cannon) {
                &[Detailed(10)]
            } else if joined_every_move(moves.iter().zip(ids), t) {
                &[Detailed(25)]
            } else if on_t.iter().any(|c| c.false_root) {
                &[Detailed(29)]
            } else if chasers.len() > 1 {
                &[Detailed(28)]
            } else if tk == Chariot && kinds.contains(&Horse) {
                &[Detailed(16)]
            } else if tk == Cannon && kinds.contains(&Chariot) {
                &[Detailed(13)]
            } else if tk == Horse && kinds.contains(&Chariot) {
                &[Detailed(18)]
            } else if tk == Soldier && kinds.contains(&Chariot) {
                &[Detailed(26)]
            } else {
                &[ClauseId::General(3)]
            };
            axf(rule)
        }
        (RulesId::Axf, Offence::None) => {
            let checks = moves.iter().filter(|f| f.check).count();
            let chasing = moves.iter().filter(|f| f.is_chase()).count();
            if checks > 0 && chasing > 0 {
                axf(&[General(2), Detailed(7)])
            } else if checks > 0 {
                axf(&[Detailed(8)])
            } else if chasing == moves.len() && chasing > 0 {
                axf(&[General(4), Detailed(27)])
            } else if !moves.is_empty() && moves.iter().all(|f| f.mate_threat) {
                axf(&[Detailed(4)])
            } else if let Some(c) = exempt_target.and_then(|t| exemptions_on(moves, ids, t)) {
                // The same piece is threatened on every move, but on some move only by a
                // threat the rules exempt: the exemption is what allows it.
                c
            } else {
                return (axf(&[General(1), General(3)]), Ground::NotPerpetual);
            }
        }
    };
    (named, Ground::Named)
}

/// The clauses that exempt the threats on the piece `t` (by identity) on the moves that do
/// not chase it, each once; `None` when there are none.
fn exemptions_on(moves: &[MoveFacts], ids: &[MoveIds], t: u8) -> Option<Citation> {
    let mut clauses: Vec<Clauses> = Vec::new();
    for (f, m) in moves.iter().zip(ids) {
        if m.targets.contains(&t) {
            continue;
        }
        for (e, id) in f.exempted.iter().zip(&m.exempt_targets) {
            if *id != Some(t) {
                continue;
            }
            for c in e.clause.parts() {
                if !clauses.contains(&c) {
                    clauses.push(c);
                }
            }
        }
    }
    Citation::several(clauses)
}

/// A perpetual chase that its book forbids whatever the other side chases back, with the
/// clause: a chariot pinned by a horse (AXF detailed rule 14: 無論傌是否有根); one or two
/// cannons on one chariot (detailed rule 10: 就算車方連續兩著均反捉無根子); a horse and a cannon,
/// or two horses, on one chariot (detailed rule 15: 又或是否反捉一步或兩步).
fn forbidden_whatever_chased_back(side: &SideJudgement) -> Option<&'static [ClauseId; 1]> {
    if side.offence != Offence::PerpetualChase {
        return None;
    }
    if side
        .moves
        .iter()
        .all(|f| f.chases.iter().any(|c| c.horse_pinned_chariot))
    {
        return Some(&[Detailed(14)]);
    }
    let (_, tk) = side.target?;
    if tk != PieceKind::Chariot {
        return None;
    }
    let kinds: std::collections::BTreeSet<PieceKind> = side.chasers.iter().map(|c| c.1).collect();
    use PieceKind::{Cannon, Horse};
    if kinds.iter().all(|&k| k == Cannon) && !kinds.is_empty() {
        Some(&[Detailed(10)])
    } else if kinds.iter().all(|&k| k == Cannon || k == Horse) && (kinds.len() == 2 || side.chasers.len() > 1)
    {
        Some(&[Detailed(15)])
    } else {
        None
    }
}

/// The clause that keeps a perpetual chase forbidden (`rule`, from
/// [`forbidden_whatever_chased_back`]) although the `other` side chases on every move; `None`
/// when there is no such rule or the other side does not chase back on every move.
fn chased_back(
    rule: Option<&'static [ClauseId; 1]>,
    other: &SideJudgement,
    rules: &RuleSet,
) -> Option<Citation> {
    let rule = rule?;
    let every = !other.moves.is_empty() && other.moves.iter().all(MoveFacts::is_chase);
    every.then(|| match rules.id {
        RulesId::Axf => axf(rule),
        RulesId::Tw113 => axf(rule).with(TW113_SILENT),
    })
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
                RulesId::Axf => (axf(rule), None),
                RulesId::Tw113 => (
                    TW113_TABLE.with(Qualifier::ReadingOf(RuleBook::Axf, rule[0])),
                    Some(Reading::MutualChaseNotEven),
                ),
            };
            let chased_back = Some(clause.clone());
            (
                CycleVerdict {
                    must_vary: Some(side),
                    result_if_unchanged,
                    clause,
                    chased_back,
                },
                reading,
            )
        }
        Ordering::Equal => {
            let clause = match (rules.id, red.offence) {
                (RulesId::Tw113, _) => TW113_TABLE,
                (RulesId::Axf, Offence::PerpetualCheck) => axf(&[Detailed(2)]),
                (RulesId::Axf, Offence::PerpetualChase) => axf(&[Detailed(17)]),
                (RulesId::Axf, Offence::None) => Citation::per_side(red.clause.clone(), black.clause.clone()),
            };
            (
                CycleVerdict {
                    must_vary: None,
                    result_if_unchanged: Outcome::Draw,
                    clause,
                    chased_back: None,
                },
                None,
            )
        }
        Ordering::Greater => (
            CycleVerdict {
                must_vary: Some(Color::Red),
                result_if_unchanged: Outcome::BlackWins,
                clause: red.clause.clone(),
                chased_back: chased_back(asym.0, black, rules),
            },
            None,
        ),
        Ordering::Less => (
            CycleVerdict {
                must_vary: Some(Color::Black),
                result_if_unchanged: Outcome::FirstWins,
                clause: black.clause.clone(),
                chased_back: chased_back(asym.1, red, rules),
            },
            None,
        ),
    }
}
