//! The text of a judged draw claim: chess threefold and fifty moves (FIDE 9.2, 9.3, 9.5), the
//! xiangqi natural move limit (AXF, TW113).

use super::side_title;
use super::zh::cite_in as cite;
use super::{capitalise_first, capitalised, zh};
use super::{in_lang, with_summaries, InputWords, Voice};
use crate::chess::{ClaimVerdict, GameEnded, TimeControlSource};
use crate::report::ClaimReport;
use crate::types::ClaimKind;
use crate::types::Lang;
use crate::xiangqi::limits::LimitClaim;
use serde_json::{json, Value};

/// The claim judged step by step, the decision and the penalty of an incorrect claim.
pub fn body_text(r: &ClaimReport) -> String {
    body_text_in(r, Lang::En)
}

/// [`body_text`] naming what was given with `words`.
fn body_text_en(r: &ClaimReport, words: &InputWords) -> String {
    match r {
        ClaimReport::Chess(v) => chess_en(v, words),
        ClaimReport::Xiangqi { claim: c, ended, .. } => {
            let mut text = format!("{}\n", claimant_in(r, Lang::En));
            if let Some(ended) = ended {
                return text + &game_ended(ended);
            }
            for step in c.steps() {
                text.push_str(&format!("  {step}\n"));
            }
            for line in limit_verdict_in(c, Lang::En) {
                text.push_str(&line);
                text.push('\n');
            }
            text
        }
    }
}

/// `"checkmate"`, `"stalemate"`, … for the text report.
pub fn ended_words(e: &GameEnded) -> &'static str {
    match e.by {
        "checkmate" => "checkmate",
        "stalemate" => "stalemate",
        "dead_position" => "a dead position",
        "fivefold_repetition" => "fivefold repetition",
        "seventy_five_moves" => "the 75-move rule",
        "no_legal_moves" => "no legal move (困斃)",
        "perpetual_check" => "perpetual check",
        "perpetual_chase" => "perpetual chase",
        "repetition_draw" => "a repetition with neither side at fault",
        other => other,
    }
}

/// `"The game had already ended at ply 23 by checkmate (FIDE 5.1.1): no claim can be
/// made, and none is penalised.\n"`.
pub fn game_ended(e: &GameEnded) -> String {
    game_ended_in(e, Lang::En)
}

/// A readable report of the verdict: who claims after which move (SAN, move numbers, ply in
/// brackets), the count, the verdict with its clause, the penalty with its time control and
/// where that came from.
pub fn chess(r: &ClaimVerdict) -> String {
    chess_in(r, Lang::En)
}

/// `"22.Kf1"`: the intended move of a chess claim, numbered as the move it would be.
fn intended_san(r: &ClaimVerdict, m: &str) -> String {
    let w = &r.words;
    let san = w.intended.as_deref().unwrap_or(m);
    w.numbering.label(r.at_ply + 1, san)
}

/// Who claims what after which move (with the intended move written), in `lang`: the first
/// line of [`chess_in`].
fn chess_claimant_in(r: &ClaimVerdict, lang: Lang) -> String {
    let w = &r.words;
    if lang == Lang::En {
        let side = side_title(r.by);
        let what = match r.kind {
            ClaimKind::Threefold => "threefold repetition",
            _ => "the fifty-move rule",
        };
        let when = match &w.last_move {
            Some(m) => format!("after {}", w.numbering.with_ply(r.at_ply, m)),
            None => at_ply_without_move(r.at_ply),
        };
        let mut t = format!("{when}, {side} claims a draw by {what}");
        if let Some(m) = &r.intended_move {
            t.push_str(&format!(", writing the intended move {}", intended_san(r, m)));
        }
        t.push('.');
        return capitalise_first(&t);
    }
    let side = zh::side(lang, r.by);
    let what = crate::render::chess_judge::claim_kind_in(r.kind, lang);
    let when = match &w.last_move {
        Some(m) => format!(
            "{}{}",
            zh::numbered(&w.numbering, r.at_ply, m),
            zh::pick(lang, "後", "后")
        ),
        None => zh::at_claim_ply(lang, r.at_ply),
    };
    let mut t = format!("{when}，{side}");
    if let Some(m) = &r.intended_move {
        t.push_str(&format!(
            "{}{}，",
            zh::pick(lang, "寫下預定走法", "写下预定着法"),
            intended_san(r, m)
        ));
    }
    t.push_str(&format!(
        "{}{what}{}{}",
        zh::pick(lang, "依", "依"),
        zh::pick(lang, "申請和局", "申请和棋"),
        zh::pick(lang, "（［ ］內為半回合序號）。", "（［ ］内为半回合序号）。"),
    ));
    t
}

/// The ruling on a chess claim in `lang`: that the game had already ended, or whether the
/// claim is correct with its clause, and for an incorrect claim the penalty (an English one
/// names the time control given with `words`) and the intended move to be played; the last
/// line of [`chess_in`].
fn chess_ruling_in(r: &ClaimVerdict, lang: Lang, words: &InputWords) -> String {
    if let Some(ended) = &r.ended {
        return ended_sentence_in(ended, lang);
    }
    if lang != Lang::En {
        return chess_ruling_zh(r, lang);
    }
    if r.valid == Some(true) {
        return format!("Correct ({}): the game is drawn.", r.clause);
    }
    let mut t = format!("Incorrect ({}).", r.clause);
    if let Some(p) = &r.penalty {
        let source = match &r.time_control_source {
            TimeControlSource::Default => "as none was given or recorded".to_string(),
            TimeControlSource::Given => format!("as {} says", words.time_control),
            TimeControlSource::Tag(tag) => format!("from the record's {tag}"),
        };
        t.push_str(&format!(
            " The opponent gets {} s more ({}; {} play, {source}).",
            p.opponent_extra_seconds,
            p.clause,
            r.time_control.name()
        ));
    }
    if r.must_play_intended_move {
        if let Some(m) = &r.intended_move {
            t.push_str(&format!(
                " {} must now play {}.",
                side_title(r.by),
                intended_san(r, m)
            ));
        }
    }
    t
}

/// [`chess()`] naming the time control given with `words`.
fn chess_en(r: &ClaimVerdict, words: &InputWords) -> String {
    let mut t = format!("{}\n", chess_claimant_in(r, Lang::En));
    if let Some(o) = r.occurrences {
        // 9.2.1.1 (an intended move) speaks of the position that move would make; 9.2.1.2
        // of the position on the board.
        let stands = if r.intended_move.is_some() {
            "would stand"
        } else {
            "stands"
        };
        t.push_str(&format!("The position {stands} for the {} time.\n", ordinal(o)));
    }
    if let Some(p) = r.plies_without_progress {
        t.push_str(&format!(
            "{} without pawn move or capture (100 needed).\n",
            super::plies(p as usize)
        ));
    }
    t.push_str(&format!("{}\n", chess_ruling_in(r, Lang::En, words)));
    t
}

fn ordinal(n: u32) -> String {
    match n {
        1 => "first".into(),
        2 => "second".into(),
        3 => "third".into(),
        4 => "fourth".into(),
        5 => "fifth".into(),
        _ => format!("{n}th"),
    }
}

/// The count in plain words, one line per step.
pub fn limit_steps(r: &LimitClaim) -> Vec<String> {
    let c = &r.count;
    let mut s = vec![format!(
        "1. plies without a capture from ply {} to ply {}: {}",
        r.window_start_ply, r.at_ply, c.plies
    )];
    match r.perpetual_cycles_counted {
        // A limit that counts every capture-free ply (AXF; TW113's discounts repetitions).
        None => s.push(format!(
            "2. perpetual check/chase repetitions: not discounted (the {} limit has no such rule)",
            r.clause.book.prefix()
        )),
        Some(n) if r.perpetual_spans.is_empty() => s.push(format!(
            "2. perpetual check/chase repetitions beyond {n} cycles: none, 0 plies discounted"
        )),
        Some(_) => {
            for p in &r.perpetual_spans {
                s.push(format!(
                "2. {}'s {} from ply {} ({} plies a loop) to ply {}: {} plies after the allowed cycles discounted",
                side_title(p.side),
                p.offence.name().replace('_', " "),
                p.start_ply,
                p.loop_plies,
                p.end_ply,
                p.discounted
            ));
            }
        }
    }
    s.push(format!(
        "3. {}'s checks (one ply each): {}, at most 10 count: {} discounted",
        side_title(r.by),
        c.claimant_checks,
        c.claimant_checks_discounted
    ));
    s.push(format!(
        "4. counted: {} - {} - {} = {} of {} needed: {}",
        c.plies,
        c.perpetual_plies_discounted,
        c.claimant_checks_discounted,
        c.counted,
        c.needed,
        if r.valid {
            "the claim holds"
        } else {
            "the claim is short"
        }
    ));
    s
}

/// [`body_text`] in `voice`'s language.
pub fn body_text_in(r: &ClaimReport, voice: impl Into<Voice>) -> String {
    let voice = voice.into();
    let lang = voice.lang;
    if lang == Lang::En {
        return body_text_en(r, voice.words);
    }
    match r {
        ClaimReport::Chess(v) => chess_in(v, lang),
        ClaimReport::Xiangqi { claim: c, ended, .. } => {
            let mut text = format!("{}\n", claimant_in(r, lang));
            if let Some(ended) = ended {
                return text + &game_ended_in(ended, lang);
            }
            for step in limit_steps_in(c, lang) {
                text.push_str(&format!("  {step}\n"));
            }
            for line in limit_verdict_in(c, lang) {
                text.push_str(&line);
                text.push('\n');
            }
            text
        }
    }
}

/// A claim's ply with no move written before it, in English: "at the start [ply 0]", or
/// "after the end [ply N]" at a ply a record plays after its end (those moves are not
/// replayed); [`zh::at_claim_ply`] in Chinese.
fn at_ply_without_move(ply: usize) -> String {
    if ply == 0 {
        "at the start [ply 0]".to_string()
    } else {
        format!("after the end [ply {ply}]")
    }
}

/// Who claims a draw, by what, after which move, in `lang`: the first line of
/// [`body_text_in`] (a xiangqi claim judged goes on with the rule book and the plies needed,
/// then a colon before the count), and the claimant's sentence of the HTTP answer's
/// `text.sides`.
pub fn claimant_in(r: &ClaimReport, lang: Lang) -> String {
    let (c, rules, numbering, last_move, last_played, ended) = match r {
        ClaimReport::Chess(v) => return chess_claimant_in(v, lang),
        ClaimReport::Xiangqi {
            claim,
            rules,
            numbering,
            last_move,
            last_played,
            ended,
        } => (claim, rules, numbering, last_move, last_played, ended),
    };
    if lang == Lang::En {
        let when = match last_move {
            Some(m) => format!("After {}", numbering.with_ply(c.at_ply, m)),
            None => capitalise_first(&at_ply_without_move(c.at_ply)),
        };
        if ended.is_some() {
            return format!(
                "{when}, {} claims a draw by the natural move limit.",
                capitalised(c.by)
            );
        }
        return format!(
            "{when}, {} claims a draw by the natural move limit ({}, {} plies needed):",
            capitalised(c.by),
            rules.name().to_uppercase(),
            c.count.needed
        );
    }
    // The move in Chinese notation of the report's script.
    let written = last_played.as_deref().map(|(pos, mv, style, options)| {
        let (style, options) = super::Notation::Default.style_for(lang, *style, *options);
        xiangqi::notation::write_move_with(pos, *mv, style, &options)
    });
    let when = match written.as_ref().or(last_move.as_ref()) {
        Some(m) => format!(
            "{}{}",
            zh::numbered(numbering, c.at_ply, m),
            zh::pick(lang, "後", "后")
        ),
        None => zh::at_claim_ply(lang, c.at_ply),
    };
    let who = zh::side(lang, c.by);
    let claims = zh::pick(lang, "依自然限著提和", "依自然限着提和");
    if ended.is_some() {
        return format!("{when}，{who}{claims}。");
    }
    let book = match rules {
        crate::xiangqi::rules::RulesId::Axf => zh::pick(lang, "亞洲棋規", "亚洲棋规"),
        crate::xiangqi::rules::RulesId::Tw113 => zh::pick(lang, "台灣棋規", "台湾棋规"),
    };
    format!(
        "{when}，{who}{claims}（{book}，{}{}{}）：",
        zh::pick(lang, "須", "须"),
        zh::plies(lang, c.count.needed as usize),
        zh::pick(lang, "，［ ］內為半回合序號", "，［ ］内为半回合序号"),
    )
}

/// The ruling on a claim in `lang`, its last words (the HTTP answer's `text.verdict`): a
/// chess claim's ruling line, a xiangqi claim's verdict sentence with its penalty, or that
/// the game had already ended.
pub fn ruling_in(r: &ClaimReport, lang: Lang) -> String {
    match r {
        ClaimReport::Chess(v) => chess_ruling_in(v, lang, &InputWords::LIBRARY),
        ClaimReport::Xiangqi { ended: Some(e), .. } => ended_sentence_in(e, lang),
        ClaimReport::Xiangqi { claim, .. } => {
            limit_verdict_in(claim, lang).join(if lang == Lang::En { " " } else { "" })
        }
    }
}

/// The ruling on a natural-move-limit claim in `lang`: its verdict sentence with the clause,
/// then, for a claim found short, the penalty (or that the rule book states none).
pub fn limit_verdict_in(c: &LimitClaim, lang: Lang) -> Vec<String> {
    let mut lines = Vec::new();
    if lang == Lang::En {
        lines.push(format!(
            "{} {}.",
            if c.valid {
                "The claim is valid: the game is drawn"
            } else {
                "The claim is not valid: play goes on"
            },
            super::bracketed(&c.clause.to_string())
        ));
        if !c.valid {
            lines.push(match &c.penalty {
                Some(p) => format!(
                    "Penalty: {}{} seconds on {}'s clock ({}).",
                    if p.foul { "a foul is recorded and " } else { "" },
                    p.claimant_clock_seconds,
                    capitalised(c.by),
                    p.clause
                ),
                None => "The rule book states no penalty for a short claim.".to_string(),
            });
        }
        return lines;
    }
    lines.push(format!(
        "{}（{}）。",
        if c.valid {
            zh::pick(lang, "提和成立：判和", "提和成立：判和")
        } else {
            zh::pick(lang, "提和不成立：對局繼續", "提和不成立：对局继续")
        },
        zh::cite(lang, &c.clause)
    ));
    if !c.valid {
        lines.push(match &c.penalty {
            Some(p) => format!(
                "{}{}{}{}{}{}（{}）。",
                zh::pick(lang, "罰則：", "罚则："),
                if p.foul {
                    zh::pick(lang, "記犯規一次，並", "记犯规一次，并")
                } else {
                    ""
                },
                zh::side(lang, c.by),
                if p.claimant_clock_seconds < 0 {
                    zh::pick(lang, "剩餘時間扣", "剩余时间扣")
                } else {
                    zh::pick(lang, "剩餘時間加", "剩余时间加")
                },
                p.claimant_clock_seconds.unsigned_abs(),
                zh::pick(lang, "秒", "秒"),
                zh::cite(lang, &p.clause)
            ),
            None => zh::pick(lang, "棋規未訂提和不足的罰則。", "棋规未订提和不足的罚则。").to_string(),
        });
    }
    lines
}

/// The count of a natural-move-limit claim in `lang`, one line per step.
pub fn limit_steps_in(r: &LimitClaim, lang: Lang) -> Vec<String> {
    if lang == Lang::En {
        return limit_steps(r);
    }
    let c = &r.count;
    let mut s = vec![format!(
        "1. {}{}{}{}{}{}",
        zh::ply_mark(r.window_start_ply),
        zh::pick(lang, "至", "至"),
        zh::ply_mark(r.at_ply),
        zh::pick(lang, "之間無吃子：", "之间无吃子："),
        c.plies,
        zh::pick(lang, "個半回合", "个半回合"),
    )];
    match r.perpetual_cycles_counted {
        None => s.push(format!(
            "2. {}{}{}",
            zh::pick(lang, "長將、長捉：不扣除（", "长将、长捉：不扣除（"),
            zh::book_words(lang, r.clause.book),
            zh::pick(lang, "的限著無此規定）", "的限着无此规定）")
        )),
        Some(n) if r.perpetual_spans.is_empty() => s.push(format!(
            "2. {}{n}{}",
            zh::pick(lang, "超過", "超过"),
            zh::pick(
                lang,
                "個循環的長將、長捉：無，扣除0個半回合",
                "个循环的长将、长捉：无，扣除0个半回合"
            )
        )),
        Some(_) => {
            for p in &r.perpetual_spans {
                let offence = match p.offence {
                    crate::xiangqi::repetition::Offence::PerpetualCheck => zh::pick(lang, "長將", "长将"),
                    _ => zh::pick(lang, "長捉", "长捉"),
                };
                s.push(format!(
                    "2. {}{offence}{}{}{}{}{}{}{}{}",
                    zh::side(lang, p.side),
                    zh::pick(lang, "，自", "，自"),
                    zh::ply_mark(p.start_ply),
                    zh::pick(lang, "至", "至"),
                    zh::ply_mark(p.end_ply),
                    format_args!(
                        "（{}{}）",
                        zh::pick(lang, "每個循環", "每个循环"),
                        zh::plies(lang, p.loop_plies)
                    ),
                    zh::pick(lang, "：允許的循環以外扣除", "：允许的循环以外扣除"),
                    p.discounted,
                    zh::pick(lang, "個半回合", "个半回合"),
                ));
            }
        }
    }
    s.push(format!(
        "3. {}{}{}{}{}{}",
        zh::side(lang, r.by),
        zh::pick(
            lang,
            "的將軍（每步計一個半回合）：",
            "的将军（每步计一个半回合）："
        ),
        c.claimant_checks,
        zh::pick(lang, "，最多計10：扣除", "，最多计10：扣除"),
        c.claimant_checks_discounted,
        zh::pick(lang, "個半回合", "个半回合"),
    ));
    s.push(format!(
        "4. {}{} − {} − {} = {}{}{}：{}",
        zh::pick(lang, "計入：", "计入："),
        c.plies,
        c.perpetual_plies_discounted,
        c.claimant_checks_discounted,
        c.counted,
        zh::pick(lang, "，須", "，须"),
        c.needed,
        if r.valid {
            zh::pick(lang, "提和成立", "提和成立")
        } else {
            zh::pick(lang, "不足", "不足")
        }
    ));
    s
}

/// How a game had already ended, in `lang`.
pub fn ended_in(e: &GameEnded, lang: Lang) -> &'static str {
    match e.by {
        "checkmate" => zh::pick(lang, "將死", "将死"),
        "stalemate" => "逼和",
        "dead_position" => "死局",
        "fivefold_repetition" => zh::pick(lang, "五次重複", "五次重复"),
        "seventy_five_moves" => zh::pick(lang, "七十五步規則", "七十五回合规则"),
        "no_legal_moves" => zh::pick(lang, "困斃（無合法著法）", "困毙（无合法着法）"),
        "perpetual_check" => zh::pick(lang, "長將", "长将"),
        "perpetual_chase" => zh::pick(lang, "長捉", "长捉"),
        "repetition_draw" => zh::pick(lang, "循環重複（雙方均不變著）", "循环重复（双方均不变着）"),
        _ => zh::pick(lang, "棋規", "规则"),
    }
}

/// [`game_ended`] in `lang`.
pub fn game_ended_in(e: &GameEnded, lang: Lang) -> String {
    format!("{}\n", ended_sentence_in(e, lang))
}

/// [`game_ended_in`] without its newline: the ruling on a claim made after the game had
/// ended (the HTTP answer's `text.verdict`).
fn ended_sentence_in(e: &GameEnded, lang: Lang) -> String {
    if lang == Lang::En {
        return format!(
            "The game had already ended at ply {} by {} ({}): no claim can be made, and none is penalised.",
            e.ply,
            ended_words(e),
            e.clause
        );
    }
    format!(
        "{}{}{}{}（{}）{}",
        zh::pick(lang, "對局已在", "对局已在"),
        zh::ply_mark(e.ply),
        zh::pick(lang, "因", "因"),
        ended_in(e, lang),
        zh::cite(lang, &e.clause),
        zh::pick(
            lang,
            "結束：不能再申請和局，也不受罰。",
            "结束：不能再申请和棋，也不受罚。"
        ),
    )
}

/// [`chess()`] in `voice`'s language, in the FIDE Laws' Chinese terms.
pub fn chess_in(r: &ClaimVerdict, voice: impl Into<Voice>) -> String {
    let voice = voice.into();
    let lang = voice.lang;
    if lang == Lang::En {
        return chess_en(r, voice.words);
    }
    let mut t = format!("{}\n", chess_claimant_in(r, lang));
    if let Some(o) = r.occurrences {
        let stands = if r.intended_move.is_some() {
            zh::pick(lang, "走出後，該局面將第", "走出后，该局面将第")
        } else {
            zh::pick(lang, "該局面已第", "该局面已第")
        };
        t.push_str(&format!(
            "{stands}{o}{}\n",
            zh::pick(lang, "次出現。", "次出现。")
        ));
    }
    if let Some(p) = r.plies_without_progress {
        t.push_str(&format!(
            "{p}{}\n",
            zh::pick(
                lang,
                "個半回合沒有動兵、沒有吃子（須100個）。",
                "个半回合没有动兵、没有吃子（须100个）。"
            )
        ));
    }
    t.push_str(&format!("{}\n", chess_ruling_in(r, lang, voice.words)));
    t
}

/// [`chess_ruling_in`] for a chess claim judged (the game not ended before it) in `lang`, a
/// Chinese script.
fn chess_ruling_zh(r: &ClaimVerdict, lang: Lang) -> String {
    let clause = zh::cite(lang, &r.clause);
    if r.valid == Some(true) {
        return format!(
            "{}（{clause}）{}",
            zh::pick(lang, "申請正確", "申请成立"),
            zh::pick(lang, "：判和。", "：判和。")
        );
    }
    let mut t = format!("{}（{clause}）。", zh::pick(lang, "申請不正確", "申请不成立"));
    if let Some(p) = &r.penalty {
        let tc = match r.time_control {
            crate::chess::TimeControl::Standard => zh::pick(lang, "標準棋", "标准棋"),
            crate::chess::TimeControl::Rapid => "快棋",
            crate::chess::TimeControl::Blitz => "超快棋",
        };
        let source = match &r.time_control_source {
            TimeControlSource::Default => {
                zh::pick(lang, "未給出也未記錄時限", "未给出也未记录时限").to_string()
            }
            TimeControlSource::Given => zh::pick(lang, "依所給時限", "依所给时限").to_string(),
            TimeControlSource::Tag(tag) => format!("{}{tag}", zh::pick(lang, "依記錄的", "依记录的")),
        };
        t.push_str(&format!(
            "{}{}{}（{}；{tc}，{source}）。",
            zh::pick(lang, "對手加時", "对手加时"),
            p.opponent_extra_seconds,
            zh::pick(lang, "秒", "秒"),
            zh::cite(lang, &p.clause),
        ));
    }
    if r.must_play_intended_move {
        if let Some(m) = &r.intended_move {
            t.push_str(&format!(
                "{}{}{}。",
                zh::side(lang, r.by),
                zh::pick(lang, "現在必須走出", "现在必须走出"),
                intended_san(r, m)
            ));
        }
    }
    t
}

impl ClaimReport {
    /// The claim judged step by step, the decision and the penalty of an incorrect claim.
    pub fn text(&self) -> String {
        with_summaries(|| self.body_text())
    }

    fn body_text(&self) -> String {
        crate::render::claim::body_text(self)
    }

    /// The words in `lang` (the HTTP answer's `text`): the report, the ruling ([`ruling_in`]),
    /// the citation of `clause`, and the claimant's sentence ([`claimant_in`]).
    pub fn text_json(&self, lang: Lang) -> Value {
        let clause = match self {
            ClaimReport::Chess(v) => v.clause.clone(),
            ClaimReport::Xiangqi { claim, ended, .. } => {
                ended.as_ref().map_or(claim.clause.into(), |e| e.clause.clone())
            }
        };
        let by = match self {
            ClaimReport::Chess(v) => v.by,
            ClaimReport::Xiangqi { claim, .. } => claim.by.into(),
        };
        let mut sides = serde_json::Map::new();
        sides.insert(by.name().to_string(), json!(claimant_in(self, lang)));
        super::escaped(json!({
            "lang": lang,
            "report": self.text_in(lang),
            "verdict": ruling_in(self, lang),
            "clause": cite(lang, &clause),
            "moves": [],
            "sides": sides,
        }))
    }

    /// [`ClaimReport::text`] in `voice`'s language.
    pub fn text_in(&self, voice: impl Into<Voice>) -> String {
        let voice = voice.into();
        in_lang(
            voice,
            || crate::render::claim::body_text_in(self, voice.in_lang(Lang::En)),
            |lang| crate::render::claim::body_text_in(self, lang),
        )
    }
}

impl GameEnded {
    /// `"The game had already ended at ply 23 by checkmate (FIDE 5.1.1): no claim can be
    /// made, and none is penalised.\n"`.
    pub fn text(&self) -> String {
        crate::render::claim::game_ended(self)
    }
}

impl ClaimVerdict {
    /// A readable report of the verdict: who claims after which move (SAN, move numbers, ply in
    /// brackets), the count, the verdict with its clause, the penalty with its time control and
    /// where that came from.
    pub fn text(&self) -> String {
        crate::render::claim::chess(self)
    }
}

impl LimitClaim {
    /// The count in plain words, one line per step.
    pub fn steps(&self) -> Vec<String> {
        crate::render::claim::limit_steps(self)
    }
}

#[cfg(test)]
mod tests {
    use crate::{claim, ClaimGame, ClaimKind, ClaimQuery, Lang};

    /// A short natural-move-limit claim: its `text.verdict` is the ruling, then the penalty
    /// note, in each language (it was the penalty note alone, the text's last line).
    #[test]
    fn a_short_limit_claims_verdict_is_the_ruling() {
        let q = ClaimQuery {
            kind: ClaimKind::NaturalMoveLimit,
            game: ClaimGame::Position {
                fen: Some("4k4/9/5R3/9/9/4P4/9/9/9/4K4 w"),
                moves: "f7e7",
                game: None,
            },
            rules: None,
            at_ply: None,
            intended_move: None,
            time_control: None,
            limit: None,
        };
        let r = claim(&q).unwrap();
        let verdict = |lang| r.text_json(lang)["verdict"].as_str().unwrap().to_string();
        assert_eq!(
            verdict(Lang::En),
            "The claim is not valid: play goes on (AXF natural move limit, 60 moves). \
             The rule book states no penalty for a short claim."
        );
        assert_eq!(
            verdict(Lang::ZhHant),
            "提和不成立：對局繼續（亞洲棋規自然限著，60回合）。棋規未訂提和不足的罰則。"
        );
        assert!(verdict(Lang::ZhHans).starts_with("提和不成立：对局继续（亚洲棋规自然限着"));
    }
}
