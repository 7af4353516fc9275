//! The words of a judged game of either game ([`GameReport`]): the text report and the HTTP
//! answer's `text` object; each game's own sentences are [`super::xiangqi_judge`]'s and
//! [`super::chess_judge`]'s.

use super::zh::cite_in as cite;
use super::{in_lang, with_summaries, Notation, Voice};
use crate::report::GameReport;
use crate::types::Lang;
use serde_json::{json, Value};

impl GameReport {
    /// The report for people (what `arbiter judge` prints without `--json`), ending in a
    /// newline.
    pub fn text(&self) -> String {
        match self {
            GameReport::Xiangqi(r) => with_summaries(|| r.text()),
            GameReport::Chess(r) => with_summaries(|| r.text()),
            GameReport::Error(e) => e.text(),
        }
    }

    /// The words of the report in `lang` as one object (the HTTP answer's `text`):
    /// `{"lang","report","verdict","clause","moves","sides"}` — the whole text report, the
    /// verdict sentence, the localized citation of `clause` (null when none), one string per
    /// ply of a xiangqi game in `notation` (chess games: SAN with `+`/`#`, when the report
    /// carries it, [`crate::report::ChessGameReport::san`]),
    /// and per side the sentence on its play in a judged repetition.
    pub fn text_json(&self, lang: Lang, notation: Notation) -> Value {
        let report = self.text_in(lang, notation);
        let (verdict, clause, moves, sides) = match self {
            GameReport::Xiangqi(r) => {
                let r = r.with_notation(lang, notation);
                let sides = r.verdict.repetition.as_ref().map(|rep| {
                    json!({
                        "red": crate::render::cycle::side_sentence_in(&rep.judgement.red, lang),
                        "black": crate::render::cycle::side_sentence_in(&rep.judgement.black, lang),
                    })
                });
                (
                    crate::render::xiangqi_judge::verdict_sentence(&r, lang),
                    r.verdict.clause.as_ref().map(|c| cite(lang, c)),
                    r.moves_written(),
                    sides,
                )
            }
            GameReport::Chess(r) => (
                crate::render::chess_judge::verdict_sentence(&r.report, lang),
                r.report.clause.map(|c| cite(lang, &c)),
                r.san.clone(),
                None,
            ),
            GameReport::Error(_) => (report.trim_end().to_string(), None, Vec::new(), None),
        };
        super::escaped(json!({
            "lang": lang,
            "report": report,
            "verdict": verdict,
            "clause": clause,
            "moves": moves,
            "sides": sides.unwrap_or_else(|| json!({})),
        }))
    }

    /// [`GameReport::text`] in `voice`'s language, naming what was given in its words, xiangqi
    /// moves written as `notation` says (what `arbiter judge --lang LANG --notation N` prints).
    pub fn text_in(&self, voice: impl Into<Voice>, notation: Notation) -> String {
        let voice = voice.into();
        let english = voice.in_lang(Lang::En);
        match self {
            GameReport::Xiangqi(r) => {
                let r = r.with_notation(voice.lang, notation);
                in_lang(
                    voice,
                    || crate::render::xiangqi_judge::text_in(&r, english),
                    |lang| crate::render::xiangqi_judge::text_in(&r, voice.in_lang(lang)),
                )
            }
            GameReport::Chess(r) => in_lang(
                voice,
                || crate::render::chess_judge::game_text_in(r, english),
                |lang| crate::render::chess_judge::game_text_in(r, voice.in_lang(lang)),
            ),
            GameReport::Error(e) => crate::render::errors::game_error_in(e, voice),
        }
    }
}
