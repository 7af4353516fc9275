//! Judging chess PGN against a bare pgn-reader + shakmaty replay of the same file, and dead
//! position checks per second.
//!
//! Inputs are read from `../shared/data/chess` next to the repository; when absent the
//! benchmarks are skipped. Run: `cargo bench -p arbiter-referee --bench chess_judge`.
//!
//! `world_matches_process` compares whole processes: the release `arbiter judge --json` (build
//! it first: `cargo build --release -p arbiter-referee-cli`; skipped when absent) against this bench
//! binary replaying the file in a child process of its own (`BARE_REPLAY_CHILD`), so that both
//! pay for starting a process and reading the file.

use std::hint::black_box;
use std::ops::ControlFlow;
use std::path::PathBuf;

use arbiter::chess::{dead_position, judge_game_with, parse_fen, read_pgn_games, DeadCheck, JudgeOptions};
use criterion::{criterion_group, Criterion, Throughput};
use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

fn shared(rel: &str) -> Option<PathBuf> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/chess")
        .join(rel);
    p.exists().then_some(p)
}

/// The baseline: parse every game and play its moves, nothing else.
struct BareReplay;

impl Visitor for BareReplay {
    type Tags = Option<Chess>;
    type Movetext = (Chess, usize);
    type Output = usize;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            *tags = Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|f| f.into_position(CastlingMode::Standard).ok());
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue((tags.unwrap_or_default(), 0))
    }

    fn san(&mut self, movetext: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        match san_plus.san.to_move(&movetext.0) {
            Ok(m) => {
                movetext.0.play_unchecked(m);
                movetext.1 += 1;
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(movetext.1),
        }
    }

    fn end_game(&mut self, movetext: Self::Movetext) -> Self::Output {
        movetext.1
    }
}

fn bare_replay(pgn: &[u8]) -> usize {
    let mut reader = Reader::new(pgn);
    let mut plies = 0;
    while let Ok(Some(n)) = reader.read_game(&mut BareReplay) {
        plies += n;
    }
    plies
}

/// What `judge --json` computes for a chess PGN: every game read and judged, and its report
/// written as one line of JSON. Returns the bytes of JSON.
fn judge_all(pgn: &[u8], dead_check: DeadCheck) -> usize {
    let options = JudgeOptions {
        dead_check,
        ..Default::default()
    };
    read_pgn_games(pgn)
        .filter_map(Result::ok)
        .filter_map(|g| judge_game_with(&g, &options).ok())
        .map(|r| serde_json::to_string(&r).map_or(0, |line| line.len() + 1))
        .sum()
}

/// The release `arbiter` binary, if built.
fn arbiter_binary() -> Option<PathBuf> {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target"));
    let bin = target.join("release/arbiter");
    bin.exists().then_some(bin)
}

/// Runs `program args`, output discarded; panics if it fails.
fn run(program: &std::path::Path, args: &[&std::ffi::OsStr], env: Option<(&str, &str)>) {
    let mut cmd = std::process::Command::new(program);
    cmd.args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    if let Some((k, v)) = env {
        cmd.env(k, v);
    }
    let status = cmd.status().expect("the process starts");
    assert!(status.success(), "{} failed", program.display());
}

fn judge_process_vs_replay_process(c: &mut Criterion) {
    let (Some(path), Some(bin)) = (shared("pychess/world_matches.pgn"), arbiter_binary()) else {
        eprintln!("world_matches.pgn or the release arbiter binary absent: skipped");
        return;
    };
    let Ok(me) = std::env::current_exe() else { return };
    let file = path.as_os_str();
    let mut g = c.benchmark_group("world_matches_process");
    g.bench_function("bare_replay", |b| {
        b.iter(|| run(&me, &[file], Some(("BARE_REPLAY_CHILD", "1"))))
    });
    g.bench_function("arbiter_judge_json", |b| {
        b.iter(|| run(&bin, &["judge".as_ref(), "--json".as_ref(), file], None))
    });
    g.finish();
}

fn judge_vs_replay(c: &mut Criterion) {
    let Some(path) = shared("pychess/world_matches.pgn") else {
        eprintln!("world_matches.pgn absent: skipped");
        return;
    };
    let Ok(pgn) = std::fs::read(&path) else { return };
    let mut g = c.benchmark_group("world_matches");
    g.throughput(Throughput::Bytes(pgn.len() as u64));
    g.bench_function("bare_replay", |b| b.iter(|| bare_replay(black_box(&pgn))));
    // The default: the proved dead-position test on the last position of each game.
    g.bench_function("judge", |b| {
        b.iter(|| judge_all(black_box(&pgn), DeadCheck::default()))
    });
    g.bench_function("judge_no_dead_check", |b| {
        b.iter(|| judge_all(black_box(&pgn), DeadCheck::Off))
    });
    g.finish();
}

fn dead_checks(c: &mut Criterion) {
    let Some(path) = shared("dead/lichess-30k-positions.txt") else {
        eprintln!("lichess-30k-positions.txt absent: skipped");
        return;
    };
    let Ok(text) = std::fs::read_to_string(&path) else {
        return;
    };
    // Lines are "FEN game-id": drop the id.
    let positions: Vec<(String, Chess)> = text
        .lines()
        .take(2000)
        .filter_map(|l| l.rsplit_once(' ').map(|(fen, _)| fen.to_string()))
        .filter_map(|fen| parse_fen(&fen).ok().map(|p| (fen, p)))
        .collect();
    let mut g = c.benchmark_group("dead");
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.sample_size(10);
    g.bench_function("dead_position_2000_lichess", |b| {
        b.iter(|| {
            positions
                .iter()
                .filter(|(fen, p)| dead_position(fen, p).dead)
                .count()
        })
    });
    g.finish();
}

criterion_group!(
    benches,
    judge_vs_replay,
    judge_process_vs_replay_process,
    dead_checks
);

fn main() {
    // The child of `world_matches_process/bare_replay`: replay the file and exit.
    if std::env::var_os("BARE_REPLAY_CHILD").is_some() {
        let file = std::env::args_os().nth(1).expect("a PGN file");
        let pgn = std::fs::read(file).expect("readable");
        println!("{}", bare_replay(&pgn));
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
