//! The text report of one classified xiangqi move (`arbiter classify`).

use super::{in_lang, with_summaries, Notation, Voice};
use crate::render::cycle::{exempted_en, exempted_zh, move_effects_zh};
use crate::report::ClassifyReport;
use crate::types::Lang;
use serde_json::{json, Value};
use xiangqi::notation::Style;

/// `MOVE (Chinese): kinds`, then one line per chase (and per exempted threat with
/// `explain`).
pub fn body_text(r: &ClassifyReport) -> String {
    let f = &r.facts;
    let written = match r.style {
        Style::Iccs => String::new(),
        style => format!(
            " ({})",
            xiangqi::notation::write_move_with(&r.position, f.mv, style, &r.options)
        ),
    };
    // The kinds as JSON names them, but for a mate threat, in words as `judge` has them.
    let kinds: Vec<&str> = f
        .kinds()
        .into_iter()
        .map(|k| if k == "mate_threat" { "threatens mate" } else { k })
        .collect();
    let mut text = format!("{}{written}: {}\n", f.mv, kinds.join(", "));
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
    let written = match r.style {
        Style::Iccs => String::new(),
        style => format!(
            "（{}）",
            xiangqi::notation::write_move_with(&r.position, f.mv, style, &r.options)
        ),
    };
    let mut text = format!("{}{written}：{}\n", f.mv, move_effects_zh(f, lang));
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

    /// The words in `lang` (the HTTP answer's `text`): the report, its first line as the
    /// verdict, the move in `notation`.
    pub fn text_json(&self, lang: Lang, notation: Notation) -> Value {
        let (style, options) = notation.style_for(lang, self.style, self.options);
        let report = self.text_in(lang, notation);
        json!({
            "lang": lang,
            "report": report,
            "verdict": report.lines().next().unwrap_or(""),
            "clause": null,
            "moves": [xiangqi::notation::write_move_with(&self.position, self.facts.mv, style, &options)],
            "sides": {},
        })
    }

    /// [`ClassifyReport::text`] in `voice`'s language, the move written as `notation` says.
    pub fn text_in(&self, voice: impl Into<Voice>, notation: Notation) -> String {
        let voice = voice.into();
        let mut r = self.clone();
        (r.style, r.options) = notation.style_for(voice.lang, self.style, self.options);
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
