//! The one-shot questions: a game from a position, a cycle, a move, a claim, a dead position,
//! perft.

use super::*;

/// `judge --fen --moves`: one game from a position; the JSON line.
#[pyfunction]
#[pyo3(signature = (fen, moves, rules=None, cycles=None, game=None, explain=false, dead_check="proved", r#match=false, lang=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn judge_position(
    py: Python<'_>,
    fen: Option<&str>,
    moves: &str,
    rules: Option<&str>,
    cycles: Option<u32>,
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
pub(crate) fn cycle(
    py: Python<'_>,
    fen: &str,
    moves: &str,
    rules: Option<&str>,
    explain: bool,
    lang: Option<&str>,
) -> PyResult<String> {
    let rules = arbiter::options::rules(rules).map_err(bad_option)?;
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
pub(crate) fn classify(
    py: Python<'_>,
    fen: &str,
    mv: &str,
    rules: Option<&str>,
    explain: bool,
    lang: Option<&str>,
) -> PyResult<String> {
    let rules = arbiter::options::rules(rules).map_err(bad_option)?;
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
pub(crate) fn claim(
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
                game: arbiter::options::game(game).map_err(bad_option)?,
            },
        },
        rules: arbiter::options::rules(rules).map_err(bad_option)?,
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
pub(crate) fn dead(py: Python<'_>, fen: &str, lang: Option<&str>) -> PyResult<String> {
    let lang = parse_lang(py, lang)?;
    let a = py.allow_threads(|| arbiter::dead(fen));
    if let Err(e) = &a.report {
        return Err(named_error(py, "FenError", e.to_string()));
    }
    Ok(json_in(&a, lang.map(|l| a.text_json(l))))
}

#[pyfunction]
#[pyo3(signature = (depth, fen=None, game=None))]
pub(crate) fn perft(py: Python<'_>, depth: u32, fen: Option<&str>, game: Option<&str>) -> PyResult<String> {
    let game = arbiter::options::game(game).map_err(bad_option)?;
    answer(py, || arbiter::perft(fen, depth, false, game))
}
