//! The HTTP surface: the page's embedded assets, the `/api/v1/` routes, limits and headers.

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

/// Which `Host` headers the server answers to (DNS rebinding: a page of another site that
/// resolves its own name to this address must not reach the API).
#[derive(Clone, Debug)]
struct Hosts {
    bound: IpAddr,
    names: Vec<String>,
}

impl Hosts {
    /// True for an IP literal equal to the bound address (any IP literal when bound to all
    /// addresses, any loopback one when bound to loopback), `localhost` on a loopback or
    /// all-address bind, and the `--allow-host` names; the port is not compared.
    fn allows(&self, host: &str) -> bool {
        let name = host_name(host);
        if name.is_empty() {
            return false;
        }
        if self.names.iter().any(|n| host_name(n).eq_ignore_ascii_case(name)) {
            return true;
        }
        let literal = name.trim_start_matches('[').trim_end_matches(']');
        if let Ok(ip) = literal.parse::<IpAddr>() {
            return self.bound.is_unspecified()
                || ip == self.bound
                || (ip.is_loopback() && self.bound.is_loopback());
        }
        let name = name.trim_end_matches('.').to_ascii_lowercase();
        (name == "localhost" || name.ends_with(".localhost"))
            && (self.bound.is_loopback() || self.bound.is_unspecified())
    }
}

/// `host` without its `:port` (an IPv6 literal keeps its brackets).
fn host_name(host: &str) -> &str {
    let host = host.trim();
    if host.starts_with('[') {
        return host.find(']').map_or(host, |i| &host[..=i]);
    }
    match host.rsplit_once(':') {
        Some((name, port)) if !name.contains(':') && port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    }
}

/// Checks an origin for `--cors`: `scheme://host[:port]`, nothing after it.
///
/// Errors: `*`, `null`, empty, a path, or no scheme or host, described for a usage error.
pub fn check_origin(origin: &str) -> Result<(), String> {
    let why = match origin.trim() {
        "" => Some("is empty"),
        "*" => Some("would let every site call the API"),
        o if o.eq_ignore_ascii_case("null") => {
            Some("would let sandboxed and file: pages of any site call the API")
        }
        _ => None,
    };
    if let Some(why) = why {
        return Err(format!(
            "--cors {origin:?} {why}; give one origin such as https://club.example"
        ));
    }
    let ok = origin.split_once("://").is_some_and(|(scheme, rest)| {
        !scheme.is_empty()
            && scheme
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
            && !rest.is_empty()
            && !rest.contains(['/', '?', '#', '@'])
            && !host_name(rest).is_empty()
    }) && HeaderValue::from_str(origin).is_ok()
        && !origin.bytes().any(|b| b.is_ascii_whitespace());
    if ok {
        Ok(())
    } else {
        Err(format!(
            "--cors {origin:?} is not an origin: give a scheme and a host, such as https://club.example (no path)"
        ))
    }
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

/// 421 for a `Host` header that names neither this server's address nor an allowed host; 400
/// with none.
async fn check_host(State(hosts): State<Hosts>, req: Request, next: Next) -> Response {
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .map(str::to_string)
        .or_else(|| req.uri().authority().map(|a| a.to_string()));
    match host {
        None => ApiError::bad_request(Refusal::NoHost).into_response(),
        Some(h) if hosts.allows(&h) => next.run(req).await,
        Some(h) => ApiError::refused(
            421,
            Refusal::WrongHost {
                name: host_name(&h).to_string(),
                host: h,
            },
        )
        .into_response(),
    }
}

/// The language a request asks for, as [`speech`] reads it: `?lang=` when it names one, else
/// the `Accept-Language` header's first language of ours, else English.
fn asked_lang(query: Option<&str>, headers: &HeaderMap) -> arbiter::Lang {
    query
        .into_iter()
        .flat_map(|q| q.split('&'))
        .find_map(|kv| kv.strip_prefix("lang="))
        .and_then(|v| v.parse().ok())
        .or_else(|| {
            headers
                .get(header::ACCEPT_LANGUAGE)
                .and_then(|h| h.to_str().ok())
                .and_then(arbiter::Lang::from_accept_language)
        })
        .unwrap_or_default()
}

/// Every error answer whose `error` is typed ([`Why`], set by [`ApiError`]'s response, the
/// fallbacks' 404 and 405 and the `Host` check's 400 and 421 included) in the language the
/// request asks for ([`asked_lang`]), with `Content-Language`; the English is left as it is.
async fn localize(req: Request, next: Next) -> Response {
    let lang = asked_lang(req.uri().query(), req.headers());
    let response = next.run(req).await;
    if lang == arbiter::Lang::En {
        return response;
    }
    let Some(why) = response.extensions().get::<Why>().cloned() else {
        return response;
    };
    let (mut parts, body) = response.into_parts();
    let mut item: Value = axum::body::to_bytes(body, 1 << 20)
        .await
        .ok()
        .and_then(|b| serde_json::from_slice(&b).ok())
        .unwrap_or_else(|| json!({}));
    item["error"] = json!(why.words(lang));
    let mut bytes = serde_json::to_vec(&item).unwrap_or_default();
    bytes.push(b'\n');
    parts.headers.remove(header::CONTENT_LENGTH);
    parts
        .headers
        .insert(header::CONTENT_LANGUAGE, HeaderValue::from_static(lang.name()));
    Response::from_parts(parts, Body::from(bytes))
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

/// `?lang=` and `?notation=` of the routes that answer with words (the rest of their input
/// is the body).
#[derive(serde::Deserialize, Default, Debug)]
#[serde(deny_unknown_fields)]
pub struct SpeechQuery {
    /// `en`, `zh-Hant`, `zh-Hans` (and the region tags [`arbiter::Lang`] reads).
    pub lang: Option<String>,
    /// `chinese`, `iccs`, `wxf`, `as-written`.
    pub notation: Option<String>,
}

/// The language and notation of an answer's words: `?lang=`, else the `Accept-Language`
/// header's first language of ours, else English; `?notation=`, else the default (Chinese for
/// a Chinese answer, as written for English). A value that names none: 400.
pub fn speech(
    lang: Option<&str>,
    notation: Option<&str>,
    headers: &HeaderMap,
) -> Result<(arbiter::Lang, arbiter::Notation), ApiError> {
    let lang = match lang {
        Some(l) => l
            .parse()
            .map_err(|e: arbiter::ParseError| ApiError::bad_request(Refusal::Word(e)))?,
        None => headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|h| h.to_str().ok())
            .and_then(arbiter::Lang::from_accept_language)
            .unwrap_or_default(),
    };
    let notation = match notation {
        Some(n) => n
            .parse()
            .map_err(|e: arbiter::ParseError| ApiError::bad_request(Refusal::Word(e)))?,
        None => arbiter::Notation::default(),
    };
    Ok((lang, notation))
}

/// `response` with `Content-Language: lang`.
fn with_language(mut response: Response, lang: arbiter::Lang) -> Response {
    response.headers_mut().insert(
        header::CONTENT_LANGUAGE,
        header::HeaderValue::from_static(lang.name()),
    );
    response
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
        Err(e) => return ApiError::bad_request(Refusal::Query(e.body_text())).into_response(),
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

/// A request body, buffered, with its share of the receiving budget (held until dropped).
struct Received {
    bytes: Vec<u8>,
    _share: Option<OwnedSemaphorePermit>,
}

/// Reads the whole body: at most `limits.body_bytes` (413 beyond, at once when the
/// `Content-Length` says so), within `limits.body_time` (408), each piece taking its share
/// of the receiving budget before it is kept (503 when none is free within the time).
async fn read_body(state: &AppState, headers: &HeaderMap, mut body: Body) -> Result<Received, ApiError> {
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
fn require_json(headers: &HeaderMap) -> Result<(), ApiError> {
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
fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
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
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// A request's budget (its time cap and a cancel flag) and the guard that cancels it.
fn request_budget(limits: &Limits) -> (arbiter::Budget, StopOnDrop) {
    let stop = Arc::new(AtomicBool::new(false));
    let budget = arbiter::Budget::unlimited()
        .until(limits.deadline())
        .cancel_on(stop.clone());
    (budget, StopOnDrop(stop))
}

/// Runs `work` on the blocking pool within the concurrency and time caps. When the cap passes
/// (422) or the client goes, the budget handed to `work` is cancelled, so the library's loops
/// stop and the permit is freed.
async fn compute<F>(state: &AppState, work: F) -> Response
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
const JUDGE_HELD_BYTES: usize = 4 << 20;

/// Games' JSON objects are handed from the judging thread to the answer in pieces of about
/// this many bytes.
const JUDGE_PIECE_BYTES: usize = 64 << 10;

/// From the thread judging a `/judge` body to its answer.
enum Piece {
    /// One or more games' objects, comma-separated, and how many of them were judged.
    Games(Vec<u8>, usize),
    /// The end: every game answered, or why not.
    End(Result<(), ApiError>),
}

async fn judge(
    State(state): State<AppState>,
    query: Result<Query<JudgeQuery>, axum::extract::rejection::QueryRejection>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let Query(mut q) = match query {
        Ok(q) => q,
        Err(e) => return ApiError::bad_request(Refusal::Query(e.body_text())).into_response(),
    };
    q.speech = match speech(q.lang.as_deref(), q.notation.as_deref(), &headers) {
        Ok(s) => s,
        Err(e) => return e.into_response(),
    };
    let lang = q.speech.0;
    with_language(judge_answer(state, q, headers, body).await, lang)
}

async fn judge_answer(state: AppState, q: JudgeQuery, headers: HeaderMap, body: Body) -> Response {
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
fn judge_pieces(
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
fn whole_judge_answer(held: Vec<u8>, judged: usize, lang: arbiter::Lang) -> Response {
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
struct JudgeStream {
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

/// Handlers whose body is one JSON object; `$call` gets the request, the limits and the
/// request's budget.
macro_rules! json_route {
    ($name:ident, $req:ty, $call:expr) => {
        async fn $name(
            State(state): State<AppState>,
            query: Result<Query<SpeechQuery>, axum::extract::rejection::QueryRejection>,
            headers: HeaderMap,
            body: Body,
        ) -> Response {
            let speech = match query
                .map_err(|e| ApiError::bad_request(Refusal::Query(e.body_text())))
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
