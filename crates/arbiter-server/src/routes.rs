//! The HTTP surface: the page's embedded assets, the `/api/v1/` routes, limits and headers.
//! One module per stage of a request: `hosts` (whom the server answers), `lang` (the
//! language asked for), `body` (receiving a body and computing within the limits), `judge`
//! (`POST /api/v1/judge`, streamed), `questions` (the one-object question routes); this
//! module builds the router and answers the small routes.

use crate::engine::{self, ApiError};
use crate::refusal::{Refusal, Why};
use axum::body::{Body, Bytes};
use axum::extract::{Path, Query, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use http_body_util::BodyExt;
use serde::de::DeserializeOwned;
use serde_json::{json, Value};
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tower_http::cors::CorsLayer;
use tower_http::set_header::SetResponseHeaderLayer;

mod body;
mod hosts;
mod judge;
mod lang;
mod questions;

use body::*;
use hosts::*;
use judge::*;
use lang::*;
use questions::*;

pub use hosts::check_origin;
pub use judge::JudgeQuery;

/// The page's Content-Security-Policy: its own scripts, styles and samples only; nothing from
/// another origin, no inline script, no plugins, no framing.
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// Bounds on what one request and one connection may cost.
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
    /// Open connections at most (default 512, well under the usual 1,024 descriptors); a new
    /// connection over the cap closes the oldest one (after the request it is answering).
    pub connections: usize,
    /// Longest a client may take to send a request's headers (default 10 s); then the
    /// connection is closed.
    pub header_time: Duration,
    /// Longest a client may take to send a request's body (default 30 s); longer → 408.
    pub body_time: Duration,
    /// Longest a connection may stay silent with no request in flight (default 60 s); then it
    /// is closed.
    pub idle_time: Duration,
    /// Bytes the request bodies being received may hold in all (default 64 MiB, never less
    /// than `body_bytes`): a body takes its share as it arrives, before it is buffered; one
    /// that cannot get it within `body_time` → 503.
    pub buffer_bytes: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Limits {
            body_bytes: 16 << 20,
            time: Duration::from_secs(10),
            concurrency: 2 * cores,
            perft_depth: 4,
            connections: 512,
            header_time: Duration::from_secs(10),
            body_time: Duration::from_secs(30),
            idle_time: Duration::from_secs(60),
            buffer_bytes: 64 << 20,
        }
    }
}

impl Limits {
    /// `time` from now (far in the future when that overflows the clock).
    fn deadline(&self) -> Instant {
        let now = Instant::now();
        now.checked_add(self.time)
            .unwrap_or_else(|| now + Duration::from_secs(86_400 * 365))
    }
}

#[derive(Clone)]
struct AppState {
    limits: Limits,
    permits: Arc<Semaphore>,
    buffers: Arc<Semaphore>,
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

/// The OpenAPI 3.1 description of the API, served at `GET /api/v1/openapi.json`.
pub const OPENAPI: &str = include_str!("openapi.json");

/// The whole application: page, samples and API, with limits, CSP, the `Host` check (against
/// `bound`, the address the server listens on, and `config.allow_hosts`), the access log when
/// `config.access_log` names one and (when `config.cors` names an origin) CORS for that origin.
///
/// Errors: `cors` is not a valid origin ([`check_origin`]), or the access log cannot be opened.
pub fn router(config: &crate::Config, bound: SocketAddr) -> anyhow::Result<Router> {
    let limits = &config.limits;
    let state = AppState {
        limits: limits.clone(),
        permits: Arc::new(Semaphore::new(
            limits.concurrency.clamp(1, Semaphore::MAX_PERMITS),
        )),
        buffers: Arc::new(Semaphore::new(
            limits
                .buffer_bytes
                .max(limits.body_bytes)
                .min(Semaphore::MAX_PERMITS),
        )),
    };
    let api = Router::new()
        .route("/", get(api_index))
        .route("/openapi.json", get(openapi))
        .route("/judge", post(judge))
        .route("/position", post(position))
        .route("/cycle", post(cycle))
        .route("/classify", post(classify))
        .route("/claim", post(claim))
        .route("/dead", post(dead))
        .route("/perft", post(perft))
        .route("/rules", get(rules))
        .fallback(api_not_found);
    let hosts = Hosts {
        bound: bound.ip(),
        names: config.allow_hosts.clone(),
    };
    let mut app: Router = Router::new()
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
        .route("/healthz", get(healthz))
        .route("/api/v1/", get(api_index))
        .nest("/api/v1", api)
        .fallback(page_not_found)
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
    if let Some(origin) = config.cors.as_deref() {
        check_origin(origin).map_err(|e| anyhow::anyhow!(e))?;
        let origin = HeaderValue::from_str(origin)
            .map_err(|_| anyhow::anyhow!("--cors {origin:?} is not a valid origin"))?;
        app = app.layer(
            CorsLayer::new()
                .allow_origin(origin)
                .allow_methods([Method::GET, Method::POST])
                .allow_headers([header::CONTENT_TYPE]),
        );
    }
    // Outside the routes, where axum has set a 405's `Allow` header.
    let mut app = Router::new()
        .fallback_service(tower::ServiceExt::<Request>::map_response(
            app,
            method_not_allowed,
        ))
        .layer(axum::middleware::from_fn_with_state(hosts, check_host))
        .layer(axum::middleware::from_fn(localize));
    if let Some(path) = &config.access_log {
        let sink = crate::access_log::Sink::open(path)
            .map_err(|e| anyhow::anyhow!("cannot open the access log {}: {e}", path.display()))?;
        app = app.layer(axum::middleware::from_fn_with_state(
            sink,
            crate::access_log::layer,
        ));
    }
    Ok(app)
}

/// A 405 with an error item for a body (axum's has none), its `Allow` header kept.
fn method_not_allowed(response: Response) -> Response {
    if response.status() != StatusCode::METHOD_NOT_ALLOWED {
        return response;
    }
    let allow = response.headers().get(header::ALLOW).cloned();
    let what = allow.as_ref().and_then(|a| a.to_str().ok()).map(str::to_string);
    let mut r = ApiError::refused(405, Refusal::WrongMethod(what)).into_response();
    if let Some(a) = allow {
        r.headers_mut().insert(header::ALLOW, a);
    }
    r
}

async fn healthz() -> Response {
    json_response(StatusCode::OK, &json!({ "status": "ok" }))
}

async fn openapi() -> Response {
    asset("application/json", OPENAPI).await
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
        None => ApiError::not_found(Refusal::NoSample(name)).into_response(),
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
                "GET /api/v1/openapi.json": "this API described as OpenAPI 3.1",
                "GET /healthz": "{\"status\":\"ok\"} while the server runs",
                "POST /api/v1/judge": "raw record bytes (PGN, XQF, CBR, CBL, CBF, WXF, DhtmlXQ or a Chinese move list; any encoding, many games); query: rules, cycles, game, dead_check, explain, annotate, match",
                "POST /api/v1/position": "{fen, moves, rules, cycles, game, dead_check, explain, annotate}",
                "POST /api/v1/cycle": "{fen, moves, rules, explain}",
                "POST /api/v1/classify": "{fen, move, rules, explain}",
                "POST /api/v1/claim": "{kind, fen, moves | record, game, rules, at_ply, intended_move, time_control, limit}",
                "POST /api/v1/dead": "{fen, exact}",
                "POST /api/v1/perft": "{fen, depth, divide, game}",
                "GET /api/v1/rules": "the clause glossary (as arbiter rules --json); query: book, clause, or cited (the clauses a text cites)"
            },
            "docs": "docs/server.md",
            "formats": record_extensions()
        }),
    )
}

/// The file extensions the record readers take (`.pgn`, `.xqf`, … `.txt`, `.htm`), the list a
/// directory walk reads: the page's file picker offers these.
fn record_extensions() -> Vec<String> {
    use records::record::{RECORD_EXTENSIONS, TEXT_EXTENSIONS};
    RECORD_EXTENSIONS
        .iter()
        .chain(TEXT_EXTENSIONS.iter())
        .map(|e| format!(".{e}"))
        .collect()
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
    /// The language of each clause's `text`.
    pub lang: Option<String>,
}

/// `{"clauses":[{"book","id","citation","title","en","zh"}, ...]}`: the library's clause
/// glossary, the same entries `arbiter rules --json` prints (the page shows its summaries).
async fn rules(
    query: Result<Query<RulesQuery>, axum::extract::rejection::QueryRejection>,
    headers: HeaderMap,
) -> Response {
    use arbiter::glossary::{self, RuleBook};
    let Query(q) = match query {
        Ok(q) => q,
        Err(e) => return ApiError::bad_request(Refusal::query(&e.body_text())).into_response(),
    };
    let lang = match speech(q.lang.as_deref(), None, &headers) {
        Ok((lang, _)) => lang,
        Err(e) => return e.into_response(),
    };
    let found = match (&q.cited, &q.book, &q.clause) {
        (Some(text), None, None) => glossary::cited(text),
        (Some(_), _, _) => return ApiError::bad_request(Refusal::CitedAndBook).into_response(),
        (None, book, clause) => {
            let book = match book.as_deref().map(str::parse::<RuleBook>).transpose() {
                Ok(book) => book,
                Err(e) => return ApiError::bad_request(Refusal::Word(e)).into_response(),
            };
            match clause {
                Some(c) => {
                    let v = glossary::lookup(book, c);
                    if v.is_empty() {
                        return ApiError::not_found(Refusal::NoClause(c.clone())).into_response();
                    }
                    v
                }
                None => glossary::clauses(book).collect(),
            }
        }
    };
    let clauses: Vec<Value> = found
        .iter()
        .map(|c| {
            let mut v = c.json();
            v["text"] = c.text_json(lang);
            v
        })
        .collect();
    with_language(
        json_response(StatusCode::OK, &json!({ "clauses": clauses })),
        lang,
    )
}

/// 404 outside the API: a line of plain text in the request's language ([`lang::asked_lang`]),
/// with `Content-Language`.
async fn page_not_found(uri: axum::http::Uri, headers: HeaderMap) -> Response {
    let lang = lang::asked_lang(uri.query(), &headers);
    let body = format!("{}\n", Refusal::NoPage.words(lang));
    let r = (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        body,
    )
        .into_response();
    with_language(r, lang)
}

async fn api_not_found() -> Response {
    ApiError::not_found(Refusal::NoRoute).into_response()
}

fn json_response(status: StatusCode, v: &Value) -> Response {
    let mut body = serde_json::to_vec(v).unwrap_or_else(|_| b"{}".to_vec());
    body.push(b'\n');
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::BAD_REQUEST);
        let mut r = json_response(status, &self.item);
        if let Some(why) = self.why {
            r.extensions_mut().insert(why);
        }
        r
    }
}
