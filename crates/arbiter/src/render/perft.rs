//! The text of a perft answer.

use super::zh;
use crate::report::PerftReport;
use crate::types::Lang;

/// One `MOVE: N` line per first move (with divide), then `nodes at depth D: N` (both games).
pub fn text(r: &PerftReport) -> String {
    let mut text = String::new();
    for (m, n) in r.divide.iter().flatten() {
        text.push_str(&format!("{m}: {n}\n"));
    }
    text.push_str(&format!("nodes at depth {}: {}\n", r.depth, r.nodes));
    text
}

/// [`text`] in `lang`.
pub fn text_in(r: &PerftReport, lang: Lang) -> String {
    if lang == Lang::En {
        return text(r);
    }
    let mut text = String::new();
    for (m, n) in r.divide.iter().flatten() {
        text.push_str(&format!("{m}：{n}\n"));
    }
    text.push_str(&format!(
        "{}{}{}{}\n",
        zh::pick(lang, "深度", "深度"),
        r.depth,
        zh::pick(lang, "的葉節點數：", "的叶节点数："),
        r.nodes
    ));
    text
}

impl PerftReport {
    /// One `MOVE: N` line per first move (with divide), then `nodes at depth D: N` (both games).
    pub fn text(&self) -> String {
        crate::render::perft::text(self)
    }

    /// [`PerftReport::text`] in `lang`.
    pub fn text_in(&self, lang: Lang) -> String {
        crate::render::perft::text_in(self, lang)
    }
}
