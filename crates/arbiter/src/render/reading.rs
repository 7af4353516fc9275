//! The readings beyond the rule books' text that a verdict rests on
//! ([`crate::xiangqi::facts::Reading`]), with their sources: in words in each language, and as
//! JSON (`{"reading","source"}`, English).

use crate::types::Lang;
use crate::xiangqi::facts::Reading;
use crate::xiangqi::repetition::CycleJudgement;

/// A reading and its source, in `lang` (English is also the JSON form).
pub fn reading_words(r: Reading, lang: Lang) -> (&'static str, &'static str) {
    let (en, hant, hans) = match r {
        Reading::JoinedEveryMove => (
            (
                "a general or soldier that joins another piece in chasing one piece on every move of the loop excuses nothing: that piece's perpetual chase stands",
                "AXF detailed rule 25, applied to TW113, whose general rules allow a general or soldier joined by one chariot, horse or cannon without saying on how many moves",
            ),
            (
                "將帥或兵卒每步都聯合其他子長捉一子，不能開脫：該子的長捉成立",
                "亞洲棋規細則第25條，用於台灣棋規：台灣棋規總綱允許將帥或兵卒聯合一車、一馬或一炮，未言明步數",
            ),
            (
                "将帅或兵卒每步都联合其他子长捉一子，不能开脱：该子的长捉成立",
                "亚洲棋规细则第25条，用于台湾棋规：台湾棋规总纲允许将帅或兵卒联合一车、一马或一炮，未言明步数",
            ),
        ),
        Reading::MutualChaseNotEven => (
            (
                "a mutual perpetual chase is not a draw when one side chases a chariot with a cannon, a horse and cannon, or against a horse pin",
                "AXF detailed rules 10, 14, 15, applied to TW113, whose chapter 2 table is silent on these pairs",
            ),
            (
                "雙方互相長捉時，以炮長捉車、以炮傌長捉車或長捉被傌牽制之車的一方不作和",
                "亞洲棋規細則第10、14、15條，用於台灣棋規：台灣棋規第二章判決原則表未規定這幾種情形",
            ),
            (
                "双方互相长捉时，以炮长捉车、以炮马长捉车或长捉被马牵制之车的一方不作和",
                "亚洲棋规细则第10、14、15条，用于台湾棋规：台湾棋规第二章判决原则表未规定这几种情形",
            ),
        ),
        Reading::AdvisorElephantOnProtected => (
            (
                "an advisor or elephant attacking a protected chariot, horse or cannon chases it",
                "the full AXF rule book, as read by two independent engines; its repetition chapter does not name advisors and elephants",
            ),
            (
                "仕士、相象攻擊有根的車、馬、炮，作捉",
                "亞洲棋規全文，依兩個獨立引擎的解讀；棋例一章未列仕士、相象",
            ),
            (
                "仕士、相象攻击有根的车、马、炮，作捉",
                "亚洲棋规全文，依两个独立引擎的解读；棋例一章未列仕士、相象",
            ),
        ),
    };
    match lang {
        Lang::En => en,
        Lang::ZhHant => hant,
        Lang::ZhHans => hans,
    }
}

/// [`reading_words`] as a report writes it: the clauses its source names are noted as cited
/// ([`crate::citation::written_by`]).
pub(crate) fn written_reading(r: Reading, lang: Lang) -> (&'static str, &'static str) {
    use crate::citation::ClauseId::Detailed;
    use crate::types::RuleBook::Axf;
    // The AXF clauses TW113's readings borrow (an AXF reading names none).
    let named: &[_] = match r {
        Reading::JoinedEveryMove => &[Detailed(25)],
        Reading::MutualChaseNotEven => &[Detailed(10), Detailed(14), Detailed(15)],
        Reading::AdvisorElephantOnProtected => &[],
    };
    for &id in named {
        crate::citation::note_read_into(Axf, id, Some(crate::types::RuleBook::Tw113));
    }
    reading_words(r, lang)
}

/// The JSON form of a reading: `{"reading","source"}`, in English.
impl serde::Serialize for Reading {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let (reading, source) = reading_words(*self, Lang::En);
        let mut m = serializer.serialize_map(Some(2))?;
        m.serialize_entry("reading", &reading)?;
        m.serialize_entry("source", &source)?;
        m.end()
    }
}

/// One line per reading beyond the rule books' text that a verdict rests on, with its source.
pub fn readings_text(j: &CycleJudgement) -> String {
    j.readings
        .iter()
        .map(|r| {
            let (reading, source) = written_reading(*r, Lang::En);
            format!("Reading beyond the rule book's text: {reading} (source: {source}).\n")
        })
        .collect()
}
