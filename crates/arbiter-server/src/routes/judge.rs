//! `POST /api/v1/judge`: the record in the body judged game by game, the answer streamed
//! when it grows large.

use super::*;

/// Query parameters of `POST /api/v1/judge` (the body is the record itself).
#[derive(serde::Deserialize, Default, Debug)]
#[serde(deny_unknown_fields)]
pub struct JudgeQuery {
    pub rules: Option<String>,
    pub cycles: Option<u32>,
    pub game: Option<String>,
    pub dead_check: Option<String>,
    #[serde(default)]
    pub explain: bool,
    #[serde(default)]
    pub annotate: bool,
    /// The language of each game's `text` (see [`speech`]).
    pub lang: Option<String>,
    /// The notation of xiangqi moves in each game's `text`.
    pub notation: Option<String>,
    /// Resolved from `lang`, `notation` and `Accept-Language` by the handler.
    #[serde(skip)]
    pub speech: (arbiter::Lang, arbiter::Notation),
    /// `match=true`: the engine-match convention (`judge --match`).
    #[serde(default, rename = "match")]
    pub engine_match: bool,
}

/// The answer of `POST /api/v1/judge` is held whole up to this many bytes (so that a body no
/// game of which could be judged, or one over the time cap, still gets 422); past it, the
/// answer is streamed with 200 and the rest is never held.
pub(super) const JUDGE_HELD_BYTES: usize = 4 << 20;

/// Games' JSON objects are handed from the judging thread to the answer in pieces of about
/// this many bytes.
pub(super) const JUDGE_PIECE_BYTES: usize = 64 << 10;

/// From the thread judging a `/judge` body to its answer.
pub(super) enum Piece {
    /// One or more games' objects, comma-separated, and how many of them were judged.
    Games(Vec<u8>, usize),
    /// The end: every game answered, or why not.
    End(Result<(), ApiError>),
}

pub(super) async fn judge(
    State(state): State<AppState>,
    query: Result<Query<JudgeQuery>, axum::extract::rejection::QueryRejection>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let Query(mut q) = match query {
        Ok(q) => q,
        Err(e) => return ApiError::bad_request(Refusal::query(&e.body_text())).into_response(),
    };
    q.speech = match speech(q.lang.as_deref(), q.notation.as_deref(), &headers) {
        Ok(s) => s,
        Err(e) => return e.into_response(),
    };
    let lang = q.speech.0;
    with_language(judge_answer(state, q, headers, body).await, lang)
}

pub(super) async fn judge_answer(state: AppState, q: JudgeQuery, headers: HeaderMap, body: Body) -> Response {
    let lang = q.speech.0;
    let received = match read_body(&state, &headers, body).await {
        Ok(b) => b,
        Err(e) => return e.into_response(),
    };
    let limits = &state.limits;
    let deadline = limits.deadline();
    let (budget, stop) = request_budget(limits);
    let too_slow = || ApiError::too_slow(limits.time.as_secs_f64());
    let permit = match tokio::time::timeout(limits.time, state.permits.clone().acquire_owned()).await {
        Ok(Ok(p)) => p,
        Ok(Err(_)) => return ApiError::unavailable(Refusal::ShuttingDown).into_response(),
        Err(_) => return too_slow().into_response(),
    };
    let (tx, mut rx) = tokio::sync::mpsc::channel::<Piece>(4);
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        judge_pieces(&received.bytes, &q, &budget, deadline, &tx);
    });
    // Hold the answer until it is whole or over JUDGE_HELD_BYTES.
    let tokio_deadline = tokio::time::Instant::from_std(deadline);
    let mut held = Vec::new();
    let mut judged = 0usize;
    loop {
        let piece = match tokio::time::timeout_at(tokio_deadline, rx.recv()).await {
            Err(_) => return too_slow().into_response(),
            // The judging stopped at the time cap without a last word: the cap, not a bug.
            Ok(None) if std::time::Instant::now() >= deadline => return too_slow().into_response(),
            Ok(None) => {
                return ApiError::internal("the referee stopped (a bug; please report it)".into())
                    .into_response()
            }
            Ok(Some(p)) => p,
        };
        match piece {
            Piece::Games(bytes, n) => {
                if !held.is_empty() {
                    held.push(b',');
                }
                held.extend_from_slice(&bytes);
                judged += n;
                if held.len() > JUDGE_HELD_BYTES {
                    break;
                }
            }
            Piece::End(Err(e)) => return e.into_response(),
            Piece::End(Ok(())) => return whole_judge_answer(held, judged, lang),
        }
    }
    let mut first = b"{\"games\":[".to_vec();
    first.extend_from_slice(&held);
    drop(held);
    let stream = JudgeStream {
        _stop: stop,
        first: Some(Bytes::from(first)),
        rx,
        deadline: Box::pin(tokio::time::sleep_until(tokio_deadline)),
        time: limits.time.as_secs_f64(),
        lang,
        done: false,
    };
    (
        StatusCode::OK,
        [(header::CONTENT_TYPE, "application/json")],
        Body::new(stream),
    )
        .into_response()
}

/// Judges every game of `bytes` ([`engine::judge_record`]) and hands the objects to `tx` in
/// pieces; gives up when the answer is gone or `deadline` passes while it waits for room.
pub(super) fn judge_pieces(
    bytes: &[u8],
    q: &JudgeQuery,
    budget: &arbiter::Budget,
    deadline: Instant,
    tx: &tokio::sync::mpsc::Sender<Piece>,
) {
    let send = |mut piece: Piece| -> bool {
        loop {
            match tx.try_send(piece) {
                Ok(()) => return true,
                Err(tokio::sync::mpsc::error::TrySendError::Closed(_)) => return false,
                Err(tokio::sync::mpsc::error::TrySendError::Full(p)) => {
                    if Instant::now() > deadline {
                        return false;
                    }
                    piece = p;
                    std::thread::sleep(Duration::from_millis(2));
                }
            }
        }
    };
    let mut piece = Vec::with_capacity(JUDGE_PIECE_BYTES + 4096);
    let mut judged = 0;
    let result = engine::judge_record(bytes, q, budget, |game, ok| {
        if !piece.is_empty() {
            piece.push(b',');
        }
        serde_json::to_writer(&mut piece, &game)
            .map_err(|e| ApiError::internal(format!("could not write the report: {e}")))?;
        judged += usize::from(ok);
        if piece.len() >= JUDGE_PIECE_BYTES {
            let full = std::mem::replace(&mut piece, Vec::with_capacity(JUDGE_PIECE_BYTES + 4096));
            if !send(Piece::Games(full, std::mem::take(&mut judged))) {
                return Err(ApiError::too_slow_after(0));
            }
        }
        Ok(())
    });
    if !piece.is_empty() && !send(Piece::Games(piece, judged)) {
        return;
    }
    send(Piece::End(result));
}

/// A `/judge` answer held whole: `{"games":[...]}`, or 422 `{"error","games"}` when no game
/// could be judged (the error is the first game's; in a Chinese answer, its `text`).
pub(super) fn whole_judge_answer(held: Vec<u8>, judged: usize, lang: arbiter::Lang) -> Response {
    let mut body = Vec::with_capacity(held.len() + 16);
    body.extend_from_slice(b"{\"games\":[");
    body.extend_from_slice(&held);
    body.extend_from_slice(b"]}\n");
    if judged > 0 {
        return (StatusCode::OK, [(header::CONTENT_TYPE, "application/json")], body).into_response();
    }
    let games: Value = serde_json::from_slice(&body).unwrap_or_else(|_| json!({ "games": [] }));
    let first = games["games"].get(0);
    let error = match lang {
        arbiter::Lang::En => first.and_then(|g| g["error"].as_str()),
        _ => first
            .and_then(|g| g["text"]["report"].as_str())
            .map(str::trim_end),
    }
    .map_or_else(|| Refusal::NoGame.words(lang), str::to_string);
    ApiError::unjudgeable(json!({ "error": error, "games": games["games"] })).into_response()
}

/// A streamed `/judge` answer: `{"games":[` and the held objects, then each piece as it comes,
/// then `]}` — or `],"error":"..."}` when the time cap passes or judging stops early.
pub(super) struct JudgeStream {
    /// Cancels the judging when the answer ends or its client goes.
    _stop: StopOnDrop,
    first: Option<Bytes>,
    rx: tokio::sync::mpsc::Receiver<Piece>,
    deadline: std::pin::Pin<Box<tokio::time::Sleep>>,
    time: f64,
    /// The language of an error that ends it.
    lang: arbiter::Lang,
    done: bool,
}

impl JudgeStream {
    fn end(&mut self, error: Option<String>) -> Bytes {
        self.done = true;
        self.rx.close();
        match error {
            None => Bytes::from_static(b"]}\n"),
            Some(e) => Bytes::from(format!("],\"error\":{}}}\n", Value::String(e))),
        }
    }
}

impl http_body::Body for JudgeStream {
    type Data = Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Bytes>, Self::Error>>> {
        use std::future::Future;
        use std::task::Poll;
        let data = |b: Bytes| Poll::Ready(Some(Ok(http_body::Frame::data(b))));
        if let Some(first) = self.first.take() {
            return data(first);
        }
        if self.done {
            return Poll::Ready(None);
        }
        match self.rx.poll_recv(cx) {
            Poll::Ready(Some(Piece::Games(bytes, _))) => {
                let mut b = Vec::with_capacity(bytes.len() + 1);
                b.push(b',');
                b.extend_from_slice(&bytes);
                return data(Bytes::from(b));
            }
            Poll::Ready(Some(Piece::End(Ok(())))) => return data(self.end(None)),
            Poll::Ready(Some(Piece::End(Err(e)))) => {
                let msg = match &e.why {
                    Some(why) => why.words(self.lang),
                    None => e.item["error"].as_str().unwrap_or("judging stopped").to_string(),
                };
                return data(self.end(Some(msg)));
            }
            // The judging stopped at the time cap (a slow reader held it back) without a last
            // word: the cap, not a bug.
            Poll::Ready(None) if tokio::time::Instant::now() >= self.deadline.deadline() => {
                let msg = Refusal::CutShort(self.time).words(self.lang);
                return data(self.end(Some(msg)));
            }
            Poll::Ready(None) => {
                let bug = Refusal::Bug("the referee stopped (a bug; please report it)".into());
                let msg = bug.words(self.lang);
                return data(self.end(Some(msg)));
            }
            Poll::Pending => {}
        }
        if self.deadline.as_mut().poll(cx).is_ready() {
            let msg = Refusal::CutShort(self.time).words(self.lang);
            return data(self.end(Some(msg)));
        }
        Poll::Pending
    }

    fn is_end_stream(&self) -> bool {
        self.done && self.first.is_none()
    }
}
