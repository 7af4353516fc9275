//! The words of a flag fall judged by the live referee ([`crate::live::FlagVerdict`]).

use super::{side_title, zh};
use crate::live::FlagVerdict;
use crate::types::{Game, Lang, Outcome, Side};

/// The verdict of a flag fall in `lang`: who lost on time, or (chess, FIDE 6.9) the draw
/// because the opponent could not mate by any legal sequence, with the result.
pub fn sentence(v: &FlagVerdict, game: Game, lang: Lang) -> String {
    let chess = game == Game::Chess;
    let opponent = match (v.flagged, game) {
        (Side::Black, Game::Xiangqi) => Side::Red,
        (Side::Black, Game::Chess) => Side::White,
        _ => Side::Black,
    };
    let draw = v.result == Outcome::Draw;
    match lang {
        Lang::En => {
            let what = if draw {
                format!(
                    "{}'s flag fell, but {} could not mate by any legal sequence: a draw",
                    side_title(v.flagged),
                    side_title(opponent)
                )
            } else {
                format!("{} lost on time (flag fall)", side_title(v.flagged))
            };
            let clause = v.clause.map(|c| format!(" ({c})")).unwrap_or_default();
            format!("{what}{clause}, {}", v.result)
        }
        _ => {
            let what = if draw {
                format!(
                    "{}{}{}",
                    zh::side(lang, v.flagged),
                    zh::pick(lang, "超時，但", "超时，但"),
                    zh::side(lang, opponent)
                ) + zh::pick(
                    lang,
                    "已無任何合法走法序列可將死對方",
                    "已无任何合法着法序列可将死对方",
                )
            } else {
                format!(
                    "{}{}",
                    zh::side(lang, v.flagged),
                    zh::pick(lang, "超時判負", "超时判负")
                )
            };
            let clause = v
                .clause
                .map(|c| format!("（{}）", zh::cite(lang, &c)))
                .unwrap_or_default();
            format!("{what}{clause}，{}", zh::result(lang, v.result, chess))
        }
    }
}
