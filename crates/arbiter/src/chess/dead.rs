//! Dead positions (FIDE 5.2.2) and "can this side still checkmate" (FIDE 6.9).
//!
//! Both questions are about the *existence* of a legal sequence of moves, however silly, that
//! ends in checkmate by a given side: a helpmate search, not a material table. K+B v K+B with
//! bishops on opposite colours is alive; a locked pawn wall can be dead with many pieces left.
//! A quick guided helpmate finder of ours ([`find_helpmate`], `dead_search.rs`) looks for a
//! mating line first (a found line is a proof); when it finds none within its budget, the
//! `chasolver` crate (CHA, the Chess Unwinnability Analyzer) takes over: its fast sound test,
//! then its complete search, which either returns a mating line or proves that none exists.
//!
//! Like CHA, this ignores the half-move clock and the repetition history (a game that the
//! 75-move rule ends before any mate is possible is reported as [`DeadReport::horizon_draw`],
//! not as dead).

use serde::Serialize;
use shakmaty::{Chess, Color, Move, MoveList, Position};

#[path = "dead_search.rs"]
mod search;

/// Looks for a helpmate by `winner` from `pos` (a legal sequence of moves, both sides
/// cooperating, ending in checkmate by `winner`), visiting at most `budget` nodes of a guided
/// search. Returns the line, checked move by move (each legal, the last one mates), or `None`
/// when none was found within the budget (which proves nothing). Used by [`can_mate`] before
/// the complete search.
pub fn find_helpmate(pos: &Chess, winner: Color, budget: u32) -> Option<Vec<Move>> {
    find_checked_helpmate(pos, winner, budget, 1)
}

/// [`find_helpmate`] with the budget `blocker_factor` times larger when the winner has only
/// minor pieces (8 in [`can_mate`]: the helpmates are long there, and the complete search is
/// slowest there too).
fn find_checked_helpmate(pos: &Chess, winner: Color, budget: u32, blocker_factor: u32) -> Option<Vec<Move>> {
    search::find_helpmate(pos, winner, budget, blocker_factor)
        .filter(|line| search::is_helpmate(pos, winner, line))
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

/// Nodes the quick helpmate finder ([`find_helpmate`]) may visit in [`can_mate`] before the
/// complete search takes over (the finder is 8 times as patient when the winner has only
/// minor pieces). Found lines are proofs; a miss costs this much and proves nothing.
pub const EXACT_FINDER_BUDGET: u32 = 2000;

/// As [`EXACT_FINDER_BUDGET`] for the screen ([`can_mate_screened`]), where a miss in an open
/// position is taken as "can mate" without the complete search.
pub const SCREEN_FINDER_BUDGET: u32 = 1000;

/// Whether `winner` can still checkmate from `pos` by any legal sequence (FIDE 5.2.2, 6.9).
///
/// Every answer is proved: "can mate" by a helpmate line (found by the quick guided search
/// [`find_helpmate`], else by CHA's complete search), "cannot mate" by insufficient material,
/// CHA's fast unwinnability test or the complete search. [`Mateability::Unknown`] only when the
/// complete search gives up.
pub fn can_mate(pos: &Chess, winner: Color) -> Mateability {
    // Already over: a mated side cannot be mated "again", and the mating side has mated.
    if pos.is_checkmate() {
        return if pos.turn() == winner {
            Mateability::CannotMate
        } else {
            Mateability::CanMate
        };
    }
    if pos.is_stalemate() {
        return Mateability::CannotMate;
    }
    if pos.has_insufficient_material(winner) {
        return Mateability::CannotMate;
    }
    if find_checked_helpmate(pos, winner, EXACT_FINDER_BUDGET, 8).is_some() {
        return Mateability::CanMate;
    }
    complete_search(pos, winner)
}

/// CHA's fast sound unwinnability test, then its complete search.
fn complete_search(pos: &Chess, winner: Color) -> Mateability {
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

/// Legal moves of both sides at most this many (see [`is_closed`]): the dead-position screen
/// then runs the complete search.
pub const CLOSED_MOBILITY: usize = 20;

/// Whether `pos` is *closed*: the side to move has few legal moves and so has the other side
/// (counted with the move given to it; when the side to move is in check, the other side's
/// moves are counted pseudo-legally, ignoring pins and its own king's safety). Together at
/// most [`CLOSED_MOBILITY`]. Locked pawn walls, where CHA's fast analysis can fail to prove a
/// dead position, are closed in this sense; positions of real games almost never are.
pub fn is_closed(pos: &Chess) -> bool {
    let mine = pos.legal_moves().len();
    mine + their_mobility(pos) <= CLOSED_MOBILITY
}

/// The moves of the side not to move, as counted by [`is_closed`].
fn their_mobility(pos: &Chess) -> usize {
    if pos.is_check() {
        pseudo_mobility(pos, !pos.turn())
    } else {
        match pos.clone().swap_turn() {
            Ok(p) => p.legal_moves().len(),
            Err(_) => pseudo_mobility(pos, !pos.turn()),
        }
    }
}

/// Moves of `side` ignoring pins, checks and castling: piece attacks onto squares not held by
/// its own pieces, pawn single pushes onto empty squares and pawn captures.
fn pseudo_mobility(pos: &Chess, side: Color) -> usize {
    pseudo_moves(pos, side, pos.board().by_color(side))
}

/// [`pseudo_mobility`] counted over the pieces of `side` on `from` only.
fn pseudo_moves(pos: &Chess, side: Color, from: shakmaty::Bitboard) -> usize {
    use shakmaty::{attacks, Bitboard, Role};
    let board = pos.board();
    let occupied = board.occupied();
    let own = board.by_color(side);
    let mut n = 0;
    for sq in from & own {
        let Some(piece) = board.piece_at(sq) else { continue };
        let targets = if piece.role == Role::Pawn {
            let step = Bitboard::from_square(sq).shift(if side == Color::White { 8 } else { -8 });
            (step & !occupied) | (attacks::pawn_attacks(side, sq) & board.by_color(!side))
        } else {
            attacks::attacks(sq, piece, occupied) & !own
        };
        n += targets.count();
    }
    n
}

/// The side with less material (pawn 1, minor 3, rook 5, queen 9; the side to move on a tie):
/// the one more often unable to mate, so the screen asks about it first.
fn weaker_side(pos: &Chess) -> Color {
    let value = |c: Color| {
        let m = pos.board().material_side(c);
        u32::from(m.pawn)
            + 3 * u32::from(m.knight + m.bishop)
            + 5 * u32::from(m.rook)
            + 9 * u32::from(m.queen)
    };
    let (us, them) = (pos.turn(), !pos.turn());
    if value(them) < value(us) {
        them
    } else {
        us
    }
}

/// Plies over which the screen follows every reply when the side to move has at most
/// [`FEW_REPLIES`] legal moves.
const FEW_REPLIES_PLIES: u32 = 4;

/// See [`FEW_REPLIES_PLIES`].
const FEW_REPLIES: usize = 3;

/// As [`FEW_REPLIES`] when the side to move is in check (a check answered only by captures of
/// the checking piece can leave a dead position after every reply).
const FEW_REPLIES_IN_CHECK: usize = 8;

/// A side with at most this many moves is *pinned down*: the screen then asks CHA even when
/// the weaker side has free force.
const PINNED_DOWN: usize = 2;

/// Rams (a pawn right in front of an enemy pawn: the two block each other) at most this many
/// for the screen's shortcut in open positions: a wall that shuts a king or a piece in takes
/// more (4 with pawn-guarded gaps, up to 8).
const FEW_RAMS: u32 = 2;

/// The number of rams on the board (see [`FEW_RAMS`]).
fn rams(pos: &Chess) -> u32 {
    use shakmaty::Role;
    let board = pos.board();
    let pawns = board.by_role(Role::Pawn);
    let white = pawns & board.by_color(Color::White);
    let black = pawns & board.by_color(Color::Black);
    (white.shift(8) & black).count() as u32
}

/// Moves of queens, rooks, knights and pawns at least this many (see `has_free_force`).
const FREE_FORCE_MOVES: usize = 3;

/// Whether the queens, rooks, knights and pawns of `side` have at least [`FREE_FORCE_MOVES`]
/// moves together (counted as in [`pseudo_mobility`]): in an open position the screen then
/// does not ask CHA whether that side is unable to mate.
fn has_free_force(pos: &Chess, side: Color) -> bool {
    use shakmaty::Role;
    let board = pos.board();
    let force = board.by_role(Role::Pawn)
        | board.by_role(Role::Knight)
        | board.by_role(Role::Rook)
        | board.by_role(Role::Queen);
    pseudo_moves(pos, side, force) >= FREE_FORCE_MOVES
}

/// The dead-position screen (FIDE 5.2.2) used by `judge` by default: cheap on the positions of
/// real games, and **never calls a live position dead** (every "dead" is proved).
///
/// - When the side to move has at most 3 legal moves (8 when in check), the position is dead
///   exactly when the position after each of them is: the screen looks at each, up to 4 plies
///   deep.
/// - A [closed](is_closed) position gets the complete search ([`is_dead`]).
/// - An open position, not in check, where neither side is pinned down (at most 2 moves) and
///   the weaker side (`weaker_side`) has free force (queens, rooks, knights and pawns with 3
///   moves or more, see `has_free_force`) is taken as alive without asking CHA.
/// - Otherwise CHA's fast, sound unwinnability check is asked about the weaker side; when it
///   cannot prove that side unable to mate, the position is taken as alive. When it can, the
///   other side is taken as able to mate when the position is open and it has free force and
///   material that can mate (as
///   [`can_mate_screened`] does); else it gets the fast check and, if that is inconclusive, the
///   complete search.
///
/// What it can miss: a dead position that is neither closed nor proved by CHA's fast check.
/// It finds all 806 dead positions of the d3 test vector, both of the 30,000 Lichess
/// positions, and gives the complete search's report on all 1,964 games of the shared data
/// (459 of them time forfeits chosen around dead positions); see the tests. Use [`is_dead`]
/// for certainty.
pub fn is_dead_screened(pos: &Chess) -> bool {
    screen(pos, &pos.legal_moves(), FEW_REPLIES_PLIES)
}

/// [`is_dead_screened`] given the legal moves of `pos` (already generated by the caller).
pub(crate) fn is_dead_screened_with(pos: &Chess, moves: &MoveList) -> bool {
    screen(pos, moves, FEW_REPLIES_PLIES)
}

fn screen(pos: &Chess, moves: &MoveList, plies: u32) -> bool {
    if moves.is_empty() {
        // Stalemate is dead; a mated side has been mated.
        return !pos.is_check();
    }
    let few = if pos.is_check() {
        FEW_REPLIES_IN_CHECK
    } else {
        FEW_REPLIES
    };
    if moves.len() <= few && plies > 0 {
        return moves.iter().all(|m| {
            let mut next = pos.clone();
            next.play_unchecked(*m);
            screen(&next, &next.legal_moves(), plies - 1)
        });
    }
    let (mine, theirs) = (moves.len(), their_mobility(pos));
    if mine + theirs <= CLOSED_MOBILITY {
        return is_dead(pos);
    }
    let first = weaker_side(pos);
    if !pos.is_check()
        && mine.min(theirs) > PINNED_DOWN
        && rams(pos) <= FEW_RAMS
        && has_free_force(pos, first)
    {
        return false;
    }
    let Some(board) = to_board(pos) else {
        return false;
    };
    // Insufficient material (a lone king, a lone minor piece that cannot mate) is a proof of
    // its own, cheaper than CHA's.
    if !pos.has_insufficient_material(first) && !chasolver::is_unwinnable_fast(&board, to_cha(first)) {
        return false;
    }
    // The weaker side cannot mate (proved); the other side, unless its material cannot mate,
    // with free force in an open position is taken as able to mate (as `arbiter dead` does)
    // without a search.
    let second = !first;
    if !pos.has_insufficient_material(second) && taken_as_able(pos, second, mine, theirs) {
        return false;
    }
    chasolver::is_unwinnable_fast(&board, to_cha(second)) || !can_mate(pos, second).possible()
}

/// Whether `side` is *taken as able to mate* without a search: the position is open (not
/// [closed](is_closed), at most [`FEW_RAMS`] rams), not in check, neither side is pinned down
/// (at most [`PINNED_DOWN`] moves), and `side` has a queen, a rook or a pawn and free force
/// (see `has_free_force`). A helpmate then exists in every such position of the test data (the
/// 30,000 Lichess positions, the d3 vector, the locked walls); it is not proved, so this only
/// ever answers "can mate", never "cannot" (no position is called dead by it).
fn taken_as_able(pos: &Chess, side: Color, mine: usize, theirs: usize) -> bool {
    mine + theirs > CLOSED_MOBILITY
        && mine.min(theirs) > PINNED_DOWN
        && rams(pos) <= FEW_RAMS
        && has_free_force(pos, side)
}

/// Whether `pos` is *open* for [`can_mate_screened`]'s step 5: not [closed](is_closed)
/// (`mine` and `theirs` legal moves, more than [`CLOSED_MOBILITY`] together), not in check,
/// neither side pinned down (more than [`PINNED_DOWN`] moves each), at most [`FEW_RAMS`] rams.
fn open(pos: &Chess, mine: usize, theirs: usize) -> bool {
    if pos.is_check() || mine.min(theirs) <= PINNED_DOWN {
        return false;
    }
    let rams = rams(pos);
    (mine + theirs > CLOSED_MOBILITY && rams <= FEW_RAMS) || (rams == 0 && free_pawns(pos))
}

/// Whether no pawn has its square ahead occupied (by any man).
fn free_pawns(pos: &Chess) -> bool {
    use shakmaty::Role;
    let board = pos.board();
    let pawns = board.by_role(Role::Pawn);
    let white = pawns & board.by_color(Color::White);
    let black = pawns & board.by_color(Color::Black);
    let occupied = board.occupied();
    (white.shift(8) & occupied).is_empty() && (black.shift(-8) & occupied).is_empty()
}

/// Whether `winner` can still checkmate, answered by a screen before the complete search
/// ([`can_mate`]), in this order:
///
/// 1. material that can never mate (shakmaty's `has_insufficient_material`, a proof) gives
///    [`Mateability::CannotMate`];
/// 2. an open position where `winner` has free heavy force (`taken_as_able`) gives
///    [`Mateability::CanMate`] without a search;
/// 3. a helpmate line found by the quick finder ([`find_helpmate`], at most
///    [`SCREEN_FINDER_BUDGET`] nodes) gives [`Mateability::CanMate`] (proved);
/// 4. CHA's fast unwinnability test gives [`Mateability::CannotMate`] (proved);
/// 5. an open position (`open`: not in check, neither side pinned down, and either not
///    [closed](is_closed) with at most 2 rams, or no pawn with its square ahead occupied) is
///    taken as [`Mateability::CanMate`] without a search;
/// 6. a position in check or where a side is pinned down (at most 2 moves) gets the answer
///    of its best move, each screened the same way (up to 3 plies deep);
/// 7. every other position gets CHA's complete search; when `winner` has only bishops (it then
///    needs the loser's men as blockers), the finder first gets [`SCREEN_BLOCKER_BUDGET`]
///    nodes (a line found is a proof).
///
/// An open position skips step 3 (the answer is the same: a found line proves a mate, so step
/// 4 could not have proved the opposite, and without one step 5 answers "can mate").
///
/// So a "cannot mate" is always proved; a "can mate" from steps 2 and 5 (also below a move
/// followed in step 6) is not (it agrees
/// with the complete search on all the test data: every label of the d3 vector, all 60,000
/// per-side answers on the 30,000 Lichess positions).
pub fn can_mate_screened(pos: &Chess, winner: Color) -> Mateability {
    screened(pos, winner, EXPAND_PLIES)
}

/// Plies over which [`can_mate_screened`] follows every move from a position in check or
/// where a side is pinned down, before it asks the complete search.
const EXPAND_PLIES: u32 = 3;

fn screened(pos: &Chess, winner: Color, plies: u32) -> Mateability {
    screened_with(pos, winner, plies, &Mobility::new(pos))
}

/// The legal moves of a position and (once asked) the other side's mobility
/// ([`their_mobility`]): `arbiter dead` screens both sides of one position with them.
struct Mobility {
    moves: MoveList,
    theirs: std::cell::OnceCell<usize>,
    /// The position as CHA's board (once asked).
    board: std::cell::OnceCell<Option<chess::Board>>,
}

impl Mobility {
    fn new(pos: &Chess) -> Mobility {
        Mobility {
            moves: pos.legal_moves(),
            theirs: std::cell::OnceCell::new(),
            board: std::cell::OnceCell::new(),
        }
    }
}

/// [`screened`] given the legal moves of `pos` (and maybe the other side's mobility).
fn screened_with(pos: &Chess, winner: Color, plies: u32, mobility: &Mobility) -> Mateability {
    let moves = &mobility.moves;
    let mine = moves.len();
    if mine == 0 {
        return can_mate(pos, winner);
    }
    if pos.has_insufficient_material(winner) {
        return Mateability::CannotMate;
    }
    let theirs = *mobility.theirs.get_or_init(|| their_mobility(pos));
    if taken_as_able(pos, winner, mine, theirs) {
        return Mateability::CanMate;
    }
    let open = open(pos, mine, theirs);
    let board = mobility.board.get_or_init(|| to_board(pos)).as_ref();
    if let (true, Some(board)) = (open, board) {
        // Steps 3 to 5 in another order, same answer: a line the finder finds proves that
        // `winner` can mate, so the sound fast test cannot then prove the opposite; and when
        // the finder finds none, step 5 answers "can mate" all the same.
        return if chasolver::is_unwinnable_fast(board, to_cha(winner)) {
            Mateability::CannotMate
        } else {
            Mateability::CanMate
        };
    }
    if find_helpmate(pos, winner, SCREEN_FINDER_BUDGET).is_some() {
        return Mateability::CanMate;
    }
    let Some(board) = board else {
        return Mateability::Unknown;
    };
    if chasolver::is_unwinnable_fast(board, to_cha(winner)) {
        return Mateability::CannotMate;
    }
    if plies > 0 && (pos.is_check() || mine.min(theirs) <= PINNED_DOWN) {
        // `winner` can mate exactly when it can after some move.
        let mut unknown = false;
        for m in moves {
            let mut next = pos.clone();
            next.play_unchecked(*m);
            match screened(&next, winner, plies - 1) {
                Mateability::CanMate => return Mateability::CanMate,
                Mateability::Unknown => unknown = true,
                Mateability::CannotMate => {}
            }
        }
        return if unknown {
            Mateability::Unknown
        } else {
            Mateability::CannotMate
        };
    }
    if search::needs_blockers(pos, winner)
        && (pos.board().bishops() & pos.board().by_color(winner)).any()
        && find_helpmate(pos, winner, SCREEN_BLOCKER_BUDGET).is_some()
    {
        return Mateability::CanMate;
    }
    complete_search(pos, winner)
}

/// Nodes the finder may visit in [`can_mate_screened`] before the complete search when the
/// winner has only bishops besides its king (it then needs the loser's men as blockers: a pawn
/// may have to promote and walk back, lines of 30 plies and more, where the complete search
/// can take most of a second: on the Lichess position with White's bishop on f1 against
/// Black's pawn on b7, kings on b6 and c8, Black to move, the complete search ran 840 million
/// instructions and the finder 35 million). A miss costs some 13 ms. Not used for knights,
/// where the finder misses more often.
pub const SCREEN_BLOCKER_BUDGET: u32 = 128_000;

/// The answer of `arbiter dead` for one position.
#[derive(Debug, Clone, Serialize)]
pub struct DeadReport {
    /// The FEN as given.
    pub fen: String,
    /// Neither side can mate: the game is drawn at once (FIDE 5.2.2).
    pub dead: bool,
    /// White can still mate by some legal sequence (an unknown answer counts as true).
    pub white_can_mate: bool,
    /// Black can still mate by some legal sequence (an unknown answer counts as true).
    pub black_can_mate: bool,
    /// `"FIDE 5.2.2"`.
    pub clause: &'static str,
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

/// Answers `arbiter dead` for one position (FIDE 5.2.2; horizon per 9.6.2), each side by the
/// screen [`can_mate_screened`]: `dead` is always proved; a side's `*_can_mate` may be the
/// screen's "taken as able" (see there). [`dead_position_exact`] runs the complete search for
/// both sides.
pub fn dead_position(fen: &str, pos: &Chess) -> DeadReport {
    // Both sides are screened with the same legal moves.
    let mobility = Mobility::new(pos);
    report(fen, pos, |p, side| {
        screened_with(p, side, EXPAND_PLIES, &mobility)
    })
}

/// [`dead_position`] with the complete search ([`can_mate`]) for both sides: every answer
/// proved (or `undetermined`).
pub fn dead_position_exact(fen: &str, pos: &Chess) -> DeadReport {
    report(fen, pos, can_mate)
}

fn report(fen: &str, pos: &Chess, side: impl Fn(&Chess, Color) -> Mateability) -> DeadReport {
    let w = side(pos, Color::White);
    let b = side(pos, Color::Black);
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
        clause: "FIDE 5.2.2",
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
