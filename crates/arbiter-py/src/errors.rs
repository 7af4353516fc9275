//! The package's exception classes (`arbiter_referee.errors`) raised for the library's errors.

use super::*;

pub(crate) fn errors_class<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("arbiter_referee.errors")?.getattr(name)
}

/// `RecordError(message, index=, ply=, move=, file=)`.
pub(crate) fn record_error(
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

pub(crate) fn named_error(py: Python<'_>, class: &str, message: String) -> PyErr {
    match errors_class(py, class).and_then(|c| c.call1((message,))) {
        Ok(e) => PyErr::from_value(e),
        Err(e) => e,
    }
}

/// The front door's [`Error`] as a Python exception: `Usage` → `UsageError`, an input error
/// naming a FEN → `FenError`, any other input error → `RecordError` with its ply.
pub(crate) fn front_error(py: Python<'_>, e: Error) -> PyErr {
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
