//! Why a request could not be answered: [`Error`] (a usage error or an input error) and the
//! typed [`Cause`] of an input error.

use crate::chess;
use crate::types::{Game, RuleBook};
use serde::{Serialize, Serializer};
use serde_json::json;

/// Why a request could not be answered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// The request does not fit (a chess FEN for a xiangqi-only question, rules of the other
    /// game, a ply beyond the record): the caller must change it. The CLI exits with code 2.
    #[error("{0}")]
    Usage(Usage),
    /// The input could not be judged (a bad FEN, an illegal move, an unreadable record):
    /// `message` says what, where and why; `ply` is set when the failure is at a move
    /// (1-based: the ply the move would have produced). The CLI exits with code 1.
    #[error("{message}")]
    Input {
        /// What went wrong, where and why.
        message: String,
        /// The ply of the failing move, when there is one.
        ply: Option<usize>,
        /// What went wrong as a typed value, for its words in other languages.
        cause: Option<Box<Cause>>,
    },
}

/// A request that does not fit its question, said in terms of the input (a shell may add
/// which of its own options to change: the CLI names its flags).
///
/// Its `Display` (English) and its words in other languages are
/// [`crate::render::errors::usage`]'s.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Usage {
    /// A rule book of the other game than the one judged (the game is judged under its own
    /// default: `axf` for xiangqi, `fide` for chess).
    RulesOfOtherGame {
        /// The rule book asked for.
        rules: RuleBook,
        /// The game judged.
        game: Game,
    },
    /// The start position cannot be read as a position of the game judged.
    StartPosition {
        /// Why, naming the rank or field and the character.
        reason: String,
        /// Why, as a typed value (for its words in other languages).
        cause: Option<Box<Cause>>,
    },
    /// `cycle` was given a chess FEN.
    CycleOfChess,
    /// `cycle` was given no moves.
    CycleWithoutMoves,
    /// `classify` was given a chess FEN.
    ClassifyOfChess,
    /// `classify` was asked under `fide`.
    ClassifyUnderFide,
    /// A chess claim (threefold, fifty moves) on the xiangqi game of a record file.
    ChessClaimOnXiangqiRecord {
        /// The file label.
        file: String,
    },
    /// The natural-move-limit claim on the chess game of a record file.
    XiangqiClaimOnChessRecord {
        /// The file label.
        file: String,
    },
    /// A chess claim on a xiangqi position.
    ChessClaimOnXiangqi,
    /// The natural-move-limit claim on a chess position.
    XiangqiClaimOnChess,
    /// The natural-move-limit claim under `fide`.
    NaturalMoveLimitUnderFide,
    /// An intended move given with the natural-move-limit claim (a chess claim's, FIDE 9.2.1.1).
    IntendedMoveOnXiangqiClaim,
    /// A time control given with the natural-move-limit claim (it sets a chess claim's penalty).
    TimeControlOnXiangqiClaim,
    /// A natural move limit given with a chess claim (FIDE 9.3 counts fifty moves, fixed).
    LimitOnChessClaim {
        /// The limit asked for, in moves.
        moves: u32,
    },
    /// A natural move limit, in moves, that the rule book does not have.
    NoSuchLimit {
        /// The limit asked for, in moves.
        moves: u32,
        /// The rule book.
        rules: RuleBook,
        /// The book's limit, in moves.
        book_moves: u32,
        /// Whether the book also has the alternative 40-move limit.
        alternative: bool,
    },
    /// An option word that names none of its values (a rule book, game, claim kind, …).
    Word(crate::types::ParseError),
    /// Zero completed repetition loops asked for.
    NoCycles,
    /// A cycle count given with the engine-match convention, which sets its own (a xiangqi
    /// repetition decided at the third occurrence of the position).
    CyclesWithMatch,
    /// A claim at a ply past the end of the moves.
    PlyBeyondEnd {
        /// The ply asked for.
        at_ply: usize,
        /// The plies played.
        plies: usize,
    },
}

impl std::error::Error for Usage {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Usage::Word(e) => Some(e),
            _ => None,
        }
    }
}

impl From<crate::types::ParseError> for Usage {
    fn from(e: crate::types::ParseError) -> Usage {
        Usage::Word(e)
    }
}

impl Error {
    pub(crate) fn input(message: impl Into<String>) -> Error {
        Error::Input {
            message: message.into(),
            ply: None,
            cause: None,
        }
    }

    /// A xiangqi FEN that does not read: `invalid xiangqi FEN 'FEN': WHY`.
    pub(crate) fn xiangqi_fen(fen: &str, e: xiangqi::FenError) -> Error {
        Error::input_because(
            format!("invalid xiangqi FEN '{fen}': {e}"),
            None,
            Cause::XiangqiFen {
                fen: fen.to_string(),
                error: e,
            },
        )
    }

    /// A xiangqi move at `ply` that does not read or is illegal.
    pub(crate) fn notation(e: xiangqi::notation::NotationError, ply: usize) -> Error {
        Error::input_because(e.to_string(), Some(ply), Cause::Notation(e))
    }

    /// An input error with its typed cause.
    pub(crate) fn input_because(message: impl Into<String>, ply: Option<usize>, cause: Cause) -> Error {
        Error::Input {
            message: message.into(),
            ply,
            cause: Some(Box::new(cause)),
        }
    }

    /// The ply named by the error, when the failure is at a move.
    pub fn ply(&self) -> Option<usize> {
        match self {
            Error::Input { ply, .. } => *ply,
            Error::Usage(_) => None,
        }
    }
}

/// `{"error": message, "ply": P}` (`ply` only when known).
impl Serialize for Error {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut v = json!({ "error": self.to_string() });
        if let Some(p) = self.ply() {
            v["ply"] = json!(p);
        }
        v.serialize(s)
    }
}

impl From<chess::ChessError> for Error {
    fn from(e: chess::ChessError) -> Error {
        Error::input_because(e.to_string(), e.ply(), Cause::Chess(e))
    }
}

/// What could not be read or played, as a typed value (the readers' and rules' own error
/// kinds) that [`crate::render::errors`] words in each language; `error` strings keep the
/// English.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cause {
    /// A xiangqi move that does not read, fits no legal move or several, or is illegal.
    Notation(xiangqi::notation::NotationError),
    /// A xiangqi move that is not legal (given as coordinates).
    XiangqiIllegal(xiangqi::IllegalMove),
    /// A xiangqi FEN that does not read (the FEN as given).
    XiangqiFen {
        /// The FEN as given.
        fen: String,
        /// Why.
        error: xiangqi::FenError,
    },
    /// A chess FEN, move or record that could not be read or played.
    Chess(chess::ChessError),
    /// A main-line token that is not a chess move.
    NotChessMove(String),
    /// A record that could not be read (as its reader says).
    Record(records::RecordErrorKind),
    /// No game in the input (`empty`: the input is empty, else it holds no tags, moves or
    /// result).
    NoGame {
        /// The input is empty.
        empty: bool,
    },
    /// A file named `.xqf` without the XQF signature.
    NotXqf,
    /// Moves given as a repetition cycle that are not one.
    Cycle(crate::xiangqi::repetition::CycleError),
    /// A game number (counted from 1) that the record does not hold; `file` `None` for
    /// standard input or a request body.
    NoSuchGame {
        /// The input's name, `None` for standard input or a request body.
        file: Option<String>,
        /// The game's number, counted from 1.
        number: usize,
    },
    /// An input that could not be opened: the system's error kind (`None` when it is not a
    /// system error) and the English reason.
    Unreadable {
        /// The kind of the system error.
        kind: Option<std::io::ErrorKind>,
        /// The English reason, as in `error`.
        reason: String,
        /// Why, when the path was no input from the start (missing, no record files).
        no_input: Option<crate::walk::NoInput>,
    },
}
