//! Xiangqi judging speed on real records (read from `../shared/data` when present):
//! - `replay`: read and replay every game with full legality (the records reader alone);
//! - `replay+referee`: the same plus the incremental referee (mate test and repetition
//!   detection after every ply) — the ratio of the two is the cost of repetition analysis;
//! - `classify`: move classification (check/chase with real recaptures) per move.

use arbiter::xiangqi::facts::classify;
use arbiter::xiangqi::referee::Referee;
use arbiter::xiangqi::rules::RuleSet;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use records::{games, Game, ReadOptions};
use std::path::{Path, PathBuf};

fn shared() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/xiangqi")
}

fn files(dir: &Path, out: &mut Vec<Vec<u8>>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            files(&p, out);
        } else if records::is_record_path(&p) {
            out.extend(std::fs::read(&p).ok());
        }
    }
}

fn judge_all(inputs: &[Vec<u8>], referee: bool) -> usize {
    let mut n = 0;
    for bytes in inputs {
        for (_, g) in games(bytes, ReadOptions::default()) {
            if let Ok(Game::Xiangqi(r)) = g {
                if referee {
                    let mut rf = Referee::new(RuleSet::axf(), r.start.clone(), 3);
                    rf.replay(&r.moves);
                    std::hint::black_box(rf.verdict());
                }
                n += 1;
            }
        }
    }
    n
}

fn bench(c: &mut Criterion) {
    let root = shared();
    for (name, dir) in [("iccs_1125", root.join("iccs")), ("big5_2355", root.join("big5"))] {
        let mut inputs = Vec::new();
        files(&dir, &mut inputs);
        if inputs.is_empty() {
            eprintln!("{} not found: skipping {name}", dir.display());
            continue;
        }
        let n = judge_all(&inputs, false) as u64;
        let mut g = c.benchmark_group(format!("judge_{name}"));
        g.sample_size(10);
        g.throughput(Throughput::Elements(n));
        g.bench_function("replay", |b| b.iter(|| judge_all(&inputs, false)));
        g.bench_function("replay+referee", |b| b.iter(|| judge_all(&inputs, true)));
        g.finish();
    }
    // Classification per move, over the first 100 games of the ICCS file.
    let mut inputs = Vec::new();
    files(&root.join("iccs"), &mut inputs);
    let mut samples = Vec::new();
    for bytes in &inputs {
        for (_, g) in games(bytes, ReadOptions::default()).take(100) {
            if let Ok(Game::Xiangqi(r)) = g {
                let mut p = r.start.clone();
                for &m in &r.moves {
                    samples.push((p.clone(), m));
                    p.make_move(m);
                }
            }
        }
    }
    if !samples.is_empty() {
        let rules = RuleSet::axf();
        let mut g = c.benchmark_group("classify");
        g.sample_size(10);
        g.throughput(Throughput::Elements(samples.len() as u64));
        g.bench_function("per_move", |b| {
            b.iter(|| {
                samples
                    .iter()
                    .filter(|(p, m)| classify(p, *m, &rules).is_chase())
                    .count()
            })
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
