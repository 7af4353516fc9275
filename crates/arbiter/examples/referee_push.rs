//! Per-ply cost of the incremental referees, in process: every game of a chess PGN file pushed
//! move by move (UCI text) with the status asked after each ply (what the Python
//! `chess.Referee.push` does), and every game of a xiangqi file pushed move by move (ICCS text).
//!
//! `cargo run --release -p arbiter-referee --example referee_push -- world_matches.pgn liu_dahua_1125.pgn`
//! prints nanoseconds per ply for each step. Chess statuses are also summed into a checksum so
//! that two builds can be compared for the same answers (`--dump` prints every status).

use std::time::Instant;

use arbiter::chess::{read_pgn_games, Referee};
use arbiter::xiangqi::referee::Referee as XqReferee;
use arbiter::xiangqi::rules::RuleSet;
use records::record::{games, Game, ReadOptions};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dump = args.iter().any(|a| a == "--dump");
    let files: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let (Some(chess_file), xq_file) = (files.first(), files.get(1)) else {
        eprintln!("usage: referee_push CHESS.pgn [XIANGQI-FILE] [--dump]");
        std::process::exit(2);
    };
    let bytes = std::fs::read(chess_file).expect("read the chess file");
    let mut games_uci: Vec<(shakmaty::Chess, Vec<String>)> = Vec::new();
    for g in read_pgn_games(&bytes[..]).flatten() {
        if let Ok(moves) = g.replay() {
            let uci = moves
                .iter()
                .map(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string())
                .collect();
            games_uci.push((g.start.clone(), uci));
        }
    }
    let plies: usize = games_uci.iter().map(|g| g.1.len()).sum();
    let (mut t_push, mut t_status, mut check) = (0u128, 0u128, 0usize);
    let mut slow = (0usize, 0u128);
    for (start, moves) in &games_uci {
        let mut r = Referee::new(arbiter::chess::Fide::default(), start.clone());
        for m in moves {
            let t = Instant::now();
            r.push_text(m).expect("a legal move");
            let t2 = Instant::now();
            let s = r.status();
            let t3 = Instant::now();
            t_push += (t2 - t).as_nanos();
            t_status += (t3 - t2).as_nanos();
            if (t3 - t2).as_nanos() > 20_000 {
                slow.0 += 1;
                slow.1 += (t3 - t2).as_nanos();
                if std::env::var_os("SLOW_FENS").is_some() {
                    use shakmaty::Position;
                    let f = shakmaty::fen::Fen::from_position(r.position(), shakmaty::EnPassantMode::Legal);
                    println!(
                        "{} {} legal={} check={}",
                        (t3 - t2).as_micros(),
                        f,
                        r.position().legal_moves().len(),
                        r.position().is_check()
                    );
                }
            }
            check += s.claims.len() + s.repetitions as usize + s.halfmove_clock as usize + s.status as usize;
            if dump {
                println!("{}", serde_json::to_string(&s).expect("status"));
            }
        }
    }
    eprintln!(
        "chess: {} games, {plies} plies: push_text {:.0} ns/ply, status {:.0} ns/ply (checksum {check})",
        games_uci.len(),
        t_push as f64 / plies as f64,
        t_status as f64 / plies as f64
    );
    eprintln!(
        "chess: {} statuses over 20 µs took {:.0} ns per ply of the file",
        slow.0,
        slow.1 as f64 / plies as f64
    );
    let Some(xq_file) = xq_file else { return };
    let bytes = std::fs::read(xq_file).expect("read the xiangqi file");
    let mut xq = Vec::new();
    for (_, g) in games(&bytes, ReadOptions::default()) {
        if let Ok(Game::Xiangqi(r)) = g {
            let mut p = r.start.clone();
            let mut texts = Vec::new();
            for &m in &r.moves {
                texts.push(m.to_string());
                p.make_move(m);
            }
            xq.push((r.start.clone(), texts));
        }
    }
    let plies: usize = xq.iter().map(|g| g.1.len()).sum();
    let (mut t_parse, mut t_push) = (0u128, 0u128);
    for (start, moves) in &xq {
        let mut r = XqReferee::new(RuleSet::axf(), start.clone(), 3);
        for m in moves {
            let t = Instant::now();
            let Ok(parsed) = xiangqi::notation::parse_move(r.position(), m) else {
                break;
            };
            let t2 = Instant::now();
            r.push_legal(parsed.mv);
            let t3 = Instant::now();
            t_parse += (t2 - t).as_nanos();
            t_push += (t3 - t2).as_nanos();
        }
    }
    eprintln!(
        "xiangqi: {} games, {plies} plies: parse {:.0} ns/ply, push_legal {:.0} ns/ply",
        xq.len(),
        t_parse as f64 / plies as f64,
        t_push as f64 / plies as f64
    );
}
