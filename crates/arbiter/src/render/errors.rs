//! The words of errors: a request that does not fit its question, a game that could not be
//! judged. One module per kind of error: `usage` (a request that does not fit),
//! `xiangqi_input` (a xiangqi move, notation, FEN or cycle), `chess_input` (a chess move or
//! FEN), `record` (a record that could not be read); this module words a game error and a
//! typed cause.

mod chess_input;
mod record;
mod usage;
mod xiangqi_input;

pub use chess_input::{chess_error, chess_fen, chess_illegal, chess_setup};
pub use record::{broken, record, record_error};
pub use usage::{usage, values_list};
use xiangqi_input::cycle_error;
pub use xiangqi_input::{notation, xiangqi_fen, xiangqi_illegal};

use super::{zh, InputWords, Voice};
use crate::report::{Cause, Error, GameError, ReaderLine};
use crate::types::Lang;

/// `FILE: game N, ply P: error: ERROR` and a newline.
pub fn game_error(r: &GameError) -> String {
    game_error_in(r, Lang::En)
}

/// [`game_error`] naming what was given with `words`.
fn game_error_en(r: &GameError, words: &InputWords) -> String {
    match &r.text {
        Some(ReaderLine::Whole(t)) => return format!("{t}\n"),
        Some(ReaderLine::AfterInput(t)) => return format!("{}: {t}\n", input_name(&r.file, words)),
        None => {}
    }
    let message = after_place(r, Lang::En).unwrap_or_else(|| r.error.clone());
    if r.from_position {
        let place = r.ply.map(|p| format!(", ply {p}")).unwrap_or_default();
        return format!("{}{place}: error: {message}\n", words.position);
    }
    let place = match (r.index, r.ply) {
        (Some(i), Some(p)) => format!(": game {}, ply {p}", i + 1),
        (Some(i), None) => format!(": game {}", i + 1),
        _ => String::new(),
    };
    format!("{}{place}: error: {message}\n", input_name(&r.file, words))
}

/// The message of an error whose place already names its ply, where the message would name
/// it again: a chess illegal move (`illegal move "e2e5": …`, not `… at ply 1: …` after
/// `ply 1:`). `None`: the message as it is.
fn after_place(r: &GameError, lang: Lang) -> Option<String> {
    r.ply?;
    let Some(Cause::Chess(crate::chess::ChessError::IllegalMove { mv, reason, .. })) = r.cause.as_deref()
    else {
        return None;
    };
    Some(match lang {
        Lang::En => format!("illegal move {mv:?}: {reason}"),
        _ => chess_input::illegal_move_zh(mv, reason, lang, ""),
    })
}

/// How an error names its input: the file label, or `words`' [`InputWords::stdin`] for `-`
/// (as the reports name it).
fn input_name<'a>(file: &'a str, words: &'a InputWords) -> &'a str {
    if file == "-" {
        words.stdin[0]
    } else {
        file
    }
}

/// [`game_error`] in `voice`'s language: the place and the word for error in that language;
/// the error's own message is the library's (typed usage errors in that language, input
/// errors as the readers word them).
pub fn game_error_in(r: &GameError, voice: impl Into<Voice>) -> String {
    let voice = voice.into();
    let lang = voice.lang;
    if lang == Lang::En {
        return game_error_en(r, voice.words);
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
            after_place(r, lang).unwrap_or_else(|| error_words(r, lang))
        );
    }
    let file = if r.file == "-" {
        InputWords::pick(voice.words.stdin, lang).to_string()
    } else {
        r.file.clone()
    };
    format!(
        "{file}{place}：{}{}\n",
        zh::pick(lang, "錯誤：", "错误："),
        after_place(r, lang).unwrap_or_else(|| error_words(r, lang))
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
/// A library error in `lang`: a usage error in `lang`; an input error as its reader words it.
pub fn error(e: &Error, lang: Lang) -> String {
    match e {
        Error::Usage(u) => usage(u, lang),
        Error::Input {
            cause: Some(c), ply, ..
        } if lang != Lang::En => match (&**c, ply) {
            // A move of `--moves` (its English message is `notation_at`'s too).
            (Cause::Notation(n), Some(p)) => notation_at(n, *p, lang),
            (c, _) => cause(c, lang),
        },
        Error::Input { message, .. } => message.clone(),
    }
}

/// A move of a move list given as text (`--moves`) that does not read, at `ply`, in `lang`:
/// `ply 5: MESSAGE` (第5個半回合：MESSAGE); the English is the library error's own message.
pub fn notation_at(e: &xiangqi::notation::NotationError, ply: usize, lang: Lang) -> String {
    match lang {
        Lang::En => format!("ply {ply}: {e}"),
        _ => format!("第{}：{}", zh::plies(lang, ply), notation(e, lang)),
    }
}

/// A move the live referee could not play, in `lang`.
pub fn move_error(e: &crate::live::MoveError, lang: Lang) -> String {
    match (&e.cause, lang) {
        (Some(c), Lang::ZhHant | Lang::ZhHans) => cause(c, lang),
        _ => e.error.clone(),
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
        (
            Cause::Unreadable {
                no_input: Some(crate::walk::NoInput::NoRecordFiles),
                ..
            },
            _,
        ) => {
            let (records, texts) = crate::walk::record_extensions();
            format!(
                "{}{records}{}{texts}{}",
                p("此目錄中沒有記錄檔（", "此目录中没有记录文件（"),
                p("，或內含記錄的 ", "，或内含记录的 "),
                "）"
            )
        }
        (Cause::Unreadable { kind, reason, .. }, _) => unreadable(*kind, reason, lang),
    }
}

/// An input that could not be read, in `lang`: the system error's kind worded (Chinese), else
/// `reason` (the English reason) after the words for "cannot read".
pub fn unreadable(kind: Option<std::io::ErrorKind>, reason: &str, lang: Lang) -> String {
    use std::io::ErrorKind as E;
    if lang == Lang::En {
        return reason.to_string();
    }
    let p = |hant, hans| zh::pick(lang, hant, hans);
    match kind {
        Some(E::NotFound) => p("無法讀取：檔案或目錄不存在", "无法读取：文件或目录不存在").into(),
        Some(E::PermissionDenied) => p("無法讀取：沒有讀取權限", "无法读取：没有读取权限").into(),
        Some(E::IsADirectory) => p("無法讀取：這是目錄", "无法读取：这是目录").into(),
        _ => format!("{}{reason}", p("無法讀取：", "无法读取：")),
    }
}

/// An input that could not be opened or read ([`crate::walk::Unopened`]), named by `label`,
/// in `lang`: English, its reason, which names the path when the system refused it (`cannot
/// read PATH: REASON`) and is led by `LABEL: ` when the path is missing or holds no record
/// (`x.pgn: no such file or directory`); Chinese, `LABEL：` and the system error's kind worded.
pub fn unopened(label: &str, u: &crate::walk::Unopened, lang: Lang) -> String {
    if lang == Lang::En {
        return match u.no_input {
            Some(_) => format!("{label}: {}", u.reason),
            None => u.reason.clone(),
        };
    }
    let c = Cause::Unreadable {
        kind: u.kind,
        reason: u.reason.clone(),
        no_input: u.no_input.clone(),
    };
    format!("{label}：{}", cause(&c, lang))
}

/// A path a walk passed over ([`crate::walk::Skip`]), in `lang` (English: its `Display`).
pub fn skip(s: &crate::walk::Skip, lang: Lang) -> String {
    use crate::walk::SkipReason as R;
    if lang == Lang::En {
        return s.to_string();
    }
    let p = |hant, hans| zh::pick(lang, hant, hans);
    let why = match &s.why {
        R::Loop(a) => format!(
            "{}{}{}",
            p("符號連結迴圈（連回 ", "符号链接循环（链回 "),
            a.display(),
            "）"
        ),
        R::SameFile => p("同一檔案已用另一個名稱讀過", "同一文件已用另一个名称读过").into(),
        R::Error(_) => p("無法存取", "无法访问").into(),
        R::Fifo => p("具名管道，不是一般檔案", "命名管道，不是普通文件").into(),
        R::Device => p("裝置，不是一般檔案", "设备，不是普通文件").into(),
        R::Socket => p("通訊端，不是一般檔案", "套接字，不是普通文件").into(),
        R::NotRegular => p("不是一般檔案", "不是普通文件").into(),
    };
    format!("{}{}：{why}", p("略過 ", "跳过 "), s.path.display())
}

impl GameError {
    /// `FILE: game N, ply P: error: ERROR` and a newline.
    pub fn text(&self) -> String {
        crate::render::errors::game_error(self)
    }

    /// [`GameError::text`] in `voice`'s language.
    pub fn text_in(&self, voice: impl Into<Voice>) -> String {
        crate::render::errors::game_error_in(self, voice)
    }
}
