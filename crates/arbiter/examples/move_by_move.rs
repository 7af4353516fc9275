//! Judges a xiangqi game and a chess game move by move, with the public API of `arbiter`
//! only (no other dependency). Run: `cargo run -p arbiter-referee --example move_by_move`.

use arbiter::chess;
use arbiter::xiangqi::{self, referee::Referee, rules::RuleSet};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Xiangqi (AXF): Red's chariot checks on every move, Black's general steps aside. After
    // three completed loops the repetition is pending: Red must vary or lose (perpetual check).
    let start = xiangqi::Position::from_fen("4k4/9/5R3/9/9/4P4/9/9/9/4K4 w")?;
    let mut referee = Referee::new(RuleSet::axf(), start, 3);
    for (i, text) in "f7e7 e9f9 e7f7 f9e9 ".repeat(3).split_whitespace().enumerate() {
        let mv = xiangqi::notation::parse_move(referee.position(), text)?.mv;
        let v = referee.push(mv)?;
        println!("xiangqi ply {:>2} {text}: {} {}", i + 1, v.status, v.result);
    }
    let v = referee.verdict();
    if let (Some(side), Some(clause)) = (v.must_vary, &v.clause) {
        println!("  {}: {side} must vary, or {} ({clause})", v.status, v.result);
    }

    // Chess (FIDE): moves in SAN or UCI; the status after each ply.
    let mut referee = chess::Referee::default();
    for (i, text) in ["f3", "e7e5", "g4", "Qh4#"].into_iter().enumerate() {
        referee.push_text(text)?;
        let s = referee.status();
        println!("chess ply {} {text}: {} {}", i + 1, s.status, s.result);
    }
    let s = referee.status();
    if let (Some(ply), Some(clause)) = (s.at_ply, s.clause) {
        println!("  {} {} at ply {ply} ({clause})", s.status, s.result);
    }
    Ok(())
}
