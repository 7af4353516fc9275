//! Per-move facts for xiangqi: check, chase (chaser → target), mate threat, exchange, idle
//! (docs/axf.md). Everything is decided on real positions: protection by
//! making the capture and generating the legal recaptures, pins by lifting the piece.

use crate::citation::{Citation, ClauseId, Qualifier};
use crate::types::RuleBook;
use crate::xiangqi::rules::{RuleSet, RulesId};
use serde::Serialize;
use xiangqi::{Color, Move, Piece, PieceKind, Position, Square};

/// Why an attack on an enemy piece is not a chase (the clause that exempts it).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Exemption {
    /// The attacker is a general (AXF general rule 9, detailed rule 23; TW113 terms).
    ChaserIsGeneral,
    /// The attacker is a soldier (AXF general rule 9, detailed rule 24; TW113 terms).
    ChaserIsSoldier,
    /// The target is a soldier that has not crossed the river (AXF general rule 3; TW113 is
    /// silent: the AXF clause is read into it).
    UnriveredSoldier,
    /// Same kind and the target can capture back: an exchange offer (AXF general rule 7,
    /// detailed rule 19; TW113 general rules, same kind).
    ExchangeOffer,
    /// The attacker is pinned and the target is not its pinner (AXF detailed rule 22: a pinned
    /// piece's moves make no chase; TW113 is silent: the AXF clause is read into it).
    PinnedChaser,
    /// The target has a true root: a legal recapture exists (AXF general rule 6, detailed
    /// rule 30; TW113 general rules, true root).
    Protected,
}

impl Exemption {
    /// Every exemption, in the order the enum declares them.
    pub const ALL: [Exemption; 6] = [
        Exemption::ChaserIsGeneral,
        Exemption::ChaserIsSoldier,
        Exemption::UnriveredSoldier,
        Exemption::ExchangeOffer,
        Exemption::PinnedChaser,
        Exemption::Protected,
    ];

    /// The clause that exempts, in the rule book `rules`: its own clause, or, where the book is
    /// silent, the AXF clause marked as a reading (`"AXF general rule 3 (a reading: TW113 is
    /// silent)"`).
    pub fn clause(self, rules: RulesId) -> Citation {
        use ClauseId::*;
        use RuleBook::{Axf, Tw113};
        let silent = Qualifier::Silent(Tw113);
        match (rules, self) {
            (RulesId::Axf, Exemption::ChaserIsGeneral) => Citation::of(Axf, &[General(9), Detailed(23)]),
            (RulesId::Axf, Exemption::ChaserIsSoldier) => Citation::of(Axf, &[General(9), Detailed(24)]),
            (RulesId::Axf, Exemption::UnriveredSoldier) => Citation::of(Axf, &[General(3)]),
            (RulesId::Axf, Exemption::ExchangeOffer) => Citation::of(Axf, &[General(7), Detailed(19)]),
            (RulesId::Axf, Exemption::PinnedChaser) => Citation::of(Axf, &[Detailed(22)]),
            (RulesId::Axf, Exemption::Protected) => Citation::of(Axf, &[General(6), Detailed(30)]),
            (RulesId::Tw113, Exemption::ChaserIsGeneral | Exemption::ChaserIsSoldier) => {
                Citation::of(Tw113, &[Terms])
            }
            (RulesId::Tw113, Exemption::UnriveredSoldier) => Citation::of(Axf, &[General(3)]).with(silent),
            (RulesId::Tw113, Exemption::ExchangeOffer) => Citation::of(Tw113, &[SameKind]),
            (RulesId::Tw113, Exemption::PinnedChaser) => Citation::of(Axf, &[Detailed(22)]).with(silent),
            (RulesId::Tw113, Exemption::Protected) => Citation::of(Tw113, &[TrueRoot]),
        }
    }
}

/// An attack of one piece on an enemy piece other than the general, in one position: the
/// attacker could capture the target, a check standing against its side suspending nothing
/// ([`capture_possible`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Attack {
    /// The attacker's point.
    pub chaser: Square,
    /// The attacked piece's point.
    pub target: Square,
    /// For a cannon: the point of its screen (a new screen makes a new chase: AXF detailed
    /// rules 20–21).
    pub screen: Option<Square>,
    /// The attacker's kind.
    pub chaser_kind: PieceKind,
    /// The attacked piece's kind.
    pub target_kind: PieceKind,
    /// `None`: the attack is a chase relation; otherwise why not.
    pub exemption: Option<Exemption>,
    /// The target is a chariot that a horse pins so that it cannot move (AXF detailed rule 14):
    /// any attack on it is a chase, protected or not.
    pub horse_pinned_chariot: bool,
    /// The attack holds only because the target's protector lost its power to recapture
    /// (false root, AXF detailed rule 29) — set during classification.
    pub false_root: bool,
}

/// A reading of the rules beyond the rule books' text that a verdict rests on (docs/axf.md and
/// docs/tw113.md, "Readings chosen where the text is open"). Rule code names the reading; the
/// render layer words it and its source in each language, and writes its JSON form
/// `{"reading","source"}` (English). The order is the order in which a report lists them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Reading {
    /// TW113: a general or soldier that joins another piece in chasing one piece on every move
    /// of the loop excuses nothing (AXF detailed rule 25 read in: TW113's general rules allow
    /// the joint chase without saying on how many moves).
    JoinedEveryMove,
    /// TW113: a mutual perpetual chase is not a draw when one side chases a chariot with a
    /// cannon, a horse and cannon, or against a horse pin (AXF detailed rules 10, 14, 15 read in:
    /// the TW113 chapter 2 table is silent on these pairs).
    MutualChaseNotEven,
    /// AXF: an advisor or elephant attacking a protected chariot, horse or cannon chases it
    /// (the full AXF rule book as read by two engines; not in its repetition chapter).
    AdvisorElephantOnProtected,
}

/// A chase made by a move, as in the JSON contract: squares after the move; `piece` is the
/// target's kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Chase {
    /// The chaser's point after the move (ICCS in JSON, e.g. `b3`).
    pub chaser: Square,
    /// The target's point after the move.
    pub target: Square,
    /// The target's kind in words: `chariot`, `horse`, `elephant`, `advisor`, `cannon`, `soldier`.
    pub piece: &'static str,
    #[serde(skip)]
    /// The chaser's kind.
    pub chaser_kind: PieceKind,
    #[serde(skip)]
    /// The target's kind.
    pub target_kind: PieceKind,
    /// The chase came from changing a cannon's screen (AXF detailed rules 20–21).
    #[serde(skip)]
    pub screen_change: bool,
    /// The chase came from undermining the target's root (AXF detailed rule 29).
    #[serde(skip)]
    pub false_root: bool,
    /// The target is a chariot pinned by a horse (AXF detailed rule 14).
    #[serde(skip)]
    pub horse_pinned_chariot: bool,
    /// The move was a step of a general or soldier (this kind) that made the chaser's attack a
    /// chase — by uncovering it, unpinning it or taking the target's root away: the general or
    /// soldier joins the chaser (聯合; AXF general rule 9, detailed rules 23–25; TW113 general
    /// rules, general and soldier). `None`: any other move.
    #[serde(skip)]
    pub joined_by: Option<PieceKind>,
    /// The attack is a chase only by a reading beyond the rule books' text (the target is protected and
    /// the pair is in `RuleSet::reading_chase`).
    #[serde(skip)]
    pub reading: Option<Reading>,
}

/// A threat the move made that the rules exempt from being a chase (for `--explain`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExemptThreat {
    /// The threatening piece's point after the move.
    pub chaser: Square,
    /// The threatened piece's point.
    pub target: Square,
    /// The threatened piece's kind in words (as in [`Chase::piece`]).
    pub piece: &'static str,
    /// Why the threat is not a chase.
    pub reason: Exemption,
    /// The clause that exempts it (e.g. "AXF general rule 9").
    pub clause: Citation,
}

/// What a move did, judged on the position after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveFacts {
    /// The move.
    pub mv: Move,
    /// The side that made the move.
    pub mover: Color,
    /// The move attacks the enemy general (a pinned piece still gives check).
    pub check: bool,
    /// Chases that count under the rule set (new chase relations).
    pub chases: Vec<Chase>,
    /// New threats that are exempt, with the reason.
    pub exempted: Vec<ExemptThreat>,
    /// The mover, moving again, could mate at once (殺; never decides a verdict).
    pub mate_threat: bool,
    /// The move offers a same-kind exchange (兌; never decides a verdict).
    pub exchange: bool,
}

impl MoveFacts {
    /// Whether the move chases at least one piece.
    pub fn is_chase(&self) -> bool {
        !self.chases.is_empty()
    }

    /// The `kinds` list of the JSON contract: `check`, `chase`, `mate_threat`, `exchange`, or
    /// `idle` alone when nothing else applies.
    pub fn kinds(&self) -> Vec<&'static str> {
        let mut k = Vec::new();
        if self.check {
            k.push("check");
        }
        if self.is_chase() {
            k.push("chase");
        }
        if self.mate_threat {
            k.push("mate_threat");
        }
        if self.exchange {
            k.push("exchange");
        }
        if k.is_empty() {
            k.push("idle");
        }
        k
    }
}

/// Whether the piece on `sq` (a soldier of `color`) has crossed the river.
fn crossed(color: Color, sq: Square) -> bool {
    !color.own_half(sq.rank())
}

/// The screen of a cannon on `from` capturing on `to` (the single piece between them).
fn cannon_screen(pos: &Position, from: Square, to: Square) -> Option<Square> {
    let (df, dr) = (
        (to.file() - from.file()).signum(),
        (to.rank() - from.rank()).signum(),
    );
    let mut s = from.offset(df, dr)?;
    while s != to {
        if pos.piece_at(s).is_some() {
            return Some(s);
        }
        s = s.offset(df, dr)?;
    }
    None
}

/// Whether the piece on `from` (of either side) could capture on `to` if its side were to move,
/// **a check standing at that moment suspending nothing** (docs/axf.md,
/// from the TW113 definition: a chase is a *newly added* attack).
///
/// The capture must obey the movement rules. It is possible when it is legal, or when, after
/// it, its own general is attacked by no piece other than those in `standing` (the pieces that
/// were already giving check). Illegality the capture causes itself still counts: a pinned
/// piece leaving its line, generals made to face, a general walking into an attack (a general's
/// capture is judged by the ordinary legality only).
pub fn capture_possible(pos: &Position, from: Square, to: Square, standing: &[Square]) -> bool {
    if pos.can_capture(from, to) {
        return true;
    }
    let Some(p) = pos.piece_at(from) else {
        return false;
    };
    if standing.is_empty() || p.kind == PieceKind::General {
        return false;
    }
    if !matches!(pos.piece_at(to), Some(t) if t.color != p.color)
        || !pos.pseudo_moves_from(from).contains(&Move::new(from, to))
    {
        return false;
    }
    let Some(g) = pos.general(p.color) else {
        return false;
    };
    let mut q = pos.clone();
    q.set_piece(to, Some(p));
    q.set_piece(from, None);
    q.attackers(g, p.color.opponent())
        .iter()
        .all(|s| standing.contains(s))
}

/// The pieces of `color`'s opponent that attack `color`'s general in `pos` (the check standing
/// there; empty when there is none).
fn standing_checkers(pos: &Position, color: Color) -> Vec<Square> {
    pos.general(color)
        .map(|g| pos.attackers(g, color.opponent()))
        .unwrap_or_default()
}

/// Whether, after the piece on `from` captures on `to`, the captured piece's side has a
/// recapture on `to` (a true root, AXF general rule 6, detailed rule 30). A false root —
/// pinned protector, exposed general, facing generals, a screen or leg changed by the capture
/// — gives none (AXF detailed rule 29).
///
/// A check that stands in `pos` before the capture (the move being judged gave check) suspends
/// nothing: a recapture that would be illegal only because of that check counts as possible
/// (docs/axf.md, "a check suspends nothing"; [`capture_possible`]). A check
/// the capture itself gives still counts.
pub fn is_protected(pos: &Position, from: Square, to: Square) -> bool {
    let Some(attacker) = pos.piece_at(from) else {
        return false;
    };
    let defender = attacker.color.opponent();
    let standing = standing_checkers(pos, defender);
    let mut p = pos.clone();
    p.set_side_to_move(attacker.color);
    p.make_move(Move::new(from, to));
    p.pseudo_legal_moves()
        .iter()
        .filter(|m| m.to == to)
        .any(|m| capture_possible(&p, m.from, to, &standing))
}

/// Pins of `color`'s pieces: (pinned point, pinner points).
type Pins = Vec<(Square, Vec<Square>)>;

/// All attacks of `side`'s pieces on enemy pieces other than the general in `pos`, each with
/// its status under `rules` (chase relation or exemption). The side to move of `pos` does not
/// matter.
pub fn attacks(pos: &Position, side: Color, rules: &RuleSet) -> Vec<Attack> {
    let own_pins: Pins = pos.pinned(side);
    let enemy_pins: Pins = pos.pinned(side.opponent());
    let own_checkers = standing_checkers(pos, side);
    let mut out = Vec::new();
    for (from, a) in pos.pieces().filter(|(_, p)| p.color == side) {
        for m in pos.pseudo_moves_from(from).iter() {
            let Some(t) = pos.piece_at(m.to) else { continue };
            if t.kind == PieceKind::General || !capture_possible(pos, from, m.to, &own_checkers) {
                continue;
            }
            let screen = if a.kind == PieceKind::Cannon {
                cannon_screen(pos, from, m.to)
            } else {
                None
            };
            let horse_pinned_chariot = t.kind == PieceKind::Chariot
                && enemy_pins.iter().any(|(s, pinners)| {
                    *s == m.to
                        && pinners
                            .iter()
                            .any(|p| pos.piece_at(*p).is_some_and(|q| q.kind == PieceKind::Horse))
                });
            let exemption = exemption(
                pos,
                rules,
                from,
                a,
                m.to,
                t,
                &own_pins,
                &enemy_pins,
                horse_pinned_chariot,
            );
            out.push(Attack {
                chaser: from,
                target: m.to,
                screen,
                chaser_kind: a.kind,
                target_kind: t.kind,
                exemption,
                horse_pinned_chariot,
                false_root: false,
            });
        }
    }
    out
}

#[allow(clippy::too_many_arguments)]
fn exemption(
    pos: &Position,
    rules: &RuleSet,
    from: Square,
    a: Piece,
    to: Square,
    t: Piece,
    own_pins: &Pins,
    enemy_pins: &Pins,
    horse_pinned_chariot: bool,
) -> Option<Exemption> {
    match a.kind {
        PieceKind::General => return Some(Exemption::ChaserIsGeneral),
        PieceKind::Soldier => return Some(Exemption::ChaserIsSoldier),
        _ => {}
    }
    if own_pins
        .iter()
        .any(|(s, pinners)| *s == from && !pinners.contains(&to))
    {
        return Some(Exemption::PinnedChaser);
    }
    if t.kind == PieceKind::Soldier && !crossed(t.color, to) {
        return Some(Exemption::UnriveredSoldier);
    }
    if horse_pinned_chariot {
        return None;
    }
    // Pinned by a piece other than the attacker: a target pinned only by the attacker itself
    // can still take it (the capture removes the pinner), so the exchange stands (AXF detailed
    // rule 19: 受牽制**不能去**; found by the differential run of docs/axf.md).
    let target_pinned = enemy_pins
        .iter()
        .any(|(s, pinners)| *s == to && pinners.iter().any(|p| *p != from));
    // The target's capture back, a check standing against its side suspending nothing (spec
    // §1: a checking move does not turn an exchange offer into a chase).
    if a.kind == t.kind && !target_pinned && capture_possible(pos, to, from, &standing_checkers(pos, t.color))
    {
        return Some(Exemption::ExchangeOffer);
    }
    if rules.always_chases(a.kind, t.kind) {
        return None;
    }
    if is_protected(pos, from, to) {
        return Some(Exemption::Protected);
    }
    None
}

/// Where a piece standing on `sq` before `mv` stands after it (`None`: it was captured).
fn after_square(mv: Move, sq: Square) -> Option<Square> {
    if sq == mv.from {
        Some(mv.to)
    } else if sq == mv.to {
        None
    } else {
        Some(sq)
    }
}

/// Whether the mover, moving again in `after`, has a move that mates at once. `after` must not
/// have the mover's opponent in check (a move that mates then gives check by the moved piece,
/// or by a line or horse leg its from- or to-point opens or closes).
fn mate_threat(after: &Position, mover: Color) -> bool {
    // No general: never in check, never mated.
    let Some(g) = after.general(mover.opponent()) else {
        return false;
    };
    // Only a move from or to a point on the general's file or rank, or within two files and
    // two ranks of it (horse points and legs, soldiers), can give check: every other move
    // leaves each line, leg and neighbour of the general as it was.
    let near = |s: Square| {
        s.file() == g.file()
            || s.rank() == g.rank()
            || ((s.file() - g.file()).abs() <= 2 && (s.rank() - g.rank()).abs() <= 2)
    };
    let mut p = after.clone();
    p.set_side_to_move(mover);
    let moves = p.legal_moves();
    moves.iter().filter(|m| near(m.from) || near(m.to)).any(|&m| {
        let u = p.make_move(m);
        // The side to move of `p` is `mover.opponent()`: in check, then no legal move.
        let mate = p.in_check(mover.opponent()) && !p.has_legal_move_given_check(true);
        p.unmake_move(m, u);
        mate
    })
}

/// Classify `mv` played in `before` (which must be legal there) under `rules`.
///
/// A chase is a chase relation A → T that holds after the move and did not hold before (by
/// piece identity; for a cannon, through the same screen): made by the moved piece, a line
/// it opened, a screen it placed or moved, or by undermining the target's root (spec
/// `xiangqi-repetition.md` §1; AXF general rules 3, 6, 7, 9, detailed rules 14, 19–24, 29).
/// A move that answers a check makes no attack that stood before it new, root or no root (a
/// check suspends nothing: docs/axf.md). A general's or soldier's step that makes another piece's
/// attack a chase is that piece's chase, joined by the general or soldier
/// ([`Chase::joined_by`]): the cycle decides whether it is allowed (AXF detailed rules 23–25).
pub fn classify(before: &Position, mv: Move, rules: &RuleSet) -> MoveFacts {
    let mover = before.side_to_move();
    let old = attacks(before, mover, rules);
    let mut after = before.clone();
    after.make_move(mv);
    let new = attacks(&after, mover, rules);
    let check = after.in_check(mover.opponent());
    let joined_by = before
        .piece_at(mv.from)
        .map(|p| p.kind)
        .filter(|k| matches!(k, PieceKind::General | PieceKind::Soldier));
    let answers_check = before.in_check(mover);
    let mut chases = Vec::new();
    let mut exempted = Vec::new();
    let mut exchange = false;
    for a in &new {
        // Same relation: same attacker and target by identity and, for a cannon, the same
        // screen piece (a screen that moves along the line stays the same screen; a new piece
        // becoming the screen is a new chase: AXF detailed rules 20–21).
        let same = |o: &&Attack| {
            after_square(mv, o.chaser) == Some(a.chaser)
                && after_square(mv, o.target) == Some(a.target)
                && (a.chaser_kind != PieceKind::Cannon
                    || o.screen.and_then(|s| after_square(mv, s)) == a.screen)
        };
        let held_as_attack = old.iter().any(|o| same(&o));
        // Answering a check renews no standing attack (docs/axf.md: a check suspends nothing).
        let held_as_chase =
            old.iter().filter(same).any(|o| o.exemption.is_none()) || (answers_check && held_as_attack);
        // A cannon that did not move attacks through another screen piece than before the move
        // (or had no attack before): it chases by changing screens (AXF detailed rules 20–21).
        let screen_change =
            a.chaser_kind == PieceKind::Cannon && a.chaser != mv.to && a.screen.is_some() && {
                let old_screen = old
                    .iter()
                    .find(|o| {
                        after_square(mv, o.chaser) == Some(a.chaser)
                            && after_square(mv, o.target) == Some(a.target)
                    })
                    .and_then(|o| o.screen.and_then(|s| after_square(mv, s)));
                old_screen != a.screen
            };
        let exemption = match a.exemption {
            // TW113 variant of AXF detailed rule 20: a cannon changing screens to attack an
            // unprotected (無根) soldier chases it even before the river; a protected one is
            // still not chased.
            Some(Exemption::UnriveredSoldier)
                if rules.screen_change_chases_unrivered_soldier && screen_change =>
            {
                is_protected(&after, a.chaser, a.target).then_some(Exemption::Protected)
            }
            e => e,
        };
        match exemption {
            None if !held_as_chase => chases.push(Chase {
                chaser: a.chaser,
                target: a.target,
                piece: a.target_kind.name(),
                chaser_kind: a.chaser_kind,
                target_kind: a.target_kind,
                screen_change,
                false_root: held_as_attack,
                horse_pinned_chariot: a.horse_pinned_chariot,
                joined_by,
                reading: (rules.reading_chase.contains(&(a.chaser_kind, a.target_kind))
                    && is_protected(&after, a.chaser, a.target))
                .then_some(Reading::AdvisorElephantOnProtected),
            }),
            Some(reason) if !held_as_attack => {
                if reason == Exemption::ExchangeOffer {
                    exchange = true;
                }
                exempted.push(ExemptThreat {
                    chaser: a.chaser,
                    target: a.target,
                    piece: a.target_kind.name(),
                    reason,
                    clause: reason.clause(rules.id),
                });
            }
            _ => {}
        }
    }
    let mate_threat = !check && mate_threat(&after, mover);
    MoveFacts {
        mv,
        mover,
        check,
        chases,
        exempted,
        mate_threat,
        exchange,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`mate_threat`] without the filter: every legal move tried.
    fn mate_threat_reference(after: &Position, mover: Color) -> bool {
        let mut p = after.clone();
        p.set_side_to_move(mover);
        let moves = p.legal_moves();
        moves.iter().any(|&m| {
            let u = p.make_move(m);
            let mate = p.in_check(mover.opponent()) && !p.has_legal_move_given_check(true);
            p.unmake_move(m, u);
            mate
        })
    }

    #[test]
    fn mate_threat_filter_agrees_with_trying_every_move() {
        // Random games (a fixed linear congruential generator), every position not in check
        // compared for both sides; mates in one must occur for the test to mean anything.
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = |n: usize| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as usize % n
        };
        let (mut compared, mut threats) = (0, 0);
        for _ in 0..60 {
            let mut pos = Position::startpos();
            for _ in 0..160 {
                for mover in [Color::Red, Color::Black] {
                    if !pos.in_check(mover.opponent()) {
                        let want = mate_threat_reference(&pos, mover);
                        assert_eq!(mate_threat(&pos, mover), want, "{pos:?} mover {mover:?}");
                        compared += 1;
                        threats += usize::from(want);
                    }
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                // Prefer captures now and then, so that games open up.
                let captures: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|m| pos.piece_at(m.to).is_some())
                    .collect();
                let mv = if !captures.is_empty() && next(3) == 0 {
                    captures[next(captures.len())]
                } else {
                    moves[next(moves.len())]
                };
                pos.make_move(mv);
            }
        }
        assert!(compared > 5_000, "{compared}");
        assert!(threats > 50, "{threats} mate threats in {compared}");
    }
}
