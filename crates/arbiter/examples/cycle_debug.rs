//! Print the classification of a cycle: `cargo run --example cycle_debug -- FEN "m1 m2 ..." [tw113]`.
use arbiter::xiangqi::repetition::judge_cycle;
use arbiter::xiangqi::rules::{RuleSet, RulesId};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let pos = xiangqi::Position::from_fen(&a[1]).unwrap();
    let mut p = pos.clone();
    let moves: Vec<_> = a[2]
        .split_whitespace()
        .map(|m| {
            let mv = xiangqi::notation::parse_move(&p, m).unwrap().mv;
            p.make_move(mv);
            mv
        })
        .collect();
    let rules = if a.get(3).map(|s| s.as_str()) == Some("tw113") {
        RuleSet::by_id(RulesId::Tw113)
    } else {
        RuleSet::axf()
    };
    let j = judge_cycle(&pos, &moves, &rules).unwrap();
    for s in [&j.red, &j.black] {
        println!("{:?}: {:?} {}", s.side, s.offence, s.clause);
        for f in &s.moves {
            println!(
                "  {} {:?} chases={:?} exempt={:?}",
                f.mv,
                f.kinds(),
                f.chases
                    .iter()
                    .map(|c| format!("{}->{}", c.chaser, c.target))
                    .collect::<Vec<_>>(),
                f.exempted
                    .iter()
                    .map(|c| format!("{}->{} {:?}", c.chaser, c.target, c.reason))
                    .collect::<Vec<_>>()
            );
        }
    }
    println!("{:?}", j.verdict);
}
