//! The reports of the front door ([`crate::judge_bytes`] and friends), shared by both games.
//!
//! Each report's serde form is one line of the JSON contract (`shared/spec/cli.md`):
//! `serde_json::to_string(&report)` writes exactly what `arbiter … --json` prints for it.
//! Each also has a `text()` for people, the report `arbiter` prints without `--json`, and the
//! HTTP answer's `text_json`: those methods live with the other words, in [`crate::render`]
//! (which reads these types; this module does not use it).

use crate::chess;
use crate::types::{Game, RuleBook};
use crate::words::MoveNumbering;
use crate::xiangqi::limits::LimitClaim;
use crate::xiangqi::referee::Referee;
use crate::xiangqi::repetition::CycleJudgement;
use crate::xiangqi::report as xreport;
use crate::xiangqi::rules::{RuleSet, RulesId};
use crate::xiangqi::verdict::Verdict;
use serde::{Serialize, Serializer};
use serde_json::{json, Value};
use xiangqi::notation::{Style, WriteOptions};
use xiangqi::{Color, Position};

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

/// The report of one game of a record (or of one position and moves): what `arbiter judge`
/// prints for it.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum GameReport {
    /// A judged xiangqi game.
    Xiangqi(Box<XiangqiGameReport>),
    /// A judged chess game.
    Chess(Box<ChessGameReport>),
    /// A game (or a whole input) that could not be judged.
    Error(GameError),
}

impl GameReport {
    /// True when the game could not be judged (the CLI's exit code 1).
    pub fn is_error(&self) -> bool {
        matches!(self, GameReport::Error(_))
    }

    /// The game judged, or `None` for an error.
    pub fn game(&self) -> Option<Game> {
        match self {
            GameReport::Xiangqi(_) => Some(Game::Xiangqi),
            GameReport::Chess(_) => Some(Game::Chess),
            GameReport::Error(_) => None,
        }
    }

    /// The file label (the path as given, or `-`).
    pub fn file(&self) -> &str {
        match self {
            GameReport::Xiangqi(r) => &r.file,
            GameReport::Chess(r) => &r.file,
            GameReport::Error(e) => &e.file,
        }
    }

    /// The 0-based index of the game within its file; `None` for an input that could not be
    /// read at all.
    pub fn index(&self) -> Option<usize> {
        match self {
            GameReport::Xiangqi(r) => Some(r.index),
            GameReport::Chess(r) => Some(r.index),
            GameReport::Error(e) => e.index,
        }
    }

    /// Names the players of a judged chess game from its record's tags (a xiangqi report
    /// reads them with its record). Nothing changes for an error report.
    pub(crate) fn set_players<'a>(&mut self, tag: impl Fn(&str) -> Option<&'a str>) {
        if let GameReport::Chess(r) = self {
            r.players = Players::from_tags(tag);
        }
    }

    /// Notes what the record reader saw in a judged game: `truncated` (the record may have
    /// been cut short: `"truncated": true`, `result_agrees` null, a warning in the text) and
    /// reader `warnings` (`"warnings": [...]`). Nothing changes for an error report.
    pub fn mark_read(&mut self, truncated: bool, warnings: &[String]) {
        match self {
            GameReport::Xiangqi(r) => {
                r.truncated = truncated;
                r.warnings = warnings.to_vec();
                if truncated {
                    r.result_agrees = None;
                }
            }
            GameReport::Chess(r) => {
                r.truncated = truncated;
                r.warnings = warnings.to_vec();
                if truncated {
                    r.report.result_agrees = None;
                }
            }
            GameReport::Error(_) => {}
        }
    }
}

/// A game, or an input, that could not be judged:
/// `{"error","file","index","move","ply"}` (`index` when the game is known, `move` and `ply`
/// when the failure is at a move; `ply` is 1-based, the ply the move would have produced).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameError {
    /// What went wrong, where and why.
    pub error: String,
    /// The file label (the path as given, or `-`).
    pub file: String,
    /// The 0-based index of the game in its file; `None` when the input could not be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index: Option<usize>,
    /// The text of the failing move as written in the record.
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pub mv: Option<String>,
    /// The ply of the failing move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ply: Option<usize>,
    /// 1-based line of the game's start in its input, for a record that could not be read
    /// (over a cap, broken).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// The line for people, when it differs from `FILE: game N, ply P: error: ERROR`.
    #[serde(skip)]
    pub(crate) text: Option<String>,
    /// The game was given as a start position and moves, not read from a file (the text
    /// names it so, see [`crate::render::InputWords::position`]; JSON `file` stays `-`).
    #[serde(skip)]
    pub from_position: bool,
    /// What went wrong as a typed value, for the words in other languages
    /// ([`crate::render::errors::cause`]); `None`: only `error`'s English.
    #[serde(skip)]
    pub cause: Option<Box<Cause>>,
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
    /// An input that could not be opened: the system's error kind (`None` when it is not a
    /// system error) and the English reason.
    Unreadable {
        /// The kind of the system error.
        kind: Option<std::io::ErrorKind>,
        /// The English reason, as in `error`.
        reason: String,
    },
}

impl GameError {
    /// An error at `file` (game `index`, move at `ply`, when known).
    pub fn new(file: &str, index: Option<usize>, error: impl Into<String>, ply: Option<usize>) -> GameError {
        GameError {
            error: error.into(),
            file: file.to_string(),
            index,
            mv: None,
            ply,
            line: None,
            text: None,
            from_position: false,
            cause: None,
        }
    }

    /// The error with its typed cause (for its words in other languages).
    pub fn because(mut self, cause: Cause) -> GameError {
        self.cause = Some(Box::new(cause));
        self
    }
}

/// A judged chess game: `file` and `index`, then the fields of [`chess::JudgeReport`], then
/// `truncated` and `warnings` when they apply (see [`GameReport::mark_read`]; a truncated
/// game's `result_agrees` is `null`).
#[derive(Debug, Clone)]
pub struct ChessGameReport {
    /// The file label (the path as given, or `-`).
    pub file: String,
    /// 0-based index of the game within the file.
    pub index: usize,
    /// Given as a start position and moves, not read from a file (the text names it so, see
    /// [`crate::render::InputWords::position`]; JSON `file` stays `-`).
    pub from_position: bool,
    /// What the FIDE Laws say about the game.
    pub report: chess::JudgeReport,
    /// The record may have been cut short (docs/records.md): nothing is said of its result.
    pub truncated: bool,
    /// What the reader noticed but read past (bytes replaced in decoding), one sentence each.
    pub warnings: Vec<String>,
    /// SAN (with `+`/`#`) of every move, when whoever made the report had them at hand (the
    /// live referee); empty otherwise (see [`crate::InputGame::chess_san`]). Not in JSON.
    pub san: Vec<String>,
    /// Who played, for the text heading (the record's tags).
    pub players: Players,
}

/// Who played and where, from a record's tags, for a text report's heading (both games):
/// the first player (the `Red` tag, else `White`), the second (`Black`), the `Event`. Not in
/// JSON (the tags are the record's own).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Players {
    /// Red (xiangqi) or White (chess); `None` when the tag is missing or empty.
    pub first: Option<String>,
    /// Black.
    pub second: Option<String>,
    /// The `Event` tag.
    pub event: Option<String>,
}

impl Players {
    /// The players named by `tag` (a record's tag lookup); empty values count as missing.
    pub fn from_tags<'a>(tag: impl Fn(&str) -> Option<&'a str>) -> Players {
        let name = |t: &str| tag(t).map(str::trim).filter(|s| !s.is_empty()).map(String::from);
        Players {
            first: name("Red").or_else(|| name("White")),
            second: name("Black"),
            event: name("Event"),
        }
    }
}

impl Serialize for ChessGameReport {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Plain<'a> {
            file: &'a str,
            index: usize,
            #[serde(flatten)]
            report: &'a chess::JudgeReport,
            #[serde(skip_serializing_if = "std::ops::Not::not")]
            truncated: bool,
            #[serde(skip_serializing_if = "<[String]>::is_empty")]
            warnings: &'a [String],
        }
        let plain = Plain {
            file: &self.file,
            index: self.index,
            report: &self.report,
            truncated: self.truncated,
            warnings: &self.warnings,
        };
        plain.serialize(s)
    }
}

/// A judged xiangqi game (cli.md `judge`): the referee's verdict at the end of the record,
/// the natural-move-limit claims, the repetition evidence. Serialised as one JSON object with
/// its keys in the order a chess game's are (see its `Serialize`).
#[derive(Debug, Clone)]
pub struct XiangqiGameReport {
    /// The file label (the path as given, or `-`).
    pub file: String,
    /// 0-based index of the game within the file.
    pub index: usize,
    /// The rule set applied.
    pub rules: RuleSet,
    /// Completed loops that make a repetition pending (`--cycles`).
    pub cycles: u32,
    /// Whether exempted threats are listed (`--explain`).
    pub explain: bool,
    /// Moves in the record, including those after the end (plies).
    pub plies: usize,
    /// The verdict at the end of the record (or where the game ended).
    pub verdict: Verdict,
    /// Moves recorded after the game ended.
    pub moves_after_end: usize,
    /// `(claimant, ply)`: the first ply at which each side could claim the natural move limit.
    pub limit_claims: Vec<(Color, usize)>,
    /// The record's own result (`None` for `--fen/--moves`: JSON `null`).
    pub recorded_result: Option<String>,
    /// Whether the rules give the record's result ([`crate::agreement`]): `None` when it
    /// cannot be compared yet (JSON `null`; the field is absent for `--fen/--moves`).
    pub result_agrees: Option<bool>,
    /// Moves read with a notation warning (`None`, field absent, for `--fen/--moves`).
    pub notation_warnings: Option<usize>,
    /// The ply of the first notation warning.
    pub first_warning_ply: Option<usize>,
    /// The position at the start of the judged repetition, for the text report.
    pub cycle_start: Option<Position>,
    /// Who played, for the text heading (the record's tags).
    pub players: Players,
    /// Given as a start position and moves, not read from a file (the text names it so, see
    /// [`crate::render::InputWords::position`]; JSON `file` stays `-`).
    pub from_position: bool,
    /// The notation the text writes moves in: the record's (Chinese for XQF).
    pub style: Style,
    /// How moves are written in that notation: the record's own characters (simplified
    /// 车马炮 or traditional 俥傌炮/車馬砲) and forms ([`xiangqi::notation::detect_notation`]).
    pub write: WriteOptions,
    /// Move numbers of the game (the start FEN's move number and side to move).
    pub numbering: MoveNumbering,
    /// The side to move after the last move judged.
    pub to_move: Color,
    /// The start position and the moves judged, to write any move of the game in the text.
    pub(crate) start: Position,
    pub(crate) moves: Vec<xiangqi::Move>,
    /// The record may have been cut short (docs/records.md): `result_agrees` is then null.
    pub truncated: bool,
    /// What the reader noticed but read past (bytes replaced in decoding), one sentence each.
    pub warnings: Vec<String>,
}

impl XiangqiGameReport {
    /// The engine-match convention: a pending verdict is final (a match manager ends the game
    /// at the repetition, docs/engine-matches.md).
    pub fn final_under_match(&mut self) {
        if self.verdict.status == crate::xiangqi::verdict::Status::Pending {
            self.verdict.status = crate::xiangqi::verdict::Status::Decided;
        }
    }

    /// The report of the game `referee` has judged. `extra_after_end` counts recorded moves
    /// the reader kept out of the referee (after a mate in the record).
    pub fn from_referee(
        file: &str,
        index: usize,
        referee: &Referee,
        cycles: u32,
        explain: bool,
        extra_after_end: usize,
    ) -> XiangqiGameReport {
        let verdict = referee.verdict().clone();
        let cycle_start = verdict
            .repetition
            .as_ref()
            .and_then(|r| referee.position_at(r.start_ply));
        XiangqiGameReport {
            file: file.to_string(),
            index,
            rules: referee.rules().clone(),
            cycles,
            explain,
            plies: referee.plies() + extra_after_end,
            verdict,
            moves_after_end: referee.moves_after_end() + extra_after_end,
            limit_claims: referee.natural_limit_claims(),
            recorded_result: None,
            result_agrees: None,
            notation_warnings: None,
            first_warning_ply: None,
            cycle_start,
            players: Players::default(),
            from_position: false,
            style: Style::Chinese,
            write: WriteOptions::default(),
            numbering: MoveNumbering {
                first_number: referee.start().fullmove_number(),
                second_side_first: referee.start().side_to_move() == Color::Black,
            },
            to_move: referee.position().side_to_move(),
            start: referee.start().clone(),
            moves: referee.moves().to_vec(),
            truncated: false,
            warnings: Vec::new(),
        }
    }

    /// Write moves as `text` does (style and characters of the record's first moves; see
    /// [`xiangqi::notation::detect_notation`]). Without move text, the report keeps Chinese.
    pub fn write_like<'a>(&mut self, texts: impl IntoIterator<Item = &'a str>) {
        if let Some((style, write)) = xiangqi::notation::detect_notation(texts) {
            self.style = style;
            self.write = write;
        }
    }

    /// [`Self::write_like`] for move texts given as byte ranges of `source` (see
    /// [`xiangqi::notation::detect_notation_in`]).
    pub fn write_like_spans(&mut self, source: &str, spans: &[std::ops::Range<usize>]) {
        if let Some((style, write)) = xiangqi::notation::detect_notation_in(source, spans) {
            self.style = style;
            self.write = write;
        }
    }
}

/// The one JSON writer of a judged xiangqi game (the `judge --json` line): one object, keys in
/// the order both games share (the game, the verdict, its details and evidence, the claims,
/// the record: `file, index, game, rules, plies, status, result, reason, at_ply, clause, …,
/// claims, moves_after_end, recorded_result, result_agrees, …`, as a chess game's
/// [`crate::chess::JudgeReport`] fields), written field by field without building a `Value` per game; only a
/// repetition's `cycle` and `readings` (rare, nested) go through a `Value`, which keeps their
/// keys sorted.
impl Serialize for XiangqiGameReport {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;

        /// One natural-move-limit claim: `{"at_ply","by","clause","intended_move":null,"kind"}`.
        #[derive(Serialize)]
        struct Claim {
            at_ply: usize,
            by: Color,
            clause: &'static str,
            intended_move: Option<()>,
            kind: &'static str,
        }
        struct Claims<'a>(&'a [(Color, usize)], &'static str);
        impl Serialize for Claims<'_> {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_seq(self.0.iter().map(|&(by, at_ply)| Claim {
                    at_ply,
                    by,
                    clause: self.1,
                    intended_move: None,
                    kind: "natural_move_limit",
                }))
            }
        }

        let v = &self.verdict;
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("file", &self.file)?;
        m.serialize_entry("index", &self.index)?;
        m.serialize_entry("game", "xiangqi")?;
        m.serialize_entry("rules", self.rules.id.name())?;
        m.serialize_entry("plies", &self.plies)?;
        m.serialize_entry("status", &v.status)?;
        m.serialize_entry("result", &v.result)?;
        m.serialize_entry("reason", &v.reason)?;
        m.serialize_entry("at_ply", &v.at_ply)?;
        m.serialize_entry("clause", &v.clause)?;
        m.serialize_entry("must_vary", &v.must_vary)?;
        if let Some(p) = v.procedure {
            m.serialize_entry("procedure", p)?;
        }
        if let Some(r) = &v.repetition {
            m.serialize_entry("cycle", &xreport::repetition_json(r, self.explain))?;
            m.serialize_entry("readings", &json!(r.judgement.readings))?;
        }
        m.serialize_entry(
            "claims",
            &Claims(&self.limit_claims, self.rules.natural_move_limit.clause),
        )?;
        m.serialize_entry("moves_after_end", &self.moves_after_end)?;
        m.serialize_entry("recorded_result", &self.recorded_result)?;
        if self.truncated {
            m.serialize_entry("result_agrees", &())?;
        } else if self.result_agrees.is_some() || self.recorded_result.is_some() {
            m.serialize_entry("result_agrees", &self.result_agrees)?;
        }
        if let Some(n) = self.notation_warnings {
            m.serialize_entry("notation_warnings", &n)?;
        }
        if self.truncated {
            m.serialize_entry("truncated", &true)?;
        }
        if !self.warnings.is_empty() {
            m.serialize_entry("warnings", &self.warnings)?;
        }
        m.end()
    }
}

/// The answer of [`crate::cycle`]: each side's offence and classified moves, and the verdict
/// (cli.md `cycle`).
#[derive(Debug, Clone)]
pub struct CycleReport {
    /// The position the loops start from (and end on).
    pub start: Position,
    /// The judgement of all the moves given, taken together.
    pub judgement: CycleJudgement,
    /// Whether exempted threats are listed (`"exempted"` per move).
    pub explain: bool,
    /// The notation each move is written in after its ICCS form: as the moves were given
    /// (`f7e7 (车四平五)` for simplified Chinese, `f7e7 (R4=5)` for WXF), Chinese for ICCS.
    pub style: Style,
    /// The characters and forms of that notation.
    pub options: WriteOptions,
}

/// `{"game":"xiangqi","rules",…,"sides":{"red","black"},"verdict":{…}}`.
impl Serialize for CycleReport {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        xreport::cycle_json(&self.judgement, self.explain).serialize(s)
    }
}

/// The answer of [`crate::classify`]: one xiangqi move's kinds and chases (cli.md `classify`).
#[derive(Debug, Clone)]
pub struct ClassifyReport {
    /// The position before the move.
    pub position: Position,
    /// What the move does.
    pub facts: crate::xiangqi::facts::MoveFacts,
    /// Whether exempted threats are listed.
    pub explain: bool,
    /// The notation the move is written in after its ICCS form: as given (`a3b3 (车九平八)`),
    /// Chinese for ICCS.
    pub style: Style,
    /// The characters and forms of that notation.
    pub options: WriteOptions,
}

/// `{"move","kinds","chases"}` (and `"exempted"` with `explain`).
impl Serialize for ClassifyReport {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        xreport::facts_json(&self.facts, self.explain).serialize(s)
    }
}

/// The answer of [`crate::claim`] (cli.md `claim`).
#[derive(Debug, Clone)]
pub enum ClaimReport {
    /// A chess claim (threefold, fifty moves; FIDE 9.2, 9.3).
    Chess(chess::ClaimVerdict),
    /// The xiangqi natural-move-limit claim (AXF 120 plies; TW113 100 plies or 80).
    Xiangqi {
        /// The judged claim with its count.
        claim: LimitClaim,
        /// `"axf"` or `"tw113"`.
        rules: RulesId,
        /// Move numbers of the game (the start FEN's move number and side to move).
        numbering: MoveNumbering,
        /// The move that produced the claim's ply, in the record's notation (`None` at ply 0).
        last_move: Option<String>,
        /// That move with the position it was played in, and the record's notation, to write
        /// it in a report's own notation.
        last_played: Option<Box<(Position, xiangqi::Move, Style, WriteOptions)>>,
        /// Set when the game had already ended (mate, no legal move) at the claim's ply: the
        /// claim is not judged.
        ended: Option<chess::GameEnded>,
    },
}

impl ClaimReport {
    /// Whether the claim is valid (false when it was not judged: the game had already ended).
    pub fn valid(&self) -> bool {
        match self {
            ClaimReport::Chess(v) => v.valid == Some(true),
            ClaimReport::Xiangqi { claim, ended, .. } => ended.is_none() && claim.valid,
        }
    }

    /// How the game had already ended when the claim was made (`None`: the claim was judged).
    pub fn ended(&self) -> Option<&chess::GameEnded> {
        match self {
            ClaimReport::Chess(v) => v.ended.as_ref(),
            ClaimReport::Xiangqi { ended, .. } => ended.as_ref(),
        }
    }
}

/// One JSON object, keys in alphabetical order.
impl Serialize for ClaimReport {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let v = match self {
            ClaimReport::Chess(v) => serde_json::to_value(v).map_err(serde::ser::Error::custom)?,
            ClaimReport::Xiangqi {
                claim: c,
                rules,
                ended,
                ..
            } => {
                let mut v = json!({
                    "valid": c.valid,
                    "kind": "natural_move_limit",
                    "rules": rules.name(),
                    "mode": c.mode,
                    "by": c.by,
                    "at_ply": c.at_ply,
                    "intended_move": null,
                    "clause": c.clause,
                    "penalty": c.penalty,
                    "must_play_intended_move": false,
                    "count": c.count,
                    "window_start_ply": c.window_start_ply,
                    "perpetual_spans": c.perpetual_spans,
                });
                if let (Some(e), Some(m)) = (ended, v.as_object_mut()) {
                    // Not judged: the game had already ended.
                    for k in ["count", "window_start_ply", "perpetual_spans"] {
                        m.remove(k);
                    }
                    m.insert("valid".into(), Value::Null);
                    m.insert("penalty".into(), Value::Null);
                    m.insert("clause".into(), json!(e.clause));
                    m.insert("ended".into(), json!(e));
                }
                v
            }
        };
        v.serialize(s)
    }
}

/// The answer of [`crate::dead`] for one chess position (FIDE 5.2.2), with the label that
/// followed the FEN on its line in a FEN file.
#[derive(Debug, Clone)]
pub struct DeadAnswer {
    /// The FEN as read (at most its six fields).
    pub fen: String,
    /// The answer, or why the FEN could not be judged.
    pub report: Result<chess::DeadReport, Error>,
    /// The label on a FEN-file line, before the FEN or after its six fields (a game id, an
    /// expected answer).
    pub label: Option<String>,
    /// The line of a FEN file it was read from (counted from 1), for [`crate::dead_lines`].
    pub line: Option<usize>,
}

impl DeadAnswer {
    /// True when the FEN could not be judged.
    pub fn is_error(&self) -> bool {
        self.report.is_err()
    }
}

/// `{"fen","dead","white_can_mate","black_can_mate","clause","horizon_draw"}` (keys in
/// alphabetical order, `label` when present), or `{"fen","error"}`.
///
/// Written field by field, in that order, without building a JSON value first (`dead
/// --fen-file` writes one per line, tens of thousands).
impl Serialize for DeadAnswer {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(None)?;
        match &self.report {
            Ok(r) => {
                m.serialize_entry("black_can_mate", &r.black_can_mate)?;
                m.serialize_entry("clause", r.clause)?;
                m.serialize_entry("dead", &r.dead)?;
                m.serialize_entry("fen", &r.fen)?;
                m.serialize_entry("horizon_draw", &r.horizon_draw)?;
                if let Some(l) = &self.label {
                    m.serialize_entry("label", l)?;
                }
                if let Some(u) = r.undetermined {
                    m.serialize_entry("undetermined", u)?;
                }
                m.serialize_entry("white_can_mate", &r.white_can_mate)?;
            }
            Err(e) => {
                m.serialize_entry("error", &e.to_string())?;
                m.serialize_entry("fen", &self.fen)?;
                if let Some(l) = &self.label {
                    m.serialize_entry("label", l)?;
                }
                if let Some(n) = self.line {
                    m.serialize_entry("line", &n)?;
                }
            }
        }
        m.end()
    }
}

/// The answer of [`crate::perft`]: leaf nodes of the legal move tree at a depth (both games).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PerftReport {
    /// The game of the position.
    pub game: Game,
    /// Depth searched (plies).
    pub depth: u32,
    /// Leaf nodes at that depth.
    pub nodes: u64,
    /// With divide: leaf nodes per first move (ICCS for xiangqi, UCI for chess), in move
    /// generation order.
    pub divide: Option<Vec<(String, u64)>>,
}

/// `{"nodes":N}`, with divide also `"divide":{"MOVE":N,…}` (keys sorted).
impl Serialize for PerftReport {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut v = json!({ "nodes": self.nodes });
        if let Some(d) = &self.divide {
            let map: serde_json::Map<String, Value> = d.iter().map(|(m, n)| (m.clone(), json!(n))).collect();
            v["divide"] = Value::Object(map);
        }
        v.serialize(s)
    }
}
