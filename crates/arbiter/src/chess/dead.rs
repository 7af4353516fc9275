//! Dead positions (FIDE 5.2.2) and "can this side still checkmate" (FIDE 6.9).
//!
//! Both questions are about the *existence* of a legal sequence of moves, however silly, that
//! ends in checkmate by a given side: a helpmate search, not a material table. K+B v K+B with
//! bishops on opposite colours is alive; a locked pawn wall can be dead with many pieces left.
//! Every answer is proved, in one way for every caller (`arbiter dead`, `judge`, the referee):
//! a quick guided helpmate finder of ours ([`find_helpmate`], `dead_search.rs`) looks for a
//! mating line first (a found line, replayed move by move, is a proof); when it finds none
//! within its budget, the `chasolver` crate (CHA, the Chess Unwinnability Analyzer) takes
//! over: its fast sound test, then its complete search, which either returns a mating line or
//! proves that none exists.
//!
//! Like CHA, this ignores the half-move clock and the repetition history (a game that the
//! 75-move rule ends before any mate is possible is reported as [`DeadReport::horizon_draw`],
//! not as dead).

use crate::citation::{ClauseId, Clauses};
use serde::Serialize;
use shakmaty::{Chess, Color, Move, Position};

#[path = "dead_search.rs"]
mod search;

/// Looks for a helpmate by `winner` from `pos` (a legal sequence of moves, both sides
/// cooperating, ending in checkmate by `winner`), visiting at most `budget` nodes of a guided
/// search. Returns the line, checked move by move (each legal, the last one mates), or `None`
/// when none was found within the budget (which proves nothing). Used by [`can_mate`] before
/// the complete search.
pub fn find_helpmate(pos: &Chess, winner: Color, budget: u32) -> Option<Vec<Move>> {
    search::find_helpmate(pos, winner, budget).filter(|line| search::is_helpmate(pos, winner, line))
}

/// Whether `line` is a legal sequence of moves from `pos` ending in checkmate by `winner`:
/// the check that makes a helpmate line a proof (FIDE 5.2.2: the winner can mate).
pub fn is_helpmate(pos: &Chess, winner: Color, line: &[Move]) -> bool {
    search::is_helpmate(pos, winner, line)
}

/// Whether a side can still deliver checkmate by some legal sequence of moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mateability {
    /// A legal sequence ending in checkmate by that side exists.
    CanMate,
    /// No legal sequence ends in checkmate by that side (proved).
    CannotMate,
    /// The search gave up (node limit); treated as [`Mateability::CanMate`] by the referee,
    /// which never declares a game over without proof.
    Unknown,
}

impl Mateability {
    /// True unless mate was proved impossible.
    pub fn possible(self) -> bool {
        !matches!(self, Mateability::CannotMate)
    }
}

/// The same position as a `chess::Board` (CHA's board type), built square by square.
fn to_board(pos: &Chess) -> Option<chess::Board> {
    use shakmaty::{CastlingSide, Role};
    let mut b = chess::BoardBuilder::new();
    for (sq, piece) in pos.board().iter() {
        let role = match piece.role {
            Role::Pawn => chess::Piece::Pawn,
            Role::Knight => chess::Piece::Knight,
            Role::Bishop => chess::Piece::Bishop,
            Role::Rook => chess::Piece::Rook,
            Role::Queen => chess::Piece::Queen,
            Role::King => chess::Piece::King,
        };
        let idx = usize::from(sq);
        b.piece(*chess::ALL_SQUARES.get(idx)?, role, to_cha(piece.color));
    }
    b.side_to_move(to_cha(pos.turn()));
    for color in [Color::White, Color::Black] {
        let k = pos.castles().has(color, CastlingSide::KingSide);
        let q = pos.castles().has(color, CastlingSide::QueenSide);
        let rights = match (k, q) {
            (true, true) => chess::CastleRights::Both,
            (true, false) => chess::CastleRights::KingSide,
            (false, true) => chess::CastleRights::QueenSide,
            (false, false) => chess::CastleRights::NoRights,
        };
        b.castle_rights(to_cha(color), rights);
    }
    if let Some(ep) = pos.legal_ep_square() {
        b.en_passant(Some(*chess::ALL_FILES.get(usize::from(ep.file()))?));
    }
    chess::Board::try_from(&b).ok()
}

fn to_cha(color: Color) -> chess::Color {
    match color {
        Color::White => chess::Color::White,
        Color::Black => chess::Color::Black,
    }
}

/// Nodes the helpmate finder ([`find_helpmate`]) may visit in [`can_mate`], before CHA's
/// fast unwinnability test: it finds a line for most sides of real games' positions (58,641
/// of the 60,000 per-side answers on 30,000 Lichess positions, 59,136 of which can mate; the
/// lines average some 25 plies). Where it finds none, CHA's complete search is cheaper than
/// a longer run of the finder (on those 30,000 positions, some 14,040 million instructions in all
/// against 15,330 million with a second run of 2,000 nodes, 16,000 when the winner has only minor
/// pieces).
pub const QUICK_FINDER_BUDGET: u32 = 600;

/// Whether `winner` can still checkmate from `pos` by any legal sequence (FIDE 5.2.2, 6.9).
///
/// Every answer is proved: "can mate" by a helpmate line (found by the quick guided search
/// [`find_helpmate`], at most [`QUICK_FINDER_BUDGET`] nodes, else by CHA's complete search), "cannot mate" by insufficient material, CHA's fast unwinnability
/// test or the complete search. [`Mateability::Unknown`] only when the complete search gives
/// up.
pub fn can_mate(pos: &Chess, winner: Color) -> Mateability {
    // Already over: a mated side cannot be mated "again", and the mating side has mated; a
    // stalemate ends the game without a mate.
    if pos.legal_moves().is_empty() {
        return if pos.is_check() && pos.turn() != winner {
            Mateability::CanMate
        } else {
            Mateability::CannotMate
        };
    }
    if pos.has_insufficient_material(winner) {
        return Mateability::CannotMate;
    }
    if find_helpmate(pos, winner, QUICK_FINDER_BUDGET).is_some() {
        return Mateability::CanMate;
    }
    let Some(board) = to_board(pos) else {
        return Mateability::Unknown;
    };
    let w = to_cha(winner);
    if chasolver::is_unwinnable_fast(&board, w) {
        return Mateability::CannotMate;
    }
    match chasolver::winnability(&board, w) {
        Some(chasolver::Winnability::Winnable { .. }) => Mateability::CanMate,
        Some(chasolver::Winnability::Unwinnable) => Mateability::CannotMate,
        None => Mateability::Unknown,
    }
}

/// Whether `pos` is a dead position (FIDE 5.2.2): neither side can checkmate by any legal
/// sequence. Stops at the first side found able to mate.
pub fn is_dead(pos: &Chess) -> bool {
    // Ask first about the side more likely to mate (the search is much shorter there).
    let first = likelier_mater(pos);
    !can_mate(pos, first).possible() && !can_mate(pos, !first).possible()
}

/// The side with more pawns on open files (no pawn ahead of them on their file: the helpmate
/// promotes them); on a tie the side that just moved.
fn likelier_mater(pos: &Chess) -> Color {
    use shakmaty::{Bitboard, Role};
    let board = pos.board();
    let pawns = board.by_role(Role::Pawn);
    let open = |side: Color| {
        let mut ahead = Bitboard::EMPTY;
        let own = pawns & board.by_color(side);
        // Every square in front of some pawn (of either colour) from `side`'s point of view.
        let mut front = pawns;
        for _ in 0..7 {
            front = front.shift(if side == Color::White { -8 } else { 8 });
            ahead |= front;
        }
        (own & !ahead).count()
    };
    let (w, b) = (open(Color::White), open(Color::Black));
    match w.cmp(&b) {
        std::cmp::Ordering::Greater => Color::White,
        std::cmp::Ordering::Less => Color::Black,
        std::cmp::Ordering::Equal => !pos.turn(),
    }
}

/// The answer of `arbiter dead` for one position.
#[derive(Debug, Clone, Serialize)]
pub struct DeadReport {
    /// The FEN as given.
    pub fen: String,
    /// Neither side can mate: the game is drawn at once (FIDE 5.2.2).
    pub dead: bool,
    /// White can still mate by some legal sequence (proved by a helpmate line, or an unknown
    /// answer, which counts as true: see `undetermined`).
    pub white_can_mate: bool,
    /// Black can still mate by some legal sequence (as `white_can_mate`).
    pub black_can_mate: bool,
    /// `"FIDE 5.2.2"`.
    pub clause: Clauses,
    /// The position is not dead, but the 75-move rule (FIDE 9.6.2) ends the game before any
    /// checkmate can be reached: within the plies left on the half-move clock no legal
    /// sequence mates, and none makes a pawn move or capture that would reset the clock.
    /// Only decided when few plies are left (see [`HORIZON_MAX_PLIES`]); otherwise false.
    pub horizon_draw: bool,
    /// Set when the helpmate search gave up for a side (its `*_can_mate` is then true).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub undetermined: Option<&'static str>,
}

/// The horizon search ([`DeadReport::horizon_draw`]) is exhaustive, so it is only run when at
/// most this many plies remain before the 75-move rule.
pub const HORIZON_MAX_PLIES: u32 = 4;

/// Answers `arbiter dead` for one position (FIDE 5.2.2; horizon per 9.6.2): each side by
/// [`can_mate`], every answer proved (or `undetermined`).
pub fn dead_position(fen: &str, pos: &Chess) -> DeadReport {
    let w = can_mate(pos, Color::White);
    let b = can_mate(pos, Color::Black);
    let dead = !w.possible() && !b.possible();
    let undetermined = match (w, b) {
        (Mateability::Unknown, Mateability::Unknown) => Some("both"),
        (Mateability::Unknown, _) => Some("white"),
        (_, Mateability::Unknown) => Some("black"),
        _ => None,
    };
    let horizon_draw = !dead && horizon_draw(pos);
    DeadReport {
        fen: fen.to_string(),
        dead,
        white_can_mate: w.possible(),
        black_can_mate: b.possible(),
        clause: Clauses::fide(&[ClauseId::Article("5.2.2")]),
        horizon_draw,
        undetermined,
    }
}

/// True when the 75-move rule (150 plies without pawn move or capture, FIDE 9.6.2) ends the
/// game before any checkmate: an exhaustive search over the plies left finds no mate (a mate
/// on the 150th ply itself would take precedence, so it counts as a mate) and no pawn move or
/// capture (which would reset the clock). Only run when at most [`HORIZON_MAX_PLIES`] plies are
/// left; otherwise false (not proved).
pub fn horizon_draw(pos: &Chess) -> bool {
    let left = 150u32.saturating_sub(pos.halfmoves());
    if left == 0 || left > HORIZON_MAX_PLIES || pos.is_game_over() {
        return false;
    }
    !escapes(pos, left)
}

/// Can some legal sequence of at most `depth` plies mate or reset the half-move clock?
fn escapes(pos: &Chess, depth: u32) -> bool {
    if depth == 0 {
        return false;
    }
    for m in pos.legal_moves() {
        if m.is_zeroing() {
            return true;
        }
        let mut next = pos.clone();
        next.play_unchecked(m);
        if next.is_checkmate() || escapes(&next, depth - 1) {
            return true;
        }
    }
    false
}
