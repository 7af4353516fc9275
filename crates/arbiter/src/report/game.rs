//! The report of a judged game (either game) or of one that could not be judged.

use super::Cause;
use crate::chess;
use crate::citation::Clauses;
use crate::types::Game;
use crate::words::MoveNumbering;
use crate::xiangqi::referee::Referee;
use crate::xiangqi::report as xreport;
use crate::xiangqi::rules::RuleSet;
use crate::xiangqi::verdict::Verdict;
use serde::{Serialize, Serializer};
use serde_json::json;
use xiangqi::notation::{Style, WriteOptions};
use xiangqi::{Color, Position};

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

/// A reader's own line for an error it met (a record error as [`records::RecordError`] words
/// it), without its newline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ReaderLine {
    /// The line names its file itself.
    Whole(String),
    /// The line follows the name of the input and `: `.
    AfterInput(String),
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
    pub(crate) text: Option<ReaderLine>,
    /// The game was given as a start position and moves, not read from a file (the text
    /// names it so, see [`crate::render::InputWords::position`]; JSON `file` stays `-`).
    #[serde(skip)]
    pub from_position: bool,
    /// What went wrong as a typed value, for the words in other languages
    /// ([`crate::render::errors::cause`]); `None`: only `error`'s English.
    #[serde(skip)]
    pub cause: Option<Box<Cause>>,
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
    /// The record may have been cut short (docs/formats.md, "broken and truncated records"): nothing is said of its result.
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
    /// The record may have been cut short (docs/formats.md, "broken and truncated records"): `result_agrees` is then null.
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
            clause: Clauses,
            intended_move: Option<()>,
            kind: &'static str,
        }
        struct Claims<'a>(&'a [(Color, usize)], Clauses);
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
            m.serialize_entry("procedure", &p)?;
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
