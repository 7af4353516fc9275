//! The Chinese word catalog: each word or phrase in traditional characters (the rule books'
//! own words: the Taiwan 2024 rules, the AXF chapter on repetition, the FIDE Laws in Chinese)
//! and in simplified characters as mainland readers write it (着 for a move, 五十回合规则, 申请和棋),
//! and the citations of clauses in each script.

use crate::citation::{Citation, ClauseId, Clauses, Qualifier};
use crate::types::{Lang, Outcome, RuleBook, Side};
use xiangqi::notation::ChineseScript;
use xiangqi::{Color, PieceKind};

/// The traditional or the simplified form, as `lang` asks (traditional for `en`, which never
/// asks).
pub fn pick(lang: Lang, hant: &'static str, hans: &'static str) -> &'static str {
    if lang == Lang::ZhHans {
        hans
    } else {
        hant
    }
}

/// The script of Chinese move notation and piece characters for `lang`.
pub fn script(lang: Lang) -> ChineseScript {
    if lang == Lang::ZhHans {
        ChineseScript::Simplified
    } else {
        ChineseScript::Traditional
    }
}

/// 紅方, 黑方, 白方 (红方).
pub fn side(lang: Lang, s: impl Into<Side>) -> &'static str {
    match s.into() {
        Side::Red => pick(lang, "紅方", "红方"),
        Side::White => "白方",
        Side::Black => "黑方",
    }
}

/// A piece by its character for its side (俥, 砲; simplified 车, 炮).
pub fn piece(lang: Lang, kind: PieceKind, color: Color) -> String {
    xiangqi::notation::piece_char(kind, color, script(lang)).to_string()
}

/// The side, then the piece: 黑砲 (黑炮).
pub fn sided_piece(lang: Lang, kind: PieceKind, color: Color) -> String {
    let who = match color {
        Color::Red => pick(lang, "紅", "红"),
        Color::Black => "黑",
    };
    format!("{who}{}", piece(lang, kind, color))
}

/// A result in words: 紅勝（1-0）, 黑勝（0-1）, 和局（1/2-1/2）, 未定（*）; `chess` names White.
pub fn result(lang: Lang, r: Outcome, chess: bool) -> String {
    let words = match r {
        Outcome::FirstWins if chess => "白勝",
        Outcome::FirstWins => pick(lang, "紅勝", "红胜"),
        Outcome::BlackWins => pick(lang, "黑勝", "黑胜"),
        Outcome::Draw => pick(lang, "和局", "和棋"),
        Outcome::Unknown => "未定",
    };
    let words = if chess && r == Outcome::FirstWins && lang == Lang::ZhHans {
        "白胜"
    } else {
        words
    };
    format!("{words}（{r}）")
}

/// `"共58個半回合"`: a count of plies.
pub fn plies(lang: Lang, n: usize) -> String {
    format!("{n}{}", pick(lang, "個半回合", "个半回合"))
}

/// The ply in brackets after a move: `［58］`.
pub fn ply_mark(ply: usize) -> String {
    format!("［{ply}］")
}

/// A rule book in a citation or a sentence: 亞洲棋規, 台灣棋規, 國際棋聯棋規.
pub fn book_words(lang: Lang, book: RuleBook) -> &'static str {
    match book {
        RuleBook::Axf => pick(lang, "亞洲棋規", "亚洲棋规"),
        RuleBook::Tw113 => pick(lang, "台灣棋規", "台湾棋规"),
        RuleBook::Fide => pick(lang, "國際棋聯棋規", "国际棋联规则"),
    }
}

/// A clause id in words: 總綱第9條, 細則第23條, 棋例總綱「真根」, 第二章判決原則表, 第9.5.3條.
fn id_words(lang: Lang, id: ClauseId) -> String {
    let article = pick(lang, "條", "条");
    match id {
        ClauseId::General(n) => format!("{}第{n}{article}", pick(lang, "總綱", "总纲")),
        ClauseId::Detailed(n) => format!("{}第{n}{article}", pick(lang, "細則", "细则")),
        ClauseId::Terms => pick(lang, "術語", "术语").into(),
        ClauseId::TrueRoot => pick(lang, "棋例總綱「真根」", "棋例总纲「真根」").into(),
        ClauseId::SameKind => pick(lang, "棋例總綱「同類子」", "棋例总纲「同类子」").into(),
        ClauseId::GeneralAndSoldier => pick(lang, "棋例總綱「將帥與兵卒」", "棋例总纲「将帅与兵卒」").into(),
        ClauseId::SamePiece => pick(lang, "棋例總綱「同一子」", "棋例总纲「同一子」").into(),
        ClauseId::Table => pick(lang, "第二章判決原則表", "第二章判决原则表").into(),
        ClauseId::Procedure => "第四章裁判程序".into(),
        ClauseId::NaturalMoveLimit => pick(lang, "自然限著", "自然限着").into(),
        ClauseId::NineRounds => pick(lang, "九回合待判規定", "九回合待判规定").into(),
        ClauseId::Article(a) => article_words(lang, a),
    }
}

/// FIDE articles (`"9.2.1"`, or several joined by 、) in words: 第9.2.1條; appendix clauses
/// 附則B.2、B.3.
fn article_words(lang: Lang, a: &str) -> String {
    if a.starts_with(|c: char| c.is_ascii_digit()) {
        format!("第{a}{}", pick(lang, "條", "条"))
    } else {
        format!("{}{a}", pick(lang, "附則", "附则"))
    }
}

/// The ids of one book joined by 、; FIDE clauses cited together share one 第…條 or 附則
/// (國際棋聯棋規附則B.2、B.3).
fn ids_words(lang: Lang, c: &Clauses) -> String {
    c.note_written();
    let articles: Option<Vec<&str>> = c
        .ids
        .iter()
        .map(|id| match id {
            ClauseId::Article(a) => Some(*a),
            _ => None,
        })
        .collect();
    let mut out = match articles {
        Some(a) => article_words(lang, &a.join("、")),
        None => c
            .ids
            .iter()
            .map(|&id| id_words(lang, id))
            .collect::<Vec<_>>()
            .join("、"),
    };
    if let Some(q) = c.qualifier {
        out.push('，');
        out.push_str(&qualifier_words(lang, q));
    }
    out
}

/// What a citation says beyond its ids: 解讀：台灣棋規未規定, 依亞洲棋規細則第14條解讀, 未犯例 …
fn qualifier_words(lang: Lang, q: Qualifier) -> String {
    match q {
        Qualifier::Silent(book) => format!(
            "{}{}{}",
            pick(lang, "解讀：", "解读："),
            book_words(lang, book),
            pick(lang, "未規定", "未规定")
        ),
        Qualifier::ReadingOf(book, id) => format!(
            "依{}{}{}",
            book_words(lang, book),
            id_words(lang, id),
            pick(lang, "解讀", "解读")
        ),
        Qualifier::SamePieceNamesOneChasingSeveral => format!(
            "{}{}{}{}",
            pick(lang, "解讀：", "解读："),
            book_words(lang, RuleBook::Tw113),
            id_words(lang, ClauseId::SamePiece),
            pick(lang, "只規定一子捉多子", "只规定一子捉多子")
        ),
        Qualifier::NotAtFault => "未犯例".into(),
        Qualifier::NoneWritten(book) => format!("{}{}", book_words(lang, book), pick(lang, "未訂", "未订")),
        Qualifier::Moves(n) => format!("{n}回合"),
        Qualifier::Alternative { plies } => format!(
            "{}{}{}{}",
            plies / 2,
            pick(lang, "回合限著，", "回合限着，"),
            plies,
            pick(lang, "個半回合", "个半回合")
        ),
    }
}

/// One clause of `book` in words: 亞洲棋規細則第13條, 國際棋聯棋規第9.2.1條.
pub fn cite_clause(lang: Lang, book: RuleBook, id: ClauseId) -> String {
    crate::citation::note(book, id);
    format!("{}{}", book_words(lang, book), id_words(lang, id))
}

/// One book's clauses in words: 亞洲棋規總綱第9條、細則第23條.
fn clauses_words(lang: Lang, c: &Clauses) -> String {
    format!("{}{}", book_words(lang, c.book), ids_words(lang, c))
}

/// A citation, or one book's clauses, as [`cite`] words it.
pub trait Citable: std::fmt::Display {
    /// In Chinese (`lang` a Chinese script).
    fn words(&self, lang: Lang) -> String;
}

impl Citable for Citation {
    fn words(&self, lang: Lang) -> String {
        citation_words(lang, self)
    }
}

impl Citable for Clauses {
    fn words(&self, lang: Lang) -> String {
        clauses_words(lang, self)
    }
}

/// A citation in `lang`: its English form for `en`, else [`cite`].
pub fn cite_in(lang: Lang, c: &impl Citable) -> String {
    match lang {
        Lang::En => c.to_string(),
        _ => c.words(lang),
    }
}

/// A citation in Chinese, worded from its parts: 亞洲棋規總綱第9條、細則第23條;
/// 台灣棋規第二章判決原則表，依亞洲棋規細則第14條解讀; 國際棋聯棋規第9.5.3條;
/// 紅方依亞洲棋規總綱第2條，黑方依亞洲棋規細則第8條.
pub fn cite(lang: Lang, c: &impl Citable) -> String {
    c.words(lang)
}

fn citation_words(lang: Lang, c: &Citation) -> String {
    match c {
        Citation::Clauses(c) => clauses_words(lang, c),
        Citation::Several(parts) => {
            let mut out = String::new();
            let mut book = None;
            for p in parts {
                if book.is_some() {
                    out.push('；');
                }
                if book != Some(p.book) {
                    out.push_str(book_words(lang, p.book));
                    book = Some(p.book);
                }
                out.push_str(&ids_words(lang, p));
            }
            out
        }
        Citation::PerSide { red, black } => format!(
            "{}{}，{}{}",
            pick(lang, "紅方依", "红方依"),
            citation_words(lang, red),
            "黑方依",
            citation_words(lang, black)
        ),
        Citation::Checkmate => pick(lang, "將死：輪走方負", "将死：轮走方负").into(),
        Citation::NoLegalMove => pick(
            lang,
            "困斃：輪走方無合法著法，判負",
            "困毙：轮走方无合法着法，判负",
        )
        .into(),
        Citation::NineRounds(n) => format!(
            "{}，{}{}{}{}{}{}；{}",
            clauses_words(lang, &n.rule),
            side(lang, n.mover),
            pick(lang, "著法在", "着法在"),
            n.points,
            pick(lang, "個交叉點間往返", "个交叉点间往返"),
            n.rounds,
            pick(lang, "回合、允許與禁止著法交替", "回合、允许与禁止着法交替"),
            citation_words(lang, &n.verdict)
        ),
    }
}

/// A piece named by its English word (`"cannon"`, as the facts name a chased piece).
pub fn piece_named(lang: Lang, name: &str, color: Color) -> String {
    let kind = match name {
        "general" => PieceKind::General,
        "advisor" => PieceKind::Advisor,
        "elephant" => PieceKind::Elephant,
        "horse" => PieceKind::Horse,
        "chariot" => PieceKind::Chariot,
        "cannon" => PieceKind::Cannon,
        "soldier" => PieceKind::Soldier,
        other => return other.to_string(),
    };
    piece(lang, kind, color)
}

/// `"29... 車8平7［58］"`: a numbered move with its ply.
pub fn numbered(numbering: &crate::words::MoveNumbering, ply: usize, text: &str) -> String {
    format!("{}{}", numbering.label(ply, text), ply_mark(ply))
}

/// `"開局時［0］"` for ply 0.
pub fn at_start(lang: Lang, ply: usize) -> String {
    format!("{}{}", pick(lang, "開局時", "开局时"), ply_mark(ply))
}

/// A claim's ply with no move written before it: 開局時［0］ at the start, 終局後［N］ at a ply
/// a record plays after its end (those moves are not replayed).
pub fn at_claim_ply(lang: Lang, ply: usize) -> String {
    if ply == 0 {
        at_start(lang, 0)
    } else {
        format!("{}{}", pick(lang, "終局後", "终局后"), ply_mark(ply))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::citation::ClauseId::*;
    use crate::citation::NineRoundsFound;
    use RuleBook::{Axf, Fide, Tw113};

    #[test]
    fn citations_in_both_scripts() {
        let t = |c: Citation| cite(Lang::ZhHant, &c);
        let s = |c: Citation| cite(Lang::ZhHans, &c);
        let axf = |ids| Citation::of(Axf, ids);
        let tw = |ids| Citation::of(Tw113, ids);
        assert_eq!(t(axf(&[Detailed(13)])), "亞洲棋規細則第13條");
        assert_eq!(s(axf(&[Detailed(13)])), "亚洲棋规细则第13条");
        assert_eq!(
            t(axf(&[General(9), Detailed(23)])),
            "亞洲棋規總綱第9條、細則第23條"
        );
        assert_eq!(t(axf(&[General(1), General(3)])), "亞洲棋規總綱第1條、總綱第3條");
        assert_eq!(
            t(tw(&[Table]).with(Qualifier::ReadingOf(Axf, Detailed(14)))),
            "台灣棋規第二章判決原則表，依亞洲棋規細則第14條解讀"
        );
        assert_eq!(
            t(tw(&[Table]).with(Qualifier::NotAtFault)),
            "台灣棋規第二章判決原則表，未犯例"
        );
        assert_eq!(
            s(tw(&[Procedure]).with(Qualifier::NoneWritten(Axf))),
            "台湾棋规第四章裁判程序，亚洲棋规未订"
        );
        assert_eq!(
            t(axf(&[Detailed(22)]).with(Qualifier::Silent(Tw113))),
            "亞洲棋規細則第22條，解讀：台灣棋規未規定"
        );
        assert_eq!(
            t(Citation::of(Fide, &[Article("9.2.1")])),
            "國際棋聯棋規第9.2.1條"
        );
        assert_eq!(t(tw(&[TrueRoot])), "台灣棋規棋例總綱「真根」");
        assert_eq!(s(tw(&[GeneralAndSoldier])), "台湾棋规棋例总纲「将帅与兵卒」");
        assert_eq!(
            s(Citation::of(Fide, &[Article("B.2"), Article("B.3")])),
            "国际棋联规则附则B.2、B.3"
        );
        assert_eq!(
            t(axf(&[NaturalMoveLimit]).with(Qualifier::Moves(60))),
            "亞洲棋規自然限著，60回合"
        );
        assert_eq!(
            s(tw(&[NaturalMoveLimit]).with(Qualifier::Alternative { plies: 80 })),
            "台湾棋规自然限着，40回合限着，80个半回合"
        );
        assert_eq!(
            t(Citation::per_side(axf(&[General(2)]), axf(&[Detailed(8)]))),
            "紅方依亞洲棋規總綱第2條，黑方依亞洲棋規細則第8條"
        );
        assert_eq!(t(Citation::NoLegalMove), "困斃：輪走方無合法著法，判負");
        assert_eq!(s(Citation::Checkmate), "将死：轮走方负");
        // Three forms the Chinese reports used to leave half in English.
        assert_eq!(
            t(Citation::several(vec![
                Clauses::of(Axf, &[General(9), Detailed(23)]),
                Clauses::of(Axf, &[Detailed(22)]),
            ])
            .unwrap()),
            "亞洲棋規總綱第9條、細則第23條；細則第22條"
        );
        assert_eq!(
            s(axf(&[General(4), Detailed(27)]).with(Qualifier::SamePieceNamesOneChasingSeveral)),
            "亚洲棋规总纲第4条、细则第27条，解读：台湾棋规棋例总纲「同一子」只规定一子捉多子"
        );
        assert_eq!(
            t(Citation::NineRounds(Box::new(NineRoundsFound {
                rule: Clauses::of(Tw113, &[NineRounds]),
                mover: Side::Black,
                points: 4,
                rounds: 9,
                verdict: Box::new(tw(&[Table])),
            }))),
            "台灣棋規九回合待判規定，黑方著法在4個交叉點間往返9回合、允許與禁止著法交替；台灣棋規第二章判決原則表"
        );
    }

    /// No citation the rule code writes keeps an English word in Chinese.
    #[test]
    fn every_citation_is_worded_in_chinese() {
        for (c, en) in crate::citation::tests::every_form() {
            for lang in [Lang::ZhHant, Lang::ZhHans] {
                let zh = cite(lang, &c);
                assert!(
                    !zh.chars()
                        .any(|ch| ch.is_ascii_alphabetic() && !"AB".contains(ch)),
                    "{en}: {zh}"
                );
                assert_eq!(cite_in(Lang::En, &c), en);
            }
        }
    }
}
