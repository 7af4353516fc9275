//! Why a chess move or FEN is refused: which piece, which square, what blocks it, and the
//! nearest legal move ("did you mean Nbd2?") as typed values ([`Illegal`], whose `Display` is
//! the English; `render::errors` words them in each language); for a FEN, which field or rank
//! and which character.

use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{attacks, Bitboard, Chess, Color, Move, Piece, Position, Role, Square};
use std::fmt;

fn side(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// A piece kind's English name.
pub fn role_name(r: Role) -> &'static str {
    match r {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

fn list(b: &[Square]) -> String {
    b.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ")
}

/// Why a chess move is not legal where it is played. Fields: `role` the piece kind, `from`
/// and `to` its squares, `at` the squares that block it, `owner`/`mover` a side.
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Why {
    /// No piece on the from-square.
    NoPiece(Square),
    /// The piece on `from` is `owner`'s, and the other side is to move.
    NotYours { role: Role, from: Square, owner: Color },
    /// An own piece on the target square.
    OwnPiece { role: Role, to: Square },
    /// The piece's path is blocked at these squares.
    PathBlocked {
        role: Role,
        from: Square,
        to: Square,
        at: Vec<Square>,
    },
    /// Castling is not possible (rights lost, king in check, squares attacked or occupied).
    Castling,
    /// The piece does not move that way.
    CannotMove { role: Role, from: Square, to: Square },
    /// The side to move is in check and the move does not end it.
    NotOutOfCheck { role: Role, from: Square, to: Square },
    /// The move would leave the king in check (a pinned piece, or the king moving into check).
    IntoCheck { role: Role, from: Square },
    /// A pawn moving backwards or sideways.
    PawnBackwards,
    /// The pawn on `from` is blocked at these squares.
    PawnBlocked { from: Square, at: Vec<Square> },
    /// A pawn's two-square step off its starting rank.
    PawnTwoSquares,
    /// A pawn moving more than one square forward.
    PawnOneSquare,
    /// A pawn moving diagonally with nothing to capture.
    PawnNothingToCapture(Square),
    /// Not a legal move here (no more precise reason).
    NotLegal,
    /// Neither UCI nor SAN.
    NotNotation,
    /// The side to move has no such piece (`there`: on the file or rank the SAN names).
    NoSuchPiece { mover: Color, role: Role, there: bool },
    /// More than one such piece can go there.
    Ambiguous { role: Role, to: Square },
    /// Written as a capture, and nothing is captured.
    NothingToCapture(Square),
    /// A capture written without `x`.
    WriteX(Square),
    /// The promotion piece is missing or wrong.
    Promotion,
    /// None of several such pieces can go there: each one's reason.
    NoneCanGo {
        role: Role,
        to: Square,
        each: Vec<(Square, Why)>,
    },
    /// A legal move written in UCI where PGN needs SAN: the SAN.
    WrittenInUci(String),
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const CASTLING: &str =
            "castling is not possible here (rights lost, king in check, or squares attacked or occupied)";
        match self {
            Why::NoPiece(sq) => write!(f, "no piece on {sq}"),
            Why::NotYours { role, from, owner } => write!(
                f,
                "the {} on {from} is {}'s, and {} is to move",
                role_name(*role),
                side(*owner),
                side(!*owner)
            ),
            Why::OwnPiece { role, to } => write!(f, "own {} on the target square {to}", role_name(*role)),
            Why::PathBlocked { role, from, to, at } => write!(
                f,
                "the {}'s path from {from} to {to} is blocked at {}",
                role_name(*role),
                list(at)
            ),
            Why::Castling => f.write_str(CASTLING),
            Why::CannotMove { role, from, to } => {
                write!(f, "a {} cannot move from {from} to {to}", role_name(*role))
            }
            Why::NotOutOfCheck { role, from, to } => write!(
                f,
                "it does not get the king out of check (the {} on {from} to {to})",
                role_name(*role)
            ),
            Why::IntoCheck { role, from } => write!(
                f,
                "it would leave the king in check (the {} on {from} is pinned or the king moves into check)",
                role_name(*role)
            ),
            Why::PawnBackwards => f.write_str("a pawn never moves backwards or sideways"),
            Why::PawnBlocked { from, at } => write!(f, "the pawn on {from} is blocked at {}", list(at)),
            Why::PawnTwoSquares => f.write_str("a pawn moves two squares only from its starting rank"),
            Why::PawnOneSquare => f.write_str("a pawn moves one square forward (two from its starting rank)"),
            Why::PawnNothingToCapture(to) => write!(
                f,
                "a pawn moves diagonally only to capture, and there is nothing to capture on {to}"
            ),
            Why::NotLegal => f.write_str("not a legal move in this position"),
            Why::NotNotation => f.write_str("neither UCI (e2e4) nor SAN (Nf3, O-O, exd6, e8=Q)"),
            Why::NoSuchPiece { mover, role, there } => write!(
                f,
                "{} has no {}{}",
                side(*mover),
                role_name(*role),
                if *there { " there" } else { "" }
            ),
            Why::Ambiguous { role, to } => {
                write!(f, "ambiguous: more than one {} can go to {to}", role_name(*role))
            }
            Why::NothingToCapture(to) => write!(f, "there is nothing to capture on {to}"),
            Why::WriteX(to) => write!(f, "the move captures on {to} (write x)"),
            Why::Promotion => f.write_str("the promotion piece is missing or wrong"),
            Why::NoneCanGo { role, to, each } => {
                let mut v: Vec<String> = each.iter().map(|(from, r)| format!("{from}: {r}")).collect();
                v.dedup();
                write!(f, "no {} can go to {to} ({})", role_name(*role), v.join("; "))
            }
            Why::WrittenInUci(san) => write!(f, "written in UCI; PGN moves are SAN: {san}"),
        }
    }
}

/// Why a move is refused, with the nearest legal moves (`near`: at most 3, written as the
/// move was). `Display`: `REASON; did you mean X or Y?`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Illegal {
    /// Why.
    pub why: Why,
    /// The legal moves one edit away from the text.
    pub near: Vec<String>,
}

impl From<Why> for Illegal {
    fn from(why: Why) -> Illegal {
        Illegal {
            why,
            near: Vec::new(),
        }
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.why)?;
        match self.near.as_slice() {
            [] => Ok(()),
            [one] => write!(f, "; did you mean {one}?"),
            many => write!(f, "; did you mean {}?", many.join(" or ")),
        }
    }
}

/// Why the piece on `from` cannot go to `to` in `pos` (the move is not legal there).
fn why_from_to(pos: &Chess, from: Square, to: Square) -> Why {
    let board = pos.board();
    let us = pos.turn();
    let Some(p) = board.piece_at(from) else {
        return Why::NoPiece(from);
    };
    if p.color != us {
        return Why::NotYours {
            role: p.role,
            from,
            owner: p.color,
        };
    }
    let role = p.role;
    if let Some(q) = board.piece_at(to).filter(|q| q.color == us) {
        return Why::OwnPiece { role: q.role, to };
    }
    let occupied = board.occupied();
    let reach_now = pawn_or_piece_reach(pos, p, from, occupied);
    if !reach_now.contains(to) {
        let reach_empty = pawn_or_piece_reach(pos, p, from, Bitboard::EMPTY);
        let blockers = attacks::between(from, to) & occupied;
        return if p.role == Role::Pawn {
            pawn_reason(pos, from, to, blockers)
        } else if reach_empty.contains(to) && blockers.any() {
            Why::PathBlocked {
                role,
                from,
                to,
                at: blockers.into_iter().collect(),
            }
        } else if p.role == Role::King && from.distance(to) == 2 && from.rank() == to.rank() {
            Why::Castling
        } else {
            Why::CannotMove { role, from, to }
        };
    }
    if pos.is_check() {
        Why::NotOutOfCheck { role, from, to }
    } else {
        Why::IntoCheck { role, from }
    }
}

/// Squares the piece can move to by its movement rules with `occupied` as the board.
fn pawn_or_piece_reach(pos: &Chess, p: Piece, from: Square, occupied: Bitboard) -> Bitboard {
    if p.role != Role::Pawn {
        return attacks::attacks(from, p, occupied);
    }
    let mut b = attacks::pawn_attacks(p.color, from)
        & (pos.them()
            | pos
                .ep_square(shakmaty::EnPassantMode::Legal)
                .map_or(Bitboard::EMPTY, Bitboard::from));
    let dir: i32 = if p.color == Color::White { 8 } else { -8 };
    let one = Square::try_from(i32::from(from) + dir).ok();
    if let Some(one) = one.filter(|s| !occupied.contains(*s)) {
        b |= Bitboard::from(one);
        let home = if p.color == Color::White {
            shakmaty::Rank::Second
        } else {
            shakmaty::Rank::Seventh
        };
        if from.rank() == home {
            if let Ok(two) = Square::try_from(i32::from(from) + 2 * dir) {
                if !occupied.contains(two) {
                    b |= Bitboard::from(two);
                }
            }
        }
    }
    b
}

fn pawn_reason(pos: &Chess, from: Square, to: Square, blockers: Bitboard) -> Why {
    let white = pos.turn() == Color::White;
    let forward = if white {
        to.rank() > from.rank()
    } else {
        to.rank() < from.rank()
    };
    if !forward {
        return Why::PawnBackwards;
    }
    if from.file() == to.file() {
        let steps = from.distance(to);
        if blockers.any() || pos.board().piece_at(to).is_some() {
            let at = blockers | pos.board().occupied() & Bitboard::from(to);
            return Why::PawnBlocked {
                from,
                at: at.into_iter().collect(),
            };
        }
        return if steps == 2 {
            Why::PawnTwoSquares
        } else {
            Why::PawnOneSquare
        };
    }
    if from.distance(to) == 1 {
        return Why::PawnNothingToCapture(to);
    }
    Why::CannotMove {
        role: Role::Pawn,
        from,
        to,
    }
}

/// Levenshtein distance between two short ASCII strings.
fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

/// The legal moves one edit away from `text` (a letter or digit changed, added or left out),
/// at most 3, for the same kind of piece; written in UCI when `text` is UCI, else in SAN.
pub fn near_misses(pos: &Chess, text: &str) -> Vec<String> {
    let t = text.trim().trim_end_matches(['+', '#', '!', '?']);
    let uci_input = UciMove::from_ascii(t.as_bytes()).is_ok();
    let role_of = |s: &str| s.chars().next().filter(|c| "NBRQK".contains(*c));
    let mut near: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter_map(|m| {
            let written = if uci_input {
                m.to_uci(shakmaty::CastlingMode::Standard).to_string()
            } else {
                San::from_move(pos, *m).to_string()
            };
            let same_kind = uci_input || role_of(&written) == role_of(t);
            (same_kind && distance(t, &written) == 1).then_some(written)
        })
        .collect();
    near.sort();
    near.truncate(3);
    near
}

/// Why `text` (UCI or SAN, already found not to be a legal move in `pos`) is refused, with the
/// nearest legal moves.
pub fn why_illegal(pos: &Chess, text: &str) -> Illegal {
    let t = text.trim();
    let core = t.trim_end_matches(['+', '#', '!', '?']);
    let why = if let Ok(uci) = UciMove::from_ascii(core.as_bytes()) {
        match uci {
            UciMove::Normal { from, to, .. } => why_from_to(pos, from, to),
            _ => Why::NotLegal,
        }
    } else {
        match San::from_ascii(core.as_bytes()) {
            Ok(san) => why_san(pos, &san),
            Err(_) => return Why::NotNotation.into(),
        }
    };
    Illegal {
        why,
        near: near_misses(pos, t),
    }
}

fn why_san(pos: &Chess, san: &San) -> Why {
    let us = pos.turn();
    match san {
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            ..
        } => {
            // A pawn can only mean one of its file (a push) or of the files next to the
            // target (a capture): the others are not named.
            let could_mean = |s: &Square| {
                *role != Role::Pawn
                    || if *capture {
                        s.file().distance(to.file()) == 1
                    } else {
                        s.file() == to.file()
                    }
            };
            let movers: Vec<Square> = (pos.board().by_color(us) & pos.board().by_role(*role))
                .into_iter()
                .filter(|s| file.is_none_or(|f| s.file() == f) && rank.is_none_or(|r| s.rank() == r))
                .filter(could_mean)
                .collect();
            if movers.is_empty() {
                return Why::NoSuchPiece {
                    mover: us,
                    role: *role,
                    there: file.is_some() || rank.is_some(),
                };
            }
            let legal: Vec<Move> = pos
                .legal_moves()
                .into_iter()
                .filter(|m| {
                    m.role() == *role && m.to() == *to && m.from().is_some_and(|f| movers.contains(&f))
                })
                .collect();
            if legal.len() > 1 {
                return Why::Ambiguous { role: *role, to: *to };
            }
            if let [m] = legal.as_slice() {
                // The piece can go there, but the move as written differs (capture mark, promotion).
                return match (capture, m.is_capture()) {
                    (true, false) => Why::NothingToCapture(*to),
                    (false, true) => Why::WriteX(*to),
                    _ => Why::Promotion,
                };
            }
            let mut each: Vec<(Square, Why)> = movers
                .iter()
                .map(|&from| (from, why_from_to(pos, from, *to)))
                .collect();
            if each.len() == 1 {
                each.remove(0).1
            } else {
                Why::NoneCanGo {
                    role: *role,
                    to: *to,
                    each,
                }
            }
        }
        San::Castle(_) => Why::Castling,
        _ => Why::NotLegal,
    }
}

/// Why a chess FEN cannot be read, as a typed value: the field or rank and the character
/// (FIDE Laws Appendix C fields: board, side to move, castling, en passant square, half-move
/// clock, move number), or the position it describes is not a chess setup. `Display` gives
/// the English; [`crate::render::errors`] words it in other languages.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenReason {
    /// Nothing but white space.
    #[error("the FEN is empty")]
    Empty,
    /// The board has this many `/`-separated ranks.
    #[error("the board has {n} rank{s} separated by '/', not 8", n = .0, s = if *.0 == 1 { "" } else { "s" })]
    RankCount(usize),
    /// A character of rank `rank` (its text `text`, character `at`, 1-based) that is neither a
    /// piece letter nor a digit 1–8.
    #[error("rank {rank} ('{text}'), character {at}: '{ch}' is not a piece letter (PNBRQK white, pnbrqk black) or a digit 1-8")]
    BadChar {
        /// The rank, 8 down to 1.
        rank: usize,
        /// The rank's text.
        text: String,
        /// The character's place in the rank's text, 1-based.
        at: usize,
        /// The character.
        ch: char,
    },
    /// A rank that covers `squares` squares.
    #[error("rank {rank} ('{text}') covers {squares} square{}, not 8", if *.squares == 1 { "" } else { "s" })]
    RankLength {
        /// The rank, 8 down to 1.
        rank: usize,
        /// The rank's text.
        text: String,
        /// The squares it covers.
        squares: usize,
    },
    /// The side to move (field 2) is neither `w` nor `b`.
    #[error("side to move (field 2) is '{0}': expected w or b")]
    BadSide(String),
    /// The castling field (field 3) holds `bad`.
    #[error("castling (field 3) is '{text}': '{bad}' is not one of K, Q, k, q or -")]
    BadCastling {
        /// The field's text.
        text: String,
        /// The first character that is not a castling letter.
        bad: char,
    },
    /// The en passant field (field 4) names no square on rank 3 or 6.
    #[error("en passant square (field 4) is '{0}': expected a square on rank 3 or 6, or -")]
    BadEnPassant(String),
    /// The half-move clock (field 5, `move_number` false) or the move number (field 6) is not
    /// a whole number.
    #[error("{} is '{value}': expected a whole number", if *move_number { "move number (field 6)" } else { "half-move clock (field 5)" })]
    BadNumber {
        /// The move number (field 6); else the half-move clock (field 5).
        move_number: bool,
        /// The field's text.
        value: String,
    },
    /// More than six fields.
    #[error("{0} fields, at most 6 expected")]
    TooManyFields(usize),
    /// The fields read but do not describe a chess setup (missing king, pawns on the first or
    /// last rank, the side not to move in check, …): the kinds the chess library names,
    /// worded by [`crate::render::errors::chess_setup`] (`illegal position: the side not to
    /// move is in check`).
    #[error("{}", crate::render::errors::chess_setup(kinds, crate::Lang::En))]
    Setup {
        /// What is wrong.
        kinds: shakmaty::PositionErrorKinds,
    },
    /// The chess library could not read the fields (its English).
    #[error("{0}")]
    Unread(String),
}

/// Why a chess FEN is malformed, naming the field or rank and the character; `None` when the
/// fields are well formed (the position may still be impossible, which `shakmaty` reports).
pub fn fen_syntax(fen: &str) -> Option<FenReason> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let board = fields.first()?;
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Some(FenReason::RankCount(ranks.len()));
    }
    for (i, r) in ranks.iter().enumerate() {
        let rank = 8 - i;
        let mut squares = 0usize;
        for (k, c) in r.chars().enumerate() {
            match c {
                '1'..='8' => squares += c as usize - '0' as usize,
                'p' | 'n' | 'b' | 'r' | 'q' | 'k' | 'P' | 'N' | 'B' | 'R' | 'Q' | 'K' => squares += 1,
                _ => {
                    return Some(FenReason::BadChar {
                        rank,
                        text: r.to_string(),
                        at: k + 1,
                        ch: c,
                    })
                }
            }
        }
        if squares != 8 {
            return Some(FenReason::RankLength {
                rank,
                text: r.to_string(),
                squares,
            });
        }
    }
    if let Some(t) = fields.get(1) {
        if !matches!(*t, "w" | "b") {
            return Some(FenReason::BadSide(t.to_string()));
        }
    }
    if let Some(c) = fields.get(2) {
        if *c != "-" {
            if let Some(bad) = c
                .chars()
                .find(|ch| !matches!(ch, 'K' | 'Q' | 'k' | 'q' | 'A'..='H' | 'a'..='h'))
            {
                return Some(FenReason::BadCastling {
                    text: c.to_string(),
                    bad,
                });
            }
        }
    }
    if let Some(e) = fields.get(3) {
        let ok = *e == "-"
            || (e.len() == 2
                && matches!(e.as_bytes()[0], b'a'..=b'h')
                && matches!(e.as_bytes()[1], b'3' | b'6'));
        if !ok {
            return Some(FenReason::BadEnPassant(e.to_string()));
        }
    }
    for (i, move_number) in [(4, false), (5, true)] {
        if let Some(n) = fields.get(i) {
            if n.parse::<u32>().is_err() {
                return Some(FenReason::BadNumber {
                    move_number,
                    value: n.to_string(),
                });
            }
        }
    }
    if fields.len() > 6 {
        return Some(FenReason::TooManyFields(fields.len()));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::record::parse_fen;

    fn start() -> Chess {
        Chess::default()
    }

    #[test]
    fn moves_say_why_and_name_a_near_miss() {
        let p = start();
        assert_eq!(
            why_illegal(&p, "e2e5").to_string(),
            "a pawn moves one square forward (two from its starting rank); did you mean e2e3 or e2e4?"
        );
        assert_eq!(
            why_illegal(&p, "e1e2").to_string(),
            "own pawn on the target square e2"
        );
        assert_eq!(
            why_illegal(&p, "a1a4").to_string(),
            "the rook's path from a1 to a4 is blocked at a2; did you mean a2a4?"
        );
        assert_eq!(
            why_illegal(&p, "Zz9").to_string(),
            "neither UCI (e2e4) nor SAN (Nf3, O-O, exd6, e8=Q)"
        );
        assert_eq!(
            why_illegal(&p, "Nd4").to_string(),
            "no knight can go to d4 (b1: a knight cannot move from b1 to d4; g1: a knight cannot move from g1 to d4)"
        );
        assert_eq!(
            why_illegal(&p, "e7e5").to_string(),
            "the pawn on e7 is Black's, and White is to move"
        );
        // After 1.d4 d5 2.Nf3 Nf6 both knights reach d2.
        let p = parse_fen("rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3").unwrap();
        assert_eq!(
            why_illegal(&p, "Nd2").to_string(),
            "ambiguous: more than one knight can go to d2; did you mean Nbd2 or Nfd2?"
        );
        // A pinned piece.
        let p = parse_fen("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1").unwrap();
        assert_eq!(
            why_illegal(&p, "Nc3").to_string(),
            "it would leave the king in check (the knight on e2 is pinned or the king moves into check)"
        );
        // In check.
        let p = parse_fen("4k3/8/8/8/8/8/8/r3K2N w - - 0 1").unwrap();
        assert_eq!(
            why_illegal(&p, "Ng3").to_string(),
            "it does not get the king out of check (the knight on h1 to g3)"
        );
    }

    #[test]
    fn fen_errors_name_the_field_and_character() {
        assert_eq!(
            fen_syntax("rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").map(|e| e.to_string()).as_deref(),
            Some("rank 7 ('ppppXppp'), character 5: 'X' is not a piece letter (PNBRQK white, pnbrqk black) or a digit 1-8")
        );
        assert_eq!(
            fen_syntax("8/8/8/3bk3/8/8/8/2B1K9 w - - 0 1").map(|e| e.to_string()).as_deref(),
            Some("rank 1 ('2B1K9'), character 5: '9' is not a piece letter (PNBRQK white, pnbrqk black) or a digit 1-8")
        );
        assert_eq!(
            fen_syntax("8/8/8/3bk3/8/8/8/2B1K5 w - - 0 1")
                .map(|e| e.to_string())
                .as_deref(),
            Some("rank 1 ('2B1K5') covers 10 squares, not 8")
        );
        assert_eq!(
            fen_syntax("8/8/8/3bk3/8/8/2B1K3 w - - 0 1")
                .map(|e| e.to_string())
                .as_deref(),
            Some("the board has 7 ranks separated by '/', not 8")
        );
        // One rank, one square: the singular (a FEN cut at its first '/').
        assert_eq!(
            fen_syntax("k7 w - - 0 1").map(|e| e.to_string()).as_deref(),
            Some("the board has 1 rank separated by '/', not 8")
        );
        assert_eq!(
            fen_syntax("8/8/8/3bk3/8/8/8/k w - - 0 1")
                .map(|e| e.to_string())
                .as_deref(),
            Some("rank 1 ('k') covers 1 square, not 8")
        );
        assert_eq!(
            fen_syntax("8/8/8/3bk3/8/8/8/2B1K3 x - - 0 1")
                .map(|e| e.to_string())
                .as_deref(),
            Some("side to move (field 2) is 'x': expected w or b")
        );
        assert_eq!(
            fen_syntax("8/8/8/3bk3/8/8/8/2B1K3 w KX - 0 1")
                .map(|e| e.to_string())
                .as_deref(),
            Some("castling (field 3) is 'KX': 'X' is not one of K, Q, k, q or -")
        );
        assert_eq!(
            fen_syntax("8/8/8/3bk3/8/8/8/2B1K3 w - e5 0 1")
                .map(|e| e.to_string())
                .as_deref(),
            Some("en passant square (field 4) is 'e5': expected a square on rank 3 or 6, or -")
        );
        assert_eq!(
            fen_syntax("8/8/8/3bk3/8/8/8/2B1K3 w - - x 1")
                .map(|e| e.to_string())
                .as_deref(),
            Some("half-move clock (field 5) is 'x': expected a whole number")
        );
        assert_eq!(fen_syntax("8/8/8/3bk3/8/8/8/2B1K3 w - - 0 1"), None);
    }
}
