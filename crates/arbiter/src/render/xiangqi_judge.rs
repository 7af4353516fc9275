//! The text report of a judged xiangqi game: heading, one verdict sentence, clause,
//! procedure where it applies, repetition evidence with the moves numbered in the record's
//! notation.

use super::{capitalise_first, capitalised, heading_in, plies_line, read_notes_in, read_notes_text, zh};
use super::{InputWords, Notation, Voice};
use crate::citation::{Citation, ClauseId, Clauses};
use crate::render::cycle::{cycle_text_in, cycle_text_with, CycleWording};
use crate::report::XiangqiGameReport;
use crate::types::{Lang, RuleBook};
use crate::xiangqi::rules::RulesId;
use crate::xiangqi::verdict::{Reason as XReason, RepetitionEvidence, Status as XStatus};
use xiangqi::Color;

/// `"29. 俥二平三 [ply 57]"`: the move that produced `ply`, in the report's notation.
pub(crate) fn move_at(r: &XiangqiGameReport, ply: usize) -> String {
    if ply == 0 {
        return "the start [ply 0]".to_string();
    }
    let Some(&mv) = r.moves.get(ply - 1) else {
        return format!("[ply {ply}]");
    };
    let mut pos = r.start.clone();
    for &m in &r.moves[..ply - 1] {
        pos.make_move(m);
    }
    let text = xiangqi::notation::write_move_with(&pos, mv, r.style, &r.write);
    r.numbering.with_ply(ply, &text)
}

/// `"after 86... 車8平7 [ply 172]"`, or `"at the start [ply 0]"`.
fn after_move(r: &XiangqiGameReport, ply: usize) -> String {
    if ply == 0 {
        "at the start [ply 0]".to_string()
    } else {
        format!("after {}", move_at(r, ply))
    }
}

/// The report for people: heading, one verdict sentence, clause, procedure where it
/// applies, repetition evidence with the moves numbered in the record's notation.
pub fn text(r: &XiangqiGameReport) -> String {
    text_in(r, Lang::En)
}

/// [`text`] naming what was given with `words`.
fn text_en(r: &XiangqiGameReport, words: &'static InputWords) -> String {
    let mut s = String::new();
    if r.recorded_result.is_some() || r.from_position {
        s.push_str(&heading_in(
            Voice {
                lang: Lang::En,
                words,
            },
            &r.file,
            r.index,
            r.from_position,
            &r.players,
        ));
        s.push('\n');
    }
    s.push_str(&verdict_text(r, words));
    if let (Some(n), Some(ply)) = (r.notation_warnings, r.first_warning_ply) {
        if n > 0 {
            s.push_str(&format!(
                "  {n} notation warning(s): 前/後 omitted and resolved by legality (first at ply {ply})\n"
            ));
        }
    }
    read_notes_text(&mut s, r.truncated, &r.warnings);
    s
}

/// [`verdict_sentence`] in English.
fn verdict_en(r: &XiangqiGameReport) -> String {
    let v = &r.verdict;
    let cycles_n = super::counted(r.cycles as usize, "cycle");
    let reason = match v.reason {
        Some(XReason::Checkmate) => "checkmate",
        Some(XReason::NoLegalMoves) => "the side to move has no legal move (困斃)",
        Some(XReason::PerpetualCheck) => "perpetual check",
        Some(XReason::PerpetualChase) => "perpetual chase",
        Some(XReason::RepetitionDraw) => "repetition with neither side at fault",
        Some(XReason::NaturalMoveLimit) => "natural move limit",
        None => "",
    };
    let after = move_at(r, v.at_ply.unwrap_or(0));
    let nine_rounds = v.clause.as_ref().is_some_and(Citation::is_nine_rounds);
    let loser = |c: Color| {
        if v.result.is_decisive() {
            format!("{} loses ({})", capitalised(c), v.result)
        } else {
            format!("the result is {}", v.result)
        }
    };
    match (v.status, v.must_vary) {
        (XStatus::Claimable, _) => format!(
            "Not decided: {}, {}, to move, may claim a draw now by the natural move limit {}.",
            after_move(r, r.plies),
            capitalised(r.to_move),
            super::bracketed(&r.rules.natural_move_limit.clause.to_string()),
        ),
        (XStatus::Ongoing, _) => {
            "Nothing decided by the rules: the game is ongoing at the end of the record.".to_string()
        }
        (XStatus::Pending, _) if nine_rounds => format!(
            "Pending after {after}: 9 rounds among a few points, alternating allowed and forbidden \
             moves with no progress; the arbiter rules. {}",
            match v.must_vary {
                Some(c) => format!(
                    "{} must vary ({reason}); if it does not, {}.",
                    capitalised(c),
                    loser(c)
                ),
                None => "Neither side is at fault: the arbiter may declare a draw.".to_string(),
            }
        ),
        (XStatus::Pending, Some(c)) => format!(
            "Pending after {after}: the repetition has reached {cycles_n}. {} must vary \
             ({reason}); if it repeats once more, {}.",
            capitalised(c),
            loser(c)
        ),
        (XStatus::Pending, None) => format!(
            "Pending after {after}: the repetition has reached {cycles_n} with neither side at \
             fault; one more cycle draws (1/2-1/2).",
        ),
        // Decided with no procedure: the engine-match convention ended the game at the count.
        (XStatus::Decided, Some(c)) if v.repetition.is_some() && v.procedure.is_none() => format!(
            "Decided after {after}: the repetition reached {cycles_n}, where the engine-match \
             convention ends the game; {} is at fault ({reason}) and {}.",
            capitalised(c),
            loser(c).replacen(&format!("{} ", capitalised(c)), "", 1)
        ),
        (XStatus::Decided, None) if v.repetition.is_some() && v.procedure.is_none() => format!(
            "Decided after {after}: the repetition reached {cycles_n}, where the engine-match \
             convention ends the game, with neither side at fault: drawn ({}).",
            v.result
        ),
        (XStatus::Decided, Some(c)) if v.repetition.is_some() => format!(
            "Decided after {after}: {} went on with its {reason} a cycle past the count and {}.",
            capitalised(c),
            loser(c).replacen(&format!("{} ", capitalised(c)), "", 1)
        ),
        (XStatus::Decided, _) if v.repetition.is_some() => format!(
            "Decided after {after}: the repetition went on a cycle past the count; over the loops \
             judged together neither side is at fault: drawn ({}).",
            v.result
        ),
        (XStatus::Decided, _) => format!("Decided after {after}: {reason} ({}).", v.result),
    }
}

fn verdict_text(r: &XiangqiGameReport, words: &InputWords) -> String {
    let v = &r.verdict;
    let cycles_n = super::counted(r.cycles as usize, "cycle");
    let book = match r.rules.id {
        RulesId::Axf => "AXF",
        RulesId::Tw113 => "TW113",
    };
    let mut s = plies_line(Lang::En, r.plies, book, "");
    s.push_str(&format!("  {}\n", verdict_en(r)));
    let at = v.at_ply.unwrap_or(0);
    let nine_rounds = v.clause.as_ref().is_some_and(Citation::is_nine_rounds);
    let limit_clause = || super::bracketed(&r.rules.natural_move_limit.clause.to_string());
    // A citation only ("checkmate: the side to move loses" cites no rule book: the reason
    // above says it).
    if let Some(c) = v
        .clause
        .as_ref()
        .filter(|c| v.status != XStatus::Claimable && c.cites_a_book())
    {
        s.push_str(&format!("  Clause: {c}\n"));
    }
    for &(by, ply) in &r.limit_claims {
        if v.status == XStatus::Claimable && ply == r.plies && by == r.to_move {
            continue; // said above
        }
        s.push_str(&format!(
            "  {}, {} could claim a draw by the natural move limit {}.\n",
            capitalise_first(&after_move(r, ply)),
            capitalised(by),
            limit_clause(),
        ));
    }
    if v.procedure.is_some() {
        // Only where the count decided: worded for the rule book in force.
        s.push_str(&match r.rules.id {
            RulesId::Tw113 => format!(
                "  Procedure ({}): after {cycles_n} the position is pending and the arbiter warns; one \
                 more cycle decides.\n",
                Clauses::of(RuleBook::Tw113, &[ClauseId::Procedure])
            ),
            RulesId::Axf => format!(
                "  Procedure: the AXF rules write none; the count of the TW113 procedure is used (pending \
                 after {cycles_n}, one more cycle decides{}).\n",
                words.cycles
            ),
        });
    }
    if r.moves_after_end > 0 {
        s.push_str(&format!(
            "  The record goes on for {} more after the game had ended.\n",
            super::plies(r.moves_after_end)
        ));
    }
    if let Some(rec) = r.recorded_result.as_deref() {
        if r.result_agrees == Some(false) {
            let say = match v.status {
                XStatus::Decided => v.result.to_string(),
                XStatus::Pending => format!("{} unless the side that must vary does (pending)", v.result),
                XStatus::Claimable => "a draw may be claimed".to_string(),
                XStatus::Ongoing => "the game goes on (no repetition decides it)".to_string(),
            };
            s.push_str(&format!("  The record says {rec}; the rules say {say}.\n"));
        } else if rec != "*" {
            s.push_str(&format!("  Recorded result: {rec}.\n"));
        }
    }
    if let (Some(rep), Some(start)) = (&v.repetition, &r.cycle_start) {
        if nine_rounds {
            s.push_str(&format!(
                "  The 9 rounds judged: {} {}:\n",
                super::plies(rep.length),
                after_move(r, rep.start_ply)
            ));
        } else {
            // The loops listed below are the `count` judged; when the repetition was pending
            // earlier (a decided one always was), that is said apart.
            let earlier = if pending_before(rep, v.status) {
                format!(
                    " (its start position recurred {} in all: the repetition was pending at ply {})",
                    super::counted(rep.recurrences, "time"),
                    at.saturating_sub(rep.length)
                )
            } else {
                String::new()
            };
            // Loops of unequal length (the position came back after a longer or a shorter
            // loop): their number and the plies in all, not one loop's length.
            let loops = if equal_loops(rep, at) {
                format!(
                    "a loop of {} played {}",
                    super::plies(rep.length),
                    super::counted(rep.count, "time")
                )
            } else {
                format!(
                    "{} loops of unequal length ({} in all)",
                    rep.count,
                    super::plies(at.saturating_sub(rep.start_ply))
                )
            };
            s.push_str(&format!(
                "  Repetition: {loops}, from {} to {}, judged together{earlier}:\n",
                move_at(r, rep.start_ply),
                move_at(r, at)
            ));
        }
        let wording = CycleWording {
            style: r.style,
            options: r.write,
            numbering: Some((r.numbering, rep.start_ply)),
            verdict: false,
        };
        for line in cycle_text_with(start, &rep.judgement, r.explain, &wording).lines() {
            s.push_str("    ");
            s.push_str(line);
            s.push('\n');
        }
    }
    s
}

/// The report in `voice`'s language (Chinese: [`text`]'s sentences in the rule books' words),
/// moves written as the report's `style` says.
pub fn text_in(r: &XiangqiGameReport, voice: impl Into<Voice>) -> String {
    let voice = voice.into();
    let lang = voice.lang;
    if lang == Lang::En {
        return text_en(r, voice.words);
    }
    let mut s = String::new();
    if r.recorded_result.is_some() || r.from_position {
        s.push_str(&heading_in(voice, &r.file, r.index, r.from_position, &r.players));
        s.push('\n');
    }
    s.push_str(&verdict_zh(r, lang));
    if let (Some(n), Some(ply)) = (r.notation_warnings, r.first_warning_ply) {
        if n > 0 {
            s.push_str(&format!(
                "  {}{n}{}{}\n",
                zh::pick(lang, "記譜警告", "记谱警告"),
                zh::pick(
                    lang,
                    "處：省略了前／後，依合法性判定（第一處在",
                    "处：省略了前／后，依合法性判定（第一处在"
                ),
                format_args!("{}）", zh::ply_mark(ply))
            ));
        }
    }
    read_notes_in(lang, &mut s, r.truncated, &r.warnings);
    s
}

/// `"29... 車8平7［58］"` in the report's notation.
fn move_zh(r: &XiangqiGameReport, lang: Lang, ply: usize) -> String {
    if ply == 0 {
        return zh::at_start(lang, 0);
    }
    let Some(&mv) = r.moves.get(ply - 1) else {
        return zh::ply_mark(ply);
    };
    let mut pos = r.start.clone();
    for &m in &r.moves[..ply - 1] {
        pos.make_move(m);
    }
    let text = xiangqi::notation::write_move_with(&pos, mv, r.style, &r.write);
    zh::numbered(&r.numbering, ply, &text)
}

/// `"29... 車8平7［58］後"`.
fn after_zh(r: &XiangqiGameReport, lang: Lang, ply: usize) -> String {
    if ply == 0 {
        zh::at_start(lang, 0)
    } else {
        format!("{}{}", move_zh(r, lang, ply), zh::pick(lang, "後", "后"))
    }
}

/// What `side` did wrong, in the books' words: 長將, 長捉黑砲; the reason's word otherwise.
pub(crate) fn offence_zh(
    lang: Lang,
    reason: Option<XReason>,
    side: Color,
    v: &crate::xiangqi::verdict::Verdict,
) -> String {
    let judged = v.repetition.as_ref().map(|rep| match side {
        Color::Red => &rep.judgement.red,
        Color::Black => &rep.judgement.black,
    });
    match (reason, judged.and_then(|j| j.target)) {
        (Some(r @ XReason::PerpetualChase), Some((_, kind))) => format!(
            "{}{}",
            reason_zh(r, lang),
            zh::sided_piece(lang, kind, side.opponent())
        ),
        (Some(r), _) => reason_zh(r, lang).to_string(),
        (None, _) => String::new(),
    }
}

/// A xiangqi verdict's reason in Chinese, in the rule books' words: 長將, 長捉, 被將死, 困斃,
/// 循環重複, 自然限著 (simplified 长将, 长捉, 被将死, 困毙, 循环重复, 自然限着).
pub fn reason_zh(reason: XReason, lang: Lang) -> &'static str {
    match reason {
        XReason::PerpetualCheck => zh::pick(lang, "長將", "长将"),
        XReason::PerpetualChase => zh::pick(lang, "長捉", "长捉"),
        XReason::Checkmate => zh::pick(lang, "被將死", "被将死"),
        XReason::NoLegalMoves => zh::pick(lang, "困斃", "困毙"),
        XReason::RepetitionDraw => zh::pick(lang, "循環重複", "循环重复"),
        XReason::NaturalMoveLimit => zh::pick(lang, "自然限著", "自然限着"),
    }
}

/// The verdict sentence in `lang`: the line under the plies line of [`text_in`], which writes
/// it with this, and the HTTP answer's `text.verdict`.
pub fn verdict_sentence(r: &XiangqiGameReport, lang: Lang) -> String {
    match lang {
        Lang::En => verdict_en(r),
        _ => verdict_line_zh(r, lang).0,
    }
}

/// [`verdict_sentence`] in a Chinese script; whether it cites the verdict's clause (the
/// clause line then leaves it out); the clause as cited.
fn verdict_line_zh(r: &XiangqiGameReport, lang: Lang) -> (String, bool, Option<String>) {
    let v = &r.verdict;
    let cycles = r.cycles;
    let after = after_zh(r, lang, v.at_ply.unwrap_or(0));
    let nine_rounds = v.clause.as_ref().is_some_and(Citation::is_nine_rounds);
    let clause = v.clause.as_ref().map(|c| zh::cite(lang, c));
    let cite = clause.as_deref().map(|c| format!("（{c}）")).unwrap_or_default();
    let result = zh::result(lang, v.result, false);
    let limit_clause = || zh::cite(lang, &r.rules.natural_move_limit.clause);
    let mut cited_in_sentence = false;
    let mut s = String::new();
    match (v.status, v.must_vary) {
        (XStatus::Claimable, _) => s.push_str(&format!(
            "{}{}，{}{}{}（{}）。",
            zh::pick(lang, "未判定：", "未判定："),
            after_zh(r, lang, r.plies),
            zh::pick(lang, "輪到", "轮到"),
            zh::side(lang, r.to_move),
            zh::pick(lang, "走棋，現在可依自然限著提和", "走棋，现在可依自然限着提和"),
            limit_clause(),
        )),
        (XStatus::Ongoing, _) => s.push_str(zh::pick(
            lang,
            "棋規未判定：記錄結束時對局仍在進行。",
            "棋规未判定：记录结束时对局仍在进行。",
        )),
        (XStatus::Pending, _) if nine_rounds => {
            cited_in_sentence = true;
            s.push_str(&format!(
                "{after}{}{cite}{}",
                zh::pick(
                    lang,
                    "待判：在少數幾個交叉點之間走滿9回合，允許著法與禁止著法交替而無進展",
                    "待判：在少数几个交叉点之间走满9回合，允许着法与禁止着法交替而无进展"
                ),
                zh::pick(lang, "，由裁判裁決。", "，由裁判裁决。"),
            ));
            match v.must_vary {
                Some(c) => s.push_str(&format!(
                    "{}{}，{result}。",
                    zh::side(lang, c),
                    zh::pick(lang, "須變著，不變作負", "须变着，不变作负")
                )),
                None => s.push_str(zh::pick(
                    lang,
                    "雙方均未犯例：裁判可宣告和局。",
                    "双方均未犯例：裁判可宣告和棋。",
                )),
            }
        }
        (XStatus::Pending, Some(c)) => {
            cited_in_sentence = true;
            s.push_str(&format!(
                "{after}{}{cycles}{}{}{}{cite}：{}{}，{result}。",
                zh::pick(lang, "待判：循環已達", "待判：循环已达"),
                zh::pick(lang, "次。", "次。"),
                zh::side(lang, c),
                offence_zh(lang, v.reason, c, v),
                zh::side(lang, c),
                zh::pick(lang, "須變著，再循環一次即判負", "须变着，再循环一次即判负"),
            ))
        }
        (XStatus::Pending, None) => {
            cited_in_sentence = true;
            s.push_str(&format!(
                "{after}{}{cycles}{}{cite}{}",
                zh::pick(lang, "待判：循環已達", "待判：循环已达"),
                zh::pick(lang, "次，雙方均未犯例", "次，双方均未犯例"),
                zh::pick(
                    lang,
                    "；再循環一次即判和（1/2-1/2）。",
                    "；再循环一次即判和（1/2-1/2）。"
                ),
            ))
        }
        (XStatus::Decided, Some(c)) if v.repetition.is_some() => {
            cited_in_sentence = true;
            let ended = if v.procedure.is_none() {
                // The engine-match convention ended the game at the count.
                format!(
                    "{}{cycles}{}",
                    zh::pick(lang, "，循環已達", "，循环已达"),
                    zh::pick(
                        lang,
                        "次，依引擎對局慣例對局即告結束，判負",
                        "次，依引擎对局惯例对局即告结束，判负"
                    )
                )
            } else {
                zh::pick(
                    lang,
                    "，循環達到次數後仍不變著，判負",
                    "，循环达到次数后仍不变着，判负",
                )
                .to_string()
            };
            s.push_str(&format!(
                "{after}{}{}{}{cite}{ended}，{result}。",
                zh::pick(lang, "已判定：", "已判定："),
                zh::side(lang, c),
                offence_zh(lang, v.reason, c, v),
            ))
        }
        (XStatus::Decided, _) if v.repetition.is_some() && v.procedure.is_none() => {
            cited_in_sentence = true;
            s.push_str(&format!(
                "{after}{}{cycles}{}{cite}{}（{}）。",
                zh::pick(lang, "已判定：循環已達", "已判定：循环已达"),
                zh::pick(lang, "次，雙方均未犯例", "次，双方均未犯例"),
                zh::pick(
                    lang,
                    "，依引擎對局慣例對局即告結束，判和",
                    "，依引擎对局惯例对局即告结束，判和"
                ),
                v.result
            ))
        }
        (XStatus::Decided, _) if v.repetition.is_some() => {
            cited_in_sentence = true;
            s.push_str(&format!(
                "{after}{}{cite}{}（{}）。",
                zh::pick(
                    lang,
                    "已判定：循環達到次數後仍重複，合併判斷的各循環中雙方均未犯例",
                    "已判定：循环达到次数后仍重复，合并判断的各循环中双方均未犯例"
                ),
                zh::pick(lang, "，判和", "，判和"),
                v.result
            ))
        }
        (XStatus::Decided, _) => {
            let loser = v.must_vary.or(match v.result {
                crate::types::Outcome::FirstWins => Some(Color::Black),
                crate::types::Outcome::BlackWins => Some(Color::Red),
                _ => None,
            });
            let who = loser.map(|c| zh::side(lang, c)).unwrap_or("");
            s.push_str(&format!(
                "{after}{}{who}{}，{result}。",
                zh::pick(lang, "已判定：", "已判定："),
                match v.reason {
                    Some(XReason::NaturalMoveLimit) => zh::pick(lang, "自然限著", "自然限着").to_string(),
                    other => offence_zh(lang, other, loser.unwrap_or(Color::Red), v),
                }
            ))
        }
    }
    (s, cited_in_sentence, clause)
}

fn verdict_zh(r: &XiangqiGameReport, lang: Lang) -> String {
    let v = &r.verdict;
    let cycles = r.cycles;
    let book = match r.rules.id {
        RulesId::Axf => zh::pick(lang, "亞洲棋規", "亚洲棋规"),
        RulesId::Tw113 => zh::pick(lang, "台灣棋規", "台湾棋规"),
    };
    let mut s = plies_line(lang, r.plies, book, "");
    let (sentence, cited_in_sentence, clause) = verdict_line_zh(r, lang);
    s.push_str(&format!("  {sentence}\n"));
    let at = v.at_ply.unwrap_or(0);
    let nine_rounds = v.clause.as_ref().is_some_and(Citation::is_nine_rounds);
    let limit_clause = || zh::cite(lang, &r.rules.natural_move_limit.clause);
    if let Some(c) = clause.as_ref().filter(|_| {
        !cited_in_sentence
            && v.status != XStatus::Claimable
            && v.clause.as_ref().is_some_and(Citation::cites_a_book)
    }) {
        s.push_str(&format!("  {}{c}\n", zh::pick(lang, "條文：", "条文：")));
    }
    for &(by, ply) in &r.limit_claims {
        if v.status == XStatus::Claimable && ply == r.plies && by == r.to_move {
            continue;
        }
        s.push_str(&format!(
            "  {}，{}{}（{}）。\n",
            after_zh(r, lang, ply),
            zh::side(lang, by),
            zh::pick(lang, "可依自然限著提和", "可依自然限着提和"),
            limit_clause(),
        ));
    }
    if v.procedure.is_some() {
        s.push_str(&match r.rules.id {
            RulesId::Tw113 => format!(
                "  {}{}{}{cycles}{}\n",
                "程序（",
                zh::cite_clause(lang, RuleBook::Tw113, ClauseId::Procedure),
                zh::pick(lang, "）：循環", "）：循环"),
                zh::pick(
                    lang,
                    "次即成待判局面，裁判提出警告；再循環一次即判定。",
                    "次即成待判局面，裁判提出警告；再循环一次即判定。"
                ),
            ),
            RulesId::Axf => format!(
                "  {}{cycles}{}\n",
                zh::pick(
                    lang,
                    "程序：亞洲棋規未訂裁判程序，採用台灣棋規的裁判程序次數（循環",
                    "程序：亚洲棋规未订裁判程序，采用台湾棋规的裁判程序次数（循环"
                ),
                zh::pick(
                    lang,
                    "次成待判局面，再循環一次即判定）。",
                    "次成待判局面，再循环一次即判定）。"
                ),
            ),
        });
    }
    if r.moves_after_end > 0 {
        s.push_str(&format!(
            "  {}{}。\n",
            zh::pick(lang, "對局結束後，記錄還多出", "对局结束后，记录还多出"),
            zh::plies(lang, r.moves_after_end)
        ));
    }
    if let Some(rec) = r.recorded_result.as_deref() {
        if r.result_agrees == Some(false) {
            let say = match v.status {
                XStatus::Decided => v.result.to_string(),
                XStatus::Pending => format!(
                    "{}{}",
                    v.result,
                    zh::pick(
                        lang,
                        "，除非須變著的一方變著（待判）",
                        "，除非须变着的一方变着（待判）"
                    )
                ),
                XStatus::Claimable => zh::pick(lang, "可以提和", "可以提和").to_string(),
                XStatus::Ongoing => {
                    zh::pick(lang, "對局繼續（沒有循環可判）", "对局继续（没有循环可判）").to_string()
                }
            };
            s.push_str(&format!(
                "  {}{rec}{}{say}。\n",
                zh::pick(lang, "記錄的結果是", "记录的结果是"),
                zh::pick(lang, "；依棋規應為", "；依棋规应为"),
            ));
        } else if rec != "*" {
            s.push_str(&format!(
                "  {}{rec}。\n",
                zh::pick(lang, "記錄的結果：", "记录的结果：")
            ));
        }
    }
    if let (Some(rep), Some(start)) = (&v.repetition, &r.cycle_start) {
        if nine_rounds {
            s.push_str(&format!(
                "  {}{}{}{}：\n",
                zh::pick(lang, "判斷的9回合：", "判断的9回合："),
                after_zh(r, lang, rep.start_ply),
                zh::pick(lang, "起共", "起共"),
                zh::plies(lang, rep.length),
            ));
        } else {
            let earlier = if pending_before(rep, v.status) {
                format!(
                    "{}{}{}{}",
                    zh::pick(lang, "（起始局面重複出現", "（起始局面重复出现"),
                    rep.recurrences,
                    zh::pick(lang, "次：第", "次：第"),
                    format_args!(
                        "{}{}",
                        at.saturating_sub(rep.length),
                        zh::pick(lang, "半回合時已成待判局面）", "半回合时已成待判局面）")
                    ),
                )
            } else {
                String::new()
            };
            // Loops of unequal length: their number and the plies in all.
            let loops = if equal_loops(rep, at) {
                format!(
                    "{}{}{}{}{}",
                    zh::pick(lang, "循環：每個循環", "循环：每个循环"),
                    zh::plies(lang, rep.length),
                    zh::pick(lang, "，共走", "，共走"),
                    rep.count,
                    zh::pick(lang, "次，", "次，"),
                )
            } else {
                format!(
                    "{}{}{}{}{}",
                    zh::pick(lang, "循環：長短不一的", "循环：长短不一的"),
                    rep.count,
                    zh::pick(lang, "個循環，共", "个循环，共"),
                    zh::plies(lang, at.saturating_sub(rep.start_ply)),
                    "，",
                )
            };
            s.push_str(&format!(
                "  {loops}{}{}{}{}{earlier}：\n",
                move_zh(r, lang, rep.start_ply),
                zh::pick(lang, "至", "至"),
                move_zh(r, lang, at),
                zh::pick(lang, "合併判斷", "合并判断"),
            ));
        }
        let wording = CycleWording {
            style: r.style,
            options: r.write,
            numbering: Some((r.numbering, rep.start_ply)),
            verdict: false,
        };
        for line in cycle_text_in(start, &rep.judgement, r.explain, &wording, lang).lines() {
            s.push_str("    ");
            s.push_str(line);
            s.push('\n');
        }
    }
    s
}

/// Whether the judged loops, `rep.count` from `rep.start_ply`, are all `rep.length` plies long
/// (they end at `at`, the verdict's ply); else the position came back after loops of unequal
/// length, which a report describes by their number and the plies in all.
fn equal_loops(rep: &RepetitionEvidence, at: usize) -> bool {
    rep.start_ply + rep.count * rep.length == at
}

/// Whether the repetition was pending before the judged loops end (a decided one always was;
/// a pending one when its start position recurred more often than the loops judged): a report
/// says at which ply.
fn pending_before(rep: &RepetitionEvidence, status: XStatus) -> bool {
    rep.recurrences > rep.count || status == XStatus::Decided
}

impl XiangqiGameReport {
    /// The report for people: heading, one verdict sentence, clause, procedure where it
    /// applies, repetition evidence with the moves numbered in the record's notation.
    pub fn text(&self) -> String {
        crate::render::xiangqi_judge::text(self)
    }

    /// Every move of the game, one string per ply, in the report's notation.
    pub fn moves_written(&self) -> Vec<String> {
        let mut pos = self.start.clone();
        self.moves
            .iter()
            .map(|&m| {
                let t = xiangqi::notation::write_move_with(&pos, m, self.style, &self.write);
                pos.make_move(m);
                t
            })
            .collect()
    }

    /// A copy that writes its moves as `notation` says for a report in `lang`.
    pub fn with_notation(&self, lang: Lang, notation: Notation) -> XiangqiGameReport {
        let mut r = self.clone();
        (r.style, r.write) = notation.style_for(lang, self.style, self.write);
        r
    }
}
