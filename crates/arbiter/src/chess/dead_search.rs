//! A quick helpmate finder: looks for a legal sequence of moves that ends in checkmate by a
//! given side (the *winner*), both sides cooperating. It only ever answers "found" (with the
//! line, a proof that the winner can mate) or "not found within the budget" (no conclusion):
//! [`super::can_mate`] then asks the complete search.
//!
//! The search is an iterative-deepening depth-first search whose depth counts only moves that
//! do not look like progress toward a mate: a winner's capture, pawn move or king/knight step
//! toward a mating square costs no depth, nor does the move after such a step, nor a forced
//! move; a loser's capture costs three plies. So lines that drive toward a known mating
//! pattern (the loser's king in a corner of its own first rank, boxed in by its own pieces,
//! the winner's king two squares in front of it) are followed far, the rest only a few plies.
//! When the winner has only minor pieces it needs the loser's pieces as blockers, and the
//! loser's pawn moves (promoting to a blocker) count as progress too.
//!
//! Within a class the winner's moves are tried in order of promise: a promotion to a queen,
//! captures (the most valuable man first), pawn steps (the most advanced first, so that one
//! pawn promotes rather than each stepping once). Where the winner is to move, a mate in one
//! (only checks that cover every flight square of the king are played out, told by
//! [`CheckInfo`]) ends the line at once; so the moves at the search's horizon are not tried
//! again. On the 30,000 Lichess positions of the benchmark this shortens the found lines from
//! 44 plies on average to some 25.
//!
//! No allocation per node: positions are copied on the stack, and the transposition table
//! (position key → plies already searched from there) is one fixed array per thread, reused
//! across calls (entries of earlier calls are told apart by a generation stamp).

use shakmaty::zobrist::Zobrist64;
use shakmaty::{attacks, Bitboard, Chess, Color, EnPassantMode, Move, Position, Role, Square};
use std::cell::RefCell;

/// Plies of a line at most (rewarded moves cost no depth, so a line can be longer than the
/// iteration's depth).
const MAX_PLY: usize = 96;

/// Depths (in non-rewarded plies) tried by the iterative deepening.
const MAX_DEPTH: u8 = 12;

/// Transposition-table entries (a power of two).
const TT_SIZE: usize = 1 << 12;

#[derive(Clone, Copy, Default)]
struct Entry {
    /// The high half of the position's key (the low bits give the slot).
    key: u32,
    generation: u16,
    /// Plies left (depth budget) with which the position was searched.
    left: u8,
}

struct Table {
    entries: Vec<Entry>,
    generation: u16,
}

impl Table {
    /// Starts a new search: entries of earlier ones no longer count.
    fn next_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.entries.iter_mut().for_each(|e| *e = Entry::default());
            self.generation = 1;
        }
    }
}

thread_local! {
    static TABLE: RefCell<Table> = RefCell::new(Table { entries: vec![Entry::default(); TT_SIZE], generation: 0 });
}

/// How a move is counted against the depth.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Step {
    /// Looks like progress: costs no depth.
    Reward,
    /// An ordinary move: one ply.
    Normal,
    /// Looks like a step away from a mate: three plies.
    Punish,
}

/// What [`Finder::try_move`] needs to know of the node it plays from.
struct Node {
    key: u64,
    ply: usize,
    depth: u8,
    /// The move into this node was rewarded (the next one then costs no depth).
    progress: bool,
    /// The node has one legal move (it costs no depth).
    forced: bool,
    winner_to_move: bool,
    /// Every mate in one from this node was looked for.
    mates_tried: bool,
}

/// The outcome of one move tried by [`Finder::try_move`].
enum Tried {
    /// A mating line of this many plies was found.
    Mate(usize),
    /// Nothing below this move.
    No,
    /// The node budget is spent.
    Stop,
}

struct Finder<'a> {
    winner: Color,
    nodes: u32,
    budget: u32,
    max_depth: u8,
    line: [Option<Move>; MAX_PLY],
    table: &'a mut Table,
    guide: Guide,
}

/// Looks for a helpmate by `winner` from `pos` visiting at most `budget` nodes. Returns the
/// mating line (legal moves from `pos`, the last one mates) or `None` (nothing found: no
/// conclusion either way).
pub(crate) fn find_helpmate(pos: &Chess, winner: Color, budget: u32) -> Option<Vec<Move>> {
    TABLE.with(|t| {
        let mut table = t.borrow_mut();
        let blockers = needs_blockers(pos, winner);
        let mut f = Finder {
            winner,
            nodes: 0,
            budget,
            max_depth: 0,
            line: [None; MAX_PLY],
            table: &mut table,
            guide: Guide {
                winner,
                corners: corners(pos, winner),
                needs_blockers: blockers,
            },
        };
        let key: Zobrist64 = pos.zobrist_hash(EnPassantMode::Legal);
        for depth in 1..=MAX_DEPTH {
            f.max_depth = depth;
            f.table.next_generation();
            if let Some(n) = f.search(pos, key.0, 0, 0, false) {
                return Some(f.line[..n].iter().flatten().copied().collect());
            }
            if f.nodes >= f.budget {
                return None;
            }
        }
        None
    })
}

/// The corners where the loser's king is to be mated: those of the colour of the winner's
/// bishops when it has some (a bishop mates in a corner of its colour); else, when the loser
/// has bishops, those of the other colour (a loser's bishop blocks the flight square next to
/// the corner, of the other colour); else all four.
fn corners(pos: &Chess, winner: Color) -> Bitboard {
    let board = pos.board();
    let bishops = board.bishops();
    let own = bishops & board.by_color(winner);
    let all = Bitboard::CORNERS;
    if own.any() {
        if (own & Bitboard::DARK_SQUARES).any() {
            all & Bitboard::DARK_SQUARES
        } else {
            all & Bitboard::LIGHT_SQUARES
        }
    } else if (bishops & Bitboard::LIGHT_SQUARES).any() {
        all & Bitboard::DARK_SQUARES
    } else if bishops.any() {
        all & Bitboard::LIGHT_SQUARES
    } else {
        all
    }
}

/// The square two steps diagonally in from `corner` (g6 for h8): where the winner's king
/// stands to take the flight squares of a king mated in that corner.
fn king_post(corner: Square) -> Square {
    let file = if u32::from(corner.file()) == 0 { 2 } else { 5 };
    let rank = if u32::from(corner.rank()) == 0 { 2 } else { 5 };
    Square::from_coords(shakmaty::File::new(file), shakmaty::Rank::new(rank))
}

/// The winner has only minor pieces (bishops, or one knight) and no pawn: it cannot mate
/// without the loser's men blocking its king.
pub(crate) fn needs_blockers(pos: &Chess, winner: Color) -> bool {
    let board = pos.board();
    let mine = board.by_color(winner) & !board.kings();
    (mine & (board.pawns() | board.rooks_and_queens())).is_empty()
        && (mine & board.knights()).count() <= 1
        && !((mine & board.knights()).any() && (mine & board.bishops()).any())
}

/// The two squares next to `corner` on the edges (b8 and a7 for a8).
fn blocker_squares(corner: Square) -> [Square; 2] {
    let file = if u32::from(corner.file()) == 0 { 1 } else { 6 };
    let rank = if u32::from(corner.rank()) == 0 { 1 } else { 6 };
    [
        Square::from_coords(shakmaty::File::new(file), corner.rank()),
        Square::from_coords(corner.file(), shakmaty::Rank::new(rank)),
    ]
}

/// King steps from `a` to `b` on an empty board (0..=7): as `Square::distance`, inlined (the
/// finder asks it for every move it generates).
#[inline]
fn king_distance(a: Square, b: Square) -> u32 {
    let (a, b) = (u32::from(a), u32::from(b));
    (a & 7).abs_diff(b & 7).max((a >> 3).abs_diff(b >> 3))
}

/// What decides whether a move of the side to move gives check, computed once per position:
/// per role, the squares from which a man of that role would attack the other king; and the
/// mover's men that stand alone between one of its line pieces and that king (moving one of
/// them off the line discovers a check). The king's flight squares that the mover does not
/// attack yet, which a checking move must cover to mate, are computed apart
/// ([`CheckInfo::flights`]), only when a checking move is met.
struct CheckInfo {
    king: Square,
    squares: [Bitboard; 6],
    discoverers: Bitboard,
    occupied: Bitboard,
    mover: Color,
}

impl CheckInfo {
    /// `None` when the other king is missing.
    fn new(pos: &Chess) -> Option<CheckInfo> {
        let board = pos.board();
        let us = pos.turn();
        let king = board.king_of(!us)?;
        let occupied = board.occupied();
        let diagonal = attacks::bishop_attacks(king, occupied);
        let straight = attacks::rook_attacks(king, occupied);
        let ours = board.by_color(us);
        let snipers = (attacks::bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens()
            | attacks::rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens())
            & ours;
        let mut discoverers = Bitboard::EMPTY;
        for sniper in snipers {
            let between = attacks::between(sniper, king) & occupied;
            if !between.more_than_one() {
                discoverers |= between & ours;
            }
        }
        Some(CheckInfo {
            king,
            occupied,
            mover: us,
            squares: [
                attacks::pawn_attacks(!us, king),
                attacks::knight_attacks(king),
                diagonal,
                straight,
                diagonal | straight,
                Bitboard::EMPTY,
            ],
            discoverers,
        })
    }

    /// Squares next to the other king in `pos` (the position `self` was made from), not held
    /// by its own men, that no man of the mover attacks (seen through the king, which cannot
    /// step back along a line).
    fn flights(&self, pos: &Chess) -> Bitboard {
        let board = pos.board();
        let through = self.occupied ^ Bitboard::from(self.king);
        let mut flights = Bitboard::EMPTY;
        for sq in attacks::king_attacks(self.king) & !board.by_color(!self.mover) {
            if board.attacks_to(sq, self.mover, through).is_empty() {
                flights.add(sq);
            }
        }
        flights
    }

    /// Whether the checking move `m` may mate, `flights` being [`CheckInfo::flights`]: false
    /// when a flight square of the king stays
    /// unattacked by the moved man from its new square (then it does not mate, unless moving
    /// off a line uncovers an attack on that square: such a rare mate is skipped, which only
    /// costs the finder a line, never a wrong answer). Castling, en passant and promotions:
    /// true (played out).
    #[inline]
    fn may_mate(&self, flights: Bitboard, m: &Move) -> bool {
        if flights.is_empty() {
            return true;
        }
        let Some((role, from, to)) = plain(m) else {
            return true;
        };
        let occupied = (self.occupied & !Bitboard::from(from) & !Bitboard::from(self.king)).with(to);
        let covered = match role {
            Role::Pawn => attacks::pawn_attacks(self.mover, to),
            Role::Knight => attacks::knight_attacks(to),
            Role::Bishop => attacks::bishop_attacks(to, occupied),
            Role::Rook => attacks::rook_attacks(to, occupied),
            Role::Queen => attacks::queen_attacks(to, occupied),
            Role::King => attacks::king_attacks(to),
        };
        (flights & !covered).without(to).is_empty()
    }

    /// Whether the legal move `m` gives check: the moved man attacks the king from its new
    /// square, or it leaves a line between a line piece of the mover and the king (a
    /// discovered check). `None` for castling, en passant and promotions (the caller plays
    /// those out).
    #[inline]
    fn gives_check(&self, m: &Move) -> Option<bool> {
        let (role, from, to) = plain(m)?;
        let index = match role {
            Role::Pawn => 0,
            Role::Knight => 1,
            Role::Bishop => 2,
            Role::Rook => 3,
            Role::Queen => 4,
            Role::King => 5,
        };
        Some(
            self.squares[index].contains(to)
                || (self.discoverers.contains(from) && !attacks::aligned(from, to, self.king)),
        )
    }
}

/// The role, origin and target of an ordinary move (not castling, en passant or a promotion).
#[inline]
fn plain(m: &Move) -> Option<(Role, Square, Square)> {
    match *m {
        Move::Normal {
            role,
            from,
            to,
            promotion: None,
            ..
        } => Some((role, from, to)),
        _ => None,
    }
}

/// Knight moves from `a` to `b` on an empty board (0..=6), looked up in [`KNIGHT_DISTANCE`].
#[inline]
fn knight_distance(a: Square, b: Square) -> u32 {
    u32::from(KNIGHT_DISTANCE[usize::from(a)][usize::from(b)])
}

/// Knight moves between any two squares (indices 0 = a1 .. 63 = h8) on an empty board.
static KNIGHT_DISTANCE: [[u8; 64]; 64] = {
    let mut table = [[0u8; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            table[a][b] = knight_distance_between(a as u32, b as u32);
            b += 1;
        }
        a += 1;
    }
    table
};

/// Whether the square index `s` is a corner.
const fn is_corner(s: u32) -> bool {
    (s & 7 == 0 || s & 7 == 7) && (s >> 3 == 0 || s >> 3 == 7)
}

/// Knight moves from square index `a` to `b` on an empty board, by the closed formula.
const fn knight_distance_between(a: u32, b: u32) -> u8 {
    let (df, dr) = ((a & 7).abs_diff(b & 7), (a >> 3).abs_diff(b >> 3));
    let (x, y) = if df > dr { (df, dr) } else { (dr, df) };
    // Corner cases of the closed formula.
    if x == 1 && y == 0 {
        return 3;
    }
    if x == 2 && y == 2 {
        return 4;
    }
    if x == 1 && y == 1 && (is_corner(a) || is_corner(b)) {
        return 4;
    }
    let p = x.div_ceil(2);
    let q = (x + y).div_ceil(3);
    let m = if p > q { p } else { q };
    (m + ((m + x + y) & 1)) as u8
}

impl Finder<'_> {
    /// Searches from `pos` (its key `key`, not a leaf), `ply` plies into the line, `depth`
    /// depth used. Returns the line's length when a mate is found.
    fn search(&mut self, pos: &Chess, key: u64, ply: usize, depth: u8, progress: bool) -> Option<usize> {
        let left = self.max_depth - depth;
        let slot = (key as usize) & (TT_SIZE - 1);
        let high = (key >> 32) as u32;
        let e = self.table.entries[slot];
        if e.key == high && e.generation == self.table.generation && e.left >= left {
            // Already searched at least as deep: no mate there.
            return None;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return (pos.turn() != self.winner && pos.is_check()).then_some(ply);
        }
        if pos.has_insufficient_material(self.winner) {
            return None;
        }
        self.table.entries[slot] = Entry {
            key: high,
            generation: self.table.generation,
            left,
        };
        let winner_to_move = pos.turn() == self.winner;
        let checks = if winner_to_move { CheckInfo::new(pos) } else { None };
        // The flight squares of the loser's king, computed once a checking move needs them.
        let mut flights = None;
        // Whether every mate in one from here has been looked for (then no leaf below mates).
        let mates_tried = checks.is_some() && ply + 1 < MAX_PLY;
        if let (Some(checks), true) = (&checks, mates_tried) {
            // A mate in one ends the line here (only a check that covers every flight square
            // can mate).
            for &m in &moves {
                if checks.gives_check(&m) == Some(false)
                    || !checks.may_mate(*flights.get_or_insert_with(|| checks.flights(pos)), &m)
                {
                    continue;
                }
                let mut next = pos.clone();
                next.play_unchecked(m);
                if next.is_check() && next.legal_moves().is_empty() {
                    self.line[ply] = Some(m);
                    return Some(ply + 1);
                }
            }
        }
        // Each move's rank: rewarded first, punished last; within a class, by `priority`;
        // the move's index in the low byte. The ranks are computed in one pass that also finds
        // the best, tried first; the others are sorted only when it fails (the search is
        // mostly a single line: most nodes take one move).
        let guide = self.guide;
        let corner = guide.corner(pos);
        let king_target = king_post(corner);
        let rank = |i: usize, m: &Move| -> u32 {
            let (step, priority) = match *m {
                // The common case, told apart first: what `classify_winner`, `priority` and
                // `classify_loser` answer for a move that is not a promotion, castling or
                // en passant when the winner does not need blockers.
                Move::Normal {
                    role,
                    from,
                    capture,
                    to,
                    promotion: None,
                } if !guide.needs_blockers => {
                    let closer = |target: Square| match role {
                        Role::King => king_distance(to, target) < king_distance(from, target),
                        Role::Knight => knight_distance(to, target) < knight_distance(from, target),
                        _ => false,
                    };
                    if winner_to_move {
                        if let Some(c) = capture {
                            (Step::Reward, capture_priority(c))
                        } else if role == Role::Pawn {
                            (Step::Reward, guide.pawn_priority(to))
                        } else if closer(if role == Role::King { king_target } else { corner }) {
                            (Step::Reward, 50)
                        } else {
                            (Step::Normal, 50)
                        }
                    } else if closer(corner) {
                        (Step::Reward, 0)
                    } else if capture.is_some() {
                        (Step::Punish, 0)
                    } else {
                        (Step::Normal, 0)
                    }
                }
                _ => {
                    let m = Parts::of(m);
                    if winner_to_move {
                        (
                            guide.classify_winner(pos, corner, king_target, &m),
                            guide.priority(&m),
                        )
                    } else {
                        (guide.classify_loser(corner, &m), 0)
                    }
                }
            };
            let class = match step {
                Step::Reward => 0u32,
                Step::Normal => 1,
                Step::Punish => 2,
            };
            (((class << 8) | u32::from(255 - priority)) << 8) | i as u32
        };
        let n = moves.len();
        let mut order = [0u32; 256];
        let mut best = u32::MAX;
        for (i, (o, m)) in order.iter_mut().zip(&moves).enumerate() {
            *o = rank(i, m);
            best = best.min(*o);
        }
        let node = Node {
            key,
            ply,
            depth,
            progress,
            forced: moves.len() == 1,
            winner_to_move,
            mates_tried,
        };
        for taken in 0..n {
            if taken == 0 {
                // The best move first (often the only one taken).
                order.swap(0, (best & 0xff) as usize);
            } else if taken == 1 {
                order[1..n].sort_unstable();
            }
            let r = order[taken];
            let m = moves[(r & 0xff) as usize];
            match self.try_move(pos, &node, &checks, &mut flights, m, r >> 16) {
                Tried::Mate(len) => return Some(len),
                Tried::Stop => return None,
                Tried::No => {}
            }
        }
        None
    }

    /// Plays `m` (of class `class`: 0 rewarded, 1 normal, 2 punished) from the node `node`
    /// at `pos` and searches on.
    fn try_move(
        &mut self,
        pos: &Chess,
        node: &Node,
        checks: &Option<CheckInfo>,
        flights: &mut Option<Bitboard>,
        m: Move,
        class: u32,
    ) -> Tried {
        let cost = if node.forced {
            0
        } else {
            match class {
                0 => 0,
                1 => u8::from(!node.progress),
                _ => 3,
            }
        };
        let ply = node.ply;
        let child_depth = node.depth.saturating_add(cost);
        let leaf = child_depth >= self.max_depth || ply + 1 >= MAX_PLY;
        if leaf && (!node.winner_to_move || node.mates_tried) {
            // Only the winner's move can mate at a leaf, and the mates in one were tried.
            return Tried::No;
        }
        self.nodes += 1;
        if self.nodes >= self.budget {
            return Tried::Stop;
        }
        if leaf
            && checks.as_ref().is_some_and(|c| {
                c.gives_check(&m) == Some(false)
                    || !c.may_mate(*flights.get_or_insert_with(|| c.flights(pos)), &m)
            })
        {
            // Only a check that covers every flight square can mate.
            return Tried::No;
        }
        let mut next = pos.clone();
        next.play_unchecked(m);
        self.line[ply] = Some(m);
        if leaf {
            if next.is_check() && next.legal_moves().is_empty() {
                return Tried::Mate(ply + 1);
            }
            return Tried::No;
        }
        let child_key = match pos.update_zobrist_hash(Zobrist64(node.key), m, EnPassantMode::Legal) {
            Some(k) => k.0,
            None => next.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0,
        };
        match self.search(&next, child_key, ply + 1, child_depth, class == 0) {
            Some(len) => Tried::Mate(len),
            None if self.nodes >= self.budget => Tried::Stop,
            None => Tried::No,
        }
    }
}

/// The priority of a winner's capture of a `victim` (see `Guide::priority`): the most
/// valuable first.
#[inline]
fn capture_priority(victim: Role) -> u8 {
    200 + match victim {
        Role::Queen => 40,
        Role::Rook => 30,
        Role::Bishop | Role::Knight => 20,
        _ => 0,
    }
}

/// The finder's guidance for one search: which moves count as progress (see [`Step`]) and
/// which come first within a class.
#[derive(Clone, Copy)]
struct Guide {
    winner: Color,
    /// The corners where the loser's king is to be mated (see `corners`).
    corners: Bitboard,
    /// The winner has only minor pieces (no pawn): it needs the loser's men as blockers.
    needs_blockers: bool,
}

impl Guide {
    /// Order among the winner's moves of one class, higher first: a promotion to a queen, then
    /// captures (the most valuable man first), then pawn steps (the most advanced square
    /// first: one pawn promotes rather than every pawn stepping once).
    fn priority(&self, m: &Parts) -> u8 {
        if m.promotion == Some(Role::Queen) {
            return 250;
        }
        if let Some(c) = m.capture {
            return capture_priority(c);
        }
        if m.role == Role::Pawn {
            return self.pawn_priority(m.to);
        }
        50
    }

    /// The priority of a winner's pawn step to `to` (see `priority`): the more advanced, the
    /// higher.
    #[inline]
    fn pawn_priority(&self, to: Square) -> u8 {
        let rank = u32::from(to.rank()) as u8;
        let advanced = if self.winner == Color::White {
            rank
        } else {
            7 - rank
        };
        100 + advanced * 10
    }

    /// The corner nearest the loser's king.
    fn corner(&self, pos: &Chess) -> Square {
        let king = pos.board().king_of(!self.winner).unwrap_or(Square::E4);
        self.corners
            .into_iter()
            .min_by_key(|&c| king_distance(c, king))
            .unwrap_or(Square::H8)
    }

    /// Whether `from` is the square right in front of one of the loser's pawns.
    fn unblocks(&self, pos: &Chess, from: Square) -> bool {
        let loser = !self.winner;
        let pawns = pos.board().pawns() & pos.board().by_color(loser);
        let front = if loser == Color::White {
            pawns.shift(8)
        } else {
            pawns.shift(-8)
        };
        front.contains(from)
    }

    /// How a winner's move counts against the depth (see [`Step`]).
    /// `king_target` is `king_post(corner)`.
    #[inline]
    fn classify_winner(&self, pos: &Chess, corner: Square, king_target: Square, m: &Parts) -> Step {
        if m.promotion.is_some_and(|r| r != Role::Queen) {
            return Step::Normal;
        }
        if m.capture.is_some() || m.role == Role::Pawn {
            return Step::Reward;
        }
        let target = if m.role == Role::King { king_target } else { corner };
        if m.closer(target) {
            return Step::Reward;
        }
        if self.needs_blockers && self.unblocks(pos, m.from) {
            // Out of the way of a loser's pawn that is to promote to a blocker.
            return Step::Reward;
        }
        if self.needs_blockers && m.role == Role::Bishop {
            // Onto the corner's diagonal, from where the bishop mates.
            let diagonal = attacks::bishop_attacks(corner, Bitboard::EMPTY);
            if diagonal.contains(m.to) && !diagonal.contains(m.from) {
                return Step::Reward;
            }
        }
        Step::Normal
    }

    /// How a loser's move counts against the depth (see [`Step`]).
    #[inline]
    fn classify_loser(&self, corner: Square, m: &Parts) -> Step {
        let role = m.role;
        if role == Role::King && m.closer(corner) {
            return Step::Reward;
        }
        if self.needs_blockers && role == Role::Pawn {
            return match m.promotion {
                Some(Role::Queen | Role::Rook) => Step::Punish,
                _ => Step::Reward,
            };
        }
        if role == Role::Knight {
            if self.needs_blockers {
                // A blocker on its way to a square next to the corner (b8 or a7 for a8:
                // the king mated in the corner by a bishop on b7 needs it there).
                let near = |s: Square| {
                    blocker_squares(corner)
                        .into_iter()
                        .map(|b| knight_distance(s, b))
                        .min()
                        .unwrap_or(0)
                };
                if near(m.to) < near(m.from) {
                    return Step::Reward;
                }
            } else if m.closer(corner) {
                return Step::Reward;
            }
        }
        if self.needs_blockers
            && matches!(role, Role::Queen | Role::Rook | Role::Bishop)
            && m.capture.is_none()
            && king_distance(m.to, corner) < king_distance(m.from, corner)
        {
            // A blocker on its way to the corner.
            return Step::Reward;
        }
        if m.capture.is_some() {
            return Step::Punish;
        }
        Step::Normal
    }
}

/// A move's parts, read once for ordering (castling as the king's move to its rook's square).
struct Parts {
    role: Role,
    from: Square,
    to: Square,
    capture: Option<Role>,
    promotion: Option<Role>,
}

impl Parts {
    #[inline]
    fn of(m: &Move) -> Parts {
        match *m {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => Parts {
                role,
                from,
                to,
                capture,
                promotion,
            },
            _ => Parts {
                role: m.role(),
                from: m.from().unwrap_or(m.to()),
                to: m.to(),
                capture: m.capture(),
                promotion: m.promotion(),
            },
        }
    }

    /// Whether a king or knight move brings the man closer to `target`.
    #[inline]
    fn closer(&self, target: Square) -> bool {
        match self.role {
            Role::King => king_distance(self.to, target) < king_distance(self.from, target),
            Role::Knight => knight_distance(self.to, target) < knight_distance(self.from, target),
            _ => false,
        }
    }
}

/// Whether `line` is a legal sequence from `pos` ending in checkmate by `winner` (the proof
/// that [`find_helpmate`]'s answer is a helpmate).
pub(crate) fn is_helpmate(pos: &Chess, winner: Color, line: &[Move]) -> bool {
    let mut p = pos.clone();
    for m in line {
        if !p.is_legal(*m) {
            return false;
        }
        p.play_unchecked(*m);
    }
    p.is_checkmate() && p.turn() != winner
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::parse_fen;

    fn found(fen: &str, winner: Color) -> Option<Vec<Move>> {
        let pos = parse_fen(fen).expect("FEN");
        let line = find_helpmate(&pos, winner, 2000)?;
        assert!(is_helpmate(&pos, winner, &line), "{fen}: {line:?}");
        Some(line)
    }

    #[test]
    fn finds_checked_helpmates() {
        // From the start either side mates (the line is not the shortest: rewarded moves
        // cost no depth).
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        for side in [Color::White, Color::Black] {
            let line = found(start, side).expect("a helpmate from the start");
            assert!(line.len() <= MAX_PLY, "{side:?}: {} plies", line.len());
        }
        // King and queen against a bare king.
        assert!(found("8/8/8/4k3/8/8/8/3QK3 w - - 0 1", Color::White).is_some());
        // A pawn promotes, then mates.
        assert!(found("8/8/8/8/8/5k2/p7/4K3 b - - 0 1", Color::Black).is_some());
    }

    #[test]
    fn a_pawn_promotes_to_a_blocker_and_walks_back() {
        // K+B v K+P, the pawn blocked by the king: Black promotes to a knight that walks back
        // to b8 (or a7) and the bishop mates on b7 (31 plies). Not found within 4,000,000
        // nodes while a loser's knight was guided to the corner itself.
        let pos = parse_fen("2k5/1p6/1K6/1B6/8/8/8/8 w - - 4 62").unwrap();
        let line = find_helpmate(&pos, Color::White, 64_000).expect("a helpmate");
        assert!(is_helpmate(&pos, Color::White, &line));
        assert!(
            line.iter().any(|m| m.promotion() == Some(Role::Knight)),
            "{line:?}"
        );
    }

    /// `CheckInfo::gives_check` against playing the move out, over every move of every position up to
    /// 3 plies from positions with promotions, discovered checks, castling and en passant.
    #[test]
    fn gives_check_agrees_with_playing_the_move() {
        fn walk(pos: &Chess, depth: u32, checked: &mut u32) {
            let info = CheckInfo::new(pos).expect("both kings");
            for m in pos.legal_moves() {
                let mut next = pos.clone();
                next.play_unchecked(m);
                if let Some(check) = info.gives_check(&m) {
                    assert_eq!(check, next.is_check(), "{m:?} in {:?}", pos.board());
                    *checked += u32::from(check);
                }
                if depth > 1 {
                    walk(&next, depth - 1, checked);
                }
            }
        }
        let mut checks = 0;
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "3k4/1P6/8/8/8/8/6p1/4K2R b K - 0 1",
            "4k3/8/8/8/1B6/4N3/4R3/6K1 w - - 0 1",
        ] {
            walk(&parse_fen(fen).expect("FEN"), 3, &mut checks);
        }
        assert!(checks > 1000, "{checks} checks seen");
    }

    /// `CheckInfo::may_mate` never turns away a mating move (over every move of every position
    /// up to 3 plies from positions where mates in one abound: back ranks, smothered kings,
    /// queens next to the king), and it turns away most checks that do not mate.
    #[test]
    fn may_mate_keeps_every_mate() {
        fn walk(pos: &Chess, depth: u32, seen: &mut [u32; 3]) {
            let info = CheckInfo::new(pos).expect("both kings");
            let flights = info.flights(pos);
            for m in pos.legal_moves() {
                let mut next = pos.clone();
                next.play_unchecked(m);
                if next.is_check() {
                    let mate = next.legal_moves().is_empty();
                    assert!(
                        !mate || info.may_mate(flights, &m),
                        "{m:?} mates in {:?}",
                        pos.board()
                    );
                    seen[usize::from(mate)] += 1;
                    seen[2] += u32::from(!mate && !info.may_mate(flights, &m));
                }
                if depth > 1 && !next.is_game_over() {
                    walk(&next, depth - 1, seen);
                }
            }
        }
        let mut seen = [0; 3];
        for fen in [
            "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
            "6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1",
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            "k7/8/1K6/8/8/8/8/6Q1 w - - 0 1",
            "4k3/8/4K3/8/8/8/8/R7 w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ] {
            walk(&parse_fen(fen).expect("FEN"), 3, &mut seen);
        }
        let [checks, mates, turned_away] = seen;
        assert!(mates > 50 && checks > 1000, "{seen:?}");
        assert!(turned_away * 2 > checks, "{seen:?}");
    }

    #[test]
    fn finds_nothing_where_no_mate_exists() {
        // Bare kings; a lone bishop against a bare king; the side with only a king.
        assert!(found("8/8/8/4k3/8/8/8/4K3 w - - 0 1", Color::White).is_none());
        assert!(found("8/8/8/4k3/8/8/8/2B1K3 w - - 0 1", Color::White).is_none());
        assert!(found("8/8/8/4k3/8/8/8/3QK3 w - - 0 1", Color::Black).is_none());
    }

    #[test]
    fn a_line_that_does_not_mate_is_no_proof() {
        let pos = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        let e4 = pos
            .legal_moves()
            .into_iter()
            .find(|m| m.to() == Square::E4)
            .unwrap();
        assert!(!is_helpmate(&pos, Color::White, &[e4]));
        assert!(!is_helpmate(&pos, Color::White, &[]));
    }
}
