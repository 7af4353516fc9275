//! The JSON of xiangqi evidence (the contract of `docs/cli.md`); its words for people are
//! [`crate::render::cycle`]'s.

pub use crate::render::board::{board_diagram, piece_char};
pub use crate::render::cycle::{cycle_text, cycle_text_with, exemption_words, CycleWording};
pub use crate::render::reading::readings_text;
use crate::xiangqi::facts::MoveFacts;
use crate::xiangqi::repetition::{CycleJudgement, SideJudgement};
use crate::xiangqi::verdict::RepetitionEvidence;
use serde_json::{json, Value};

/// `{"move","kinds","chases"}` for one move; with `explain`, also `"exempted"`.
pub fn facts_json(f: &MoveFacts, explain: bool) -> Value {
    let mut v = json!({ "move": f.mv, "kinds": f.kinds(), "chases": f.chases });
    if explain {
        v["exempted"] = json!(f.exempted);
    }
    v
}

fn side_json(s: &SideJudgement, explain: bool) -> Value {
    let mut v = json!({
        "offence": s.offence.name(),
        "moves": s.moves.iter().map(|f| facts_json(f, explain)).collect::<Vec<_>>(),
        "clause": s.clause,
    });
    if let Some((sq, kind)) = s.target {
        v["target"] = json!({ "square": sq, "piece": kind.name() });
    }
    v
}

/// `{"red": {...}, "black": {...}}`: offence and classified moves per side.
pub fn sides_json(j: &CycleJudgement, explain: bool) -> Value {
    json!({ "red": side_json(&j.red, explain), "black": side_json(&j.black, explain) })
}

/// `{"must_vary","result_if_unchanged","clause"}`.
pub fn cycle_verdict_json(j: &CycleJudgement) -> Value {
    json!({
        "must_vary": j.verdict.must_vary,
        "result_if_unchanged": j.verdict.result_if_unchanged,
        "clause": j.verdict.clause,
    })
}

/// The `arbiter cycle` object; `readings` lists the readings beyond the rule books' text that the verdict
/// rests on (`{"reading","source"}`, empty when the text decides alone).
pub fn cycle_json(j: &CycleJudgement, explain: bool) -> Value {
    json!({
        "game": "xiangqi",
        "rules": j.rules.name(),
        "sides": sides_json(j, explain),
        "verdict": cycle_verdict_json(j),
        "readings": j.readings,
    })
}

/// The `cycle` object of a judged game's JSON: `{"count","length","recurrences","sides",
/// "start_ply"}`: the `count` loops judged, of `length` plies from `start_ply` (so they end at
/// `start_ply + count × length`, pending or decided), how many times their start position has
/// recurred in all, and each side's offence and classified moves.
pub fn repetition_json(r: &RepetitionEvidence, explain: bool) -> Value {
    json!({
        "start_ply": r.start_ply,
        "length": r.length,
        "count": r.count,
        "recurrences": r.recurrences,
        "sides": sides_json(&r.judgement, explain),
    })
}
