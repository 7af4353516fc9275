//! The glossary in words: the rule books' names, the block of summaries that ends a text
//! report (the clauses it cited), and `docs/clauses.md`.

use super::zh;
use crate::citation::ClauseId;
use crate::glossary::{clauses, Clause, RuleBook};
use crate::types::Lang;

/// The rule book's name in words.
pub fn book_title(book: RuleBook) -> &'static str {
    match book {
        RuleBook::Axf => {
            "Asian Xiangqi Federation rules, chapter on repetition (亞洲象棋聯合會 比賽規例 棋例)"
        }
        RuleBook::Tw113 => "Taiwan 2024 revised xiangqi rules (中華民國象棋規則113年修訂版)",
        RuleBook::Fide => "FIDE Laws of Chess, in force from 1 January 2023",
    }
}

/// The rule book's name in `lang`.
pub fn book_title_in(book: RuleBook, lang: Lang) -> &'static str {
    match (book, lang) {
        (_, Lang::En) => book_title(book),
        (RuleBook::Axf, _) => zh::pick(
            lang,
            "亞洲象棋聯合會《比賽規例》棋例（亞洲棋規）",
            "亚洲象棋联合会《比赛规例》棋例（亚洲棋规）",
        ),
        (RuleBook::Tw113, _) => zh::pick(
            lang,
            "中華民國象棋規則113年修訂版（台灣棋規）",
            "台湾象棋规则113年修订版（台湾棋规）",
        ),
        (RuleBook::Fide, _) => zh::pick(
            lang,
            "國際棋聯西洋棋棋規（2023年1月1日生效）",
            "国际棋联国际象棋规则（2023年1月1日生效）",
        ),
    }
}

impl Clause {
    /// The citation in `lang`: `AXF detailed rule 13`, 亞洲棋規細則第13條, 亚洲棋规细则第13条.
    pub fn citation_in(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.citation(),
            _ => zh::cite_clause(lang, self.book, self.id),
        }
    }

    /// The title in `lang`.
    pub fn title_in(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.title,
            Lang::ZhHant => self.title_zh,
            Lang::ZhHans => self.title_zh_hans,
        }
    }

    /// The summary in `lang`.
    pub fn summary_in(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.en,
            Lang::ZhHant => self.zh,
            Lang::ZhHans => self.zh_hans,
        }
    }

    /// `{"lang","citation","title","summary"}`: the clause in `lang` (the HTTP answer's `text`).
    pub fn text_json(&self, lang: Lang) -> serde_json::Value {
        serde_json::json!({
            "lang": lang,
            "citation": self.citation_in(lang),
            "title": self.title_in(lang),
            "summary": self.summary_in(lang),
        })
    }

    /// The clause as `arbiter rules` prints it in `lang`: citation and title, then the
    /// summaries (English and traditional Chinese for `en`; the language's own for Chinese).
    pub fn text_in(&self, lang: Lang) -> String {
        match lang {
            Lang::En => format!(
                "{} — {}\n  {}\n  {}\n",
                self.citation(),
                self.title,
                self.en,
                self.zh
            ),
            _ => format!(
                "{}（{}）\n  {}\n",
                self.citation_in(lang),
                self.title_in(lang),
                self.summary_in(lang)
            ),
        }
    }
}

/// The clauses a report wrote (as the citations write them), gathered over one or more
/// reports; [`CitedClauses::summaries_in`] is the block of summaries that ends them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CitedClauses(Vec<crate::citation::Written>);

impl CitedClauses {
    /// Writes a report with `write`, keeping the clauses its citations wrote.
    pub fn write<T>(&mut self, write: impl FnOnce() -> T) -> T {
        let (value, written) = crate::citation::written_by(write);
        self.0.extend(written);
        value
    }

    /// The glossary entries written, in order of first writing, each once (a FIDE sub-article
    /// the glossary lacks as its nearest parent; a clause the glossary lacks is left out).
    pub fn entries(&self) -> Vec<&'static Clause> {
        self.entries_read().into_iter().map(|(c, _)| c).collect()
    }

    /// [`CitedClauses::entries`], each with the book it was read into when it was written as
    /// another book's clause borrowed as a reading (an AXF clause in a TW113 report); a clause
    /// written both ways is listed once each way.
    pub fn entries_read(&self) -> Vec<(&'static Clause, Option<RuleBook>)> {
        let mut seen: Vec<(&'static Clause, Option<RuleBook>)> = Vec::new();
        for w in &self.0 {
            if let Some(c) = entry(w.book, w.id) {
                if !seen
                    .iter()
                    .any(|(x, into)| std::ptr::eq(*x, c) && *into == w.read_into)
                {
                    seen.push((c, w.read_into));
                }
            }
        }
        seen
    }

    /// The block of summaries that ends a report in `voice`'s language, the heading naming the
    /// voice's glossary ([`super::InputWords::glossary`]); empty when no clause was written.
    pub fn summaries_in(&self, voice: impl Into<super::Voice>) -> String {
        let voice = voice.into();
        let lang = voice.lang;
        let seen = self.entries_read();
        if seen.is_empty() {
            return String::new();
        }
        if lang == Lang::En {
            let mut s = format!(
                "Clauses cited (summaries in our words; {}):\n",
                voice.words.glossary[0]
            );
            for (c, into) in seen {
                let read = into
                    .map(|b| format!("; a reading under {}", b.prefix()))
                    .unwrap_or_default();
                s.push_str(&format!("  {} ({}{read}): {}\n", c.citation(), c.title, c.en));
            }
            return s;
        }
        let mut s = format!(
            "{}{}）：\n",
            zh::pick(
                lang,
                "引用條文（本專案自撰摘要，以棋規原文為準；",
                "引用条文（本项目自撰摘要，以棋规原文为准；",
            ),
            super::InputWords::pick(voice.words.glossary, lang)
        );
        for (c, into) in seen {
            let citation = c.citation_in(lang);
            let title = c.title_in(lang);
            // In the brackets: the title, unless the citation says it (台灣棋規第四章裁判程序);
            // 借用於台灣棋規的解讀 for another book's clause a report borrowed as a reading.
            let mut inside: Vec<String> = Vec::new();
            if !citation.ends_with(title) {
                inside.push(title.to_string());
            }
            if let Some(b) = into {
                inside.push(format!(
                    "{}{}{}",
                    zh::pick(lang, "借用於", "借用于"),
                    zh::book_words(lang, b),
                    zh::pick(lang, "的解讀", "的解读")
                ));
            }
            let brackets = if inside.is_empty() {
                String::new()
            } else {
                format!("（{}）", inside.join("；"))
            };
            s.push_str(&format!("  {citation}{brackets}：{}\n", c.summary_in(lang)));
        }
        s
    }
}

/// The glossary entry of clause `id` of `book`: for a FIDE sub-article the glossary lacks
/// (`9.2.1.3`), its nearest parent.
fn entry(book: RuleBook, id: ClauseId) -> Option<&'static Clause> {
    crate::glossary::resolve(book, id.to_string()).clause
}

/// The whole glossary as Markdown (the text of `docs/clauses.md`).
pub fn markdown() -> String {
    let mut s = String::from(
        "# Clauses cited by the referee\n\n\
Every clause `arbiter` cites, with a one-paragraph summary written for this project in English and\n\
Chinese (traditional, then simplified). These are our words, not the rule books' text; where they differ, the rule book decides.\n\
`arbiter rules [axf|tw113|fide] [CLAUSE]` prints the same entries, and every text report ends with\n\
the summaries of the clauses it cited. This file is generated from\n\
`crates/arbiter/src/glossary.rs` (a test checks that it is up to date).\n",
    );
    for book in [RuleBook::Axf, RuleBook::Tw113, RuleBook::Fide] {
        s.push_str(&format!("\n## {}\n", book_title(book)));
        for c in clauses(Some(book)) {
            s.push_str(&format!(
                "\n**{}** — {}\n\n{}\n\n{}（{}）：{}\n\n{}（{}）：{}\n",
                c.citation(),
                c.title,
                c.en,
                c.citation_in(Lang::ZhHant),
                c.title_zh,
                c.zh,
                c.citation_in(Lang::ZhHans),
                c.title_zh_hans,
                c.zh_hans
            ));
        }
    }
    s
}
