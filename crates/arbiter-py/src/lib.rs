//! `arbiter_referee._arbiter`: the native half of the Python package `arbiter-referee`.
//!
//! Every answer is the library's report (the front door of the `arbiter` crate) serialised
//! with serde to the CLI's JSON text; the Python half turns it into dicts with `json.loads`,
//! so a dict from Python equals the line `arbiter … --json` prints. Batch work (splitting and
//! judging record files) runs with the GIL released. The per-move referees build their small
//! status dicts directly (no JSON) to keep `push` cheap.
//!
//! Errors are raised as the package's exception classes (`arbiter_referee.errors`):
//! `RecordError` (a `ValueError` with `index`, `ply`, `move`, `file`), `FenError` (a
//! `ValueError`), `UsageError` (a `ValueError`: a request that does not fit the game).

use arbiter::chess as ch;
use arbiter::xiangqi::referee::Referee as XqReferee;
use arbiter::{ClaimGame, ClaimQuery, Error, Game, GameReport, Options, RuleBook};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use shakmaty::{CastlingMode, Position as _};

// ---------------------------------------------------------------------------------------------
// Errors

fn errors_class<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("arbiter_referee.errors")?.getattr(name)
}

/// `RecordError(message, index=, ply=, move=, file=)`.
fn record_error(
    py: Python<'_>,
    message: &str,
    index: Option<usize>,
    ply: Option<usize>,
    mv: Option<&str>,
    file: Option<&str>,
) -> PyErr {
    let build = || -> PyResult<PyErr> {
        let kw = PyDict::new(py);
        kw.set_item("index", index)?;
        kw.set_item("ply", ply)?;
        kw.set_item("move", mv)?;
        kw.set_item("file", file)?;
        let e = errors_class(py, "RecordError")?.call((message,), Some(&kw))?;
        Ok(PyErr::from_value(e))
    };
    build().unwrap_or_else(|e| e)
}

fn named_error(py: Python<'_>, class: &str, message: String) -> PyErr {
    match errors_class(py, class).and_then(|c| c.call1((message,))) {
        Ok(e) => PyErr::from_value(e),
        Err(e) => e,
    }
}

/// The front door's [`Error`] as a Python exception: `Usage` → `UsageError`, an input error
/// naming a FEN → `FenError`, any other input error → `RecordError` with its ply.
fn front_error(py: Python<'_>, e: Error) -> PyErr {
    match e {
        Error::Usage(m) => named_error(py, "UsageError", m.to_string()),
        Error::Input { message, ply, .. } => {
            if ply.is_none() && message.contains("FEN") {
                named_error(py, "FenError", message)
            } else {
                record_error(py, &message, None, ply, None, None)
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Arguments

/// An option the library could not read ([`arbiter::options`]): `UsageError`.
fn bad_option(e: Error) -> PyErr {
    Python::with_gil(|py| front_error(py, e))
}

fn parse_rules(rules: Option<&str>) -> PyResult<Option<RuleBook>> {
    arbiter::options::rules(rules).map_err(bad_option)
}

fn parse_game(game: Option<&str>) -> PyResult<Option<Game>> {
    arbiter::options::game(game).map_err(bad_option)
}

/// The library's options from the keyword arguments, read by
/// [`arbiter::options::JudgeSettings`].
fn options(
    rules: Option<&str>,
    cycles: u32,
    game: Option<&str>,
    explain: bool,
    dead_check: &str,
    engine_match: bool,
) -> PyResult<Options> {
    let settings = arbiter::options::JudgeSettings {
        game: game.map(str::to_string),
        rules: rules.map(str::to_string),
        cycles: Some(cycles),
        explain,
        dead_check: Some(dead_check.to_string()),
        engine_match,
    };
    settings.resolve().map_err(bad_option)
}

/// Runs one front-door call with the GIL released: its report as one JSON line (the CLI's
/// `--json` line), its error as the matching Python exception ([`front_error`]).
fn answer<T, F>(py: Python<'_>, call: F) -> PyResult<String>
where
    T: serde::Serialize + Send,
    F: FnOnce() -> Result<T, Error> + Send,
{
    let r = py.allow_threads(call).map_err(|e| front_error(py, e))?;
    Ok(to_json(&r))
}

/// `lang` read as a language (`en`, `zh-Hant`, `zh-Hans`, a region tag): `UsageError` when it
/// names none.
fn parse_lang(py: Python<'_>, lang: Option<&str>) -> PyResult<Option<arbiter::Lang>> {
    lang.map(|l| {
        l.parse::<arbiter::Lang>()
            .map_err(|e| named_error(py, "UsageError", e.to_string()))
    })
    .transpose()
}

/// The JSON of `v` with its words in `lang` as `"text"` (the HTTP answer's `text` object),
/// or the plain JSON (the CLI's line) without a language.
fn json_in<T: serde::Serialize>(v: &T, text: Option<serde_json::Value>) -> String {
    match text {
        None => to_json(v),
        Some(t) => {
            let mut value =
                serde_json::to_value(v).unwrap_or_else(|e| serde_json::json!({ "error": e.to_string() }));
            value["text"] = t;
            value.to_string()
        }
    }
}

fn to_json<T: serde::Serialize>(v: &T) -> String {
    // The reports are plain data (strings, numbers, maps with string keys): this cannot fail.
    serde_json::to_string(v).unwrap_or_else(|e| format!("{{\"error\":\"cannot serialise: {e}\"}}"))
}

// ---------------------------------------------------------------------------------------------
// Batch judging

/// [`options`] for judging a batch: rules of the other game than a forced `game` refused.
fn batch_options(
    py: Python<'_>,
    rules: Option<&str>,
    cycles: u32,
    game: Option<&str>,
    explain: bool,
    dead_check: &str,
    engine_match: bool,
) -> PyResult<Options> {
    let opts = options(rules, cycles, game, explain, dead_check, engine_match)?;
    if opts
        .rules
        .is_some_and(|r| opts.game.is_some_and(|g| g != r.game()))
    {
        return Err(named_error(
            py,
            "UsageError",
            "the rules name the other game".into(),
        ));
    }
    Ok(opts)
}

/// Judges every game of one record file's bytes; returns one JSON line per game (the CLI's
/// `judge --json` lines, in order), judged in parallel with the GIL released.
/// `parallel=False` judges on the calling thread (for callers that parallelise themselves, as
/// Spark's executors do: one Python worker per core).
#[pyfunction]
#[pyo3(signature = (data, file, rules=None, cycles=3, game=None, explain=false, dead_check="proved", r#match=false, parallel=true, lang=None))]
#[allow(clippy::too_many_arguments)]
fn judge_bytes(
    py: Python<'_>,
    data: &[u8],
    file: &str,
    rules: Option<&str>,
    cycles: u32,
    game: Option<&str>,
    explain: bool,
    dead_check: &str,
    r#match: bool,
    parallel: bool,
    lang: Option<&str>,
) -> PyResult<Vec<String>> {
    let opts = batch_options(py, rules, cycles, game, explain, dead_check, r#match)?;
    let lang = parse_lang(py, lang)?;
    Ok(py.allow_threads(|| {
        let judge = |g: &arbiter::InputGame| {
            let r = g.judge(&opts);
            json_in(&r, lang.map(|l| r.text_json(l, arbiter::Notation::Default)))
        };
        if !parallel {
            return arbiter::split_bytes(data, file).map(|g| judge(&g)).collect();
        }
        let mut lines = Vec::new();
        let source = [arbiter::batch::Source::Bytes { bytes: data, file }];
        arbiter::batch::judge_in_order(&source, pool(), &judge, &mut lines);
        lines
    }))
}

/// The threads batch judging runs on: one per available core.
fn pool() -> &'static rayon::ThreadPool {
    static POOL: std::sync::OnceLock<rayon::ThreadPool> = std::sync::OnceLock::new();
    POOL.get_or_init(|| {
        let threads = std::thread::available_parallelism().map_or(1, usize::from);
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("arbiter-{i}"))
            .build()
            .unwrap_or_else(|_| {
                // No thread could be started: judge on the calling thread.
                rayon::ThreadPoolBuilder::new()
                    .num_threads(1)
                    .use_current_thread()
                    .build()
                    .expect("a pool on the current thread starts no thread")
            })
    })
}

/// Judges every game of the record file or directory at `path` as the CLI's `judge PATH
/// --json` does: the library's walk ([`walk`]) and its batch judging in input order, in
/// parallel with the GIL released. Returns `(lines, skipped)`: one JSON line per game (an
/// error line for a file or sub-directory that cannot be read) and the walk's notes.
///
/// Errors: `RecordError` when `path` itself is missing, unreadable or holds no record file.
#[pyfunction]
#[pyo3(signature = (path, rules=None, cycles=3, game=None, explain=false, dead_check="proved", r#match=false, lang=None))]
#[allow(clippy::too_many_arguments)]
fn judge_path(
    py: Python<'_>,
    path: std::path::PathBuf,
    rules: Option<&str>,
    cycles: u32,
    game: Option<&str>,
    explain: bool,
    dead_check: &str,
    r#match: bool,
    lang: Option<&str>,
) -> PyResult<(Vec<String>, Vec<String>)> {
    let opts = batch_options(py, rules, cycles, game, explain, dead_check, r#match)?;
    let lang = parse_lang(py, lang)?;
    let walk = py.allow_threads(|| arbiter::walk::expand([&path]));
    if let [arbiter::walk::Input::Unreadable { label, reason }] = walk.inputs.as_slice() {
        if *label == path.display().to_string() {
            return Err(record_error(
                py,
                &root_error(label, reason),
                None,
                None,
                None,
                Some(label),
            ));
        }
    }
    let lines = py.allow_threads(|| {
        let judge = |g: &arbiter::InputGame| {
            let r = g.judge(&opts);
            json_in(&r, lang.map(|l| r.text_json(l, arbiter::Notation::Default)))
        };
        let sources: Vec<_> = walk.inputs.iter().map(arbiter::batch::Source::Input).collect();
        let mut lines = Vec::new();
        arbiter::batch::judge_in_order(&sources, pool(), &judge, &mut lines);
        lines
    });
    Ok((lines, walk.skipped.iter().map(ToString::to_string).collect()))
}

/// The message of a path given to Python that cannot be read as a whole: the walk's reason,
/// with the path in front where the reason does not name it.
fn root_error(label: &str, reason: &str) -> String {
    if reason.contains(label) {
        reason.to_string()
    } else {
        format!("{label}: {reason}")
    }
}

/// A claim of a verdict row: kind, by, at_ply, intended_move, clause.
type ClaimRow = (
    Option<String>,
    Option<String>,
    Option<i64>,
    Option<String>,
    Option<String>,
);

/// One verdict row of `arbiter_referee.spark` (its `COLUMNS`), read from a game's report.
struct VerdictRow {
    /// file, game, rules, status, result, reason, must_vary, clause, recorded_result, error,
    /// error_move.
    text: [Option<String>; 11],
    index: Option<i64>,
    /// plies, at_ply, moves_after_end, error_ply.
    ints: [Option<i64>; 4],
    result_agrees: Option<bool>,
    /// kind, by, at_ply, intended_move, clause.
    claims: Vec<ClaimRow>,
    report: String,
}

/// The text columns of [`VerdictRow`], in its order, then the int columns, as Python names them.
const TEXT_COLUMNS: [&str; 11] = [
    "file",
    "game",
    "rules",
    "status",
    "result",
    "reason",
    "must_vary",
    "clause",
    "recorded_result",
    "error",
    "error_move",
];
const INT_COLUMNS: [&str; 4] = ["plies", "at_ply", "moves_after_end", "error_ply"];

/// `line` (a report's JSON line, which starts with its `file`, then its `index`) with the
/// index replaced by `index`; `None` when it has no top-level `index` right after `file`.
fn with_index(line: &str, index: i64) -> Option<String> {
    // `,"index":` cannot occur inside the file's JSON string (its quotes are escaped): the
    // first occurrence is the key that follows `file`.
    let key = ",\"index\":";
    let at = line.find(key)? + key.len();
    let len = line[at..].find([',', '}'])?;
    Some(format!("{}{index}{}", &line[..at], &line[at + len..]))
}

fn verdict_row(report: &GameReport, index: Option<i64>) -> VerdictRow {
    let mut line = to_json(report);
    let mut v = serde_json::to_value(report).unwrap_or(serde_json::Value::Null);
    let index = match (index, v.get("index")) {
        (Some(i), Some(_)) => {
            if let Some(l) = with_index(&line, i) {
                line = l;
            }
            v["index"] = i.into();
            Some(i)
        }
        (_, got) => got.and_then(serde_json::Value::as_i64),
    };
    let text = |v: &serde_json::Value, k: &str| v.get(k).and_then(|x| x.as_str()).map(str::to_owned);
    let int = |v: &serde_json::Value, k: &str| v.get(k).and_then(serde_json::Value::as_i64);
    let error = v.get("error").is_some();
    let mut texts: [Option<String>; 11] = Default::default();
    for (slot, name) in texts.iter_mut().zip(TEXT_COLUMNS) {
        *slot = match name {
            "error_move" if error => text(&v, "move"),
            "error_move" => None,
            _ => text(&v, name),
        };
    }
    let ints = [
        int(&v, "plies"),
        int(&v, "at_ply"),
        int(&v, "moves_after_end"),
        if error { int(&v, "ply") } else { None },
    ];
    let claims = v
        .get("claims")
        .and_then(|c| c.as_array())
        .map(|cs| {
            cs.iter()
                .map(|c| {
                    (
                        text(c, "kind"),
                        text(c, "by"),
                        int(c, "at_ply"),
                        text(c, "intended_move"),
                        text(c, "clause"),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    VerdictRow {
        text: texts,
        index,
        ints,
        result_agrees: v.get("result_agrees").and_then(serde_json::Value::as_bool),
        claims,
        report: line,
    }
}

/// Judges every game of one record file's bytes, on the calling thread with the GIL released,
/// into the columns of `arbiter_referee.spark`'s verdict rows: a dict from column name
/// (`COLUMNS`) to a list with one value per game, in file order, ready for
/// `pyarrow.RecordBatch.from_pydict`. `report` is the CLI's `judge --json` line.
/// `first_index`: the games are numbered from it by their position in `data` (a piece of a
/// larger file; each game's `index` and the `index` in its `report`), else as the CLI numbers
/// them. The options as `judge_bytes`.
#[pyfunction]
#[pyo3(signature = (data, file, first_index=None, rules=None, cycles=3, game=None, explain=false, dead_check="proved", r#match=false))]
#[allow(clippy::too_many_arguments)]
fn judge_columns<'py>(
    py: Python<'py>,
    data: &[u8],
    file: &str,
    first_index: Option<i64>,
    rules: Option<&str>,
    cycles: u32,
    game: Option<&str>,
    explain: bool,
    dead_check: &str,
    r#match: bool,
) -> PyResult<Bound<'py, PyDict>> {
    use pyo3::types::PyList;
    let opts = options(rules, cycles, game, explain, dead_check, r#match)?;
    let rows: Vec<VerdictRow> = py.allow_threads(|| {
        arbiter::split_bytes(data, file)
            .enumerate()
            .map(|(i, g)| {
                let index = first_index.map(|f| f + i64::try_from(i).unwrap_or(i64::MAX));
                verdict_row(&g.judge(&opts), index)
            })
            .collect()
    });
    let out = PyDict::new(py);
    for (k, name) in TEXT_COLUMNS.iter().enumerate() {
        out.set_item(name, PyList::new(py, rows.iter().map(|r| r.text[k].as_deref()))?)?;
    }
    for (k, name) in INT_COLUMNS.iter().enumerate() {
        out.set_item(name, PyList::new(py, rows.iter().map(|r| r.ints[k]))?)?;
    }
    out.set_item("index", PyList::new(py, rows.iter().map(|r| r.index))?)?;
    out.set_item(
        "result_agrees",
        PyList::new(py, rows.iter().map(|r| r.result_agrees))?,
    )?;
    let claims = PyList::empty(py);
    for r in &rows {
        let list = PyList::empty(py);
        for (kind, by, at_ply, intended_move, clause) in &r.claims {
            let c = PyDict::new(py);
            c.set_item("kind", kind)?;
            c.set_item("by", by)?;
            c.set_item("at_ply", at_ply)?;
            c.set_item("intended_move", intended_move)?;
            c.set_item("clause", clause)?;
            list.append(c)?;
        }
        claims.append(list)?;
    }
    out.set_item("claims", claims)?;
    out.set_item("report", PyList::new(py, rows.iter().map(|r| r.report.as_str()))?)?;
    Ok(out)
}

/// The games of one record file, split at once and judged one at a time as they are taken
/// (`iter_judge`). Each item is the JSON line of one game.
#[pyclass(module = "arbiter_referee._arbiter")]
struct GameIter {
    games: std::vec::IntoIter<arbiter::InputGame>,
    opts: Options,
}

#[pymethods]
impl GameIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> Option<String> {
        let g = self.games.next()?;
        let opts = &self.opts;
        Some(py.allow_threads(|| to_json(&g.judge(opts))))
    }
}

#[pyfunction]
#[pyo3(signature = (data, file, rules=None, cycles=3, game=None, explain=false, dead_check="proved", r#match=false))]
#[allow(clippy::too_many_arguments)]
fn iter_bytes(
    py: Python<'_>,
    data: &[u8],
    file: &str,
    rules: Option<&str>,
    cycles: u32,
    game: Option<&str>,
    explain: bool,
    dead_check: &str,
    r#match: bool,
) -> PyResult<GameIter> {
    let opts = options(rules, cycles, game, explain, dead_check, r#match)?;
    let games: Vec<arbiter::InputGame> = py.allow_threads(|| arbiter::split_bytes(data, file).collect());
    Ok(GameIter {
        games: games.into_iter(),
        opts,
    })
}

/// `judge --fen --moves`: one game from a position; the JSON line.
#[pyfunction]
#[pyo3(signature = (fen, moves, rules=None, cycles=3, game=None, explain=false, dead_check="proved", r#match=false, lang=None))]
#[allow(clippy::too_many_arguments)]
fn judge_position(
    py: Python<'_>,
    fen: Option<&str>,
    moves: &str,
    rules: Option<&str>,
    cycles: u32,
    game: Option<&str>,
    explain: bool,
    dead_check: &str,
    r#match: bool,
    lang: Option<&str>,
) -> PyResult<String> {
    let opts = options(rules, cycles, game, explain, dead_check, r#match)?;
    let lang = parse_lang(py, lang)?;
    let r = py
        .allow_threads(|| arbiter::judge_position(fen, moves, &opts))
        .map_err(|e| front_error(py, e))?;
    Ok(json_in(
        &r,
        lang.map(|l| r.text_json(l, arbiter::Notation::Default)),
    ))
}

#[pyfunction]
#[pyo3(signature = (fen, moves, rules=None, explain=false, lang=None))]
fn cycle(
    py: Python<'_>,
    fen: &str,
    moves: &str,
    rules: Option<&str>,
    explain: bool,
    lang: Option<&str>,
) -> PyResult<String> {
    let rules = parse_rules(rules)?;
    let lang = parse_lang(py, lang)?;
    let r = py
        .allow_threads(|| arbiter::cycle(fen, moves, rules, explain))
        .map_err(|e| front_error(py, e))?;
    Ok(json_in(
        &r,
        lang.map(|l| r.text_json(l, arbiter::Notation::Default)),
    ))
}

#[pyfunction]
#[pyo3(signature = (fen, mv, rules=None, explain=false, lang=None))]
fn classify(
    py: Python<'_>,
    fen: &str,
    mv: &str,
    rules: Option<&str>,
    explain: bool,
    lang: Option<&str>,
) -> PyResult<String> {
    let rules = parse_rules(rules)?;
    let lang = parse_lang(py, lang)?;
    let r = py
        .allow_threads(|| arbiter::classify(fen, mv, rules, explain))
        .map_err(|e| front_error(py, e))?;
    Ok(json_in(
        &r,
        lang.map(|l| r.text_json(l, arbiter::Notation::Default)),
    ))
}

#[pyfunction]
/// The game is game `index` of `record` (a record file's bytes, labelled `file`) when given,
/// else `fen` + `moves`. `time_control=None`: what the record's `[TimeControl]`/`[Event]` tag
/// implies, else standard play (as the CLI and the server).
#[pyo3(signature = (kind, fen=None, moves="", rules=None, at_ply=None, intended_move=None, time_control=None, limit=None, game=None, record=None, file="-", index=0, lang=None))]
#[allow(clippy::too_many_arguments)]
fn claim(
    py: Python<'_>,
    kind: &str,
    fen: Option<&str>,
    moves: &str,
    rules: Option<&str>,
    at_ply: Option<usize>,
    intended_move: Option<String>,
    time_control: Option<&str>,
    limit: Option<u32>,
    game: Option<&str>,
    record: Option<&[u8]>,
    file: &str,
    index: usize,
    lang: Option<&str>,
) -> PyResult<String> {
    let kind = arbiter::options::claim_kind(kind).map_err(bad_option)?;
    let lang = parse_lang(py, lang)?;
    let time_control = arbiter::options::time_control(time_control).map_err(bad_option)?;
    let q = ClaimQuery {
        kind,
        game: match record {
            Some(bytes) => ClaimGame::Record { bytes, file, index },
            None => ClaimGame::Position {
                fen,
                moves,
                game: parse_game(game)?,
            },
        },
        rules: parse_rules(rules)?,
        at_ply,
        intended_move,
        time_control,
        limit,
    };
    let r = py
        .allow_threads(|| arbiter::claim(&q))
        .map_err(|e| front_error(py, e))?;
    Ok(json_in(&r, lang.map(|l| r.text_json(l))))
}

#[pyfunction]
#[pyo3(signature = (fen, lang=None))]
fn dead(py: Python<'_>, fen: &str, lang: Option<&str>) -> PyResult<String> {
    let lang = parse_lang(py, lang)?;
    let a = py.allow_threads(|| arbiter::dead(fen));
    if let Err(e) = &a.report {
        return Err(named_error(py, "FenError", e.to_string()));
    }
    Ok(json_in(&a, lang.map(|l| a.text_json(l))))
}

#[pyfunction]
#[pyo3(signature = (depth, fen=None, game=None))]
fn perft(py: Python<'_>, depth: u32, fen: Option<&str>, game: Option<&str>) -> PyResult<String> {
    let game = parse_game(game)?;
    answer(py, || arbiter::perft(fen, depth, false, game))
}

// ---------------------------------------------------------------------------------------------
// The live referee

/// The incremental referee of either game (the library's [`arbiter::live::Referee`]), behind
/// `arbiter_referee.xiangqi.Referee` and `arbiter_referee.chess.Referee`.
#[pyclass(module = "arbiter_referee._arbiter")]
struct Referee {
    live: Live,
    start_fen: Option<String>,
}

use arbiter::live::Referee as Live;

fn color_name(c: xiangqi::Color) -> &'static str {
    match c {
        xiangqi::Color::Red => "red",
        xiangqi::Color::Black => "black",
    }
}

/// The JSON contract's name of a status (as its serde form).
fn status_name(s: arbiter::xiangqi::verdict::Status) -> &'static str {
    use arbiter::xiangqi::verdict::Status;
    match s {
        Status::Ongoing => "ongoing",
        Status::Claimable => "claimable",
        Status::Pending => "pending",
        Status::Decided => "decided",
    }
}

/// The JSON contract's name of a reason (as its serde form).
fn reason_name(r: arbiter::xiangqi::verdict::Reason) -> &'static str {
    use arbiter::xiangqi::verdict::Reason;
    match r {
        Reason::Checkmate => "checkmate",
        Reason::NoLegalMoves => "no_legal_moves",
        Reason::PerpetualCheck => "perpetual_check",
        Reason::PerpetualChase => "perpetual_chase",
        Reason::RepetitionDraw => "repetition_draw",
        Reason::NaturalMoveLimit => "natural_move_limit",
    }
}

fn uci_of(m: shakmaty::Move) -> String {
    m.to_uci(CastlingMode::Standard).to_string()
}

/// The status dict of a xiangqi game: ply, status, result, reason, at_ply, must_vary, clause,
/// to_move, and `cycle` when a repetition was judged.
/// `engine_match`: a pending verdict is final (`decided`), as `judge --match` reports it.
fn xiangqi_status<'py>(py: Python<'py>, r: &XqReferee, engine_match: bool) -> PyResult<Bound<'py, PyDict>> {
    use pyo3::intern;
    let v = r.verdict();
    let d = PyDict::new(py);
    // Interned keys and names: no string is built per move for them.
    d.set_item(intern!(py, "ply"), r.plies())?;
    let status = match status_name(v.status) {
        "ongoing" => intern!(py, "ongoing"),
        "claimable" => intern!(py, "claimable"),
        "pending" if !engine_match => intern!(py, "pending"),
        _ => intern!(py, "decided"),
    };
    d.set_item(intern!(py, "status"), status)?;
    let result = match v.result {
        arbiter::Outcome::Unknown => intern!(py, "*").clone(),
        r => pyo3::types::PyString::new(py, r.name()),
    };
    d.set_item(intern!(py, "result"), result)?;
    d.set_item(intern!(py, "reason"), v.reason.map(reason_name))?;
    d.set_item(intern!(py, "at_ply"), v.at_ply)?;
    d.set_item(intern!(py, "must_vary"), v.must_vary.map(color_name))?;
    d.set_item(intern!(py, "clause"), v.clause.as_ref().map(ToString::to_string))?;
    let to_move = match r.position().side_to_move() {
        xiangqi::Color::Red => intern!(py, "red"),
        xiangqi::Color::Black => intern!(py, "black"),
    };
    d.set_item(intern!(py, "to_move"), to_move)?;
    if let Some(rep) = &v.repetition {
        let c = arbiter::xiangqi::report::repetition_json(rep, false);
        let json = py.import("json")?;
        d.set_item("cycle", json.call_method1("loads", (c.to_string(),))?)?;
    }
    Ok(d)
}

/// The status dict of a chess game, built directly (no JSON): the same keys and values as
/// `json.loads` of its `PlyStatus` JSON.
fn chess_status<'py>(py: Python<'py>, r: &ch::Referee) -> PyResult<Bound<'py, PyDict>> {
    use pyo3::intern;
    let s = r.status();
    let d = PyDict::new(py);
    d.set_item(intern!(py, "ply"), s.ply)?;
    let status = match s.status {
        ch::Status::Ongoing => intern!(py, "ongoing"),
        ch::Status::Claimable => intern!(py, "claimable"),
        ch::Status::Pending => intern!(py, "pending"),
        ch::Status::Decided => intern!(py, "decided"),
    };
    d.set_item(intern!(py, "status"), status)?;
    d.set_item(intern!(py, "result"), s.result.name())?;
    let reason = s.reason.map(|r| match r {
        ch::Reason::Checkmate => "checkmate",
        ch::Reason::Stalemate => "stalemate",
        ch::Reason::DeadPosition => "dead_position",
        ch::Reason::FivefoldRepetition => "fivefold_repetition",
        ch::Reason::SeventyFiveMoves => "seventy_five_moves",
        ch::Reason::FlagDeadPosition => "flag_dead_position",
        ch::Reason::ThreefoldRepetition => "threefold_repetition",
        ch::Reason::FiftyMoves => "fifty_moves",
    });
    d.set_item(intern!(py, "reason"), reason)?;
    d.set_item(intern!(py, "at_ply"), s.at_ply)?;
    d.set_item(intern!(py, "clause"), s.clause.map(|c| c.to_string()))?;
    let to_move = if s.to_move == arbiter::Side::White {
        intern!(py, "white")
    } else {
        intern!(py, "black")
    };
    d.set_item(intern!(py, "to_move"), to_move)?;
    d.set_item(intern!(py, "halfmove_clock"), s.halfmove_clock)?;
    d.set_item(intern!(py, "repetitions"), s.repetitions)?;
    let claims = pyo3::types::PyList::empty(py);
    for c in &s.claims {
        let cd = PyDict::new(py);
        cd.set_item(intern!(py, "kind"), c.kind.name())?;
        cd.set_item(intern!(py, "by"), c.by.name())?;
        cd.set_item(intern!(py, "at_ply"), c.at_ply)?;
        cd.set_item(intern!(py, "intended_move"), c.intended_move.as_deref())?;
        cd.set_item(intern!(py, "clause"), c.clause.to_string())?;
        claims.append(cd)?;
    }
    d.set_item(intern!(py, "claims"), claims)?;
    d.set_item(intern!(py, "moves_after_end"), s.moves_after_end)?;
    Ok(d)
}

#[pymethods]
impl Referee {
    /// `game`: `"xiangqi"` or `"chess"`; `fen` the start (None: the standard start); `rules`
    /// (xiangqi: axf, tw113); `cycles` (xiangqi, 1 or more); `dead_check` (chess).
    #[new]
    #[pyo3(signature = (game, fen=None, rules=None, cycles=3, dead_check="proved", r#match=false))]
    fn new(
        py: Python<'_>,
        game: &str,
        fen: Option<&str>,
        rules: Option<&str>,
        cycles: u32,
        dead_check: &str,
        r#match: bool,
    ) -> PyResult<Self> {
        let opts = options(rules, cycles, Some(game), false, dead_check, r#match)?;
        let live = Live::new(fen, &opts).map_err(|e| match e {
            Error::Usage(m) => named_error(py, "UsageError", m.to_string()),
            Error::Input { message, .. } => named_error(py, "FenError", message),
        })?;
        Ok(Referee {
            live,
            start_fen: fen.map(str::to_string),
        })
    }

    /// Plays one move (xiangqi: ICCS, WXF or Chinese; chess: SAN or UCI); returns the move
    /// played in ICCS or UCI.
    fn push_move(&mut self, py: Python<'_>, mv: &str) -> PyResult<String> {
        let m = self
            .live
            .play(mv)
            .map_err(|e| record_error(py, &e.error, None, Some(e.ply), Some(&e.mv), None))?;
        Ok(m.coordinates())
    }

    /// Plays one move; returns the status dict (as `status`) with `"move"`: what the move is,
    /// as `arbiter referee` answers a push (xiangqi `{"move","kinds","chases"}` in ICCS, chess
    /// `{"move","san"}` in UCI).
    fn push<'py>(&mut self, py: Python<'py>, mv: &str) -> PyResult<Bound<'py, PyDict>> {
        let played = self
            .live
            .push(mv)
            .map_err(|e| record_error(py, &e.error, None, Some(e.ply), Some(&e.mv), None))?;
        let d = self.status(py)?;
        let json = py.import("json")?;
        d.set_item("move", json.call_method1("loads", (to_json(&played),))?)?;
        Ok(d)
    }

    /// The status after the last move as a dict (see `xiangqi_status`, `chess_status`).
    fn status<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        match &self.live {
            Live::Xiangqi {
                referee,
                engine_match,
                ..
            } => xiangqi_status(py, referee, *engine_match),
            Live::Chess { referee } => chess_status(py, referee),
        }
    }

    /// The chess status after the current ply as JSON text (`PlyStatus`); `None` for xiangqi.
    fn status_json(&self, py: Python<'_>) -> Option<String> {
        match &self.live {
            Live::Xiangqi { .. } => None,
            Live::Chess { referee } => Some(py.allow_threads(|| to_json(&referee.status()))),
        }
    }

    /// The whole game report (the `judge --json` line of the moves so far) as JSON text;
    /// with `lang`, also its words in that language as `"text"`.
    #[pyo3(signature = (lang=None))]
    fn report_json(&self, py: Python<'_>, lang: Option<&str>) -> PyResult<String> {
        let lang = parse_lang(py, lang)?;
        let r = self.live.report();
        Ok(json_in(
            &r,
            lang.map(|l| r.text_json(l, arbiter::Notation::Default)),
        ))
    }

    fn fen(&self) -> String {
        match &self.live {
            Live::Xiangqi { referee, .. } => referee.position().to_fen(),
            Live::Chess { referee } => {
                use shakmaty::fen::Fen;
                Fen::from_position(&referee.position().clone(), shakmaty::EnPassantMode::Legal).to_string()
            }
        }
    }

    /// The legal moves of the side to move, in ICCS or UCI.
    fn legal_moves(&self) -> Vec<String> {
        match &self.live {
            Live::Xiangqi { referee, .. } => referee
                .position()
                .legal_moves()
                .iter()
                .map(|m| m.to_string())
                .collect(),
            Live::Chess { referee } => referee
                .position()
                .legal_moves()
                .iter()
                .map(|m| uci_of(*m))
                .collect(),
        }
    }

    /// The moves played, in ICCS or UCI.
    fn moves(&self) -> Vec<String> {
        match &self.live {
            Live::Xiangqi { referee, .. } => referee.moves().iter().map(|m| m.to_string()).collect(),
            Live::Chess { referee } => referee.moves().iter().map(|m| uci_of(*m)).collect(),
        }
    }

    fn plies(&self) -> usize {
        self.live.plies()
    }

    /// The rule set's name (`axf`, `tw113`, `fide`).
    fn rules(&self) -> String {
        match &self.live {
            Live::Xiangqi { referee, .. } => referee.rules().id.name().to_string(),
            Live::Chess { .. } => "fide".to_string(),
        }
    }

    fn start_fen(&self) -> Option<String> {
        self.start_fen.clone()
    }
}

/// The inputs of `path` as the CLI's `judge PATH` reads them (the library's walk,
/// [`arbiter::walk`]): a file as given; a directory walked recursively for record files, each
/// file once, symbolic link loops, FIFOs, devices and sockets skipped without being opened.
/// Returns `(inputs, skipped)`: each input `(label, None)` to read, or `(label, reason)` when it
/// cannot be read (a missing path, an empty or unreadable directory); each skipped path as a
/// note (`skipped PATH: why`).
#[pyfunction]
fn walk(py: Python<'_>, path: std::path::PathBuf) -> (Vec<(String, Option<String>)>, Vec<String>) {
    py.allow_threads(|| {
        let w = arbiter::walk::expand([path]);
        let inputs = w
            .inputs
            .into_iter()
            .map(|i| match i {
                arbiter::walk::Input::Unreadable { label, reason } => (label, Some(reason)),
                i => (i.label(), None),
            })
            .collect();
        (inputs, w.skipped.iter().map(ToString::to_string).collect())
    })
}

/// The record files under `dir` that [`walk`] reads, in its order (unreadable ones left out).
#[pyfunction]
fn record_files(py: Python<'_>, dir: std::path::PathBuf) -> Vec<String> {
    walk(py, dir)
        .0
        .into_iter()
        .filter_map(|(label, error)| error.is_none().then_some(label))
        .collect()
}

/// The number of games `judge_bytes` would judge in a record file's bytes (split only, no
/// move is read): for planning the pieces of a large PGN file (`arbiter_referee.spark`).
#[pyfunction]
fn count_games(py: Python<'_>, data: &[u8]) -> usize {
    py.allow_threads(|| arbiter::split_bytes(data, "-").count())
}

/// Whether a file with this name and these bytes is a record file a directory walk reads (the
/// CLI's rule: a record extension, or a text extension whose first MiB holds a DhtmlXQ block,
/// a CBF document or a Chinese move list). For file lists that come without a file system
/// (Spark's `binaryFile` rows).
#[pyfunction]
fn is_record(name: &str, data: &[u8]) -> bool {
    use records::record::{is_text_record, RECORD_EXTENSIONS, SNIFF_BYTES, TEXT_EXTENSIONS};
    let Some(ext) = std::path::Path::new(name).extension().and_then(|e| e.to_str()) else {
        return false;
    };
    if RECORD_EXTENSIONS.iter().any(|x| ext.eq_ignore_ascii_case(x)) {
        return true;
    }
    TEXT_EXTENSIONS.iter().any(|x| ext.eq_ignore_ascii_case(x))
        && is_text_record(&data[..data.len().min(SNIFF_BYTES as usize)])
}

#[pymodule]
fn _arbiter(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(judge_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(iter_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(judge_columns, m)?)?;
    m.add_function(wrap_pyfunction!(judge_position, m)?)?;
    m.add_function(wrap_pyfunction!(cycle, m)?)?;
    m.add_function(wrap_pyfunction!(classify, m)?)?;
    m.add_function(wrap_pyfunction!(claim, m)?)?;
    m.add_function(wrap_pyfunction!(dead, m)?)?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(walk, m)?)?;
    m.add_function(wrap_pyfunction!(judge_path, m)?)?;
    m.add_function(wrap_pyfunction!(record_files, m)?)?;
    m.add_function(wrap_pyfunction!(is_record, m)?)?;
    m.add_function(wrap_pyfunction!(count_games, m)?)?;
    m.add_class::<GameIter>()?;
    m.add_class::<Referee>()?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
