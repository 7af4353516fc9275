//! One file per subcommand. Each reads its arguments, calls the library's front door
//! (`arbiter::judge_bytes`, `arbiter::cycle`, …) and hands the reports to the [`Emitter`];
//! none calls another.
//!
//! [`Emitter`]: crate::output::Emitter

pub mod claim;
pub mod classify;
pub mod cycle;
pub mod dead;
pub mod judge;
pub mod perft;
pub mod proxy;
pub mod rescore;
pub mod rules;

use crate::UsageError;

/// A `--fen` that cannot be read as a position of `game` is a usage error (exit code 2), said
/// as `--fen: WHY`, before anything is judged.
pub fn check_fen(fen: Option<&str>, game: arbiter::Game) -> Result<(), UsageError> {
    match fen.and_then(|f| game.fen_usage(f)) {
        Some(u) => Err(UsageError(usage_message(&u))),
        None => Ok(()),
    }
}

/// A library error as the CLI's error: a usage error (exit code 2) or an input error (exit
/// code 1).
pub fn cli_error(e: arbiter::Error) -> anyhow::Error {
    match e {
        arbiter::Error::Usage(u) => UsageError(usage_message(&u)).into(),
        e => anyhow::Error::new(e),
    }
}

/// A library usage error in the CLI's words: the library describes the input, the CLI names
/// the flag to change (`--rules`, `--kind`, `--fen`, `--limit`, `--at-ply`).
pub fn usage_message(u: &arbiter::Usage) -> String {
    use arbiter::{Game, Usage};
    let lang = crate::output::lang();
    if lang.is_chinese() {
        // In Chinese the library's words, which describe the input (no flag is named).
        return arbiter::render::errors::usage(u, lang);
    }
    match u {
        Usage::RulesOfOtherGame {
            game: Game::Chess, ..
        } => "--rules axf/tw113 are xiangqi rule sets; chess games are judged under fide".into(),
        Usage::RulesOfOtherGame {
            game: Game::Xiangqi, ..
        } => "--rules fide is the chess rule set; xiangqi games are judged under axf".into(),
        Usage::StartPosition { reason, .. } => format!("--fen: {reason}"),
        Usage::CycleOfChess | Usage::ClassifyOfChess | Usage::Word(_) => u.to_string(),
        Usage::CycleWithoutMoves => "no moves given (--moves): a cycle needs at least one loop".into(),
        Usage::NoCycles => "--cycles must be 1 or more (completed repetition loops)".into(),
        Usage::CyclesWithMatch => "--match sets its own cycles: give --match or --cycles, not both".into(),
        Usage::ClassifyUnderFide => "classify judges xiangqi moves: --rules axf|tw113".into(),
        Usage::ChessClaimOnXiangqiRecord { file } => format!(
            "{file} holds a xiangqi game: its draw claim is --kind natural_move_limit (threefold and \
             fifty_moves are chess claims; repetitions are judged by `judge`)"
        ),
        Usage::XiangqiClaimOnChessRecord { file } => format!(
            "{file} holds a chess game: claim --kind threefold or fifty_moves (natural_move_limit is a \
             xiangqi claim)"
        ),
        Usage::ChessClaimOnXiangqi => {
            "xiangqi has one draw claim: --kind natural_move_limit (repetitions are judged by `judge`)".into()
        }
        Usage::XiangqiClaimOnChess => {
            "--kind natural_move_limit is a xiangqi claim; chess has threefold and fifty_moves".into()
        }
        Usage::NaturalMoveLimitUnderFide => {
            "the natural move limit is a xiangqi claim: --rules axf|tw113".into()
        }
        Usage::IntendedMoveOnXiangqiClaim => "--intended-move belongs to a chess claim (--kind threefold \
             or fifty_moves); the natural move limit is claimed without one"
            .into(),
        Usage::TimeControlOnXiangqiClaim => "--time-control sets the penalty of a chess claim; the \
             natural move limit's penalty is the rule book's own"
            .into(),
        Usage::LimitOnChessClaim { moves } => format!(
            "--limit {moves}: the natural move limit is a xiangqi rule; a chess claim (--kind \
             threefold or fifty_moves) counts the fifty moves of the FIDE Laws"
        ),
        Usage::NoSuchLimit {
            moves,
            rules,
            book_moves,
            alternative,
        } => format!(
            "--limit {moves}: {rules} has the {book_moves}-move limit{}",
            if *alternative {
                " and the alternative 40-move limit"
            } else {
                " only"
            }
        ),
        Usage::PlyBeyondEnd { at_ply, plies } => {
            format!("--at-ply {at_ply} is beyond the {plies} plies played")
        }
    }
}

/// The refusal of a record file given together with a position (`--fen`/`--moves`): which one
/// is meant cannot be guessed (judge, claim).
pub fn files_and_position() -> UsageError {
    UsageError(crate::output::say(
        "give either FILE... or --fen/--moves, not both",
        "請給 FILE... 或 --fen/--moves，不能兩者都給",
        "请给 FILE... 或 --fen/--moves，不能两者都给",
    ))
}
