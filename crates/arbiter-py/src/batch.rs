//! Judging record files in batches (the GIL released), as JSON lines, columns or an iterator.

use super::*;

/// [`options`] for judging a batch: rules of the other game than a forced `game` refused.
pub(crate) fn batch_options(
    py: Python<'_>,
    rules: Option<&str>,
    cycles: Option<u32>,
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
#[pyo3(signature = (data, file, rules=None, cycles=None, game=None, explain=false, dead_check="proved", r#match=false, parallel=true, lang=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn judge_bytes(
    py: Python<'_>,
    data: &[u8],
    file: &str,
    rules: Option<&str>,
    cycles: Option<u32>,
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
pub(crate) fn pool() -> &'static rayon::ThreadPool {
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
#[pyo3(signature = (path, rules=None, cycles=None, game=None, explain=false, dead_check="proved", r#match=false, lang=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn judge_path(
    py: Python<'_>,
    path: std::path::PathBuf,
    rules: Option<&str>,
    cycles: Option<u32>,
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
                &root_error(label, &reason.to_string()),
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
pub(crate) fn root_error(label: &str, reason: &str) -> String {
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
pub(crate) struct VerdictRow {
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
pub(crate) const TEXT_COLUMNS: [&str; 11] = [
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
pub(crate) const INT_COLUMNS: [&str; 4] = ["plies", "at_ply", "moves_after_end", "error_ply"];

/// `line` (a report's JSON line, which starts with its `file`, then its `index`) with the
/// index replaced by `index`; `None` when it has no top-level `index` right after `file`.
pub(crate) fn with_index(line: &str, index: i64) -> Option<String> {
    // `,"index":` cannot occur inside the file's JSON string (its quotes are escaped): the
    // first occurrence is the key that follows `file`.
    let key = ",\"index\":";
    let at = line.find(key)? + key.len();
    let len = line[at..].find([',', '}'])?;
    Some(format!("{}{index}{}", &line[..at], &line[at + len..]))
}

pub(crate) fn verdict_row(report: &GameReport, index: Option<i64>) -> VerdictRow {
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
#[pyo3(signature = (data, file, first_index=None, rules=None, cycles=None, game=None, explain=false, dead_check="proved", r#match=false))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn judge_columns<'py>(
    py: Python<'py>,
    data: &[u8],
    file: &str,
    first_index: Option<i64>,
    rules: Option<&str>,
    cycles: Option<u32>,
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
pub(crate) struct GameIter {
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
#[pyo3(signature = (data, file, rules=None, cycles=None, game=None, explain=false, dead_check="proved", r#match=false))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn iter_bytes(
    py: Python<'_>,
    data: &[u8],
    file: &str,
    rules: Option<&str>,
    cycles: Option<u32>,
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
