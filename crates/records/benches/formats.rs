//! Reading speed of the record formats, in one run so the figures compare: CBL records/s,
//! DhtmlXQ pages/s (a one-game page with a 77-ply main line, and the vschess page with
//! 1,446 variation tags and 107,001 moves in its tree), CBR and move-list files/s, and PGN
//! games/s on the 1,125-game ICCS fixture. Every figure is read + full legality replay of
//! the main line and variations (the work `judge` does before the referee).
//! Run: `cargo bench -p arbiter-referee-records --bench formats`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use records::{games, Game, ReadOptions};
use std::path::Path;

fn fixture(rel: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures")
            .join(rel),
    )
    .expect("fixture")
}

/// Read every game of a file; returns the number of games read.
fn read_all(bytes: &[u8]) -> usize {
    let mut n = 0;
    for (_, g) in games(bytes, ReadOptions::default()) {
        if let Ok(Game::Xiangqi(r)) = g {
            std::hint::black_box(r.moves.len());
            n += 1;
        }
    }
    n
}

fn bench(c: &mut Criterion) {
    let cases = [
        (
            "pgn games (liu_dahua_1125.pgn)",
            fixture("iccs/liu_dahua_1125.pgn"),
        ),
        (
            "cbl records (longhua 35 games)",
            fixture("formats/cbl/longhua_cup_1989_35games.cbl"),
        ),
        (
            "dhtmlxq pages (77-ply game)",
            fixture("formats/dhtmlxq/cchess_test_ubb.txt"),
        ),
        (
            "dhtmlxq pages (vschess, 107,001-move tree)",
            fixture("formats/dhtmlxq/vschess_dhtmlxq.txt"),
        ),
        (
            "cbr files (test.cbr, 102-move tree)",
            fixture("formats/cbr/test.cbr"),
        ),
        ("cbf files (test2.cbf)", fixture("formats/cbf/test2.cbf")),
        (
            "text move lists (110 plies)",
            fixture("formats/text/cchess_test1_move.txt"),
        ),
    ];
    let mut g = c.benchmark_group("read");
    g.sample_size(10);
    g.warm_up_time(std::time::Duration::from_millis(500));
    g.measurement_time(std::time::Duration::from_secs(3));
    for (name, bytes) in &cases {
        let n = read_all(bytes);
        assert!(n > 0, "{name}");
        g.throughput(Throughput::Elements(n as u64));
        g.bench_function(*name, |b| b.iter(|| read_all(bytes)));
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
