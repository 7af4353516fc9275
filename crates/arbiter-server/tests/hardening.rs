//! The server under hostile use: connections that stay silent or trickle, more connections
//! than the cap, bodies over the receiving budget, foreign `Host` headers, JSON sent as text,
//! wrong methods, answers too large to hold; and what it says about itself (health, OpenAPI,
//! access log).

mod common;

use common::TestServer;
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

const XQ_SAMPLE: &str = include_str!("../samples/xiangqi-perpetual-chase.pgn");
const CLASSIFY: &str = r#"{"fen":"4k4/9/9/9/1c7/4P4/R8/9/9/4K4 w","move":"a3b3"}"#;

fn with_limits(f: impl FnOnce(&mut arbiter_server::Limits)) -> TestServer {
    let mut config = arbiter_server::Config::default();
    f(&mut config.limits);
    TestServer::start(config)
}

/// True when the server has closed `s` (a read gives end of file or a reset) within `wait`.
fn closed_within(s: &mut TcpStream, wait: Duration) -> bool {
    s.set_read_timeout(Some(wait)).unwrap();
    let mut buf = [0u8; 512];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => continue,
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return false
            }
            Err(_) => return true,
        }
    }
}

#[test]
fn host_header_must_name_this_server() {
    let s = TestServer::start(arbiter_server::Config::default());
    let port = s.addr.port();
    let mut c = s.client();
    for host in [
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        "127.0.0.2".into(),
    ] {
        let r = c.request_with("GET", "/healthz", b"", None, &[("Host", &host)]);
        assert_eq!(r.status, 200, "Host {host}: {}", r.text());
    }
    // DNS rebinding: a page of rebind.example whose name now resolves to 127.0.0.1.
    let r = c.request_with("GET", "/api/v1/", b"", None, &[("Host", "rebind.example")]);
    assert_eq!(r.status, 421, "{}", r.text());
    assert!(r.json()["error"]
        .as_str()
        .unwrap()
        .contains("--allow-host rebind.example"));
    let r = c.request_with(
        "POST",
        "/api/v1/classify",
        CLASSIFY.as_bytes(),
        Some("application/json"),
        &[("Host", "10.1.2.3:8080")],
    );
    assert_eq!(r.status, 421);

    let s = TestServer::start(arbiter_server::Config {
        allow_hosts: vec!["arbiter.lan".into()],
        ..Default::default()
    });
    let r = s
        .client()
        .request_with("GET", "/healthz", b"", None, &[("Host", "ARBITER.lan:8080")]);
    assert_eq!(r.status, 200);
}

#[test]
fn json_routes_require_the_json_content_type() {
    let s = TestServer::start(arbiter_server::Config::default());
    for ctype in [
        Some("text/plain"),
        Some("application/x-www-form-urlencoded"),
        None,
    ] {
        let r = s
            .client()
            .request("POST", "/api/v1/classify", CLASSIFY.as_bytes(), ctype);
        assert_eq!(r.status, 415, "{ctype:?}");
        assert!(r.json()["error"].as_str().unwrap().contains("application/json"));
    }
    let r = s.client().request(
        "POST",
        "/api/v1/classify",
        CLASSIFY.as_bytes(),
        Some("Application/JSON; charset=utf-8"),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["kinds"], json!(["chase"]));
    // The record route takes bytes of any type.
    let r = s
        .client()
        .request("POST", "/api/v1/judge", XQ_SAMPLE.as_bytes(), Some("text/plain"));
    assert_eq!(r.status, 200);
}

#[test]
fn wrong_method_is_405_with_an_error_item() {
    let s = TestServer::start(arbiter_server::Config::default());
    let mut c = s.client();
    let r = c.get("/api/v1/judge");
    assert_eq!(r.status, 405);
    assert_eq!(r.header("allow"), Some("POST"));
    assert!(
        r.json()["error"].as_str().unwrap().contains("POST"),
        "{}",
        r.text()
    );
    let r = c.post("/api/v1/rules", b"");
    assert_eq!(r.status, 405);
    assert!(r.json()["error"].is_string());
}

#[test]
fn health_and_the_openapi_document() {
    let s = TestServer::start(arbiter_server::Config::default());
    let mut c = s.client();
    let r = c.get("/healthz");
    assert_eq!((r.status, r.json()), (200, json!({"status": "ok"})));
    let r = c.get("/api/v1/openapi.json");
    assert_eq!(r.status, 200);
    assert_eq!(r.body, arbiter_server::OPENAPI.as_bytes());
    let doc = r.json();
    assert_eq!(doc["openapi"], "3.1.0");
    // Every route the index lists is described, with the statuses it can answer.
    let index = c.get("/api/v1/").json();
    for route in index["routes"].as_object().unwrap().keys() {
        let (method, path) = route.split_once(' ').unwrap();
        let op = &doc["paths"][path][method.to_ascii_lowercase()];
        assert!(op.is_object(), "{route} is not in the OpenAPI document");
        assert!(op["responses"]["200"].is_object(), "{route}");
        assert!(op["responses"]["421"].is_object(), "{route}");
    }
    for path in [
        "/api/v1/position",
        "/api/v1/cycle",
        "/api/v1/classify",
        "/api/v1/claim",
        "/api/v1/dead",
        "/api/v1/perft",
    ] {
        let codes: Vec<&String> = doc["paths"][path]["post"]["responses"]
            .as_object()
            .unwrap()
            .keys()
            .collect();
        assert_eq!(
            codes,
            ["200", "400", "408", "413", "415", "421", "422", "500", "503"],
            "{path}"
        );
    }
}

#[test]
fn idle_connections_over_the_cap_close_the_oldest() {
    let s = with_limits(|l| l.connections = 8);
    let mut idle: Vec<TcpStream> = (0..20).map(|_| TcpStream::connect(s.addr).unwrap()).collect();
    std::thread::sleep(Duration::from_millis(200));
    // A new client is answered at once, however many sockets sit idle.
    let t = Instant::now();
    let r = s
        .client()
        .post_json("/api/v1/classify", &serde_json::from_str(CLASSIFY).unwrap());
    assert_eq!(r.status, 200);
    assert!(t.elapsed() < Duration::from_secs(1), "{:?}", t.elapsed());
    // The oldest were closed to make room; the newest of the idle ones are still open.
    assert!(closed_within(&mut idle[0], Duration::from_secs(2)));
    assert!(closed_within(&mut idle[10], Duration::from_secs(2)));
    assert!(!closed_within(&mut idle[19], Duration::from_millis(300)));
}

#[test]
fn silent_and_half_sent_connections_time_out() {
    let s = with_limits(|l| {
        l.header_time = Duration::from_millis(300);
        l.idle_time = Duration::from_millis(300);
    });
    let mut silent = TcpStream::connect(s.addr).unwrap();
    let mut half = TcpStream::connect(s.addr).unwrap();
    half.write_all(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        .unwrap();
    assert!(closed_within(&mut silent, Duration::from_secs(3)));
    assert!(closed_within(&mut half, Duration::from_secs(3)));
    // A keep-alive connection is closed once it has been idle that long after its answer.
    let mut c = s.client();
    assert_eq!(c.get("/healthz").status, 200);
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(c.get("/healthz").status, 200);
}

#[test]
fn a_body_that_trickles_gets_408_and_frees_its_share() {
    let s = with_limits(|l| {
        l.body_time = Duration::from_millis(400);
        l.body_bytes = 1000;
        l.buffer_bytes = 1000;
    });
    // 900 of 1,000 declared bytes, then nothing: the share of the budget it holds is 900.
    let mut slow = TcpStream::connect(s.addr).unwrap();
    write!(
        slow,
        "POST /api/v1/judge HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n"
    )
    .unwrap();
    slow.write_all(&[b' '; 900]).unwrap();
    std::thread::sleep(Duration::from_millis(150));
    // A second body of 500 bytes waits for the share, which comes when the first times out.
    let t = Instant::now();
    let body = format!("{:<500}", "[Event \"x\"]\n\n1. h2e2 h9g7 *");
    let r = s.client().post("/api/v1/judge", body.as_bytes());
    let waited = t.elapsed();
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(waited >= Duration::from_millis(150), "{waited:?}");
    let mut answer = String::new();
    slow.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let _ = slow.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("did not arrive within 0.4 s"), "{answer}");
}

#[test]
fn a_declared_length_over_the_cap_is_413_before_any_byte_is_read() {
    let s = with_limits(|l| l.body_bytes = 1000);
    let mut c = TcpStream::connect(s.addr).unwrap();
    write!(
        c,
        "POST /api/v1/judge HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5000000\r\n\r\n"
    )
    .unwrap();
    c.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut buf = [0u8; 4096];
    let n = c.read(&mut buf).unwrap();
    let answer = String::from_utf8_lossy(&buf[..n]);
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
}

#[test]
fn a_large_judge_answer_is_streamed() {
    let s = TestServer::start(arbiter_server::Config::default());
    // 20,000 tiny games: an answer of 5 MiB, over what is held before streaming.
    let one = "[Event \"t\"]\n\n1. h2e2 h9g7 *\n\n";
    let r = s
        .client()
        .post("/api/v1/judge?game=xiangqi", one.repeat(20_000).as_bytes());
    assert_eq!(r.status, 200);
    assert_eq!(
        r.header("transfer-encoding"),
        Some("chunked"),
        "{:?} {}",
        r.headers,
        r.body.len()
    );
    assert!(r.body.len() > 4 << 20, "{}", r.body.len());
    let v = r.json();
    let games = v["games"].as_array().unwrap();
    assert_eq!(games.len(), 20_000);
    assert_eq!(games[19_999]["index"], 19_999);
    assert_eq!(games[0]["plies"], 2);
    assert!(v.get("error").is_none());
}

#[test]
fn the_access_log_has_one_line_per_request() {
    let dir = std::env::temp_dir().join(format!("arbiter-access-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("access.log");
    let _ = std::fs::remove_file(&log);
    {
        let s = TestServer::start(arbiter_server::Config {
            access_log: Some(log.clone()),
            ..Default::default()
        });
        let mut c = s.client();
        assert_eq!(c.get("/healthz").status, 200);
        assert_eq!(c.post("/api/v1/judge", XQ_SAMPLE.as_bytes()).status, 200);
        assert_eq!(c.get("/nowhere").status, 404);
    }
    let text = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(lines[0]["route"], "/healthz");
    assert_eq!(lines[0]["method"], "GET");
    assert_eq!(lines[0]["status"], 200);
    assert_eq!(lines[0]["bytes"], 16); // {"status":"ok"}\n
    assert_eq!(lines[1]["route"], "/api/v1/judge");
    assert!(lines[1]["bytes"].as_u64().unwrap() > 1000);
    assert_eq!(lines[2]["status"], 404);
    for l in &lines {
        let time = l["time"].as_str().unwrap();
        assert_eq!((time.len(), &time[10..11], &time[23..]), (24, "T", "Z"), "{time}");
        assert!(l["ms"].as_f64().unwrap() >= 0.0);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cors_origin_is_checked() {
    for bad in [
        "*",
        "null",
        "",
        "https://club.example/page",
        "club.example",
        "https://",
    ] {
        assert!(arbiter_server::check_origin(bad).is_err(), "{bad:?}");
    }
    for good in [
        "https://club.example",
        "http://127.0.0.1:3000",
        "https://[::1]:8443",
    ] {
        assert_eq!(arbiter_server::check_origin(good), Ok(()), "{good:?}");
    }
    let config = arbiter_server::Config {
        cors: Some("*".into()),
        ..Default::default()
    };
    let err = arbiter_server::router(&config, "127.0.0.1:8080".parse().unwrap())
        .err()
        .unwrap();
    assert!(err.to_string().contains("every site"), "{err}");
}

/// Requests over the time cap stop computing and free their permits: with two permits, two
/// long `/position` bodies (a 1.6 M-ply knight shuffle each, 8 MB: its fivefold repetition ends
/// the game at ply 16, and replaying the plies after the end takes well over the 20 ms cap)
/// answer 422 at the cap, and a small request after them is answered within a second.
#[test]
fn requests_over_the_time_cap_free_their_permits() {
    let s = with_limits(|l| {
        l.time = Duration::from_millis(20);
        l.concurrency = 2;
    });
    let body = json!({
        "fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "moves": "g1f3 g8f6 f3g1 f6g8 ".repeat(400_000),
    });
    let addr = s.addr;
    let long: Vec<_> = (0..2)
        .map(|_| {
            let body = body.clone();
            std::thread::spawn(move || common::Client::connect(addr).post_json("/api/v1/position", &body))
        })
        .collect();
    for t in long {
        let r = t.join().unwrap();
        assert_eq!(r.status, 422, "{}", &r.text()[..r.text().len().min(300)]);
    }
    // The permits come back within a fraction of a second of the 422s (the work stops at its
    // next check; parsing the 8 MB body is not interrupted). A small request in the meantime
    // may itself meet the 20 ms cap while it waits for a permit: retry until it is answered.
    // The window is 3 s, not the fraction of a second an idle machine shows: on a machine
    // loaded by other builds the small request itself can miss its 20 ms cap for a while. This
    // test is about the permits coming back; that the work stops at its next check is counted,
    // not timed, in the library's tests (crates/arbiter/tests/budget.rs).
    let t = Instant::now();
    loop {
        let r = s
            .client()
            .post_json("/api/v1/classify", &serde_json::from_str(CLASSIFY).unwrap());
        if r.status == 200 {
            break;
        }
        assert_eq!(r.status, 422, "{}", r.text());
        assert!(
            t.elapsed() < Duration::from_secs(3),
            "no permit came back within {:?}",
            t.elapsed()
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// A client that reads a streamed `/judge` answer too slowly holds the judging back until the
/// time cap passes: the answer ends with the time cap's words (the games before it were
/// judged), not with a report of a bug.
#[test]
fn a_slow_reader_of_a_streamed_answer_gets_the_time_cap() {
    let s = with_limits(|l| l.time = Duration::from_secs(1));
    let one = "[Event \"t\"]\n\n1. h2e2 h9g7 *\n\n";
    let body = one.repeat(20_000);
    let mut c = TcpStream::connect(s.addr).unwrap();
    write!(
        c,
        "POST /api/v1/judge?game=xiangqi HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    )
    .unwrap();
    c.write_all(body.as_bytes()).unwrap();
    // Read the head and a little of the answer, then nothing for well over the cap.
    let mut first = [0u8; 4096];
    c.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let n = c.read(&mut first).unwrap();
    assert!(
        first[..n].starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&first[..n])
    );
    std::thread::sleep(Duration::from_millis(2500));
    let mut rest = Vec::new();
    let _ = c.read_to_end(&mut rest);
    let tail = String::from_utf8_lossy(&rest[rest.len().saturating_sub(400)..]).to_string();
    assert!(
        tail.contains("the request needs more than the 1 s time cap"),
        "{tail}"
    );
    assert!(!tail.contains("a bug"), "{tail}");
}
