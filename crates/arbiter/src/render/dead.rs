//! The text of a dead-position answer (FIDE 5.2.2, 6.9, 9.6.2).

use super::zh;
use super::zh::cite_in as cite;
use super::{in_lang, with_summaries, Voice};
use crate::citation::{ClauseId, Clauses};
use crate::report::DeadAnswer;
use crate::types::{Lang, RuleBook};
use serde_json::{json, Value};

/// FIDE 5.2.2: a dead position ends the game drawn.
const DEAD: Clauses = Clauses::fide(&[ClauseId::Article("5.2.2")]);
/// FIDE 6.9: a flag fall where the opponent cannot mate is drawn.
const FLAG: Clauses = Clauses::fide(&[ClauseId::Article("6.9")]);
/// FIDE 9.6.2: the 75-move rule.
const SEVENTY_FIVE: Clauses = Clauses::fide(&[ClauseId::Article("9.6.2")]);

/// The answer in one sentence, in `lang`: whether the position is dead (or, for a FEN that
/// could not be read, the error): the line under the FEN in [`body_text_in`], and the HTTP
/// answer's `text.verdict`.
pub fn verdict_in(r: &DeadAnswer, lang: Lang) -> String {
    let d = match &r.report {
        Err(e) if lang == Lang::En => return format!("error: {e}"),
        Err(e) => {
            return format!(
                "{}{}",
                zh::pick(lang, "錯誤：", "错误："),
                super::errors::error(e, lang)
            )
        }
        Ok(d) => d,
    };
    if lang == Lang::En {
        if d.dead {
            return format!(
                "Dead position: neither side can mate by any legal sequence ({DEAD}); the game is drawn."
            );
        }
        let can = |b: bool| {
            if b {
                "can still mate"
            } else {
                "cannot mate by any legal sequence"
            }
        };
        return format!(
            "Not dead: White {}, Black {} ({DEAD}; on a flag fall, {FLAG}).",
            can(d.white_can_mate),
            can(d.black_can_mate)
        );
    }
    let cite = |a: &'static str| zh::cite_clause(lang, RuleBook::Fide, ClauseId::Article(a));
    if d.dead {
        return format!(
            "{}{}{}",
            zh::pick(
                lang,
                "死局：雙方都不可能以任何合法走法序列將死對方（",
                "死局：双方都不可能以任何合法着法序列将死对方（"
            ),
            cite("5.2.2"),
            zh::pick(lang, "）；判和。", "）；判和。")
        );
    }
    let can = |b: bool| {
        if b {
            zh::pick(lang, "仍可將死", "仍可将死")
        } else {
            zh::pick(lang, "無任何合法走法序列可將死", "无任何合法着法序列可将死")
        }
    };
    format!(
        "{}{}，{}{}（{}；{}{}）。",
        zh::pick(lang, "不是死局：白方", "不是死局：白方"),
        can(d.white_can_mate),
        zh::pick(lang, "黑方", "黑方"),
        can(d.black_can_mate),
        cite("5.2.2"),
        zh::pick(lang, "超時時見", "超时时见"),
        cite("6.9"),
    )
}

/// [`DeadAnswer::text`] without the clause summaries (a FEN file's answers share one
/// block of summaries at the end: [`super::glossary::CitedClauses`]).
pub fn body_text(r: &DeadAnswer) -> String {
    body_text_in(r, Lang::En)
}

/// [`body_text`] in `lang`: the FEN (for an error at a line of a FEN file, the line's number
/// instead), then [`verdict_in`], then what follows.
pub fn body_text_in(r: &DeadAnswer, lang: Lang) -> String {
    let verdict = verdict_in(r, lang);
    let d = match (&r.report, r.line) {
        (Err(_), Some(n)) if lang == Lang::En => return format!("line {n}: {verdict}\n"),
        (Err(_), Some(n)) => return format!("第{n}{}{verdict}\n", zh::pick(lang, "行：", "行：")),
        (Err(_), None) => return format!("{}\n{verdict}\n", r.fen),
        (Ok(d), _) => d,
    };
    let mut text = format!("{}\n{verdict}\n", r.fen);
    if d.horizon_draw {
        text.push_str(&match lang {
            Lang::En => format!(
                "But the 75-move rule ({SEVENTY_FIVE}) ends the game before any mate can be reached.\n"
            ),
            _ => format!(
                "{}{}{}\n",
                zh::pick(lang, "但七十五步規則（", "但七十五回合规则（"),
                zh::cite_clause(lang, RuleBook::Fide, ClauseId::Article("9.6.2")),
                zh::pick(
                    lang,
                    "）會在任何將死之前結束對局。",
                    "）会在任何将死之前结束对局。"
                )
            ),
        });
    }
    if let Some(side) = d.undetermined {
        text.push_str(&match lang {
            Lang::En => format!("(The helpmate search gave up for {side}; counted as able to mate.)\n"),
            _ => {
                let who = match side {
                    "white" => "白方",
                    "black" => "黑方",
                    _ => zh::pick(lang, "雙方", "双方"),
                };
                format!(
                    "（{who}{}\n",
                    zh::pick(
                        lang,
                        "的協助將死搜尋中止；按可將死計。）",
                        "的协助将死搜索中止；按可将死计。）"
                    )
                )
            }
        });
    }
    text
}

impl DeadAnswer {
    /// The FEN, then whether each side can still mate and what follows, ending with the
    /// summaries of the clauses cited.
    pub fn text(&self) -> String {
        with_summaries(|| self.body_text())
    }

    /// [`DeadAnswer::text`] without the clause summaries (a FEN file's answers share one
    /// block of summaries at the end: [`super::glossary::CitedClauses`]).
    pub fn body_text(&self) -> String {
        crate::render::dead::body_text(self)
    }

    /// The words in `lang` (the HTTP answer's `text`).
    pub fn text_json(&self, lang: Lang) -> Value {
        super::escaped(json!({
            "lang": lang,
            "report": self.text_in(lang),
            "verdict": crate::render::dead::verdict_in(self, lang),
            "clause": self.report.as_ref().ok().map(|r| cite(lang, &r.clause)),
            "moves": [],
            "sides": {},
        }))
    }

    /// [`DeadAnswer::text`] in `voice`'s language.
    pub fn text_in(&self, voice: impl Into<Voice>) -> String {
        in_lang(
            voice,
            || self.body_text(),
            |lang| crate::render::dead::body_text_in(self, lang),
        )
    }

    /// [`DeadAnswer::body_text`] in `lang`.
    pub fn body_text_in(&self, lang: Lang) -> String {
        crate::render::dead::body_text_in(self, lang)
    }
}
