//! AXF repetition rules (the AXF chapter: general rules 1–10 棋例總綱, detailed rules 1–35 棋例細則),
//! one or more tests per rule, each on a small position built from the rule's text.
//!
//! Every cycle is judged twice: as written and colour-flipped (board rotated, colours swapped,
//! moves flipped), where the expectation swaps Red and Black and 1-0 / 0-1.

use arbiter::xiangqi::facts::Exemption;
use arbiter::xiangqi::repetition::{judge_cycle, CycleJudgement, Offence, SideJudgement};
use arbiter::xiangqi::rules::RuleSet;
use xiangqi::{Color, Move, PieceKind, Position};

use Color::{Black, Red};
use Offence::{None as Idle, PerpetualChase as Chase, PerpetualCheck as Check};

/// What a cycle must give.
#[derive(Copy, Clone, Debug)]
struct Expect {
    red: Offence,
    black: Offence,
    must_vary: Option<Color>,
    result: &'static str,
}

/// Both sides at the same severity: a draw.
fn draw(red: Offence, black: Offence) -> Expect {
    Expect {
        red,
        black,
        must_vary: None,
        result: "1/2-1/2",
    }
}

/// `side` must vary; if it does not, it loses.
fn varies(side: Color, red: Offence, black: Offence) -> Expect {
    Expect {
        red,
        black,
        must_vary: Some(side),
        result: if side == Red { "0-1" } else { "1-0" },
    }
}

/// A judged cycle, as written or colour-flipped; `side` answers in the written colours.
struct Judged {
    j: CycleJudgement,
    flipped: bool,
}

impl Judged {
    /// The judgement of the side that is `c` in the written position.
    fn side(&self, c: Color) -> &SideJudgement {
        self.j.side(if self.flipped { c.opponent() } else { c })
    }

    /// (chaser kind, target kind) of every chase of `c`'s `i`-th move.
    fn chases(&self, c: Color, i: usize) -> Vec<(PieceKind, PieceKind)> {
        self.side(c).moves[i]
            .chases
            .iter()
            .map(|ch| (ch.chaser_kind, ch.target_kind))
            .collect()
    }

    /// Whether `c`'s `i`-th move gives check.
    fn check(&self, c: Color, i: usize) -> bool {
        self.side(c).moves[i].check
    }

    /// The exemptions of `c`'s `i`-th move.
    fn exempt(&self, c: Color, i: usize) -> Vec<Exemption> {
        self.side(c).moves[i].exempted.iter().map(|e| e.reason).collect()
    }
}

fn parse(fen: &str, moves: &str) -> (Position, Vec<Move>) {
    let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e:?}"));
    let mut p = pos.clone();
    let mvs = moves
        .split_whitespace()
        .map(|m| {
            let mv = xiangqi::notation::parse_move(&p, m)
                .unwrap_or_else(|e| panic!("{fen}: {m}: {e:?}"))
                .mv;
            p.make_move(mv);
            mv
        })
        .collect();
    (pos, mvs)
}

fn describe(j: &CycleJudgement) -> String {
    let mut s = String::new();
    for side in [&j.red, &j.black] {
        s += &format!("{:?}: {:?} ({})\n", side.side, side.offence, side.clause);
        for f in &side.moves {
            let ch: Vec<String> = f
                .chases
                .iter()
                .map(|c| format!("{}->{}", c.chaser, c.target))
                .collect();
            s += &format!("  {} {:?} {:?}\n", f.mv, f.kinds(), ch);
        }
    }
    s + &format!("{:?}", j.verdict)
}

/// Judge the cycle `moves` (ICCS) from `fen` under `rules`, as written and colour-flipped, and
/// check the offences, `must_vary` and the result against `e` (swapped for the flipped twin).
fn assert_cycle_with(rules: &RuleSet, fen: &str, moves: &str, e: Expect) -> [Judged; 2] {
    let (pos, mvs) = parse(fen, moves);
    let flipped_pos = pos.color_flipped();
    let flipped_mvs: Vec<Move> = mvs.iter().map(|m| m.flipped()).collect();
    let mut out = Vec::new();
    for (p, m, flipped) in [(&pos, &mvs, false), (&flipped_pos, &flipped_mvs, true)] {
        let j = judge_cycle(p, m, rules)
            .unwrap_or_else(|err| panic!("{fen} {moves} (flipped: {flipped}): {err}"));
        let judged = Judged { j, flipped };
        let ctx = || format!("{fen} {moves} (flipped: {flipped})\n{}", describe(&judged.j));
        assert_eq!(judged.side(Red).offence, e.red, "red offence: {}", ctx());
        assert_eq!(judged.side(Black).offence, e.black, "black offence: {}", ctx());
        let want_vary = if flipped {
            e.must_vary.map(Color::opponent)
        } else {
            e.must_vary
        };
        assert_eq!(judged.j.verdict.must_vary, want_vary, "must_vary: {}", ctx());
        let want_result = match (flipped, e.result) {
            (true, "1-0") => "0-1",
            (true, "0-1") => "1-0",
            (_, r) => r,
        };
        assert_eq!(
            judged.j.verdict.result_if_unchanged,
            want_result,
            "result: {}",
            ctx()
        );
        out.push(judged);
    }
    let [a, b]: [Judged; 2] = out.try_into().ok().unwrap();
    [a, b]
}

/// The position after `moves` (ICCS) from `fen`; with `again`, the side that made the last
/// move is to move again (to test what that move threatens).
fn play(fen: &str, moves: &str, again: bool) -> Position {
    let (mut pos, mvs) = parse(fen, moves);
    for mv in mvs {
        pos.make_move(mv);
    }
    if again {
        pos.set_side_to_move(pos.side_to_move().opponent());
    }
    pos
}

/// Whether `mv` (ICCS) mates in `pos`.
fn mates(mut pos: Position, mv: &str) -> bool {
    let mv = xiangqi::notation::parse_move(&pos, mv).expect("legal").mv;
    pos.make_move(mv);
    pos.in_check(pos.side_to_move()) && !pos.has_legal_move()
}

/// Whether the discovered check `mv` (ICCS) in `pos` gives check and leaves the moved piece
/// attacking the enemy piece on `target` (抽吃: it is taken once the check is parried).
fn discovered_check_attacks(mut pos: Position, mv: &str, target: &str) -> bool {
    let m = xiangqi::notation::parse_move(&pos, mv).expect("legal").mv;
    pos.make_move(m);
    let target = xiangqi::Square::parse(target).expect("square");
    pos.in_check(pos.side_to_move()) && pos.can_capture(m.to, target)
}

/// [`assert_cycle_with`] under the AXF rules.
fn assert_cycle(fen: &str, moves: &str, e: Expect) -> [Judged; 2] {
    assert_cycle_with(&RuleSet::axf(), fen, moves, e)
}

use PieceKind::{Cannon as C, Chariot as R, Elephant as B, General as G, Horse as H, Soldier as P};

// ---------------------------------------------------------------------------------------------
// Detailed rules 1–3: checks.

/// 細則1: one piece checking on every move must vary.
#[test]
fn detailed_rule_1_single_piece_perpetual_check_loses() {
    // Red chariot shuttles h9/h8 after the black general f8/f9.
    for j in assert_cycle(
        "7R1/5k3/9/9/9/9/9/9/9/3K5 w",
        "h9h8 f8f9 h8h9 f9f8",
        varies(Red, Check, Idle),
    ) {
        assert!(j.check(Red, 0) && j.check(Red, 1));
        assert!(!j.check(Black, 0) && !j.check(Black, 1));
    }
}

/// 細則1: several pieces checking in turn (多子交替長將) must vary too.
#[test]
fn detailed_rule_1_pieces_checking_in_turn_lose() {
    // Two chariots: d1/e1 checks on the files, i8/i9 on the ranks; the general walks
    // e9 d9 d8 e8 e9 (8 plies, every red move a check by the other chariot).
    assert_cycle(
        "4k4/8R/9/9/9/9/9/9/3R5/5K3 w",
        "d1e1 e9d9 i8i9 d9d8 e1d1 d8e8 i9i8 e8e9",
        varies(Red, Check, Idle),
    );
}

/// 細則2 (總綱1: 雙方長將作和): each side parries the check with a check — draw.
#[test]
fn detailed_rule_2_mutual_perpetual_check_is_draw() {
    // Red cannon e3/d3 and chariot d0 against black chariot d6/e6 and cannon e9: every move
    // parries the check by interposing and uncovers a check (解將反將).
    for j in assert_cycle(
        "4c4/9/3k5/3r5/9/9/4C4/9/4K4/3R5 w",
        "e3d3 d6e6 d3e3 e6d6",
        draw(Check, Check),
    ) {
        assert!((0..2).all(|i| j.check(Red, i) && j.check(Black, i)));
        assert_eq!(j.j.verdict.clause, "AXF detailed rule 2");
    }
}

/// 細則3 (二將一還將): the side that checks twice loses, the one that checks back once does not.
#[test]
fn detailed_rule_3_two_checks_against_one_check_back() {
    // As in rule 2 without the black cannon: black's first move parries and checks (chariot e6
    // down the file), its second only parries.
    for j in assert_cycle(
        "9/9/3k5/3r5/9/9/4C4/9/4K4/3R5 w",
        "e3d3 d6e6 d3e3 e6d6",
        varies(Red, Check, Idle),
    ) {
        assert!(j.check(Black, 0));
        assert!(!j.check(Black, 1));
    }
}

// ---------------------------------------------------------------------------------------------
// Detailed rules 10–22: which piece may chase which.

/// 細則10: a cannon may not perpetually chase a chariot, even when the chariot side
/// counter-chases an unprotected piece on both moves (two different pieces: 分捉, no offence).
#[test]
fn detailed_rule_10_cannon_may_not_chase_chariot_even_against_counter_chases() {
    // Red cannon c3/g3 follows the black chariot g7/c7 through the soldier screens c5/g5; the
    // chariot, landing, attacks the unprotected crossed soldier below it (c5, then g5).
    for j in assert_cycle(
        "4k4/9/6r2/9/2P3P2/9/2C6/9/9/3K5 w",
        "c3g3 g7c7 g3c3 c7g7",
        varies(Red, Chase, Idle),
    ) {
        assert_eq!(j.chases(Red, 0), vec![(C, R)]);
        assert_eq!(j.chases(Red, 1), vec![(C, R)]);
        assert_eq!(j.chases(Black, 0), vec![(R, P)]);
        assert_eq!(j.chases(Black, 1), vec![(R, P)]);
        assert_eq!(j.side(Red).target.map(|t| t.1), Some(R));
    }
}

/// 細則11: one cannon chasing two chariots in turn is a draw.
#[test]
fn detailed_rule_11_one_cannon_chasing_two_chariots_in_turn_is_draw() {
    for j in assert_cycle(
        "4k4/9/2r3r2/9/2P3P2/9/2C6/9/9/3K5 w",
        "c3g3 e9e8 g3c3 e8e9",
        draw(Idle, Idle),
    ) {
        assert_eq!(j.chases(Red, 0), vec![(C, R)]);
        assert_eq!(j.chases(Red, 1), vec![(C, R)]);
    }
}

/// 細則12: a chariot may chase a protected cannon.
#[test]
fn detailed_rule_12_chariot_may_chase_protected_cannon() {
    // Red chariot c1/g1 follows the black cannon g5/c5; the elephant e7 protects both points.
    for j in assert_cycle(
        "5k3/9/4b4/9/6c2/9/9/9/2R6/3K5 w",
        "c1g1 g5c5 g1c1 c5g5",
        draw(Idle, Idle),
    ) {
        for i in 0..2 {
            assert!(j.chases(Red, i).is_empty());
            assert_eq!(j.exempt(Red, i), vec![Exemption::Protected]);
        }
    }
}

/// 細則12: protected on one move, unprotected on the other — the chariot may still chase.
#[test]
fn detailed_rule_12_cannon_protected_on_one_move_only() {
    // The elephant a7 protects c5 but not g5: one chase, one attack on a protected piece.
    for j in assert_cycle(
        "5k3/9/b8/9/6c2/9/9/9/2R6/3K5 w",
        "c1g1 g5c5 g1c1 c5g5",
        draw(Idle, Idle),
    ) {
        assert_eq!(j.chases(Red, 0), vec![(R, C)]);
        assert!(j.chases(Red, 1).is_empty());
    }
}

/// 細則13: a chariot may not perpetually chase an unprotected cannon.
#[test]
fn detailed_rule_13_chariot_may_not_chase_unprotected_cannon() {
    for j in assert_cycle(
        "5k3/9/9/9/6c2/9/9/9/2R6/3K5 w",
        "c1g1 g5c5 g1c1 c5g5",
        varies(Red, Chase, Idle),
    ) {
        assert_eq!(j.chases(Red, 0), vec![(R, C)]);
        assert_eq!(j.chases(Red, 1), vec![(R, C)]);
        assert_eq!(j.j.verdict.clause, "AXF detailed rule 13");
    }
}

/// 細則13: … even when the cannon side counter-chases two other pieces on both moves.
#[test]
fn detailed_rule_13_counter_chasing_two_other_pieces_does_not_excuse_chariot() {
    // The fleeing cannon, landing on c5 (g5), attacks the crossed soldier c7 (g7) over its own
    // horse c6 (g6).
    for j in assert_cycle(
        "5k3/9/2P3P2/2n3n2/6c2/9/9/9/2R6/3K5 w",
        "c1g1 g5c5 g1c1 c5g5",
        varies(Red, Chase, Idle),
    ) {
        assert_eq!(j.chases(Black, 0), vec![(C, P)]);
        assert_eq!(j.chases(Black, 1), vec![(C, P)]);
    }
}

/// 細則14: a chariot pinned by a horse (it may not leave the horse's leg) may not be chased
/// perpetually by any piece — here by chariots, which would otherwise be an exchange offer.
#[test]
fn detailed_rule_14_chariot_pinned_by_horse_may_not_be_chased() {
    // Horse d8 pins the black chariot e8 (its leg) against the general f9. Red chariot g6/g8
    // attacks e8 on g8 and, going back, uncovers the chariot i8: a new chase on every move.
    for j in assert_cycle(
        "5k3/3Nr3R/9/6R2/9/9/p8/9/9/3K5 w",
        "g6g8 a3b3 g8g6 b3a3",
        varies(Red, Chase, Idle),
    ) {
        assert_eq!(j.chases(Red, 0), vec![(R, R)]);
        assert_eq!(j.chases(Red, 1), vec![(R, R)]);
        assert_eq!(j.j.verdict.clause, "AXF detailed rule 14");
    }
}

/// 細則15: cannon and horse taking turns on one chariot must vary.
#[test]
fn detailed_rule_15_cannon_and_horse_in_turn_on_chariot_lose() {
    // Horse g6 attacks the chariot e7; moving to e5 it becomes the screen of the cannon e3.
    for j in assert_cycle(
        "5k3/9/4r4/6N2/9/9/p3C4/9/9/3K5 w",
        "g6e5 a3b3 e5g6 b3a3",
        varies(Red, Chase, Idle),
    ) {
        assert_eq!(j.chases(Red, 0), vec![(C, R)]);
        assert_eq!(j.chases(Red, 1), vec![(H, R)]);
    }
}

/// 細則15: … whether the chariot is protected or not (black horse c8 protects e7).
#[test]
fn detailed_rule_15_protected_chariot_no_excuse() {
    assert_cycle(
        "5k3/2n6/4r4/6N2/9/9/p3C4/9/9/3K5 w",
        "g6e5 a3b3 e5g6 b3a3",
        varies(Red, Chase, Idle),
    );
}

/// 細則16: a horse chasing a chariot that counter-chases only once must vary.
#[test]
fn detailed_rule_16_horse_may_not_chase_chariot_that_counter_chases_once() {
    // Horse d8/c6 after the chariot e7/b7; on b7 the chariot attacks the cannon b2.
    for j in assert_cycle(
        "4k4/3N5/4r4/9/9/9/9/1C7/9/3K5 w",
        "d8c6 e7b7 c6d8 b7e7",
        varies(Red, Chase, Idle),
    ) {
        assert_eq!(j.chases(Red, 0), vec![(H, R)]);
        assert_eq!(j.chases(Red, 1), vec![(H, R)]);
        assert_eq!(j.chases(Black, 0), vec![(R, C)]);
        assert!(j.chases(Black, 1).is_empty());
    }
}

/// 細則18: a chariot chasing a horse that counter-chases once must vary.
#[test]
fn detailed_rule_18_chariot_may_not_chase_horse_that_counter_chases_once() {
    // Chariot c1/e1 after the horse e6/c7; on e6 the horse attacks the cannon g5.
    for j in assert_cycle(
        "5k3/9/9/4n4/6C2/9/9/9/2R6/3K5 w",
        "c1e1 e6c7 e1c1 c7e6",
        varies(Red, Chase, Idle),
    ) {
        assert_eq!(j.chases(Red, 0), vec![(R, H)]);
        assert_eq!(j.chases(Red, 1), vec![(R, H)]);
        assert_eq!(j.chases(Black, 1), vec![(H, C)]);
    }
}

/// 細則19.1: chariot on chariot, both free to capture: an offer (長獻) — draw.
#[test]
fn detailed_rule_19_chariot_on_free_chariot_is_an_offer() {
    for j in assert_cycle(
        "5k3/9/9/6r2/9/9/9/9/2R6/3K5 w",
        "c1g1 g6c6 g1c1 c6g6",
        draw(Idle, Idle),
    ) {
        for i in 0..2 {
            assert!(j.chases(Red, i).is_empty());
            assert_eq!(j.exempt(Red, i), vec![Exemption::ExchangeOffer]);
            assert!(j.side(Red).moves[i].exchange);
        }
    }
}

/// 細則19.1 / 總綱7: a chariot pinned so it cannot capture back may not be chased by a chariot.
#[test]
fn detailed_rule_19_chariot_on_pinned_chariot_is_a_chase() {
    // The red chariot e2 pins the black chariot e6/e7 to its general; red a7/a6 follows it.
    for j in assert_cycle(
        "4k4/9/R8/4r4/9/9/9/4R4/9/3K5 w",
        "a7a6 e6e7 a6a7 e7e6",
        varies(Red, Chase, Idle),
    ) {
        assert_eq!(j.chases(Red, 0), vec![(R, R)]);
        assert_eq!(j.chases(Red, 1), vec![(R, R)]);
    }
}

/// 細則20: a cannon chasing an unprotected horse by changing screens, the horse not moving and
/// both sides only moving screens, must vary.
#[test]
fn detailed_rule_20_cannon_changing_screens_on_horse_loses() {
    // Cannon a7 on the horse e7: red puts its cannon d7 in as the screen; black adds c7 (two
    // screens); red takes d7 out, leaving black's c7 as the new screen; black takes c7 out.
    for j in assert_cycle(
        "5k3/9/C3n4/2cC5/9/9/9/9/9/3K5 w",
        "d6d7 c6c7 d7d6 c7c6",
        varies(Red, Chase, Idle),
    ) {
        assert_eq!(j.chases(Red, 0), vec![(C, H)]);
        assert_eq!(j.chases(Red, 1), vec![(C, H)]);
        assert_eq!(j.j.verdict.clause, "AXF detailed rule 20");
    }
}

/// 細則20: … but chasing an unrivered soldier that way is a draw (總綱3).
#[test]
fn detailed_rule_20_cannon_changing_screens_on_unrivered_soldier_is_draw() {
    for j in assert_cycle(
        "5k3/9/9/C3p4/2cC5/9/9/9/9/3K5 w",
        "d5d6 c5c6 d6d5 c6c5",
        draw(Idle, Idle),
    ) {
        for i in 0..2 {
            assert_eq!(j.exempt(Red, i), vec![Exemption::UnriveredSoldier]);
        }
    }
}

/// 細則21: a cannon changing screens on a chariot must vary.
#[test]
fn detailed_rule_21_cannon_changing_screens_on_chariot_loses() {
    for j in assert_cycle(
        "5k3/9/C3r4/2cC5/9/9/9/9/9/3K5 w",
        "d6d7 c6c7 d7d6 c7c6",
        varies(Red, Chase, Idle),
    ) {
        assert_eq!(j.chases(Red, 0), vec![(C, R)]);
        assert_eq!(j.chases(Red, 1), vec![(C, R)]);
        assert_eq!(j.j.verdict.clause, "AXF detailed rule 21");
    }
}

/// 細則22: a chariot pinned by a cannon: chasing it with a chariot is no offer; its own moves
/// along the line make no chase.
#[test]
fn detailed_rule_22_chariot_pinned_by_cannon() {
    // Cannon e2 over the soldier e4 pins the black chariot e6/e7 to the general e9. Red chariot
    // i7/i6 follows it. On e7 the black chariot looks at the unprotected horse b7, but may not
    // leave its line: no chase.
    for j in assert_cycle(
        "4k4/9/1N6R/4r4/9/4P4/9/4C4/9/3K5 w",
        "i7i6 e6e7 i6i7 e7e6",
        varies(Red, Chase, Idle),
    ) {
        assert_eq!(j.chases(Red, 0), vec![(R, R)]);
        assert_eq!(j.chases(Red, 1), vec![(R, R)]);
        assert!(j.chases(Black, 0).is_empty());
        assert!(!j.side(Red).moves[0].exchange);
    }
}

// ---------------------------------------------------------------------------------------------
// Detailed rules 23–26: general and soldier.

/// 細則23 (總綱9): a general chasing perpetually is a draw.
#[test]
fn detailed_rule_23_general_chasing_is_draw() {
    // General e1/e2 after the cannon d2/d1.
    for j in assert_cycle(
        "5k3/9/9/9/9/9/9/3c5/4K4/9 w",
        "e1e2 d2d1 e2e1 d1d2",
        draw(Idle, Idle),
    ) {
        for i in 0..2 {
            assert_eq!(j.exempt(Red, i), vec![Exemption::ChaserIsGeneral]);
        }
    }
}

/// 細則24 (總綱9): a soldier chasing perpetually is a draw.
#[test]
fn detailed_rule_24_soldier_chasing_is_draw() {
    // Crossed soldier c6/d6 after the cannon d7/c7.
    for j in assert_cycle(
        "5k3/9/3c5/2P6/9/9/9/9/9/4K4 w",
        "c6d6 d7c7 d6c6 c7d7",
        draw(Idle, Idle),
    ) {
        for i in 0..2 {
            assert_eq!(j.exempt(Red, i), vec![Exemption::ChaserIsSoldier]);
        }
    }
}

/// 細則24: the soldier chasing on one move and a chariot (that it uncovers) on the other is
/// still a draw (若其中一步聯合俥…長捉一子亦作和局).
#[test]
fn detailed_rule_24_soldier_joined_by_chariot_on_one_move_is_draw() {
    // Soldier e5/d5 in front of the chariot e2; target the cannon e6.
    for j in assert_cycle(
        "3k5/9/9/4c4/4P4/9/9/4R4/9/5K3 w",
        "e5d5 d9d8 d5e5 d8d9",
        draw(Idle, Idle),
    ) {
        assert_eq!(j.chases(Red, 0), vec![(R, C)]);
        assert!(j.chases(Red, 1).is_empty());
        assert_eq!(j.exempt(Red, 1), vec![Exemption::ChaserIsSoldier]);
    }
}

/// 細則25: when the soldier's move brings another piece into the chase on every move, the
/// chase stands and the chasing side must vary. Reading: "每步都聯合其他子" = on every move a
/// piece other than the general/soldier chases the target (here the soldier e5/f5 uncovers the
/// chariot e2, then the horse f4; going back to e5 it also attacks the cannon itself).
#[test]
fn detailed_rule_25_soldier_joined_on_every_move_loses() {
    for j in assert_cycle(
        "3k5/9/9/4c4/4P4/5N3/9/4R4/9/5K3 w",
        "e5f5 d9d8 f5e5 d8d9",
        varies(Red, Chase, Idle),
    ) {
        assert_eq!(j.chases(Red, 0), vec![(R, C)]);
        assert_eq!(j.chases(Red, 1), vec![(H, C)]);
        assert_eq!(j.exempt(Red, 1), vec![Exemption::ChaserIsSoldier]);
    }
}

/// 細則25 for the general, one reading for every step: the general's step d8e8 takes away the
/// root of the elephant c4 (the red horse e5 would recapture only by making the generals face),
/// and its step e8d8 unpins the horse e3 from the facing generals; both make the horse's attack a
/// chase, joined by the general, on every move: the chase stands (將帥若每步都聯合其他子長捉一子
/// 仍作負局).
#[test]
fn detailed_rule_25_general_joining_on_every_move_loses() {
    for j in assert_cycle(
        "5a3/3k5/9/9/9/2B3B2/4nN2N/3A5/2p1K4/3A5 w",
        "f3e5 d8e8 e5f3 e8d8",
        varies(Black, Idle, Chase),
    ) {
        assert_eq!(j.chases(Black, 0), vec![(H, B)]);
        assert_eq!(j.chases(Black, 1), vec![(H, B)]);
        for i in 0..2 {
            assert_eq!(j.side(Black).moves[i].chases[0].joined_by, Some(G));
        }
        assert_eq!(j.j.verdict.clause, "AXF detailed rule 25");
    }
    // TW113 allows a general joining one piece without saying on how many moves: the AXF clause
    // is read in, and shown as a reading.
    for j in assert_cycle_with(
        &RuleSet::tw113(),
        "5a3/3k5/9/9/9/2B3B2/4nN2N/3A5/2p1K4/3A5 w",
        "f3e5 d8e8 e5f3 e8d8",
        varies(Black, Idle, Chase),
    ) {
        assert_eq!(
            j.j.verdict.clause,
            "TW113 ch.2 table (AXF detailed rule 25 reading)"
        );
        assert!(j
            .j
            .readings
            .contains(&arbiter::xiangqi::facts::Reading::JoinedEveryMove));
    }
}

/// 細則23, the same reading when the general joins on one step only: the step d8e8 cuts the
/// roots of the elephants c4 and g4 (chases by the horse e3, joined by the general), the step
/// back gives the roots back (idle): allowed.
#[test]
fn detailed_rule_23_general_joining_on_one_step_is_allowed() {
    for j in assert_cycle(
        "5a3/3k5/9/9/4N4/2B3B2/4n3N/3A5/2p1K4/3A5 w",
        "i3h1 d8e8 h1i3 e8d8",
        draw(Idle, Idle),
    ) {
        // The horse e5 protected both elephants, c4 and g4.
        assert_eq!(j.chases(Black, 0), vec![(H, B), (H, B)]);
        assert!(j.chases(Black, 1).is_empty());
        assert_eq!(j.side(Black).moves[0].chases[0].joined_by, Some(G));
    }
}

/// 細則26: a chariot may not perpetually chase a crossed soldier.
#[test]
fn detailed_rule_26_chariot_may_not_chase_crossed_soldier() {
    // Chariot c0/d0 under the black soldier d3/c3.
    for j in assert_cycle(
        "5k3/9/9/9/9/9/3p5/9/9/2R1K4 w",
        "c0d0 d3c3 d0c0 c3d3",
        varies(Red, Chase, Idle),
    ) {
        assert_eq!(j.chases(Red, 0), vec![(R, P)]);
        assert_eq!(j.j.verdict.clause, "AXF detailed rule 26");
    }
}

/// 細則27 (總綱4): one piece chasing two pieces in turn is a draw.
#[test]
fn detailed_rule_27_one_piece_chasing_two_in_turn_is_draw() {
    // Chariot c1/g1 on the unprotected cannon c5 and horse g5 in turn.
    for j in assert_cycle(
        "5k3/9/9/9/2c3n2/9/9/9/2R6/3K5 w",
        "c1g1 f9f8 g1c1 f8f9",
        draw(Idle, Idle),
    ) {
        assert_eq!(j.chases(Red, 0), vec![(R, H)]);
        assert_eq!(j.chases(Red, 1), vec![(R, C)]);
    }
}

/// 細則28: two pieces chasing one in turn must vary.
#[test]
fn detailed_rule_28_two_pieces_chasing_one_in_turn_lose() {
    // Chariot g4/g5 on the cannon e5; going back it uncovers the chariot i5.
    for j in assert_cycle(
        "5k3/9/9/9/4c3R/6R2/9/9/9/3K5 w",
        "g4g5 f9f8 g5g4 f8f9",
        varies(Red, Chase, Idle),
    ) {
        let chasers: Vec<_> = j.side(Red).moves.iter().map(|f| f.chases[0].chaser).collect();
        assert_ne!(chasers[0], chasers[1], "two different chasers");
    }
}

/// 細則29: a cannon whose only protector is pinned (false root) may not be chased.
#[test]
fn detailed_rule_29_false_root_does_not_protect() {
    // As rule 12 (elephant e7 protects c5 and g5), but the chariot e3 pins the elephant to
    // its general e9.
    for j in assert_cycle(
        "4k4/9/4b4/9/6c2/9/4R4/9/2R6/3K5 w",
        "c1g1 g5c5 g1c1 c5g5",
        varies(Red, Chase, Idle),
    ) {
        assert_eq!(j.chases(Red, 0), vec![(R, C)]);
        assert_eq!(j.chases(Red, 1), vec![(R, C)]);
    }
}

/// 細則30: two pieces attacking one piece with a true root: no chase — draw.
#[test]
fn detailed_rule_30_true_root_against_two_attackers_is_draw() {
    // Rule 28's position with the horse d7 protecting the cannon e5.
    for j in assert_cycle(
        "5k3/9/3n5/9/4c3R/6R2/9/9/9/3K5 w",
        "g4g5 f9f8 g5g4 f8f9",
        draw(Idle, Idle),
    ) {
        for i in 0..2 {
            assert_eq!(j.exempt(Red, i), vec![Exemption::Protected]);
        }
    }
}

/// 細則31 (總綱8): chasing on two moves, one of them also offering an exchange, is still a
/// perpetual chase.
#[test]
fn detailed_rule_31_chase_with_exchange_is_still_chase() {
    // Rule 16's horse d8/c6 after the chariot e7/b7; on c6 it also offers itself to the black
    // horse a5 (which can take back: an exchange).
    for j in assert_cycle(
        "4k4/3N5/4r4/9/n8/9/9/9/9/3K5 w",
        "d8c6 e7b7 c6d8 b7e7",
        varies(Red, Chase, Idle),
    ) {
        assert!(j.side(Red).moves[0].exchange);
        assert_eq!(j.exempt(Red, 0), vec![Exemption::ExchangeOffer]);
        assert_eq!(j.chases(Red, 0), vec![(H, R)]);
    }
}

/// 細則32: Red's chariot and general held by Black's chariot and cannon; Red's horse chasing
/// that chariot is still a chase. Reading of 聯合控制: the black chariot e5/e4 pins the red
/// chariot e1 to its general and is protected by the cannon e8 over the elephant e7, so the red
/// chariot cannot take it for free; the horse's attacks are chases all the same.
#[test]
fn detailed_rule_32_horse_chasing_chariot_of_chariot_cannon_pin_loses() {
    for j in assert_cycle(
        "5k3/4c4/4b4/5N3/4r4/9/9/9/4R4/4K4 w",
        "f6g4 e5e4 g4f6 e4e5",
        varies(Red, Chase, Idle),
    ) {
        assert!(j.chases(Red, 0).contains(&(H, R)));
        assert!(j.chases(Red, 1).contains(&(H, R)));
        assert_eq!(j.side(Red).target.map(|t| t.1), Some(R));
    }
}

// ---------------------------------------------------------------------------------------------
// Detailed rules 4–9, 17, 33–35: allowed patterns (draw).

/// 細則4 (長殺作和): mate threats on every move, parried each time: draw. Position: the WXF/AXF
/// rule-book "perpetual kill" diagram (shared case wxf-16).
#[test]
fn detailed_rule_4_perpetual_mate_threat_is_draw() {
    for j in assert_cycle(
        "3aka3/4n4/4b4/4C4/p3p3p/9/6c2/6C2/4K4/9 w",
        "g2c2 g3c3 c2g2 c3g3",
        draw(Idle, Idle),
    ) {
        assert!(j.side(Red).moves.iter().all(|f| f.mate_threat && !f.check));
    }
}

/// 細則5 (解殺反殺作和): one side threatens mate on every move, the other parries every threat
/// with a move that threatens mate in return: draw.
#[test]
fn detailed_rule_5_parrying_mate_threats_with_mate_threats_is_draw() {
    // Red threatens a0e0 mate (the general e7 is shut in by the chariot f8 and the horse f6 or
    // g4); Black threatens mate by the chariot to the d-file (d4 or d6) against the general d2.
    // The red horse f6/g4 bars the black chariot's rank (g4 on rank 4, f6 on rank 6); the
    // black chariot h4/h6 parries a0e0 by reaching e4/e6 along the rank the horse just left.
    let fen = "3a5/5R3/rn2k4/5N3/9/7r1/9/3K5/9/R4A3 w";
    for j in assert_cycle(fen, "f6g4 h4h6 g4f6 h6h4", draw(Idle, Idle)) {
        for c in [Red, Black] {
            assert!(j.side(c).moves.iter().all(|f| f.kinds() == vec!["mate_threat"]));
        }
    }
    assert!(mates(play(fen, "", true), "h4d4"));
    assert!(mates(play(fen, "f6g4", true), "a0e0"));
    assert!(mates(play(fen, "f6g4 h4h6", true), "h6d6"));
    assert!(mates(play(fen, "f6g4 h4h6 g4f6", true), "a0e0"));
    assert!(!mates(play(fen, "", false), "a0e0"));
}

/// 細則6 (一將一殺作和): one move checks, the other threatens mate: draw.
#[test]
fn detailed_rule_6_one_check_one_mate_threat_is_draw() {
    // Chariot a5/a7 against the general e7 (advisors d9, e8; the red general f1 keeps it off
    // the f-file). On a7 it checks and the advisor e8 blocks on d7; back on a5 it threatens
    // a5e5 mate (the advisor now shuts d7), so the advisor goes back to e8.
    let fen = "3a5/4a4/4k4/9/R8/9/3C5/9/5K3/9 w";
    for j in assert_cycle(fen, "a5a7 e8d7 a7a5 d7e8", draw(Idle, Idle)) {
        assert_eq!(j.side(Red).moves[0].kinds(), vec!["check"]);
        assert_eq!(j.side(Red).moves[1].kinds(), vec!["mate_threat"]);
        assert!(j.side(Black).moves.iter().all(|f| f.kinds() == vec!["idle"]));
    }
    assert!(mates(play(fen, "a5a7 e8d7 a7a5", true), "a5e5"));
    assert!(!mates(play(fen, "", false), "a5e5"));
}

/// 細則7 (總綱2): one check, one chase: draw.
#[test]
fn detailed_rule_7_one_check_one_chase_is_draw() {
    // Chariot h7/h8: on h8 it checks the general f8, back on h7 it attacks the horse c7.
    for j in assert_cycle(
        "9/5k3/2n4R1/9/9/9/9/9/9/3K5 w",
        "h7h8 f8f9 h8h7 f9f8",
        draw(Idle, Idle),
    ) {
        assert!(j.check(Red, 0));
        assert_eq!(j.chases(Red, 1), vec![(R, H)]);
    }
}

/// 細則8: one check, one idle move: draw.
#[test]
fn detailed_rule_8_one_check_one_idle_is_draw() {
    for j in assert_cycle(
        "9/5k3/7R1/9/9/9/9/9/9/3K5 w",
        "h7h8 f8f9 h8h7 f9f8",
        draw(Idle, Idle),
    ) {
        assert!(j.check(Red, 0));
        assert_eq!(j.side(Red).moves[1].kinds(), vec!["idle"]);
    }
}

/// 細則9 (一捉一要抽吃判和): one move chases, the other threatens to win material by a
/// discovered check: draw.
#[test]
fn detailed_rule_9_one_chase_one_discovered_check_threat_is_draw() {
    // Rule 33's position with the red general on f1 and a black horse on e0. The chariot d1/e1
    // behind the horses d5/e5 follows the general d9/e9: on e1 it also attacks the
    // unprotected horse e0 (a chase), on d1 it only threatens d5b6+ and b6xa8 (要抽吃: idle).
    let fen = "4k4/rr7/9/9/3NN4/9/9/9/3R1K3/4n4 w";
    for j in assert_cycle(fen, "d1e1 e9d9 e1d1 d9e9", draw(Idle, Idle)) {
        assert_eq!(j.chases(Red, 0), vec![(R, H)]);
        assert_eq!(j.side(Red).moves[1].kinds(), vec!["idle"]);
        assert!(j.side(Black).moves.iter().all(|f| f.kinds() == vec!["idle"]));
    }
    assert!(discovered_check_attacks(play(fen, "d1e1", true), "e5d7", "b8"));
    assert!(discovered_check_attacks(
        play(fen, "d1e1 e9d9 e1d1", true),
        "d5b6",
        "a8"
    ));
}

/// 細則17: chariot and horse chasing each other: draw. Position: rule-book diagram "mutual
/// perpetual chase" (shared case wxf-69), 8 plies.
#[test]
fn detailed_rule_17_chariot_and_horse_chasing_each_other_is_draw() {
    for j in assert_cycle(
        "3akc3/4a4/9/9/3R1n3/9/9/9/4A4/4KAB2 b",
        "f5e3 d5e5 e3c4 e5e4 c4d6 e4d4 d6f5 d4d5",
        draw(Chase, Chase),
    ) {
        assert_eq!(j.j.verdict.clause, "AXF detailed rule 17");
    }
}

/// 細則33 (長要抽吃作和): a threat to win material by a discovered check on every move: draw.
#[test]
fn detailed_rule_33_perpetual_discovered_check_threat_is_draw() {
    // Horses d5 and e5 stand in front of the general's two files. The chariot d1/e1 lines up
    // behind one of them: on e1 it threatens e5d7+ and d7xb8, on d1 (the general having gone
    // to d9) d5b6+ and b6xa8. The general steps off the line each time. Nothing is a chase or
    // a check: our classifier sees idle moves.
    let fen = "4k4/rr7/9/9/3NN4/9/9/9/3R5/5K3 w";
    for j in assert_cycle(fen, "d1e1 e9d9 e1d1 d9e9", draw(Idle, Idle)) {
        for c in [Red, Black] {
            assert!(j.side(c).moves.iter().all(|f| f.kinds() == vec!["idle"]));
        }
    }
    assert!(discovered_check_attacks(play(fen, "d1e1", true), "e5d7", "b8"));
    assert!(discovered_check_attacks(
        play(fen, "d1e1 e9d9 e1d1", true),
        "d5b6",
        "a8"
    ));
}

/// 細則34 (長攔作和): blocking on every move: draw.
#[test]
fn detailed_rule_34_perpetual_blocking_is_draw() {
    // The black chariot d5/c5 tries the d-file (d5d0 mates: the horse g3 guards f1) and the
    // c-file (c5c0 checks); the cannon c2/d2, guarded by the chariot a2, bars each file in turn.
    let fen = "4k4/9/9/9/3r5/9/6n2/R1C6/9/5K3 w";
    for j in assert_cycle(fen, "c2d2 d5c5 d2c2 c5d5", draw(Idle, Idle)) {
        assert!(j.side(Red).moves.iter().all(|f| f.kinds() == vec!["idle"]));
        assert_eq!(j.side(Black).moves[1].kinds(), vec!["mate_threat"]);
    }
    assert!(mates(play(fen, "c2d2 d5c5 d2c2 c5d5", true), "d5d0"));
}

/// 細則35 (總綱10): perpetual offer/exchange is a draw. Rule-book diagram "perpetual offer"
/// (shared case wxf-150): the chariot offers itself to the chariot on every move.
#[test]
fn detailed_rule_35_perpetual_offer_is_draw() {
    for j in assert_cycle(
        "2bk5/3c5/4bN3/4p4/9/3r5/1R7/3R1p3/3K5/9 w",
        "b3b4 d4d6 b4b6 d6d3 b6b3 d3d4",
        draw(Idle, Idle),
    ) {
        assert!(j
            .side(Red)
            .moves
            .iter()
            .all(|f| f.exchange && f.chases.is_empty()));
    }
}

// ---------------------------------------------------------------------------------------------
// General rules where they add something.

/// 總綱3: a chase of an unrivered soldier is allowed (draw).
#[test]
fn general_rule_3_chasing_unrivered_soldier_is_draw() {
    // Chariot c1/g1 under the black soldiers c6/g6, which stay at home; the general idles.
    for j in assert_cycle(
        "5k3/9/9/2p3p2/9/9/9/9/2R6/3K5 w",
        "c1g1 f9f8 g1c1 f8f9",
        draw(Idle, Idle),
    ) {
        assert_eq!(j.exempt(Red, 0), vec![Exemption::UnriveredSoldier]);
    }
}

/// 總綱5 (二捉一還捉): the side chasing on every move must vary although the other counter-
/// chases on one move (rule 16's position seen from the verdict: Red chase, Black none).
#[test]
fn general_rule_5_two_chases_against_one_counter_chase() {
    for j in assert_cycle(
        "4k4/3N5/4r4/9/9/9/9/1C7/9/3K5 w",
        "d8c6 e7b7 c6d8 b7e7",
        varies(Red, Chase, Idle),
    ) {
        let black_chasing = j.side(Black).moves.iter().filter(|f| f.is_chase()).count();
        assert_eq!(black_chasing, 1);
    }
}

/// 細則20, Taiwan variant (TW113 follows it: a cannon changing screens on an unrivered soldier
/// is a chase): both sides only moving screens, the soldier never moving, is a perpetual chase.
/// The second red move (d6d5) takes Red's screen away so that Black's c6 becomes the new
/// screen: the attack is through a changed screen just as much as the first move's.
#[test]
fn detailed_rule_20_taiwan_variant_screen_change_on_unrivered_soldier() {
    assert_cycle_with(
        &RuleSet::tw113(),
        "5k3/9/9/C3p4/2cC5/9/9/9/9/3K5 w",
        "d5d6 c5c6 d6d5 c6c5",
        varies(Red, Chase, Idle),
    );
}
