//! WXF notation (World Xiangqi Federation): `<piece><file><op><n>`, e.g. `C2=5`, `H2+3`, `R1-2`.
//!
//! Letters `K A E N/H R C P` (also `B` for the elephant and `N` for the horse, either case);
//! files 1–9 from the mover's right; op `+` advance, `-` retreat, `=` or `.` along the rank (or
//! left out: `C25`); `n` is the destination file for horse, elephant and advisor and for moves
//! along the rank, otherwise the number of ranks. Like pieces on one file: `H++7` (also read
//! `+H+7`), soldiers `++`/`--` (foremost/rearmost of four or five), `3+.4`/`33.4`/`3-.4` when
//! soldiers are stacked on two files, and xqbase's `Pa+1`…`Pe+1` (ordinals). See the table in
//! the module [`crate::notation`].

use super::describe::{self, Desc, Dialect, Op, Place, Which};
use super::{full_width, NotationError, ParsedMove, WriteOptions, WxfLetters, WxfTandem, WxfTraverse};
use crate::piece::PieceKind;
use crate::position::{Move, Position};

fn letter_kind(c: char) -> Option<PieceKind> {
    PieceKind::from_letter(c)
}

fn digit(c: char) -> Option<u8> {
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        _ => None,
    }
}

fn sign(c: char) -> Option<Place> {
    match c {
        '+' => Some(Place::Front),
        '-' => Some(Place::Rear),
        _ => None,
    }
}

/// Read the piece part (two characters) of a WXF move.
fn selector(a: char, b: char) -> Option<(PieceKind, Which)> {
    if let Some(kind) = letter_kind(a) {
        if let Some(f) = digit(b) {
            return Some((kind, Which::File(f)));
        }
        if let Some(place) = sign(b) {
            return Some((kind, Which::Place(place, None)));
        }
        if kind == PieceKind::Soldier && ('a'..='e').contains(&b) {
            return Some((kind, Which::Place(Place::Ordinal(b as u8 - b'a' + 1), None)));
        }
        return None;
    }
    if let Some(place) = sign(a) {
        if let Some(kind) = letter_kind(b) {
            return Some((kind, Which::Place(place, None)));
        }
        return match (a, b) {
            ('+', '+') => Some((PieceKind::Soldier, Which::Place(Place::Foremost, None))),
            ('-', '-') => Some((PieceKind::Soldier, Which::Place(Place::Rearmost, None))),
            _ => None,
        };
    }
    if let Some(f) = digit(a) {
        if let Some(place) = sign(b) {
            return Some((PieceKind::Soldier, Which::Place(place, Some(f))));
        }
        if digit(b) == Some(f) {
            return Some((PieceKind::Soldier, Which::Place(Place::Middle, Some(f))));
        }
    }
    None
}

/// Read a WXF move (`t`: normalised ASCII) as a legal move in `pos`; errors name `text`.
pub(super) fn parse(pos: &Position, t: &str, text: &str) -> Result<ParsedMove, NotationError> {
    let syntax = || NotationError::Syntax(text.to_string());
    let c: Vec<char> = t.chars().collect();
    let (a, b, op, n) = match *c.as_slice() {
        [a, b, op, n] => (a, b, op, n),
        [a, b, n] if letter_kind(a).is_some() && digit(b).is_some() => (a, b, '=', n),
        _ => return Err(syntax()),
    };
    let (kind, which) = selector(a, b).ok_or_else(syntax)?;
    let op = match op {
        '+' => Op::Advance,
        '-' => Op::Retreat,
        '=' | '.' => Op::Traverse,
        _ => return Err(syntax()),
    };
    let n = digit(n).ok_or_else(syntax)?;
    describe::resolve(pos, Desc { kind, which, op, n }, Dialect::Wxf, text)
}

/// Write `mv` in WXF; `None` when `mv.from` is empty.
pub(super) fn write(pos: &Position, mv: Move, o: &WriteOptions) -> Option<String> {
    let d = describe::describe(pos, mv, Dialect::Wxf)?;
    let letter = match (d.kind, o.wxf_letters) {
        (PieceKind::Horse, WxfLetters::HorseElephant) => 'H',
        (PieceKind::Elephant, WxfLetters::HorseElephant) => 'E',
        (k, _) => k.letter(),
    };
    let digit = |n: u8| char::from(b'0' + n);
    let mut s = String::with_capacity(4);
    match d.which {
        Which::File(f) => {
            s.push(letter);
            s.push(digit(f));
        }
        Which::Place(place, Some(f)) => {
            s.push(digit(f));
            s.push(match place {
                Place::Front => '+',
                Place::Rear => '-',
                _ => digit(f),
            });
        }
        Which::Place(Place::Foremost, None) => s.push_str("++"),
        Which::Place(Place::Rearmost, None) => s.push_str("--"),
        Which::Place(place, None) => {
            let sign = if place == Place::Rear { '-' } else { '+' };
            match o.wxf_tandem {
                WxfTandem::SignForFile => {
                    s.push(letter);
                    s.push(sign);
                }
                WxfTandem::SignFirst => {
                    s.push(sign);
                    s.push(letter);
                }
            }
        }
    }
    s.push(match (d.op, o.wxf_traverse) {
        (Op::Advance, _) => '+',
        (Op::Retreat, _) => '-',
        (Op::Traverse, WxfTraverse::Equals) => '=',
        (Op::Traverse, WxfTraverse::Dot) => '.',
    });
    s.push(digit(d.n));
    if o.full_width {
        s = s.chars().map(full_width).collect();
    }
    Some(s)
}
