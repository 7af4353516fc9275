//! Rule sets as data: the only place where AXF and TW113 differ. Every field cites its clause.

use crate::citation::{ClauseId, Clauses, Qualifier};
use crate::types::RuleBook;
use crate::xiangqi::ninerounds::NineRounds;
use serde::Serialize;
use xiangqi::PieceKind;

/// Which rule book adjudicates a xiangqi game: the xiangqi books of [`RuleBook`], spelled
/// (and serialised) as that type spells them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum RulesId {
    /// Asian Xiangqi Federation rules, chapter on repetition (棋例).
    Axf,
    /// Taiwan (ROC) 2024 (民國113年) revised rules.
    Tw113,
}

impl RulesId {
    /// `"axf"` or `"tw113"` ([`RuleBook::name`]).
    pub fn name(self) -> &'static str {
        RuleBook::from(self).name()
    }

    /// The xiangqi rule book `book` names; `None` for `fide`.
    pub fn of(book: RuleBook) -> Option<RulesId> {
        match book {
            RuleBook::Axf => Some(RulesId::Axf),
            RuleBook::Tw113 => Some(RulesId::Tw113),
            RuleBook::Fide => None,
        }
    }
}

impl From<RulesId> for RuleBook {
    fn from(id: RulesId) -> RuleBook {
        match id {
            RulesId::Axf => RuleBook::Axf,
            RulesId::Tw113 => RuleBook::Tw113,
        }
    }
}

impl Serialize for RulesId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        RuleBook::from(*self).serialize(s)
    }
}

/// What a claimant found short of the natural move limit suffers (TW113 natural move limit:
/// 記犯規一次，並扣剩餘時間5分鐘).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ShortClaimPenalty {
    /// Change of the claimant's remaining clock time, in seconds (TW113: −300).
    pub claimant_clock_seconds: i32,
    /// The claimant is recorded a foul (犯規).
    pub foul: bool,
    /// The clause cited.
    pub clause: Clauses,
}

/// The natural move limit (自然限著) of a rule book (docs/tw113.md).
///
/// All counts are in **plies** (one side's move), never in moves/rounds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NaturalMoveLimit {
    /// Plies without a capture needed for the claim (AXF 120 = 60 moves; TW113 100 = 50 rounds).
    pub plies: u32,
    /// The arbiter's alternative limit, in plies, as a separate mode never mixed with `plies`
    /// (TW113: 40 moves = 80 plies, 由裁判宣告、提出方記40著); `None`: the book has none (AXF).
    pub alternative_plies: Option<u32>,
    /// At most this many of the claimant's checks count (each check is the one ply that gives it).
    pub claimant_checks_counted: u32,
    /// Plies inside a perpetual check/chase repetition count for at most this many cycles
    /// (TW113); `None` = no such discount (AXF).
    pub perpetual_cycles_counted: Option<u32>,
    /// The clause cited.
    pub clause: Clauses,
    /// Penalty for a claim found short (TW113: foul and 5 minutes off the claimant's clock);
    /// `None`: the book states none (AXF).
    pub short_claim_penalty: Option<ShortClaimPenalty>,
}

/// A rule set: everything in which the rule books differ, as values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleSet {
    /// Which rule book this is (`axf`, `tw113`).
    pub id: RulesId,
    /// (attacker, target) pairs that are a chase even when the target is protected.
    /// Both books: horse or cannon on a chariot (AXF general rule 6, detailed rules 10, 15, 16;
    /// TW113 terms). TW113 adds advisor/elephant on a chariot (TW113 definitions of 捉); AXF adds
    /// advisor/elephant on chariot, horse and cannon (the reading of the AXF rule book taken by
    /// two independent engines; docs/axf.md).
    pub always_chase: &'static [(PieceKind, PieceKind)],
    /// The pairs of `always_chase` that rest on a reading beyond the rule books' text (shown as such
    /// wherever a verdict rests on them): AXF advisor/elephant on chariot, horse and cannon
    /// (the AXF chapter names only horse and cannon on a chariot, general rule 6). TW113: none (seed
    /// 000 §4 states advisor/elephant on a chariot).
    pub reading_chase: &'static [(PieceKind, PieceKind)],
    /// Whether a cannon that chases an unrivered soldier by changing screens still counts as
    /// chasing (TW113 variant of AXF detailed rule 20: yes; AXF: no, general rule 3).
    pub screen_change_chases_unrivered_soldier: bool,
    /// The natural move limit.
    pub natural_move_limit: NaturalMoveLimit,
    /// The written procedure: after the pending count, one more cycle decides
    /// (TW113 ch.4 procedure; AXF gives none and the same count is used).
    pub procedure_clause: Clauses,
    /// The 9-round rule (TW113 FAQ: 3 or more points, allowed and forbidden moves
    /// alternating for 9 rounds with no constructive purpose → pending without an exact
    /// repetition); `None`: the book has no such rule (AXF).
    pub nine_rounds: Option<NineRounds>,
}

/// TW113 natural move limit.
const TW113_LIMIT: Clauses = Clauses::of(RuleBook::Tw113, &[ClauseId::NaturalMoveLimit]);

const H: PieceKind = PieceKind::Horse;
const C: PieceKind = PieceKind::Cannon;
const R: PieceKind = PieceKind::Chariot;
const A: PieceKind = PieceKind::Advisor;
const B: PieceKind = PieceKind::Elephant;

impl RuleSet {
    /// The AXF rules.
    pub fn axf() -> RuleSet {
        RuleSet {
            id: RulesId::Axf,
            always_chase: &[(H, R), (C, R), (A, R), (B, R), (A, H), (B, H), (A, C), (B, C)],
            reading_chase: &[(A, R), (B, R), (A, H), (B, H), (A, C), (B, C)],
            screen_change_chases_unrivered_soldier: false,
            natural_move_limit: NaturalMoveLimit {
                plies: 120,
                alternative_plies: None,
                claimant_checks_counted: 10,
                perpetual_cycles_counted: None,
                clause: Clauses::of(RuleBook::Axf, &[ClauseId::NaturalMoveLimit]).with(Qualifier::Moves(60)),
                short_claim_penalty: None,
            },
            procedure_clause: Clauses::of(RuleBook::Tw113, &[ClauseId::Procedure])
                .with(Qualifier::NoneWritten(RuleBook::Axf)),
            nine_rounds: None,
        }
    }

    /// The TW113 rules.
    pub fn tw113() -> RuleSet {
        RuleSet {
            id: RulesId::Tw113,
            always_chase: &[(H, R), (C, R), (A, R), (B, R)],
            reading_chase: &[],
            screen_change_chases_unrivered_soldier: true,
            natural_move_limit: NaturalMoveLimit {
                plies: 100,
                alternative_plies: Some(80),
                claimant_checks_counted: 10,
                perpetual_cycles_counted: Some(3),
                clause: TW113_LIMIT,
                short_claim_penalty: Some(ShortClaimPenalty {
                    claimant_clock_seconds: -300,
                    foul: true,
                    clause: TW113_LIMIT,
                }),
            },
            procedure_clause: Clauses::of(RuleBook::Tw113, &[ClauseId::Procedure]),
            nine_rounds: Some(NineRounds::TW113),
        }
    }

    /// The rule set with this id.
    pub fn by_id(id: RulesId) -> RuleSet {
        match id {
            RulesId::Axf => RuleSet::axf(),
            RulesId::Tw113 => RuleSet::tw113(),
        }
    }

    /// Whether an attack of `attacker` on `target` is a chase whatever the target's protection.
    pub fn always_chases(&self, attacker: PieceKind, target: PieceKind) -> bool {
        self.always_chase.contains(&(attacker, target))
    }
}
