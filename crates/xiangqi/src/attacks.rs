//! Attack queries used by the repetition rules: attackers of a point, legal captures and
//! recaptures, pins.

use crate::piece::{Color, Piece, PieceKind};
use crate::position::{Move, Position};
use crate::square::Square;
use crate::tables::tables;

/// File (0–8) and rank (0–9) of each point, by index: cheaper than dividing by 9.
static FILE_RANK: [(u8, u8); 90] = {
    let mut t = [(0u8, 0u8); 90];
    let mut i = 0;
    while i < 90 {
        t[i] = ((i % 9) as u8, (i / 9) as u8);
        i += 1;
    }
    t
};

/// Occupancy of the board by lines: `files[f]` has bit `r` set when point (f, r) is occupied,
/// `ranks[r]` bit `f`. Kept in step with the board by [`Position`]: the attack tests find the
/// nearest pieces on a line with one bit scan.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub(crate) struct Occupancy {
    pub files: [u16; 9],
    pub ranks: [u16; 10],
}

impl Occupancy {
    /// Mark point `i` (0–89) occupied.
    #[inline]
    pub fn set(&mut self, i: usize) {
        let (f, r) = FILE_RANK[i];
        self.files[usize::from(f)] |= 1 << r;
        self.ranks[usize::from(r)] |= 1 << f;
    }

    /// Mark point `i` (0–89) empty.
    #[inline]
    pub fn clear(&mut self, i: usize) {
        let (f, r) = FILE_RANK[i];
        self.files[usize::from(f)] &= !(1 << r);
        self.ranks[usize::from(r)] &= !(1 << f);
    }

    /// The number of occupied points strictly between `a` and `b` on their common file or rank
    /// (the caller guarantees they share one and differ).
    #[inline]
    pub fn between(&self, a: Square, b: Square) -> u32 {
        let (line, x, y) = if a.file() == b.file() {
            (self.files[a.file() as usize], a.rank(), b.rank())
        } else {
            (self.ranks[a.rank() as usize], a.file(), b.file())
        };
        let (lo, hi) = if x < y { (x, y) } else { (y, x) };
        let mask = ((1u32 << hi) - 1) & !((2u32 << lo) - 1);
        (u32::from(line) & mask).count_ones()
    }
}

/// Whether the general of `by`'s opponent standing on `g` is attacked by `by` on `board`:
/// chariot, cannon (one screen), horse (leg free), soldier, or `by`'s general on the same file
/// with nothing between (generals facing). The reference version of [`general_attacked`],
/// one point at a time along the rays (kept for the tests that compare the two).
#[cfg(test)]
pub(crate) fn general_attacked_on(board: &[Option<Piece>; 90], g: Square, by: Color) -> bool {
    let t = tables();
    let is = |s: Square, k: PieceKind| board[s.index()] == Some(Piece::new(by, k));
    for (d, ray) in t.rays[g.index()].iter().enumerate() {
        let mut screen = false;
        for &s in ray {
            let Some(p) = board[s.index()] else { continue };
            if !screen {
                if p.color == by && (p.kind == PieceKind::Chariot || (d < 2 && p.kind == PieceKind::General))
                {
                    return true;
                }
                screen = true;
            } else {
                if p.color == by && p.kind == PieceKind::Cannon {
                    return true;
                }
                break;
            }
        }
    }
    for &(h, leg) in &t.horse_attackers[g.index()] {
        if is(h, PieceKind::Horse) && board[leg.index()].is_none() {
            return true;
        }
    }
    t.soldier_attackers[by as usize][g.index()]
        .iter()
        .any(|&s| is(s, PieceKind::Soldier))
}

/// Whether the general of `by`'s opponent standing on point `g` is attacked by `by`: chariot,
/// cannon (one screen), horse (leg free), soldier, or `by`'s general on the same file with
/// nothing between (generals facing). The board is `board` changed by one move of the
/// attacked side or by none: `file_line`/`rank_line` are the occupancy bits of `g`'s file and
/// rank after it, `gone` a point whose piece of `board` no longer stands there (the point the
/// move captured on, which now holds the attacked side's piece; 90 for none) and `empty(i)`
/// whether point `i` is empty after it. On each of the four lines the nearest occupied point
/// (a chariot or facing general attacks) and the next one (a cannon attacks) are found with
/// one bit scan each.
#[inline(always)]
fn general_attacked(
    board: &[Option<Piece>; 90],
    file_line: u16,
    rank_line: u16,
    g: usize,
    by: Color,
    gone: usize,
    empty: impl Fn(usize) -> bool,
) -> bool {
    let is = |i: usize, k: PieceKind| i != gone && board[i] == Some(Piece::new(by, k));
    let (f, r) = FILE_RANK[g];
    let (f, r) = (usize::from(f), usize::from(r));
    // Up the file (towards rank 9) and right along the rank: nearest = lowest bit above.
    for (line, at, vertical) in [(file_line, r, true), (rank_line, f, false)] {
        let point = |x: usize| if vertical { x * 9 + f } else { r * 9 + x };
        let x = u32::from(line) >> (at + 1) << (at + 1);
        if x != 0 {
            let first = point(x.trailing_zeros() as usize);
            if is(first, PieceKind::Chariot) || (vertical && is(first, PieceKind::General)) {
                return true;
            }
            let rest = x & (x - 1);
            if rest != 0 && is(point(rest.trailing_zeros() as usize), PieceKind::Cannon) {
                return true;
            }
        }
        let x = u32::from(line) & ((1u32 << at) - 1);
        if x != 0 {
            let top = 31 - x.leading_zeros() as usize;
            let first = point(top);
            if is(first, PieceKind::Chariot) || (vertical && is(first, PieceKind::General)) {
                return true;
            }
            let rest = x ^ (1 << top);
            if rest != 0 && is(point(31 - rest.leading_zeros() as usize), PieceKind::Cannon) {
                return true;
            }
        }
    }
    let t = tables();
    for &(h, leg) in &t.horse_attackers[g] {
        if is(h.index(), PieceKind::Horse) && empty(leg.index()) {
            return true;
        }
    }
    t.soldier_attackers[by as usize][g]
        .iter()
        .any(|&s| is(s.index(), PieceKind::Soldier))
}

impl Position {
    /// Whether the general of `by`'s opponent on `g` is attacked by `by` after the pseudo-legal
    /// move `mv` of the attacked side (its piece lifted from `mv.from` and put on `mv.to`,
    /// capturing what stood there; `g` is where that general stands after the move), without
    /// building the board after the move.
    #[inline]
    pub(crate) fn general_attacked_after(&self, mv: Move, g: Square, by: Color) -> bool {
        let (from, to) = (mv.from.index(), mv.to.index());
        let (gf, gr) = FILE_RANK[g.index()];
        let (ff, fr) = FILE_RANK[from];
        let (tf, tr) = FILE_RANK[to];
        let mut file_line = self.occ.files[usize::from(gf)];
        let mut rank_line = self.occ.ranks[usize::from(gr)];
        if ff == gf {
            file_line &= !(1 << fr);
        }
        if fr == gr {
            rank_line &= !(1 << ff);
        }
        if tf == gf {
            file_line |= 1 << tr;
        }
        if tr == gr {
            rank_line |= 1 << tf;
        }
        let board = &self.board;
        let empty = |i: usize| i == from || (i != to && board[i].is_none());
        general_attacked(board, file_line, rank_line, g.index(), by, to, empty)
    }

    /// Whether `by`'s opponent's general on `g` is attacked by `by` now.
    #[inline]
    pub(crate) fn general_attacked_now(&self, g: Square, by: Color) -> bool {
        let (gf, gr) = FILE_RANK[g.index()];
        let board = &self.board;
        general_attacked(
            board,
            self.occ.files[usize::from(gf)],
            self.occ.ranks[usize::from(gr)],
            g.index(),
            by,
            90,
            |i| board[i].is_none(),
        )
    }
}

impl Position {
    /// Whether `sq` is attacked by any piece of `by` (movement rules only: a pinned piece still
    /// attacks). For a general on `sq`, generals facing counts as an attack.
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        !self.attackers(sq, by).is_empty()
    }

    /// The points of `by`'s pieces that attack `sq`: they could move there by their movement
    /// rules (cannon: over exactly one screen), ignoring whether the move would expose their
    /// own general. Includes `by`'s general when `sq` holds the other general on an open file.
    pub fn attackers(&self, sq: Square, by: Color) -> Vec<Square> {
        let t = tables();
        let b = &self.board;
        let mut v = Vec::new();
        let target_is_general =
            matches!(b[sq.index()], Some(p) if p.kind == PieceKind::General && p.color != by);
        for (d, ray) in t.rays[sq.index()].iter().enumerate() {
            let mut screen = false;
            for &s in ray {
                let Some(p) = b[s.index()] else { continue };
                if !screen {
                    if p.color == by
                        && (p.kind == PieceKind::Chariot
                            || (d < 2 && target_is_general && p.kind == PieceKind::General))
                    {
                        v.push(s);
                    }
                    screen = true;
                } else {
                    if p.color == by && p.kind == PieceKind::Cannon {
                        v.push(s);
                    }
                    break;
                }
            }
        }
        let is = |s: Square, k: PieceKind| b[s.index()] == Some(Piece::new(by, k));
        for &(h, leg) in &t.horse_attackers[sq.index()] {
            if is(h, PieceKind::Horse) && b[leg.index()].is_none() {
                v.push(h);
            }
        }
        for &s in &t.soldier_attackers[by as usize][sq.index()] {
            if is(s, PieceKind::Soldier) {
                v.push(s);
            }
        }
        let b_idx = by as usize;
        for (kind, table) in [
            (PieceKind::Advisor, &t.advisor[b_idx]),
            (PieceKind::General, &t.general[b_idx]),
        ] {
            // These tables are symmetric (a step within the palace), so the attackers of `sq`
            // are the pieces standing on the points reachable from `sq`.
            if crate::tables::in_palace(by, sq) {
                for &s in &table[sq.index()] {
                    if is(s, kind) {
                        v.push(s);
                    }
                }
            }
        }
        for &(s, eye) in &t.elephant[b_idx][sq.index()] {
            if by.own_half(sq.rank()) && is(s, PieceKind::Elephant) && b[eye.index()].is_none() {
                v.push(s);
            }
        }
        v
    }

    /// Whether the piece on `from` can legally capture on `to` now (it must be the side to
    /// move's piece, `to` must hold an enemy piece, and the capture must leave its general safe).
    pub fn is_legal_capture(&self, from: Square, to: Square) -> bool {
        matches!(self.piece_at(to), Some(t) if Some(t.color) != self.piece_at(from).map(|p| p.color))
            && self.is_legal(Move::new(from, to))
    }

    /// Whether the piece on `from` (of either side) could legally capture on `to` if its side
    /// were to move: the capture obeys the movement rules and leaves its own general safe.
    pub fn can_capture(&self, from: Square, to: Square) -> bool {
        let Some(p) = self.piece_at(from) else {
            return false;
        };
        if !matches!(self.piece_at(to), Some(t) if t.color != p.color) {
            return false;
        }
        let mv = Move::new(from, to);
        if !self.pseudo_moves_from(from).contains(&mv) {
            return false;
        }
        let g = if p.kind == PieceKind::General {
            Some(to)
        } else {
            self.generals[p.color as usize]
        };
        match g {
            Some(g) => !self.general_attacked_after(mv, g, p.color.opponent()),
            None => true,
        }
    }

    /// The legal moves of the side to move that land on `sq` (recaptures after a capture there).
    pub fn legal_moves_to(&self, sq: Square) -> Vec<Move> {
        self.legal_moves()
            .iter()
            .copied()
            .filter(|m| m.to == sq)
            .collect()
    }

    /// Pieces of `color` (other than the general) that are pinned, each with the points of the
    /// enemy pieces that pin it: lifting the piece off the board would leave `color`'s general
    /// attacked (by a chariot, a cannon through a screen, a horse whose leg it blocks, or the
    /// other general on an open file). A pinned piece may still move along its line.
    pub fn pinned(&self, color: Color) -> Vec<(Square, Vec<Square>)> {
        let Some(g) = self.general(color) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let before: Vec<Square> = self.attackers(g, color.opponent());
        let mut lifted = self.clone();
        for (sq, p) in self.pieces() {
            if p.color != color || p.kind == PieceKind::General {
                continue;
            }
            // Lifting a piece changes the attackers of `g` only if it stands on one of `g`'s
            // lines (chariot, cannon, facing general) or next to it diagonally (a horse's leg or
            // an elephant's eye): any other piece pins nothing, whatever the position.
            let (df, dr) = ((sq.file() - g.file()).abs(), (sq.rank() - g.rank()).abs());
            if df != 0 && dr != 0 && (df, dr) != (1, 1) {
                continue;
            }
            // `attackers` reads the board alone: the piece is lifted from it and put back.
            lifted.board[sq.index()] = None;
            let after = lifted.attackers(g, color.opponent());
            lifted.board[sq.index()] = Some(p);
            let pinners: Vec<Square> = after.into_iter().filter(|s| !before.contains(s)).collect();
            if !pinners.is_empty() {
                out.push((sq, pinners));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Compares the bit-scan attack tests with the point-by-point ray walk on `pos`: the check
    /// test of both sides, the occupancy mask, and for every pseudo-legal move of either side
    /// the attack on the mover's general after it (on the board built by hand). Returns the
    /// number of attacked cases seen (so that callers can insist on some).
    fn compare_attack_tests(pos: &Position) -> usize {
        let mut attacked = 0;
        let mut occ = Occupancy::default();
        pos.pieces().for_each(|(s, _)| occ.set(s.index()));
        assert_eq!(pos.occ, occ, "{}", pos.to_fen());
        for c in Color::ALL {
            let Some(g) = pos.general(c) else { continue };
            let want = general_attacked_on(&pos.board, g, c.opponent());
            assert_eq!(
                pos.general_attacked_now(g, c.opponent()),
                want,
                "{} {c}",
                pos.to_fen()
            );
            attacked += usize::from(want);
            for sq in Square::all() {
                if !matches!(pos.piece_at(sq), Some(p) if p.color == c) {
                    continue;
                }
                for &mv in pos.pseudo_moves_from(sq).iter() {
                    let mover = pos.piece_at(mv.from).unwrap();
                    let g_after = if mover.kind == PieceKind::General {
                        mv.to
                    } else {
                        g
                    };
                    let mut board = pos.board;
                    board[mv.to.index()] = board[mv.from.index()];
                    board[mv.from.index()] = None;
                    let want = general_attacked_on(&board, g_after, c.opponent());
                    assert_eq!(
                        pos.general_attacked_after(mv, g_after, c.opponent()),
                        want,
                        "{} {mv}",
                        pos.to_fen()
                    );
                    attacked += usize::from(want);
                }
            }
        }
        attacked
    }

    /// The ICCS moves of each game of a PGN text (movetext tokens that read as ICCS).
    fn iccs_games(text: &str) -> Vec<Vec<Move>> {
        let mut games = vec![Vec::new()];
        for line in text.lines() {
            if line.starts_with('[') {
                if !games.last().unwrap().is_empty() {
                    games.push(Vec::new());
                }
                continue;
            }
            for tok in line.split_whitespace() {
                if let Some(mv) = Move::parse_iccs(tok) {
                    games.last_mut().unwrap().push(mv);
                }
            }
        }
        games
    }

    /// Plays each game, comparing the attack tests before every ply and checking that the
    /// record's move is legal; returns (plies, attacked cases).
    fn compare_on_games(text: &str) -> (usize, usize) {
        let (mut plies, mut attacked) = (0, 0);
        for game in iccs_games(text) {
            let mut pos = Position::startpos();
            for mv in game {
                attacked += compare_attack_tests(&pos);
                if !pos.is_legal(mv) {
                    // A record error (a known one in the fixture): stop this game there.
                    break;
                }
                pos.make_move(mv);
                plies += 1;
            }
            attacked += compare_attack_tests(&pos);
        }
        (plies, attacked)
    }

    /// Every ply of the 15 master games of the test fixture.
    #[test]
    fn bit_scan_attacks_agree_with_the_ray_walk_on_real_games() {
        let text = include_str!("../tests/fixtures/games15_iccs.pgn");
        let (plies, attacked) = compare_on_games(text);
        assert!(plies > 1000, "{plies}");
        assert!(attacked > 1000, "{attacked}");
    }

    /// Every ply of the ICCS records of the shared data, when present (not in a bare clone).
    #[test]
    fn bit_scan_attacks_agree_with_the_ray_walk_on_shared_records() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/xiangqi/iccs");
        let Ok(entries) = std::fs::read_dir(&dir) else {
            return;
        };
        let mut plies = 0;
        for e in entries.flatten() {
            if e.path().extension().is_some_and(|x| x == "pgn") {
                let text = std::fs::read_to_string(e.path()).unwrap_or_default();
                plies += compare_on_games(&text).0;
            }
        }
        assert!(plies > 100_000, "{plies}");
    }

    /// Positions with checks, pins, cannon screens and facing generals, and two plies from them.
    #[test]
    fn bit_scan_attacks_agree_with_the_ray_walk_on_tactical_positions() {
        let fens = [
            "3k5/4a4/4c4/9/2n6/9/4R4/3N5/4A4/4K4 w - - 0 1",
            "4k4/9/3n5/9/9/9/9/4C4/4R4/3K5 b - - 0 1",
            "3akab2/9/4b4/p3N3p/2P1r4/R8/9/4B4/4A4/2BAK1c2 w - - 0 1",
            "4k4/9/9/9/4N4/9/9/9/9/4K4 w - - 0 1",
            "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
            "4k4/4c4/9/4P4/9/9/4c4/9/4p4/3K5 w - - 0 1",
            "3ak4/4a4/9/9/4C4/9/9/4R4/9/3K5 b - - 0 1",
            "4k4/9/3PPP3/9/9/9/9/3ppp3/9/4K4 w - - 0 1",
            "5k3/9/4n4/9/9/9/9/9/4N4/3K5 w - - 0 1",
        ];
        let mut attacked = 0;
        for fen in fens {
            let start = Position::from_fen(fen).unwrap();
            attacked += compare_attack_tests(&start);
            for &m in start.legal_moves().iter() {
                let mut p = start.clone();
                let undo = p.make_move(m);
                attacked += compare_attack_tests(&p);
                for &m2 in p.legal_moves().iter() {
                    let mut q = p.clone();
                    let u2 = q.make_move(m2);
                    attacked += compare_attack_tests(&q);
                    q.unmake_move(m2, u2);
                    assert_eq!(q.occ, p.occ);
                }
                p.unmake_move(m, undo);
                assert_eq!(p.occ, start.occ);
            }
        }
        assert!(attacked > 1000, "{attacked}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// Random legal walks from the start position (choices pick among the sorted legal moves).
        #[test]
        fn bit_scan_attacks_agree_with_the_ray_walk_on_random_walks(ch in prop::collection::vec(any::<u32>(), 0..=120)) {
            let mut pos = Position::startpos();
            for c in ch {
                compare_attack_tests(&pos);
                let mut moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
                if moves.is_empty() {
                    break;
                }
                moves.sort();
                pos.make_move(moves[c as usize % moves.len()]);
            }
            compare_attack_tests(&pos);
        }

        /// Arbitrary boards (any piece on any point, generals anywhere, several of a kind): the
        /// attack tests are pure geometry and must agree on boards no game reaches too.
        #[test]
        fn bit_scan_attacks_agree_with_the_ray_walk_on_arbitrary_boards(
            pieces in prop::collection::vec((0usize..90, 0usize..14), 0..40),
            red_gen in 0usize..90,
            black_gen in 0usize..90,
        ) {
            let mut pos = Position::empty();
            for (sq, p) in pieces {
                let kind = PieceKind::ALL[p % 7];
                if kind == PieceKind::General {
                    continue;
                }
                let color = if p < 7 { Color::Red } else { Color::Black };
                pos.set_piece(Square::from_index(sq).unwrap(), Some(Piece::new(color, kind)));
            }
            pos.set_piece(Square::from_index(red_gen).unwrap(), Some(Piece::new(Color::Red, PieceKind::General)));
            if black_gen != red_gen {
                pos.set_piece(Square::from_index(black_gen).unwrap(), Some(Piece::new(Color::Black, PieceKind::General)));
            }
            compare_attack_tests(&pos);
            pos.set_piece(Square::from_index(red_gen).unwrap(), None);
            compare_attack_tests(&pos);
        }
    }

    /// [`Position::pinned`] by lifting every piece of the side, as it was written before pieces
    /// off the general's lines and diagonal neighbours were skipped.
    fn pinned_by_lifting_all(pos: &Position, color: Color) -> Vec<(Square, Vec<Square>)> {
        let Some(g) = pos.general(color) else {
            return Vec::new();
        };
        let before = pos.attackers(g, color.opponent());
        let mut out = Vec::new();
        for (sq, p) in pos.pieces() {
            if p.color != color || p.kind == PieceKind::General {
                continue;
            }
            let mut lifted = pos.clone();
            lifted.set_piece(sq, None);
            let pinners: Vec<Square> = lifted
                .attackers(g, color.opponent())
                .into_iter()
                .filter(|s| !before.contains(s))
                .collect();
            if !pinners.is_empty() {
                out.push((sq, pinners));
            }
        }
        out
    }

    /// Every position two plies deep from positions with pins by chariot, cannon (through a
    /// screen), horse (leg) and facing generals: the same pins, and some are found.
    #[test]
    fn pinned_skips_only_pieces_that_cannot_pin() {
        let fens = [
            crate::fen::START_FEN,
            "3k5/4a4/4c4/9/2n6/9/4R4/3N5/4A4/4K4 w - - 0 1",
            "4k4/9/3n5/9/9/9/9/4C4/4R4/3K5 b - - 0 1",
            "3akab2/9/4b4/p3N3p/2P1r4/R8/9/4B4/4A4/2BAK1c2 w - - 0 1",
        ];
        let mut pins = 0;
        for fen in fens {
            let start = Position::from_fen(fen).unwrap();
            let mut positions = vec![start.clone()];
            for &m in start.legal_moves().iter() {
                let mut p = start.clone();
                p.make_move(m);
                for &m2 in p.legal_moves().iter() {
                    let mut q = p.clone();
                    q.make_move(m2);
                    positions.push(q);
                }
                positions.push(p);
            }
            for p in &positions {
                for c in Color::ALL {
                    let want = pinned_by_lifting_all(p, c);
                    pins += want.len();
                    assert_eq!(p.pinned(c), want, "{} {c}", p.to_fen());
                }
            }
        }
        assert!(pins > 500, "{pins}");
    }
}
