//! What WXF and Chinese notation have in common: a move described as *which piece* (a file, or a
//! place among like pieces sharing a file), a direction and a number, all counted from the mover's
//! own side. Reading matches a description against the legal moves; writing builds the unique
//! standard description of a move.

use super::{NoFit, NotationError, NotationWarning, ParsedMove, Style, Tried};
use crate::piece::{Color, PieceKind};
use crate::position::{Move, Position};
use crate::square::Square;

/// Direction of a move from the mover's point of view.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Op {
    /// `+`, 進/进: towards the other side.
    Advance,
    /// `-`, 退: towards the mover's own back rank.
    Retreat,
    /// `=` or `.`, 平: along the rank.
    Traverse,
}

/// A place among like pieces sharing a file, front = nearest the other side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Place {
    /// WXF `+`, 前. WXF with four or five pieces on the file: the second from the front.
    Front,
    /// WXF `-`, 後/后. WXF with four or five pieces on the file: the second from the rear.
    Rear,
    /// 中; WXF writes the middle one of three (or five) with its plain file number.
    Middle,
    /// WXF `++` (four or five soldiers on a file).
    Foremost,
    /// WXF `--` (four or five soldiers on a file).
    Rearmost,
    /// 一…五 counted from the front (Chinese), or xqbase's WXF `a`…`e`. Without a file and with
    /// like pieces stacked on two files: counted right to left, then front to back.
    Ordinal(u8),
}

/// Which piece moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Which {
    /// The piece on this file (1–9 from the mover's right).
    File(u8),
    /// A place among like pieces on one file; the file is given when like pieces are stacked on
    /// more than one file (WXF `3+.4`, Chinese `前七平六`).
    Place(Place, Option<u8>),
}

/// A move as WXF and Chinese describe it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Desc {
    pub kind: PieceKind,
    pub which: Which,
    pub op: Op,
    /// Ranks moved (straight movers along a file), or the destination file.
    pub n: u8,
}

/// The two notations differ a little in what a place among like pieces means.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Dialect {
    Wxf,
    Chinese,
}

/// File number 1–9 from `color`'s right.
pub(super) fn file_num(color: Color, sq: Square) -> u8 {
    match color {
        Color::Red => (9 - sq.file()) as u8,
        Color::Black => (sq.file() + 1) as u8,
    }
}

/// How far forward `sq` lies from `color`'s point of view (0 = own back rank).
fn ahead(color: Color, sq: Square) -> i32 {
    match color {
        Color::Red => sq.rank(),
        Color::Black => 9 - sq.rank(),
    }
}

/// Horse, elephant and advisor moves give the destination file instead of a distance.
fn diagonal(kind: PieceKind) -> bool {
    matches!(kind, PieceKind::Horse | PieceKind::Elephant | PieceKind::Advisor)
}

/// Direction and number of `mv` made by a `kind` of `color`.
pub(super) fn body(color: Color, kind: PieceKind, mv: Move) -> (Op, u8) {
    let dr = ahead(color, mv.to) - ahead(color, mv.from);
    if dr == 0 {
        (Op::Traverse, file_num(color, mv.to))
    } else {
        let op = if dr > 0 { Op::Advance } else { Op::Retreat };
        let n = if diagonal(kind) {
            file_num(color, mv.to)
        } else {
            dr.unsigned_abs() as u8
        };
        (op, n)
    }
}

/// The `color` `kind` pieces on `sq`'s file, front first.
fn on_file(pos: &Position, color: Color, kind: PieceKind, file: i32) -> Vec<Square> {
    let mut v: Vec<Square> = (0..10)
        .filter_map(|r| Square::new(file, r))
        .filter(|&s| matches!(pos.piece_at(s), Some(p) if p.color == color && p.kind == kind))
        .collect();
    v.sort_by_key(|&s| -ahead(color, s));
    v
}

/// Files (board file 0–8) holding two or more `color` `kind` pieces, right to left as the mover
/// sees them.
fn stacked_files(pos: &Position, color: Color, kind: PieceKind) -> Vec<i32> {
    let mut v: Vec<i32> = (0..9)
        .filter(|&f| on_file(pos, color, kind, f).len() >= 2)
        .collect();
    v.sort_by_key(|&f| Square::new(f, 0).map_or(0, |s| file_num(color, s)));
    v
}

/// Where a piece stands among its like pieces.
struct Standing {
    file: u8,
    /// Index on its file, front first.
    index: usize,
    /// Like pieces on its file.
    count: usize,
    /// Index in the right-to-left, front-to-back order of the pieces on stacked files.
    global: Option<usize>,
    /// Number of files holding two or more like pieces.
    stacked: usize,
}

fn standing(pos: &Position, color: Color, kind: PieceKind, sq: Square) -> Standing {
    let here = on_file(pos, color, kind, sq.file());
    let stacked = stacked_files(pos, color, kind);
    let global = stacked
        .iter()
        .flat_map(|&f| on_file(pos, color, kind, f))
        .position(|s| s == sq);
    Standing {
        file: file_num(color, sq),
        index: here.iter().position(|&s| s == sq).unwrap_or(0),
        count: here.len(),
        global,
        stacked: stacked.len(),
    }
}

/// Index on the file (front first) that `place` names when `count` like pieces share it.
fn place_index(place: Place, count: usize, dialect: Dialect) -> Option<usize> {
    if count < 2 {
        return None;
    }
    let wxf4 = dialect == Dialect::Wxf && count >= 4;
    match place {
        Place::Front => Some(if wxf4 { 1 } else { 0 }),
        Place::Rear => Some(if wxf4 { count - 2 } else { count - 1 }),
        Place::Middle => (count % 2 == 1).then_some(count / 2),
        Place::Foremost => Some(0),
        Place::Rearmost => Some(count - 1),
        Place::Ordinal(n) => {
            let n = usize::from(n);
            (1..=count).contains(&n).then(|| n - 1)
        }
    }
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Fit {
    /// The description names this piece.
    Exact,
    /// The description would name it if the missing 前/後 (`+`/`-`) were supplied.
    Loose,
}

fn fits(which: Which, st: &Standing, kind: PieceKind, dialect: Dialect) -> Option<Fit> {
    match which {
        Which::File(f) => {
            if f != st.file {
                return None;
            }
            let middle_by_file =
                dialect == Dialect::Wxf && st.count >= 3 && st.count % 2 == 1 && st.index == st.count / 2;
            // Advisors and elephants sharing a file are told apart by direction (the front one
            // can only retreat, the rear one only advance): the plain file is their standard form.
            if st.count == 1 || middle_by_file || matches!(kind, PieceKind::Advisor | PieceKind::Elephant) {
                Some(Fit::Exact)
            } else {
                Some(Fit::Loose)
            }
        }
        Which::Place(place, file) => {
            if file.is_some_and(|f| f != st.file) {
                return None;
            }
            if let (Place::Ordinal(n), None) = (place, file) {
                if st.stacked >= 2 {
                    return (st.global == Some(usize::from(n).wrapping_sub(1))).then_some(Fit::Exact);
                }
            }
            if place_index(place, st.count, dialect) != Some(st.index) {
                return None;
            }
            if file.is_some() || st.stacked <= 1 {
                Some(Fit::Exact)
            } else {
                Some(Fit::Loose)
            }
        }
    }
}

/// The legal move that `desc` names in `pos`.
pub(super) fn resolve(
    pos: &Position,
    desc: Desc,
    dialect: Dialect,
    text: &str,
) -> Result<ParsedMove, NotationError> {
    let color = pos.side_to_move();
    let mut exact = Vec::new();
    let mut loose = Vec::new();
    for &mv in pos.legal_moves().iter() {
        let Some(p) = pos.piece_at(mv.from) else { continue };
        if p.kind != desc.kind || body(color, p.kind, mv) != (desc.op, desc.n) {
            continue;
        }
        match fits(
            desc.which,
            &standing(pos, color, p.kind, mv.from),
            p.kind,
            dialect,
        ) {
            Some(Fit::Exact) => exact.push(mv),
            Some(Fit::Loose) => loose.push(mv),
            None => {}
        }
    }
    let style = match dialect {
        Dialect::Wxf => Style::Wxf,
        Dialect::Chinese => Style::Chinese,
    };
    let (chosen, warning) = match (exact.as_slice(), loose.as_slice()) {
        ([mv], _) => (*mv, None),
        ([], [mv]) => (*mv, Some(NotationWarning::AmbiguityResolvedByLegality)),
        ([], []) => {
            return Err(NotationError::NoLegalMove {
                text: text.to_string(),
                reason: why_no_move(pos, desc, dialect),
            })
        }
        (many, _) if !many.is_empty() => return Err(ambiguous(text, many)),
        (_, many) => return Err(ambiguous(text, many)),
    };
    Ok(ParsedMove {
        mv: chosen,
        style,
        warning,
    })
}

/// The points a `kind` of `color` on `from` would reach by `op` and `n`, movement rules of the
/// board's geometry only (legs, eyes, screens and checks aside); or why none.
fn destinations(color: Color, kind: PieceKind, from: Square, op: Op, n: u8) -> Result<Square, Tried> {
    let fwd = match color {
        Color::Red => 1,
        Color::Black => -1,
    };
    let file_of = |n: u8| -> i32 {
        match color {
            Color::Red => 9 - i32::from(n),
            Color::Black => i32::from(n) - 1,
        }
    };
    let off = || Tried::OffBoard { kind, from };
    if !diagonal(kind) {
        return match op {
            Op::Traverse => {
                let f = file_of(n);
                if f == from.file() {
                    Err(Tried::AlreadyOnFile { kind, file: n })
                } else {
                    Square::new(f, from.rank()).ok_or_else(off)
                }
            }
            Op::Advance | Op::Retreat => {
                let dir = if op == Op::Advance { fwd } else { -fwd };
                Square::new(from.file(), from.rank() + dir * i32::from(n)).ok_or_else(off)
            }
        };
    }
    if op == Op::Traverse {
        return Err(Tried::NeverTraverse { kind });
    }
    let f = file_of(n);
    let df = (f - from.file()).abs();
    let dr = match (kind, df) {
        (PieceKind::Horse, 1) => 2,
        (PieceKind::Horse, 2) => 1,
        (PieceKind::Elephant, 2) => 2,
        (PieceKind::Advisor, 1) => 1,
        _ => {
            return Err(Tried::CannotGo {
                kind,
                from: file_num(color, from),
                to: n,
            })
        }
    };
    let dir = if op == Op::Advance { fwd } else { -fwd };
    Square::new(f, from.rank() + dir * dr).ok_or_else(off)
}

/// Why no legal move fits `desc`: no such piece, or each fitting piece's reason.
fn why_no_move(pos: &Position, desc: Desc, dialect: Dialect) -> NoFit {
    let color = pos.side_to_move();
    let kind = desc.kind;
    let pieces: Vec<Square> = pos
        .pieces()
        .filter(|(_, p)| p.color == color && p.kind == desc.kind)
        .map(|(s, _)| s)
        .collect();
    if pieces.is_empty() {
        return NoFit::NoPiece {
            color,
            kind,
            file: None,
            rank: None,
        };
    }
    let fitting: Vec<Square> = pieces
        .iter()
        .copied()
        .filter(|&s| {
            fits(
                desc.which,
                &standing(pos, color, desc.kind, s),
                desc.kind,
                dialect,
            )
            .is_some()
        })
        .collect();
    if fitting.is_empty() {
        let mut files: Vec<u8> = pieces.iter().map(|&s| file_num(color, s)).collect();
        files.sort_unstable();
        files.dedup();
        return match desc.which {
            Which::File(file) => NoFit::NotOnFile {
                color,
                kind,
                file,
                files,
            },
            Which::Place(..) => NoFit::NoTandem { color, kind, files },
        };
    }
    why_none_of(
        pos,
        fitting
            .iter()
            .map(|&from| destinations(color, desc.kind, from, desc.op, desc.n).map(|to| Move::new(from, to))),
    )
}

/// Why none of the `tries` (a move, or why the piece cannot make one) is legal in `pos`: each
/// distinct reason, in order (`h2-e3: own soldier on the target point e3`).
pub(super) fn why_none_of(pos: &Position, tries: impl IntoIterator<Item = Result<Move, Tried>>) -> NoFit {
    let mut reasons: Vec<Tried> = Vec::new();
    for tried in tries {
        let why = match tried {
            Err(why) => why,
            Ok(mv) => match pos.check_legal(mv) {
                Err(e) => Tried::Illegal { mv, reason: e.reason },
                Ok(()) => continue,
            },
        };
        if !reasons.contains(&why) {
            reasons.push(why);
        }
    }
    NoFit::Tries {
        color: pos.side_to_move(),
        tries: reasons,
    }
}

fn ambiguous(text: &str, moves: &[Move]) -> NotationError {
    let mut names: Vec<String> = moves.iter().map(Move::to_string).collect();
    names.sort();
    NotationError::Ambiguous {
        text: text.to_string(),
        candidates: names.join(", "),
    }
}

/// The standard description of `mv` (legal in `pos`). `None` when `mv.from` is empty.
pub(super) fn describe(pos: &Position, mv: Move, dialect: Dialect) -> Option<Desc> {
    let piece = pos.piece_at(mv.from)?;
    let (color, kind) = (piece.color, piece.kind);
    let (op, n) = body(color, kind, mv);
    let st = standing(pos, color, kind, mv.from);
    let plain = Desc {
        kind,
        which: Which::File(st.file),
        op,
        n,
    };
    if st.count < 2 {
        return Some(plain);
    }
    if matches!(kind, PieceKind::Advisor | PieceKind::Elephant) {
        // Plain unless (in a position no game reaches) another one on the file moves the same way.
        let twin = on_file(pos, color, kind, mv.from.file())
            .into_iter()
            .filter(|&s| s != mv.from)
            .any(|s| {
                pos.legal_moves()
                    .iter()
                    .any(|m| m.from == s && body(color, kind, *m) == (op, n))
            });
        if !twin {
            return Some(plain);
        }
    }
    let last = st.count - 1;
    // Stacked on two files: the file replaces the piece (`7+`, 前七), which reads as a soldier;
    // only soldiers can be stacked on two files with the standard material.
    let which = if st.stacked >= 2 && kind == PieceKind::Soldier {
        let place = match st.index {
            0 => Place::Front,
            i if i == last => Place::Rear,
            _ => Place::Middle,
        };
        Which::Place(place, Some(st.file))
    } else {
        let place = match (dialect, st.count, st.index) {
            (_, 2, 0) | (_, 3, 0) => Place::Front,
            (_, 2, _) | (_, 3, 2) => Place::Rear,
            // WXF writes the middle one of three (or five) by its file.
            (Dialect::Wxf, c, i) if c % 2 == 1 && i == c / 2 => return Some(plain),
            (Dialect::Chinese, 3, _) => Place::Middle,
            (Dialect::Chinese, _, i) => Place::Ordinal((i + 1) as u8),
            (Dialect::Wxf, _, 0) => Place::Foremost,
            (Dialect::Wxf, _, i) if i == last => Place::Rearmost,
            (Dialect::Wxf, _, 1) => Place::Front,
            (Dialect::Wxf, _, _) => Place::Rear,
        };
        Which::Place(place, None)
    };
    Some(Desc { which, ..plain })
}
