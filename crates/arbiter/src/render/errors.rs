//! The words of errors: a request that does not fit its question, a game that could not be
//! judged.

use super::zh;
use crate::chess;
use crate::report::{Cause, Error, GameError, Usage};
use crate::types::{Game, Lang};
use xiangqi::notation::NotationError;
use xiangqi::{FenError, Illegal, PieceKind};

/// `FILE: game N, ply P: error: ERROR` and a newline.
pub fn game_error(r: &GameError) -> String {
    if let Some(t) = &r.text {
        return t.clone();
    }
    if r.from_position {
        let place = r.ply.map(|p| format!(", ply {p}")).unwrap_or_default();
        return format!("{}{place}: error: {}\n", super::input_words().position, r.error);
    }
    let place = match (r.index, r.ply) {
        (Some(i), Some(p)) => format!(": game {}, ply {p}", i + 1),
        (Some(i), None) => format!(": game {}", i + 1),
        _ => String::new(),
    };
    format!("{}{place}: error: {}\n", input_name(&r.file), r.error)
}

/// How an error names its input: the file label, or [`super::InputWords::stdin`] for `-` (as
/// the reports name it).
pub(crate) fn input_name(file: &str) -> &str {
    if file == "-" {
        super::input_words().stdin[0]
    } else {
        file
    }
}

/// [`game_error`] in `lang`: the place and the word for error in `lang`; the error's own
/// message is the library's (typed usage errors in `lang`, input errors as the readers word
/// them).
pub fn game_error_in(r: &GameError, lang: Lang) -> String {
    if lang == Lang::En {
        return game_error(r);
    }
    let place = match (r.index, r.ply) {
        (Some(i), Some(p)) => format!("，第{}局{}", i + 1, zh::ply_mark(p)),
        (Some(i), None) => format!("，第{}局", i + 1),
        _ => String::new(),
    };
    if r.from_position {
        let place = r.ply.map(zh::ply_mark).unwrap_or_default();
        return format!(
            "{}{place}：{}{}\n",
            zh::pick(lang, "所給局面", "所给局面"),
            zh::pick(lang, "錯誤：", "错误："),
            error_words(r, lang)
        );
    }
    let file = if r.file == "-" {
        super::InputWords::pick(super::input_words().stdin, lang).to_string()
    } else {
        r.file.clone()
    };
    format!(
        "{file}{place}：{}{}\n",
        zh::pick(lang, "錯誤：", "错误："),
        error_words(r, lang)
    )
}

/// A game error's message in `lang`: its cause worded, else the English message (the JSON
/// `error` of an HTTP answer in that language).
pub fn error_words(r: &GameError, lang: Lang) -> String {
    match &r.cause {
        Some(c) => cause(c, lang),
        None => r.error.clone(),
    }
}

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
                "{}{rules}{}",
                p("規則", "规则"),
                p("是象棋規則；西洋棋依 fide 判定", "是中国象棋规则；国际象棋依 fide 判定")
            ),
            Game::Xiangqi => format!(
                "{}{rules}{}",
                p("規則", "规则"),
                p("是西洋棋規則；象棋依 axf 判定", "是国际象棋规则；中国象棋依 axf 判定")
            ),
        },
        (Usage::StartPosition { reason, .. }, Lang::En) => format!("the start position: {reason}"),
        (Usage::StartPosition { reason, cause }, _) => format!(
            "{}{}",
            p("開始局面：", "开始局面："),
            cause.as_deref().map_or_else(|| reason.clone(), |c| self::cause(c, lang))
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
        (Usage::ClassifyUnderFide, Lang::En) => "classify judges xiangqi moves: rule set axf or tw113, not fide".into(),
        (Usage::ClassifyUnderFide, _) => p(
            "著法分類只用於象棋：規則須為 axf 或 tw113，不能是 fide",
            "着法分类只用于中国象棋：规则须为 axf 或 tw113，不能是 fide",
        )
        .into(),
        (Usage::ChessClaimOnXiangqiRecord { file }, Lang::En) => format!(
            "{file} holds a xiangqi game: its draw claim is the natural move limit (threefold and \
             fifty moves are chess claims; repetitions are judged with the whole game)"
        ),
        (Usage::ChessClaimOnXiangqiRecord { file }, _) => format!(
            "「{file}」{}",
            p(
                "是象棋對局：象棋的提和只有自然限著（三次重複與五十步規則是西洋棋的申請；循環重複隨整局判定）",
                "是中国象棋对局：中国象棋的提和只有自然限着（三次重复与五十回合规则是国际象棋的申请；循环重复随整局判定）"
            )
        ),
        (Usage::XiangqiClaimOnChessRecord { file }, Lang::En) => format!(
            "{file} holds a chess game: its draw claims are threefold and fifty moves (the natural \
             move limit is a xiangqi claim)"
        ),
        (Usage::XiangqiClaimOnChessRecord { file }, _) => format!(
            "「{file}」{}",
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
            "{moves}{}{rules}{}{book_moves}{}",
            p("回合限著：", "回合限着："),
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
            p("不認得的值", "不认得的值"),
            e.word,
            p("；可用的值：", "；可用的值："),
            values_list(e.expected)
        ),
        (Usage::NoCycles, Lang::En) => "cycles must be 1 or more (completed repetition loops)".into(),
        (Usage::NoCycles, _) => p("循環次數至少為1（已完成的循環）", "循环次数至少为1（已完成的循环）").into(),
        (Usage::PlyBeyondEnd { at_ply, plies }, Lang::En) => {
            format!("ply {at_ply} is beyond the {} played", super::plies(*plies))
        }
        (Usage::PlyBeyondEnd { at_ply, plies }, _) => format!(
            "{}{at_ply}{}{}",
            p("第", "第"),
            p("個半回合超出已走的", "个半回合超出已走的"),
            zh::plies(lang, *plies)
        ),
    }
}

/// A list of option values written in English (`"axf, tw113 or fide"`) as a Chinese list
/// (`axf、tw113、fide`).
pub fn values_list(expected: &str) -> String {
    expected.replace(", ", "、").replace(" or ", "、")
}

/// A library error in `lang`: a usage error in `lang`; an input error as its reader words it.
pub fn error(e: &Error, lang: Lang) -> String {
    match e {
        Error::Usage(u) => usage(u, lang),
        Error::Input { cause: Some(c), .. } if lang != Lang::En => cause(c, lang),
        Error::Input { message, .. } => message.clone(),
    }
}

/// A move the live referee could not play, in `lang`.
pub fn move_error(e: &crate::live::MoveError, lang: Lang) -> String {
    match (&e.cause, lang) {
        (Some(c), Lang::ZhHant | Lang::ZhHans) => cause(c, lang),
        _ => e.error.clone(),
    }
}

/// A xiangqi piece kind by its name in Chinese, for either side (將帥, 車, 馬, 炮, 兵卒).
fn xiangqi_kind(lang: Lang, kind: PieceKind) -> &'static str {
    let p = |hant, hans| zh::pick(lang, hant, hans);
    match kind {
        PieceKind::General => p("將帥", "将帅"),
        PieceKind::Advisor => "士",
        PieceKind::Elephant => "象",
        PieceKind::Horse => p("馬", "马"),
        PieceKind::Chariot => p("車", "车"),
        PieceKind::Cannon => "炮",
        PieceKind::Soldier => "兵卒",
    }
}

/// A xiangqi piece kind named by its English word (as [`PieceKind::name`] writes it).
fn xiangqi_kind_named(lang: Lang, name: &str) -> String {
    PieceKind::ALL
        .iter()
        .find(|k| k.name() == name)
        .map_or_else(|| name.to_string(), |k| xiangqi_kind(lang, *k).to_string())
}

fn points(at: &[xiangqi::Square]) -> String {
    at.iter().map(ToString::to_string).collect::<Vec<_>>().join("、")
}

/// Why a xiangqi move is illegal, in `lang` (Chinese; the English is its `Display`).
pub fn xiangqi_illegal(why: &Illegal, lang: Lang) -> String {
    if lang == Lang::En {
        return why.to_string();
    }
    let p = |hant, hans| zh::pick(lang, hant, hans);
    match why {
        Illegal::NoPiece(sq) => format!("{sq}{}", p("沒有棋子", "没有棋子")),
        Illegal::NotYours {
            kind,
            from,
            owner,
            mover,
        } => {
            format!(
                "{from}{}{}{}{}{}",
                p("的", "的"),
                zh::piece(lang, *kind, *owner),
                p("是", "是"),
                zh::side(lang, *owner),
                p("的棋子，現在輪到", "的棋子，现在轮到")
            ) + zh::side(lang, *mover)
                + p("走", "走")
        }
        Illegal::Stays => p("棋子沒有離開原位", "棋子没有离开原位").into(),
        Illegal::OwnPiece { kind, color, to } => format!(
            "{}{to}{}{}",
            p("目標點", "目标点"),
            p("已有己方的", "已有己方的"),
            zh::piece(lang, *kind, *color)
        ),
        Illegal::NotStraight(kind) => format!(
            "{}{}",
            xiangqi_kind(lang, *kind),
            p("只能沿直線或橫線走", "只能沿直线或横线走")
        ),
        Illegal::ChariotBlocked(at) => format!(
            "{}{}{}",
            p("車的路線在", "车的路线在"),
            points(at),
            p("被棋子擋住", "被棋子挡住")
        ),
        Illegal::CannonBlocked(at) => format!(
            "{}{}{}",
            p("炮不吃子時路線須暢通，但在", "炮不吃子时路线须畅通，但在"),
            points(at),
            p("被棋子擋住", "被棋子挡住")
        ),
        Illegal::NoScreen { from, to } => format!(
            "{}{from}{}{to}{}",
            p("炮吃子須隔一子（炮架）；", "炮吃子须隔一子（炮架）；"),
            p("與", "与"),
            p("之間沒有棋子", "之间没有棋子")
        ),
        Illegal::Screens { from, to, at } => format!(
            "{}{from}{}{to}{}{}{}（{}）",
            p("炮吃子須恰好隔一子；", "炮吃子须恰好隔一子；"),
            p("與", "与"),
            p("之間有", "之间有"),
            at.len(),
            p("個棋子", "个棋子"),
            points(at)
        ),
        Illegal::HorseShape => p(
            "馬走日字：先直走或橫走一點，再斜走一點",
            "马走日字：先直走或横走一点，再斜走一点",
        )
        .into(),
        Illegal::HorseLeg(leg) => format!(
            "{}{leg}{}",
            p("蹩馬腿：馬腿", "蹩马腿：马腿"),
            p("有棋子", "有棋子")
        ),
        Illegal::ElephantShape => p("象走田字：斜走兩點", "象走田字：斜走两点").into(),
        Illegal::ElephantRiver => p("象不能過河", "象不能过河").into(),
        Illegal::ElephantEye(eye) => format!(
            "{}{eye}{}",
            p("塞象眼：象眼", "塞象眼：象眼"),
            p("有棋子", "有棋子")
        ),
        Illegal::AdvisorShape => p("士只能斜走一點", "士只能斜走一点").into(),
        Illegal::AdvisorPalace => p("士不能離開九宮", "士不能离开九宫").into(),
        Illegal::GeneralShape => p("將帥只能直走或橫走一點", "将帅只能直走或横走一点").into(),
        Illegal::GeneralPalace => p("將帥不能離開九宮", "将帅不能离开九宫").into(),
        Illegal::SoldierStep => p("兵卒每次只走一點", "兵卒每次只走一点").into(),
        Illegal::SoldierBack => p("兵卒不能後退", "兵卒不能后退").into(),
        Illegal::SoldierSideways => p("兵卒過河後才能橫走", "兵卒过河后才能横走").into(),
        Illegal::GeneralsFace(file) => format!(
            "{}{file}{}",
            p("走後將帥在", "走后将帅在"),
            p("線上照面", "线上照面")
        ),
        Illegal::Check { kept, attacker, by } => {
            let by: Vec<String> = by
                .iter()
                .map(|(k, sq)| format!("{sq}{}{}", p("的", "的"), zh::piece(lang, *k, *attacker)))
                .collect();
            format!(
                "{}{}",
                if *kept {
                    p("走後己方將帥仍被將軍：", "走后己方将帅仍被将军：")
                } else {
                    p("走後己方將帥被將軍：", "走后己方将帅被将军：")
                },
                by.join(p("與", "与"))
            )
        }
        Illegal::Other => p("棋子不能走到那裡", "棋子不能走到那里").into(),
    }
}

/// A xiangqi move's text that could not be read or played, in `lang`.
pub fn notation(e: &NotationError, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    let p = |hant, hans| zh::pick(lang, hant, hans);
    let q = |t: &str| format!("「{}」", xiangqi::notation::quote(t));
    match e {
        NotationError::Syntax(t) => format!(
            "{}{}",
            q(t),
            p(
                "不是 ICCS、WXF、SAN 或中文記譜的著法",
                "不是 ICCS、WXF、SAN 或中文记谱的着法"
            )
        ),
        NotationError::NoLegalMove { text, reason } => {
            let why = no_fit(reason, lang);
            format!(
                "{}{}{}{why}",
                q(text),
                p("沒有相符的合法著法", "没有相符的合法着法"),
                if why.is_empty() { "" } else { "：" }
            )
        }
        NotationError::Ambiguous { text, candidates } => format!(
            "{}{}{candidates}）",
            q(text),
            p("符合不止一個合法著法（", "符合不止一个合法着法（")
        ),
        NotationError::Illegal { text, reason, iccs } => format!(
            "{}{}{}{}",
            q(text),
            p("不合規則：", "不合规则："),
            xiangqi_illegal(reason, lang),
            iccs.map(|m| format!("（ICCS {m}）")).unwrap_or_default()
        ),
    }
}

/// Why no legal move fits a move's text, in Chinese (empty when no piece was tried): files
/// counted as Chinese notation counts them (第5路, from the side's right).
fn no_fit(f: &xiangqi::notation::NoFit, lang: Lang) -> String {
    use xiangqi::notation::{NoFit, Tried};
    let p = |hant, hans| zh::pick(lang, hant, hans);
    let files = |v: &[u8]| v.iter().map(u8::to_string).collect::<Vec<_>>().join("、");
    match f {
        NoFit::NoPiece {
            color,
            kind,
            file,
            rank,
        } => {
            let at = match (file, rank) {
                (None, None) => String::new(),
                (fl, r) => format!(
                    "{}{}{}",
                    p("在", "在"),
                    fl.map_or(String::new(), |x| format!(
                        "{}{}",
                        char::from(b'a' + x as u8),
                        p("線", "线")
                    )),
                    r.map_or(String::new(), |r| format!(
                        "{}{r}{}",
                        p("第", "第"),
                        p("行", "行")
                    ))
                ),
            };
            format!(
                "{}{at}{}{}",
                zh::side(lang, *color),
                p("沒有", "没有"),
                zh::piece(lang, *kind, *color)
            )
        }
        NoFit::NotOnFile {
            color,
            kind,
            file,
            files: on,
        } => {
            let (side, piece) = (zh::side(lang, *color), zh::piece(lang, *kind, *color));
            format!(
                "{side}{}{file}{}{piece}{}{side}{}{side}{}{piece}{}{}{}",
                p("在第", "在第"),
                p("路沒有", "路没有"),
                p("（路數從", "（路数从"),
                p("右側數起）；", "右侧数起）；"),
                p("的", "的"),
                p("在第", "在第"),
                files(on),
                p("路", "路")
            )
        }
        NoFit::NoTandem {
            color,
            kind,
            files: on,
        } => {
            let (side, piece) = (zh::side(lang, *color), zh::piece(lang, *kind, *color));
            format!(
                "{}{piece}{}{side}{}{piece}{}{}{}",
                p("前、中、後指同一路上的幾個", "前、中、后指同一路上的几个"),
                p("之一；", "之一；"),
                p("的", "的"),
                p("在第", "在第"),
                files(on),
                p("路", "路")
            )
        }
        NoFit::Tries { color, tries } => tries
            .iter()
            .map(|t| match t {
                Tried::Illegal { mv, reason } => {
                    format!("{}-{}：{}", mv.from, mv.to, xiangqi_illegal(reason, lang))
                }
                Tried::AlreadyOnFile { kind, file } => format!(
                    "{}{}{file}{}",
                    zh::piece(lang, *kind, *color),
                    p("已在第", "已在第"),
                    p("路：平著須換路", "路：平着须换路")
                ),
                Tried::NeverTraverse { kind } => {
                    format!("{}{}", zh::piece(lang, *kind, *color), p("不能平走", "不能平走"))
                }
                Tried::CannotGo { kind, from, to } => format!(
                    "{}{}{from}{}{to}{}",
                    zh::piece(lang, *kind, *color),
                    p("不能從第", "不能从第"),
                    p("路走到第", "路走到第"),
                    p("路", "路")
                ),
                Tried::OffBoard { kind, from } => format!(
                    "{from}{}{}{}",
                    p("的", "的"),
                    zh::piece(lang, *kind, *color),
                    p("會走出棋盤", "会走出棋盘")
                ),
            })
            .collect::<Vec<_>>()
            .join("；"),
    }
}

/// Why a xiangqi FEN does not read, in `lang`.
pub fn xiangqi_fen(e: &FenError, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    let p = |hant, hans| zh::pick(lang, hant, hans);
    match e {
        FenError::Empty => p("FEN 是空的", "FEN 是空的").into(),
        FenError::RankCount(n) => format!(
            "{}{n}{}",
            p("棋盤有", "棋盘有"),
            p(
                "行；象棋需要以「/」分隔的10行",
                "行；中国象棋需要以「/」分隔的10行"
            )
        ),
        FenError::RankLength { rank, len } => format!(
            "{}{rank}{}{len}{}",
            p("第", "第"),
            p("行描述了", "行描述了"),
            p("個點；每行需要9個點", "个点；每行需要9个点")
        ),
        FenError::BadChar { ch, rank } => format!(
            "{}{rank}{}「{ch}」",
            p("第", "第"),
            p("行有不認得的棋子字母", "行有不认得的棋子字母")
        ),
        FenError::BadSide(t) => format!(
            "{}「{t}」{}",
            p("輪走方", "轮走方"),
            p("不是 w、r 或 b", "不是 w、r 或 b")
        ),
        FenError::BadNumber { field, value } => format!(
            "{field}「{value}」{}",
            p("不對（須為非負整數）", "不对（须为非负整数）")
        ),
        FenError::MissingGeneral { color } => {
            format!("{}{}", zh::side(lang, *color), p("沒有將帥", "没有将帅"))
        }
        FenError::TooManyGenerals { color, count } => {
            format!(
                "{}{}{count}{}",
                zh::side(lang, *color),
                p("有", "有"),
                p("個將帥", "个将帅")
            )
        }
        FenError::TooMany {
            color,
            kind,
            count,
            max,
        } => {
            format!(
                "{}{}{count}{}{}{max}{}",
                zh::side(lang, *color),
                p("有", "有"),
                p("個", "个"),
                xiangqi_kind_named(lang, kind),
                p("；最多", "；最多")
            ) + p("個", "个")
        }
        FenError::Trailing(t) => format!(
            "{}「{t}」",
            p("FEN 的六個欄位之後還有文字：", "FEN 的六个字段之后还有文字：")
        ),
        FenError::BadPlacement { color, kind, square } => format!(
            "{}{}{}{square}{}",
            zh::side(lang, *color),
            p("的", "的"),
            xiangqi_kind_named(lang, kind),
            p("所在的點是它永遠走不到的", "所在的点是它永远走不到的")
        ),
        FenError::GeneralsFacing => {
            p("將帥在沒有棋子阻隔的直線上照面", "将帅在没有棋子阻隔的直线上照面").into()
        }
        FenError::OpponentInCheck { color } => format!(
            "{}{}",
            zh::side(lang, *color),
            p(
                "不是輪走方卻正被將軍：它的將帥可被吃掉",
                "不是轮走方却正被将军：它的将帅可被吃掉"
            )
        ),
    }
}

/// A chess piece kind in Chinese, in the words of the FIDE Laws' Chinese text (白王、白車):
/// 王、后、車、象、馬、兵 (王、后、车、象、马、兵).
fn chess_role(lang: Lang, r: shakmaty::Role) -> &'static str {
    use shakmaty::Role;
    let p = |hant, hans| zh::pick(lang, hant, hans);
    match r {
        Role::King => "王",
        Role::Queen => "后",
        Role::Rook => p("車", "车"),
        Role::Bishop => "象",
        Role::Knight => p("馬", "马"),
        Role::Pawn => "兵",
    }
}

/// Why a chess move is illegal, in `lang`.
pub fn chess_illegal(e: &chess::explain::Illegal, lang: Lang) -> String {
    use chess::explain::Why;
    if lang == Lang::En {
        return e.to_string();
    }
    let p = |hant, hans| zh::pick(lang, hant, hans);
    fn why_zh(w: &Why, lang: Lang) -> String {
        let p = |hant, hans| zh::pick(lang, hant, hans);
        let side = |c: shakmaty::Color| if c.is_white() { "白方" } else { "黑方" };
        let squares =
            |v: &[shakmaty::Square]| v.iter().map(ToString::to_string).collect::<Vec<_>>().join("、");
        let castling = p(
            "此時不能王車易位（易位權已失、國王被將軍，或經過的格子受攻擊或有棋子）",
            "此时不能王车易位（易位权已失、王被将军，或经过的格子受攻击或有棋子）",
        );
        match w {
            Why::NoPiece(sq) => format!("{sq}{}", p("沒有棋子", "没有棋子")),
            Why::NotYours { role, from, owner } => {
                format!(
                    "{from}{}{}{}{}{}{}",
                    p("的", "的"),
                    chess_role(lang, *role),
                    p("是", "是"),
                    side(*owner),
                    p("的棋子，現在輪到", "的棋子，现在轮到"),
                    side(!*owner)
                ) + p("走", "走")
            }
            Why::OwnPiece { role, to } => format!(
                "{}{to}{}{}",
                p("目標格", "目标格"),
                p("已有己方的", "已有己方的"),
                chess_role(lang, *role)
            ),
            Why::PathBlocked { role, from, to, at } => format!(
                "{}{}{from}{}{to}{}{}{}",
                chess_role(lang, *role),
                p("從", "从"),
                p("到", "到"),
                p("的路線在", "的路线在"),
                squares(at),
                p("被擋住", "被挡住")
            ),
            Why::Castling => castling.into(),
            Why::CannotMove { role, from, to } => format!(
                "{}{}{from}{}{to}",
                chess_role(lang, *role),
                p("不能從", "不能从"),
                p("走到", "走到")
            ),
            Why::NotOutOfCheck { role, from, to } => format!(
                "{}{from}{}{}{to}{}",
                p("國王正被將軍，", "王正被将军，"),
                p("的", "的"),
                chess_role(lang, *role),
                p("不能解除將軍", "不能解除将军")
            ),
            Why::IntoCheck { role, from } => format!(
                "{}{from}{}{}{}",
                p("走後國王會被將軍（", "走后王会被将军（"),
                p("的", "的"),
                chess_role(lang, *role),
                p(
                    "被牽制，或國王走進被將軍的格子）",
                    "被牵制，或王走进被将军的格子）"
                )
            ),
            Why::PawnBackwards => p("兵不能後退或橫走", "兵不能后退或横走").into(),
            Why::PawnBlocked { from, at } => format!(
                "{from}{}{}{}",
                p("的兵被", "的兵被"),
                squares(at),
                p("擋住", "挡住")
            ),
            Why::PawnTwoSquares => p("兵只有在起始橫排才能走兩格", "兵只有在起始横线才能走两格").into(),
            Why::PawnOneSquare => p(
                "兵每次向前走一格（在起始橫排可走兩格）",
                "兵每次向前走一格（在起始横线可走两格）",
            )
            .into(),
            Why::PawnNothingToCapture(to) => format!(
                "{}{to}{}",
                p("兵只有吃子時才能斜走，但", "兵只有吃子时才能斜走，但"),
                p("沒有可吃的棋子", "没有可吃的棋子")
            ),
            Why::NotLegal => p("在此局面不是合法走法", "在此局面不是合法着法").into(),
            Why::NotNotation => p(
                "既不是 UCI（e2e4）也不是 SAN（Nf3、O-O、exd6、e8=Q）",
                "既不是 UCI（e2e4）也不是 SAN（Nf3、O-O、exd6、e8=Q）",
            )
            .into(),
            Why::NoSuchPiece { mover, role, there } => format!(
                "{}{}{}",
                side(*mover),
                if *there {
                    p("在該處沒有", "在该处没有")
                } else {
                    p("沒有", "没有")
                },
                chess_role(lang, *role)
            ),
            Why::Ambiguous { role, to } => {
                format!(
                    "{}{}{to}",
                    p("有歧義：不止一個", "有歧义：不止一个"),
                    chess_role(lang, *role)
                ) + p("可以走到該格", "可以走到该格")
            }
            Why::NothingToCapture(to) => format!("{to}{}", p("沒有可吃的棋子", "没有可吃的棋子")),
            Why::WriteX(to) => format!(
                "{}{to}{}",
                p("這步在", "这步在"),
                p("吃子（須寫 x）", "吃子（须写 x）")
            ),
            Why::Promotion => p("升變的棋子缺少或不對", "升变的棋子缺少或不对").into(),
            Why::NoneCanGo { role, to, each } => {
                let mut v: Vec<String> = each
                    .iter()
                    .map(|(from, r)| format!("{from}：{}", why_zh(r, lang)))
                    .collect();
                v.dedup();
                format!(
                    "{}{}{}{to}（{}）",
                    p("沒有", "没有"),
                    chess_role(lang, *role),
                    p("可以走到", "可以走到"),
                    v.join("；")
                )
            }
            Why::WrittenInUci(san) => format!(
                "{}{san}",
                p(
                    "以 UCI 寫成；PGN 的走法用 SAN：",
                    "以 UCI 写成；PGN 的着法用 SAN："
                )
            ),
        }
    }
    let mut s = why_zh(&e.why, lang);
    if !e.near.is_empty() {
        s.push_str(&format!(
            "{}{}？",
            p("；是否要走", "；是否要走"),
            e.near.join(p("或", "或"))
        ));
    }
    s
}

/// Why a chess FEN cannot be read, in `lang` (the English is its `Display`).
pub fn chess_fen(r: &chess::explain::FenReason, lang: Lang) -> String {
    use chess::explain::FenReason as F;
    if lang == Lang::En {
        return r.to_string();
    }
    let p = |hant, hans| zh::pick(lang, hant, hans);
    match r {
        F::Empty => p("FEN 是空的", "FEN 是空的").into(),
        F::RankCount(n) => format!(
            "{}{n}{}",
            p("棋盤有", "棋盘有"),
            p(
                "個橫排；西洋棋需要以「/」分隔的8個橫排",
                "个横线；国际象棋需要以「/」分隔的8条横线"
            )
        ),
        F::BadChar { rank, text, at, ch } => format!(
            "{}{rank}{}「{text}」{}{at}{}「{ch}」{}",
            p("第", "第"),
            p("橫排", "横线"),
            p("的第", "的第"),
            p("個字元", "个字符"),
            p(
                "不是棋子字母（白方 PNBRQK，黑方 pnbrqk）也不是數字1至8",
                "不是棋子字母（白方 PNBRQK，黑方 pnbrqk）也不是数字1至8"
            )
        ),
        F::RankLength { rank, text, squares } => format!(
            "{}{rank}{}「{text}」{}{squares}{}",
            p("第", "第"),
            p("橫排", "横线"),
            p("描述了", "描述了"),
            p("格；每個橫排需要8格", "格；每条横线需要8格")
        ),
        F::BadSide(t) => format!(
            "{}「{t}」{}",
            p("輪走方（第2欄）是", "轮走方（第2栏）是"),
            p("：須為 w 或 b", "：须为 w 或 b")
        ),
        F::BadCastling { text, bad } => format!(
            "{}「{text}」{}「{bad}」{}",
            p("王車易位欄（第3欄）是", "王车易位栏（第3栏）是"),
            p("：", "："),
            p("不是 K、Q、k、q 或 -", "不是 K、Q、k、q 或 -")
        ),
        F::BadEnPassant(t) => format!(
            "{}「{t}」{}",
            p("吃過路兵格（第4欄）是", "吃过路兵格（第4栏）是"),
            p("：須為第3或第6橫排的格，或 -", "：须为第3或第6横线的格，或 -")
        ),
        F::BadNumber { move_number, value } => format!(
            "{}「{value}」{}",
            if *move_number {
                p("回合數（第6欄）是", "回合数（第6栏）是")
            } else {
                p("半回合計數（第5欄）是", "半回合计数（第5栏）是")
            },
            p("：須為整數", "：须为整数")
        ),
        F::TooManyFields(n) => format!("{}{n}{}", p("有", "有"), p("個欄位，最多6個", "个字段，最多6个")),
        F::Setup { kinds, .. } => chess_setup(kinds, lang),
        F::Unread(t) => format!("{}{t}", p("無法讀取：", "无法读取：")),
    }
}

/// Why a chess setup is not a legal position, in Chinese: each kind the chess library
/// names, `、`-separated.
fn chess_setup(kinds: &shakmaty::PositionErrorKinds, lang: Lang) -> String {
    use shakmaty::PositionErrorKinds as K;
    let p = |hant, hans| zh::pick(lang, hant, hans);
    let words = [
        (K::EMPTY_BOARD, p("棋盤上沒有棋子", "棋盘上没有棋子")),
        (K::MISSING_KING, p("缺少國王", "缺少王")),
        (K::TOO_MANY_KINGS, p("國王太多", "王太多")),
        (K::PAWNS_ON_BACKRANK, p("底線上有兵", "底线上有兵")),
        (K::INVALID_CASTLING_RIGHTS, p("王車易位權不對", "王车易位权不对")),
        (K::INVALID_EP_SQUARE, p("吃過路兵格不對", "吃过路兵格不对")),
        (
            K::OPPOSITE_CHECK,
            p("不輪走的一方正被將軍", "不轮走的一方正被将军"),
        ),
        (
            K::IMPOSSIBLE_CHECK,
            p("將軍的局面不可能出現", "将军的局面不可能出现"),
        ),
        (K::TOO_MUCH_MATERIAL, p("棋子數量超出可能", "棋子数量超出可能")),
        (K::VARIANT, p("不合變體規則", "不合变体规则")),
    ];
    let found: Vec<&str> = words
        .iter()
        .filter(|(k, _)| kinds.contains(*k))
        .map(|(_, w)| *w)
        .collect();
    let what = if found.is_empty() {
        p("原因不明", "原因不明").to_string()
    } else {
        found.join("、")
    };
    format!("{}{what}", p("不合規的局面：", "不合规的局面："))
}

/// A chess error in `lang`.
pub fn chess_error(e: &chess::ChessError, lang: Lang) -> String {
    use chess::ChessError as C;
    if lang == Lang::En {
        return e.to_string();
    }
    let p = |hant, hans| zh::pick(lang, hant, hans);
    match e {
        C::IllegalMove { ply, mv, reason } => format!(
            "{}{}{}「{mv}」{}{}",
            p("第", "第"),
            zh::plies(lang, *ply),
            p("的走法", "的着法"),
            p("不合規則：", "不合规则："),
            chess_illegal(reason, lang)
        ),
        C::IllegalIntendedMove {
            ply,
            mv,
            reason,
            mover,
        } => format!(
            "{}「{mv}」{}{ply}{}{}（{}{}）",
            p("預定走法", "预定着法"),
            p("在第", "在第"),
            p("個半回合不能走：", "个半回合不能走："),
            chess_illegal(reason, lang),
            if mover.is_white() { "白方" } else { "黑方" },
            p("輪走", "轮走")
        ),
        C::Fen { fen, reason } => format!(
            "{}「{fen}」：{}",
            p("無法讀取的 FEN", "无法读取的 FEN"),
            chess_fen(reason, lang)
        ),
        C::Pgn(why) => format!("{}{why}", p("PGN 損壞：", "PGN 损坏：")),
        C::NoGame => p("PGN 文字中沒有對局", "PGN 文本中没有对局").into(),
        C::PlyOutOfRange { ply, plies } => format!(
            "{}{ply}{}{}",
            p("第", "第"),
            p("個半回合超出已走的", "个半回合超出已走的"),
            zh::plies(lang, *plies)
        ),
        _ => e.to_string(),
    }
}

/// A record reader's error in `lang`.
pub fn record(e: &records::RecordErrorKind, lang: Lang) -> String {
    use records::RecordErrorKind as K;
    if lang == Lang::En {
        return e.to_string();
    }
    let p = |hant, hans| zh::pick(lang, hant, hans);
    match e {
        K::BadFen { fen, error } => format!(
            "{}「{fen}」{}{}",
            p("FEN 標籤", "FEN 标签"),
            p("不對：", "不对："),
            xiangqi_fen(error, lang)
        ),
        K::BadStart(error) => format!(
            "{}{}",
            p("開始局面不對：", "开始局面不对："),
            xiangqi_fen(error, lang)
        ),
        K::Move(n) => notation(n, lang),
        K::Illegal(m) => format!(
            "{}{}{}{}",
            p("著法", "着法"),
            m.mv,
            p("不合規則：", "不合规则："),
            xiangqi_illegal(&m.reason, lang)
        ),
        K::Xqf(x) => xqf(x, lang),
        K::Malformed(m) => match &m.fault {
            Some(f) => format!(
                "{} {}{}{}{}",
                m.format,
                p("檔案損壞（位元組位移 ", "文件损坏（字节偏移 "),
                m.offset,
                p("）：", "）："),
                cbr_fault(f, lang)
            ),
            None => e.to_string(),
        },
        K::Broken(why) => format!("{}{why}", p("記錄損壞：", "记录损坏：")),
        K::Read(why) => format!("{}{why}", p("無法讀取：", "无法读取：")),
        _ => e.to_string(),
    }
}

/// Why an XQF file cannot be read, in Chinese.
fn xqf(e: &records::xqf::XqfError, lang: Lang) -> String {
    use records::xqf::XqfError as X;
    let p = |hant, hans| zh::pick(lang, hant, hans);
    match e {
        X::TooShort { len } => format!(
            "{}{len}{}",
            p("檔案太短，不是 XQF：只有", "文件太短，不是 XQF：只有"),
            p("位元組（至少需要1028位元組）", "字节（至少需要1028字节）")
        ),
        X::BadMagic => p(
            "不是 XQF 檔案：開頭沒有「XQ」標記",
            "不是 XQF 文件：开头没有「XQ」标记",
        )
        .into(),
        X::DoubleOccupied { square } => format!(
            "{}{square}{}",
            p("棋子表在", "棋子表在"),
            p("放了兩個棋子", "放了两个棋子")
        ),
        X::Truncated { offset } => format!(
            "{}{offset:#x}{}",
            p("位元組位移 ", "字节偏移 "),
            p(" 處的著法記錄不完整", " 处的着法记录不完整")
        ),
        X::BadSquare { code } => format!(
            "{}{code}{}",
            p("點位代碼 ", "点位代码 "),
            p(" 不是棋盤上的點", " 不是棋盘上的点")
        ),
    }
}

/// What is wrong in a CBR image, in Chinese.
fn cbr_fault(f: &records::cbr::CbrFault, lang: Lang) -> String {
    use records::cbr::CbrFault as F;
    let p = |hant, hans| zh::pick(lang, hant, hans);
    match f {
        F::NoMagic => p(
            "開頭沒有「CCBridge Record」標記",
            "开头没有「CCBridge Record」标记",
        )
        .into(),
        F::HeaderCut => p("檔頭不完整", "文件头不完整").into(),
        F::Version(v) => format!(
            "{}{v}{}",
            p("不認得的 CBR 版本 ", "不认得的 CBR 版本 "),
            p("（只讀第1、2版）", "（只读第1、2版）")
        ),
        F::HeaderShort { len, tree } => format!(
            "{}{len}{}{tree}{}",
            p("檔頭不完整：只有", "文件头不完整：只有"),
            p("位元組，著法樹從第", "字节，着法树从第"),
            p("位元組開始", "字节开始")
        ),
        F::PieceByte(b) => format!(
            "{}{b:#04x}",
            p("棋盤上有不認得的棋子代碼 ", "棋盘上有不认得的棋子代码 ")
        ),
        F::BoardIndex => p("棋盤位置超出範圍", "棋盘位置超出范围").into(),
        F::TreeCut => p("著法樹在資料結尾處中斷", "着法树在数据结尾处中断").into(),
        F::BadNode(b) => format!(
            "{}{:02x} {:02x} {:02x} {:02x}",
            p("著法節點不對：", "着法节点不对："),
            b[0],
            b[1],
            b[2],
            b[3]
        ),
        F::CommentLengthCut => p("註解長度不完整", "注释长度不完整").into(),
        F::CommentPastEnd(n) => format!(
            "{}{n}{}",
            p("長", "长"),
            p("位元組的註解超出資料結尾", "字节的注释超出数据结尾")
        ),
        F::OffBoard { from, to } => format!(
            "{}{from}-{to}{}",
            p("著法 ", "着法 "),
            p(" 的點位不在棋盤上", " 的点位不在棋盘上")
        ),
    }
}

/// A typed cause in `lang` (Chinese: the readers' and rules' kinds worded; English: the
/// kind's own words).
pub fn cause(c: &Cause, lang: Lang) -> String {
    let p = |hant, hans| zh::pick(lang, hant, hans);
    match (c, lang) {
        (Cause::Notation(e), _) => notation(e, lang),
        (Cause::XiangqiIllegal(m), Lang::En) => m.to_string(),
        (Cause::XiangqiIllegal(m), _) => format!(
            "{}{}{}{}",
            p("著法", "着法"),
            m.mv,
            p("不合規則：", "不合规则："),
            xiangqi_illegal(&m.reason, lang)
        ),
        (Cause::XiangqiFen { fen, error }, Lang::En) => format!("invalid xiangqi FEN '{fen}': {error}"),
        (Cause::XiangqiFen { fen, error }, _) => format!(
            "{}「{fen}」：{}",
            p("不合規的象棋 FEN", "不合规的中国象棋 FEN"),
            xiangqi_fen(error, lang)
        ),
        (Cause::Chess(e), _) => chess_error(e, lang),
        (Cause::NotChessMove(t), Lang::En) => {
            format!("'{t}' is not a chess move (SAN such as Nf3, O-O, exd6, e8=Q)")
        }
        (Cause::NotChessMove(t), _) => format!(
            "「{t}」{}",
            p(
                "不是西洋棋走法（SAN，例如 Nf3、O-O、exd6、e8=Q）",
                "不是国际象棋着法（SAN，例如 Nf3、O-O、exd6、e8=Q）"
            )
        ),
        (Cause::Record(k), _) => record(k, lang),
        (Cause::Cycle(e), Lang::En) => e.to_string(),
        (Cause::Cycle(e), _) => cycle_error(e, lang),
        (
            Cause::NoSuchGame {
                file: Some(f),
                number,
            },
            Lang::En,
        ) => format!("{f}: there is no game {number}"),
        (Cause::NoSuchGame { file: None, number }, Lang::En) => format!("the record has no game {number}"),
        (Cause::NoSuchGame { file, number }, _) => format!(
            "{}{}{number}{}",
            file.as_ref().map(|f| format!("{f}：")).unwrap_or_default(),
            p("記錄中沒有第", "记录中没有第"),
            "局"
        ),
        (Cause::NoGame { empty: true }, Lang::En) => "no game found: the input is empty".into(),
        (Cause::NoGame { empty: false }, Lang::En) => {
            "no game found: the input holds no tags, moves or result".into()
        }
        (Cause::NoGame { empty: true }, _) => p("找不到對局：輸入是空的", "找不到对局：输入是空的").into(),
        (Cause::NoGame { empty: false }, _) => p(
            "找不到對局：輸入中沒有標籤、著法或結果",
            "找不到对局：输入中没有标签、着法或结果",
        )
        .into(),
        (Cause::NotXqf, Lang::En) => "not an XQF file: it does not start with the 'XQ' signature".into(),
        (Cause::NotXqf, _) => p(
            "不是 XQF 檔案：開頭沒有「XQ」標記",
            "不是 XQF 文件：开头没有「XQ」标记",
        )
        .into(),
        (Cause::Unreadable { reason, .. }, Lang::En) => reason.clone(),
        (Cause::Unreadable { kind: None, reason }, _) if crate::walk::is_no_record_files(reason) => {
            let (records, texts) = crate::walk::record_extensions();
            format!(
                "{}{records}{}{texts}{}",
                p("此目錄中沒有記錄檔（", "此目录中没有记录文件（"),
                p("，或內含記錄的 ", "，或内含记录的 "),
                "）"
            )
        }
        (Cause::Unreadable { kind, reason }, _) => {
            use std::io::ErrorKind as E;
            match kind {
                Some(E::NotFound) => p("無法讀取：檔案或目錄不存在", "无法读取：文件或目录不存在").into(),
                Some(E::PermissionDenied) => p("無法讀取：沒有讀取權限", "无法读取：没有读取权限").into(),
                Some(E::IsADirectory) => p("無法讀取：這是目錄", "无法读取：这是目录").into(),
                _ => format!("{}{reason}", p("無法讀取：", "无法读取：")),
            }
        }
    }
}

impl GameError {
    /// `FILE: game N, ply P: error: ERROR` and a newline.
    pub fn text(&self) -> String {
        crate::render::errors::game_error(self)
    }

    /// [`GameError::text`] in `lang`.
    pub fn text_in(&self, lang: Lang) -> String {
        crate::render::errors::game_error_in(self, lang)
    }
}

/// Moves given as a cycle that are not one, in Chinese (`lang` is zh-Hant or zh-Hans).
fn cycle_error(e: &crate::xiangqi::repetition::CycleError, lang: Lang) -> String {
    use crate::xiangqi::repetition::CycleError;
    let p = |hant: &'static str, hans: &'static str| zh::pick(lang, hant, hans);
    let script = match lang {
        Lang::ZhHans => xiangqi::notation::ChineseScript::Simplified,
        _ => xiangqi::notation::ChineseScript::Traditional,
    };
    match e {
        CycleError::Empty => p(
            "沒有著法：一個循環至少要有一個來回",
            "没有着法：一个循环至少要有一个来回",
        )
        .into(),
        CycleError::Illegal { ply, mv, reason } => format!(
            "{}{ply}{}{mv}{}{reason}",
            p("第", "第"),
            p("個半回合的著法 ", "个半回合的着法 "),
            p(" 不合規則：", " 不合规则：")
        ),
        CycleError::NotACycle { plies, start, end } => {
            let piece = |pc: Option<xiangqi::Piece>| match pc {
                Some(pc) => format!(
                    "{}{}",
                    zh::side(lang, pc.color),
                    xiangqi::notation::piece_char(pc.kind, pc.color, script)
                ),
                None => p("空", "空").to_string(),
            };
            let how = if start.side_to_move() != end.side_to_move() {
                format!(
                    "{}{}{}",
                    p("輪到", "轮到"),
                    zh::side(lang, end.side_to_move()),
                    p("走，而開始時不是", "走，而开始时不是")
                )
            } else {
                xiangqi::Square::all()
                    .filter(|&sq| start.piece_at(sq) != end.piece_at(sq))
                    .map(|sq| {
                        format!(
                            "{sq}{}{}{}{}",
                            p("為", "为"),
                            piece(end.piece_at(sq)),
                            p("（開始時：", "（开始时："),
                            piece(start.piece_at(sq))
                        ) + "）"
                    })
                    .collect::<Vec<_>>()
                    .join("，")
            };
            format!(
                "{}{plies}{}{how}",
                p("著法沒有回到開始局面：", "着法没有回到开始局面："),
                p("個半回合後，", "个半回合后，")
            )
        }
    }
}
