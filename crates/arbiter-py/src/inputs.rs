//! Record inputs: the folder walk, record files, counting games, sniffing a record.

use super::*;

/// The inputs of `path` as the CLI's `judge PATH` reads them (the library's walk,
/// [`arbiter::walk`]): a file as given; a directory walked recursively for record files, each
/// file once, symbolic link loops, FIFOs, devices and sockets skipped without being opened.
/// Returns `(inputs, skipped)`: each input `(label, None)` to read, or `(label, reason)` when it
/// cannot be read (a missing path, an empty or unreadable directory); each skipped path as a
/// note (`skipped PATH: why`).
#[pyfunction]
pub(crate) fn walk(py: Python<'_>, path: std::path::PathBuf) -> (Vec<(String, Option<String>)>, Vec<String>) {
    py.allow_threads(|| {
        let w = arbiter::walk::expand([path]);
        let inputs = w
            .inputs
            .into_iter()
            .map(|i| match i {
                arbiter::walk::Input::Unreadable { label, reason } => (label, Some(reason.to_string())),
                i => (i.label(), None),
            })
            .collect();
        (inputs, w.skipped.iter().map(ToString::to_string).collect())
    })
}

/// The record files under `dir` that [`walk`] reads, in its order (unreadable ones left out).
#[pyfunction]
pub(crate) fn record_files(py: Python<'_>, dir: std::path::PathBuf) -> Vec<String> {
    walk(py, dir)
        .0
        .into_iter()
        .filter_map(|(label, error)| error.is_none().then_some(label))
        .collect()
}

/// The number of games `judge_bytes` would judge in a record file's bytes (split only, no
/// move is read): for planning the pieces of a large PGN file (`arbiter_referee.spark`).
#[pyfunction]
pub(crate) fn count_games(py: Python<'_>, data: &[u8]) -> usize {
    py.allow_threads(|| arbiter::split_bytes(data, "-").count())
}

/// Whether a file with this name and these bytes is a record file a directory walk reads (the
/// CLI's rule: a record extension, or a text extension whose first MiB holds a DhtmlXQ block,
/// a CBF document or a Chinese move list). For file lists that come without a file system
/// (Spark's `binaryFile` rows).
#[pyfunction]
pub(crate) fn is_record(name: &str, data: &[u8]) -> bool {
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
