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
//!
//! Modules: `errors` (the exception classes raised), `args` (keyword arguments and JSON
//! answers), `batch` (record files judged in batches), `questions` (the one-shot questions),
//! `referee` (the live referee), `inputs` (the folder walk and record sniffing).

use arbiter::chess as ch;
use arbiter::xiangqi::referee::Referee as XqReferee;
use arbiter::{ClaimGame, ClaimQuery, Error, GameReport, Options};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use shakmaty::{CastlingMode, Position as _};

mod args;
mod batch;
mod errors;
mod inputs;
mod questions;
mod referee;

use args::*;
use batch::*;
use errors::*;
use inputs::*;
use questions::*;
use referee::*;

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
