//! A game judged as it is played, for either game: one move pushed at a time (any notation the
//! record readers take), the report of the game so far after each. Over the incremental
//! referee of each game ([`crate::xiangqi::referee::Referee`], [`crate::chess::Referee`]).
//!
//! ```
//! use arbiter::live::Referee;
//! let options = arbiter::Options { rules: Some(arbiter::RuleBook::Tw113), ..Default::default() };
//! let mut r = Referee::new(Some("4k4/9/5R3/9/9/4P4/9/9/9/4K4 w"), &options).unwrap();
//! for m in "f7e7 e9f9 e7f7 f9e9 ".repeat(3).split_whitespace() {
//!     r.push(m).unwrap();
//! }
//! // TW113 example 1: Red checks on every move and must vary.
//! let v = serde_json::to_value(r.report()).unwrap();
//! assert_eq!((v["status"].as_str(), v["reason"].as_str(), v["must_vary"].as_str()), (Some("pending"), Some("perpetual_check"), Some("red")));
//! let played = serde_json::to_value(r.push("f7e7").unwrap()).unwrap();
//! assert_eq!(played["kinds"][0], "check");
//! ```

use crate::chess;
use crate::citation::{ClauseId, Clauses};
use crate::front::Options;
use crate::report::{Cause, ChessGameReport, Error, GameReport, Usage, XiangqiGameReport};
use crate::types::{Game, Outcome, RuleBook, Side};
use serde::Serialize;

/// A game in progress, of either game.
pub enum Referee {
    /// Xiangqi under AXF or TW113.
    Xiangqi {
        /// The incremental referee.
        referee: Box<crate::xiangqi::referee::Referee>,
        /// Completed repetition loops that make a repetition pending (for the report).
        cycles: u32,
        /// The engine-match convention: a pending verdict is reported as decided.
        engine_match: bool,
    },
    /// Chess under the FIDE Laws.
    Chess {
        /// The incremental referee.
        referee: Box<chess::Referee>,
    },
}

/// A move just played, as read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    /// A xiangqi move (ICCS when displayed).
    Xiangqi(xiangqi::Move),
    /// A chess move.
    Chess(shakmaty::Move),
}

impl Move {
    /// The move in ICCS (xiangqi) or UCI (chess).
    pub fn coordinates(&self) -> String {
        match self {
            Move::Xiangqi(m) => m.to_string(),
            Move::Chess(m) => {
                shakmaty::uci::UciMove::from_move(*m, shakmaty::CastlingMode::Standard).to_string()
            }
        }
    }
}

/// A move just played with what it is: `{"move","kinds","chases"}` (xiangqi: ICCS, the move's
/// kinds and the chases it makes under the game's rule set) or `{"move","san"}` (chess: UCI
/// and SAN).
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum Played {
    /// Xiangqi.
    Xiangqi {
        /// ICCS.
        #[serde(rename = "move")]
        mv: String,
        /// Its kinds (`check`, `chase`, `idle`, …), as [`crate::xiangqi::facts::MoveFacts::kinds`].
        kinds: Vec<&'static str>,
        /// The chases it makes.
        chases: Vec<crate::xiangqi::facts::Chase>,
    },
    /// Chess.
    Chess {
        /// UCI.
        #[serde(rename = "move")]
        mv: String,
        /// SAN, with `+`/`#`.
        san: String,
    },
}

/// A flag fall judged ([`Referee::flag`]): `{"flagged","result","clause","opponent_can_mate"}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct FlagVerdict {
    /// The side whose flag fell.
    pub flagged: Side,
    /// The result it gives.
    pub result: Outcome,
    /// `"FIDE 6.9"` for chess; `null` for xiangqi.
    pub clause: Option<Clauses>,
    /// Chess: whether the opponent could still mate by some legal sequence (`false` makes the
    /// flag fall a draw); `null` for xiangqi.
    pub opponent_can_mate: Option<bool>,
}

/// A move that could not be played: `{"error","ply","move"}`; the game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{error}")]
pub struct MoveError {
    /// What is wrong with the move.
    pub error: String,
    /// The ply the move would have made (1-based).
    pub ply: usize,
    /// The move as given.
    #[serde(rename = "move")]
    pub mv: String,
    /// Why, as a typed value (for its words in other languages).
    #[serde(skip)]
    pub cause: Option<Box<crate::report::Cause>>,
}

impl Referee {
    /// Starts a game from `fen` (`None`: the standard start) as `options` say: of
    /// `options.game` (`None`: chess when the rules are `fide` and no FEN is given, else as
    /// [`crate::detect_game`] tells from the FEN), under `options.rules` (`None`: AXF or
    /// FIDE), with its cycles ([`Options::xiangqi_cycles`]), dead-position check and
    /// engine-match convention (a pending xiangqi verdict reported as decided, chess ended at a
    /// threefold or fifty-move condition). Explanations and the budget are not used.
    ///
    /// # Errors
    /// [`Error::Usage`] for `cycles` 0 or rules of the other game; [`Error::Input`] for a FEN
    /// that does not read.
    pub fn new(fen: Option<&str>, options: &Options) -> Result<Referee, Error> {
        if options.cycles == 0 {
            return Err(Error::Usage(Usage::NoCycles));
        }
        let rules = options.rules;
        let game = options.game.unwrap_or_else(|| match (fen, rules) {
            (None, Some(RuleBook::Fide)) => Game::Chess,
            _ => crate::detect_game(fen, None),
        });
        if let Some(u) = RuleBook::mismatch(rules, game) {
            return Err(Error::Usage(u));
        }
        match game {
            Game::Xiangqi => {
                let start = match fen {
                    None => xiangqi::Position::startpos(),
                    Some(f) => xiangqi::Position::from_fen(f).map_err(|e| Error::xiangqi_fen(f, e))?,
                };
                let cycles = options.xiangqi_cycles();
                // Under the match convention a live game's pending verdict is reported final
                // (`report`) but the referee plays on: the proxy asks which of the next moves
                // the rules would forbid.
                let referee = crate::xiangqi::referee::Referee::new(RuleBook::xiangqi(rules), start, cycles);
                Ok(Referee::Xiangqi {
                    referee: Box::new(referee),
                    cycles,
                    engine_match: options.engine_match,
                })
            }
            Game::Chess => {
                let start = match fen {
                    None => shakmaty::Chess::default(),
                    Some(f) => chess::parse_fen(f)?,
                };
                let options = options.chess_options();
                Ok(Referee::Chess {
                    referee: Box::new(chess::Referee::with_options(
                        chess::Fide::default(),
                        start,
                        options,
                    )),
                })
            }
        }
    }

    /// The game.
    pub fn game(&self) -> Game {
        match self {
            Referee::Xiangqi { .. } => Game::Xiangqi,
            Referee::Chess { .. } => Game::Chess,
        }
    }

    /// Moves played (plies).
    pub fn plies(&self) -> usize {
        match self {
            Referee::Xiangqi { referee, .. } => referee.plies(),
            Referee::Chess { referee } => referee.plies(),
        }
    }

    /// The legal moves that, played now, would make the side to move the one that must vary
    /// ([`crate::xiangqi::referee::Referee::forbidden_moves`]), in ICCS; `None` for chess,
    /// where no move is forbidden: a repetition is a draw (FIDE 9.2, 9.6.1), never a loss.
    pub fn forbidden(&self) -> Option<Vec<xiangqi::Move>> {
        match self {
            Referee::Xiangqi { referee, .. } => Some(referee.forbidden_moves()),
            Referee::Chess { .. } => None,
        }
    }

    /// [`Referee::forbidden`], each move with the reason and clause that forbid it
    /// ([`crate::xiangqi::referee::Referee::forbidden`]); `None` for chess.
    pub fn forbidden_why(&self) -> Option<Vec<crate::xiangqi::referee::Forbidden>> {
        match self {
            Referee::Xiangqi { referee, .. } => Some(referee.forbidden()),
            Referee::Chess { .. } => None,
        }
    }

    /// The moves that concede a repetition: the opponent could then complete it with the side
    /// to move the one that must vary ([`crate::xiangqi::referee::Referee::conceding`]); what
    /// must be avoided besides [`Referee::forbidden`] where the first pending verdict ends the
    /// game (the engine-match convention). `None` for chess.
    pub fn conceding(&self) -> Option<Vec<crate::xiangqi::referee::Forbidden>> {
        match self {
            Referee::Xiangqi { referee, .. } => Some(referee.conceding()),
            Referee::Chess { .. } => None,
        }
    }

    /// Whether the engine-match convention is on (a pending xiangqi verdict final; chess ended
    /// at a threefold repetition or the fifty-move condition).
    pub fn engine_match(&self) -> bool {
        match self {
            Referee::Xiangqi { engine_match, .. } => *engine_match,
            Referee::Chess { referee } => referee.options().engine_match,
        }
    }

    /// The current position of a xiangqi game; `None` for chess.
    pub fn xiangqi_position(&self) -> Option<&xiangqi::Position> {
        match self {
            Referee::Xiangqi { referee, .. } => Some(referee.position()),
            Referee::Chess { .. } => None,
        }
    }

    /// The side to move.
    pub fn to_move(&self) -> Side {
        match self {
            Referee::Xiangqi { referee, .. } => referee.position().side_to_move().into(),
            Referee::Chess { referee } => shakmaty::Position::turn(referee.position()).into(),
        }
    }

    /// A flag fall of `flagged` (`None`: the side to move) now. Chess, FIDE 6.9: a loss,
    /// unless the opponent cannot checkmate by any possible series of legal moves (then a
    /// draw). Xiangqi: a loss (the repetition rules have nothing to say of time).
    pub fn flag(&self, flagged: Option<Side>) -> FlagVerdict {
        let flagged = flagged.unwrap_or_else(|| self.to_move());
        match self {
            Referee::Xiangqi { .. } => FlagVerdict {
                flagged,
                result: Outcome::loss_for(flagged),
                clause: None,
                opponent_can_mate: None,
            },
            Referee::Chess { referee } => {
                let winner = if flagged.is_first() {
                    shakmaty::Color::Black
                } else {
                    shakmaty::Color::White
                };
                let can = chess::can_mate(referee.position(), winner) != chess::Mateability::CannotMate;
                FlagVerdict {
                    flagged,
                    result: if can {
                        Outcome::loss_for(flagged)
                    } else {
                        Outcome::Draw
                    },
                    clause: Some(Clauses::fide(&[ClauseId::Article("6.9")])),
                    opponent_can_mate: Some(can),
                }
            }
        }
    }

    /// The report of the game so far: what `judge` gives for these moves from this start
    /// (file `-`, index 0).
    pub fn report(&self) -> GameReport {
        match self {
            Referee::Xiangqi {
                referee,
                cycles,
                engine_match,
            } => {
                let mut r = XiangqiGameReport::from_referee("-", 0, referee, *cycles, false, 0);
                if *engine_match {
                    r.final_under_match();
                }
                GameReport::Xiangqi(Box::new(r))
            }
            Referee::Chess { referee } => GameReport::Chess(Box::new(ChessGameReport {
                file: "-".into(),
                index: 0,
                from_position: true,
                report: referee.report(),
                truncated: false,
                warnings: Vec::new(),
                san: chess::san_line(referee.start(), referee.moves()),
                players: Default::default(),
            })),
        }
    }

    /// Plays `text` (xiangqi: ICCS, WXF or Chinese; chess: SAN or UCI).
    ///
    /// # Errors
    /// A move that does not read or is illegal; the game is unchanged.
    pub fn play(&mut self, text: &str) -> Result<Move, MoveError> {
        self.play_as(text, xiangqi::notation::Reading::Any)
    }

    /// [`Referee::play`], reading a xiangqi move as `reading` says where its text fits more
    /// than one notation (`h3e3`: ICCS, or ranks 1–10 as Fairy-Stockfish writes it, ICCS
    /// `h2e2`); chess moves as [`Referee::play`].
    ///
    /// # Errors
    /// As [`Referee::play`].
    pub fn play_as(&mut self, text: &str, reading: xiangqi::notation::Reading) -> Result<Move, MoveError> {
        let ply = self.plies() + 1;
        let bad = |error: String, cause: Cause| MoveError {
            error,
            ply,
            mv: text.to_string(),
            cause: Some(Box::new(cause)),
        };
        match self {
            Referee::Xiangqi { referee, .. } => {
                let mv = xiangqi::notation::parse_move_as(referee.position(), text, reading)
                    .map_err(|e| bad(e.to_string(), Cause::Notation(e)))?
                    .mv;
                // parse_move returns only legal moves (an ICCS move the position does not
                // allow is NotationError::Illegal): the referee's own legality test is skipped.
                referee.push_legal(mv);
                Ok(Move::Xiangqi(mv))
            }
            Referee::Chess { referee } => referee
                .push_text(text)
                .map(Move::Chess)
                .map_err(|e| bad(e.to_string(), Cause::Chess(e))),
        }
    }

    /// [`Referee::play`], and what the move is ([`Played`]).
    ///
    /// # Errors
    /// As [`Referee::play`].
    pub fn push(&mut self, text: &str) -> Result<Played, MoveError> {
        match self {
            Referee::Xiangqi { referee, .. } => {
                let before = referee.position().clone();
                let rules = referee.rules().clone();
                let Move::Xiangqi(mv) = self.play(text)? else {
                    unreachable!("a xiangqi referee plays xiangqi moves")
                };
                let f = crate::xiangqi::facts::classify(&before, mv, &rules);
                Ok(Played::Xiangqi {
                    mv: mv.to_string(),
                    kinds: f.kinds(),
                    chases: f.chases,
                })
            }
            Referee::Chess { referee } => {
                let before = referee.position().clone();
                let played = self.play(text)?;
                let Move::Chess(m) = played else {
                    unreachable!("a chess referee plays chess moves")
                };
                Ok(Played::Chess {
                    mv: played.coordinates(),
                    san: shakmaty::san::SanPlus::from_move(before, m).to_string(),
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(game: Option<Game>, rules: Option<RuleBook>, cycles: u32) -> Options {
        Options {
            game,
            rules,
            cycles,
            ..Options::default()
        }
    }

    /// The report after each push equals the report of judging the same moves at once.
    #[test]
    fn report_equals_judge_position() {
        let cases = [
            (None, None, "h2e2 h9g7 h0g2 i9h9"),
            (
                Some("4k4/9/5R3/9/9/4P4/9/9/9/4K4 w"),
                Some(RuleBook::Tw113),
                "f7e7 e9f9 e7f7 f9e9 f7e7 e9f9 e7f7 f9e9 f7e7 e9f9 e7f7 f9e9",
            ),
            (None, Some(RuleBook::Fide), "Nf3 Nf6 Ng1 Ng8 g1f3 g8f6 f3g1 f6g8"),
        ];
        for (fen, rules, moves) in cases {
            let options = crate::Options {
                rules,
                ..Default::default()
            };
            let mut r = Referee::new(fen, &options).unwrap();
            for m in moves.split_whitespace() {
                r.push(m).unwrap();
            }
            let at_once = crate::judge_position(fen, moves, &options).unwrap();
            assert_eq!(
                serde_json::to_string(&r.report()).unwrap(),
                serde_json::to_string(&at_once).unwrap(),
                "{moves}"
            );
        }
    }

    #[test]
    fn a_bad_move_leaves_the_game_unchanged() {
        let mut r = Referee::new(None, &with(Some(Game::Chess), None, 3)).unwrap();
        r.push("e4").unwrap();
        let e = r.push("Ke3").unwrap_err();
        assert_eq!((e.ply, e.mv.as_str()), (2, "Ke3"));
        assert_eq!(r.plies(), 1);
        let played = serde_json::to_value(r.push("e5").unwrap()).unwrap();
        assert_eq!(played, serde_json::json!({"move": "e7e5", "san": "e5"}));
        let mut x = Referee::new(None, &Options::default()).unwrap();
        let e = x.play("a0a5").unwrap_err(); // the rook is blocked by its own pawn on a3
        assert_eq!((e.ply, x.plies()), (1, 0));
    }

    /// Red checks on every move (TW113 example 1). With two cycles counted, after six plies
    /// Red's check e7f7 is not forbidden itself, but Black's f9e9 would then bring the third
    /// occurrence with Red at fault: e7f7 concedes it.
    #[test]
    fn conceding_moves_name_the_reply_that_completes_the_repetition() {
        let options = crate::Options {
            engine_match: true,
            ..Default::default()
        };
        let mut r = Referee::new(Some("4k4/9/5R3/9/9/4P4/9/9/9/4K4 w"), &options).unwrap();
        for m in "f7e7 e9f9 e7f7 f9e9 f7e7 e9f9".split_whitespace() {
            r.play(m).unwrap();
        }
        assert_eq!(r.forbidden(), Some(vec![]));
        let c = r.conceding().unwrap();
        let shown: Vec<_> = c
            .iter()
            .map(|f| (f.mv.to_string(), f.reply.map(|m| m.to_string())))
            .collect();
        assert_eq!(shown, [("e7f7".to_string(), Some("f9e9".to_string()))]);
        assert_eq!(
            c[0].clause.as_ref().map(ToString::to_string).as_deref(),
            Some("AXF detailed rule 1")
        );
        r.play("e7f7").unwrap();
        r.play("f9e9").unwrap();
        let v = serde_json::to_value(r.report()).unwrap();
        assert_eq!(
            (v["status"].as_str(), v["must_vary"].as_str()),
            (Some("decided"), Some("red"))
        );
        // Chess: nothing.
        let chess = Referee::new(None, &with(Some(Game::Chess), None, 3)).unwrap();
        assert!(chess.conceding().is_none());
    }

    #[test]
    fn bad_starts_are_errors() {
        assert!(matches!(
            Referee::new(None, &with(None, None, 0)),
            Err(Error::Usage(_))
        ));
        assert!(matches!(
            Referee::new(None, &with(Some(Game::Xiangqi), Some(RuleBook::Fide), 3)),
            Err(Error::Usage(_))
        ));
        let e = Referee::new(Some("9/9 w"), &with(Some(Game::Xiangqi), None, 3)).err();
        assert!(matches!(e, Some(Error::Input { ply: None, .. })), "{e:?}");
    }
}
