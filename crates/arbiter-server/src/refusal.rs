//! Why the server refused a request (400, 404, 405, 408, 413, 415, 421, 422, 500, 503), as a
//! typed value worded in each language: `Display` is the English of the `error` key, and
//! [`Refusal::words`] the same in `zh-Hant` and `zh-Hans`. The language is the request's
//! (`?lang=`, else `Accept-Language`), applied to every error answer by the routes (`routes.rs`).

use arbiter::render::zh::pick;
use arbiter::Lang;

/// Why a request was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Refusal {
    /// 400: no `Host` header.
    #[error("the request has no Host header")]
    NoHost,
    /// 421: a `Host` this server does not answer to (the header, and its host name).
    #[error("this server does not answer to the host {host:?} (start arbiter serve with --allow-host {name} to let it)")]
    WrongHost {
        /// The `Host` header.
        host: String,
        /// Its host name (the port dropped).
        name: String,
    },
    /// 405: a method the route does not take (`Allow`'s value, when known).
    #[error("wrong method{}", .0.as_ref().map_or_else(String::new, |a| format!("; this route takes {a}")))]
    WrongMethod(Option<String>),
    /// 404: no API route at that path.
    #[error("no such API route; GET /api/v1/ lists them")]
    NoRoute,
    /// 404: no page at that path (outside the API).
    #[error("no such page; the referee's page is at / and its API at /api/v1/")]
    NoPage,
    /// 404: no bundled sample of that name.
    #[error("no bundled sample named {0:?}")]
    NoSample(String),
    /// 404: no clause of that name in the glossary.
    #[error("no clause {0:?} in the glossary")]
    NoClause(String),
    /// 400: `cited` given with `book` or `clause`.
    #[error("give either cited or book/clause, not both")]
    CitedAndBook,
    /// 400: a query parameter the route does not take: its name, and the ones the route takes.
    #[error("unknown query parameter {name:?}; this route takes {}", .accepted.join(", "))]
    UnknownParameter {
        /// The parameter as given.
        name: String,
        /// The route's parameters, in order.
        accepted: Vec<String>,
    },
    /// 400: a query parameter whose value does not read: its name, and the reader's English.
    #[error("query parameter {name}: {detail}")]
    BadParameter {
        /// The parameter.
        name: String,
        /// Why its value does not read (the reader's English).
        detail: String,
    },
    /// 400: the query string does not read (the reader's English).
    #[error("the query string does not read: {0}")]
    Query(String),
    /// 400: a query value (`lang`, `notation`, `book`) that names none of its values.
    #[error("{0}")]
    Word(arbiter::ParseError),
    /// 413: the body is over the cap, in bytes.
    #[error("the request body is over the {0}-byte cap (arbiter serve --max-body)")]
    TooLarge(usize),
    /// 415: the body is not sent as JSON (the `Content-Type` given).
    #[error("the request body must be JSON sent as Content-Type: application/json (got {0:?})")]
    NotJson(String),
    /// 408: the body did not arrive within this many seconds.
    #[error("the request body did not arrive within {0} s")]
    BodyLate(f64),
    /// 400: the body could not be read (the transport's English).
    #[error("could not read the request body: {0}")]
    BodyUnread(String),
    /// 400: the body is empty.
    #[error("the request body is empty; send a JSON object")]
    EmptyBody,
    /// 400: the body is not the JSON object asked for (the reader's English, the line and
    /// column, and what kind of fault).
    #[error("request body: {text}")]
    BadJson {
        /// The reader's English.
        text: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// Not JSON at all (or cut short), rather than a JSON object of the wrong shape.
        syntax: bool,
    },
    /// 400: a claim given both a record and a position.
    #[error("give either record or fen/moves, not both")]
    RecordAndPosition,
    /// 400: game 0.
    #[error("game: games are counted from 1 (game 1 is the first)")]
    GameZero,
    /// 503: too many bodies being received at once.
    #[error("too many request bodies are being received at once; try again")]
    Busy,
    /// 503: the server is shutting down.
    #[error("the server is shutting down")]
    ShuttingDown,
    /// 422: the request needs more than the time cap, in seconds.
    #[error(
        "the request needs more than the {0} s time cap; send less at once (arbiter serve --max-seconds)"
    )]
    TooSlow(f64),
    /// 422: the time cap passed after this many games.
    #[error("the time cap passed after {0} games; send fewer games at once (arbiter serve --max-seconds)")]
    TooSlowAfter(usize),
    /// 422: a perft deeper than the cap.
    #[error("perft depth {depth} is over this server's cap of {cap} plies")]
    PerftTooDeep {
        /// The depth asked for.
        depth: u32,
        /// The cap.
        cap: u32,
    },
    /// 200 cut short: the time cap passed while a streamed `/judge` answer was being sent
    /// (the cap in seconds; the games before it were judged).
    #[error("the request needs more than the {0} s time cap; the games above were judged (arbiter serve --max-seconds)")]
    CutShort(f64),
    /// 422: no game in the body.
    #[error("no game found in the request body")]
    NoGame,
    /// 500: a bug in the referee (the English detail).
    #[error("{0}")]
    Bug(String),
}

impl Refusal {
    /// Why a query string does not read, from its reader's English (`Failed to deserialize
    /// query string: bogus: unknown field `bogus`, expected one of `lang`, `notation``): the
    /// parameter the route does not take and the ones it takes, a parameter whose value does
    /// not read, else the reader's words.
    pub fn query(text: &str) -> Refusal {
        let detail = text
            .strip_prefix("Failed to deserialize query string: ")
            .unwrap_or(text);
        if let Some(name) = backticked(detail, "unknown field `") {
            let expected = detail.find("expected").map_or("", |i| &detail[i..]);
            let accepted = expected
                .split('`')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect();
            return Refusal::UnknownParameter {
                name: name.to_string(),
                accepted,
            };
        }
        match detail.split_once(": ") {
            Some((name, why)) if !name.is_empty() && !name.contains(' ') => Refusal::BadParameter {
                name: name.to_string(),
                detail: why.to_string(),
            },
            _ => Refusal::Query(detail.to_string()),
        }
    }

    /// The refusal in `lang` (English: its `Display`).
    pub fn words(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        let p = |hant, hans| pick(lang, hant, hans);
        match self {
            Refusal::NoHost => p("請求沒有 Host 標頭", "请求没有 Host 头").into(),
            Refusal::WrongHost { host, name } => format!(
                "{}「{host}」{}{name}{}",
                p("本伺服器不回應主機", "本服务器不响应主机"),
                p(
                    "（以 arbiter serve --allow-host ",
                    "（以 arbiter serve --allow-host "
                ),
                p(" 啟動即可）", " 启动即可）")
            ),
            Refusal::WrongMethod(allow) => format!(
                "{}{}",
                p("請求方法不對", "请求方法不对"),
                allow.as_ref().map_or_else(String::new, |a| format!(
                    "{}{a}",
                    p("；此路徑只接受 ", "；此路径只接受 ")
                ))
            ),
            Refusal::NoRoute => p(
                "沒有這個 API 路徑；GET /api/v1/ 列出全部路徑",
                "没有这个 API 路径；GET /api/v1/ 列出全部路径",
            )
            .into(),
            Refusal::NoPage => p(
                "沒有這個網頁；裁判網頁在 /，API 在 /api/v1/",
                "没有这个网页；裁判网页在 /，API 在 /api/v1/",
            )
            .into(),
            Refusal::NoSample(n) => format!("{}「{n}」", p("沒有內附的範例", "没有内附的示例")),
            Refusal::NoClause(c) => format!("{}「{c}」", p("條文摘要中沒有條文", "条文摘要中没有条文")),
            Refusal::CitedAndBook => p(
                "cited 與 book/clause 只能給其中一種",
                "cited 与 book/clause 只能给其中一种",
            )
            .into(),
            Refusal::UnknownParameter { name, accepted } => format!(
                "{}「{name}」{}{}",
                p("查詢參數", "查询参数"),
                p("無法識別；此路徑接受：", "无法识别；此路径接受："),
                accepted.join("、")
            ),
            Refusal::BadParameter { name, .. } => format!(
                "{}「{name}」{}",
                p("查詢參數", "查询参数"),
                p("的值無法讀取", "的值无法读取")
            ),
            Refusal::Query(_) => p("查詢字串無法讀取", "查询字符串无法读取").into(),
            Refusal::Word(e) => format!(
                "{}「{}」{}{}",
                p("不認得的值", "无法识别的值"),
                e.word,
                p("；可用的值：", "；可用的值："),
                arbiter::render::errors::values_list(e)
            ),
            Refusal::TooLarge(n) => format!(
                "{}{n}{}",
                p("請求主體超過上限", "请求主体超过上限"),
                p(
                    "位元組（arbiter serve --max-body）",
                    "字节（arbiter serve --max-body）"
                )
            ),
            Refusal::NotJson(t) => format!(
                "{}「{t}」",
                p(
                    "請求主體須為 JSON，並以 Content-Type: application/json 送出；收到的是",
                    "请求主体须为 JSON，并以 Content-Type: application/json 发送；收到的是"
                )
            ),
            Refusal::BodyLate(s) => format!(
                "{}{s}{}",
                p("請求主體未在", "请求主体未在"),
                p("秒內送達", "秒内送达")
            ),
            Refusal::BodyUnread(_) => p("無法讀取請求主體", "无法读取请求主体").into(),
            Refusal::EmptyBody => p(
                "請求主體是空的；請送出 JSON 物件",
                "请求主体是空的；请发送 JSON 对象",
            )
            .into(),
            Refusal::BadJson {
                text,
                line,
                column,
                syntax,
            } => {
                let place = format!(
                    "{}{line}{}{column}{}",
                    p("（第", "（第"),
                    p("行第", "行第"),
                    p("欄）", "列）")
                );
                if *syntax {
                    format!(
                        "{}{place}",
                        p("請求主體不是有效的 JSON", "请求主体不是有效的 JSON")
                    )
                } else if let Some(f) = backticked(text, "missing field `") {
                    format!("{}「{f}」{place}", p("請求主體缺少欄位", "请求主体缺少字段"))
                } else if let Some(f) = backticked(text, "unknown field `") {
                    format!(
                        "{}「{f}」{place}",
                        p("請求主體有不認得的欄位", "请求主体有无法识别的字段")
                    )
                } else {
                    format!("{}{place}", p("請求主體的欄位值不對", "请求主体的字段值不对"))
                }
            }
            Refusal::RecordAndPosition => p(
                "record 與 fen/moves 只能給其中一種",
                "record 与 fen/moves 只能给其中一种",
            )
            .into(),
            Refusal::GameZero => p(
                "game：對局從1起算（第1局是第一局）",
                "game：对局从1起算（第1局是第一局）",
            )
            .into(),
            Refusal::Busy => p(
                "同時接收的請求主體太多；請稍後再試",
                "同时接收的请求主体太多；请稍后再试",
            )
            .into(),
            Refusal::ShuttingDown => p("伺服器正在關閉", "服务器正在关闭").into(),
            Refusal::TooSlow(s) => format!(
                "{}{s}{}",
                p("請求所需時間超過上限", "请求所需时间超过上限"),
                p(
                    "秒；請一次少送一些（arbiter serve --max-seconds）",
                    "秒；请一次少发一些（arbiter serve --max-seconds）"
                )
            ),
            Refusal::TooSlowAfter(n) => format!(
                "{}{n}{}",
                p("判完", "判完"),
                p(
                    "局後時間已到上限；請一次少送幾局（arbiter serve --max-seconds）",
                    "局后时间已到上限；请一次少发几局（arbiter serve --max-seconds）"
                )
            ),
            Refusal::PerftTooDeep { depth, cap } => format!(
                "{}{depth}{}{cap}{}",
                p("perft 深度", "perft 深度"),
                p("超過本伺服器的上限", "超过本服务器的上限"),
                p("個半回合", "个半回合")
            ),
            Refusal::CutShort(s) => format!(
                "{}{s}{}",
                p("請求所需時間超過上限", "请求所需时间超过上限"),
                p(
                    "秒；以上各局已判定（arbiter serve --max-seconds）",
                    "秒；以上各局已判定（arbiter serve --max-seconds）"
                )
            ),
            Refusal::NoGame => p("請求主體中找不到對局", "请求主体中找不到对局").into(),
            Refusal::Bug(_) => p(
                "裁判程式出錯（這是程式錯誤，請回報）",
                "裁判程序出错（这是程序错误，请报告）",
            )
            .into(),
        }
    }
}

/// What an error answer's `error` says, as a typed value: the routes (`routes.rs`) word it in the
/// request's language.
#[derive(Debug, Clone)]
pub enum Why {
    /// The server refused the request.
    Refused(Refusal),
    /// The library could not answer it (its usage and input errors).
    Library(arbiter::Error),
}

impl Why {
    /// The `error` in `lang`.
    pub fn words(&self, lang: Lang) -> String {
        match self {
            Why::Refused(r) => r.words(lang),
            Why::Library(e) => arbiter::render::errors::error(e, lang),
        }
    }
}

/// The name in backticks after `prefix` in a reader's English (`unknown field `lang``).
fn backticked<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let rest = &text[text.find(prefix)? + prefix.len()..];
    rest.split('`').next()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_is_the_display_and_chinese_has_both_scripts() {
        let r = Refusal::TooLarge(1024);
        assert_eq!(
            r.words(Lang::En),
            "the request body is over the 1024-byte cap (arbiter serve --max-body)"
        );
        assert_eq!(
            r.words(Lang::ZhHant),
            "請求主體超過上限1024位元組（arbiter serve --max-body）"
        );
        assert_eq!(
            r.words(Lang::ZhHans),
            "请求主体超过上限1024字节（arbiter serve --max-body）"
        );
        // A parameter the route does not take, named once with the ones it takes.
        let q = Refusal::query(
            "Failed to deserialize query string: bogus: unknown field `bogus`, expected `lang` or `notation`",
        );
        assert_eq!(
            q.words(Lang::En),
            "unknown query parameter \"bogus\"; this route takes lang, notation"
        );
        assert_eq!(
            q.words(Lang::ZhHant),
            "查詢參數「bogus」無法識別；此路徑接受：lang、notation"
        );
        assert_eq!(
            q.words(Lang::ZhHans),
            "查询参数「bogus」无法识别；此路径接受：lang、notation"
        );
        let q = Refusal::query("Failed to deserialize query string: cycles: invalid digit found in string");
        assert_eq!(
            q.words(Lang::En),
            "query parameter cycles: invalid digit found in string"
        );
        assert_eq!(q.words(Lang::ZhHans), "查询参数「cycles」的值无法读取");
    }
}
