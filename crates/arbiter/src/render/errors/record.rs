//! The words of a record that could not be read (any format; XQF and CBR faults).

use super::xiangqi_input::{notation, xiangqi_fen, xiangqi_illegal};
use crate::render::zh;
use crate::types::Lang;

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
        K::Broken(why) => format!("{}{}", p("記錄損壞：", "记录损坏："), broken(why, lang)),
        K::Read { kind, reason } => super::unreadable(Some(*kind), reason, lang),
        K::Overflow(o) => format!(
            "第{}行{}{}{}{}{}",
            o.line,
            match o.what {
                "game" => p("對局", "对局"),
                "tag" => p("標籤", "标签"),
                "comment" => p("註解", "注释"),
                _ => p("單一記號", "单个记号"),
            },
            p("超過", "超过"),
            o.limit,
            p("位元組", "字节"),
            p("：略過，讀下一局", "：跳过，读下一局")
        ),
        K::TooLarge { format, limit_mib } => format!(
            "{format} {}{limit_mib} MiB{}",
            p("檔案超過 ", "文件超过 "),
            p(
                "：不讀取（此格式的檔案須整個讀入）",
                "：不读取（此格式的文件须整个读入）"
            )
        ),
        K::CompressedCbl => p(
            "壓縮的象棋橋容器（「CCBridge」＋ zlib），無法讀取；請在象棋橋中另存為 CBL 或 CBR",
            "压缩的象棋桥容器（「CCBridge」＋ zlib），无法读取；请在象棋桥中另存为 CBL 或 CBR",
        )
        .into(),
    }
}

/// A record reader's error with its place, in `lang`: English, its `Display` (`FILE: game N
/// (line L), ply P ('TEXT'): REASON`); Chinese, `FILE，第N局［P］：REASON`.
pub fn record_error(e: &records::RecordError, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    let file = e.file.as_deref().map(|f| format!("{f}，")).unwrap_or_default();
    let ply = e.ply.map(zh::ply_mark).unwrap_or_default();
    format!("{file}第{}局{ply}：{}", e.index + 1, record(&e.kind, lang))
}

/// Why a PGN record is broken, in `lang` (English: its `Display`).
pub fn broken(b: &records::pgn::Broken, lang: Lang) -> String {
    use records::pgn::Broken as B;
    let p = |hant, hans| zh::pick(lang, hant, hans);
    match (b, lang) {
        (_, Lang::En) => b.to_string(),
        (B::UnterminatedComment, _) => p(
            "註解沒有結束：「{」始終沒有配對的「}」",
            "注释没有结束：「{」始终没有配对的「}」",
        )
        .into(),
        (B::UnclosedVariation { open }, _) => format!(
            "{}{open}{}",
            p("分支沒有結束：", "分支没有结束："),
            p(
                "個「(」始終沒有配對的「)」，無法分辨主線",
                "个「(」始终没有配对的「)」，无法分辨主线"
            )
        ),
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
            p("不認得的 CBR 版本 ", "无法识别的 CBR 版本 "),
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
            p("棋盤上有不認得的棋子代碼 ", "棋盘上有无法识别的棋子代码 ")
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
