//! The xiangqi test vectors of `shared/cases` (copied in `tests/fixtures/cases`), run on the
//! library: every xiangqi `cycle`, `classify`, `judge` and `perft` case must give the expected
//! verdict, facts or count.

use arbiter::xiangqi::facts::classify;
use arbiter::xiangqi::referee::Referee;
use arbiter::xiangqi::repetition::judge_cycle;
use arbiter::xiangqi::rules::{RuleSet, RulesId};
use serde_json::Value;
use xiangqi::{Move, Position};

fn cases(file: &str) -> Vec<Value> {
    let path = format!("{}/tests/fixtures/cases/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with("//"))
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The rule set a case names; `OVERRIDE` (set by [`run_under`]) replaces it.
fn rules(c: &Value) -> RuleSet {
    if let Some(id) = OVERRIDE.with(|o| o.get()) {
        return RuleSet::by_id(id);
    }
    match c["rules"].as_str() {
        Some("tw113") => RuleSet::by_id(RulesId::Tw113),
        _ => RuleSet::axf(),
    }
}

thread_local! {
    static OVERRIDE: std::cell::Cell<Option<RulesId>> = const { std::cell::Cell::new(None) };
}

/// [`run`] with every case judged under `id` instead of the rules it names.
fn run_under(file: &str, id: RulesId) -> Vec<String> {
    OVERRIDE.with(|o| o.set(Some(id)));
    let f = run(file);
    OVERRIDE.with(|o| o.set(None));
    f
}

fn parse_moves(pos: &Position, c: &Value) -> Vec<Move> {
    let mut p = pos.clone();
    c["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let mv = xiangqi::notation::parse_move(&p, m.as_str().unwrap()).unwrap().mv;
            p.make_move(mv);
            mv
        })
        .collect()
}

/// Run every xiangqi `cycle`/`classify` case of `file`; return the failures.
fn run(file: &str) -> Vec<String> {
    let mut failures = Vec::new();
    for c in cases(file) {
        let id = c["id"].as_str().unwrap().to_string();
        let Ok(pos) = Position::from_fen(c["fen"].as_str().unwrap_or("")) else {
            continue;
        };
        let expect = &c["expect"];
        match c["command"].as_str() {
            Some("cycle") => {
                let moves = parse_moves(&pos, &c);
                let j = match judge_cycle(&pos, &moves, &rules(&c)) {
                    Ok(j) => j,
                    Err(e) => {
                        failures.push(format!("{id}: {e}"));
                        continue;
                    }
                };
                if let Some(v) = expect.get("verdict") {
                    let got_mv = j.verdict.must_vary.map(|c| c.name());
                    if v.get("must_vary").is_some() && v["must_vary"].as_str() != got_mv {
                        failures.push(format!("{id}: must_vary {:?}, want {}", got_mv, v["must_vary"]));
                    }
                    if let Some(r) = v.get("result_if_unchanged") {
                        if r.as_str() != Some(j.verdict.result_if_unchanged.name()) {
                            failures.push(format!(
                                "{id}: result {}, want {r}",
                                j.verdict.result_if_unchanged
                            ));
                        }
                    }
                }
                if let Some(s) = expect.get("sides") {
                    for side in [xiangqi::Color::Red, xiangqi::Color::Black] {
                        if let Some(o) = s[side.name()].get("offence") {
                            let got = j.side(side).offence.name();
                            if o.as_str() != Some(got) {
                                failures.push(format!("{id}: {side} offence {got}, want {o}"));
                            }
                        }
                    }
                }
            }
            Some("classify") => {
                let mv = xiangqi::notation::parse_move(&pos, c["move"].as_str().unwrap())
                    .unwrap()
                    .mv;
                let f = classify(&pos, mv, &rules(&c));
                let mut kinds: Vec<&str> = f.kinds();
                kinds.sort();
                let mut want: Vec<&str> = expect["kinds"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|k| k.as_str().unwrap())
                    .collect();
                want.sort();
                if kinds != want {
                    failures.push(format!("{id}: kinds {kinds:?}, want {want:?}"));
                }
                let chases = serde_json::to_value(&f.chases).unwrap();
                if let Some(w) = expect.get("chases") {
                    let (mut a, mut b) = (chases.to_string(), w.to_string());
                    if w.as_array().map(|x| x.len()) != chases.as_array().map(|x| x.len()) {
                        a.push('!');
                        b.push('?');
                    }
                    for x in w.as_array().unwrap() {
                        if !chases.as_array().unwrap().contains(x) {
                            failures.push(format!("{id}: chases {a}, want {b}"));
                        }
                    }
                }
            }
            Some("judge") if pos.general(xiangqi::Color::Red).is_some() => {
                let mut r = Referee::new(rules(&c), pos.clone(), c["cycles"].as_u64().unwrap_or(3) as u32);
                for mv in parse_moves(&pos, &c) {
                    r.push(mv).unwrap();
                }
                let v = r.verdict();
                let got = serde_json::json!({
                    "status": v.status, "reason": v.reason, "must_vary": v.must_vary,
                    "result": v.result, "at_ply": v.at_ply,
                });
                for (k, want) in expect.as_object().unwrap() {
                    if got.get(k) != Some(want) {
                        failures.push(format!("{id}: {k} = {}, want {want}", got[k]));
                    }
                }
            }
            Some("perft") => {
                let nodes = xiangqi::perft(&mut pos.clone(), c["depth"].as_u64().unwrap() as u32);
                if Some(nodes) != expect["nodes"].as_u64() {
                    failures.push(format!("{id}: perft {nodes}, want {}", expect["nodes"]));
                }
            }
            _ => {}
        }
    }
    failures
}

#[test]
fn seed_cases_cycle_and_classify() {
    let f = run("seeds.jsonl");
    assert!(f.is_empty(), "{}", f.join("\n"));
}

#[test]
fn fsf_cycles() {
    let f = run("fsf-cycles.jsonl");
    assert!(f.is_empty(), "{} failures:\n{}", f.len(), f.join("\n"));
}

#[test]
fn wxf_cycles() {
    let f = run("wxf-cycles.jsonl");
    assert!(f.is_empty(), "{} failures:\n{}", f.len(), f.join("\n"));
}

/// Issue 17's cases (`chase-round2.jsonl`): a check suspends nothing, protectors cut off by a
/// block or a screen change (docs/axf.md), under the rules each names (AXF).
#[test]
fn chase_round2() {
    let f = run("chase-round2.jsonl");
    assert!(f.is_empty(), "{} failures:\n{}", f.len(), f.join("\n"));
}

/// The same cases under TW113: none of them turns on a difference between the books (no
/// advisor/elephant attack, no unrivered soldier), so every expectation holds unchanged.
#[test]
fn chase_round2_tw113() {
    let f = run_under("chase-round2.jsonl", RulesId::Tw113);
    assert!(f.is_empty(), "{} failures:\n{}", f.len(), f.join("\n"));
}

/// fsf-33 (Fairy-Stockfish: "fake protection by cannon + mutual chase", a draw there; the case
/// now expects Black to vary): AXF detailed rules 21 and 10 (炮利用別子為砲台捉對方之車…仍視為
/// 長捉; 就算車方連續兩著均反捉無根子，炮亦不能長捉車): Black's cannon i8 chases the chariot d8 on
/// both of its moves through a new screen (the advisor e8, then the chariot f8), so Black must
/// vary. Red's chariot d8 chases the cannon a8 on both moves and the chariots d8 and f8 chase the
/// cannon i8 in turn: two pieces on two, allowed (general rule 4 / detailed rule 27), and the
/// report names both cannons and says that detailed rule 10 would not excuse the cannon anyway.
/// Under both books.
#[test]
fn fsf_33_cannon_chasing_chariot_varies_detailed_rule_10() {
    for id in [RulesId::Axf, RulesId::Tw113] {
        let pos = Position::from_fen("4ka3/c2R1R2c/4b4/9/9/9/9/9/9/4K4 w - - 0 1").unwrap();
        let c = serde_json::json!({"moves": ["f8f6", "f9e8", "f6f8", "e8f9"]});
        let j = judge_cycle(&pos, &parse_moves(&pos, &c), &RuleSet::by_id(id)).unwrap();
        assert_eq!(j.verdict.must_vary, Some(xiangqi::Color::Black), "{id:?}");
        assert_eq!(j.verdict.result_if_unchanged, "1-0");
        assert_eq!(j.black.offence.name(), "perpetual_chase");
        assert_eq!(j.black.target.map(|t| t.0.to_string()), Some("d8".into()));
        assert_eq!(j.red.offence.name(), "none");
        let want = match id {
            RulesId::Axf => "AXF detailed rule 21",
            RulesId::Tw113 => "TW113 ch.2 table",
        };
        assert_eq!(j.verdict.clause, want);
        let a = j
            .red
            .allowed_chase
            .as_ref()
            .expect("Red chases a cannon on every move");
        assert_eq!(a.target.0.to_string(), "i8");
        assert_eq!(
            a.chasers.iter().map(|c| c.0.to_string()).collect::<Vec<_>>(),
            ["d8", "f8"]
        );
        assert_eq!(a.others.len(), 1);
        assert_eq!((a.others[0].0).0.to_string(), "a8");
        assert_eq!(
            a.others[0].1.iter().map(|c| c.0.to_string()).collect::<Vec<_>>(),
            ["d8"]
        );
        let rule10 = match id {
            RulesId::Axf => "AXF detailed rule 10",
            RulesId::Tw113 => "AXF detailed rule 10 (a reading: TW113 is silent)",
        };
        assert_eq!(
            j.verdict.chased_back.as_ref().map(ToString::to_string).as_deref(),
            Some(rule10)
        );
        let text = arbiter::xiangqi::report::cycle_text(&pos, &j, false);
        assert!(!text.contains("never one piece on every move"), "{text}");
        if id == RulesId::Axf {
            assert!(
                text.contains(
                    "Red chases the cannon that stood on i8 on every move, with the chariots on d8 and f8 in turn, \
                     and the cannon that stood on a8 on every move, with the chariot on d8: two pieces chasing two \
                     in turn, allowed (AXF general rule 4 / detailed rule 27), not several pieces chasing one in \
                     turn, nor one piece chasing one (AXF detailed rule 28; AXF general rule 3)."
                ),
                "{text}"
            );
            assert!(text.contains("which does not excuse Black: its chase of the chariot is forbidden even when the chariot's side chases back (AXF detailed rule 10)"), "{text}");
        }
    }
}

/// The rule-book diagram wxf-107/156 (a draw): one cannon chased on every move by the two
/// chariots in turn while the other is chased too reads as two pieces chasing two (detailed rule
/// 27), not several pieces chasing one (detailed rule 28); the report names the piece and both
/// clauses.
#[test]
fn wxf_107_two_chariots_on_two_cannons_cite_27_against_28() {
    let pos = Position::from_fen("4kab2/c3aR2c/4b4/3R5/9/9/9/4B4/4K4/2B6 w - - 0 1").unwrap();
    let c = serde_json::json!({"moves": ["d6d8", "e8d9", "f8f6", "f9e8", "f6f8", "e8f9", "d8d6", "d9e8"]});
    let j = judge_cycle(&pos, &parse_moves(&pos, &c), &RuleSet::axf()).unwrap();
    assert_eq!(j.verdict.must_vary, None);
    let a = j
        .red
        .allowed_chase
        .as_ref()
        .expect("a cannon chased on every move");
    assert_eq!(a.allowed_by, "AXF general rule 4 / detailed rule 27");
    assert_eq!(a.not_forbidden_by, ["AXF detailed rule 28"]);
    let text = arbiter::xiangqi::report::cycle_text(&pos, &j, false);
    assert!(
        text.contains(
            "Red chases the cannon that stood on a8 on every move, with the chariots on d6 and f8 in turn"
        ),
        "{text}"
    );
    assert!(
        text.contains("not several pieces chasing one in turn (AXF detailed rule 28)"),
        "{text}"
    );
}
