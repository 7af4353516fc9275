//! A request body received within the limits (size, time, concurrent bodies), and the work
//! it asks for computed within the time cap.

use super::*;

/// A request body, buffered, with its share of the receiving budget (held until dropped).
pub(super) struct Received {
    pub(super) bytes: Vec<u8>,
    _share: Option<OwnedSemaphorePermit>,
}

/// Reads the whole body: at most `limits.body_bytes` (413 beyond, at once when the
/// `Content-Length` says so), within `limits.body_time` (408), each piece taking its share
/// of the receiving budget before it is kept (503 when none is free within the time).
pub(super) async fn read_body(
    state: &AppState,
    headers: &HeaderMap,
    mut body: Body,
) -> Result<Received, ApiError> {
    let limits = &state.limits;
    let limit = limits.body_bytes;
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit as u64) {
        return Err(ApiError::too_large(limit));
    }
    let deadline = tokio::time::Instant::now() + limits.body_time;
    let late = || ApiError::refused(408, Refusal::BodyLate(limits.body_time.as_secs_f64()));
    let mut bytes = Vec::with_capacity(declared.map_or(0, |n| n as usize).min(limit));
    let mut share: Option<OwnedSemaphorePermit> = None;
    loop {
        let frame = match tokio::time::timeout_at(deadline, body.frame()).await {
            Err(_) => return Err(late()),
            Ok(None) => break,
            Ok(Some(Err(e))) => return Err(ApiError::bad_request(Refusal::BodyUnread(e.to_string()))),
            Ok(Some(Ok(frame))) => frame,
        };
        let Ok(data) = frame.into_data() else { continue };
        if bytes.len() + data.len() > limit {
            return Err(ApiError::too_large(limit));
        }
        if data.is_empty() {
            continue;
        }
        let n = u32::try_from(data.len()).unwrap_or(u32::MAX);
        let got = tokio::time::timeout_at(deadline, state.buffers.clone().acquire_many_owned(n)).await;
        let permit = match got {
            Ok(Ok(p)) => p,
            Ok(Err(_)) => return Err(ApiError::unavailable(Refusal::ShuttingDown)),
            Err(_) => return Err(ApiError::unavailable(Refusal::Busy)),
        };
        match share.as_mut() {
            Some(s) => s.merge(permit),
            None => share = Some(permit),
        }
        bytes.extend_from_slice(&data);
    }
    Ok(Received { bytes, _share: share })
}

/// 415 unless the request says its body is JSON (`Content-Type: application/json`): a page
/// of another site can send `text/plain` without asking the browser's leave (no preflight).
pub(super) fn require_json(headers: &HeaderMap) -> Result<(), ApiError> {
    let ctype = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let essence = ctype.split(';').next().unwrap_or("").trim();
    if essence.eq_ignore_ascii_case("application/json") {
        Ok(())
    } else {
        Err(ApiError::refused(415, Refusal::NotJson(ctype.to_string())))
    }
}

/// Parses a JSON request body into `T` (400 naming the field or position on failure).
pub(super) fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(ApiError::bad_request(Refusal::EmptyBody));
    }
    serde_json::from_slice(bytes).map_err(|e| {
        ApiError::bad_request(Refusal::BadJson {
            text: e.to_string(),
            line: e.line(),
            column: e.column(),
            syntax: !e.is_data(),
        })
    })
}

/// Sets a request's cancel flag when dropped: its answer is sent, timed out, or its client
/// has gone — in each case the work behind it stops ([`arbiter::Budget::cancel_on`]).
pub(super) struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// A request's budget (its time cap and a cancel flag) and the guard that cancels it.
pub(super) fn request_budget(limits: &Limits) -> (arbiter::Budget, StopOnDrop) {
    let stop = Arc::new(AtomicBool::new(false));
    let budget = arbiter::Budget::unlimited()
        .until(limits.deadline())
        .cancel_on(stop.clone());
    (budget, StopOnDrop(stop))
}

/// Runs `work` on the blocking pool within the concurrency and time caps. When the cap passes
/// (422) or the client goes, the budget handed to `work` is cancelled, so the library's loops
/// stop and the permit is freed.
pub(super) async fn compute<F>(state: &AppState, work: F) -> Response
where
    F: FnOnce(&arbiter::Budget) -> Result<Value, ApiError> + Send + 'static,
{
    let limits = &state.limits;
    let secs = limits.time.as_secs_f64();
    let (budget, _stop) = request_budget(limits);
    let outcome = tokio::time::timeout(limits.time, async {
        let permit = state
            .permits
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| ApiError::unavailable(Refusal::ShuttingDown))?;
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work(&budget)
        })
        .await
        .map_err(|e| ApiError::internal(format!("the referee failed (a bug; please report it): {e}")))?
    })
    .await;
    match outcome {
        Ok(Ok(v)) => json_response(StatusCode::OK, &v),
        Ok(Err(e)) => e.into_response(),
        Err(_) => ApiError::too_slow(secs).into_response(),
    }
}
