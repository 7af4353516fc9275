//! Keyword arguments read with the library's option readers ([`arbiter::options`]), and
//! answers written as JSON.

use super::*;

/// An option the library could not read ([`arbiter::options`]): `UsageError`.
pub(crate) fn bad_option(e: Error) -> PyErr {
    Python::with_gil(|py| front_error(py, e))
}

/// The library's options from the keyword arguments, read by
/// [`arbiter::options::JudgeSettings`].
pub(crate) fn options(
    rules: Option<&str>,
    cycles: Option<u32>,
    game: Option<&str>,
    explain: bool,
    dead_check: &str,
    engine_match: bool,
) -> PyResult<Options> {
    let settings = arbiter::options::JudgeSettings {
        game: game.map(str::to_string),
        rules: rules.map(str::to_string),
        cycles,
        explain,
        dead_check: Some(dead_check.to_string()),
        engine_match,
    };
    settings.resolve().map_err(bad_option)
}

/// Runs one front-door call with the GIL released: its report as one JSON line (the CLI's
/// `--json` line), its error as the matching Python exception ([`front_error`]).
pub(crate) fn answer<T, F>(py: Python<'_>, call: F) -> PyResult<String>
where
    T: serde::Serialize + Send,
    F: FnOnce() -> Result<T, Error> + Send,
{
    let r = py.allow_threads(call).map_err(|e| front_error(py, e))?;
    Ok(to_json(&r))
}

/// `lang` read as a language (`en`, `zh-Hant`, `zh-Hans`, a region tag): `UsageError` when it
/// names none.
pub(crate) fn parse_lang(py: Python<'_>, lang: Option<&str>) -> PyResult<Option<arbiter::Lang>> {
    lang.map(|l| {
        l.parse::<arbiter::Lang>()
            .map_err(|e| named_error(py, "UsageError", e.to_string()))
    })
    .transpose()
}

/// The JSON of `v` with its words in `lang` as `"text"` (the HTTP answer's `text` object),
/// or the plain JSON (the CLI's line) without a language.
pub(crate) fn json_in<T: serde::Serialize>(v: &T, text: Option<serde_json::Value>) -> String {
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

pub(crate) fn to_json<T: serde::Serialize>(v: &T) -> String {
    // The reports are plain data (strings, numbers, maps with string keys): this cannot fail.
    serde_json::to_string(v).unwrap_or_else(|e| format!("{{\"error\":\"cannot serialise: {e}\"}}"))
}
