//! `arbiter serve --access-log`: one JSON line per request,
//! `{"time","method","route","status","ms","bytes"}` — the time the request arrived (UTC,
//! RFC 3339), its method and path (no query), the status answered, the milliseconds until the
//! last byte of the answer was handed to the connection, and the bytes of the answer's body.
//! A line is written when the answer's body ends or is dropped (a client gone mid-answer).

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::Response;
use http_body::Frame;
use std::io::Write;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Instant, SystemTime};

/// Where the lines go (a file, or standard error). Write errors are ignored: a log that
/// cannot be written never stops an answer.
#[derive(Clone)]
pub struct Sink(Arc<Mutex<Box<dyn Write + Send>>>);

impl Sink {
    /// Appends to `path` (created if missing); `-` is standard error.
    ///
    /// Errors: the file cannot be opened for appending.
    pub fn open(path: &std::path::Path) -> std::io::Result<Sink> {
        let w: Box<dyn Write + Send> = if path.as_os_str() == "-" {
            Box::new(std::io::stderr())
        } else {
            Box::new(std::fs::OpenOptions::new().create(true).append(true).open(path)?)
        };
        Ok(Sink(Arc::new(Mutex::new(w))))
    }

    fn write_line(&self, line: &str) {
        let mut w = self.0.lock().unwrap_or_else(|p| p.into_inner());
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

/// The middleware: notes the request, wraps the answer's body to count its bytes.
pub async fn layer(State(sink): State<Sink>, req: Request, next: Next) -> Response {
    let start = Instant::now();
    let time = SystemTime::now();
    let method = req.method().to_string();
    let mut route: String = req.uri().path().chars().take(256).collect();
    if req.uri().path().len() > route.len() {
        route.push('…');
    }
    let response = next.run(req).await;
    let status = response.status().as_u16();
    let (parts, body) = response.into_parts();
    let entry = Entry {
        sink,
        time,
        start,
        method,
        route,
        status,
    };
    let counted = Counted {
        inner: body,
        bytes: 0,
        entry: Some(entry),
    };
    Response::from_parts(parts, Body::new(counted))
}

struct Entry {
    sink: Sink,
    time: SystemTime,
    start: Instant,
    method: String,
    route: String,
    status: u16,
}

impl Entry {
    fn write(self, bytes: u64) {
        let line = serde_json::json!({
            "time": rfc3339(self.time),
            "method": self.method,
            "route": self.route,
            "status": self.status,
            "ms": (self.start.elapsed().as_secs_f64() * 1000.0 * 1000.0).round() / 1000.0,
            "bytes": bytes,
        });
        self.sink.write_line(&line.to_string());
    }
}

/// The answer's body, counting the bytes it hands out; logs when it ends or is dropped.
struct Counted {
    inner: Body,
    bytes: u64,
    entry: Option<Entry>,
}

impl http_body::Body for Counted {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        let r = Pin::new(&mut self.inner).poll_frame(cx);
        match &r {
            Poll::Ready(Some(Ok(frame))) => {
                if let Some(data) = frame.data_ref() {
                    self.bytes += data.len() as u64;
                }
            }
            Poll::Ready(None) | Poll::Ready(Some(Err(_))) => {
                if let Some(e) = self.entry.take() {
                    e.write(self.bytes);
                }
            }
            Poll::Pending => {}
        }
        r
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.inner.size_hint()
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        if let Some(e) = self.entry.take() {
            e.write(self.bytes);
        }
    }
}

/// `2026-12-01T14:50:24.123Z`.
fn rfc3339(t: SystemTime) -> String {
    let d = t.duration_since(SystemTime::UNIX_EPOCH).unwrap_or_default();
    let secs = d.as_secs();
    let (days, rem) = (secs / 86_400, secs % 86_400);
    // Civil date from days since 1970-01-01 (Howard Hinnant's days_from_civil, inverted).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60,
        d.subsec_millis()
    )
}

#[cfg(test)]
mod tests {
    use super::rfc3339;
    use std::time::{Duration, SystemTime};

    #[test]
    fn times_are_rfc3339_utc() {
        let at = |s: u64| rfc3339(SystemTime::UNIX_EPOCH + Duration::from_millis(s));
        assert_eq!(at(0), "1970-01-01T00:00:00.000Z");
        // 2000-02-29 (a leap day of a century leap year) 12:34:56.789.
        assert_eq!(at(951_827_696_789), "2000-02-29T12:34:56.789Z");
        // 2026-12-01 14:50:24.
        assert_eq!(at(1_796_136_624_000), "2026-12-01T14:50:24.000Z");
    }
}
