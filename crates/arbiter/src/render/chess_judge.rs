//! The text report of a judged chess game (FIDE Laws 2023): one verdict sentence (what ended
//! the game, after which move, which clause; or who may claim now), the claims that arose, the
//! flag, the recorded result. Moves in SAN, numbered as players count them, plies in brackets.

use super::side_title;
use super::{capitalise_first, heading_in, plies_line, read_notes_in, zh, Voice};
use crate::chess::{JudgeReport, MovesInWords, Reason};
use crate::citation::Clauses;
use crate::report::ChessGameReport;
use crate::types::Lang;
use crate::types::{ClaimKind, Status};

/// The heading (`FILE, game N: White vs Black (Event)`) and the report's text, laid out as
/// a xiangqi game's ([`super::xiangqi_judge::text`]).
pub fn game_text(r: &ChessGameReport) -> String {
    game_text_in(r, Lang::En)
}

fn reason_words(reason: Reason) -> &'static str {
    match reason {
        Reason::Checkmate => "checkmate",
        Reason::Stalemate => "stalemate",
        Reason::DeadPosition => "dead position (no legal sequence can end in mate)",
        Reason::FivefoldRepetition => "fivefold repetition",
        Reason::SeventyFiveMoves => "75 moves by each side without pawn move or capture",
        Reason::FlagDeadPosition => "flag fall, but the opponent could not mate by any legal sequence",
        Reason::ThreefoldRepetition => "threefold repetition, ended by the match manager",
        Reason::FiftyMoves => {
            "50 moves by each side without pawn move or capture, ended by the match manager"
        }
    }
}

/// `"21...Qa5 [ply 42]"`; `"the start [ply 0]"` at ply 0; `"[ply k]"` when the move is unknown.
pub fn after(w: &MovesInWords, ply: usize) -> String {
    match w.san.get(&ply) {
        Some(san) => w.numbering.with_ply(ply, san),
        None if ply == 0 => "the start [ply 0]".into(),
        None => format!("[ply {ply}]"),
    }
}

/// `"22.Kf1"`: the intended move of a claim at `ply`, numbered as the move it would be.
pub fn intended(w: &MovesInWords, ply: usize, uci: &str) -> String {
    let san = w.intended.get(&ply).map_or(uci, String::as_str);
    w.numbering.label(ply + 1, san)
}

fn claim_words(kind: ClaimKind) -> &'static str {
    if kind == ClaimKind::Threefold {
        "threefold repetition"
    } else {
        "the fifty-move rule"
    }
}

/// [`verdict_sentence`] in English.
fn verdict_en(r: &JudgeReport) -> String {
    let w = &r.words;
    match (r.status, r.reason) {
        (Status::Decided, Some(reason)) => format!(
            "Decided after {}: {} ({}).",
            after(w, r.at_ply.unwrap_or(0)),
            reason_words(reason),
            r.result,
        ),
        (Status::Claimable, _) => {
            let who = r
                .end_claims
                .first()
                .map_or("the side to move", |c| side_title(c.by));
            let how: Vec<String> = r
                .end_claims
                .iter()
                .map(|c| match &c.intended_move {
                    Some(m) => format!(
                        "by {} when writing {} ({})",
                        claim_words(c.kind),
                        intended(w, c.at_ply, m),
                        c.clause
                    ),
                    None => format!("by {} ({})", claim_words(c.kind), c.clause),
                })
                .collect();
            let at = r.end_claims.first().map_or(r.plies, |c| c.at_ply);
            format!(
                "Not decided: after {}, {who}, to move, may claim a draw now {}.",
                after(w, at),
                how.join(", or ")
            )
        }
        _ => "Nothing decided by the rules: the game is ongoing at the end of the record.".to_string(),
    }
}

/// A readable report, each line indented under the game's heading: the plies and rule set,
/// one verdict sentence (what ended the game, after which move; or who may claim now), the
/// clause, the claims that arose, the flag, the recorded result. Moves in SAN, numbered as
/// players count them, plies in brackets.
pub fn text(r: &JudgeReport) -> String {
    let w = &r.words;
    let mut t = plies_line(Lang::En, r.plies, "FIDE", "");
    t.push_str(&format!("  {}\n", verdict_en(r)));
    if let (Status::Decided, Some(reason)) = (r.status, r.reason) {
        t.push_str(&format!("  Clause: {}\n", reason.clause()));
        if r.moves_after_end > 0 {
            t.push_str(&format!(
                "  The record goes on for {} more after the game had ended.\n",
                super::plies(r.moves_after_end)
            ));
        }
    }
    for c in &r.claims {
        let when = capitalise_first(&format!("after {}", after(w, c.at_ply)));
        match &c.intended_move {
            Some(m) => t.push_str(&format!(
                "  {when}, {} could claim a draw by {} by writing {} ({}).\n",
                side_title(c.by),
                claim_words(c.kind),
                intended(w, c.at_ply, m),
                c.clause
            )),
            None => t.push_str(&format!(
                "  {when}, {} could claim a draw by {} ({}).\n",
                side_title(c.by),
                claim_words(c.kind),
                c.clause
            )),
        }
    }
    if let Some(f) = &r.flag {
        t.push_str(&format!(
            "  {}'s flag fell; the opponent {} ({}).\n",
            side_title(f.flagged),
            if f.opponent_can_mate {
                "could still mate, so the loss stands"
            } else {
                "could not mate by any legal sequence, so it is a draw"
            },
            f.clause
        ));
    }
    if let Some(rec) = r.recorded_result.as_deref() {
        if r.result_agrees == Some(false) {
            let say = match r.status {
                Status::Decided => r.result.to_string(),
                Status::Claimable => "a draw may be claimed".to_string(),
                _ => "the game goes on (nothing ends it)".to_string(),
            };
            t.push_str(&format!("  The record says {rec}; the rules say {say}.\n"));
        } else if rec.trim() != "*" {
            t.push_str(&format!("  Recorded result: {rec}.\n"));
        }
    }
    t
}

/// [`game_text`] in `voice`'s language.
pub fn game_text_in(r: &ChessGameReport, voice: impl Into<Voice>) -> String {
    let voice = voice.into();
    let lang = voice.lang;
    let mut s = format!(
        "{}\n{}",
        heading_in(voice, &r.file, r.index, r.from_position, &r.players),
        text_in(&r.report, lang)
    );
    read_notes_in(lang, &mut s, r.truncated, &r.warnings);
    s
}

/// What ended a chess game, in `lang`.
pub fn reason_in(reason: Reason, lang: Lang) -> &'static str {
    match reason {
        Reason::Checkmate => zh::pick(lang, "將死", "将死"),
        Reason::Stalemate => "逼和",
        Reason::DeadPosition => zh::pick(
            lang,
            "死局（任何合法走法序列都不能將死）",
            "死局（任何合法着法序列都不能将死）",
        ),
        Reason::FivefoldRepetition => zh::pick(lang, "五次重複", "五次重复"),
        Reason::SeventyFiveMoves => zh::pick(
            lang,
            "七十五步規則（雙方各75步無動兵、無吃子）",
            "七十五回合规则（双方各75回合无动兵、无吃子）",
        ),
        Reason::FlagDeadPosition => zh::pick(
            lang,
            "超時，但對方已無任何合法走法序列可將死",
            "超时，但对方已无任何合法着法序列可将死",
        ),
        Reason::ThreefoldRepetition => zh::pick(
            lang,
            "三次重複，由對局管理程式結束",
            "三次重复，由对局管理程序结束",
        ),
        Reason::FiftyMoves => zh::pick(
            lang,
            "雙方各50步無動兵、無吃子，由對局管理程式結束",
            "双方各50回合无动兵、无吃子，由对局管理程序结束",
        ),
    }
}

/// A draw claim's kind in `lang`: 三次重複, 五十步規則 (三次重复, 五十回合规则).
pub fn claim_kind_in(kind: ClaimKind, lang: Lang) -> &'static str {
    match kind {
        ClaimKind::Threefold => zh::pick(lang, "三次重複", "三次重复"),
        ClaimKind::FiftyMoves => zh::pick(lang, "五十步規則", "五十回合规则"),
        ClaimKind::NaturalMoveLimit => zh::pick(lang, "自然限著", "自然限着"),
    }
}

/// `"21...Qa5+［42］"`, `"開局局面［0］"`.
fn move_zh(w: &MovesInWords, ply: usize, lang: Lang) -> String {
    match w.san.get(&ply) {
        Some(san) => zh::numbered(&w.numbering, ply, san),
        None if ply == 0 => format!("{}{}", zh::pick(lang, "開局局面", "开局局面"), zh::ply_mark(0)),
        None => zh::ply_mark(ply),
    }
}

fn when_zh(w: &MovesInWords, ply: usize, lang: Lang) -> String {
    if ply == 0 {
        format!(
            "{}{}",
            zh::pick(lang, "在開局局面", "在开局局面"),
            zh::ply_mark(0)
        )
    } else {
        format!("{}{}", move_zh(w, ply, lang), zh::pick(lang, "後", "后"))
    }
}

/// The verdict sentence in `lang` (what ended the game, after which move; or who may claim
/// now): the line under the plies line of [`text_in`], which writes it with this, and the
/// HTTP answer's `text.verdict`.
pub fn verdict_sentence(r: &JudgeReport, lang: Lang) -> String {
    if lang == Lang::En {
        return verdict_en(r);
    }
    let w = &r.words;
    let cite = |c: Clauses| zh::cite(lang, &c);
    match (r.status, r.reason) {
        (Status::Decided, Some(reason)) => format!(
            "{}{}{}，{}。",
            when_zh(w, r.at_ply.unwrap_or(0), lang),
            zh::pick(lang, "已判定：", "已判定："),
            reason_in(reason, lang),
            zh::result(lang, r.result, true),
        ),
        (Status::Claimable, _) => {
            let who = r
                .end_claims
                .first()
                .map_or(zh::pick(lang, "輪走方", "轮走方"), |c| zh::side(lang, c.by));
            let how: Vec<String> = r
                .end_claims
                .iter()
                .map(|c| match &c.intended_move {
                    Some(m) => format!(
                        "{}{}{}{}（{}）",
                        zh::pick(lang, "寫下預定走法", "写下预定着法"),
                        intended(w, c.at_ply, m),
                        zh::pick(lang, "並依", "并依"),
                        claim_kind_in(c.kind, lang),
                        cite(c.clause)
                    ),
                    None => format!(
                        "{}{}（{}）",
                        zh::pick(lang, "依", "依"),
                        claim_kind_in(c.kind, lang),
                        cite(c.clause)
                    ),
                })
                .collect();
            let at = r.end_claims.first().map_or(r.plies, |c| c.at_ply);
            format!(
                "{}{}，{}{who}{}{}{}。",
                zh::pick(lang, "未判定：", "未判定："),
                when_zh(w, at, lang),
                zh::pick(lang, "輪到", "轮到"),
                zh::pick(lang, "走棋，現在可", "走棋，现在可"),
                how.join(zh::pick(lang, "，或", "，或")),
                zh::pick(lang, "申請和局", "申请和棋"),
            )
        }
        _ => zh::pick(
            lang,
            "棋規未判定：記錄結束時對局仍在進行。",
            "规则未判定：记录结束时对局仍在进行。",
        )
        .to_string(),
    }
}

/// [`text`] in `lang`: the same sentences in the FIDE Laws' Chinese terms (將軍、將死、逼和、
/// 三次重複、五十步規則、死局; simplified 将军、将死、逼和、三次重复、五十回合规则、死局).
pub fn text_in(r: &JudgeReport, lang: Lang) -> String {
    if lang == Lang::En {
        return text(r);
    }
    let w = &r.words;
    let mut t = plies_line(
        lang,
        r.plies,
        zh::pick(lang, "國際棋聯棋規", "国际棋联规则"),
        zh::pick(lang, "西洋棋，", "国际象棋，"),
    );
    let cite = |c: Clauses| zh::cite(lang, &c);
    t.push_str(&format!("  {}\n", verdict_sentence(r, lang)));
    if let (Status::Decided, Some(reason)) = (r.status, r.reason) {
        t.push_str(&format!(
            "  {}{}\n",
            zh::pick(lang, "條文：", "条文："),
            cite(reason.clause()),
        ));
        if r.moves_after_end > 0 {
            t.push_str(&format!(
                "  {}{}。\n",
                zh::pick(lang, "對局結束後，記錄還多出", "对局结束后，记录还多出"),
                zh::plies(lang, r.moves_after_end)
            ));
        }
    }
    for c in &r.claims {
        match &c.intended_move {
            Some(m) => t.push_str(&format!(
                "  {}，{}{}{}{}{}{}（{}）。\n",
                when_zh(w, c.at_ply, lang),
                zh::side(lang, c.by),
                zh::pick(lang, "可寫下預定走法", "可写下预定着法"),
                intended(w, c.at_ply, m),
                zh::pick(lang, "，依", "，依"),
                claim_kind_in(c.kind, lang),
                zh::pick(lang, "申請和局", "申请和棋"),
                cite(c.clause)
            )),
            None => t.push_str(&format!(
                "  {}，{}{}{}{}（{}）。\n",
                when_zh(w, c.at_ply, lang),
                zh::side(lang, c.by),
                zh::pick(lang, "可依", "可依"),
                claim_kind_in(c.kind, lang),
                zh::pick(lang, "申請和局", "申请和棋"),
                cite(c.clause)
            )),
        }
    }
    if let Some(f) = &r.flag {
        t.push_str(&format!(
            "  {}{}（{}）。\n",
            zh::side(lang, f.flagged),
            if f.opponent_can_mate {
                zh::pick(
                    lang,
                    "超時；對方仍可將死，負局成立",
                    "超时；对方仍可将死，负局成立",
                )
            } else {
                zh::pick(
                    lang,
                    "超時；對方已無任何合法走法序列可將死，判和",
                    "超时；对方已无任何合法着法序列可将死，判和",
                )
            },
            cite(f.clause)
        ));
    }
    if let Some(rec) = r.recorded_result.as_deref() {
        if r.result_agrees == Some(false) {
            let say = match r.status {
                Status::Decided => r.result.to_string(),
                Status::Claimable => zh::pick(lang, "可以申請和局", "可以申请和棋").to_string(),
                _ => zh::pick(lang, "對局繼續（沒有終局條件）", "对局继续（没有终局条件）").to_string(),
            };
            t.push_str(&format!(
                "  {}{rec}{}{say}。\n",
                zh::pick(lang, "記錄的結果是", "记录的结果是"),
                zh::pick(lang, "；依棋規應為", "；依规则应为"),
            ));
        } else if rec.trim() != "*" {
            t.push_str(&format!(
                "  {}{rec}。\n",
                zh::pick(lang, "記錄的結果：", "记录的结果：")
            ));
        }
    }
    t
}

impl ChessGameReport {
    /// `FILE #INDEX: ` and the report's text.
    pub fn text(&self) -> String {
        crate::render::chess_judge::game_text(self)
    }
}

impl JudgeReport {
    /// A readable report: one verdict sentence (what ended the game, after which move, which
    /// clause; or who may claim now), the claims that arose, the flag, the recorded result.
    /// Moves in SAN, numbered as players count them, plies in brackets.
    pub fn text(&self) -> String {
        crate::render::chess_judge::text(self)
    }

    /// Every clause the report cites (for the glossary summaries that end a text report).
    pub fn citations(&self) -> Vec<Clauses> {
        let mut v: Vec<Clauses> = self.clause.into_iter().collect();
        v.extend(self.claims.iter().chain(&self.end_claims).map(|c| c.clause));
        v.extend(self.flag.as_ref().map(|f| f.clause));
        v
    }
}
