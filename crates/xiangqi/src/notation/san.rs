//! Xiangqi SAN, as WinBoard/XBoard, the xiangqi fork of cutechess and Banksia write it:
//! `<piece>[file][rank][x]<square>[+|#]`, e.g. `c4`, `Che2`, `Nc7`, `R9xd7`, `xe4`, `Ci0+`.
//!
//! Pieces `K A B/E N/H R C`, a soldier without a letter (`P` also read); squares as in ICCS
//! (files `a`–`i` from Red's left, ranks `0`–`9` from Red's side). A piece that is not the only
//! one of its kind able to reach the square is told apart by its file, else its rank, else both
//! (`Raa1`, `R9xd7`, tandem pieces on one file by rank). `x`, `+`, `#`, `!` and `?` are read and
//! not checked against the position.

use super::{NotationError, ParsedMove, Style, WriteOptions, WxfLetters};
use crate::piece::PieceKind;
use crate::position::{Move, Position};
use crate::square::Square;

/// A SAN move's parts.
struct San {
    kind: PieceKind,
    file: Option<i32>,
    rank: Option<i32>,
    to: Square,
}

fn file_of(c: u8) -> Option<i32> {
    (b'a'..=b'i').contains(&c).then(|| i32::from(c - b'a'))
}

fn rank_of(c: u8) -> Option<i32> {
    c.is_ascii_digit().then(|| i32::from(c - b'0'))
}

/// The parts of `t` (ASCII) when it has the shape of a SAN move.
fn split(t: &str) -> Option<San> {
    let t = t.trim_end_matches(['+', '#', '!', '?']);
    let mut b = t.as_bytes();
    let kind = match b.first() {
        Some(c) if c.is_ascii_uppercase() => {
            let kind = PieceKind::from_letter(char::from(*c))?;
            b = &b[1..];
            kind
        }
        _ => PieceKind::Soldier,
    };
    let [head @ .., f, r] = b else { return None };
    let to = Square::new(file_of(*f)?, rank_of(*r)?)?;
    let head = head.strip_suffix(b"x").unwrap_or(head);
    let (file, rank) = match *head {
        [] => (None, None),
        [c] => match (file_of(c), rank_of(c)) {
            (Some(f), _) => (Some(f), None),
            (_, Some(r)) => (None, Some(r)),
            _ => return None,
        },
        [f, r] => (Some(file_of(f)?), Some(rank_of(r)?)),
        _ => return None,
    };
    Some(San { kind, file, rank, to })
}

/// Whether `text` (ASCII) has the shape of a SAN move.
pub(super) fn fits(t: &str) -> bool {
    split(t).is_some()
}

/// Read a SAN move (`t`: normalised ASCII) as a legal move in `pos`; errors name `text`.
pub(super) fn parse(pos: &Position, t: &str, text: &str) -> Result<ParsedMove, NotationError> {
    let san = split(t).ok_or_else(|| NotationError::Syntax(text.to_string()))?;
    let color = pos.side_to_move();
    let named = |s: Square| {
        matches!(pos.piece_at(s), Some(p) if p.color == color && p.kind == san.kind)
            && san.file.is_none_or(|f| f == s.file())
            && san.rank.is_none_or(|r| r == s.rank())
    };
    let found: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| m.to == san.to && named(m.from))
        .collect();
    match found.as_slice() {
        [mv] => Ok(ParsedMove {
            mv: *mv,
            style: Style::San,
            warning: None,
        }),
        [] => Err(NotationError::NoLegalMove {
            text: text.to_string(),
            reason: why_none(pos, &san, named),
        }),
        many => {
            let mut names: Vec<String> = many.iter().map(Move::to_string).collect();
            names.sort();
            Err(NotationError::Ambiguous {
                text: text.to_string(),
                candidates: names.join(", "),
            })
        }
    }
}

/// Why no legal move fits `san`: no such piece, or each named piece's reason.
fn why_none(pos: &Position, san: &San, named: impl Fn(Square) -> bool) -> super::NoFit {
    let from: Vec<Square> = Square::all().filter(|&s| named(s)).collect();
    if from.is_empty() {
        return super::NoFit::NoPiece {
            color: pos.side_to_move(),
            kind: san.kind,
            file: san.file,
            rank: san.rank,
        };
    }
    super::describe::why_none_of(pos, from.into_iter().map(|s| Ok(Move::new(s, san.to))))
}

/// Write `mv` (legal in `pos`) in SAN; `None` when `mv.from` is empty. Letters `H`/`E` or
/// `N`/`B` as `o.wxf_letters` says; a soldier has none.
pub(super) fn write(pos: &Position, mv: Move, o: &WriteOptions) -> Option<String> {
    let piece = pos.piece_at(mv.from)?;
    let mut s = String::with_capacity(6);
    match (piece.kind, o.wxf_letters) {
        (PieceKind::Soldier, _) => {}
        (PieceKind::Horse, WxfLetters::HorseElephant) => s.push('H'),
        (PieceKind::Elephant, WxfLetters::HorseElephant) => s.push('E'),
        (k, _) => s.push(k.letter()),
    }
    let rivals: Vec<Square> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.to == mv.to && m.from != mv.from && pos.piece_at(m.from) == Some(piece))
        .map(|m| m.from)
        .collect();
    let file = char::from(b'a' + mv.from.file() as u8);
    let rank = char::from(b'0' + mv.from.rank() as u8);
    if !rivals.is_empty() {
        if rivals.iter().all(|r| r.file() != mv.from.file()) {
            s.push(file);
        } else if rivals.iter().all(|r| r.rank() != mv.from.rank()) {
            s.push(rank);
        } else {
            s.push(file);
            s.push(rank);
        }
    }
    if pos.piece_at(mv.to).is_some() {
        s.push('x');
    }
    s.push_str(&mv.to.to_string());
    let mut after = pos.clone();
    after.make_move(mv);
    let them = after.side_to_move();
    if after.in_check(them) {
        s.push(if after.has_legal_move() { '+' } else { '#' });
    }
    Some(s)
}
