//! `perft`: leaf counts of the legal move tree (both games).

use super::{detect_game, parse_xiangqi_fen};
use crate::chess;
use crate::report::{Error, PerftReport};
use crate::types::Game;

/// Counts the leaves of the legal move tree `depth` plies deep (both games; `fen` `None` = the
/// start position of `game`, xiangqi by default). With `divide`, also per first move.
///
/// # Errors
/// [`Error::Input`] for a bad FEN.
///
/// ```
/// assert_eq!(arbiter::perft(None, 3, false, None).unwrap().nodes, 79_666);
/// ```
pub fn perft(fen: Option<&str>, depth: u32, divide: bool, game: Option<Game>) -> Result<PerftReport, Error> {
    let game = game.unwrap_or_else(|| detect_game(fen, None));
    if game == Game::Chess {
        use shakmaty::Position as _;
        let fen = fen.unwrap_or("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let pos = chess::parse_fen(fen)?;
        if divide && depth > 0 {
            let mut per_move = Vec::new();
            for m in pos.legal_moves() {
                let mut next = pos.clone();
                next.play_unchecked(m);
                let n = shakmaty::perft(&next, depth - 1);
                let u = shakmaty::uci::UciMove::from_move(m, shakmaty::CastlingMode::Standard).to_string();
                per_move.push((u, n));
            }
            return Ok(PerftReport {
                game,
                depth,
                nodes: per_move.iter().map(|(_, n)| n).sum(),
                divide: Some(per_move),
            });
        }
        return Ok(PerftReport {
            game,
            depth,
            nodes: shakmaty::perft(&pos, depth),
            divide: None,
        });
    }
    let mut pos = parse_xiangqi_fen(fen)?;
    if divide {
        let d = xiangqi::perft_divide(&mut pos, depth);
        let nodes = if depth == 0 {
            1
        } else {
            d.iter().map(|(_, n)| n).sum()
        };
        Ok(PerftReport {
            game,
            depth,
            nodes,
            divide: Some(d.iter().map(|(m, n)| (m.to_string(), *n)).collect()),
        })
    } else {
        Ok(PerftReport {
            game,
            depth,
            nodes: xiangqi::perft(&mut pos, depth),
            divide: None,
        })
    }
}
