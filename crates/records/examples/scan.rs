//! Read every `.pgn`/`.xqf` file under the given paths and print totals: files, games
//! (xiangqi / chess), errors with their messages, notation warnings, records going on after
//! mate, encodings, and throughput.
//!
//! `cargo run --release -p arbiter-referee-records --example scan -- DIR_OR_FILE... [-v]`

use records::{games, is_record_path, Game, ReadOptions, Source};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

fn walk(p: &Path, out: &mut Vec<PathBuf>) {
    if p.is_dir() {
        let Ok(rd) = std::fs::read_dir(p) else { return };
        let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
        entries.sort();
        for e in entries {
            walk(&e, out);
        }
    } else if is_record_path(p) {
        out.push(p.to_path_buf());
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let verbose = args.iter().any(|a| a == "-v");
    let mut files = Vec::new();
    for a in args.iter().filter(|a| *a != "-v") {
        let p = Path::new(a);
        if p.is_file() {
            files.push(p.to_path_buf());
        } else {
            walk(p, &mut files);
        }
    }
    let t0 = Instant::now();
    let (mut xq, mut chess, mut errors, mut warn_games, mut warnings, mut after_end, mut plies) =
        (0usize, 0usize, 0usize, 0usize, 0usize, 0usize, 0usize);
    let mut encodings: BTreeMap<String, usize> = BTreeMap::new();
    let mut bytes_total = 0usize;
    for f in &files {
        let bytes = match std::fs::read(f) {
            Ok(b) => b,
            Err(e) => {
                println!("{}: {e}", f.display());
                errors += 1;
                continue;
            }
        };
        bytes_total += bytes.len();
        let opts = ReadOptions {
            kind: None,
            file: Some(f.display().to_string()),
        };
        for (_, g) in games(&bytes, opts) {
            match g {
                Ok(Game::Xiangqi(r)) => {
                    xq += 1;
                    plies += r.moves.len();
                    let enc = match r.source {
                        Source::Pgn(e) => e.name().to_string(),
                        Source::Xqf(v) => format!("XQF {v:#04x}"),
                        Source::DhtmlXq(e) | Source::Text(e) => format!("{} {}", r.source.format(), e.name()),
                        other => other.format().to_string(),
                    };
                    *encodings.entry(enc).or_default() += 1;
                    if !r.warnings.is_empty() {
                        warn_games += 1;
                        warnings += r.warnings.len();
                    }
                    if !r.after_end.is_empty() {
                        after_end += 1;
                        println!(
                            "{} game {}: mate at ply {:?}, {} move(s) after it: {:?}",
                            f.display(),
                            r.index,
                            r.mate_ply,
                            r.after_end.len(),
                            r.after_end
                        );
                    }
                    if verbose {
                        for w in &r.warnings {
                            println!(
                                "{} game {} ply {} '{}': {:?}",
                                f.display(),
                                r.index,
                                w.ply,
                                w.text,
                                w.warning
                            );
                        }
                    }
                }
                Ok(Game::Chess(_)) => chess += 1,
                Err(e) => {
                    errors += 1;
                    println!("ERROR {e}");
                }
            }
        }
    }
    let secs = t0.elapsed().as_secs_f64();
    let total = xq + chess + errors;
    println!(
        "files {}  games {total}  xiangqi {xq}  chess {chess}  errors {errors}  games-with-warnings {warn_games}  warnings {warnings}  after-mate {after_end}",
        files.len()
    );
    println!("encodings/sources: {encodings:?}");
    println!(
        "plies {plies}  bytes {bytes_total}  time {secs:.3}s  {:.0} games/s  {:.0} plies/s",
        total as f64 / secs.max(1e-9),
        plies as f64 / secs.max(1e-9)
    );
}
