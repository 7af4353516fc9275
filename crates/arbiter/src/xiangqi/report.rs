//! Rendering of xiangqi evidence as JSON (the contract of `docs/cli.md`) and as text for
//! people. Rendering only formats evidence; it never decides rules.

use crate::words::MoveNumbering;
use crate::xiangqi::facts::{Exemption, MoveFacts};
use crate::xiangqi::repetition::{AllowedBecause, AllowedChase, CycleJudgement, Offence, SideJudgement};
use crate::xiangqi::verdict::RepetitionEvidence;
use serde_json::{json, Value};
use xiangqi::notation::{write_move_with, ChineseScript, Style, WriteOptions};
use xiangqi::{Color, Piece, Position, Square};

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

/// The `arbiter cycle` object; `readings` lists the readings beyond the seeds that the verdict
/// rests on (`{"reading","source"}`, empty when the seeds decide alone).
pub fn cycle_json(j: &CycleJudgement, explain: bool) -> Value {
    json!({
        "game": "xiangqi",
        "rules": j.rules.name(),
        "sides": sides_json(j, explain),
        "verdict": cycle_verdict_json(j),
        "readings": j.readings,
    })
}

/// One line per reading beyond the seeds that a verdict rests on, with its source.
pub fn readings_text(j: &CycleJudgement) -> String {
    j.readings
        .iter()
        .map(|r| {
            format!(
                "Reading beyond the seeds: {} (source: {}).\n",
                r.reading, r.source
            )
        })
        .collect()
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

/// Chinese character of a piece (traditional; Red 帥仕相傌俥炮兵, Black 將士象馬車砲卒).
pub fn piece_char(p: Piece) -> char {
    xiangqi::notation::piece_char(p.kind, p.color, ChineseScript::Traditional)
}

/// A text diagram of the board, Black at the top, ICCS files and ranks on the margins. With
/// `letters`, FEN letters (Red uppercase) instead of Chinese characters. The characters are
/// the traditional ones whatever the record's script: the diagram has no colours, and only the
/// traditional set names Red's and Black's chariot, horse and cannon differently (俥車 傌馬 炮砲).
pub fn board_diagram(pos: &Position, letters: bool) -> String {
    let mut s = String::new();
    for rank in (0..10).rev() {
        s.push_str(&format!("{rank} "));
        for file in 0..9 {
            let sq = Square::new(file, rank).expect("on board");
            let cell = match pos.piece_at(sq) {
                Some(p) if letters => format!(" {}", p.fen_char()),
                Some(p) => piece_char(p).to_string(),
                None => " .".to_string(),
            };
            s.push_str(&cell);
        }
        s.push('\n');
        if rank == 5 {
            s.push_str("  ~~~~~~ river ~~~~~~\n");
        }
    }
    s.push_str("   a b c d e f g h i\n");
    s
}

fn describe_move(pos: &Position, f: &MoveFacts, w: &CycleWording, n: usize) -> String {
    let text = write_move_with(pos, f.mv, w.style, &w.options);
    let what = move_effects(f);
    match w.numbering {
        Some((numbering, start_ply)) => {
            let ply = start_ply + n + 1;
            format!("{}: {what}", numbering.with_ply(ply, &text))
        }
        None if w.style == Style::Iccs => format!("{}: {what}", f.mv),
        None => format!("{} ({}): {what}", f.mv, text),
    }
}

/// How [`cycle_text_with`] writes moves and whether it ends with the verdict.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CycleWording {
    /// The notation of the moves (the record's).
    pub style: Style,
    /// How moves are written: the record's characters and forms.
    pub options: WriteOptions,
    /// Move numbers of the game and the ply the cycle starts at: moves are then written
    /// `29. 俥二平三 [ply 57]`; `None`: numbered within the cycle.
    pub numbering: Option<(MoveNumbering, usize)>,
    /// End with the verdict line (a game report says its verdict once, above).
    pub verdict: bool,
}

impl Default for CycleWording {
    fn default() -> CycleWording {
        CycleWording {
            style: Style::Chinese,
            options: WriteOptions::default(),
            numbering: None,
            verdict: true,
        }
    }
}

/// Why a threat is not a chase, in words (`--explain`).
pub fn exemption_words(e: Exemption) -> &'static str {
    match e {
        Exemption::ChaserIsGeneral => "the attacker is the general, whose chases are allowed",
        Exemption::ChaserIsSoldier => "the attacker is a soldier, whose chases are allowed",
        Exemption::UnriveredSoldier => "the target is a soldier that has not crossed the river",
        Exemption::ExchangeOffer => "a piece of the same kind that can capture back: an exchange offer",
        Exemption::PinnedChaser => "the attacker is pinned and cannot take",
        Exemption::Protected => "the target is truly protected (a legal recapture exists)",
    }
}

fn move_effects(f: &MoveFacts) -> String {
    let mut what = Vec::new();
    if f.check {
        what.push("checks".to_string());
    }
    for c in &f.chases {
        let chaser = c.chaser_kind.name();
        what.push(format!(
            "chases the {} on {} with the {} on {}",
            c.piece, c.target, chaser, c.chaser
        ));
    }
    if f.mate_threat {
        what.push("threatens mate".into());
    }
    if f.exchange {
        what.push("offers an exchange".into());
    }
    if what.is_empty() {
        what.push("idle".into());
    }
    what.join("; ")
}

/// `"the chariot on d8"`, `"the chariots on d8 and f8 in turn"`, `"the chariot on d8 and the horse on c7 in turn"`.
fn chasers_words(chasers: &[(Square, xiangqi::PieceKind)]) -> String {
    let same_kind = chasers.windows(2).all(|w| w[0].1 == w[1].1);
    match chasers {
        [] => String::new(),
        [(sq, k)] => format!("the {} on {sq}", k.name()),
        [(_, k), ..] if same_kind => {
            let points: Vec<String> = chasers.iter().map(|c| c.0.to_string()).collect();
            let (last, rest) = points.split_last().expect("two or more");
            format!("the {}s on {} and {last} in turn", k.name(), rest.join(", "))
        }
        _ => {
            let each: Vec<String> = chasers
                .iter()
                .map(|(sq, k)| format!("the {} on {sq}", k.name()))
                .collect();
            let (last, rest) = each.split_last().expect("two or more");
            format!("{} and {last} in turn", rest.join(", "))
        }
    }
}

/// The sentence of a side allowed although it chases one piece on every move.
fn allowed_chase_sentence(side: &str, a: &AllowedChase) -> String {
    let chased = |(sq, kind): (Square, xiangqi::PieceKind), chasers: &[(Square, xiangqi::PieceKind)]| {
        format!(
            "the {} that stood on {sq} on every move, with {}",
            kind.name(),
            chasers_words(chasers)
        )
    };
    let first = chased(a.target, &a.chasers);
    let not = a.not_forbidden_by.join("; ");
    match a.why {
        AllowedBecause::TwoChaseTwo => {
            let others: Vec<String> = a.others.iter().map(|(t, c)| chased(*t, c)).collect();
            let several = a.chasers.len() > 1 || a.others.iter().any(|o| o.1.len() > 1);
            let single = a.chasers.len() == 1 || a.others.iter().any(|o| o.1.len() == 1);
            let what_not = match (several, single) {
                (true, true) => "several pieces chasing one in turn, nor one piece chasing one",
                (false, true) => "one piece chasing one",
                _ => "several pieces chasing one in turn",
            };
            format!(
                "{side} chases {first}, and {}: two pieces chasing two in turn, allowed ({}), not {what_not} ({not}).",
                others.join(", and "),
                a.allowed_by
            )
        }
        AllowedBecause::JoinedOnSomeMoves(by) => format!(
            "{side} chases {first}, joined by the {} on some moves only: allowed ({}), not joined on every move ({not}).",
            by.name(),
            a.allowed_by
        ),
    }
}

fn side_sentence(s: &SideJudgement) -> String {
    let side = if s.side == Color::Red { "Red" } else { "Black" };
    if let (Offence::None, Some(a)) = (s.offence, &s.allowed_chase) {
        return allowed_chase_sentence(side, a);
    }
    match s.offence {
        Offence::PerpetualCheck => format!("{side} checks on every move: perpetual check ({}).", s.clause),
        Offence::PerpetualChase => {
            let t = s
                .target
                .map(|(sq, k)| format!("the {} that stood on {sq}", k.name()))
                .unwrap_or_default();
            // Detailed rule 25: the general or soldier joined the chaser on every move.
            let joined = s
                .moves
                .iter()
                .map(|f| f.chases.first().and_then(|c| c.joined_by))
                .reduce(|a, b| a.filter(|_| b.is_some()))
                .flatten()
                .map(|k| format!(", joined by the {} on every move", k.name()))
                .unwrap_or_default();
            format!(
                "{side} chases {t} on every move{joined}: perpetual chase ({}).",
                s.clause
            )
        }
        Offence::None => {
            let checks = s.moves.iter().filter(|f| f.check).count();
            let chases = s.moves.iter().filter(|f| f.is_chase()).count();
            let threats = s.moves.iter().filter(|f| f.mate_threat).count();
            let n = s.moves.len();
            let how = if checks == 0 && chases == 0 && threats == 0 {
                "makes only idle moves".to_string()
            } else if checks == 0 && chases == 0 {
                format!("threatens mate on {threats} of its {n} moves and neither checks nor chases")
            } else {
                format!(
                    "checks on {checks} and chases on {chases} of its {n} moves, never one piece on every move"
                )
            };
            format!("{side} {how}: allowed ({}).", s.clause)
        }
    }
}

/// A person's report of a judged cycle from `start`: the board, each move with what it did,
/// one sentence per side, and the verdict with its clause. With `explain`, the exempted
/// threats with their clauses.
pub fn cycle_text(start: &Position, j: &CycleJudgement, explain: bool) -> String {
    cycle_text_with(start, j, explain, &CycleWording::default())
}

/// [`cycle_text`] with the moves written as `w` says.
pub fn cycle_text_with(start: &Position, j: &CycleJudgement, explain: bool, w: &CycleWording) -> String {
    let mut s = String::new();
    s.push_str(&format!("Rules: {}\n", j.rules.name().to_uppercase()));
    s.push_str("Position at the start of the cycle:\n");
    s.push_str(&board_diagram(start, false));
    let mut pos = start.clone();
    // Play order: the sides alternate, starting with the side to move at the start.
    let (first, second) = match start.side_to_move() {
        Color::Red => (&j.red.moves, &j.black.moves),
        Color::Black => (&j.black.moves, &j.red.moves),
    };
    let all: Vec<&MoveFacts> = (0..first.len().max(second.len()))
        .flat_map(|i| [first.get(i), second.get(i)])
        .flatten()
        .collect();
    s.push_str("Moves:\n");
    for (n, f) in all.iter().enumerate() {
        let side = if f.mover == Color::Red { "Red  " } else { "Black" };
        if w.numbering.is_some() {
            s.push_str(&format!("  {side} {}\n", describe_move(&pos, f, w, n)));
        } else {
            s.push_str(&format!(
                "  {:>2}. {side} {}\n",
                n + 1,
                describe_move(&pos, f, w, n)
            ));
        }
        if explain {
            for e in &f.exempted {
                s.push_str(&format!(
                    "        not a chase: the {} on {} attacked from {}: {} ({})\n",
                    e.piece,
                    e.target,
                    e.chaser,
                    exemption_words(e.reason),
                    e.clause
                ));
            }
        }
        pos.make_move(f.mv);
    }
    s.push_str(&format!(
        "{}\n{}\n",
        side_sentence(&j.red),
        side_sentence(&j.black)
    ));
    if let (Some(side), Some(rule)) = (j.verdict.must_vary, &j.verdict.chased_back) {
        let (at_fault, other) = if side == Color::Red {
            ("Red", "Black")
        } else {
            ("Black", "Red")
        };
        s.push_str(&format!(
            "{other} chases on every move too, which does not excuse {at_fault}: its chase of the chariot is forbidden even when the chariot's side chases back ({rule}).\n"
        ));
    }
    if !w.verdict {
        s.push_str(&readings_text(j));
        return s;
    }
    s.push_str(&match j.verdict.must_vary {
        Some(side) => format!(
            "Verdict: {} must vary; if it does not, it loses ({}). Clause: {}.\n",
            if side == Color::Red { "Red" } else { "Black" },
            j.verdict.result_if_unchanged,
            j.verdict.clause
        ),
        None => format!(
            "Verdict: neither side is at fault: draw if unchanged (1/2-1/2). Clause: {}.\n",
            j.verdict.clause
        ),
    });
    s.push_str(&readings_text(j));
    s
}
