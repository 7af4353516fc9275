//! Work stopped by its budget: a long game judged under a time limit or a cancel flag ends
//! with an error report of its own ("stopped after N s"), and the games around it are judged.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use arbiter::xiangqi::{referee::Referee, rules::RuleSet};
use arbiter::{Budget, GameReport, Options};

/// A PGN game of `plies` knight moves out and back (ends by fivefold repetition at ply 16;
/// every later move is still replayed).
fn knight_shuffle(plies: usize) -> String {
    let mut s = String::from("[Event \"shuffle\"]\n\n");
    for i in 0..plies {
        if i % 2 == 0 {
            s.push_str(&format!("{}. ", i / 2 + 1));
        }
        s.push_str(["Nf3 ", "Nf6 ", "Ng1 ", "Ng8 "][i % 4]);
    }
    s.push_str("*\n\n");
    s
}

const MATE: &str = "[Event \"mate\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n";

fn error(r: &GameReport) -> &str {
    match r {
        GameReport::Error(e) => &e.error,
        other => panic!("judged: {other:?}"),
    }
}

/// A flag raised by another thread stops a game that would take far longer, and the next game
/// of the batch is judged in full.
#[test]
fn a_cancel_flag_stops_a_long_game() {
    let stop = Arc::new(AtomicBool::new(false));
    let options = Options {
        budget: Budget::unlimited().cancel_on(stop.clone()),
        ..Options::default()
    };
    // 400k plies: seconds of replay in a debug build.
    let pgn = knight_shuffle(400_000) + MATE;
    let raiser = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(20));
            stop.store(true, Ordering::Relaxed);
        })
    };
    let mut games = arbiter::split_bytes(pgn.as_bytes(), "long.pgn");
    let long = games.next().unwrap();
    let t = Instant::now();
    let report = long.judge(&options);
    let took = t.elapsed();
    raiser.join().unwrap();
    let e = error(&report);
    assert!(
        e.starts_with("stopped after ") && e.ends_with(" s: cancelled"),
        "{e}"
    );
    assert_eq!(report.index(), Some(0));
    // Stopped within a fraction of a second of the flag.
    assert!(took < Duration::from_secs(2), "took {took:?}");
    // The flag stays up: clear it for the next game, which is judged.
    stop.store(false, Ordering::Relaxed);
    let mate = games.next().unwrap().judge(&options);
    let json = serde_json::to_value(&mate).unwrap();
    assert_eq!(
        (json["reason"].as_str(), json["at_ply"].as_u64()),
        (Some("checkmate"), Some(4))
    );
}

/// A per-game limit: each game gets its own clock. The long game is stopped, the short one
/// after it is judged within its own limit.
#[test]
fn a_per_game_limit_stops_only_the_long_game() {
    let options = Options {
        budget: Budget::per_game(Duration::from_millis(10)),
        ..Options::default()
    };
    let pgn = knight_shuffle(400_000) + MATE;
    let reports: Vec<GameReport> = arbiter::judge_bytes(pgn.as_bytes(), "batch.pgn", &options).collect();
    assert_eq!(reports.len(), 2);
    let e = error(&reports[0]);
    assert!(
        e.starts_with("stopped after ") && e.ends_with(" s: over the time limit"),
        "{e}"
    );
    assert!(!reports[1].is_error(), "{:?}", reports[1]);
}

/// The xiangqi referee's replay stops at a passed deadline, at a ply it names.
#[test]
fn a_xiangqi_replay_stops_at_its_deadline() {
    let start = xiangqi::Position::from_fen("4k4/9/5R3/9/9/4P4/9/9/9/4K4 w").unwrap();
    let loop_moves = ["f7e7", "e9f9", "e7f7", "f9e9"].map(|m| xiangqi::Move::parse_iccs(m).unwrap());
    let moves: Vec<xiangqi::Move> = loop_moves.iter().cycle().take(1000).copied().collect();
    let mut r = Referee::new(RuleSet::axf(), start.clone(), 3);
    let passed = Budget::unlimited().until(Instant::now()).start();
    let e = r.replay_within(&moves, &passed).unwrap_err();
    assert!(!e.by_flag);
    assert_eq!(r.plies(), 0, "stopped before the first move");
    // Without a limit the same moves are judged: Red checks on every move.
    let mut r = Referee::new(RuleSet::axf(), start, 3);
    let v = r.replay_within(&moves, &Budget::unlimited().start()).unwrap();
    assert_eq!(v.result, "0-1");
}
