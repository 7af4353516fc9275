//! What the side to move may claim at one ply (FIDE 9.2 threefold, 9.3 fifty moves), with the
//! intended move that makes a claim valid, and the first ply of each claim per side: the
//! referee's ([`super::referee`]) bookkeeping of claims.

use super::rules::Fide;
use crate::citation::{ClauseId::Article, Clauses};
use shakmaty::uci::UciMove;
use shakmaty::{Bitboard, CastlingMode, Chess, Color, Move, Position};

use super::identity::{PositionKey, RepetitionTable};
use super::verdict::ClaimOpportunity;
use crate::types::{ClaimKind, Side};

pub(super) fn uci(m: Move) -> String {
    UciMove::from_move(m, CastlingMode::Standard).to_string()
}

/// What the side to move may claim at one ply.
#[derive(Debug, Default, Clone)]
pub(crate) struct ClaimsHere {
    /// 9.2.1.2: the position has just appeared for the third time (or more).
    pub threefold_now: bool,
    /// 9.2.1.1: this move would produce a position for the third time.
    pub threefold_intended: Option<Move>,
    /// 9.3.2: the last 100 plies (or more) had no pawn move and no capture.
    pub fifty_now: bool,
    /// 9.3.1: this move would complete 100 such plies.
    pub fifty_intended: Option<Move>,
}

/// A legal move of the side to move that produces a position for the third time (9.2.1.1),
/// preferring `preferred`. Only quiet moves can (a pawn move or capture makes a position never
/// seen before); a quiet move changes the occupancy on exactly 2 squares (4 for castling), so
/// each position seen twice names its candidate move by the difference.
fn threefold_move(
    rules: &Fide,
    pos: &Chess,
    table: &RepetitionTable,
    preferred: Option<Move>,
) -> Option<Move> {
    let twice = table.twice_seen(!pos.turn());
    if twice.is_empty() {
        return None;
    }
    let repeats = |m: Move| {
        if m.is_zeroing() {
            return false;
        }
        let mut next = pos.clone();
        next.play_unchecked(m);
        table.count(&PositionKey::of(&next)) + 1 >= rules.threefold
    };
    if let Some(m) = preferred.filter(|m| repeats(*m)) {
        return Some(m);
    }
    let occ = pos.board().occupied();
    let mut castling_possible = false;
    for k in twice {
        let diff = Bitboard(k.occupied()) ^ occ;
        match diff.count() {
            2 => {
                let from = diff & occ;
                let to = diff & !occ;
                let (Some(from), Some(to)) = (from.first(), to.first()) else {
                    continue;
                };
                let Some(role) = pos.board().role_at(from) else {
                    continue;
                };
                let m = Move::Normal {
                    role,
                    from,
                    capture: None,
                    to,
                    promotion: None,
                };
                if pos.is_legal(m) && repeats(m) {
                    return Some(m);
                }
            }
            4 => castling_possible = true,
            _ => {}
        }
    }
    if castling_possible {
        return pos
            .legal_moves()
            .into_iter()
            .find(|m| m.is_castle() && repeats(*m));
    }
    None
}

/// Computes what the side to move may claim at `pos` (which has appeared `count` times).
/// `preferred` (the recorded next move) is tried first as intended move.
pub(crate) fn claims_here(
    rules: &Fide,
    pos: &Chess,
    count: u32,
    table: &RepetitionTable,
    preferred: Option<Move>,
    want_threefold: bool,
    want_fifty: bool,
) -> ClaimsHere {
    let mut here = ClaimsHere::default();
    let hmc = pos.halfmoves();
    if want_threefold {
        here.threefold_now = count >= rules.threefold;
        if !here.threefold_now {
            here.threefold_intended = threefold_move(rules, pos, table, preferred);
        }
    }
    if want_fifty {
        here.fifty_now = hmc >= rules.fifty_move_plies();
        if hmc + 1 == rules.fifty_move_plies() {
            here.fifty_intended = match preferred.filter(|m| !m.is_zeroing()) {
                Some(m) => Some(m),
                None => pos.legal_moves().into_iter().find(|m| !m.is_zeroing()),
            };
        }
    }
    here
}

impl ClaimsHere {
    pub(super) fn any(&self) -> bool {
        self.threefold_now
            || self.threefold_intended.is_some()
            || self.fifty_now
            || self.fifty_intended.is_some()
    }
}

/// First claims per (kind, side): index = kind * 2 + side.
#[derive(Debug, Clone)]
pub(super) struct FirstClaims {
    found: [Option<ClaimOpportunity>; 4],
}

impl FirstClaims {
    pub(super) fn new() -> FirstClaims {
        FirstClaims {
            found: [None, None, None, None],
        }
    }

    /// The claims found, in slot order (threefold white, black; fifty moves white, black).
    pub(super) fn into_found(self) -> Vec<ClaimOpportunity> {
        self.found.into_iter().flatten().collect()
    }

    fn slot(kind_fifty: bool, side: Color) -> usize {
        (kind_fifty as usize) * 2 + if side == Color::White { 0 } else { 1 }
    }

    pub(super) fn wants(&self, kind_fifty: bool, side: Color) -> bool {
        self.found[Self::slot(kind_fifty, side)].is_none()
    }

    pub(super) fn note(&mut self, ply: usize, side: Color, here: &ClaimsHere) {
        let by = Side::from(side);
        let kinds = [
            (
                false,
                ClaimKind::Threefold,
                here.threefold_now,
                here.threefold_intended,
                Clauses::fide(&[Article("9.2.1")]),
            ),
            (
                true,
                ClaimKind::FiftyMoves,
                here.fifty_now,
                here.fifty_intended,
                Clauses::fide(&[Article("9.3")]),
            ),
        ];
        for (fifty, kind, now, intended, clause) in kinds {
            let s = Self::slot(fifty, side);
            if self.found[s].is_none() && (now || intended.is_some()) {
                self.found[s] = Some(ClaimOpportunity {
                    kind,
                    by,
                    at_ply: ply,
                    intended_move: if now { None } else { intended.map(uci) },
                    clause,
                });
            }
        }
    }
}
