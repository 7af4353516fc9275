//! Command-line arguments of `arbiter` (contract: `shared/spec/cli.md`).

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Which game a position or record belongs to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameKind {
    Xiangqi,
    Chess,
}

/// Rule set: `axf` (Asian Xiangqi Federation), `tw113` (Taiwan 2024 revision), `fide` (chess).
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum RulesArg {
    Axf,
    Tw113,
    Fide,
}

/// Kind of draw claim.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum ClaimKind {
    Threefold,
    FiftyMoves,
    NaturalMoveLimit,
}

/// Time control, for the penalty of an incorrect chess claim (FIDE 9.5.3, A.3, B.2/B.3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum TimeControl {
    #[default]
    Standard,
    Rapid,
    Blitz,
}

#[derive(Parser, Debug)]
#[command(
    name = "arbiter",
    version,
    about = "A referee for repetition, perpetual check, perpetual chase and draws in xiangqi (AXF, TW113) and chess (FIDE)"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Replay game records (or a position and moves) and report what the rules say.
    Judge(JudgeArgs),
    /// Adjudicate one repetition cycle given as a FEN and the moves of one or more loops.
    Cycle(CycleArgs),
    /// Classify one xiangqi move: check, chase (chaser → target), idle, ...
    Classify(ClassifyArgs),
    /// Judge a draw claim (threefold, fifty moves, natural move limit) at a ply.
    Claim(ClaimArgs),
    /// Chess: can each side still mate by any legal sequence (FIDE 5.2.2 dead position)?
    Dead(DeadArgs),
    /// Count the leaves of the legal move tree (xiangqi or chess).
    Perft(PerftArgs),
}

/// A position given on the command line.
#[derive(Args, Debug, Clone)]
pub struct PositionArgs {
    /// Start position as FEN (10 ranks: xiangqi, 8 ranks: chess).
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves from the FEN, separated by spaces (ICCS/WXF/Chinese for xiangqi, UCI/SAN for chess).
    #[arg(long, allow_hyphen_values = true)]
    pub moves: Option<String>,
    /// Override game detection.
    #[arg(long, value_enum)]
    pub game: Option<GameKind>,
}

#[derive(Args, Debug)]
pub struct JudgeArgs {
    /// Record files or directories (`.pgn`, `.xqf`), or `-` for standard input.
    pub files: Vec<String>,
    #[command(flatten)]
    pub pos: PositionArgs,
    /// Rule set (default: axf for xiangqi, fide for chess).
    #[arg(long, value_enum)]
    pub rules: Option<RulesArg>,
    /// Completed cycles that make a xiangqi repetition pending.
    #[arg(long, default_value_t = 3)]
    pub cycles: u32,
    /// One JSON object per game on standard output.
    #[arg(long)]
    pub json: bool,
    /// Also list exempted threats with their clause.
    #[arg(long)]
    pub explain: bool,
    /// Worker threads for batches (default: 1).
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
}

#[derive(Args, Debug)]
pub struct CycleArgs {
    #[command(flatten)]
    pub pos: PositionArgs,
    #[arg(long, value_enum)]
    pub rules: Option<RulesArg>,
    #[arg(long)]
    pub json: bool,
    #[arg(long)]
    pub explain: bool,
}

#[derive(Args, Debug)]
pub struct ClassifyArgs {
    /// Position before the move.
    #[arg(long)]
    pub fen: String,
    /// The move to classify.
    #[arg(long = "move", allow_hyphen_values = true)]
    pub mv: String,
    #[arg(long, value_enum)]
    pub rules: Option<RulesArg>,
    #[arg(long)]
    pub json: bool,
    #[arg(long)]
    pub explain: bool,
}

#[derive(Args, Debug)]
pub struct ClaimArgs {
    /// Kind of claim.
    #[arg(long, value_enum)]
    pub kind: ClaimKind,
    /// A record file (the claim is judged in game `--game N`, default the first).
    pub file: Option<String>,
    /// With FILE: index of the game within the file (0-based). Otherwise `xiangqi` or `chess`
    /// to override game detection from the FEN.
    #[arg(long)]
    pub game: Option<String>,
    /// Start position as FEN.
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves from the FEN, separated by spaces.
    #[arg(long, allow_hyphen_values = true)]
    pub moves: Option<String>,
    #[arg(long, value_enum)]
    pub rules: Option<RulesArg>,
    /// Ply at which the claim is made (default: after the last move).
    #[arg(long)]
    pub at_ply: Option<usize>,
    /// The move the claimant writes down and intends to play.
    #[arg(long, allow_hyphen_values = true)]
    pub intended_move: Option<String>,
    #[arg(long, value_enum, default_value_t = TimeControl::Standard)]
    pub time_control: TimeControl,
    /// TW113 alternative 40-move limit instead of 100 plies.
    #[arg(long)]
    pub limit: Option<u32>,
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct DeadArgs {
    #[arg(long)]
    pub fen: Option<String>,
    /// One FEN per line (blank and `#` lines skipped).
    #[arg(long)]
    pub fen_file: Option<String>,
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct PerftArgs {
    #[arg(long)]
    pub fen: Option<String>,
    #[arg(long)]
    pub depth: u32,
    /// Also count per first move.
    #[arg(long)]
    pub divide: bool,
    #[arg(long, value_enum)]
    pub game: Option<GameKind>,
    #[arg(long)]
    pub json: bool,
}
