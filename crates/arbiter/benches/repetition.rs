//! Long shuffling games judged: the cost per ply must not grow with the game's length.
//!
//! A knight shuffle (`Nf3 Nf6 Ng1 Ng8 …`) of 1k to 256k plies is judged whole (the game ends by
//! fivefold repetition at ply 16; every move after the end is still replayed and recorded),
//! and its positions are recorded in the repetition table alone — the hash map the referee
//! uses, and the scan it replaced (`tests/common/scan_table.rs`: every position of the window
//! compared, quadratic; measured up to 64k plies, 256k too with `REPETITION_BENCH_FULL=1`).
//! Each figure is the best of three runs. Run: `cargo bench -p arbiter-referee --bench repetition`.

#[path = "../tests/common/scan_table.rs"]
mod scan_table;

use std::hint::black_box;
use std::time::{Duration, Instant};

use arbiter::chess::{judge_game_with, GameRecord, JudgeOptions, PositionKey, RepetitionTable};
use scan_table::ScanTable;
use shakmaty::{Chess, Position};

const SHUFFLE: [&str; 4] = ["g1f3", "g8f6", "f3g1", "f6g8"];

fn shuffle_moves(plies: usize) -> String {
    let mut s = String::with_capacity(plies * 5);
    for i in 0..plies {
        s.push_str(SHUFFLE[i % 4]);
        s.push(' ');
    }
    s
}

/// The keys of the shuffle's positions (ply 0 to `plies`).
fn shuffle_keys(plies: usize) -> Vec<PositionKey> {
    let mut pos = Chess::default();
    let mut keys = vec![PositionKey::of(&pos)];
    for i in 0..plies {
        let m = shakmaty::uci::UciMove::from_ascii(SHUFFLE[i % 4].as_bytes())
            .unwrap()
            .to_move(&pos)
            .unwrap();
        pos.play_unchecked(m);
        keys.push(PositionKey::of(&pos));
    }
    keys
}

fn best_of_3(mut f: impl FnMut()) -> Duration {
    (0..3)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn ms(d: Duration) -> String {
    format!("{:.2}", d.as_secs_f64() * 1e3)
}

fn ns_per_ply(d: Duration, plies: usize) -> String {
    format!("{:.0}", d.as_secs_f64() * 1e9 / plies as f64)
}

fn main() {
    // `cargo bench` passes `--bench`; a filter argument or `--test` (cargo test --benches)
    // runs the smallest size only.
    let quick = std::env::args().any(|a| a == "--test");
    let full = std::env::var_os("REPETITION_BENCH_FULL").is_some();
    let sizes: &[usize] = if quick {
        &[1 << 10]
    } else {
        &[1 << 10, 1 << 12, 1 << 14, 1 << 16, 1 << 18]
    };
    println!("plies\tjudge ms\tjudge ns/ply\tmap ms\tmap ns/ply\tscan ms\tscan ns/ply");
    for &n in sizes {
        let record = GameRecord::from_fen_moves(None, &shuffle_moves(n)).expect("a legal shuffle");
        let judge = best_of_3(|| {
            let r = judge_game_with(black_box(&record), &JudgeOptions::default()).expect("judged");
            assert_eq!((r.at_ply, r.moves_after_end), (Some(16), n - 16));
        });
        let keys = shuffle_keys(n);
        let map = best_of_3(|| {
            let mut t = RepetitionTable::new();
            let last = keys.iter().fold(0, |_, k| t.record(*k, false));
            assert_eq!(last as usize, n / 4 + 1);
        });
        let scan = (n <= 1 << 16 || full).then(|| {
            best_of_3(|| {
                let mut t = ScanTable::default();
                let last = keys.iter().fold(0, |_, k| t.record(*k, false));
                assert_eq!(last as usize, n / 4 + 1);
            })
        });
        let (scan_ms, scan_ns) = scan.map_or(("-".into(), "-".into()), |d| (ms(d), ns_per_ply(d, n)));
        println!(
            "{n}\t{}\t{}\t{}\t{}\t{scan_ms}\t{scan_ns}",
            ms(judge),
            ns_per_ply(judge, n),
            ms(map),
            ns_per_ply(map, n)
        );
    }
}
