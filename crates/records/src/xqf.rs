//! XQF binary records (XQStudio): version 1.0 (`XqfFormat.txt`) and the obfuscated versions
//! 0x0B–0x12 (docs/formats.md). This module decodes the header, the start board and the move
//! tree; [`crate::record`] replays it with full legality checks.
//!
//! Nothing here panics on any input: every structural problem is an [`XqfError`].

use crate::encoding::decode_gbk;
use xiangqi::{Color, Piece, PieceKind, Position, Square};

/// Offset of the move area.
const MOVES_AT: usize = 0x400;
/// Variations nested deeper than this are dropped (protects the stack on hostile input).
pub const MAX_VARIATION_DEPTH: usize = 64;

/// Why an XQF file cannot be read. Ply-specific problems are reported by the record replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum XqfError {
    /// Shorter than the 1024-byte header plus the 4-byte initial record.
    #[error("file too short for XQF: {len} bytes (at least 1028 needed)")]
    TooShort { len: usize },
    /// Does not start with `XQ`.
    #[error("not an XQF file (no 'XQ' magic)")]
    BadMagic,
    /// Two pieces of the piece table on one point.
    #[error("piece table puts two pieces on {square}")]
    DoubleOccupied { square: Square },
    /// A move record (or its comment) is cut off by the end of the file.
    #[error("move record at byte offset {offset:#x} is truncated")]
    Truncated { offset: usize },
    /// A move's square code is not a board point (X·10+Y ≤ 89).
    #[error("square code {code} is not a board point")]
    BadSquare { code: u8 },
}

/// The header fields of an XQF file (strings decoded from GBK; empty when absent).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct XqfHeader {
    /// Byte 2: 0x0A = 1.0; 0x0B–0x12 obfuscated versions.
    pub version: u8,
    pub title: String,
    pub event: String,
    pub date: String,
    pub site: String,
    pub red: String,
    pub black: String,
    pub annotator: String,
    pub author: String,
    /// `"1-0"`, `"0-1"`, `"1/2-1/2"` or `"*"` (from byte 0x33).
    pub result: &'static str,
    /// Byte 0x40: 0 full game, 1 opening, 2 middlegame, 3 endgame.
    pub game_type: u8,
}

/// A move of the XQF tree: raw square codes (X·10+Y, X = file 0–8, Y = rank 0–9 from Red's
/// side), its comment, and the alternatives to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XqfMove {
    /// From-square code after de-obfuscation (≤ 89 for a board point).
    pub from: u8,
    /// To-square code after de-obfuscation.
    pub to: u8,
    /// Comment after the move (GBK decoded).
    pub comment: Option<String>,
    /// Alternatives to this move, each a line from the position before it.
    pub variations: Vec<Vec<XqfMove>>,
}

impl XqfMove {
    /// The move as board points, or the offending code.
    ///
    /// # Errors
    /// [`XqfError::BadSquare`] when a code is above 89.
    pub fn squares(&self) -> Result<(Square, Square), XqfError> {
        Ok((code_square(self.from)?, code_square(self.to)?))
    }

    /// ICCS text (`h2e2`) when both codes are board points, else `?<from>-<to>` with the codes.
    pub fn text(&self) -> String {
        match self.squares() {
            Ok((f, t)) => format!("{f}{t}"),
            Err(_) => format!("?{}-{}", self.from, self.to),
        }
    }
}

fn code_square(code: u8) -> Result<Square, XqfError> {
    if code > 89 {
        return Err(XqfError::BadSquare { code });
    }
    Square::new(i32::from(code / 10), i32::from(code % 10)).ok_or(XqfError::BadSquare { code })
}

/// A decoded XQF file.
#[derive(Clone, Debug)]
pub struct XqfGame {
    pub header: XqfHeader,
    /// The start board from the piece table (side to move Red; see [`XqfGame::start_position`]).
    pub board: Position,
    /// Comment on the initial position.
    pub initial_comment: Option<String>,
    /// The main line; alternatives hang off its moves.
    pub moves: Vec<XqfMove>,
    /// The move tree was cut off by the end of the file at this byte offset (what came before
    /// is kept).
    pub truncated_at: Option<usize>,
    /// Whether the cut lost main-line moves (the last main-line record announces a next
    /// move that is missing); a cut that loses only variations leaves this `false`.
    pub main_line_truncated: bool,
    /// Bytes left in the file after the move tree ended (ignored, as XQStudio does).
    pub trailing_bytes: usize,
}

/// Slot order of the piece table: R N B A K A B N R C C P P P P P (Red 0–15, Black 16–31).
/// DhtmlXQ's `binit` lists its 32 pieces in the same order.
pub(crate) const SLOT_KINDS: [PieceKind; 16] = [
    PieceKind::Chariot,
    PieceKind::Horse,
    PieceKind::Elephant,
    PieceKind::Advisor,
    PieceKind::General,
    PieceKind::Advisor,
    PieceKind::Elephant,
    PieceKind::Horse,
    PieceKind::Chariot,
    PieceKind::Cannon,
    PieceKind::Cannon,
    PieceKind::Soldier,
    PieceKind::Soldier,
    PieceKind::Soldier,
    PieceKind::Soldier,
    PieceKind::Soldier,
];

struct Keys {
    xyf: u8,
    xyt: u8,
    rmk: u32,
    k32: [u8; 32],
}

fn f(b: u8) -> u32 {
    let b = u32::from(b);
    ((((b * b) * 3 + 9) * 3 + 8) * 2 + 1) * 3 + 8
}

fn header_string(h: &[u8], at: usize, size: usize) -> String {
    let len = usize::from(h[at]).min(size - 1);
    decode_gbk(&h[at + 1..at + 1 + len]).trim().to_string()
}

/// Decode an XQF file: header, start board and move tree.
///
/// # Errors
/// [`XqfError`] when the bytes are not an XQF file or the piece table is inconsistent. A
/// move tree cut off by the end of the file is not an error: [`XqfGame::truncated_at`] says
/// where, and the replay reports it when the main line is affected.
pub fn parse(bytes: &[u8]) -> Result<XqfGame, XqfError> {
    if bytes.len() < 2 || &bytes[..2] != b"XQ" {
        return Err(XqfError::BadMagic);
    }
    if bytes.len() < MOVES_AT + 4 {
        return Err(XqfError::TooShort { len: bytes.len() });
    }
    let h = &bytes[..MOVES_AT];
    let version = h[2];
    let result = match h[0x33] {
        1 => "1-0",
        2 => "0-1",
        3 | 4 => "1/2-1/2",
        _ => "*",
    };
    let header = XqfHeader {
        version,
        title: header_string(h, 0x50, 64),
        event: header_string(h, 0xD0, 64),
        date: header_string(h, 0x110, 16),
        site: header_string(h, 0x120, 16),
        red: header_string(h, 0x130, 16),
        black: header_string(h, 0x140, 16),
        annotator: header_string(h, 0x1D0, 16),
        author: header_string(h, 0x1E0, 16),
        result,
        game_type: h[0x40],
    };

    let keys = if version > 0x0A {
        let (mask, or) = (h[3], [h[8], h[9], h[10], h[11]]);
        let (sum, xy, xyf, xyt) = (h[0x0C], h[0x0D], h[0x0E], h[0x0F]);
        let kxy = (f(xy).wrapping_mul(u32::from(xy)) & 0xFF) as u8;
        let kxyf = (f(xyf).wrapping_mul(u32::from(kxy)) & 0xFF) as u8;
        let kxyt = (f(xyt).wrapping_mul(u32::from(kxyf)) & 0xFF) as u8;
        let rmk = ((u32::from(sum) * 256 + u32::from(xy)) % 32000) + 767;
        let fk = [
            (sum & mask) | or[0],
            (xy & mask) | or[1],
            (xyf & mask) | or[2],
            (xyt & mask) | or[3],
        ];
        let mut k32 = *b"[(C) Copyright Mr. Dong Shiwei.]";
        for (i, k) in k32.iter_mut().enumerate() {
            *k &= fk[i % 4];
        }
        Some((
            kxy,
            Keys {
                xyf: kxyf,
                xyt: kxyt,
                rmk,
                k32,
            },
        ))
    } else {
        None
    };

    // Piece table.
    let mut slots = [0u8; 32];
    match &keys {
        None => slots.copy_from_slice(&h[0x10..0x30]),
        Some((kxy, _)) => {
            for i in 0..32 {
                let slot = if version >= 0x0C {
                    (usize::from(*kxy) + i + 1) % 32
                } else {
                    i
                };
                slots[slot] = h[0x10 + i];
            }
            for s in &mut slots {
                *s = s.wrapping_sub(*kxy);
            }
        }
    }
    let mut board = Position::empty();
    for (i, &code) in slots.iter().enumerate() {
        if code > 89 {
            continue;
        }
        let Ok(sq) = code_square(code) else { continue };
        if board.piece_at(sq).is_some() {
            return Err(XqfError::DoubleOccupied { square: sq });
        }
        let color = if i < 16 { Color::Red } else { Color::Black };
        board.set_piece(sq, Some(Piece::new(color, SLOT_KINDS[i % 16])));
    }

    // Move area, de-obfuscated.
    let mut area: Vec<u8> = bytes[MOVES_AT..].to_vec();
    if let Some((_, k)) = &keys {
        for (i, b) in area.iter_mut().enumerate() {
            *b = b.wrapping_sub(k.k32[(MOVES_AT + i) % 32]);
        }
    }
    let mut reader = Reader {
        area: &area,
        pos: 0,
        version,
        keys: keys.as_ref().map(|(_, k)| k),
    };
    // The initial record: its squares are meaningless; it may carry a comment.
    let (initial, root_flags) = match reader.record() {
        Ok(r) => r,
        Err(off) => {
            return Ok(XqfGame {
                header,
                board,
                initial_comment: None,
                moves: Vec::new(),
                truncated_at: Some(off),
                main_line_truncated: true,
                trailing_bytes: 0,
            })
        }
    };
    let (mut arena, truncated_at) = reader.tree();
    if let Some(root) = arena.first_mut() {
        root.expects_next = root_flags.next;
    }
    let mut last = 0usize;
    while let Some(&c) = arena.get(last).and_then(|n| n.children.first()) {
        last = c;
    }
    let main_line_truncated = truncated_at.is_some() && arena.get(last).is_some_and(|n| n.expects_next);
    let moves = build_line(&arena, arena.first().map_or(&[][..], |r| &r.children), 0);
    Ok(XqfGame {
        header,
        board,
        initial_comment: initial.comment,
        moves,
        truncated_at,
        main_line_truncated,
        trailing_bytes: area.len().saturating_sub(reader.pos),
    })
}

struct RawRecord {
    from: u8,
    to: u8,
    comment: Option<String>,
}

struct Flags {
    next: bool,
    var: bool,
}

struct Reader<'a> {
    area: &'a [u8],
    pos: usize,
    version: u8,
    keys: Option<&'a Keys>,
}

/// A node of the decoded tree: index 0 is the initial record; `children[0]` continues the
/// line, later children are alternatives to it.
struct ArenaNode {
    rec: RawRecord,
    children: Vec<usize>,
    /// The record's "has next move" flag.
    expects_next: bool,
}

impl Reader<'_> {
    /// Read one record; `Err(offset)` (file offset) when cut off.
    fn record(&mut self) -> Result<(RawRecord, Flags), usize> {
        let start = self.pos;
        let err = MOVES_AT + start;
        let rec = self.area.get(start..start + 4).ok_or(err)?;
        let (from, to, flags) = (rec[0], rec[1], rec[2]);
        self.pos += 4;
        let (from, to, fl, comment_len) = match self.keys {
            None => {
                let len = self.u32().ok_or(err)?;
                (
                    from.wrapping_sub(24),
                    to.wrapping_sub(32),
                    Flags {
                        next: flags & 0xF0 != 0,
                        var: flags & 0x0F != 0,
                    },
                    len,
                )
            }
            Some(k) => {
                let len = if flags & 0x20 != 0 {
                    self.u32().ok_or(err)?.wrapping_sub(k.rmk)
                } else {
                    0
                };
                (
                    from.wrapping_sub(24).wrapping_sub(k.xyf),
                    to.wrapping_sub(32).wrapping_sub(k.xyt),
                    Flags {
                        next: flags & 0x80 != 0,
                        var: flags & 0x40 != 0,
                    },
                    len,
                )
            }
        };
        let _ = self.version;
        let comment = if comment_len == 0 {
            None
        } else {
            // A length beyond the file (or "negative" after the key) means a corrupt record.
            let len = usize::try_from(comment_len).map_err(|_| err)?;
            let end = self.pos.checked_add(len).ok_or(err)?;
            let text = self.area.get(self.pos..end).ok_or(err)?;
            self.pos = end;
            Some(decode_gbk(text))
        };
        Ok((RawRecord { from, to, comment }, fl))
    }

    fn u32(&mut self) -> Option<u32> {
        let b = self.area.get(self.pos..self.pos + 4)?;
        self.pos += 4;
        Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    /// Read the depth-first tree after the initial record. Like XQStudio's readers, records
    /// are read until the tree is complete or the data ends.
    fn tree(&mut self) -> (Vec<ArenaNode>, Option<usize>) {
        let mut arena = vec![ArenaNode {
            rec: RawRecord {
                from: 0,
                to: 0,
                comment: None,
            },
            children: Vec::new(),
            expects_next: true,
        }];
        let mut pending: Vec<usize> = Vec::new(); // parents awaiting an alternative
        let mut parent = 0usize;
        loop {
            if self.pos >= self.area.len() {
                // A record was still due (a "next move" or an alternative flag promised one):
                // the file ends early, even though it ends on a record boundary.
                return (arena, Some(self.pos));
            }
            let (rec, fl) = match self.record() {
                Ok(r) => r,
                Err(off) => return (arena, Some(off)),
            };
            let id = arena.len();
            arena.push(ArenaNode {
                rec,
                children: Vec::new(),
                expects_next: fl.next,
            });
            arena[parent].children.push(id);
            if fl.var {
                pending.push(parent);
            }
            if fl.next {
                parent = id;
            } else {
                match pending.pop() {
                    Some(p) => parent = p,
                    None => return (arena, None),
                }
            }
        }
    }
}

/// The line starting with `first[0]` (alternatives `first[1..]`), following first children.
fn build_line(arena: &[ArenaNode], first: &[usize], depth: usize) -> Vec<XqfMove> {
    let mut line = Vec::new();
    let mut siblings = first;
    while let Some((&id, alts)) = siblings.split_first() {
        let Some(node) = arena.get(id) else { break };
        let variations = if depth < MAX_VARIATION_DEPTH {
            alts.iter()
                .map(|&a| build_line(arena, std::slice::from_ref(&a), depth + 1))
                .filter(|l| !l.is_empty())
                .collect()
        } else {
            Vec::new()
        };
        line.push(XqfMove {
            from: node.rec.from,
            to: node.rec.to,
            comment: node.rec.comment.clone(),
            variations,
        });
        siblings = &node.children;
    }
    line
}

impl XqfGame {
    /// The start position: the piece table with the side to move taken from the first
    /// main-line move's piece (Red when there is no move or its from-point is empty).
    pub fn start_position(&self) -> Position {
        let mut pos = self.board.clone();
        let side = self
            .moves
            .first()
            .and_then(|m| code_square(m.from).ok())
            .and_then(|sq| pos.piece_at(sq))
            .map_or(Color::Red, |p| p.color);
        pos.set_side_to_move(side);
        pos
    }

    /// Header fields as PGN-style tags: `Title`, `Event`, `Date`, `Site`, `Red`, `Black`,
    /// `Annotator`, `Author` (only when non-empty), then `Result` and `Format` = `XQF`.
    pub fn tags(&self) -> Vec<(String, String)> {
        let h = &self.header;
        let mut tags = Vec::new();
        for (k, v) in [
            ("Title", &h.title),
            ("Event", &h.event),
            ("Date", &h.date),
            ("Site", &h.site),
            ("Red", &h.red),
            ("Black", &h.black),
            ("Annotator", &h.annotator),
            ("Author", &h.author),
        ] {
            if !v.is_empty() {
                tags.push((k.to_string(), v.clone()));
            }
        }
        tags.push(("Result".to_string(), h.result.to_string()));
        tags.push(("Format".to_string(), "XQF".to_string()));
        tags
    }
}
