//! CBR: a ChessBridge (象棋桥) single record, binary (docs/formats.md).
//!
//! Version 2 (the layout of every known sample): UTF-16LE header fields at fixed offsets, the
//! result byte at 2076, the side to move at 2112, the 90-byte board at 2120 (index row·9+col,
//! row 0 = Black's back rank) and the move tree at 2214. Version 1 is read as the spec
//! describes it from reader source (board at 1864, tree at 1958, squares `col·16 + row`); no
//! version-1 sample exists, so that layout is unverified.
//!
//! The move tree is pre-order: each node is `flags, 0, from, to`; flag 1 = no child, 2 = a
//! younger sibling follows the node's subtree, 4 = a comment (u32 byte length, UTF-16LE).
//! It is read without recursion. Nothing here panics on any input.

use crate::tree::{self, cb_piece, index_point, Fault, Malformed, SquareMove, TreeGame, MAX_VARIATION_DEPTH};
use xiangqi::{Color, Position, Square};

/// The first 16 bytes of a CBR image.
pub const MAGIC: &[u8; 16] = b"CCBridge Record\0";

/// Whether bytes start like a CBR record.
pub fn is_cbr(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC)
}

struct Layout {
    fields: &'static [(&'static str, usize, usize)],
    result: usize,
    side: usize,
    board: usize,
    tree: usize,
}

const V2: Layout = Layout {
    fields: &[
        ("Title", 180, 128),
        ("Event", 692, 64),
        ("Round", 756, 64),
        ("Group", 820, 32),
        ("Table", 852, 32),
        ("Date", 884, 64),
        ("Site", 948, 64),
        ("Red", 1076, 64),
        ("RedTeam", 1140, 64),
        ("RedTime", 1204, 64),
        ("RedRating", 1268, 32),
        ("Black", 1300, 64),
        ("BlackTeam", 1364, 64),
        ("BlackTime", 1428, 64),
        ("BlackRating", 1492, 32),
        ("Referee", 1524, 64),
        ("Recorder", 1588, 64),
        ("Remark", 1652, 64),
        ("Author", 1780, 64),
    ],
    result: 2076,
    side: 2112,
    board: 2120,
    tree: 2214,
};

const V1: Layout = Layout {
    fields: &[
        ("Title", 52, 128),
        ("Event", 564, 64),
        ("Round", 628, 64),
        ("Group", 692, 32),
        ("Table", 724, 32),
        ("Date", 756, 64),
        ("Site", 820, 64),
        ("Red", 948, 64),
        ("RedTeam", 1012, 64),
        ("RedTime", 1076, 64),
        ("RedRating", 1140, 32),
        ("Black", 1172, 64),
        ("BlackTeam", 1236, 64),
        ("BlackTime", 1300, 64),
        ("BlackRating", 1364, 32),
        ("Remark", 1396, 64),
        ("Author", 1524, 64),
    ],
    result: 1820,
    side: 1856,
    board: 1864,
    tree: 1958,
};

/// A UTF-16LE string in a zero-padded field (stops at the first 0 unit; not trimmed).
pub(crate) fn utf16_field(bytes: &[u8], at: usize, size: usize) -> String {
    let end = (at + size).min(bytes.len());
    let field = bytes.get(at..end).unwrap_or(&[]);
    let units: Vec<u16> = field
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .take_while(|&u| u != 0)
        .collect();
    String::from_utf16_lossy(&units)
}

/// What is wrong in a CBR image (the `what` of its [`Malformed`]); `Display` is the English.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CbrFault {
    /// No `CCBridge Record` magic at the start.
    #[error("no 'CCBridge Record' magic")]
    NoMagic,
    /// The data ends before the version byte.
    #[error("header cut off")]
    HeaderCut,
    /// A version other than 1 or 2.
    #[error("unknown CBR version {0} (1 and 2 are read)")]
    Version(u8),
    /// The data (`len` bytes) ends before the move tree (at byte `tree`).
    #[error("header cut off: {len} bytes, the move tree starts at {tree}")]
    HeaderShort {
        /// The bytes there are.
        len: usize,
        /// Where the move tree starts.
        tree: usize,
    },
    /// A board byte that names no piece.
    #[error("unknown piece byte {0:#04x} on the board")]
    PieceByte(u8),
    /// A board index off the board.
    #[error("board index")]
    BoardIndex,
    /// The move tree ends while a main-line move is due.
    #[error("move tree cut off by the end of the data")]
    TreeCut,
    /// A node whose bytes cannot be a move node.
    #[error("bad move node {:02x} {:02x} {:02x} {:02x}", .0[0], .0[1], .0[2], .0[3])]
    BadNode([u8; 4]),
    /// A comment's length is cut off.
    #[error("comment length cut off")]
    CommentLengthCut,
    /// A comment of this many bytes runs past the end.
    #[error("comment of {0} bytes runs past the end of the data")]
    CommentPastEnd(usize),
    /// A move whose point codes are off the board.
    #[error("move {from}-{to} names a point off the board")]
    OffBoard {
        /// The from-point code.
        from: u8,
        /// The to-point code.
        to: u8,
    },
}

/// Decode one CBR image (a file, or one record of a CBL library). `base` is the image's
/// offset in its file, added to every offset an error names.
///
/// # Errors
/// [`Malformed`] (format `CBR`) when the magic is missing, the version is not 1 or 2, the
/// header or board is cut off, the board holds an unknown piece byte, a move names a point
/// off the board, or the main line is cut off (end of data, or a node that cannot be one)
/// while a move is still due. A cut that loses only variations is not an error.
pub fn parse(bytes: &[u8], base: usize) -> Result<TreeGame, Malformed> {
    let bad = |off: usize, fault: CbrFault| Malformed::new("CBR", base + off, Fault::Cbr(fault));
    if !is_cbr(bytes) {
        return Err(bad(0, CbrFault::NoMagic));
    }
    let version = *bytes
        .get(19)
        .ok_or_else(|| bad(bytes.len(), CbrFault::HeaderCut))?;
    let layout = match version {
        2 => &V2,
        1 => &V1,
        v => return Err(bad(19, CbrFault::Version(v))),
    };
    if bytes.len() < layout.tree + 4 {
        return Err(bad(
            bytes.len(),
            CbrFault::HeaderShort {
                len: bytes.len(),
                tree: layout.tree,
            },
        ));
    }
    let mut tags = Vec::new();
    for &(name, at, size) in layout.fields {
        let v = utf16_field(bytes, at, size);
        if !v.trim().is_empty() {
            tags.push((name.to_string(), v));
        }
    }
    let result = tree::result_code(u32::from(bytes[layout.result]));
    tags.push(("Result".to_string(), result.to_string()));
    let side = match bytes[layout.side] {
        1 => Some(Color::Red),
        2 => Some(Color::Black),
        _ => None,
    };
    let mut board = Position::empty();
    for i in 0..90 {
        let b = bytes[layout.board + i];
        if b == 0 {
            continue;
        }
        let piece = cb_piece(b).ok_or_else(|| bad(layout.board + i, CbrFault::PieceByte(b)))?;
        let sq = index_point(i).ok_or_else(|| bad(layout.board + i, CbrFault::BoardIndex))?;
        board.set_piece(sq, Some(piece));
    }
    let square: fn(u8) -> Option<Square> = if version == 2 {
        |b| index_point(usize::from(b))
    } else {
        // Version 1 [unverified]: col·16 + row, rows counted from Red's side.
        |b| Square::new(i32::from(b >> 4), i32::from(b & 0x0F)).filter(|_| b & 0x0F <= 9 && b >> 4 <= 8)
    };
    let (comment, moves) = read_tree(bytes, layout.tree, square).map_err(|(off, what)| bad(off, what))?;
    Ok(TreeGame {
        tags,
        board,
        side,
        comment,
        moves,
        result,
    })
}

struct Node {
    mv: Option<SquareMove>,
    children: Vec<usize>,
    has_child: bool,
}

/// Read the pre-order tree at `at`: the root's comment and the main line (variations
/// attached). `Err((offset, what))` when the main line is cut off or a point is off the board.
#[allow(clippy::type_complexity)]
fn read_tree(
    bytes: &[u8],
    at: usize,
    square: fn(u8) -> Option<Square>,
) -> Result<(Option<String>, Vec<SquareMove>), (usize, CbrFault)> {
    let mut pos = at;
    let mut arena: Vec<Node> = Vec::new();
    let mut pending: Vec<usize> = Vec::new(); // parents of announced younger siblings
    let mut parent: Option<usize> = None;
    let mut root_comment = None;
    let mut cut: Option<(usize, CbrFault)> = None;
    loop {
        let Some(node) = bytes.get(pos..pos + 4) else {
            cut = Some((pos, CbrFault::TreeCut));
            break;
        };
        let (flags, from, to) = (node[0], node[2], node[3]);
        let is_root = arena.is_empty();
        if flags > 7 || (!is_root && from == to) {
            cut = Some((pos, CbrFault::BadNode([node[0], node[1], from, to])));
            break;
        }
        pos += 4;
        let mut comment = None;
        if flags & 4 != 0 {
            let Some(len) = bytes.get(pos..pos + 4) else {
                cut = Some((pos, CbrFault::CommentLengthCut));
                break;
            };
            let len = u32::from_le_bytes([len[0], len[1], len[2], len[3]]) as usize;
            pos += 4;
            let Some(text) = pos.checked_add(len).and_then(|end| bytes.get(pos..end)) else {
                cut = Some((pos - 4, CbrFault::CommentPastEnd(len)));
                break;
            };
            let units: Vec<u16> = text
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                .collect();
            let s = String::from_utf16_lossy(&units)
                .trim_end_matches('\0')
                .to_string();
            pos += len;
            comment = Some(s);
        }
        let has_child = flags & 1 == 0;
        let id = arena.len();
        if is_root {
            root_comment = comment;
            arena.push(Node {
                mv: None,
                children: Vec::new(),
                has_child,
            });
            parent = Some(0);
            if !has_child {
                break;
            }
            continue;
        }
        let (Some(f), Some(t)) = (square(from), square(to)) else {
            return Err((pos - 4, CbrFault::OffBoard { from, to }));
        };
        let mut mv = SquareMove::new(f, t);
        mv.comment = comment;
        arena.push(Node {
            mv: Some(mv),
            children: Vec::new(),
            has_child,
        });
        let p = parent.unwrap_or(0);
        arena[p].children.push(id);
        if flags & 2 != 0 {
            pending.push(p);
        }
        if has_child {
            parent = Some(id);
        } else {
            match pending.pop() {
                Some(p) => parent = Some(p),
                None => break,
            }
        }
    }
    if let Some((off, what)) = cut {
        // Only an error when the main line itself still expects a move.
        let mut last = 0usize;
        while let Some(&c) = arena.get(last).and_then(|n| n.children.first()) {
            last = c;
        }
        if arena.is_empty() || arena[last].has_child {
            return Err((off, what));
        }
    }
    let moves = build_line(&mut arena, 0, 0);
    Ok((root_comment, moves))
}

/// The line of the children of `id` (first child continues, others are alternatives).
fn build_line(arena: &mut [Node], id: usize, depth: usize) -> Vec<SquareMove> {
    let mut line = Vec::new();
    let mut cur = id;
    loop {
        let children = std::mem::take(&mut arena[cur].children);
        let Some((&first, alts)) = children.split_first() else {
            break;
        };
        let Some(mut mv) = arena[first].mv.take() else {
            break;
        };
        if depth < MAX_VARIATION_DEPTH {
            for &a in alts {
                if let Some(amv) = arena[a].mv.take() {
                    let mut var = vec![amv];
                    var.extend(build_line(arena, a, depth + 1));
                    mv.variations.push(var);
                }
            }
        }
        line.push(mv);
        cur = first;
    }
    line
}
