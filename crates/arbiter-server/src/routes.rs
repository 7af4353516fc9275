//! The HTTP surface: the page's embedded assets, the `/api/v1/` routes, limits and headers.

use crate::engine::{self, ApiError};
use axum::body::{Body, Bytes};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use serde::de::DeserializeOwned;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;
use tower_http::cors::CorsLayer;
use tower_http::set_header::SetResponseHeaderLayer;

/// The page's Content-Security-Policy: its own scripts, styles and samples only; nothing from
/// another origin, no inline script, no plugins, no framing.
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// Bounds on what one request may cost.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Largest request body in bytes (default 16 MiB); larger → 413.
    pub body_bytes: usize,
    /// Longest a request may compute (default 10 s); longer → 422 naming the cap.
    pub time: Duration,
    /// Requests computed at once (default: 2 × the cores); the others wait (within `time`).
    pub concurrency: usize,
    /// Deepest perft allowed (default 4 plies: xiangqi 3.3 M leaves); deeper → 422.
    pub perft_depth: u32,
}

impl Default for Limits {
    fn default() -> Limits {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Limits {
            body_bytes: 16 << 20,
            time: Duration::from_secs(10),
            concurrency: 2 * cores,
            perft_depth: 4,
        }
    }
}

#[derive(Clone)]
struct AppState {
    limits: Limits,
    permits: Arc<Semaphore>,
}

// The page, embedded (no CDN, no external fonts: the page works offline).
const INDEX_HTML: &str = include_str!("../web/index.html");
const APP_JS: &str = include_str!("../web/app.js");
const BOARD_JS: &str = include_str!("../web/board.js");
const I18N_JS: &str = include_str!("../web/i18n.js");
const STYLE_CSS: &str = include_str!("../web/style.css");
const FAVICON_SVG: &str = include_str!("../web/favicon.svg");

/// The bundled sample records the page offers (name, contents), from the crate's `samples/`.
pub const SAMPLES: &[(&str, &str)] = &[
    (
        "xiangqi-perpetual-chase.pgn",
        include_str!("../samples/xiangqi-perpetual-chase.pgn"),
    ),
    (
        "chess-threefold-grischuk-giri-2019.pgn",
        include_str!("../samples/chess-threefold-grischuk-giri-2019.pgn"),
    ),
];

/// The whole application: page, samples and API, with limits, CSP and (when `cors` names an
/// origin) CORS for that origin.
///
/// Errors: `cors` is not a valid origin header value.
pub fn router(limits: &Limits, cors: Option<&str>) -> anyhow::Result<Router> {
    let state = AppState {
        limits: limits.clone(),
        permits: Arc::new(Semaphore::new(limits.concurrency.max(1))),
    };
    let api = Router::new()
        .route("/", get(api_index))
        .route("/judge", post(judge))
        .route("/position", post(position))
        .route("/cycle", post(cycle))
        .route("/classify", post(classify))
        .route("/claim", post(claim))
        .route("/dead", post(dead))
        .route("/perft", post(perft))
        .route("/rules", get(rules))
        .fallback(api_not_found);
    let mut app = Router::new()
        .route("/", get(|| asset("text/html; charset=utf-8", INDEX_HTML)))
        .route("/app.js", get(|| asset("text/javascript; charset=utf-8", APP_JS)))
        .route(
            "/board.js",
            get(|| asset("text/javascript; charset=utf-8", BOARD_JS)),
        )
        .route(
            "/i18n.js",
            get(|| asset("text/javascript; charset=utf-8", I18N_JS)),
        )
        .route("/style.css", get(|| asset("text/css; charset=utf-8", STYLE_CSS)))
        .route("/favicon.svg", get(|| asset("image/svg+xml", FAVICON_SVG)))
        .route("/samples", get(sample_list))
        .route("/samples/{name}", get(sample))
        .route("/api/v1/", get(api_index))
        .nest("/api/v1", api)
        .with_state(state)
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ));
    if let Some(origin) = cors {
        let origin = HeaderValue::from_str(origin)
            .map_err(|_| anyhow::anyhow!("--cors {origin:?} is not a valid origin"))?;
        app = app.layer(
            CorsLayer::new()
                .allow_origin(origin)
                .allow_methods([Method::GET, Method::POST])
                .allow_headers([header::CONTENT_TYPE]),
        );
    }
    Ok(app)
}

async fn asset(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

async fn sample_list() -> Response {
    let names: Vec<&str> = SAMPLES.iter().map(|(n, _)| *n).collect();
    json_response(StatusCode::OK, &json!({ "samples": names }))
}

async fn sample(Path(name): Path<String>) -> Response {
    match SAMPLES.iter().find(|(n, _)| *n == name) {
        Some((_, text)) => ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], *text).into_response(),
        None => ApiError::not_found(format!("no bundled sample named {name:?}")).into_response(),
    }
}

async fn api_index() -> Response {
    json_response(
        StatusCode::OK,
        &json!({
            "name": "arbiter",
            "version": env!("CARGO_PKG_VERSION"),
            "api": "v1",
            "routes": {
                "POST /api/v1/judge": "raw record bytes (PGN or XQF, any encoding, many games); query: rules, cycles, game, dead_check, explain, annotate",
                "POST /api/v1/position": "{fen, moves, rules, cycles, game, dead_check, explain, annotate}",
                "POST /api/v1/cycle": "{fen, moves, rules, explain}",
                "POST /api/v1/classify": "{fen, move, rules, explain}",
                "POST /api/v1/claim": "{kind, fen, moves | record, game, rules, at_ply, intended_move, time_control, limit}",
                "POST /api/v1/dead": "{fen}",
                "POST /api/v1/perft": "{fen, depth, divide, game}",
                "GET /api/v1/rules": "the clause glossary (as arbiter rules --json); query: book, clause, or cited (the clauses a text cites)"
            },
            "docs": "docs/server.md"
        }),
    )
}

/// Query parameters of `GET /api/v1/rules`.
#[derive(serde::Deserialize, Default, Debug)]
#[serde(deny_unknown_fields)]
pub struct RulesQuery {
    /// `axf`, `tw113` or `fide`.
    pub book: Option<String>,
    /// A clause as `arbiter rules` takes it (`d14`, `general rule 3`, `9.2`).
    pub clause: Option<String>,
    /// A text (a report's `clause`, say): the clauses it cites, in order, each once.
    pub cited: Option<String>,
}

/// `{"clauses":[{"book","id","citation","title","en","zh"}, ...]}`: the library's clause
/// glossary, the same entries `arbiter rules --json` prints (the page shows its summaries).
async fn rules(query: Result<Query<RulesQuery>, axum::extract::rejection::QueryRejection>) -> Response {
    use arbiter::glossary::{self, RuleBook};
    let Query(q) = match query {
        Ok(q) => q,
        Err(e) => return ApiError::bad_request(format!("query string: {}", e.body_text())).into_response(),
    };
    let found = match (&q.cited, &q.book, &q.clause) {
        (Some(text), None, None) => glossary::cited(text),
        (Some(_), _, _) => {
            return ApiError::bad_request("give either cited or book/clause, not both".into()).into_response()
        }
        (None, book, clause) => {
            let book = match book.as_deref().map(|b| (b, b.parse::<RuleBook>().ok())) {
                Some((b, None)) => {
                    return ApiError::bad_request(format!(
                        "unknown rule book {b:?}: expected axf, tw113 or fide"
                    ))
                    .into_response()
                }
                Some((_, found)) => found,
                None => None,
            };
            match clause {
                Some(c) => {
                    let v = glossary::lookup(book, c);
                    if v.is_empty() {
                        return ApiError::not_found(format!("no clause {c:?} in the glossary"))
                            .into_response();
                    }
                    v
                }
                None => glossary::clauses(book).collect(),
            }
        }
    };
    let clauses: Vec<Value> = found.iter().map(|c| c.json()).collect();
    json_response(StatusCode::OK, &json!({ "clauses": clauses }))
}

async fn api_not_found() -> Response {
    ApiError::not_found("no such API route; GET /api/v1/ lists them".into()).into_response()
}

fn json_response(status: StatusCode, v: &Value) -> Response {
    let mut body = serde_json::to_vec(v).unwrap_or_else(|_| b"{}".to_vec());
    body.push(b'\n');
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::BAD_REQUEST);
        json_response(status, &self.item)
    }
}

/// Reads the whole body, at most `limit` bytes (413 beyond).
async fn read_body(body: Body, limit: usize) -> Result<Bytes, ApiError> {
    axum::body::to_bytes(body, limit).await.map_err(|e| {
        let mut source: Option<&(dyn std::error::Error + 'static)> = Some(&e);
        while let Some(s) = source {
            if s.is::<http_body_util::LengthLimitError>() {
                return ApiError::too_large(limit);
            }
            source = s.source();
        }
        ApiError::bad_request(format!("could not read the request body: {e}"))
    })
}

/// Parses a JSON request body into `T` (400 naming the field or position on failure).
fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(ApiError::bad_request(
            "the request body is empty; send a JSON object".into(),
        ));
    }
    serde_json::from_slice(bytes).map_err(|e| ApiError::bad_request(format!("request body: {e}")))
}

/// Runs `work` on the blocking pool within the concurrency and time caps.
async fn compute<F>(state: &AppState, work: F) -> Response
where
    F: FnOnce() -> Result<Value, ApiError> + Send + 'static,
{
    let limits = &state.limits;
    let secs = limits.time.as_secs_f64();
    let outcome = tokio::time::timeout(limits.time, async {
        let permit = state
            .permits
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| ApiError::unavailable("the server is shutting down".into()))?;
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work()
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
}

async fn judge(
    State(state): State<AppState>,
    query: Result<Query<JudgeQuery>, axum::extract::rejection::QueryRejection>,
    body: Body,
) -> Response {
    let Query(q) = match query {
        Ok(q) => q,
        Err(e) => return ApiError::bad_request(format!("query string: {}", e.body_text())).into_response(),
    };
    let bytes = match read_body(body, state.limits.body_bytes).await {
        Ok(b) => b,
        Err(e) => return e.into_response(),
    };
    let deadline = std::time::Instant::now() + state.limits.time;
    compute(&state, move || engine::judge_record(&bytes, &q, deadline)).await
}

/// Handlers whose body is one JSON object.
macro_rules! json_route {
    ($name:ident, $req:ty, $call:path) => {
        async fn $name(State(state): State<AppState>, body: Body) -> Response {
            let bytes = match read_body(body, state.limits.body_bytes).await {
                Ok(b) => b,
                Err(e) => return e.into_response(),
            };
            let req: $req = match parse_json(&bytes) {
                Ok(r) => r,
                Err(e) => return e.into_response(),
            };
            let limits = state.limits.clone();
            compute(&state, move || $call(req, &limits)).await
        }
    };
}

json_route!(position, engine::PositionRequest, engine::judge_position);
json_route!(cycle, engine::CycleRequest, engine::cycle);
json_route!(classify, engine::ClassifyRequest, engine::classify);
json_route!(claim, engine::ClaimRequest, engine::claim);
json_route!(dead, engine::DeadRequest, engine::dead);
json_route!(perft, engine::PerftRequest, engine::perft);
