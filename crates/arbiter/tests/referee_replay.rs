//! `Referee::replay` (mate test only after the last move) gives the same verdict as
//! `push_legal` move by move, on all 1,125 games of the Liu Dahua file (MIT,
//! maksimKorzh/wukong-xiangqi; fixture of the records crate) and under both rule sets.

use arbiter::xiangqi::referee::Referee;
use arbiter::xiangqi::rules::RuleSet;
use records::{games, Game, ReadOptions};

#[test]
fn replay_agrees_with_push_legal_on_real_games() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../records/tests/fixtures/iccs/liu_dahua_1125.pgn"
    );
    let bytes = std::fs::read(path).unwrap();
    let mut n = 0;
    let mut repetitions = 0;
    for (_, g) in games(&bytes, ReadOptions::default()) {
        let Ok(Game::Xiangqi(r)) = g else {
            panic!("every game reads")
        };
        for rules in [RuleSet::axf(), RuleSet::tw113()] {
            let mut a = Referee::new(rules.clone(), r.start.clone(), 3);
            let mut b = Referee::new(rules, r.start.clone(), 3);
            for &m in &r.moves {
                a.push_legal(m);
            }
            b.replay(&r.moves);
            let (va, vb) = (a.verdict(), b.verdict());
            assert_eq!(
                (va.status, va.reason, va.at_ply, va.result, va.must_vary),
                (vb.status, vb.reason, vb.at_ply, vb.result, vb.must_vary),
                "game {n}"
            );
            assert_eq!(a.natural_limit_claims(), b.natural_limit_claims(), "game {n}");
            repetitions += usize::from(va.repetition.is_some());
        }
        n += 1;
    }
    assert_eq!(n, 1125);
    // 9 games reach a three-cycle repetition under AXF; under TW113 the same 9 and 2 more made
    // pending by the 9-round rule (e2e totals).
    assert_eq!(repetitions, 20);
}
