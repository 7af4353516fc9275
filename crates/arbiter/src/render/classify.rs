//! The text report of one classified xiangqi move (`arbiter classify`).

use super::{in_lang, with_summaries, Notation, Voice};
use crate::render::cycle::{exempted_en, exempted_zh, move_effects_zh};
use crate::report::ClassifyReport;
use crate::types::Lang;
use serde_json::{json, Value};
use xiangqi::notation::Style;

/// The move and what it does, in `lang`: `MOVE (Chinese): kinds` (`h2e2（炮二平五）：將軍；以…捉…`),
/// the first line of [`body_text_in`] and the HTTP answer's `text.verdict`.
pub fn verdict_in(r: &ClassifyReport, lang: Lang) -> String {
    let f = &r.facts;
    let written = |open: &str, close: &str| match r.style {
        Style::Iccs => String::new(),
        style => format!(
            "{open}{}{close}",
            xiangqi::notation::write_move_with(&r.position, f.mv, style, &r.options)
        ),
    };
    if lang.is_chinese() {
        return format!("{}{}：{}", f.mv, written("（", "）"), move_effects_zh(f, lang));
    }
    // The kinds as JSON names them, but for a mate threat, in words as `judge` has them.
    let kinds: Vec<&str> = f
        .kinds()
        .into_iter()
        .map(|k| if k == "mate_threat" { "threatens mate" } else { k })
        .collect();
    format!("{}{}: {}", f.mv, written(" (", ")"), kinds.join(", "))
}

/// `MOVE (Chinese): kinds`, then one line per chase (and per exempted threat with
/// `explain`).
pub fn body_text(r: &ClassifyReport) -> String {
    let f = &r.facts;
    let mut text = format!("{}\n", verdict_in(r, Lang::En));
    for c in &f.chases {
        text.push_str(&format!(
            "  chases the {} on {} (chaser on {})\n",
            c.piece, c.target, c.chaser
        ));
    }
    if r.explain {
        for e in &f.exempted {
            text.push_str(&format!("  {}\n", exempted_en(e)));
        }
    }
    text
}

/// [`body_text`] in `lang`: `h2e2（炮二平五）：將軍；以…捉…`.
pub fn body_text_in(r: &ClassifyReport, lang: Lang) -> String {
    if lang == Lang::En {
        return body_text(r);
    }
    let f = &r.facts;
    let mut text = format!("{}\n", verdict_in(r, lang));
    if r.explain {
        for e in &f.exempted {
            text.push_str(&format!("  {}\n", exempted_zh(lang, e, f.mover)));
        }
    }
    text
}

impl ClassifyReport {
    /// `MOVE (Chinese): kinds`, then one line per chase (and per exempted threat with
    /// `explain`), ending with the summaries of the clauses cited.
    pub fn text(&self) -> String {
        with_summaries(|| self.body_text())
    }

    /// The words in `lang` (the HTTP answer's `text`): the report, its first line (the move
    /// and what it does) as the verdict, the move in `notation`.
    pub fn text_json(&self, lang: Lang, notation: Notation) -> Value {
        let r = self.in_notation(lang, notation);
        super::escaped(json!({
            "lang": lang,
            "report": self.text_in(lang, notation),
            "verdict": crate::render::classify::verdict_in(&r, lang),
            "clause": null,
            "moves": [xiangqi::notation::write_move_with(&r.position, r.facts.mv, r.style, &r.options)],
            "sides": {},
        }))
    }

    /// A copy that writes its move as `notation` says for a report in `lang`.
    fn in_notation(&self, lang: Lang, notation: Notation) -> ClassifyReport {
        let mut r = self.clone();
        (r.style, r.options) = notation.style_for(lang, self.style, self.options);
        r
    }

    /// [`ClassifyReport::text`] in `voice`'s language, the move written as `notation` says.
    pub fn text_in(&self, voice: impl Into<Voice>, notation: Notation) -> String {
        let voice = voice.into();
        let r = self.in_notation(voice.lang, notation);
        in_lang(
            voice,
            || crate::render::classify::body_text(&r),
            |lang| crate::render::classify::body_text_in(&r, lang),
        )
    }

    fn body_text(&self) -> String {
        crate::render::classify::body_text(self)
    }
}
