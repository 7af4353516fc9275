//! Counts over the real data in `../shared/data/chess` (run on demand:
//! `cargo test -p arbiter-referee --release --test chess_real_data -- --ignored --nocapture`).
//! Skipped when the shared data is absent.

use std::collections::BTreeMap;
use std::path::PathBuf;

mod common;

use arbiter::chess::{judge_game, read_pgn_games, Reason, Status};

fn data() -> Option<PathBuf> {
    common::shared_chess_data()
}

/// The shared data folder and its PGN files, sorted; `None` (and a note) when it is absent.
fn shared_pgns() -> Option<(PathBuf, Vec<PathBuf>)> {
    let Some(root) = data() else {
        eprintln!("shared data absent: skipped");
        return None;
    };
    let files = common::pgn_files(&root);
    Some((root, files))
}

#[derive(Default, Debug)]
struct Tally {
    games: usize,
    errors: usize,
    claim_not_made: usize,
    claims_by_kind: BTreeMap<String, usize>,
    played_past: BTreeMap<String, usize>,
    decided: BTreeMap<String, usize>,
    disagree: usize,
    time_forfeits: usize,
    flag_draws: usize,
    flag_dead_earlier: usize,
}

#[test]
#[ignore]
fn counts_over_shared_data() {
    let Some((root, files)) = shared_pgns() else {
        return;
    };
    let mut by_dir: BTreeMap<String, Tally> = BTreeMap::new();
    for f in &files {
        let rel = f.strip_prefix(&root).unwrap_or(f);
        let key = rel
            .iter()
            .take(2)
            .map(|s| s.to_string_lossy())
            .collect::<Vec<_>>()
            .join("/");
        let key = if key.ends_with(".pgn") { key } else { key + "/" };
        let t = by_dir.entry(key).or_default();
        let Ok(file) = std::fs::File::open(f) else {
            continue;
        };
        for (i, g) in read_pgn_games(std::io::BufReader::new(file)).enumerate() {
            t.games += 1;
            let r = match g.and_then(|g| {
                let tf = arbiter::chess::verdict::is_time_forfeit(g.termination.as_deref());
                judge_game(&g).map(|r| (r, tf))
            }) {
                Ok(r) => r,
                Err(e) => {
                    t.errors += 1;
                    eprintln!("{}#{i}: {e}", rel.display());
                    continue;
                }
            };
            let (r, tf) = r;
            if tf {
                t.time_forfeits += 1;
            }
            let last = r.at_ply.unwrap_or(r.plies);
            let missed: Vec<_> = r.claims.iter().filter(|c| c.at_ply < last).collect();
            if !missed.is_empty() {
                t.claim_not_made += 1;
                for c in missed {
                    *t.claims_by_kind.entry(c.kind.to_string()).or_default() += 1;
                }
            }
            if let (Status::Decided, Some(reason)) = (r.status, r.reason) {
                let name = format!("{reason:?}");
                *t.decided.entry(name.clone()).or_default() += 1;
                if r.moves_after_end > 0 {
                    *t.played_past.entry(name).or_default() += 1;
                }
                if r.result_agrees == Some(false) {
                    t.disagree += 1;
                }
                if reason == Reason::FlagDeadPosition {
                    t.flag_draws += 1;
                }
                if tf && reason == Reason::DeadPosition {
                    t.flag_dead_earlier += 1;
                }
            }
        }
    }
    for (k, t) in &by_dir {
        println!("{k}: {t:?}");
    }
}

/// Every game of the shared data (1,964) judged with dead positions proved, and without: the
/// reports differ only in games that died, and each of those is dead at the reported ply and
/// alive one ply before (the bisection's answer, checked position by position).
#[test]
#[ignore]
fn dead_positions_on_every_game() {
    use arbiter::chess::dead::is_dead;
    use arbiter::chess::{judge_game_with, DeadCheck, JudgeOptions};
    use shakmaty::Position;
    let Some((_, files)) = shared_pgns() else {
        return;
    };
    let (mut games, mut dead) = (0, 0);
    for f in &files {
        let Ok(bytes) = std::fs::read(f) else { continue };
        for (i, g) in read_pgn_games(&bytes[..]).enumerate() {
            let Ok(g) = g else { continue };
            games += 1;
            let judge = |dead_check| {
                judge_game_with(
                    &g,
                    &JudgeOptions {
                        dead_check,
                        ..Default::default()
                    },
                )
            };
            let (Ok(proved), Ok(off)) = (judge(DeadCheck::Proved), judge(DeadCheck::Off)) else {
                continue;
            };
            let at = match (proved.reason, proved.at_ply) {
                (Some(Reason::DeadPosition), Some(at)) => at,
                _ => {
                    let (p, o) = (serde_json::to_string(&proved), serde_json::to_string(&off));
                    assert_eq!(p.ok(), o.ok(), "{}#{i}", f.display());
                    continue;
                }
            };
            dead += 1;
            let mut pos = g.start.clone();
            let mut before = None;
            for (k, w) in g.moves.iter().take(at).enumerate() {
                before = Some(pos.clone());
                let m = w.to_move(&pos, k + 1).expect("a legal move");
                pos.play_unchecked(m);
            }
            assert!(is_dead(&pos), "{}#{i}: ply {at}", f.display());
            if let Some(b) = before {
                assert!(!is_dead(&b), "{}#{i}: ply {} already dead", f.display(), at - 1);
            }
        }
    }
    println!("{games} games, {dead} dead positions");
    assert_eq!(games, 1964);
    assert!(dead > 0);
}

/// All 30,000 positions of the Lichess sample, every per-side answer proved: two dead, and
/// 864 sides that cannot mate (the complete search's counts).
#[test]
#[ignore]
fn dead_answers_on_lichess_positions() {
    use arbiter::chess::dead::is_dead;
    use arbiter::chess::{dead_position, parse_fen};
    let Some(root) = data() else {
        eprintln!("shared data absent: skipped");
        return;
    };
    let Ok(text) = std::fs::read_to_string(root.join("dead/lichess-30k-positions.txt")) else {
        eprintln!("lichess-30k-positions.txt absent: skipped");
        return;
    };
    let (mut n, mut dead, mut sides_cannot) = (0, 0, 0);
    for line in text.lines() {
        // "FEN game-id"
        let Some((fen, _)) = line.rsplit_once(' ') else {
            continue;
        };
        let pos = parse_fen(fen).expect("a legal FEN");
        n += 1;
        let r = dead_position(fen, &pos);
        assert_eq!((r.dead, r.undetermined), (is_dead(&pos), None), "{fen}");
        dead += usize::from(r.dead);
        sides_cannot += usize::from(!r.white_can_mate) + usize::from(!r.black_can_mate);
    }
    assert_eq!((n, dead), (30_000, 2));
    // 60,000 per-side answers; these sides cannot mate (bare kings, lone minor pieces, ...).
    assert_eq!(sides_cannot, 438 + 426);
}
