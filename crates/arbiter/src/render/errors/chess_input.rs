//! The words of a chess move that is not legal and a chess FEN that does not read.

use crate::chess;
use crate::render::zh;
use crate::types::Lang;

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
    if lang == Lang::En {
        return e.to_string();
    }
    let p = |hant, hans| zh::pick(lang, hant, hans);
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

/// Why a chess move is illegal, in Chinese (`lang` is zh-Hant or zh-Hans).
fn why_zh(w: &chess::explain::Why, lang: Lang) -> String {
    use chess::explain::Why;
    let p = |hant, hans| zh::pick(lang, hant, hans);
    let side = |c: shakmaty::Color| if c.is_white() { "白方" } else { "黑方" };
    let squares = |v: &[shakmaty::Square]| v.iter().map(ToString::to_string).collect::<Vec<_>>().join("、");
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
            p("輪走方（第2欄）是", "轮走方（第2个字段）是"),
            p("：須為 w 或 b", "：须为 w 或 b")
        ),
        F::BadCastling { text, bad } => format!(
            "{}「{text}」{}「{bad}」{}",
            p("王車易位欄（第3欄）是", "王车易位（第3个字段）是"),
            p("：", "："),
            p("不是 K、Q、k、q 或 -", "不是 K、Q、k、q 或 -")
        ),
        F::BadEnPassant(t) => format!(
            "{}「{t}」{}",
            p("吃過路兵格（第4欄）是", "吃过路兵格（第4个字段）是"),
            p("：須為第3或第6橫排的格，或 -", "：须为第3或第6横线的格，或 -")
        ),
        F::BadNumber { move_number, value } => format!(
            "{}「{value}」{}",
            if *move_number {
                p("回合數（第6欄）是", "回合数（第6个字段）是")
            } else {
                p("半回合計數（第5欄）是", "半回合计数（第5个字段）是")
            },
            p("：須為整數", "：须为整数")
        ),
        F::TooManyFields(n) => format!("{}{n}{}", p("有", "有"), p("個欄位，最多6個", "个字段，最多6个")),
        F::Setup { kinds, .. } => chess_setup(kinds, lang),
        F::Unread(t) => format!("{}{t}", p("無法讀取：", "无法读取：")),
    }
}

/// Why a chess setup is not a legal position, in `lang`: each kind the chess library names
/// (`illegal position: the side not to move is in check`; `不合規的局面：不輪走的一方正被將軍`).
pub fn chess_setup(kinds: &shakmaty::PositionErrorKinds, lang: Lang) -> String {
    use shakmaty::PositionErrorKinds as K;
    // Each kind in English, traditional and simplified Chinese.
    const WORDS: [(K, &str, &str, &str); 10] = [
        (
            K::EMPTY_BOARD,
            "the board is empty",
            "棋盤上沒有棋子",
            "棋盘上没有棋子",
        ),
        (K::MISSING_KING, "a king is missing", "缺少國王", "缺少王"),
        (
            K::TOO_MANY_KINGS,
            "a side has more than one king",
            "國王太多",
            "王太多",
        ),
        (
            K::PAWNS_ON_BACKRANK,
            "a pawn stands on the first or last rank",
            "底線上有兵",
            "底线上有兵",
        ),
        (
            K::INVALID_CASTLING_RIGHTS,
            "castling rights without their king and rook",
            "王車易位權不對",
            "王车易位权不对",
        ),
        (
            K::INVALID_EP_SQUARE,
            "an en passant square no pawn move made",
            "吃過路兵格不對",
            "吃过路兵格不对",
        ),
        (
            K::OPPOSITE_CHECK,
            "the side not to move is in check",
            "不輪走的一方正被將軍",
            "不轮走的一方正被将军",
        ),
        (
            K::IMPOSSIBLE_CHECK,
            "a check no legal move could have given",
            "將軍的局面不可能出現",
            "将军的局面不可能出现",
        ),
        (
            K::TOO_MUCH_MATERIAL,
            "more men than a game can have",
            "棋子數量超出可能",
            "棋子数量超出可能",
        ),
        (
            K::VARIANT,
            "against the variant's rules",
            "不合變體規則",
            "不合变体规则",
        ),
    ];
    let found: Vec<&str> = WORDS
        .iter()
        .filter(|w| kinds.contains(w.0))
        .map(|w| {
            if lang == Lang::En {
                w.1
            } else {
                zh::pick(lang, w.2, w.3)
            }
        })
        .collect();
    let (lead, none, sep) = match lang {
        Lang::En => ("illegal position: ", "no reason given", ", "),
        _ => (
            zh::pick(lang, "不合規的局面：", "不合规的局面："),
            "原因不明",
            "、",
        ),
    };
    let what = if found.is_empty() {
        none.to_string()
    } else {
        found.join(sep)
    };
    format!("{lead}{what}")
}

/// `{lead}走法「MV」不合規則：WHY` (simplified: 着法, 不合规则): an illegal move after its
/// ply (`lead` 的) or after a place that names the ply (`lead` empty).
pub(super) fn illegal_move_zh(mv: &str, reason: &chess::explain::Illegal, lang: Lang, lead: &str) -> String {
    format!(
        "{lead}{}「{mv}」{}{}",
        zh::pick(lang, "走法", "着法"),
        zh::pick(lang, "不合規則：", "不合规则："),
        chess_illegal(reason, lang)
    )
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
            "{}{}{}",
            p("第", "第"),
            zh::plies(lang, *ply),
            illegal_move_zh(mv, reason, lang, "的")
        ),
        C::IllegalIntendedMove {
            ply,
            mv,
            reason,
            mover,
        } => format!(
            "{}{}{ply}{}「{mv}」：{}",
            if mover.is_white() { "白方" } else { "黑方" },
            p("在第", "在第"),
            p("個半回合不能走預定走法", "个半回合不能走预定着法"),
            chess_illegal(reason, lang)
        ),
        C::Fen { fen, reason } => format!(
            "{}「{fen}」：{}",
            p("無法讀取的 FEN", "无法读取的 FEN"),
            chess_fen(reason, lang)
        ),
        C::Pgn(why) => format!("{}{why}", p("PGN 損壞：", "PGN 损坏：")),
        C::Broken(why) => format!(
            "{}{}",
            p("PGN 損壞：", "PGN 损坏："),
            super::record::broken(why, lang)
        ),
        C::NotAMove { ply, token } => format!(
            "{}{}{}「{token}」{}",
            p("PGN 損壞：第", "PGN 损坏：第"),
            zh::plies(lang, *ply),
            p("的", "的"),
            p("不是西洋棋走法", "不是国际象棋着法")
        ),
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
