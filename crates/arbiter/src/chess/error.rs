//! Errors of the chess side: input that cannot be judged. Never a panic.

/// Why a chess position, move, record or claim could not be judged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChessError {
    /// The FEN could not be parsed or does not describe a legal chess setup.
    #[error("unparsable FEN {fen:?}: {reason}")]
    Fen {
        /// The FEN as given.
        fen: String,
        /// Which field or rank is wrong, and why.
        reason: super::explain::FenReason,
    },
    /// A move that is not legal (or not understood) in the position where it is played.
    /// `ply` is the ply the move would have produced (the 1-based number of the move).
    #[error("illegal move {mv:?} at ply {ply}: {reason}")]
    IllegalMove {
        /// The ply the move would have produced (1 = the first move).
        ply: usize,
        /// The move as written.
        mv: String,
        /// Why it cannot be played.
        reason: super::explain::Illegal,
    },
    /// The PGN text could not be read (the stream's error, as `records` words it).
    #[error("broken PGN: {0}")]
    Pgn(String),
    /// The PGN record is broken (an unterminated comment, an unclosed variation).
    #[error("broken PGN: {0}")]
    Broken(records::pgn::Broken),
    /// A main-line token of the PGN record is not a chess move (SAN).
    #[error("broken PGN: '{token}' at ply {ply} is not a chess move")]
    NotAMove {
        /// The ply the token stands at (1 = the first move).
        ply: usize,
        /// The token as written.
        token: String,
    },
    /// The PGN text holds no game.
    #[error("no game in the PGN text")]
    NoGame,
    /// A claim asked at a ply the record does not reach.
    #[error("ply {ply} is beyond the end of the moves ({})", crate::words::plies(*.plies))]
    PlyOutOfRange {
        /// The ply asked for.
        ply: usize,
        /// The plies the record has.
        plies: usize,
    },
    /// A claim the FIDE Laws do not know (the natural move limit is a xiangqi claim).
    #[error("{0} is not a chess claim (chess has threefold and fifty_moves)")]
    NotAChessClaim(crate::types::ClaimKind),
    /// The intended move written for a claim is not legal for the side to move (FIDE 9.2.1.1,
    /// 9.3.1: the claimant writes a move he is allowed to play).
    #[error(
        "intended move {mv:?} cannot be played by {} at ply {ply}: {reason}",
        if mover.is_white() { "White" } else { "Black" }
    )]
    IllegalIntendedMove {
        /// The ply of the claim (the claimant is the side to move there).
        ply: usize,
        /// The intended move as written.
        mv: String,
        /// Why it cannot be played.
        reason: super::explain::Illegal,
        /// The side to move (the claimant).
        mover: shakmaty::Color,
    },
    /// The judging was stopped by its deadline or cancel flag (see [`crate::Budget`]).
    #[error(transparent)]
    Cancelled(#[from] crate::Cancelled),
}

impl ChessError {
    /// The ply named by the error, when the failure is at a move.
    pub fn ply(&self) -> Option<usize> {
        match self {
            ChessError::IllegalMove { ply, .. } | ChessError::IllegalIntendedMove { ply, .. } => Some(*ply),
            _ => None,
        }
    }
}
