//! Chinese notation: `炮二平五`, `馬8進7`, `前炮平四`, `後卒進1`, `中兵平六`, `二兵進一`, `前七平六`.
//!
//! Four characters: piece, file, verb (進/进 advance, 退 retreat, 平 along the rank), number.
//! Red's files and numbers are Chinese numerals 一…九 counted from Red's right, Black's are
//! digits 1…9 (ASCII or full-width) counted from Black's right; reading accepts either for
//! either side. Pieces: 帥帅將将 仕士 相象 俥車车傌馬马 炮砲包 兵卒, any of them for either
//! side. Like pieces on one file: 前/後/后/中 before the piece (also after it: 車前平三), 一…五
//! before a soldier (counted from the front, or right to left then front to back when soldiers
//! are stacked on two files), or 前/中/後 before the file in place of the piece when soldiers are
//! stacked on two files. See the table in the module [`crate::notation`].

use super::describe::{self, Desc, Dialect, Op, Place, Which};
use super::{full_width, ChineseScript, NotationError, ParsedMove, WriteOptions};
use crate::piece::{Color, PieceKind};
use crate::position::{Move, Position};

const NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

fn piece_kind(c: char) -> Option<PieceKind> {
    Some(match c {
        '帥' | '帅' | '將' | '将' => PieceKind::General,
        '仕' | '士' => PieceKind::Advisor,
        '相' | '象' => PieceKind::Elephant,
        '傌' | '馬' | '马' => PieceKind::Horse,
        '俥' | '車' | '车' => PieceKind::Chariot,
        '炮' | '砲' | '包' => PieceKind::Cannon,
        '兵' | '卒' => PieceKind::Soldier,
        _ => return None,
    })
}

/// 1–9 from a Chinese numeral or a digit (already normalised from full-width).
fn number(c: char) -> Option<u8> {
    if let Some(i) = NUMERALS.iter().position(|&n| n == c) {
        return Some(i as u8 + 1);
    }
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        _ => None,
    }
}

fn place(c: char) -> Option<Place> {
    match c {
        '前' => Some(Place::Front),
        '後' | '后' => Some(Place::Rear),
        '中' => Some(Place::Middle),
        _ => None,
    }
}

fn verb(c: char) -> Option<Op> {
    match c {
        '進' | '进' => Some(Op::Advance),
        '退' => Some(Op::Retreat),
        '平' => Some(Op::Traverse),
        _ => None,
    }
}

/// Read the characters before the verb.
fn selector(head: &[char]) -> Option<(PieceKind, Which)> {
    match *head {
        [p, f] => {
            if let (Some(kind), Some(f)) = (piece_kind(p), number(f)) {
                return Some((kind, Which::File(f)));
            }
            if let (Some(pl), Some(kind)) = (place(p), piece_kind(f)) {
                return Some((kind, Which::Place(pl, None)));
            }
            if let (Some(kind), Some(pl)) = (piece_kind(p), place(f)) {
                return Some((kind, Which::Place(pl, None)));
            }
            if let (Some(n @ 1..=5), Some(kind)) = (number(p), piece_kind(f)) {
                return Some((kind, Which::Place(Place::Ordinal(n), None)));
            }
            if let (Some(pl), Some(f)) = (place(p), number(f)) {
                return Some((PieceKind::Soldier, Which::Place(pl, Some(f))));
            }
            None
        }
        [a, b, f] => {
            let f = number(f)?;
            let kind = piece_kind(b)?;
            let pl = match (place(a), number(a)) {
                (Some(pl), _) => pl,
                (None, Some(n @ 1..=5)) => Place::Ordinal(n),
                _ => return None,
            };
            Some((kind, Which::Place(pl, Some(f))))
        }
        _ => None,
    }
}

/// Read a Chinese move (`t`: normalised) as a legal move in `pos`; errors name `text`.
pub(super) fn parse(pos: &Position, t: &str, text: &str) -> Result<ParsedMove, NotationError> {
    let syntax = || NotationError::Syntax(text.to_string());
    let c: Vec<char> = t.chars().filter(|c| !c.is_whitespace()).collect();
    if c.len() < 4 {
        return Err(syntax());
    }
    let (head, tail) = c.split_at(c.len() - 2);
    let op = verb(tail[0]).ok_or_else(syntax)?;
    let n = number(tail[1]).ok_or_else(syntax)?;
    let (kind, which) = selector(head).ok_or_else(syntax)?;
    describe::resolve(pos, Desc { kind, which, op, n }, Dialect::Chinese, text)
}

pub(super) fn piece_name(kind: PieceKind, color: Color, script: ChineseScript) -> char {
    let red = color == Color::Red;
    match (kind, script) {
        (PieceKind::General, ChineseScript::Traditional) => {
            if red {
                '帥'
            } else {
                '將'
            }
        }
        (PieceKind::General, ChineseScript::Simplified) => {
            if red {
                '帅'
            } else {
                '将'
            }
        }
        (PieceKind::Advisor, _) => {
            if red {
                '仕'
            } else {
                '士'
            }
        }
        (PieceKind::Elephant, _) => {
            if red {
                '相'
            } else {
                '象'
            }
        }
        (PieceKind::Horse, ChineseScript::Traditional) => {
            if red {
                '傌'
            } else {
                '馬'
            }
        }
        (PieceKind::Horse, ChineseScript::Simplified) => '马',
        (PieceKind::Chariot, ChineseScript::Traditional) => {
            if red {
                '俥'
            } else {
                '車'
            }
        }
        (PieceKind::Chariot, ChineseScript::Simplified) => '车',
        (PieceKind::Cannon, ChineseScript::Traditional) => {
            if red {
                '炮'
            } else {
                '砲'
            }
        }
        (PieceKind::Cannon, ChineseScript::Simplified) => '炮',
        (PieceKind::Soldier, _) => {
            if red {
                '兵'
            } else {
                '卒'
            }
        }
    }
}

/// Write `mv` in Chinese; `None` when `mv.from` is empty.
pub(super) fn write(pos: &Position, mv: Move, o: &WriteOptions) -> Option<String> {
    let color = pos.piece_at(mv.from)?.color;
    let d = describe::describe(pos, mv, Dialect::Chinese)?;
    let trad = o.chinese_script == ChineseScript::Traditional;
    let num = |n: u8| -> char {
        let i = usize::from(n.clamp(1, 9) - 1);
        match color {
            Color::Red => NUMERALS[i],
            Color::Black => {
                let c = char::from(b'1' + i as u8);
                if o.full_width {
                    full_width(c)
                } else {
                    c
                }
            }
        }
    };
    let place_char = |p: Place| match p {
        Place::Front | Place::Foremost => '前',
        Place::Middle => '中',
        Place::Rear | Place::Rearmost => {
            if trad {
                '後'
            } else {
                '后'
            }
        }
        Place::Ordinal(n) => NUMERALS[usize::from(n.clamp(1, 9) - 1)],
    };
    let name = piece_name(d.kind, color, o.chinese_script);
    let mut s = String::with_capacity(12);
    match d.which {
        Which::File(f) => {
            s.push(name);
            s.push(num(f));
        }
        Which::Place(p, None) => {
            s.push(place_char(p));
            s.push(name);
        }
        Which::Place(p, Some(f)) => {
            s.push(place_char(p));
            s.push(num(f));
        }
    }
    s.push(match d.op {
        Op::Advance => {
            if trad {
                '進'
            } else {
                '进'
            }
        }
        Op::Retreat => '退',
        Op::Traverse => '平',
    });
    s.push(num(d.n));
    Some(s)
}
