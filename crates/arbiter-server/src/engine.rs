//! Requests and answers of the API, translated to and from the library's front door. Nothing
//! here decides a rule: each function parses a request, calls one library function and maps its
//! error to an HTTP status.

use crate::routes::Limits;
use arbiter::{ClaimGame, ClaimQuery, Error, Lang, Options, RuleBook};
use serde::Deserialize;
use serde_json::{json, Value};

/// An answer that is not a report: an HTTP status and the error item (the object the CLI prints
/// with `--json` for the same failure, e.g. `{"file":"-","index":0,"error":"...","ply":3}`).
#[derive(Debug, Clone)]
pub struct ApiError {
    /// 400 malformed request, 404 no such route or sample, 413 body over the cap, 422 input
    /// that could not be judged (bad FEN, illegal move, unreadable record, over the time or
    /// perft cap), 500 a bug in the referee, 503 shutting down.
    pub status: u16,
    /// `{"error": "...", ...}`.
    pub item: Value,
}

impl ApiError {
    fn new(status: u16, error: String) -> ApiError {
        ApiError {
            status,
            item: json!({ "error": error }),
        }
    }
    /// 400: the request itself is malformed (not JSON, unknown field, missing field).
    pub fn bad_request(error: String) -> ApiError {
        ApiError::new(400, error)
    }
    /// 404.
    pub fn not_found(error: String) -> ApiError {
        ApiError::new(404, error)
    }
    /// 413: the body is over the cap.
    pub fn too_large(limit: usize) -> ApiError {
        ApiError::new(
            413,
            format!("the request body is over the {limit}-byte cap (arbiter serve --max-body)"),
        )
    }
    /// 422: well-formed, but the input cannot be judged; `item` is the CLI's error item.
    pub fn unjudgeable(item: Value) -> ApiError {
        ApiError { status: 422, item }
    }
    /// 422: the request needs more than the per-request time cap.
    pub fn too_slow(secs: f64) -> ApiError {
        ApiError::new(
            422,
            format!("the request needs more than the {secs} s time cap; send less at once (arbiter serve --max-seconds)"),
        )
    }
    /// 422: the request's time cap passed after `games` games were judged.
    pub fn too_slow_after(games: usize) -> ApiError {
        ApiError::new(
            422,
            format!(
                "the time cap passed after {games} games; send fewer games at once (arbiter serve --max-seconds)"
            ),
        )
    }
    /// 500: the referee failed (a bug).
    pub fn internal(error: String) -> ApiError {
        ApiError::new(500, error)
    }
    /// 503.
    pub fn unavailable(error: String) -> ApiError {
        ApiError::new(503, error)
    }
}

/// Moves as one string (`"h2e2 h9g7"`) or a list (`["h2e2","h9g7"]`).
#[derive(Deserialize, Debug, Clone)]
#[serde(untagged)]
pub enum Moves {
    Text(String),
    List(Vec<String>),
}

impl Default for Moves {
    fn default() -> Moves {
        Moves::Text(String::new())
    }
}

impl Moves {
    /// The moves as one space-separated string.
    pub fn joined(&self) -> String {
        match self {
            Moves::Text(s) => s.clone(),
            Moves::List(v) => v.join(" "),
        }
    }
}

/// `POST /api/v1/position`: judge a FEN and moves, as `arbiter judge --fen --moves`.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct PositionRequest {
    /// Start position (10 ranks xiangqi, 8 chess); default the xiangqi start position.
    pub fen: Option<String>,
    #[serde(default)]
    pub moves: Moves,
    pub rules: Option<String>,
    pub cycles: Option<u32>,
    pub game: Option<String>,
    pub dead_check: Option<String>,
    #[serde(default)]
    pub explain: bool,
    #[serde(default)]
    pub annotate: bool,
}

/// `POST /api/v1/cycle`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct CycleRequest {
    pub fen: String,
    pub moves: Moves,
    pub rules: Option<String>,
    #[serde(default)]
    pub explain: bool,
}

/// `POST /api/v1/classify`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct ClassifyRequest {
    pub fen: String,
    #[serde(rename = "move")]
    pub mv: String,
    pub rules: Option<String>,
    #[serde(default)]
    pub explain: bool,
}

/// `POST /api/v1/claim`: a claim in a FEN + moves, or in game `game` of `record` (PGN text).
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct ClaimRequest {
    pub kind: String,
    pub fen: Option<String>,
    pub moves: Option<Moves>,
    pub record: Option<String>,
    pub game: Option<usize>,
    pub rules: Option<String>,
    pub at_ply: Option<usize>,
    pub intended_move: Option<String>,
    pub time_control: Option<String>,
    pub limit: Option<u32>,
}

/// `POST /api/v1/dead`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct DeadRequest {
    pub fen: String,
}

/// `POST /api/v1/perft`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct PerftRequest {
    pub fen: Option<String>,
    pub depth: u32,
    #[serde(default)]
    pub divide: bool,
    pub game: Option<String>,
}

/// The language and move notation of an answer's words.
pub type Speech = (Lang, arbiter::Notation);

/// An option the library could not read: 400 with its message.
fn bad_option(e: Error) -> ApiError {
    ApiError::bad_request(e.to_string())
}

fn parse_rules(r: Option<&str>) -> Result<Option<RuleBook>, ApiError> {
    arbiter::options::rules(r).map_err(bad_option)
}

/// The library's options from the request's fields (400 for a value out of range), read by
/// [`arbiter::options::JudgeSettings`].
fn options(
    rules: Option<&str>,
    cycles: Option<u32>,
    game: Option<&str>,
    dead_check: Option<&str>,
    explain: bool,
) -> Result<Options, ApiError> {
    let settings = arbiter::options::JudgeSettings {
        game: game.map(str::to_string),
        rules: rules.map(str::to_string),
        cycles,
        explain,
        dead_check: dead_check.map(str::to_string),
    };
    settings.resolve().map_err(bad_option)
}

/// A library error as an answer: a request that does not fit → 400, input that cannot be
/// judged → 422 with `{"error","ply"}` (the CLI's item).
fn library_error(e: Error) -> ApiError {
    library_error_in(e, Lang::En)
}

/// [`library_error`] with the message in `lang` (usage errors; input errors as their readers
/// word them).
fn library_error_in(e: Error, lang: Lang) -> ApiError {
    let mut item = serde_json::to_value(&e).unwrap_or_else(|_| json!({ "error": e.to_string() }));
    item["error"] = json!(arbiter::render::errors::error(&e, lang));
    match e {
        Error::Usage(_) => ApiError { status: 400, item },
        Error::Input { .. } => ApiError::unjudgeable(item),
    }
}

fn to_value<T: serde::Serialize>(v: &T) -> Result<Value, ApiError> {
    serde_json::to_value(v).map_err(|e| ApiError::internal(format!("could not write the report: {e}")))
}

/// `POST /api/v1/judge`: every game of a record (PGN or XQF, any encoding), judged as
/// `arbiter judge --json` judges a file named `-`, each game's object handed to `emit` in
/// order with whether it was judged (false: an error item); with `annotate`, each judged game
/// also carries `"annotations"` (see [`arbiter::annotate`]). The games are read and judged
/// one at a time: nothing here grows with their number.
///
/// `budget`: the request's time cap and cancel flag; checked between games and inside each
/// game's replay, so a body of many games, or one long game, stops computing (422) soon after
/// the cap or the answer's end instead of running on unseen.
///
/// Errors: a bad query value (400), the time cap (422), or `emit`'s own error (then it stops).
pub fn judge_record(
    bytes: &[u8],
    q: &crate::routes::JudgeQuery,
    budget: &arbiter::Budget,
    mut emit: impl FnMut(Value, bool) -> Result<(), ApiError>,
) -> Result<(), ApiError> {
    let mut opts = options(
        q.rules.as_deref(),
        q.cycles,
        q.game.as_deref(),
        q.dead_check.as_deref(),
        q.explain,
    )?;
    opts.budget = budget.clone();
    for (games, input) in arbiter::split_bytes(bytes, "-").enumerate() {
        if budget.start().check().is_err() {
            return Err(ApiError::too_slow_after(games));
        }
        let report = input.judge(&opts);
        let mut v = to_value(&report)?;
        let judged = !report.is_error();
        v["text"] = report.text_json(q.speech.0, q.speech.1);
        if judged && q.annotate {
            if let Ok(notes) = input.annotate(&opts) {
                v["annotations"] = to_value(&notes)?;
            }
        }
        emit(v, judged)?;
    }
    Ok(())
}

/// `POST /api/v1/position`: one report, as `arbiter judge --fen --moves --json`, judged
/// within `budget` (the request's time cap and cancel flag: over it, an error item → 422).
pub fn judge_position(
    r: PositionRequest,
    budget: &arbiter::Budget,
    speech: Speech,
) -> Result<Value, ApiError> {
    let mut opts = options(
        r.rules.as_deref(),
        r.cycles,
        r.game.as_deref(),
        r.dead_check.as_deref(),
        r.explain,
    )?;
    opts.budget = budget.clone();
    let moves = r.moves.joined();
    let report = arbiter::judge_position(r.fen.as_deref(), &moves, &opts)
        .map_err(|e| library_error_in(e, speech.0))?;
    let mut v = to_value(&report)?;
    v["text"] = report.text_json(speech.0, speech.1);
    if report.is_error() {
        return Err(ApiError::unjudgeable(v));
    }
    if r.annotate {
        let notes = arbiter::annotate::position(r.fen.as_deref(), &moves, &opts).map_err(library_error)?;
        v["annotations"] = to_value(&notes)?;
    }
    Ok(v)
}

/// `POST /api/v1/cycle`: the `arbiter cycle --json` object.
pub fn cycle(r: CycleRequest, _l: &Limits, speech: Speech) -> Result<Value, ApiError> {
    let report = arbiter::cycle(
        &r.fen,
        &r.moves.joined(),
        parse_rules(r.rules.as_deref())?,
        r.explain,
    )
    .map_err(|e| library_error_in(e, speech.0))?;
    let mut v = to_value(&report)?;
    v["text"] = report.text_json(speech.0, speech.1);
    Ok(v)
}

/// `POST /api/v1/classify`: the `arbiter classify --json` object.
pub fn classify(r: ClassifyRequest, _l: &Limits, speech: Speech) -> Result<Value, ApiError> {
    let report = arbiter::classify(&r.fen, &r.mv, parse_rules(r.rules.as_deref())?, r.explain)
        .map_err(|e| library_error_in(e, speech.0))?;
    let mut v = to_value(&report)?;
    v["text"] = report.text_json(speech.0, speech.1);
    Ok(v)
}

/// `POST /api/v1/claim`: the `arbiter claim --json` object. The game is `record` (PGN text,
/// game `game`, default 0) or `fen` + `moves`.
pub fn claim(r: ClaimRequest, _l: &Limits, speech: Speech) -> Result<Value, ApiError> {
    let kind = arbiter::options::claim_kind(&r.kind).map_err(bad_option)?;
    // Not given: the record's tags decide, else standard (as the CLI does).
    let time_control = arbiter::options::time_control(r.time_control.as_deref()).map_err(bad_option)?;
    let moves = r.moves.as_ref().map(Moves::joined).unwrap_or_default();
    let game = match &r.record {
        Some(text) => {
            if r.fen.is_some() || r.moves.is_some() {
                return Err(ApiError::bad_request(
                    "give either record or fen/moves, not both".into(),
                ));
            }
            ClaimGame::Record {
                bytes: text.as_bytes(),
                file: "-",
                index: r.game.unwrap_or(0),
            }
        }
        None => ClaimGame::Position {
            fen: r.fen.as_deref(),
            moves: &moves,
            game: None,
        },
    };
    let q = ClaimQuery {
        kind,
        game,
        rules: parse_rules(r.rules.as_deref())?,
        at_ply: r.at_ply,
        intended_move: r.intended_move.clone(),
        time_control,
        limit: r.limit,
    };
    let report = arbiter::claim(&q).map_err(|e| match e {
        // A claim that does not fit the game is still a well-formed request: 422.
        Error::Usage(m) => {
            ApiError::unjudgeable(json!({ "error": arbiter::render::errors::usage(&m, speech.0) }))
        }
        e => library_error_in(e, speech.0),
    })?;
    let mut v = to_value(&report)?;
    v["text"] = report.text_json(speech.0);
    Ok(v)
}

/// `POST /api/v1/dead`: the `arbiter dead --json` object (FIDE 5.2.2).
pub fn dead(r: DeadRequest, _l: &Limits, speech: Speech) -> Result<Value, ApiError> {
    let answer = arbiter::dead(&r.fen);
    let mut v = to_value(&answer)?;
    if !answer.is_error() {
        v["text"] = answer.text_json(speech.0);
    }
    if answer.is_error() {
        return Err(ApiError::unjudgeable(v));
    }
    Ok(v)
}

/// `POST /api/v1/perft`: `{"nodes": N}` (with `divide`, also per first move); depth over
/// `limits.perft_depth` → 422.
pub fn perft(r: PerftRequest, l: &Limits) -> Result<Value, ApiError> {
    if r.depth > l.perft_depth {
        return Err(ApiError::unjudgeable(json!({
            "error": format!("perft depth {} is over this server's cap of {} plies", r.depth, l.perft_depth)
        })));
    }
    let report = arbiter::perft(
        r.fen.as_deref(),
        r.depth,
        r.divide,
        arbiter::options::game(r.game.as_deref()).map_err(bad_option)?,
    )
    .map_err(library_error)?;
    to_value(&report)
}

/// A game in progress for `arbiter referee`: the library's live referee of either game
/// ([`arbiter::live::Referee`]), its answers as JSON.
pub struct LiveGame(arbiter::live::Referee, Option<Lang>);

impl LiveGame {
    /// Starts a game: `game` xiangqi (default, or from the FEN) or chess; `rules` axf, tw113
    /// or fide; `fen` the start (default the standard start); `cycles` as `judge --cycles`.
    ///
    /// Errors: an error item for a bad value or FEN.
    /// `lang`: each answer also carries `text` (the report's words in that language, as
    /// `POST /api/v1/position` gives them).
    pub fn new(
        game: Option<&str>,
        rules: Option<&str>,
        fen: Option<&str>,
        cycles: Option<u32>,
        lang: Option<&str>,
    ) -> Result<LiveGame, Value> {
        let opts = options(rules, cycles, game, None, false).map_err(|e| e.item)?;
        let lang = match lang.map(str::parse::<Lang>) {
            Some(Err(e)) => return Err(json!({ "error": e.to_string() })),
            Some(Ok(l)) => Some(l),
            None => None,
        };
        arbiter::live::Referee::new(opts.game, opts.rules, fen, opts.cycles, opts.dead_check)
            .map(|r| LiveGame(r, lang))
            .map_err(|e| json!({ "error": e.to_string() }))
    }

    /// The report of the game so far (what `arbiter judge --json` gives for these moves).
    pub fn status(&self) -> Value {
        let report = self.0.report();
        let mut v = serde_json::to_value(&report).unwrap_or_else(|e| json!({ "error": e.to_string() }));
        if let Some(lang) = self.1 {
            v["text"] = report.text_json(lang, arbiter::Notation::Default);
        }
        v
    }

    /// Plays `text` (any notation the CLI reads) and answers the report after it with
    /// `"move"`: `{"move","kinds","chases"}` (xiangqi, ICCS) or `{"move","san"}` (chess, UCI).
    ///
    /// Errors: `{"error","ply","move"}` for a move that cannot be read or is illegal; the game
    /// is unchanged.
    pub fn push(&mut self, text: &str) -> Result<Value, Value> {
        let played = self
            .0
            .push(text)
            .map_err(|e| serde_json::to_value(e).unwrap_or_else(|e| json!({ "error": e.to_string() })))?;
        let mut v = self.status();
        v["move"] = serde_json::to_value(played).unwrap_or_else(|e| json!({ "error": e.to_string() }));
        Ok(v)
    }
}
