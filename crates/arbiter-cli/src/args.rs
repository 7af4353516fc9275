//! Command-line arguments of `arbiter` (contract: `docs/cli.md`).

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Which game a position or record belongs to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameKind {
    Xiangqi,
    Chess,
}

impl From<GameKind> for arbiter::Game {
    fn from(kind: GameKind) -> arbiter::Game {
        match kind {
            GameKind::Xiangqi => arbiter::Game::Xiangqi,
            GameKind::Chess => arbiter::Game::Chess,
        }
    }
}

/// Rule set: `axf` (Asian Xiangqi Federation), `tw113` (Taiwan 2024 revision), `fide` (chess).
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum RulesArg {
    Axf,
    Tw113,
    Fide,
}

impl From<RulesArg> for arbiter::RuleBook {
    fn from(r: RulesArg) -> arbiter::RuleBook {
        match r {
            RulesArg::Axf => arbiter::RuleBook::Axf,
            RulesArg::Tw113 => arbiter::RuleBook::Tw113,
            RulesArg::Fide => arbiter::RuleBook::Fide,
        }
    }
}

/// Rule set of the xiangqi-only commands (`cycle`, `classify`): `axf` or `tw113`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum XiangqiRulesArg {
    Axf,
    Tw113,
}

impl From<XiangqiRulesArg> for arbiter::RuleBook {
    fn from(r: XiangqiRulesArg) -> arbiter::RuleBook {
        match r {
            XiangqiRulesArg::Axf => arbiter::RuleBook::Axf,
            XiangqiRulesArg::Tw113 => arbiter::RuleBook::Tw113,
        }
    }
}

/// `--game` of `cycle`, which judges xiangqi only: accepted for scripts that name the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum XiangqiGameArg {
    Xiangqi,
}

/// Kind of draw claim.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
/// Spelled as `arbiter::ClaimKind` is in JSON (`fifty_moves`); `fifty-moves` is read too.
pub enum ClaimKind {
    Threefold,
    #[value(name = "fifty_moves", alias = "fifty-moves")]
    FiftyMoves,
    #[value(name = "natural_move_limit", alias = "natural-move-limit")]
    NaturalMoveLimit,
}

impl From<ClaimKind> for arbiter::ClaimKind {
    fn from(k: ClaimKind) -> arbiter::ClaimKind {
        match k {
            ClaimKind::Threefold => arbiter::ClaimKind::Threefold,
            ClaimKind::FiftyMoves => arbiter::ClaimKind::FiftyMoves,
            ClaimKind::NaturalMoveLimit => arbiter::ClaimKind::NaturalMoveLimit,
        }
    }
}

/// Whether `judge` looks for chess dead positions (FIDE 5.2.2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum DeadCheckArg {
    /// Every answer proved: a game is alive when a helpmate line is found for one side, dead
    /// only when the search proves that neither side can mate. `screen` and `exact`, names of
    /// earlier modes, are accepted for it.
    #[default]
    #[value(alias = "screen", alias = "exact")]
    Proved,
    /// No dead-position detection.
    Off,
}

impl From<DeadCheckArg> for arbiter::chess::DeadCheck {
    fn from(d: DeadCheckArg) -> arbiter::chess::DeadCheck {
        match d {
            DeadCheckArg::Proved => arbiter::chess::DeadCheck::Proved,
            DeadCheckArg::Off => arbiter::chess::DeadCheck::Off,
        }
    }
}

/// Time control, for the penalty of an incorrect chess claim (FIDE 9.5.3, A.3, B.2/B.3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum TimeControl {
    #[default]
    Standard,
    Rapid,
    Blitz,
}

impl From<TimeControl> for arbiter::chess::TimeControl {
    fn from(t: TimeControl) -> arbiter::chess::TimeControl {
        match t {
            TimeControl::Standard => arbiter::chess::TimeControl::Standard,
            TimeControl::Rapid => arbiter::chess::TimeControl::Rapid,
            TimeControl::Blitz => arbiter::chess::TimeControl::Blitz,
        }
    }
}

#[derive(Parser, Debug)]
#[command(
    name = "arbiter",
    // The crate version and the commit built (build.rs).
    version = env!("ARBITER_VERSION"),
    about = "A referee for repetition, perpetual check, perpetual chase and draws in xiangqi (AXF, TW113) and chess (FIDE)",
    long_about = "A referee for repetition, perpetual check, perpetual chase and draws.\n\n\
Xiangqi under the AXF or TW113 rule books (every move classified: check, chase with chaser and \
target, idle; repetition cycles adjudicated with the clause that decides), chess under the FIDE \
Laws (mate, stalemate, dead positions, threefold/fifty-move claims, fivefold/75-move draws).\n\n\
Every subcommand prints a report for people, or one JSON object per game with --json.\n\
Exit codes: 0 answered, 1 some input could not be judged (the rest was), 2 usage error.",
    after_help = "Examples:\n  \
arbiter judge samples/                         judge every record in a folder\n  \
arbiter judge --rules tw113 samples/xiangqi-perpetual-chase.pgn\n  \
arbiter cycle --fen '4k4/9/5R3/9/9/4P4/9/9/9/4K4 w' --moves 'f7e7 e9f9 e7f7 f9e9'\n  \
arbiter classify --fen '4k4/9/9/9/1c7/4P4/R8/9/9/4K4 w' --move a3b3\n  \
arbiter dead --fen '8/8/8/3bk3/8/8/8/2B1K3 w - - 0 1'\n  \
arbiter perft --depth 3\n  \
arbiter rules axf 14                           AXF general and detailed rule 14 in plain words"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// The language of text reports and messages: en, zh-Hant, zh-Hans (also zh-TW, zh-HK,
    /// zh-CN, zh-SG). Default: from LC_ALL, LC_MESSAGES or LANG (zh_TW, zh_HK: zh-Hant;
    /// zh_CN, zh_SG: zh-Hans), else en. JSON keys and values never change.
    #[arg(long, global = true, value_name = "LANG")]
    pub lang: Option<arbiter::Lang>,
}

/// `--notation` of the subcommands whose text reports write xiangqi moves.
#[derive(Args, Debug, Default)]
pub struct NotationOpt {
    /// How the text report writes xiangqi moves: chinese, iccs, wxf, as-written. Default:
    /// Chinese in the report's script for a Chinese report (--lang), as written in the record
    /// for English. Chess moves are always SAN.
    #[arg(long, value_name = "NOTATION")]
    pub notation: Option<arbiter::Notation>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Replay game records (or a position and moves) and report what the rules say.
    #[command(after_help = "Examples:\n  \
arbiter judge samples/\n  \
arbiter judge --json --jobs 2 games/                  a folder of records, 2 threads\n  \
arbiter judge --rules tw113 --cycles 2 samples/xiangqi-perpetual-chase.pgn\n  \
arbiter judge --fen '4k4/9/5R3/9/9/4P4/9/9/9/4K4 w' --moves 'f7e7 e9f9 e7f7 f9e9 f7e7 e9f9 e7f7 f9e9 f7e7 e9f9 e7f7 f9e9'\n  \
cat game.pgn | arbiter judge -\n\n\
A repetition is pending after --cycles completed loops (default 3) and decided one loop later.\n\
Directories are walked for .pgn, .xqf, .cbr, .cbl, .cbf and .wxf files, and .txt/.htm/.html/.ubb files \
holding a DhtmlXQ block, a CBF document or a Chinese move list; the format is detected by content. PGN in UTF-8, GBK \
or Big5; xiangqi moves in ICCS, WXF or Chinese.")]
    Judge(JudgeArgs),
    /// Adjudicate one repetition cycle given as a FEN and the moves of one or more loops.
    #[command(after_help = "Examples:\n  \
arbiter cycle --fen '4k4/9/5R3/9/9/4P4/9/9/9/4K4 w' --moves 'f7e7 e9f9 e7f7 f9e9'     perpetual check\n  \
arbiter cycle --fen '4k4/9/9/9/1c7/4P4/R8/9/9/4K4 w' --moves 'a3b3 b5a5 b3a3 a5b5' --explain\n\n\
The moves must return to the FEN's position. All moves given are judged together, so two \
different loops can be judged as the pattern they form.")]
    Cycle(CycleArgs),
    /// Classify one xiangqi move: check, chase (chaser → target), idle, ...
    #[command(after_help = "Examples:\n  \
arbiter classify --fen '4k4/9/9/9/1c7/4P4/R8/9/9/4K4 w' --move a3b3      chase: chariot b3 → cannon b5\n  \
arbiter classify --fen '4k4/9/9/9/1c7/4P4/R8/9/9/4K4 w' --move 俥九平八 --explain")]
    Classify(ClassifyArgs),
    /// Judge a draw claim (threefold, fifty moves, natural move limit) at a ply.
    #[command(after_help = "Examples:\n  \
arbiter claim --kind threefold samples/chess-threefold-grischuk-giri-2019.pgn --at-ply 42 --intended-move e1f1\n  \
arbiter claim --kind fifty_moves --fen '4k3/8/8/8/8/8/3R4/4K3 w - - 98 70' --moves d2c2 --intended-move e8f8\n  \
arbiter claim --kind natural_move_limit --rules tw113 --fen FEN --moves '...'\n\n\
Only the side to move may claim. An incorrect claim costs 2 minutes in standard play (FIDE 9.5.3), \
1 minute in rapid and blitz (A.3, B.2/B.3); a written intended move must then be played.")]
    Claim(ClaimArgs),
    /// Chess: can each side still mate by any legal sequence (FIDE 5.2.2 dead position)?
    #[command(after_help = "Examples:\n  \
arbiter dead --fen '8/8/8/3bk3/8/8/8/2B1K3 w - - 0 1'      alive: a helpmate exists\n  \
arbiter dead --fen-file positions.txt --json")]
    Dead(DeadArgs),
    /// Count the leaves of the legal move tree (xiangqi or chess).
    #[command(after_help = "Examples:\n  \
arbiter perft --depth 3                     xiangqi start position: 79666\n  \
arbiter perft --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' --depth 4 --divide")]
    Perft(PerftArgs),
    /// Write records of any readable format (PGN, XQF, CBR, CBL, CBF, DhtmlXQ, move lists) as PGN.
    #[command(after_help = "Examples:\n  \
arbiter convert --to pgn library.cbl > library.pgn\n  \
arbiter convert --to pgn --notation chinese page-with-dhtmlxq.html\n\n\
Variations are written in parentheses; comments are not kept. Chess games are copied unchanged.")]
    Convert(ConvertArgs),
    /// Write PGN records back with the results the rules give; every other byte unchanged.
    #[command(after_help = "Examples:\n  \
arbiter rescore --match match.pgn --out rescored.pgn --report changes.jsonl\n  \
arbiter rescore --rules tw113 games/ > rescored.pgn\n  \
cat match.pgn | arbiter rescore --match - > rescored.pgn\n\n\
A game changes only where the rules end it earlier or otherwise than its record: a perpetual \
check or chase the manager scored wrongly (xiangqi, AXF or TW113), mate, stalemate, a dead \
position, fivefold repetition or 75 moves the manager missed, a loss on time against a side \
that cannot mate (chess, FIDE 5 / 6.9 / 9.6). Its [Result] is corrected, [Termination] set \
(normal, rules infraction, time forfeit, adjudication), a comment names the clause after the \
deciding move, another marks the moves played after the end, and the termination marker gets \
the reason as managers write it ({perpetual chase} 0-1). Every other game, and every byte \
between games, is copied as it is: `cmp` finds no difference in a file the rules agree with.\n\n\
--match judges as match managers end games (a repetition at the third occurrence of the \
position); without it the rule book's count applies and a repetition the manager ended early \
is reported as disputed, not changed. --report writes one JSON line per changed, disputed or \
unreadable game. A game that cannot be read is copied unchanged and named on standard error \
(exit code 1). Inputs must be PGN (any other format: arbiter convert --to pgn first). Memory \
stays bounded by one game, whatever the input's size.")]
    Rescore(RescoreArgs),
    /// The clauses this tool cites, each summarised in plain English and Chinese.
    #[command(after_help = "Examples:\n  \
arbiter rules                        every clause of the three rule books\n  \
arbiter rules axf                    the AXF general and detailed rules\n  \
arbiter rules axf d14                AXF detailed rule 14 (also: 'detailed rule 14')\n  \
arbiter rules tw113 procedure        TW113 ch.4 procedure\n  \
arbiter rules fide 9.2               FIDE 9.2 and the articles under it\n\n\
The summaries are ours, not the rule books' text; judge reports end with those they cite.")]
    Rules(crate::commands::rules::RulesArgs),
    /// Serve the HTTP API and the web page (loopback by default).
    #[command(after_help = "Examples:\n  \
arbiter serve                                  then open http://127.0.0.1:8080/\n  \
arbiter serve --bind 0.0.0.0:8080 --cors https://club.example\n\n\
API: POST /api/v1/judge (record bytes), /api/v1/position, /cycle, /classify, /claim, /dead, \
/perft (JSON); GET /api/v1/ lists them. See docs/server.md.")]
    Serve(ServeArgs),
    /// Referee games over standard input/output: one JSON command per line, one JSON answer per line.
    #[command(after_help = "Examples:\n  \
printf '%s\\n' '{\"cmd\":\"new\",\"game\":\"xiangqi\"}' '{\"cmd\":\"push\",\"move\":\"h2e2\"}' | arbiter referee\n\n\
The first line says the version and the commands. Commands (each may carry an \"id\" naming \
its game): new {game, rules, fen, cycles, match, dead_check, lang}, push {move}, undo, status, \
flag {side}, claim {kind, intended_move, time_control, limit}, forbidden, quit. A correct claim \
ends the game drawn; after an incorrect one with an intended move, only that move is taken \
(FIDE 9.5.3). A bad line gets an error line and the game goes on. With --lang (or a Chinese locale, or new's lang), each status carries \"text\" (the report's words) and the error lines are in that language. See docs/server.md.")]
    Referee,
    /// Stand between a match manager and a UCI/UCCI engine: keep the engine's moves inside the rules.
    #[command(after_help = "Examples:\n  \
arbiter proxy --rules axf --match -- /usr/games/fairy-stockfish\n  \
cutechess-cli -engine cmd=arbiter arg=proxy arg=--match arg=-- arg=/usr/games/fairy-stockfish proto=uci \\\n    \
-engine cmd=/usr/games/fairy-stockfish proto=uci -variant xiangqi -each tc=40/60 -games 2\n\n\
The manager starts the proxy as if it were the engine. The dialogue passes through unchanged, \
except that the proxy follows the game from each `position` command and, on each `go`, keeps \
the engine from playing a move that would make its side the one that must vary under the rule \
book (a perpetual check or chase repeated; TW113 also the 9-round rule): UCI `go ... searchmoves` \
with the allowed moves (intersected with the manager's own list), UCCI `banmoves` before `go`. \
It says what it forbids, and why, in `info string arbiter: ...` lines. When every legal move is \
forbidden the search is left unrestricted (the side loses whatever it plays) and the proxy says so. \
Xiangqi is recognised by `setoption name UCI_Variant value xiangqi` (moves with ranks 1-10, as \
Fairy-Stockfish writes them), by `ucci` (ICCS), or by a xiangqi FEN; chess passes through \
(a repetition is a draw there, never a loss). The engine's standard error is the proxy's; it \
is ended after `quit` or the end of input (killed after --quit-grace) and dies with the proxy. \
Exit code: the engine's. See docs/engine-matches.md.")]
    Proxy(crate::commands::proxy::ProxyArgs),
    /// Print the shell completion script for bash, zsh, fish, powershell or elvish.
    #[command(after_help = "Examples:\n  \
arbiter completions bash > ~/.local/share/bash-completion/completions/arbiter\n  \
arbiter completions zsh > ~/.zfunc/_arbiter                  (with fpath+=~/.zfunc)\n  \
arbiter completions fish > ~/.config/fish/completions/arbiter.fish\n  \
arbiter completions powershell >> $PROFILE")]
    Completions(CompletionsArgs),
    /// Print the manual page (roff), or write one page per subcommand into a folder.
    #[command(after_help = "Examples:\n  \
arbiter man | man -l -\n  \
arbiter man --dir /usr/local/share/man/man1          arbiter.1, arbiter-judge.1, ...")]
    Man(ManArgs),
}

/// `arbiter completions`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell the script is for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// `arbiter man`.
#[derive(Args, Debug)]
pub struct ManArgs {
    /// Write `arbiter.1` and a page per subcommand (`arbiter-judge.1`, ...) into this existing
    /// folder instead of printing `arbiter.1`.
    #[arg(long)]
    pub dir: Option<std::path::PathBuf>,
}

/// `arbiter serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address and port to listen on; anything but loopback only when asked.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub bind: std::net::SocketAddr,
    /// Largest request body in bytes (1 to 1073741824).
    #[arg(long, default_value_t = 16 << 20, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..=1 << 30))]
    pub max_body: u64,
    /// Longest a request may compute, in seconds (more than 0, at most 86400).
    #[arg(long, default_value = "10", value_parser = seconds)]
    pub max_seconds: std::time::Duration,
    /// Requests computed at once (default: twice the cores, at most 4096); the others wait.
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..=4096))]
    pub max_concurrent: Option<u64>,
    /// Open connections at most (1 to 65536); over it the oldest connection is closed (after
    /// its request, if one is running).
    #[arg(long, default_value_t = 512, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub max_connections: u64,
    /// Deepest perft the API accepts (plies, 0 to 8).
    #[arg(long, default_value_t = 4, allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(0..=8))]
    pub max_perft_depth: u32,
    /// Allow this origin (e.g. https://club.example) to call the API from its pages (CORS; off
    /// by default). A scheme and a host: not `*`, `null` or empty.
    #[arg(long, value_parser = origin)]
    pub cors: Option<String>,
    /// A host name the server answers to besides the bound address (and `localhost` on a
    /// loopback address); other `Host` headers get 421. Repeat for several.
    #[arg(long = "allow-host", value_name = "HOST")]
    pub allow_hosts: Vec<String>,
    /// Write one JSON line per request (time, route, status, duration, bytes) to this file,
    /// or `-` for standard error.
    #[arg(long, value_name = "FILE")]
    pub access_log: Option<std::path::PathBuf>,
}

/// An origin for `--cors`, checked by the server crate.
fn origin(text: &str) -> Result<String, String> {
    arbiter_server::check_origin(text).map(|()| text.to_string())
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

/// How games are judged: the rule set, the cycle count and the engine-match convention, as
/// `judge` and `rescore` take them.
#[derive(Args, Debug, Clone)]
pub struct JudgingOpts {
    /// Rule set (default: axf for xiangqi, fide for chess).
    #[arg(long, value_enum)]
    pub rules: Option<RulesArg>,
    /// Completed cycles that make a xiangqi repetition pending (1 or more; default 3).
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(1..))]
    pub cycles: Option<u32>,
    /// Judge as an engine match manager ends games: a xiangqi repetition is decided at the
    /// third occurrence of the position (2 cycles) and a pending verdict is final; a chess
    /// game is drawn as soon as a threefold repetition or 50 moves without pawn move or
    /// capture stand (no claim needed) (docs/engine-matches.md).
    #[arg(long = "match")]
    pub engine_match: bool,
}

impl JudgingOpts {
    /// The library's options for these (the other fields at their defaults).
    ///
    /// # Errors
    /// A usage error for `--cycles` with `--match` (checked by the library).
    pub fn options(&self) -> anyhow::Result<arbiter::Options> {
        Ok(arbiter::Options {
            rules: self.rules.map(Into::into),
            cycles: arbiter::options::cycles(self.cycles, self.engine_match)
                .map_err(crate::commands::cli_error)?,
            engine_match: self.engine_match,
            ..arbiter::Options::default()
        })
    }
}

#[derive(Args, Debug)]
pub struct JudgeArgs {
    #[command(flatten)]
    pub notation: NotationOpt,
    /// Record files or directories (`.pgn`, `.xqf`, `.cbr`, `.cbl`, `.cbf`, `.wxf`, `.txt`/`.htm`/`.html`/`.ubb`
    /// with a DhtmlXQ block, a CBF document or a Chinese move list), or `-` for standard input.
    pub files: Vec<String>,
    #[command(flatten)]
    pub pos: PositionArgs,
    #[command(flatten)]
    pub judging: JudgingOpts,
    /// One JSON object per game on standard output.
    #[arg(long)]
    pub json: bool,
    /// Also list the threats that are not chases, with the clause that exempts them.
    #[arg(long)]
    pub explain: bool,
    /// Chess: whether dead positions (FIDE 5.2.2) are looked for (`proved`, the default: every
    /// answer proved; `screen` and `exact` are accepted as its older names) or not (`off`).
    #[arg(long, value_enum, default_value_t)]
    pub dead_check: DeadCheckArg,
    /// Worker threads for batches.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..))]
    pub jobs: u64,
    /// Longest one game may be judged, in seconds (no limit by default): a game over it is an
    /// error item of its own ("stopped after S s"), the batch goes on, exit code 1.
    #[arg(long, value_name = "S", value_parser = seconds)]
    pub max_seconds: Option<std::time::Duration>,
}

/// A number of seconds for `--max-seconds` (`serve` per request, `judge` per game): finite,
/// more than 0, at most a day (86,400 s).
pub fn seconds(text: &str) -> Result<std::time::Duration, String> {
    let s: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    if s.is_finite() && s > 0.0 && s <= 86_400.0 {
        Ok(std::time::Duration::from_secs_f64(s))
    } else {
        Err(format!(
            "{text} is out of range: more than 0 and at most 86400 seconds"
        ))
    }
}

#[derive(Args, Debug)]
pub struct CycleArgs {
    #[command(flatten)]
    pub notation: NotationOpt,
    /// Start position as xiangqi FEN (10 ranks).
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves from the FEN, separated by spaces (ICCS, WXF or Chinese).
    #[arg(long, allow_hyphen_values = true)]
    pub moves: Option<String>,
    /// The game: cycle judges xiangqi repetitions only.
    #[arg(long, value_enum)]
    pub game: Option<XiangqiGameArg>,
    /// Rule set: axf (default) or tw113.
    #[arg(long, value_enum)]
    pub rules: Option<XiangqiRulesArg>,
    /// One JSON object per line on standard output instead of the text report.
    #[arg(long)]
    pub json: bool,
    /// Also list the threats that are not chases, with the clause that exempts them.
    #[arg(long)]
    pub explain: bool,
}

#[derive(Args, Debug)]
pub struct ClassifyArgs {
    #[command(flatten)]
    pub notation: NotationOpt,
    /// Position before the move.
    #[arg(long)]
    pub fen: String,
    /// The move to classify.
    #[arg(long = "move", allow_hyphen_values = true)]
    pub mv: String,
    /// Rule set: axf (default) or tw113.
    #[arg(long, value_enum)]
    pub rules: Option<XiangqiRulesArg>,
    /// One JSON object per line on standard output instead of the text report.
    #[arg(long)]
    pub json: bool,
    /// Also list the threats that are not chases, with the clause that exempts them.
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
    /// With FILE: the game's number in the file, counted from 1 as the reports count games
    /// (`game 1` is the first). Otherwise `xiangqi` or `chess` to override game detection from
    /// the FEN.
    #[arg(long)]
    pub game: Option<String>,
    /// Start position as FEN.
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves from the FEN, separated by spaces.
    #[arg(long, allow_hyphen_values = true)]
    pub moves: Option<String>,
    /// Rule set: axf (default for xiangqi), tw113, or fide (chess).
    #[arg(long, value_enum)]
    pub rules: Option<RulesArg>,
    /// Ply at which the claim is made: 0 (the start position) or more (default: after the
    /// last move).
    #[arg(long, allow_negative_numbers = true, value_parser = ply_number)]
    pub at_ply: Option<usize>,
    /// The move the claimant writes down and intends to play.
    #[arg(long, allow_hyphen_values = true)]
    pub intended_move: Option<String>,
    /// Chess: the time control that sets an incorrect claim's penalty. Default: what the
    /// record's [TimeControl] or [Event] tag implies (blitz, rapid), else standard.
    #[arg(long, value_enum)]
    pub time_control: Option<TimeControl>,
    /// TW113 alternative 40-move limit instead of 100 plies.
    #[arg(long, allow_negative_numbers = true)]
    pub limit: Option<u32>,
    /// One JSON object per line on standard output instead of the text report.
    #[arg(long)]
    pub json: bool,
}

/// A ply number that is not one (`--at-ply -1`): what a ply number is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotAPly;

impl std::fmt::Display for NotAPly {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("must be a ply number, 0 (the start position) or more")
    }
}

impl std::error::Error for NotAPly {}

/// A ply number for `--at-ply`: 0 (the start position) or more.
pub fn ply_number(text: &str) -> Result<usize, NotAPly> {
    text.parse().map_err(|_| NotAPly)
}

#[derive(Args, Debug)]
pub struct DeadArgs {
    /// The chess position to judge (FEN; missing trailing fields default as in `judge`).
    #[arg(long)]
    pub fen: Option<String>,
    /// One FEN per line (blank and `#` lines skipped).
    #[arg(long)]
    pub fen_file: Option<String>,
    /// Accepted for older scripts and changes nothing: every answer is proved (a helpmate line
    /// found and replayed, or the complete search, for each side).
    #[arg(long)]
    pub exact: bool,
    /// One JSON object per line on standard output instead of the text report.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Start position (FEN, xiangqi or chess); default: the xiangqi start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Plies to search (leaf count at that depth), 0 to 8. The count grows about 40-fold per
    /// ply (xiangqi depth 6 from the start: 3.6 billion leaves); a terminal shows progress.
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(0..=8))]
    pub depth: u32,
    /// Also count per first move.
    #[arg(long)]
    pub divide: bool,
    /// Override game detection from the FEN.
    #[arg(long, value_enum)]
    pub game: Option<GameKind>,
    /// One JSON object per line on standard output instead of the text report.
    #[arg(long)]
    pub json: bool,
}

/// Target format of `convert`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum ConvertTo {
    Pgn,
}

/// Notation of written xiangqi moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum NotationArg {
    /// `h2e2`.
    #[default]
    Iccs,
    /// `炮二平五`, `馬8進7` (traditional characters).
    Chinese,
    /// `C2=5`.
    Wxf,
    /// `Che2`, `R9xd7` (xiangqi SAN as WinBoard, cutechess and Banksia write it).
    San,
}

#[derive(Args, Debug)]
pub struct ConvertArgs {
    /// Record files or directories, or `-` for standard input.
    #[arg(required = true)]
    pub files: Vec<String>,
    /// Output format (PGN on standard output).
    #[arg(long, value_enum)]
    pub to: ConvertTo,
    /// Notation of xiangqi moves.
    #[arg(long, value_enum, default_value_t)]
    pub notation: NotationArg,
}

/// `arbiter rescore`.
#[derive(Args, Debug)]
pub struct RescoreArgs {
    /// PGN files or directories, or `-` for standard input.
    #[arg(required = true)]
    pub files: Vec<String>,
    #[command(flatten)]
    pub judging: JudgingOpts,
    /// Write the PGN to this file instead of standard output (not one of the inputs).
    #[arg(long, value_name = "FILE")]
    pub out: Option<std::path::PathBuf>,
    /// Write one JSON line per changed, disputed or unreadable game to this file: file, game
    /// (from 1), status, old and new result, reason, clause, ply.
    #[arg(long, value_name = "FILE")]
    pub report: Option<std::path::PathBuf>,
}
