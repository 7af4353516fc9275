//! The text report of one classified xiangqi move (`arbiter classify`).

use crate::render::cycle::{exempted_en, exempted_zh, move_effects_zh};
use crate::report::ClassifyReport;
use crate::types::Lang;
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
    let mut text = format!("{}{written}: {}\n", f.mv, f.kinds().join(", "));
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
