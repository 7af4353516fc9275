//! Every endpoint over real HTTP on loopback: happy path, each error class, the body cap, CSP
//! and CORS. Expected values come from the bundled samples (see samples/README.md) and the
//! rule books' examples used in the CLI's help.

mod common;

use common::TestServer;
use serde_json::{json, Value};

const XQ_SAMPLE: &str = include_str!("../samples/xiangqi-perpetual-chase.pgn");
const CHESS_SAMPLE: &str = include_str!("../samples/chess-threefold-grischuk-giri-2019.pgn");
const PERPETUAL_CHECK_FEN: &str = "4k4/9/5R3/9/9/4P4/9/9/9/4K4 w";

fn server() -> TestServer {
    TestServer::start(arbiter_server::Config::default())
}

#[test]
fn page_and_assets_are_served_with_a_strict_csp() {
    let s = server();
    let mut c = s.client();
    let r = c.get("/");
    assert_eq!(r.status, 200);
    assert!(r.header("content-type").unwrap().starts_with("text/html"));
    assert!(r.text().contains("<svg id=\"board\""));
    let csp = r.header("content-security-policy").expect("CSP");
    assert!(
        csp.contains("default-src 'none'") && csp.contains("script-src 'self'"),
        "{csp}"
    );
    assert!(!csp.contains("unsafe-inline"));
    assert_eq!(r.header("x-content-type-options"), Some("nosniff"));
    for (path, ty) in [
        ("/app.js", "text/javascript"),
        ("/board.js", "text/javascript"),
        ("/i18n.js", "text/javascript"),
        ("/style.css", "text/css"),
        ("/favicon.svg", "image/svg+xml"),
    ] {
        let r = c.get(path);
        assert_eq!(r.status, 200, "{path}");
        assert!(r.header("content-type").unwrap().starts_with(ty), "{path}");
        // No asset reaches for another origin (works offline).
        assert!(!r.text().contains("https://"), "{path} refers to another origin");
    }
    let r = c.get("/samples");
    assert_eq!(
        r.json()["samples"],
        json!([
            "xiangqi-perpetual-chase.pgn",
            "chess-threefold-grischuk-giri-2019.pgn"
        ])
    );
    assert_eq!(c.get("/samples/xiangqi-perpetual-chase.pgn").text(), XQ_SAMPLE);
    let r = c.get("/samples/..%2F..%2FCargo.toml");
    assert_eq!(r.status, 404);
    assert!(r.json()["error"].as_str().unwrap().contains("no bundled sample"));
    let r = c.get("/api/v1/");
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["api"], "v1");
    // The formats the readers take, the list the page's file picker offers.
    assert_eq!(
        r.json()["formats"],
        json!([".pgn", ".xqf", ".cbr", ".cbl", ".cbf", ".wxf", ".txt", ".htm", ".html", ".ubb"])
    );
}

#[test]
fn judge_a_xiangqi_record_as_the_cli_does() {
    let s = server();
    let mut c = s.client();
    let r = c.post("/api/v1/judge", XQ_SAMPLE.as_bytes());
    assert_eq!(r.status, 200, "{}", r.text());
    let v = r.json();
    let games = v["games"].as_array().unwrap();
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!(g["game"], "xiangqi");
    assert_eq!(g["status"], "decided");
    assert_eq!(g["reason"], "perpetual_chase");
    assert_eq!(g["result"], "0-1");
    assert_eq!(g["must_vary"], "red");
    assert_eq!(g["at_ply"], 58);
    assert_eq!(g["clause"], "AXF detailed rule 13");
    assert_eq!(g["cycle"]["start_ply"], 42); // the 3 ruled loops and the deciding one
    assert_eq!(g["file"], "-");
    assert!(g.get("annotations").is_none());
    // The same report the library (and so the CLI's --json) gives, plus its words (`text`).
    let lib: Vec<Value> = arbiter::judge_bytes(XQ_SAMPLE.as_bytes(), "-", &Default::default())
        .map(|g| serde_json::to_value(&g).unwrap())
        .collect();
    let without_text: Vec<Value> = games
        .iter()
        .map(|g| {
            let mut g = g.clone();
            assert!(g.as_object_mut().unwrap().remove("text").is_some());
            g
        })
        .collect();
    assert_eq!(without_text, lib);
    // TW113 and two cycles: pending after two loops.
    let r = c.post("/api/v1/judge?rules=tw113&cycles=2", XQ_SAMPLE.as_bytes());
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["games"][0]["rules"], "tw113");
}

#[test]
fn judge_with_annotations_gives_every_ply() {
    let s = server();
    let mut c = s.client();
    let r = c.post("/api/v1/judge?annotate=true", XQ_SAMPLE.as_bytes());
    assert_eq!(r.status, 200, "{}", r.text());
    let g = &r.json()["games"][0];
    let a = g["annotations"].as_array().unwrap();
    assert_eq!(a.len(), 59, "ply 0 and 58 moves");
    assert_eq!(a[0]["ply"], 0);
    assert_eq!(
        a[0]["fen"],
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    );
    assert_eq!(a[1]["move"], "h2e2");
    // Ply 57: Red's g6h6 chases the cannon on h8 (the cycle's offence).
    assert_eq!(a[57]["move"], "g6h6");
    assert_eq!(a[57]["kinds"], json!(["chase"]));
    assert_eq!(
        a[57]["chases"],
        json!([{"chaser":"h6","target":"h8","piece":"cannon"}])
    );
    assert_eq!(a[58]["kinds"], json!(["idle"]));

    let r = c.post("/api/v1/judge?annotate=true", CHESS_SAMPLE.as_bytes());
    let g = &r.json()["games"][0];
    let a = g["annotations"].as_array().unwrap();
    assert_eq!(a.len(), 44);
    assert_eq!(
        a[0]["fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    // White may claim threefold at ply 42 by writing e1f1, Kf1 in SAN.
    let claims = a[42]["claims"].as_array().unwrap();
    assert!(
        claims
            .iter()
            .any(|c| c["kind"] == "threefold" && c["by"] == "white" && c["intended_move"] == "e1f1"),
        "{claims:?}"
    );
    assert_eq!(a[42]["intended_san"], json!({"e1f1": "Kf1"}));
    assert!(a[41].get("intended_san").is_none());
    // Moves as written, their check marks kept: the record's 21...Qa5+ and 8...Bxc3+.
    assert_eq!(a[42]["text"], "Qa5+");
    assert_eq!(a[16]["text"], "Bxc3+");
    assert_eq!(a[43]["text"], "Kf1");
    // The record's tags, for the page's heading.
    assert_eq!(g["tags"]["White"], "Alexander Grischuk");
    assert_eq!(g["tags"]["Black"], "Anish Giri");
    assert_eq!(g["tags"]["Event"], "Gashimov Memorial");
    assert_eq!(g["tags"]["Date"], "2019.04.02");
}

#[test]
fn judge_many_games_in_one_body_and_each_failure_as_an_item() {
    let s = server();
    let mut c = s.client();
    let both = format!("{XQ_SAMPLE}\n\n{CHESS_SAMPLE}");
    let r = c.post("/api/v1/judge", both.as_bytes());
    assert_eq!(r.status, 200);
    let v = r.json();
    let games = v["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0]["game"], "xiangqi");
    assert_eq!(games[1]["game"], "chess");
    assert_eq!(games[1]["index"], 1);
    assert_eq!(games[1]["status"], "claimable");

    // A record with an illegal move: 422 and the CLI's error item, naming the ply.
    let bad = XQ_SAMPLE.replace("1. h2e2 h9g7", "1. h2e2 h9h3");
    let r = c.post("/api/v1/judge", bad.as_bytes());
    assert_eq!(r.status, 422, "{}", r.text());
    let v = r.json();
    let item = &v["games"][0];
    assert_eq!(item["ply"], 2);
    assert!(item["error"].as_str().unwrap().contains("h9h3"), "{item}");
    assert_eq!(v["error"], item["error"]);

    // Garbage and an empty body: 422 with an error item.
    for body in [&b"\x00\x01\x02 not a record"[..], b""] {
        let r = c.post("/api/v1/judge", body);
        assert_eq!(r.status, 422, "{}", r.text());
        assert!(r.json()["error"].is_string());
    }
}

#[test]
fn judge_query_errors_are_400() {
    let s = server();
    for q in [
        "cycles=abc",
        "bogus=1",
        "rules=uscf",
        "game=go",
        "dead_check=maybe",
        "cycles=0",
    ] {
        // A new connection each time: the server need not read the body of a refused request.
        let r = s
            .client()
            .post(&format!("/api/v1/judge?{q}"), XQ_SAMPLE.as_bytes());
        assert_eq!(r.status, 400, "{q}: {}", r.text());
        assert!(r.json()["error"].is_string(), "{q}");
    }
}

#[test]
fn body_over_the_cap_is_413() {
    let mut config = arbiter_server::Config::default();
    config.limits.body_bytes = 1000;
    let s = TestServer::start(config);
    let big = vec![b' '; 5000];
    for path in ["/api/v1/judge", "/api/v1/position"] {
        let mut c = s.client();
        let r = c.request("POST", path, &big, Some("application/json"));
        assert_eq!(r.status, 413, "{path}");
        assert!(r.json()["error"].as_str().unwrap().contains("1000-byte cap"));
    }
    // Still answering.
    let r = s
        .client()
        .post("/api/v1/judge", b"[Event \"short\"]\n\n1. h2e2 h9g7 *\n");
    assert_eq!(r.status, 200, "{}", r.text());
}

#[test]
fn position_endpoint() {
    let s = server();
    let mut c = s.client();
    let moves = "f7e7 e9f9 e7f7 f9e9 ".repeat(4);
    let r = c.post_json(
        "/api/v1/position",
        &json!({"fen": PERPETUAL_CHECK_FEN, "moves": moves}),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let g = r.json();
    assert_eq!(g["status"], "decided");
    assert_eq!(g["reason"], "perpetual_check");
    assert_eq!(g["must_vary"], "red");
    assert_eq!(g["result"], "0-1");
    assert_eq!(g["clause"], "AXF detailed rule 1");
    // Moves as a list, annotated.
    let list: Vec<&str> = moves.split_whitespace().collect();
    let r = c.post_json(
        "/api/v1/position",
        &json!({"fen": PERPETUAL_CHECK_FEN, "moves": list, "annotate": true}),
    );
    let g = r.json();
    assert_eq!(g["annotations"][1]["kinds"], json!(["check"]));
    assert_eq!(g["annotations"][1]["check"], true);
    // Chess from the start.
    let r = c.post_json(
        "/api/v1/position",
        &json!({"moves": "e2e4 e7e5 Qh5 Nc6 Bc4 Nf6 Qxf7#"}),
    );
    let g = r.json();
    assert_eq!(g["game"], "chess");
    assert_eq!(g["reason"], "checkmate");
    assert_eq!(g["result"], "1-0");

    // Illegal move: 422, the CLI's item with the ply.
    let r = c.post_json(
        "/api/v1/position",
        &json!({"fen": PERPETUAL_CHECK_FEN, "moves": "f7e7 e9e8"}),
    );
    assert_eq!(r.status, 422);
    let e = r.json();
    assert_eq!(e["ply"], 2);
    assert!(e["error"].is_string());
    // Bad FEN: a usage error in the library (the CLI exits 2), so 400 with the CLI's message.
    let r = c.post_json("/api/v1/position", &json!({"fen": "not a fen", "moves": ""}));
    assert_eq!(r.status, 400, "{}", r.text());
    assert!(r.json()["error"]
        .as_str()
        .unwrap_or("")
        .contains("unparsable FEN"));
    // Malformed requests: 400.
    for body in [
        &b"{"[..],
        b"[]",
        b"",
        b"{\"fen\": 3}",
        b"{\"moves\":\"\",\"colour\":\"red\"}",
    ] {
        let r = c.request("POST", "/api/v1/position", body, Some("application/json"));
        assert_eq!(r.status, 400, "{}", String::from_utf8_lossy(body));
        assert!(r.json()["error"].is_string());
    }
}

#[test]
fn cycle_classify_claim_dead_perft() {
    let s = server();
    let mut c = s.client();
    // cycle: perpetual check.
    let r = c.post_json(
        "/api/v1/cycle",
        &json!({"fen": PERPETUAL_CHECK_FEN, "moves": "f7e7 e9f9 e7f7 f9e9"}),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let v = r.json();
    assert_eq!(v["sides"]["red"]["offence"], "perpetual_check");
    assert_eq!(v["verdict"]["must_vary"], "red");
    assert_eq!(v["verdict"]["clause"], "AXF detailed rule 1");
    // cycle that does not return: 422.
    let r = c.post_json(
        "/api/v1/cycle",
        &json!({"fen": PERPETUAL_CHECK_FEN, "moves": "f7e7 e9f9"}),
    );
    assert_eq!(r.status, 422, "{}", r.text());

    // classify: the chariot chases the cannon.
    let r = c.post_json(
        "/api/v1/classify",
        &json!({"fen": "4k4/9/9/9/1c7/4P4/R8/9/9/4K4 w", "move": "a3b3"}),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let v = r.json();
    assert_eq!(v["kinds"], json!(["chase"]));
    assert_eq!(
        v["chases"],
        json!([{"chaser":"b3","target":"b5","piece":"cannon"}])
    );
    let r = c.post_json(
        "/api/v1/classify",
        &json!({"fen": "4k4/9/9/9/1c7/4P4/R8/9/9/4K4 w", "move": "a3b4"}),
    );
    assert_eq!(r.status, 422);

    // claim: Grischuk–Giri threefold with the intended move e1f1 at ply 42 (FIDE 9.2.1.1).
    let r = c.post_json(
        "/api/v1/claim",
        &json!({"kind":"threefold","record":CHESS_SAMPLE,"at_ply":42,"intended_move":"e1f1"}),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let v = r.json();
    assert_eq!(v["valid"], true);
    assert_eq!(v["by"], "white");
    assert_eq!(v["penalty"], Value::Null);
    // fifty moves from a FEN (FIDE 9.3.1).
    let r = c.post_json(
        "/api/v1/claim",
        &json!({"kind":"fifty-moves","fen":"4k3/8/8/8/8/8/3R4/4K3 w - - 98 70","moves":"d2c2","intended_move":"e8f8"}),
    );
    assert_eq!(r.json()["valid"], true);
    assert_eq!(r.json()["kind"], "fifty_moves");
    // Either spelling asked, one spelling answered (the ClaimKind's).
    let r = c.post_json(
        "/api/v1/claim",
        &json!({"kind":"fifty_moves","fen":"4k3/8/8/8/8/8/3R4/4K3 w - - 98 70","moves":"d2c2","intended_move":"e8f8"}),
    );
    assert_eq!(r.json()["kind"], "fifty_moves");
    // Games counted from 1 as the CLI's `--game N`; a missing game is named without the
    // request body's `-` file label; game 0 is a bad request.
    let r = c.post_json(
        "/api/v1/claim",
        &json!({"kind":"threefold","record":CHESS_SAMPLE,"game":1,"at_ply":42,"intended_move":"e1f1"}),
    );
    assert_eq!(r.json()["valid"], true, "{}", r.text());
    let r = c.post_json(
        "/api/v1/claim",
        &json!({"kind":"threefold","record":CHESS_SAMPLE,"game":2}),
    );
    assert_eq!(r.json()["error"], "the record has no game 2", "{}", r.text());
    let r = c.post_json(
        "/api/v1/claim",
        &json!({"kind":"threefold","record":CHESS_SAMPLE,"game":0}),
    );
    assert_eq!(r.status, 400, "{}", r.text());
    // A claim that does not fit: 422; an unknown kind: 400.
    let r = c.post_json(
        "/api/v1/claim",
        &json!({"kind":"natural-move-limit","fen":"4k3/8/8/8/8/8/3R4/4K3 w - - 98 70","moves":""}),
    );
    assert_eq!(r.status, 422, "{}", r.text());
    let r = c.post_json("/api/v1/claim", &json!({"kind":"resign","moves":""}));
    assert_eq!(r.status, 400, "{}", r.text());

    // dead: K v K is dead (FIDE 5.2.2); K+B v K+B on opposite colours is not.
    let r = c.post_json("/api/v1/dead", &json!({"fen":"8/8/8/4k3/8/8/8/4K3 w - - 0 1"}));
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["dead"], true);
    // `exact`, as `arbiter dead --exact`: accepted, the same proved answer.
    let r = c.post_json(
        "/api/v1/dead",
        &json!({"fen":"8/8/8/4k3/8/8/8/4K3 w - - 0 1","exact":true}),
    );
    assert_eq!(
        (r.status, r.json()["dead"].clone()),
        (200, json!(true)),
        "{}",
        r.text()
    );
    let r = c.post_json("/api/v1/dead", &json!({"fen":"8/8/8/3bk3/8/8/8/2B1K3 w - - 0 1"}));
    assert_eq!(r.json()["dead"], false);
    let r = c.post_json("/api/v1/dead", &json!({"fen":"8/8/8/8"}));
    assert_eq!(r.status, 422, "{}", r.text());

    // perft: the xiangqi start position to depth 3 = 79,666; chess depth 3 = 8,902.
    let r = c.post_json("/api/v1/perft", &json!({"depth": 3}));
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["nodes"], 79666);
    let r = c.post_json(
        "/api/v1/perft",
        &json!({"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","depth":3}),
    );
    assert_eq!(r.json()["nodes"], 8902);
    // Over the depth cap: 422.
    let r = c.post_json("/api/v1/perft", &json!({"depth": 9}));
    assert_eq!(r.status, 422);
    assert!(r.json()["error"].as_str().unwrap().contains("cap"));
}

#[test]
fn unknown_routes_and_methods() {
    let s = server();
    let mut c = s.client();
    let r = c.post("/api/v1/resign", b"{}");
    assert_eq!(r.status, 404);
    assert!(r.json()["error"].is_string());
    let r = c.get("/api/v1/judge");
    assert_eq!(r.status, 405);
    let r = c.get("/etc/passwd");
    assert_eq!(r.status, 404);
}

#[test]
fn cors_is_off_unless_an_origin_is_given() {
    let s = server();
    let r = s.client().request_with(
        "POST",
        "/api/v1/judge",
        XQ_SAMPLE.as_bytes(),
        None,
        &[("Origin", "https://elsewhere.example")],
    );
    assert_eq!(r.status, 200);
    assert!(r.header("access-control-allow-origin").is_none());

    let config = arbiter_server::Config {
        cors: Some("https://club.example".into()),
        ..Default::default()
    };
    let s = TestServer::start(config);
    let r = s.client().request_with(
        "OPTIONS",
        "/api/v1/judge",
        b"",
        None,
        &[
            ("Origin", "https://club.example"),
            ("Access-Control-Request-Method", "POST"),
        ],
    );
    assert_eq!(
        r.header("access-control-allow-origin"),
        Some("https://club.example")
    );
    let r = s.client().request_with(
        "POST",
        "/api/v1/judge",
        XQ_SAMPLE.as_bytes(),
        None,
        &[("Origin", "https://elsewhere.example")],
    );
    // Only the named origin is ever allowed (the browser refuses the others).
    assert_eq!(
        r.header("access-control-allow-origin"),
        Some("https://club.example")
    );
}

#[test]
fn over_the_time_cap_is_422_and_the_server_goes_on() {
    let mut config = arbiter_server::Config::default();
    config.limits.time = std::time::Duration::from_millis(20);
    let s = TestServer::start(config);
    // 400 games take far longer than 20 ms to judge.
    let many = format!("{XQ_SAMPLE}\n\n").repeat(400);
    let r = s.client().post("/api/v1/judge", many.as_bytes());
    assert_eq!(r.status, 422, "{}", &r.text()[..r.text().len().min(300)]);
    assert!(
        r.json()["error"].as_str().unwrap().contains("time cap"),
        "{}",
        r.text()
    );
    // Perft depth within the cap but too slow for 20 ms: 422 as well.
    let r = s.client().post_json("/api/v1/perft", &json!({"depth": 4}));
    assert_eq!(r.status, 422);
    // The server still answers (a route that computes nothing: a small computing request
    // may itself pass 20 ms on a loaded machine).
    let r = s.client().get("/healthz");
    assert_eq!(r.status, 200);
}

/// The page's clause summaries are the library glossary (`arbiter rules`), served whole, by
/// clause, or as the clauses a report's text cites; the page keeps no copy of its own.
#[test]
fn rules_serves_the_library_glossary() {
    let s = server();
    let mut c = s.client();
    let r = c.get("/api/v1/rules");
    assert_eq!(r.status, 200);
    let all = r.json()["clauses"].as_array().expect("clauses").clone();
    assert_eq!(all.len(), arbiter::glossary::CLAUSES.len());
    assert_eq!(all[0]["citation"], "AXF general rule 1");
    let r = c.get("/api/v1/rules?book=axf&clause=d13");
    assert_eq!(r.status, 200);
    let d13 = &r.json()["clauses"][0];
    let lib = arbiter::glossary::lookup(Some(arbiter::glossary::RuleBook::Axf), "d13")[0];
    assert_eq!(d13["citation"], "AXF detailed rule 13");
    assert_eq!(d13["en"], lib.en);
    assert_eq!(d13["zh"], lib.zh);
    let mut d13 = d13.clone();
    assert_eq!(d13["text"], lib.text_json(arbiter::Lang::En));
    d13.as_object_mut().unwrap().remove("text");
    assert_eq!(d13, lib.json());
    let r = c.get("/api/v1/rules?cited=AXF%20general%20rule%209%20%2F%20detailed%20rule%2023");
    let body = r.json();
    let cited: Vec<&str> = body["clauses"]
        .as_array()
        .expect("clauses")
        .iter()
        .map(|c| c["citation"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(cited, ["AXF general rule 9", "AXF detailed rule 23"]);
    assert_eq!(
        c.get("/api/v1/rules?cited=no%20clause").json()["clauses"],
        json!([])
    );
    assert_eq!(c.get("/api/v1/rules?book=xyz").status, 400);
    assert_eq!(c.get("/api/v1/rules?book=fide&clause=d14").status, 404);
    assert_eq!(c.get("/api/v1/rules?colour=red").status, 400);
    // No copy of the summaries in the page's scripts.
    let i18n = c.get("/i18n.js").text();
    assert!(
        !i18n.contains("AXF general rule") && !i18n.contains("FIDE 9.2"),
        "{i18n}"
    );
}

/// `?lang=` (else `Accept-Language`, else English) sets the words of every answer: `text` on
/// games, positions, cycles, claims and dead positions, `error`, the glossary; the machine
/// fields never change, and `Content-Language` names the language.
#[test]
fn answers_speak_the_language_asked_for() {
    let s = server();
    let mut c = s.client();
    let plain = c.post("/api/v1/judge", XQ_SAMPLE.as_bytes());
    assert_eq!(plain.header("content-language"), Some("en"));
    let mut plain_game = plain.json()["games"][0].clone();
    assert_eq!(plain_game["text"]["lang"], "en");
    assert!(plain_game["text"]["verdict"]
        .as_str()
        .unwrap()
        .contains("Red went on with its perpetual chase"));
    let hant = c.post("/api/v1/judge?lang=zh-Hant", XQ_SAMPLE.as_bytes());
    assert_eq!(hant.header("content-language"), Some("zh-Hant"));
    let mut game = hant.json()["games"][0].clone();
    let text = game["text"].take();
    assert_eq!(text["lang"], "zh-Hant");
    assert_eq!(text["clause"], "亞洲棋規細則第13條");
    assert!(text["verdict"]
        .as_str()
        .unwrap()
        .contains("紅方長捉黑砲（亞洲棋規細則第13條）"));
    assert_eq!(text["moves"].as_array().unwrap().len(), 58);
    assert_eq!(text["moves"][46], "俥二平三");
    assert!(text["sides"]["red"].as_str().unwrap().contains("長捉"));
    assert!(text["report"].as_str().unwrap().contains("引用條文"));
    plain_game["text"].take();
    assert_eq!(game, plain_game, "machine fields never change with the language");
    // Accept-Language, weighted; ?lang= wins over it.
    let r = c.request_with(
        "POST",
        "/api/v1/judge",
        XQ_SAMPLE.as_bytes(),
        Some("application/octet-stream"),
        &[("Accept-Language", "fr;q=1, zh-CN;q=0.8, en;q=0.5")],
    );
    assert_eq!(r.header("content-language"), Some("zh-Hans"));
    assert_eq!(r.json()["games"][0]["text"]["moves"][46], "车二平三");
    let r = c.request_with(
        "POST",
        "/api/v1/judge?lang=en&notation=iccs",
        XQ_SAMPLE.as_bytes(),
        Some("application/octet-stream"),
        &[("Accept-Language", "zh-TW")],
    );
    assert_eq!(r.header("content-language"), Some("en"));
    assert_eq!(r.json()["games"][0]["text"]["moves"][46], "h6g6");
    // Chess moves: SAN with +/#, one per ply, in every language.
    let r = c.post("/api/v1/judge?lang=zh-Hant", CHESS_SAMPLE.as_bytes());
    let moves = r.json()["games"][0]["text"]["moves"].clone();
    assert_eq!(moves.as_array().unwrap().len(), 43);
    assert_eq!(
        (&moves[15], &moves[33], &moves[42]),
        (&json!("Bxc3+"), &json!("Qa5+"), &json!("Kf1"))
    );
    let r = c.post_json(
        "/api/v1/position?lang=zh-Hans",
        &json!({"fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "moves": "f2f3 e7e5 g2g4 d8h4"}),
    );
    assert_eq!(r.json()["text"]["moves"], json!(["f3", "e5", "g4", "Qh4#"]));
    // Every other route with words.
    let cycle = c.post_json(
        "/api/v1/cycle?lang=zh-Hans",
        &json!({"fen": PERPETUAL_CHECK_FEN, "moves": "f7e7 e9f9 e7f7 f9e9"}),
    );
    assert_eq!(cycle.status, 200);
    assert_eq!(cycle.header("content-language"), Some("zh-Hans"));
    assert!(cycle.json()["text"]["sides"]["red"]
        .as_str()
        .unwrap()
        .contains("长将"));
    let claim = c.post_json(
        "/api/v1/claim?lang=zh-Hant",
        &json!({"kind": "threefold", "record": CHESS_SAMPLE}),
    );
    assert!(claim.json()["text"]["report"]
        .as_str()
        .unwrap()
        .contains("三次重複"));
    let dead = c.post_json(
        "/api/v1/dead?lang=zh-Hans",
        &json!({"fen": "8/8/8/4k3/8/8/8/4K3 w - - 0 1"}),
    );
    assert!(dead.json()["text"]["verdict"]
        .as_str()
        .unwrap()
        .starts_with("死局"));
    let pos = c.post_json(
        "/api/v1/position?lang=zh-Hant",
        &json!({"fen": PERPETUAL_CHECK_FEN, "moves": "f7e7 e9f9 e7f7 f9e9 f7e7 e9f9 e7f7 f9e9 f7e7 e9f9 e7f7 f9e9"}),
    );
    assert!(pos.json()["text"]["verdict"]
        .as_str()
        .unwrap()
        .contains("紅方長將"));
    // An error in the language asked for; a language we do not speak is a bad request.
    let mut c = s.client();
    let wrong = c.post_json(
        "/api/v1/claim?lang=zh-Hans",
        &json!({"kind": "threefold", "record": XQ_SAMPLE}),
    );
    assert_eq!(wrong.status, 422);
    assert!(wrong.json()["error"].as_str().unwrap().contains("自然限着"));
    let mut c = s.client();
    assert_eq!(c.post("/api/v1/judge?lang=fr", XQ_SAMPLE.as_bytes()).status, 400);
    // The glossary.
    let mut c = s.client();
    let rules = c.get("/api/v1/rules?book=axf&clause=d13&lang=zh-Hans");
    assert_eq!(rules.header("content-language"), Some("zh-Hans"));
    let clause = &rules.json()["clauses"][0];
    assert_eq!(clause["text"]["citation"], "亚洲棋规细则第13条");
    assert_eq!(clause["text"]["title"], "车捉无根炮");
    assert_eq!(clause["title_zh"], "車捉無根炮");
}

/// `?match=true` (and `"match": true` in a position body) is `judge --match`: the perpetual
/// check of TW113 example 1 is decided at the third occurrence (ply 8) instead of pending
/// after three cycles.
#[test]
fn match_option_is_the_cli_match() {
    let s = server();
    let mut c = s.client();
    let moves = "f7e7 e9f9 e7f7 f9e9 ".repeat(2);
    let body = json!({"fen": PERPETUAL_CHECK_FEN, "moves": moves, "rules": "tw113"});
    let plain = c.post_json("/api/v1/position", &body).json();
    assert_eq!(plain["status"], "ongoing");
    let mut with_match = body.clone();
    with_match["match"] = json!(true);
    let g = c.post_json("/api/v1/position", &with_match).json();
    assert_eq!(
        (&g["status"], &g["reason"], &g["result"], &g["at_ply"]),
        (
            &json!("decided"),
            &json!("perpetual_check"),
            &json!("0-1"),
            &json!(8)
        )
    );
    let record = format!(
        "[Event \"m\"]\n[FEN \"{PERPETUAL_CHECK_FEN}\"]\n[Result \"0-1\"]\n[Termination \"perpetual check\"]\n\n{moves}0-1\n"
    );
    let r = c.post("/api/v1/judge?match=true&rules=tw113", record.as_bytes());
    assert_eq!(r.status, 200, "{}", r.text());
    let g = &r.json()["games"][0];
    assert_eq!(
        (&g["status"], &g["result_agrees"]),
        (&json!("decided"), &json!(true))
    );
    let r = c.post("/api/v1/judge?rules=tw113", record.as_bytes());
    assert_eq!(r.json()["games"][0]["result_agrees"], json!(false));
}

/// Every refusal in the language asked for (`?lang=`, else `Accept-Language`), the key `error`
/// kept and the English unchanged: 400 (empty body, a missing field, an unknown word), 404
/// (the API fallback, a sample), 405 (axum's fallback), 413 (the body cap), 415 (not JSON),
/// 422 (a perft over the cap, a FEN `dead` cannot read, an illegal move of a position).
#[test]
fn error_answers_speak_the_language() {
    let s = TestServer::start(arbiter_server::Config {
        limits: arbiter_server::Limits {
            body_bytes: 64,
            ..Default::default()
        },
        ..Default::default()
    });
    let error = |r: &common::Response| r.json()["error"].as_str().unwrap_or_default().to_string();
    let json = Some("application/json");
    // (status, method, path, body, content type, Accept-Language, expected error)
    type Case<'a> = (u16, &'a str, &'a str, &'a str, Option<&'a str>, &'a str, &'a str);
    let cases: &[Case] = &[
        (
            400,
            "POST",
            "/api/v1/cycle?lang=zh-Hant",
            "",
            json,
            "",
            "請求主體是空的；請送出 JSON 物件",
        ),
        (
            400,
            "POST",
            "/api/v1/cycle?lang=zh-Hans",
            "",
            json,
            "",
            "请求主体是空的；请发送 JSON 对象",
        ),
        (
            400,
            "POST",
            "/api/v1/cycle",
            "",
            json,
            "",
            "the request body is empty; send a JSON object",
        ),
        (
            400,
            "POST",
            "/api/v1/dead?lang=zh-Hant",
            "{}",
            json,
            "",
            "請求主體缺少欄位「fen」（第1行第2欄）",
        ),
        (
            400,
            "POST",
            "/api/v1/dead?lang=zh-Hans",
            "{\"fen\":",
            json,
            "",
            "请求主体不是有效的 JSON（第1行第7列）",
        ),
        (
            400,
            "POST",
            "/api/v1/dead?lang=zh-Hant&notation=abc",
            "{}",
            json,
            "",
            "不認得的值「abc」；可用的值：chinese、iccs、wxf、as-written",
        ),
        (
            422,
            "POST",
            "/api/v1/dead?lang=zh-Hant",
            "{\"fen\":\"badfen\"}",
            json,
            "",
            "無法讀取的 FEN「badfen」：棋盤有1個橫排；西洋棋需要以「/」分隔的8個橫排",
        ),
        (
            422,
            "POST",
            "/api/v1/dead",
            "{\"fen\":\"badfen\"}",
            json,
            "",
            "unparsable FEN \"badfen\": the board has 1 rank separated by '/', not 8",
        ),
        (
            422,
            "POST",
            "/api/v1/position?lang=zh-Hans",
            "{\"fen\":\"4k4/9/5R3/9/9/4P4/9/9/9/4K4 w\",\"moves\":\"f7e7 e9e8\"}",
            json,
            "",
            "「e9e8」不合规则：走后己方将帅仍被将军：e7的车",
        ),
        (
            404,
            "GET",
            "/api/v1/nowhere?lang=zh-Hant",
            "",
            None,
            "",
            "沒有這個 API 路徑；GET /api/v1/ 列出全部路徑",
        ),
        (
            404,
            "GET",
            "/api/v1/nowhere",
            "",
            None,
            "zh-CN",
            "没有这个 API 路径；GET /api/v1/ 列出全部路径",
        ),
        (
            404,
            "GET",
            "/api/v1/nowhere",
            "",
            None,
            "",
            "no such API route; GET /api/v1/ lists them",
        ),
        (
            404,
            "GET",
            "/samples/x.pgn?lang=zh-Hans",
            "",
            None,
            "",
            "没有内附的示例「x.pgn」",
        ),
        (
            405,
            "GET",
            "/api/v1/judge?lang=zh-Hant",
            "",
            None,
            "",
            "請求方法不對；此路徑只接受 POST",
        ),
        (
            405,
            "GET",
            "/api/v1/judge",
            "",
            None,
            "zh-TW",
            "請求方法不對；此路徑只接受 POST",
        ),
        (
            405,
            "GET",
            "/api/v1/judge",
            "",
            None,
            "",
            "wrong method; this route takes POST",
        ),
        (
            413,
            "POST",
            "/api/v1/judge?lang=zh-Hans",
            "1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 4. b0c2 a9b9 5. a0b0 b7b3 *",
            None,
            "",
            "请求主体超过上限64字节（arbiter serve --max-body）",
        ),
        (
            415,
            "POST",
            "/api/v1/dead?lang=zh-Hant",
            "{}",
            Some("text/plain"),
            "",
            "請求主體須為 JSON，並以 Content-Type: application/json 送出；收到的是「text/plain」",
        ),
        (
            415,
            "POST",
            "/api/v1/dead",
            "{}",
            Some("text/plain"),
            "",
            "the request body must be JSON sent as Content-Type: application/json (got \"text/plain\")",
        ),
        (
            422,
            "POST",
            "/api/v1/perft?lang=zh-Hant",
            "{\"depth\":9}",
            json,
            "",
            "perft 深度9超過本伺服器的上限4個半回合",
        ),
    ];
    for (status, method, path, body, ctype, accept, want) in cases {
        let extra: Vec<(&str, &str)> = if accept.is_empty() {
            Vec::new()
        } else {
            vec![("Accept-Language", *accept)]
        };
        // A connection per case: after a refusal such as 413 the server may close the
        // connection, and a request written on it then would meet a broken pipe.
        let r = s
            .client()
            .request_with(method, path, body.as_bytes(), *ctype, &extra);
        assert_eq!(r.status, *status, "{method} {path}: {}", r.text());
        assert_eq!(error(&r), *want, "{method} {path}");
        if want.is_ascii() {
            assert_ne!(r.header("content-language"), Some("zh-Hant"), "{path}");
        } else {
            assert!(
                r.header("content-language").unwrap_or_default().starts_with("zh"),
                "{path}"
            );
            // No English sentence: only names (routes, flags, header values, fields) stay.
            for w in [" the ", "request", " body", "route", "method", "error"] {
                assert!(!want.contains(w), "{path}: {w:?}");
            }
        }
    }
}

/// Options the CLI refuses together are refused here too (400, the library's words): rules of
/// the other game for a one-game question, `cycles` with `match`. A record's game judged
/// under its own rule set says so in `notes`, in the answer's language (the CLI's "Note:").
#[test]
fn option_combinations_the_cli_refuses_are_400_and_a_record_gets_a_note() {
    let s = server();
    let moves = "f7e7 e9f9 e7f7 f9e9";
    let refused = [
        (
            "/api/v1/cycle",
            json!({"fen": PERPETUAL_CHECK_FEN, "moves": moves, "rules": "fide"}),
            "rule set fide is the chess rule set; xiangqi games are judged under axf",
        ),
        (
            "/api/v1/position",
            json!({"fen": PERPETUAL_CHECK_FEN, "moves": moves, "rules": "fide"}),
            "rule set fide is the chess rule set; xiangqi games are judged under axf",
        ),
        (
            "/api/v1/position",
            json!({"fen": PERPETUAL_CHECK_FEN, "moves": moves, "match": true, "cycles": 5}),
            "a cycle count and the engine-match convention",
        ),
    ];
    for (route, body, words) in refused {
        let r = s.client().post_json(route, &body);
        assert_eq!(r.status, 400, "{route} {body}: {}", r.text());
        let e = r.json()["error"].as_str().unwrap_or_default().to_string();
        assert!(e.starts_with(words), "{route} {body}: {e}");
        assert!(!e.contains("--"), "no CLI flag in the library's words: {e}");
    }
    let r = s
        .client()
        .post("/api/v1/judge?match=true&cycles=3", XQ_SAMPLE.as_bytes());
    assert_eq!(r.status, 400, "{}", r.text());
    // rules=fide on a xiangqi record: judged under AXF, with the note.
    let mut c = s.client();
    let r = c.post("/api/v1/judge?rules=fide", XQ_SAMPLE.as_bytes());
    assert_eq!(r.status, 200, "{}", r.text());
    let g = &r.json()["games"][0];
    assert_eq!(g["rules"], "axf", "{g}");
    assert_eq!(
        g["notes"],
        json!(["rule set fide is the chess rule set; xiangqi games are judged under axf"])
    );
    let r = c.post("/api/v1/judge?rules=fide&lang=zh-Hant", XQ_SAMPLE.as_bytes());
    assert_eq!(
        r.json()["games"][0]["notes"],
        json!(["國際棋聯棋規（fide）是西洋棋規則；象棋依亞洲棋規判定"])
    );
    // The game's own rule set: no note.
    let r = c.post("/api/v1/judge?rules=axf", XQ_SAMPLE.as_bytes());
    assert!(r.json()["games"][0].get("notes").is_none());
}

/// A page that does not exist (outside the API): a line of text in the request's language
/// with `Content-Language`; a query parameter a route does not take, named once with the
/// ones it takes; a claim on a posted record names it as the judge route does.
#[test]
fn refusals_outside_the_api_and_of_the_query_speak_the_language() {
    let s = server();
    let mut c = s.client();
    let r = c.get("/nothere");
    assert_eq!(r.status, 404);
    assert_eq!(r.header("content-language"), Some("en"));
    assert_eq!(
        r.text(),
        "no such page; the referee's page is at / and its API at /api/v1/\n"
    );
    let r = c.request_with("GET", "/nothere", b"", None, &[("Accept-Language", "zh-TW")]);
    assert_eq!(r.header("content-language"), Some("zh-Hant"));
    assert_eq!(r.text(), "沒有這個網頁；裁判網頁在 /，API 在 /api/v1/\n");
    let r = c.get("/x/y?lang=zh-Hans");
    assert_eq!(r.header("content-language"), Some("zh-Hans"));
    assert_eq!(r.text(), "没有这个网页；裁判网页在 /，API 在 /api/v1/\n");
    let bogus = |lang: &str| {
        let r = s
            .client()
            .post(&format!("/api/v1/judge?bogus=1{lang}"), XQ_SAMPLE.as_bytes());
        assert_eq!(r.status, 400);
        r.json()["error"].as_str().unwrap().to_string()
    };
    assert_eq!(
        bogus(""),
        "unknown query parameter \"bogus\"; this route takes rules, cycles, game, dead_check, explain, annotate, lang, notation, match"
    );
    assert_eq!(
        bogus("&lang=zh-Hant"),
        "查詢參數「bogus」無法識別；此路徑接受：rules、cycles、game、dead_check、explain、annotate、lang、notation、match"
    );
    let claim = |lang: &str| {
        let body = serde_json::json!({ "record": XQ_SAMPLE, "kind": "threefold" });
        let r = s.client().post_json(&format!("/api/v1/claim?lang={lang}"), &body);
        assert_eq!(r.status, 422, "{}", r.text());
        r.json()["error"].as_str().unwrap().to_string()
    };
    assert!(
        claim("en").starts_with("the input given holds a xiangqi game: "),
        "{}",
        claim("en")
    );
    assert!(
        claim("zh-Hans").starts_with("所给输入是中国象棋对局："),
        "{}",
        claim("zh-Hans")
    );
}

// The English words no Chinese view may hold (the CLI's golden test's list).
include!("../../arbiter-cli/tests/golden/english_words.rs");

/// The API's names an error may give (query parameters, fields), which are not words.
const API_NAMES: &[&str] = &[
    "rules",
    "cycles",
    "game",
    "dead_check",
    "explain",
    "annotate",
    "lang",
    "notation",
    "match",
    "book",
    "clause",
    "cited",
    "record",
    "fen",
    "moves",
    "kind",
    "colour",
];

/// Every kind of error answer, one bad request each, in both scripts (`?lang=` and
/// `Accept-Language`): the `error` (and a page 404's body) holds no English word; quoted input
/// (「…」) and the API's own names (routes, keys, values) are not words.
#[test]
fn every_error_answer_speaks_chinese_in_chinese() {
    let s = server();
    let j = Some("application/json");
    let o = Some("application/octet-stream");
    type Case<'a> = (&'a str, &'a str, Vec<u8>, Option<&'a str>, u16);
    let json = |v: Value| v.to_string().into_bytes();
    let cases: Vec<Case> = vec![
        ("GET", "/nothere", vec![], None, 404),
        ("POST", "/api/v1/resign", b"{}".to_vec(), j, 404),
        ("GET", "/api/v1/judge", vec![], None, 405),
        ("POST", "/api/v1/judge?bogus=1", XQ_SAMPLE.into(), o, 400),
        ("POST", "/api/v1/judge?cycles=abc", XQ_SAMPLE.into(), o, 400),
        ("POST", "/api/v1/judge?rules=uscf", XQ_SAMPLE.into(), o, 400),
        ("POST", "/api/v1/judge", b"junk{".to_vec(), o, 422),
        ("POST", "/api/v1/judge", b"1. e4 (e5".to_vec(), o, 422),
        ("POST", "/api/v1/judge", b"".to_vec(), o, 422),
        ("POST", "/api/v1/position", b"{".to_vec(), j, 400),
        ("POST", "/api/v1/position", b"{}".to_vec(), None, 415),
        (
            "POST",
            "/api/v1/position",
            json(json!({"fen": "bad", "colour": 1})),
            j,
            400,
        ),
        (
            "POST",
            "/api/v1/position",
            json(json!({"fen": "bad fen", "moves": "h2e2"})),
            j,
            400,
        ),
        (
            "POST",
            "/api/v1/position",
            json(json!({"moves": "h2e2 h9g7 e2e9"})),
            j,
            422,
        ),
        (
            "POST",
            "/api/v1/position",
            json(json!({"game": "chess", "moves": "e4 e5 xd5"})),
            j,
            422,
        ),
        (
            "POST",
            "/api/v1/claim",
            json(json!({"record": XQ_SAMPLE, "kind": "threefold"})),
            j,
            422,
        ),
        (
            "POST",
            "/api/v1/claim",
            json(json!({"record": "junk{", "kind": "threefold"})),
            j,
            422,
        ),
        (
            "POST",
            "/api/v1/claim",
            json(json!({"record": CHESS_SAMPLE, "kind": "threefold", "game": 0})),
            j,
            400,
        ),
        (
            "POST",
            "/api/v1/claim",
            json(json!({"record": CHESS_SAMPLE, "kind": "threefold", "fen": "x"})),
            j,
            400,
        ),
        ("POST", "/api/v1/perft", json(json!({"depth": 9})), j, 422),
        ("GET", "/api/v1/rules?clause=nothing", vec![], None, 404),
        ("GET", "/samples/nothing.pgn", vec![], None, 404),
        ("GET", "/api/v1/rules?cited=x&book=axf", vec![], None, 400),
    ];
    for (method, path, body, ctype, status) in &cases {
        for lang in ["zh-Hant", "zh-Hans"] {
            let r = s
                .client()
                .request_with(method, path, body, *ctype, &[("Accept-Language", lang)]);
            assert_eq!(r.status, *status, "{method} {path} {lang}: {}", r.text());
            assert_eq!(r.header("content-language"), Some(lang), "{method} {path}");
            let text = match serde_json::from_str::<Value>(&r.text()) {
                Ok(v) => v["error"].as_str().unwrap_or_default().to_string(),
                Err(_) => r.text(),
            };
            assert!(!text.is_empty(), "{method} {path} {lang}: {}", r.text());
            let quoted_out: String = text
                .split(['「', '」'])
                .enumerate()
                .filter(|(i, _)| i % 2 == 0)
                .map(|(_, s)| s)
                .collect();
            // The API's own names: query parameters and fields.
            let spoken: String = quoted_out
                .split_inclusive(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .filter(|w| {
                    let word = w.trim_end_matches(|c: char| !(c.is_ascii_alphanumeric() || c == '_'));
                    !API_NAMES.contains(&word)
                })
                .collect();
            for w in ENGLISH_WORDS {
                assert!(!spoken.contains(w), "{method} {path} {lang}: {w:?} in {text:?}");
            }
        }
    }
}
