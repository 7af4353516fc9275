//! The reports of the front door ([`crate::judge_bytes`] and friends), shared by both games.
//!
//! Each report's serde form is one line of the JSON contract (docs/cli.md):
//! `serde_json::to_string(&report)` writes exactly what `arbiter … --json` prints for it.
//! Each also has a `text()` for people, the report `arbiter` prints without `--json`, and the
//! HTTP answer's `text_json`: those methods live with the other words, in [`crate::render`]
//! (which reads these types; this module does not use it).
//!
//! One module per report: `game` (a judged game of either game, or one that could not be
//! judged), `cycle`, `classify`, `claim`, `dead`, `perft`; `error` holds why a request could
//! not be answered. Each report's hand-written `Serialize` sits beside its type.

mod claim;
mod classify;
mod cycle;
mod dead;
mod error;
mod game;
mod perft;

pub use claim::ClaimReport;
pub use classify::ClassifyReport;
pub use cycle::CycleReport;
pub use dead::DeadAnswer;
pub use error::{Cause, Error, Usage};
pub(crate) use game::ReaderLine;
pub use game::{ChessGameReport, GameError, GameReport, Players, XiangqiGameReport};
pub use perft::PerftReport;

use crate::chess;
use crate::types::{Game, RuleBook};
use crate::xiangqi::rules::RuleSet;
use xiangqi::Position;

impl Game {
    /// Why `fen` cannot be read as a position of this game, naming the rank or field and the
    /// character; `None` when it reads. (The CLI checks a `--fen` with it: a typo there is a
    /// usage error, exit code 2.)
    ///
    /// ```
    /// use arbiter::Game;
    /// assert_eq!(Game::Xiangqi.fen_error("4k4/9/5R3/9/9/4P4/9/9/9/4K4 w"), None);
    /// let e = Game::Chess.fen_error("8/8/8/3bX3/8/8/8/2B1K3 w - - 0 1").unwrap();
    /// assert!(e.contains("rank 5 ('3bX3'), character 3: 'X'"), "{e}");
    /// ```
    pub fn fen_error(self, fen: &str) -> Option<String> {
        match self.fen_usage(fen)? {
            Usage::StartPosition { reason, .. } => Some(reason),
            other => Some(other.to_string()),
        }
    }

    /// [`Game::fen_error`] as the usage error [`Usage::StartPosition`], with its typed cause
    /// (for its words in other languages).
    pub fn fen_usage(self, fen: &str) -> Option<Usage> {
        let (reason, cause) = match self {
            Game::Chess => {
                let e = chess::parse_fen(fen).err()?;
                (e.to_string(), Cause::Chess(e))
            }
            Game::Xiangqi => {
                let e = Position::from_fen(fen).err()?;
                (
                    format!("invalid xiangqi FEN '{fen}': {e}"),
                    Cause::XiangqiFen {
                        fen: fen.to_string(),
                        error: e,
                    },
                )
            }
        };
        Some(Usage::StartPosition {
            reason,
            cause: Some(Box::new(cause)),
        })
    }
}

impl From<records::GameKind> for Game {
    fn from(kind: records::GameKind) -> Game {
        match kind {
            records::GameKind::Xiangqi => Game::Xiangqi,
            records::GameKind::Chess => Game::Chess,
        }
    }
}

impl From<Game> for records::GameKind {
    fn from(game: Game) -> records::GameKind {
        match game {
            Game::Xiangqi => records::GameKind::Xiangqi,
            Game::Chess => records::GameKind::Chess,
        }
    }
}

impl RuleBook {
    /// The xiangqi rule set named by `rules`: TW113 for `Some(Tw113)`, AXF otherwise (the
    /// default; `fide` names no xiangqi rules).
    pub fn xiangqi(rules: Option<RuleBook>) -> RuleSet {
        match rules {
            Some(RuleBook::Tw113) => RuleSet::tw113(),
            _ => RuleSet::axf(),
        }
    }

    /// [`Usage::RulesOfOtherGame`] when `rules` names a rule book of the other game than
    /// `game`.
    pub fn mismatch(rules: Option<RuleBook>, game: Game) -> Option<Usage> {
        rules
            .filter(|r| r.game() != game)
            .map(|rules| Usage::RulesOfOtherGame { rules, game })
    }
}
