//! The words of a request that does not fit its question ([`Usage`]).

use crate::render::zh;
use crate::report::Usage;
use crate::types::{Game, Lang, ParseError, RuleBook};

/// A usage error in English ([`usage`]).
impl std::fmt::Display for Usage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&usage(self, Lang::En))
    }
}

/// A usage error in `lang`, said in terms of the input (no option of any shell is named).
pub fn usage(u: &Usage, lang: Lang) -> String {
    let p = |hant, hans| zh::pick(lang, hant, hans);
    match (u, lang) {
        (Usage::RulesOfOtherGame { rules, game }, Lang::En) => match game {
            Game::Chess => format!("rule set {rules} is a xiangqi rule set; chess games are judged under fide"),
            Game::Xiangqi => format!("rule set {rules} is the chess rule set; xiangqi games are judged under axf"),
        },
        (Usage::RulesOfOtherGame { rules, game }, _) => match game {
            Game::Chess => format!(
                "{}（{rules}）{}{}{}",
                zh::book_words(lang, *rules),
                p("是象棋規則；西洋棋依", "是中国象棋规则；国际象棋依"),
                zh::book_words(lang, RuleBook::Fide),
                p("判定", "判定")
            ),
            Game::Xiangqi => format!(
                "{}（{rules}）{}{}{}",
                zh::book_words(lang, *rules),
                p("是西洋棋規則；象棋依", "是国际象棋规则；中国象棋依"),
                zh::book_words(lang, RuleBook::Axf),
                p("判定", "判定")
            ),
        },
        (Usage::StartPosition { reason, .. }, Lang::En) => format!("the start position: {reason}"),
        (Usage::StartPosition { reason, cause }, _) => format!(
            "{}{}",
            p("開始局面：", "开始局面："),
            cause.as_deref().map_or_else(|| reason.clone(), |c| super::cause(c, lang))
        ),
        (Usage::CycleWithoutMoves, Lang::En) => "no moves given: a cycle needs at least one loop".into(),
        (Usage::CycleWithoutMoves, _) => p(
            "沒有給著法：循環至少要有一輪",
            "没有给着法：循环至少要有一轮",
        )
        .into(),
        (Usage::CycleOfChess, Lang::En) => "cycle judges xiangqi repetitions; give a 10-rank FEN".into(),
        (Usage::CycleOfChess, _) => p(
            "循環只判象棋的重複局面；請給10行的象棋FEN",
            "循环只判中国象棋的重复局面；请给10行的中国象棋FEN",
        )
        .into(),
        (Usage::ClassifyOfChess, Lang::En) => "classify judges xiangqi moves; give a 10-rank FEN".into(),
        (Usage::ClassifyOfChess, _) => p(
            "著法分類只用於象棋；請給10行的象棋FEN",
            "着法分类只用于中国象棋；请给10行的中国象棋FEN",
        )
        .into(),
        (Usage::ClassifyUnderFide, Lang::En) => "classify judges xiangqi moves: rule set axf or tw113, not fide".into(),
        (Usage::ClassifyUnderFide, _) => p(
            "著法分類只用於象棋：規則須為 axf 或 tw113，不能是 fide",
            "着法分类只用于中国象棋：规则须为 axf 或 tw113，不能是 fide",
        )
        .into(),
        (Usage::ChessClaimOnXiangqiRecord { file }, Lang::En) => format!(
            "{} holds a xiangqi game: its draw claim is the natural move limit (threefold and \
             fifty moves are chess claims; repetitions are judged with the whole game)",
            input(file, lang)
        ),
        (Usage::ChessClaimOnXiangqiRecord { file }, _) => format!(
            "{}{}",
            input(file, lang),
            p(
                "是象棋對局：象棋的提和只有自然限著（三次重複與五十步規則是西洋棋的申請；循環重複隨整局判定）",
                "是中国象棋对局：中国象棋的提和只有自然限着（三次重复与五十回合规则是国际象棋的申请；循环重复随整局判定）"
            )
        ),
        (Usage::XiangqiClaimOnChessRecord { file }, Lang::En) => format!(
            "{} holds a chess game: its draw claims are threefold and fifty moves (the natural \
             move limit is a xiangqi claim)",
            input(file, lang)
        ),
        (Usage::XiangqiClaimOnChessRecord { file }, _) => format!(
            "{}{}",
            input(file, lang),
            p(
                "是西洋棋對局：可申請的和局是三次重複與五十步規則（自然限著是象棋的提和）",
                "是国际象棋对局：可申请的和棋是三次重复与五十回合规则（自然限着是中国象棋的提和）"
            )
        ),
        (Usage::ChessClaimOnXiangqi, Lang::En) => {
            "xiangqi has one draw claim: the natural move limit (repetitions are judged with the whole game)".into()
        }
        (Usage::ChessClaimOnXiangqi, _) => p(
            "象棋只有一種提和：自然限著（循環重複隨整局判定）",
            "中国象棋只有一种提和：自然限着（循环重复随整局判定）",
        )
        .into(),
        (Usage::XiangqiClaimOnChess, Lang::En) => {
            "the natural move limit is a xiangqi claim; chess has threefold and fifty moves".into()
        }
        (Usage::XiangqiClaimOnChess, _) => p(
            "自然限著是象棋的提和；西洋棋有三次重複與五十步規則",
            "自然限着是中国象棋的提和；国际象棋有三次重复与五十回合规则",
        )
        .into(),
        (Usage::NaturalMoveLimitUnderFide, Lang::En) => {
            "the natural move limit is a xiangqi claim: rule set axf or tw113, not fide".into()
        }
        (Usage::NaturalMoveLimitUnderFide, _) => p(
            "自然限著是象棋的提和：規則須為 axf 或 tw113，不能是 fide",
            "自然限着是中国象棋的提和：规则须为 axf 或 tw113，不能是 fide",
        )
        .into(),
        (Usage::IntendedMoveOnXiangqiClaim, Lang::En) => "an intended move belongs to a chess claim \
             (threefold, fifty moves); the natural move limit is claimed without one"
            .into(),
        (Usage::IntendedMoveOnXiangqiClaim, _) => p(
            "寫下將走的著法是西洋棋提和的程序；象棋依自然限著提和不需要",
            "写下将走的着法是国际象棋提和的程序；中国象棋依自然限着提和不需要",
        )
        .into(),
        (Usage::TimeControlOnXiangqiClaim, Lang::En) => "a time control sets the penalty of a chess \
             claim; the natural move limit's penalty is the rule book's own"
            .into(),
        (Usage::TimeControlOnXiangqiClaim, _) => p(
            "賽制時限決定西洋棋錯誤提和的罰則；自然限著的罰則依棋規本身",
            "赛制时限决定国际象棋错误提和的罚则；自然限着的罚则依棋规本身",
        )
        .into(),
        (Usage::LimitOnChessClaim { moves }, Lang::En) => format!(
            "a {moves}-move limit: the natural move limit is a xiangqi rule; a chess claim counts \
             the fifty moves of the FIDE Laws"
        ),
        (Usage::LimitOnChessClaim { moves }, _) => format!(
            "{moves}{}",
            p(
                "回合的限著：自然限著是象棋規則；西洋棋的提和依國際棋聯棋規的五十步規則計算",
                "回合的限着：自然限着是中国象棋规则；国际象棋的提和依国际棋联棋规的五十回合规则计算"
            )
        ),
        (
            Usage::NoSuchLimit {
                moves,
                rules,
                book_moves,
                alternative,
            },
            Lang::En,
        ) => format!(
            "a {moves}-move limit: {rules} has the {book_moves}-move limit{}",
            if *alternative { " and the alternative 40-move limit" } else { " only" }
        ),
        (
            Usage::NoSuchLimit {
                moves,
                rules,
                book_moves,
                alternative,
            },
            _,
        ) => format!(
            "{moves}{}{}{}{book_moves}{}",
            p("回合限著：", "回合限着："),
            zh::book_words(lang, *rules),
            p("只有", "只有"),
            if *alternative {
                p("回合限著，以及另行宣告的40回合限著", "回合限着，以及另行宣告的40回合限着")
            } else {
                p("回合限著", "回合限着")
            }
        ),
        (Usage::Word(e), Lang::En) => e.to_string(),
        (Usage::Word(e), _) => format!(
            "{}「{}」{}{}",
            p("不認得的值", "无法识别的值"),
            e.word,
            p("；可用的值：", "；可用的值："),
            values_list(e)
        ),
        (Usage::NoCycles, Lang::En) => "cycles must be 1 or more (completed repetition loops)".into(),
        (Usage::NoCycles, _) => p("循環次數至少為1（已完成的循環）", "循环次数至少为1（已完成的循环）").into(),
        (Usage::CyclesWithMatch, Lang::En) => {
            "a cycle count and the engine-match convention: the convention sets its own (a repetition \
             decided at the third occurrence); give one or the other"
                .into()
        }
        (Usage::CyclesWithMatch, _) => p(
            "循環次數與引擎比賽慣例不能同時給：慣例自有其數（重複局面第三次出現即判定）；請只給其一",
            "循环次数与引擎比赛惯例不能同时给：惯例自有其数（重复局面第三次出现即判定）；请只给其一",
        )
        .into(),
        (Usage::PlyBeyondEnd { at_ply, plies }, Lang::En) => {
            format!("ply {at_ply} is beyond the {} played", crate::render::plies(*plies))
        }
        (Usage::PlyBeyondEnd { at_ply, plies }, _) => format!(
            "{}{at_ply}{}{}",
            p("第", "第"),
            p("個半回合超出已走的", "个半回合超出已走的"),
            zh::plies(lang, *plies)
        ),
    }
}

/// How a usage error names its input: the file name (quoted in Chinese), or for `-` (a
/// record given whole, with no file name) the words the reports name it with
/// ([`InputWords::LIBRARY`](crate::render::InputWords::LIBRARY)'s `stdin`: `the input given`,
/// 所給輸入, 所给输入).
fn input(file: &str, lang: Lang) -> String {
    use crate::render::InputWords;
    match (file, lang) {
        ("-", Lang::En) => format!("the {}", InputWords::LIBRARY.stdin[0]),
        ("-", _) => InputWords::pick(InputWords::LIBRARY.stdin, lang).to_string(),
        (_, Lang::En) => file.to_string(),
        _ => format!("「{file}」"),
    }
}

/// The values that read, as a Chinese list (`axf、tw113、fide`); other spellings follow as
/// 另可用 (`en、zh-Hant（另可用：zh-TW、zh）`). English: [`ParseError::expected`].
pub fn values_list(e: &ParseError) -> String {
    let mut s = e.values.join("、");
    if !e.aliases.is_empty() {
        s.push_str(&format!("（另可用：{}）", e.aliases.join("、")));
    }
    s
}

#[cfg(test)]
mod tests {
    #[test]
    fn values_list_words_the_other_spellings() {
        let books = "x".parse::<crate::RuleBook>().unwrap_err();
        assert_eq!(books.expected(), "axf, tw113 or fide");
        assert_eq!(super::values_list(&books), "axf、tw113、fide");
        let langs = "en"
            .parse::<crate::Lang>()
            .map(|_| ())
            .and("xx".parse::<crate::Lang>())
            .unwrap_err();
        assert_eq!(
            super::values_list(&langs),
            "en、zh-Hant、zh-Hans（另可用：zh-TW、zh-HK、zh-MO、zh-CN、zh-SG、zh）"
        );
    }
}
