//! Print what the reader makes of one file: per game, tags, start FEN, main line (as written),
//! variation count, warnings, mate ply, moves after the end, or the error.
//!
//! `cargo run -p arbiter-referee-records --example dump -- FILE`

use records::{read_file, Game, Variation};

fn count(vs: &[Variation]) -> usize {
    vs.iter().map(|v| 1 + count(&v.variations)).sum()
}

fn main() {
    for path in std::env::args().skip(1) {
        match read_file(&path) {
            Err(e) => println!("{e}"),
            Ok(gs) => {
                for g in gs {
                    match g {
                        Err(e) => println!("ERROR {e}"),
                        Ok(Game::Chess(raw)) => println!("{path}: chess game at line {}", raw.line),
                        Ok(Game::Xiangqi(r)) => {
                            println!("{path} game {} {:?}", r.index, r.source);
                            println!("  tags {:?}", r.tags);
                            println!("  start {}", r.start.to_fen());
                            println!("  {} moves: {}", r.moves.len(), r.texts.join(" "));
                            println!(
                                "  variations {} (top {}), warnings {}, mate {:?}, after_end {:?}, result {}",
                                count(&r.variations),
                                r.variations.len(),
                                r.warnings.len(),
                                r.mate_ply,
                                r.after_end,
                                r.result
                            );
                            for v in r.variations.iter().filter(|v| v.error.is_some()) {
                                println!("  variation at {} error {:?} {:?}", v.start_ply, v.error, v.texts);
                            }
                        }
                    }
                }
            }
        }
    }
}
