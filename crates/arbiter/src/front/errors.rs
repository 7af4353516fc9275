//! Reader and rule errors as error reports and input errors.

use crate::chess;
use crate::report::{Cause, Error, GameError, GameReport, ReaderLine};
use records::RecordError;

/// A record error as an input error (its English line, its kind as the cause).
pub(super) fn record_input_error(e: RecordError) -> Error {
    Error::input_because(e.to_string(), None, Cause::Record(*e.kind))
}

pub(super) fn record_error(file: &str, e: &RecordError) -> GameReport {
    let mut g = GameError::new(file, Some(e.index), e.kind.to_string(), e.ply)
        .because(Cause::Record((*e.kind).clone()));
    g.mv = e.text.as_deref().map(xiangqi::notation::quote);
    g.line = e.line;
    g.text = Some(match &e.file {
        Some(_) => ReaderLine::Whole(e.to_string()),
        None => ReaderLine::AfterInput(e.to_string()),
    });
    GameReport::Error(g)
}

pub(super) fn chess_error(file: &str, index: usize, e: &chess::ChessError) -> GameReport {
    let mut g = GameError::new(file, Some(index), e.to_string(), e.ply()).because(Cause::Chess(e.clone()));
    if let chess::ChessError::IllegalMove { mv, .. } = e {
        g.mv = Some(mv.clone());
    }
    GameReport::Error(g)
}
