//! The text of a judged xiangqi repetition cycle: the board, each move with what it did, one
//! sentence per side, the verdict and its clause; shared by `arbiter cycle` and the repetition
//! evidence of a judged game.

use super::board::board_diagram;
use super::bracketed;
use super::reading::{readings_text, written_reading};
use super::zh;
use super::zh::cite_in as cite;
use super::{in_lang, with_summaries, Notation};
use crate::report::CycleReport;
use crate::types::Lang;
use crate::words::MoveNumbering;
use crate::xiangqi::facts::{Exemption, MoveFacts};
use crate::xiangqi::repetition::{
    AllowedBecause, AllowedChase, CycleJudgement, Ground, Offence, SideJudgement,
};
use serde_json::{json, Value};
use xiangqi::notation::{write_move_with, Style, WriteOptions};
use xiangqi::{Color, Position, Square};

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

/// Items written one after the other with a separator, when the text is written.
struct Joined<'a, T>(&'a [T], &'static str);

impl<T: std::fmt::Display> std::fmt::Display for Joined<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, item) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(self.1)?;
            }
            write!(f, "{item}")?;
        }
        Ok(())
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
    // Written where the sentence names them, after the clause that allows (so that the
    // summaries list the clauses in the order the sentence cites them).
    let not = Joined(&a.not_forbidden_by, "; ");
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

/// AXF detailed rule 25: the piece (a general or soldier) that joined the chaser on every
/// move of `s`'s perpetual chase, if one did on every move; one answer for every language.
fn joined_on_every_move(s: &SideJudgement) -> Option<xiangqi::PieceKind> {
    s.moves
        .iter()
        .map(|f| f.chases.first().and_then(|c| c.joined_by))
        .reduce(|a, b| a.filter(|_| b.is_some()))
        .flatten()
}

/// A side's moves that check, chase and threaten mate, and its moves in all: what the
/// sentence for a side that is not perpetual (AXF general rule 2) reports, in every language.
fn move_counts(s: &SideJudgement) -> (usize, usize, usize, usize) {
    let count = |p: fn(&MoveFacts) -> bool| s.moves.iter().filter(|f| p(f)).count();
    (
        count(|f| f.check),
        count(|f| f.is_chase()),
        count(|f| f.mate_threat),
        s.moves.len(),
    )
}

fn side_sentence(s: &SideJudgement) -> String {
    let side = if s.side == Color::Red { "Red" } else { "Black" };
    if let (Offence::None, Some(a)) = (s.offence, &s.allowed_chase) {
        return allowed_chase_sentence(side, a);
    }
    match s.offence {
        Offence::PerpetualCheck => format!(
            "{side} checks on every move: perpetual check {}.",
            bracketed(&s.clause.to_string())
        ),
        Offence::PerpetualChase => {
            let t = s
                .target
                .map(|(sq, k)| format!("the {} that stood on {sq}", k.name()))
                .unwrap_or_default();
            // Detailed rule 25: the general or soldier joined the chaser on every move.
            let joined = joined_on_every_move(s)
                .map(|k| format!(", joined by the {} on every move", k.name()))
                .unwrap_or_default();
            format!(
                "{side} chases {t} on every move{joined}: perpetual chase {}.",
                bracketed(&s.clause.to_string())
            )
        }
        Offence::None => {
            let (checks, chases, threats, n) = move_counts(s);
            let how = if checks == 0 && chases == 0 && threats == 0 {
                "makes only idle moves".to_string()
            } else if checks == 0 && chases == 0 {
                format!("threatens mate on {threats} of its {n} moves and neither checks nor chases")
            } else {
                format!(
                    "checks on {checks} and chases on {chases} of its {n} moves, never one piece on every move"
                )
            };
            let ground = match s.ground {
                Ground::NotPerpetual => ", neither perpetual check nor perpetual chase",
                Ground::Named => "",
            };
            format!(
                "{side} {how}: allowed{ground} {}.",
                bracketed(&s.clause.to_string())
            )
        }
    }
}

/// A person's report of a judged cycle from `start`: the board, each move with what it did,
/// one sentence per side, and the verdict with its clause. With `explain`, the exempted
/// threats with their clauses.
pub fn cycle_text(start: &Position, j: &CycleJudgement, explain: bool) -> String {
    cycle_text_with(start, j, explain, &CycleWording::default())
}

/// The moves of a judged cycle in play order: the sides alternate, starting with the side to
/// move at `start`.
pub fn in_play_order<'a>(start: &Position, j: &'a CycleJudgement) -> Vec<&'a MoveFacts> {
    let (first, second) = match start.side_to_move() {
        Color::Red => (&j.red.moves, &j.black.moves),
        Color::Black => (&j.black.moves, &j.red.moves),
    };
    (0..first.len().max(second.len()))
        .flat_map(|i| [first.get(i), second.get(i)])
        .flatten()
        .collect()
}

/// [`cycle_text`] with the moves written as `w` says.
pub fn cycle_text_with(start: &Position, j: &CycleJudgement, explain: bool, w: &CycleWording) -> String {
    let mut s = String::new();
    s.push_str(&format!("Rules: {}\n", j.rules.name().to_uppercase()));
    s.push_str("Position at the start of the cycle:\n");
    s.push_str(&board_diagram(start, false));
    let mut pos = start.clone();
    let all = in_play_order(start, j);
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
                s.push_str(&format!("        {}\n", exempted_en(e)));
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
            "{other} chases on every move too, which does not excuse {at_fault}: its chase of the chariot is forbidden even when the chariot's side chases back {}.\n",
            bracketed(&rule.to_string())
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

/// The river line of the board diagram in `lang`.
fn river(lang: Lang) -> &'static str {
    zh::pick(lang, "  ~~~~ 楚河　漢界 ~~~~\n", "  ~~~~ 楚河　汉界 ~~~~\n")
}

/// Why a threat is not a chase, in `lang`.
pub fn exemption_in(e: Exemption, lang: Lang) -> &'static str {
    if lang == Lang::En {
        return exemption_words(e);
    }
    match e {
        Exemption::ChaserIsGeneral => zh::pick(
            lang,
            "攻擊子是將帥，將帥捉子按閒著論",
            "攻击子是将帅，将帅捉子按闲着论",
        ),
        Exemption::ChaserIsSoldier => zh::pick(
            lang,
            "攻擊子是兵卒，兵卒捉子按閒著論",
            "攻击子是兵卒，兵卒捉子按闲着论",
        ),
        Exemption::UnriveredSoldier => zh::pick(lang, "被攻擊的是未過河的兵卒", "被攻击的是未过河的兵卒"),
        Exemption::ExchangeOffer => zh::pick(lang, "同類子可以反吃，屬兌子", "同类子可以反吃，属兑子"),
        Exemption::PinnedChaser => zh::pick(lang, "攻擊子受牽制，不能去吃", "攻击子受牵制，不能去吃"),
        Exemption::Protected => zh::pick(
            lang,
            "被攻擊子有真根（確實能反吃）",
            "被攻击子有真根（确实能反吃）",
        ),
    }
}

/// One exempted threat in `lang`: `不算捉：g6的俥攻擊g8的砲：…（條文）`.
/// `"not a chase: the cannon on b5 attacked from b3: WHY (CLAUSE)"`: a threat the rules exempt.
pub(crate) fn exempted_en(e: &crate::xiangqi::facts::ExemptThreat) -> String {
    format!(
        "not a chase: the {} on {} attacked from {}: {} {}",
        e.piece,
        e.target,
        e.chaser,
        exemption_words(e.reason),
        super::bracketed(&e.clause.to_string())
    )
}

pub(crate) fn exempted_zh(lang: Lang, e: &crate::xiangqi::facts::ExemptThreat, mover: Color) -> String {
    format!(
        "{}{}{}{}{}：{}（{}）",
        zh::pick(lang, "不算捉：", "不算捉："),
        e.chaser,
        zh::pick(lang, "的攻擊指向", "的攻击指向"),
        e.target,
        format_args!("的{}", zh::piece_named(lang, e.piece, mover.opponent())),
        exemption_in(e.reason, lang),
        zh::cite(lang, &e.clause)
    )
}

/// What a move did, in `lang`: 將軍；以g6的俥捉g8的砲；催殺；兌子；閒著.
pub(crate) fn move_effects_zh(f: &MoveFacts, lang: Lang) -> String {
    let mut what = Vec::new();
    if f.check {
        what.push(zh::pick(lang, "將軍", "将军").to_string());
    }
    for c in &f.chases {
        what.push(format!(
            "{}{}{}{}{}{}{}",
            zh::pick(lang, "以", "以"),
            c.chaser,
            zh::pick(lang, "的", "的"),
            zh::piece(lang, c.chaser_kind, f.mover),
            zh::pick(lang, "捉", "捉"),
            c.target,
            format_args!("的{}", zh::piece(lang, c.target_kind, f.mover.opponent())),
        ));
    }
    if f.mate_threat {
        what.push(zh::pick(lang, "催殺", "催杀").to_string());
    }
    if f.exchange {
        what.push(zh::pick(lang, "兌子", "兑子").to_string());
    }
    if what.is_empty() {
        what.push(zh::pick(lang, "閒著", "闲着").to_string());
    }
    what.join("；")
}

/// `"g8的俥"`, `"d8、f8的俥輪流"`.
fn chasers_zh(lang: Lang, chasers: &[(Square, xiangqi::PieceKind)], color: Color) -> String {
    let each: Vec<String> = chasers
        .iter()
        .map(|(sq, k)| format!("{sq}的{}", zh::piece(lang, *k, color)))
        .collect();
    match each.len() {
        0 => String::new(),
        1 => each[0].clone(),
        _ => format!("{}{}", each.join("、"), zh::pick(lang, "輪流", "轮流")),
    }
}

fn allowed_chase_zh(lang: Lang, side: Color, a: &AllowedChase) -> String {
    let chased = |(sq, kind): (Square, xiangqi::PieceKind), chasers: &[(Square, xiangqi::PieceKind)]| {
        format!(
            "{}{sq}{}{}（{}）",
            zh::pick(lang, "原在", "原在"),
            zh::pick(lang, "的", "的"),
            zh::piece(lang, kind, side.opponent()),
            format_args!(
                "{}{}",
                zh::pick(lang, "以", "以"),
                chasers_zh(lang, chasers, side)
            ),
        )
    };
    let first = chased(a.target, &a.chasers);
    // Worded after the clause that allows, as the sentence cites them.
    let not = || {
        let not: Vec<String> = a.not_forbidden_by.iter().map(|c| zh::cite(lang, c)).collect();
        not.join("；")
    };
    let who = zh::side(lang, side);
    match a.why {
        AllowedBecause::TwoChaseTwo => {
            let others: Vec<String> = a.others.iter().map(|(t, c)| chased(*t, c)).collect();
            format!(
                "{who}{}{first}{}{}{}{}（{}）{}（{}）。",
                zh::pick(lang, "捉", "捉"),
                zh::pick(lang, "，又捉", "，又捉"),
                others.join("、"),
                zh::pick(lang, "：兩子輪流捉兩子，", "：两子轮流捉两子，"),
                zh::pick(lang, "屬允許", "属允许"),
                zh::cite(lang, &a.allowed_by),
                zh::pick(
                    lang,
                    "，不是多子捉一子或一子捉一子",
                    "，不是多子捉一子或一子捉一子"
                ),
                not(),
            )
        }
        AllowedBecause::JoinedOnSomeMoves(by) => format!(
            "{who}{}{first}{}{}{}（{}）{}（{}）。",
            zh::pick(lang, "捉", "捉"),
            zh::pick(lang, "，只在部分著法有", "，只在部分着法有"),
            zh::piece(lang, by, side),
            zh::pick(lang, "參與：屬允許", "参与：属允许"),
            zh::cite(lang, &a.allowed_by),
            zh::pick(lang, "，不是步步聯合", "，不是步步联合"),
            not(),
        ),
    }
}

/// One side's sentence in `lang` (the HTTP answer's `text.sides`).
pub fn side_sentence_in(s: &SideJudgement, lang: Lang) -> String {
    if lang == Lang::En {
        return side_sentence(s);
    }
    if let (Offence::None, Some(a)) = (s.offence, &s.allowed_chase) {
        return allowed_chase_zh(lang, s.side, a);
    }
    let who = zh::side(lang, s.side);
    let clause = zh::cite(lang, &s.clause);
    match s.offence {
        Offence::PerpetualCheck => format!(
            "{who}{}（{clause}）。",
            zh::pick(lang, "步步將軍：長將", "步步将军：长将")
        ),
        Offence::PerpetualChase => {
            let t = s
                .target
                .map(|(sq, k)| {
                    format!(
                        "{}{sq}{}{}",
                        zh::pick(lang, "原在", "原在"),
                        zh::pick(lang, "的", "的"),
                        zh::piece(lang, k, s.side.opponent())
                    )
                })
                .unwrap_or_default();
            let joined = joined_on_every_move(s)
                .map(|k| {
                    format!(
                        "{}{}{}",
                        zh::pick(lang, "，每步都有", "，每步都有"),
                        zh::piece(lang, k, s.side),
                        zh::pick(lang, "參與", "参与")
                    )
                })
                .unwrap_or_default();
            format!(
                "{who}{}{t}{joined}{}（{clause}）。",
                zh::pick(lang, "步步捉", "步步捉"),
                zh::pick(lang, "：長捉", "：长捉")
            )
        }
        Offence::None => {
            let (checks, chases, threats, n) = move_counts(s);
            let how = if checks == 0 && chases == 0 && threats == 0 {
                zh::pick(lang, "只走閒著", "只走闲着").to_string()
            } else if checks == 0 && chases == 0 {
                format!(
                    "{n}{}{threats}{}",
                    zh::pick(lang, "步中有", "步中有"),
                    zh::pick(lang, "步催殺，既不將軍也不捉子", "步催杀，既不将军也不捉子")
                )
            } else {
                format!(
                    "{n}{}{checks}{}{chases}{}",
                    zh::pick(lang, "步中", "步中"),
                    zh::pick(lang, "步將軍、", "步将军、"),
                    zh::pick(lang, "步捉子，沒有步步捉同一子", "步捉子，没有步步捉同一子")
                )
            };
            let ground = match s.ground {
                Ground::NotPerpetual => zh::pick(lang, "，既非長將也非長捉", "，既非长将也非长捉"),
                Ground::Named => "",
            };
            format!(
                "{who}{how}{}{ground}（{clause}）。",
                zh::pick(lang, "：允許", "：允许")
            )
        }
    }
}

/// The verdict line of a cycle in `lang`.
pub fn cycle_verdict_in(j: &CycleJudgement, lang: Lang) -> String {
    if lang == Lang::En {
        return match j.verdict.must_vary {
            Some(side) => format!(
                "Verdict: {} must vary; if it does not, it loses ({}). Clause: {}.",
                if side == Color::Red { "Red" } else { "Black" },
                j.verdict.result_if_unchanged,
                j.verdict.clause
            ),
            None => format!(
                "Verdict: neither side is at fault: draw if unchanged (1/2-1/2). Clause: {}.",
                j.verdict.clause
            ),
        };
    }
    let clause = zh::cite(lang, &j.verdict.clause);
    match j.verdict.must_vary {
        Some(side) => format!(
            "{}{}{}，{}。{}{clause}。",
            zh::pick(lang, "結論：", "结论："),
            zh::side(lang, side),
            zh::pick(lang, "須變著，不變作負", "须变着，不变作负"),
            zh::result(lang, j.verdict.result_if_unchanged, false),
            zh::pick(lang, "條文：", "条文："),
        ),
        None => format!(
            "{}{clause}。",
            zh::pick(
                lang,
                "結論：雙方均未犯例，雙方不變作和（1/2-1/2）。條文：",
                "结论：双方均未犯例，双方不变作和（1/2-1/2）。条文："
            ),
        ),
    }
}

/// [`cycle_text_with`] in `lang`.
pub fn cycle_text_in(
    start: &Position,
    j: &CycleJudgement,
    explain: bool,
    w: &CycleWording,
    lang: Lang,
) -> String {
    if lang == Lang::En {
        return cycle_text_with(start, j, explain, w);
    }
    let mut s = String::new();
    let book = match j.rules {
        crate::xiangqi::rules::RulesId::Axf => zh::pick(lang, "亞洲棋規", "亚洲棋规"),
        crate::xiangqi::rules::RulesId::Tw113 => zh::pick(lang, "台灣棋規", "台湾棋规"),
    };
    s.push_str(&format!("{}{book}\n", zh::pick(lang, "規則：", "规则：")));
    s.push_str(zh::pick(lang, "循環開始時的局面：\n", "循环开始时的局面：\n"));
    let diagram = board_diagram(start, false).replace("  ~~~~~~ river ~~~~~~\n", river(lang));
    s.push_str(&diagram);
    let mut pos = start.clone();
    let all = in_play_order(start, j);
    s.push_str(zh::pick(lang, "著法：\n", "着法：\n"));
    for (n, f) in all.iter().enumerate() {
        let side = zh::side(lang, f.mover);
        let text = write_move_with(&pos, f.mv, w.style, &w.options);
        let what = move_effects_zh(f, lang);
        let mv = match w.numbering {
            Some((numbering, start_ply)) => zh::numbered(&numbering, start_ply + n + 1, &text),
            None if w.style == Style::Iccs => f.mv.to_string(),
            None => format!("{}（{text}）", f.mv),
        };
        if w.numbering.is_some() {
            s.push_str(&format!("  {side} {mv}：{what}\n"));
        } else {
            s.push_str(&format!("  {:>2}. {side} {mv}：{what}\n", n + 1));
        }
        if explain {
            for e in &f.exempted {
                s.push_str(&format!("        {}\n", exempted_zh(lang, e, f.mover)));
            }
        }
        pos.make_move(f.mv);
    }
    s.push_str(&format!(
        "{}\n{}\n",
        side_sentence_in(&j.red, lang),
        side_sentence_in(&j.black, lang)
    ));
    if let (Some(side), Some(rule)) = (j.verdict.must_vary, &j.verdict.chased_back) {
        s.push_str(&format!(
            "{}{}{}{}（{}）。\n",
            zh::side(lang, side.opponent()),
            zh::pick(lang, "也步步捉子，但不能為", "也步步捉子，但不能为"),
            zh::side(lang, side),
            zh::pick(
                lang,
                "開脫：即使車方回捉，捉車仍屬禁止",
                "开脱：即使车方回捉，捉车仍属禁止"
            ),
            zh::cite(lang, rule)
        ));
    }
    let readings = |s: &mut String| {
        for r in &j.readings {
            let (reading, source) = written_reading(*r, lang);
            s.push_str(&format!(
                "{}{reading}（{}{source}）。\n",
                zh::pick(lang, "棋規文字以外的解讀：", "棋规文字以外的解读："),
                zh::pick(lang, "出處：", "出处："),
            ));
        }
    };
    if !w.verdict {
        readings(&mut s);
        return s;
    }
    s.push_str(&cycle_verdict_in(j, lang));
    s.push('\n');
    readings(&mut s);
    s
}

impl CycleReport {
    /// The board, each move with what it did, one sentence per side, the verdict and clause,
    /// ending with the summaries of the clauses cited.
    pub fn text(&self) -> String {
        let wording = CycleWording {
            style: self.style,
            options: self.options,
            ..Default::default()
        };
        with_summaries(|| cycle_text_with(&self.start, &self.judgement, self.explain, &wording))
    }

    /// The words in `lang` (the HTTP answer's `text`): the report, the verdict line, the
    /// citation, the moves in `notation` and each side's sentence.
    pub fn text_json(&self, lang: Lang, notation: Notation) -> Value {
        let (style, options) = notation.style_for(lang, self.style, self.options);
        let mut pos = self.start.clone();
        let moves: Vec<String> = crate::render::cycle::in_play_order(&self.start, &self.judgement)
            .into_iter()
            .map(|f| {
                let t = xiangqi::notation::write_move_with(&pos, f.mv, style, &options);
                pos.make_move(f.mv);
                t
            })
            .collect();
        super::escaped(json!({
            "lang": lang,
            "report": self.text_in(lang, notation),
            "verdict": crate::render::cycle::cycle_verdict_in(&self.judgement, lang),
            "clause": cite(lang, &self.judgement.verdict.clause),
            "moves": moves,
            "sides": {
                "red": crate::render::cycle::side_sentence_in(&self.judgement.red, lang),
                "black": crate::render::cycle::side_sentence_in(&self.judgement.black, lang),
            },
        }))
    }

    /// [`CycleReport::text`] in `voice`'s language, moves written as `notation` says.
    pub fn text_in(&self, voice: impl Into<super::Voice>, notation: Notation) -> String {
        let voice = voice.into();
        let (style, options) = notation.style_for(voice.lang, self.style, self.options);
        let wording = CycleWording {
            style,
            options,
            ..Default::default()
        };
        in_lang(
            voice,
            || cycle_text_with(&self.start, &self.judgement, self.explain, &wording),
            |lang| {
                crate::render::cycle::cycle_text_in(
                    &self.start,
                    &self.judgement,
                    self.explain,
                    &wording,
                    lang,
                )
            },
        )
    }
}
