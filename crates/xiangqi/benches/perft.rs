//! Perft 5 of the start position (133,312,995 leaves), with and without bulk counting at the
//! last ply. Leaves per second = 133,312,995 / the time per iteration.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use xiangqi::{perft, perft_full, Position};

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("perft_start_depth5");
    g.sample_size(10);
    g.throughput(Throughput::Elements(133_312_995));
    g.bench_function("bulk_counting", |b| {
        b.iter(|| assert_eq!(perft(&mut black_box(Position::startpos()), 5), 133_312_995))
    });
    g.bench_function("make_every_leaf", |b| {
        b.iter(|| assert_eq!(perft_full(&mut black_box(Position::startpos()), 5), 133_312_995))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
