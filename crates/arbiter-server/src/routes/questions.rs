//! The routes of the one-shot questions (`position`, `cycle`, `classify`, `claim`, `dead`,
//! `perft`): one JSON object in, the library's answer out.

use super::*;

/// Handlers whose body is one JSON object; `$call` gets the request, the limits and the
/// request's budget.
macro_rules! json_route {
    ($name:ident, $req:ty, $call:expr) => {
        pub(super) async fn $name(
            State(state): State<AppState>,
            query: Result<Query<SpeechQuery>, axum::extract::rejection::QueryRejection>,
            headers: HeaderMap,
            body: Body,
        ) -> Response {
            let speech = match query
                .map_err(|e| ApiError::bad_request(Refusal::query(&e.body_text())))
                .and_then(|Query(q)| speech(q.lang.as_deref(), q.notation.as_deref(), &headers))
            {
                Ok(s) => s,
                Err(e) => return e.into_response(),
            };
            if let Err(e) = require_json(&headers) {
                return with_language(e.into_response(), speech.0);
            }
            let received = match read_body(&state, &headers, body).await {
                Ok(b) => b,
                Err(e) => return e.into_response(),
            };
            let req: $req = match parse_json(&received.bytes) {
                Ok(r) => r,
                Err(e) => return e.into_response(),
            };
            drop(received);
            let limits = state.limits.clone();
            let answer = compute(&state, move |budget| ($call)(req, &limits, budget, speech)).await;
            with_language(answer, speech.0)
        }
    };
}

json_route!(position, engine::PositionRequest, |r, _, b, s| {
    engine::judge_position(r, b, s)
});
json_route!(cycle, engine::CycleRequest, |r, l, _, s| engine::cycle(r, l, s));
json_route!(classify, engine::ClassifyRequest, |r, l, _, s| engine::classify(
    r, l, s
));
json_route!(claim, engine::ClaimRequest, |r, l, _, s| engine::claim(r, l, s));
json_route!(dead, engine::DeadRequest, |r, l, _, s| engine::dead(r, l, s));
json_route!(perft, engine::PerftRequest, |r, l, _, _| engine::perft(r, l));
