//! The words of a xiangqi move that is not legal, notation that names no move, a FEN that
//! does not read, and moves given as a cycle that are not one.

use crate::render::zh;
use crate::types::Lang;
use xiangqi::notation::NotationError;
use xiangqi::{FenError, Illegal, PieceKind};

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
            p("行有不認得的棋子字母", "行有无法识别的棋子字母")
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
                "{}{}{count}{}{}{}{max}{}",
                zh::side(lang, *color),
                p("有", "有"),
                p("個", "个"),
                zh::piece_named(lang, kind, *color),
                p("；最多", "；最多"),
                p("個", "个")
            )
        }
        FenError::Trailing(t) => format!(
            "{}「{t}」",
            p("FEN 的六個欄位之後還有文字：", "FEN 的六个字段之后还有文字：")
        ),
        FenError::BadPlacement { color, kind, square } => format!(
            "{}{}{}{square}{}",
            zh::side(lang, *color),
            p("的", "的"),
            zh::piece_named(lang, kind, *color),
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

/// Moves given as a cycle that are not one, in Chinese (`lang` is zh-Hant or zh-Hans).
pub(super) fn cycle_error(e: &crate::xiangqi::repetition::CycleError, lang: Lang) -> String {
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
