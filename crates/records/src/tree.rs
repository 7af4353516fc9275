//! A move tree of board points, shared by the readers whose moves are from/to squares rather
//! than notation (CBR, CBL, CBF, DhtmlXQ), and the error those binary or tag formats give for
//! malformed input. [`crate::record`] replays a [`TreeGame`] with full legality checks.

use xiangqi::{Color, Piece, PieceKind, Position, Square};

/// Variations nested deeper than this are dropped by the readers (protects the stack).
pub const MAX_VARIATION_DEPTH: usize = 64;

/// A move of a tree: from/to points, its comment and the alternatives to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareMove {
    pub from: Square,
    pub to: Square,
    /// The comment after the move, if any.
    pub comment: Option<String>,
    /// Alternatives to this move, each a line from the position before it.
    pub variations: Vec<Vec<SquareMove>>,
}

impl SquareMove {
    /// A move without comment or variations.
    pub fn new(from: Square, to: Square) -> SquareMove {
        SquareMove {
            from,
            to,
            comment: None,
            variations: Vec::new(),
        }
    }

    /// ICCS text (`h2e2`).
    pub fn text(&self) -> String {
        format!("{}{}", self.from, self.to)
    }
}

/// A game decoded from a tree format, before replay.
#[derive(Clone, Debug)]
pub struct TreeGame {
    /// Header fields as PGN-style tags, in a fixed order, non-empty ones only (`Result` last).
    pub tags: Vec<(String, String)>,
    /// The start board; its side to move is set by [`TreeGame::start_position`].
    pub board: Position,
    /// The side to move the file states, when it states one.
    pub side: Option<Color>,
    /// The comment on the start position (the game comment).
    pub comment: Option<String>,
    /// The main line; alternatives hang off its moves.
    pub moves: Vec<SquareMove>,
    /// `"1-0"`, `"0-1"`, `"1/2-1/2"` or `"*"`.
    pub result: &'static str,
}

impl TreeGame {
    /// The start position: the board, with the side to move of the first main-line move's
    /// piece (as vschess reads these formats), else the stated side, else Red.
    pub fn start_position(&self) -> Position {
        let mut pos = self.board.clone();
        let side = self
            .moves
            .first()
            .and_then(|m| pos.piece_at(m.from))
            .map(|p| p.color)
            .or(self.side)
            .unwrap_or(Color::Red);
        pos.set_side_to_move(side);
        pos
    }

    /// A record with no piece and no move: a section title of a library, not a game.
    pub fn is_title_only(&self) -> bool {
        self.moves.is_empty() && self.board.pieces().next().is_none()
    }

    /// The value of tag `name` (exact name).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }
}

/// Number of moves in a line and all its variations.
pub fn count_moves(line: &[SquareMove]) -> usize {
    let mut n = 0;
    let mut stack: Vec<&[SquareMove]> = vec![line];
    while let Some(l) = stack.pop() {
        n += l.len();
        for m in l {
            for v in &m.variations {
                stack.push(v);
            }
        }
    }
    n
}

/// A file (or one game of it) whose structure is broken: which format, the byte offset (of
/// the file or, for a library record, of the library file) and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("malformed {format} at byte offset {offset}: {what}")]
pub struct Malformed {
    /// `CBR`, `CBL`, `CBF`, `DhtmlXQ` or `text`.
    pub format: &'static str,
    pub offset: usize,
    pub what: String,
    /// `what` as a typed value, for its words in other languages (boxed to keep `Result`s
    /// small).
    pub fault: Option<Box<Fault>>,
}

impl Malformed {
    /// A `format` file broken at byte `offset` because of `fault` (`what` is its English).
    pub fn new(format: &'static str, offset: usize, fault: Fault) -> Malformed {
        Malformed {
            format,
            offset,
            what: fault.to_string(),
            fault: Some(Box::new(fault)),
        }
    }
}

/// What is wrong in a record file, as a typed value: `Display` is the English of
/// [`Malformed::what`]; other languages word the variant.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    /// A CBR image's fault.
    #[error("{0}")]
    Cbr(crate::cbr::CbrFault),
    /// A start position that does not read (`field`: the format's name for it, `fen` in
    /// DhtmlXQ, `FEN` in CBF).
    #[error("bad {field} '{fen}': {error}")]
    Fen {
        /// The format's name of the field.
        field: &'static str,
        /// The FEN as written.
        fen: String,
        /// Why it does not read.
        error: xiangqi::FenError,
    },
    /// DhtmlXQ `binit` does not hold 64 digits (it holds this many).
    #[error("binit has {0} digits, 64 expected")]
    BinitLength(usize),
    /// A DhtmlXQ `binit` point (column, row digits) off the board.
    #[error("binit point {0}{1} is off the board")]
    BinitOffBoard(u8, u8),
    /// DhtmlXQ `binit` puts two pieces on a point.
    #[error("binit puts two pieces on {0}")]
    BinitTwice(Square),
    /// A DhtmlXQ move list ends inside a move (4 digits a ply).
    #[error("move cut off (4 digits a ply)")]
    MoveCut,
    /// A DhtmlXQ move (its 4 digits) names a point off the board.
    #[error("move {0} names a point off the board")]
    MoveOffBoard(String),
    /// A CBF file is not well-formed XML (the XML reader's English).
    #[error("XML: {0}")]
    Xml(String),
    /// A CBF move value that is not `XY-XY` on the board.
    #[error("move value '{0}' is not XY-XY on the board")]
    MoveValue(String),
    /// A CBF file without its `ChineseChessRecord` element.
    #[error("no ChineseChessRecord element")]
    NoRecordElement,
    /// A WXF file without its `START{ … }END` block of moves.
    #[error("no START{{ … }}END block of moves")]
    NoMoveBlock,
    /// A WXF block of moves `START{` not closed by `}END`.
    #[error("the block of moves START{{ is not closed by }}END")]
    MoveBlockOpen,
    /// A CBL file without its `CCBridgeLibrary` magic.
    #[error("no 'CCBridgeLibrary' magic")]
    NoLibraryMagic,
    /// A CBL header cut off.
    #[error("header cut off")]
    HeaderCut,
    /// A CBL index capacity of 0 or over the cap.
    #[error("index capacity {0} out of range")]
    Capacity(usize),
    /// A CBL file that ends before its first record slot (at this offset).
    #[error("file ends before the first record slot at {0}")]
    NoFirstSlot(usize),
}

/// The point of a board numbered from the top-left as Red sees it (`row` 0 = Black's back
/// rank, `col` 0 = file a): file `col`, rank `9 − row`.
pub fn point(col: usize, row: usize) -> Option<Square> {
    if col > 8 || row > 9 {
        return None;
    }
    Square::new(col as i32, 9 - row as i32)
}

/// The point of an index `row·9 + col` (0–89) of such a board.
pub fn index_point(i: usize) -> Option<Square> {
    if i > 89 {
        return None;
    }
    point(i % 9, i / 9)
}

/// ChessBridge piece byte: 0x11–0x17 red rook, knight, elephant, advisor, king, cannon,
/// pawn; 0x21–0x27 the same for black.
pub fn cb_piece(b: u8) -> Option<Piece> {
    let color = match b >> 4 {
        1 => Color::Red,
        2 => Color::Black,
        _ => return None,
    };
    let kind = match b & 0x0F {
        1 => PieceKind::Chariot,
        2 => PieceKind::Horse,
        3 => PieceKind::Elephant,
        4 => PieceKind::Advisor,
        5 => PieceKind::General,
        6 => PieceKind::Cannon,
        7 => PieceKind::Soldier,
        _ => return None,
    };
    Some(Piece::new(color, kind))
}

/// A result code 0 unknown, 1 red wins, 2 black wins, 3 (or 4) draw.
pub fn result_code(code: u32) -> &'static str {
    match code {
        1 => "1-0",
        2 => "0-1",
        3 | 4 => "1/2-1/2",
        _ => "*",
    }
}
