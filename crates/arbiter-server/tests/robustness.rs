//! The robustness corpus over HTTP: 1,200 mutated records (byte flips, cuts, splices, random
//! bytes, encodings) posted to a running server. Every answer must be a report (200) or an
//! error item (4xx); never a 5xx, never a dropped connection; the server still answers after.

mod common;

use common::TestServer;

const SEEDS: [&str; 2] = [
    include_str!("../samples/xiangqi-perpetual-chase.pgn"),
    include_str!("../samples/chess-threefold-grischuk-giri-2019.pgn"),
];

/// A small deterministic generator (xorshift64*), so a failure can be replayed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const TOKENS: &[&[u8]] = &[
    b"[FEN \"",
    b"\"]",
    b"[Game \"Chinese Chess\"]\n",
    b"[Variant \"xiangqi\"]",
    b"1. ",
    b"{",
    b"}",
    b"(",
    b")",
    b"O-O-O",
    b"e8=Q",
    b"h2e2",
    b"\xe7\x82\xae\xe4\xba\x8c\xe5\xb9\xb3\xe4\xba\x94",
    b"\xc5\xda\xb6\xfe",
    b"\xff\xfe",
    b"\r\n",
    b"\x00",
    b"9/9/9/9/9/9/9/9/9/9 w",
    b"*",
    b"1-0",
    b"%",
    b";",
    b"$1",
    b"XQ\x0a\x00",
    b"[Result \"0-1\"]\n\n",
];

fn mutate(rng: &mut Rng, seed: &[u8]) -> Vec<u8> {
    let mut v = seed.to_vec();
    for _ in 0..1 + rng.below(6) {
        let len = v.len();
        match rng.below(7) {
            0 if len > 0 => {
                let i = rng.below(len);
                v[i] ^= 1 << rng.below(8);
            }
            1 if len > 0 => v.truncate(rng.below(len)),
            2 if len > 0 => {
                let a = rng.below(len);
                let b = (a + rng.below(64)).min(len);
                let chunk = v[a..b].to_vec();
                let at = rng.below(len);
                v.splice(at..at, chunk);
            }
            3 => {
                let at = rng.below(len + 1);
                let t = TOKENS[rng.below(TOKENS.len())];
                v.splice(at..at, t.iter().copied());
            }
            4 if len > 0 => {
                let a = rng.below(len);
                let b = (a + rng.below(32)).min(len);
                v.drain(a..b);
            }
            5 => {
                let at = rng.below(len + 1);
                let junk: Vec<u8> = (0..rng.below(16)).map(|_| rng.next() as u8).collect();
                v.splice(at..at, junk);
            }
            _ => {
                // Swap two move tokens' worth of text.
                if len > 20 {
                    let a = rng.below(len - 10);
                    let b = rng.below(len - 10);
                    for k in 0..4 {
                        v.swap(a + k, b + k);
                    }
                }
            }
        }
    }
    v
}

#[test]
fn twelve_hundred_mutated_records_no_server_error() {
    let s = TestServer::start(arbiter_server::Config::default());
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut client = s.client();
    let (mut ok, mut unjudgeable) = (0, 0);
    for i in 0..1200 {
        let seed = SEEDS[i % 2].as_bytes();
        let body = mutate(&mut rng, seed);
        let path = match i % 3 {
            0 => "/api/v1/judge",
            1 => "/api/v1/judge?annotate=true",
            _ => "/api/v1/judge?rules=tw113&explain=true",
        };
        let r = client.post(path, &body);
        assert!(
            r.status == 200 || r.status == 422,
            "mutation {i}: status {} for {:?}\n{}",
            r.status,
            String::from_utf8_lossy(&body),
            r.text()
        );
        let v = r.json();
        assert!(
            v["games"].is_array() || v["error"].is_string(),
            "mutation {i}: {v}"
        );
        if r.status == 200 {
            ok += 1;
        } else {
            unjudgeable += 1;
        }
    }
    // Both outcomes occur: the mutations are neither all harmless nor all fatal.
    assert!(
        ok > 100 && unjudgeable > 100,
        "ok {ok}, unjudgeable {unjudgeable}"
    );
    let r = s.client().get("/");
    assert_eq!(r.status, 200);
    // And position requests with mutated FENs and moves.
    let mut c = s.client();
    for i in 0..200 {
        let fen = mutate(
            &mut rng,
            b"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        );
        let moves = mutate(&mut rng, b"h2e2 h9g7 h0g2 i9h9 b0c2");
        let body = serde_json::json!({
            "fen": String::from_utf8_lossy(&fen),
            "moves": String::from_utf8_lossy(&moves),
            "annotate": true,
        });
        let r = c.post_json("/api/v1/position", &body);
        assert!(
            // 400: a FEN that cannot be read (a usage error); 422: a move that cannot be played.
            r.status == 200 || r.status == 400 || r.status == 422,
            "position {i}: {} {body}",
            r.status
        );
    }
    assert_eq!(s.client().get("/api/v1/").status, 200);
}
