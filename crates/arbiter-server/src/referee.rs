//! `arbiter referee`: the library's reports over a line protocol, for match managers, GUIs and
//! game servers in any language.
//!
//! The referee first writes one line: `{"referee":"arbiter","version":"…","protocol":2,
//! "commands":[…],"games":["xiangqi","chess"],"rules":["axf","tw113","fide"],"several_games":true}`.
//! Then each input line is one JSON object and gets one JSON line in answer. Every command may
//! carry an `"id"` (a string or a number; default none): the game it is about, so that one
//! referee follows several games at once; the answer carries the same `"id"`.
//!
//! * `{"cmd":"new","game":"xiangqi","rules":"axf","fen":"...","cycles":3,"match":false,
//!   "dead_check":"proved"}` — start (or restart) the game `id` (every field optional:
//!   xiangqi, its rule set's default, the start position, 3 cycles, the rule books'
//!   convention). Answer: the status at ply 0.
//! * `{"cmd":"push","move":"h2e2"}` — play a move (any notation the CLI accepts). Answer: the
//!   status after it, the move in ICCS/UCI and (xiangqi) its kinds and chases. A move after
//!   the end of the game (decided, or a flag fall) is refused with the end named.
//! * `{"cmd":"undo"}` — take back the last move (or the flag fall). Answer: the status.
//! * `{"cmd":"status"}` — the status now, again.
//! * `{"cmd":"flag","side":"black"}` — a flag fell (`side` default the side to move); chess:
//!   FIDE 6.9 (a draw when the opponent cannot mate by any legal sequence). Answer: the status
//!   with `"flag":{"flagged","result","clause","opponent_can_mate"}`; the game has ended: the
//!   status is `decided` with the flag's result, reason `flag_fall` (`flag_dead_position` for
//!   FIDE 6.9's draw).
//! * `{"cmd":"claim","kind":"threefold","intended_move":"g1f3","time_control":"blitz",
//!   "limit":40}` — a draw claim by the side to move now (`arbiter claim`'s answer).
//! * `{"cmd":"forbidden"}` — `{"forbidden":[ICCS…],"to_move","plies"}`: the legal moves that,
//!   played now, would make the side to move the one that must vary under the game's rule
//!   book and cycle count (the list a UCCI manager sends as `banmoves`). Chess: always
//!   `[]`, with a `"reason"`: a repetition is a draw there, never a loss.
//! * `{"cmd":"quit"}` — end (so does the end of input).
//!
//! A bad line gets `{"error":"line N: …","line":N}` in the referee's own words (what is wrong,
//! in which field, what is expected), with `"ply"` and `"move"` for a move; the game stays as
//! it was and the loop goes on. Lines longer than [`MAX_LINE_BYTES`] are skipped unread.
//!
//! Language: `new` may carry `"lang":"zh-Hant"` (`en`, `zh-Hant`, `zh-Hans`; default the
//! session's, `arbiter referee --lang`). A game with a language asked for has its answers'
//! words in it: every status carries `"text"` (the HTTP API's `text` object: `lang`,
//! `report`, `verdict`, `clause`, `moves`, `sides`; a flag fall's sentence as `verdict`), a
//! claim its `text`, and its error lines and `forbidden`'s `reason` are in that language. A
//! line that is not JSON (its game cannot be told) is answered in the language of the last
//! game a line named, while it is open; a line that names no open game, in the session's
//! language. JSON keys and codes stay English.

use crate::engine::LiveGame;
use arbiter::render::zh::pick;
use arbiter::Lang;
use serde_json::{json, Map, Value};
use std::collections::HashMap;
use std::io::{BufRead, Read, Write};

/// The commands and the fields each takes, with the JSON type of each field.
const COMMANDS: &[(&str, &[(&str, Kind)])] = &[
    (
        "new",
        &[
            ("game", Kind::Str),
            ("rules", Kind::Str),
            ("fen", Kind::Str),
            ("cycles", Kind::Count),
            ("match", Kind::Bool),
            ("dead_check", Kind::Str),
            ("lang", Kind::Str),
        ],
    ),
    ("push", &[("move", Kind::Str)]),
    ("undo", &[]),
    ("status", &[]),
    ("flag", &[("side", Kind::Str)]),
    (
        "claim",
        &[
            ("kind", Kind::Str),
            ("intended_move", Kind::Str),
            ("time_control", Kind::Str),
            ("limit", Kind::Count),
        ],
    ),
    ("forbidden", &[]),
    ("quit", &[]),
];

/// Fields a command cannot do without.
const REQUIRED: &[(&str, &str)] = &[("push", "move"), ("claim", "kind")];

#[derive(Copy, Clone, PartialEq, Eq)]
enum Kind {
    Str,
    Bool,
    /// A whole number from 0 to `u32::MAX` (a command's own range, e.g. `cycles` from 1, is
    /// checked where the value is used).
    Count,
}

impl Kind {
    fn fits(self, v: &Value) -> bool {
        match self {
            Kind::Str => v.is_string(),
            Kind::Bool => v.is_boolean(),
            Kind::Count => v.as_u64().is_some_and(|n| n <= u64::from(u32::MAX)),
        }
    }
    fn words(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Kind::Str, Lang::En) => "a string",
            (Kind::Bool, Lang::En) => "true or false",
            (Kind::Count, Lang::En) => "a whole number from 0 to 4294967295",
            (Kind::Str, _) => pick(lang, "字串", "字符串"),
            (Kind::Bool, _) => "true 或 false",
            (Kind::Count, _) => pick(lang, "0 至 4294967295 的整數", "0 至 4294967295 的整数"),
        }
    }
}

/// The first line the referee writes: who it is and what it can do.
pub fn hello() -> Value {
    json!({
        "referee": "arbiter",
        "version": env!("CARGO_PKG_VERSION"),
        "protocol": 2,
        "commands": COMMANDS.iter().map(|(c, _)| *c).collect::<Vec<_>>(),
        "games": ["xiangqi", "chess"],
        "rules": ["axf", "tw113", "fide"],
        "several_games": true,
    })
}

/// The longest input line read (1 MiB: a 100,000-ply game's moves fit many times over);
/// a longer line is skipped, unread, with an error line.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// A session: the games in progress, by id, and the language asked for by default.
#[derive(Default)]
pub struct Session {
    games: HashMap<String, LiveGame>,
    lang: Option<Lang>,
    /// The key of the last game a line named (its language words a line that names none).
    last: Option<String>,
}

/// What is wrong with an input line before any game answers it.
enum LineError {
    /// Not JSON (the parser's column).
    NotJson(usize),
    /// JSON, but not an object.
    NotObject,
    /// `"cmd"` is not a string.
    CmdNotString(Value),
    NoCmd,
    UnknownCmd(String),
    BadId(Value),
    /// The command takes no field but `id`.
    TakesNoField {
        cmd: &'static str,
        name: String,
    },
    UnknownField {
        cmd: &'static str,
        name: String,
        known: Vec<&'static str>,
    },
    WrongType {
        cmd: &'static str,
        name: String,
        value: Value,
        kind: Kind,
    },
    Missing {
        cmd: &'static str,
        field: &'static str,
    },
    /// `new`'s `lang` names no language of ours.
    BadLang(arbiter::ParseError),
    /// Over [`MAX_LINE_BYTES`].
    TooLong,
    NotUtf8,
    /// No game of this id (`None`: the game with no id).
    NoGame(Option<Value>),
}

impl LineError {
    /// The error in `lang`, without the `line N: ` prefix.
    fn words(&self, lang: Lang) -> String {
        let en = lang == Lang::En;
        // The command names, listed as each language lists (`new, push`; `new、push`).
        let names = || {
            COMMANDS
                .iter()
                .map(|(c, _)| *c)
                .collect::<Vec<_>>()
                .join(if en { ", " } else { "、" })
        };
        let p = |hant, hans| pick(lang, hant, hans);
        match self {
            LineError::NotJson(column) if en => format!(
                "not a JSON object (column {column}): each line is one command such as {{\"cmd\":\"push\",\"move\":\"h2e2\"}}"
            ),
            LineError::NotJson(column) => format!(
                "{}{column}{}{{\"cmd\":\"push\",\"move\":\"h2e2\"}}",
                p("不是 JSON 物件（第", "不是 JSON 对象（第"),
                p("欄）：每行是一個指令，例如 ", "列）：每行是一条命令，例如 ")
            ),
            LineError::NotObject if en => {
                "not a JSON object: each line is one command such as {\"cmd\":\"status\"}".into()
            }
            LineError::NotObject => format!(
                "{}{{\"cmd\":\"status\"}}",
                p("不是 JSON 物件：每行是一個指令，例如 ", "不是 JSON 对象：每行是一条命令，例如 ")
            ),
            LineError::CmdNotString(v) if en => {
                format!("\"cmd\" is {v}: expected a command name ({})", names())
            }
            LineError::CmdNotString(v) => format!(
                "\"cmd\" {}{v}{}{}）",
                p("是 ", "是 "),
                p("：應為指令名稱（", "：应为命令名称（"),
                names()
            ),
            LineError::NoCmd if en => format!("no \"cmd\": expected one of {}", names()),
            LineError::NoCmd => format!("{}{}", p("沒有 \"cmd\"：應為下列之一：", "没有 \"cmd\"：应为下列之一："), names()),
            LineError::UnknownCmd(c) if en => {
                format!("unknown command \"{c}\": expected one of {}", names())
            }
            LineError::UnknownCmd(c) => format!(
                "{}「{c}」{}{}",
                p("不認得的指令", "未知的命令"),
                p("：應為下列之一：", "：应为下列之一："),
                names()
            ),
            LineError::BadId(v) if en => {
                format!("\"id\" is {v}: expected a string or a number naming the game")
            }
            LineError::BadId(v) => format!(
                "\"id\" {}{v}{}",
                p("是 ", "是 "),
                p("：應為指名對局的字串或數字", "：应为指明对局的字符串或数字")
            ),
            LineError::TakesNoField { cmd, name } if en => {
                format!("{cmd} takes no field but \"id\"; \"{name}\" is not one")
            }
            LineError::TakesNoField { cmd, name } => format!(
                "{cmd} {}\"{name}\"{}",
                p("除 \"id\" 外不帶欄位；", "除 \"id\" 外不带字段；"),
                p(" 不是它的欄位", " 不是它的字段")
            ),
            LineError::UnknownField { cmd, name, known } if en => format!(
                "{cmd} takes no field \"{name}\": its fields are id, {}",
                known.join(", ")
            ),
            LineError::UnknownField { cmd, name, known } => format!(
                "{cmd} {}\"{name}\"{}id, {}",
                p("沒有欄位 ", "没有字段 "),
                p("：它的欄位是 ", "：它的字段是 "),
                known.join(", ")
            ),
            LineError::WrongType {
                cmd,
                name,
                value,
                kind,
            } if en => format!("{cmd}: \"{name}\" is {value}: expected {}", kind.words(lang)),
            LineError::WrongType {
                cmd,
                name,
                value,
                kind,
            } => format!(
                "{cmd}：\"{name}\" {}{value}{}{}",
                p("是 ", "是 "),
                p("：應為", "：应为"),
                kind.words(lang)
            ),
            LineError::Missing { cmd, field } if en => format!("{cmd} needs \"{field}\""),
            LineError::Missing { cmd, field } => {
                format!("{cmd} {}\"{field}\"", p("必須帶欄位 ", "必须带字段 "))
            }
            LineError::BadLang(e) => arbiter::render::errors::usage(&arbiter::Usage::Word(e.clone()), lang),
            LineError::TooLong if en => format!("longer than {MAX_LINE_BYTES} bytes; skipped"),
            LineError::TooLong => format!(
                "{}{MAX_LINE_BYTES}{}",
                p("超過 ", "超过 "),
                p(" 位元組，略過不讀", " 字节，跳过不读")
            ),
            LineError::NotUtf8 if en => "not UTF-8".into(),
            LineError::NotUtf8 => p("不是 UTF-8 文字", "不是 UTF-8 文本").into(),
            LineError::NoGame(id) if en => {
                let named = id.as_ref().map(|id| format!(" {id}")).unwrap_or_default();
                format!("no game{named}: send {{\"cmd\":\"new\"}} first")
            }
            LineError::NoGame(id) => format!(
                "{}{}{}{{\"cmd\":\"new\"}}",
                p("沒有對局", "没有对局"),
                id.as_ref().map(|id| format!(" {id}")).unwrap_or_default(),
                p("：請先送出 ", "：请先发送 ")
            ),
        }
    }
}

/// `line N: ` in `lang`.
fn line_prefix(n: usize, lang: Lang) -> String {
    match lang {
        Lang::En => format!("line {n}: "),
        _ => format!("第{n}行："),
    }
}

/// The key a game id names a game by: a number and the string of its digits are the same
/// game (`2` and `"2"`), as a match manager may write either.
fn game_key(id: &Value) -> String {
    match id {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// A command line read and checked: its name, fields and game id.
struct Line {
    cmd: &'static str,
    fields: Map<String, Value>,
    id: Option<Value>,
}

impl Line {
    fn str(&self, field: &str) -> Option<&str> {
        self.fields.get(field).and_then(Value::as_str)
    }
    fn count(&self, field: &str) -> Option<u32> {
        self.fields
            .get(field)
            .and_then(Value::as_u64)
            .and_then(|n| u32::try_from(n).ok())
    }
}

/// Reads one line as a command, or says what is wrong with it.
fn read_line(line: &str) -> Result<Line, LineError> {
    let value: Value = serde_json::from_str(line).map_err(|e| LineError::NotJson(e.column()))?;
    let Value::Object(mut fields) = value else {
        return Err(LineError::NotObject);
    };
    let cmd = match fields.remove("cmd") {
        Some(Value::String(c)) => c,
        Some(other) => return Err(LineError::CmdNotString(other)),
        None => return Err(LineError::NoCmd),
    };
    let Some((cmd, takes)) = COMMANDS.iter().find(|(c, _)| *c == cmd) else {
        return Err(LineError::UnknownCmd(cmd));
    };
    let id = match fields.remove("id") {
        None | Some(Value::Null) => None,
        Some(v @ (Value::String(_) | Value::Number(_))) => Some(v),
        Some(other) => return Err(LineError::BadId(other)),
    };
    for (name, value) in &fields {
        match takes.iter().find(|(f, _)| f == name) {
            None if takes.is_empty() => {
                return Err(LineError::TakesNoField {
                    cmd,
                    name: name.clone(),
                })
            }
            None => {
                return Err(LineError::UnknownField {
                    cmd,
                    name: name.clone(),
                    known: takes.iter().map(|(f, _)| *f).collect(),
                });
            }
            Some((_, kind)) if !value.is_null() && !kind.fits(value) => {
                return Err(LineError::WrongType {
                    cmd,
                    name: name.clone(),
                    value: value.clone(),
                    kind: *kind,
                });
            }
            Some(_) => {}
        }
    }
    fields.retain(|_, v| !v.is_null());
    if let Some((_, field)) = REQUIRED
        .iter()
        .find(|(c, f)| c == cmd && !fields.contains_key(*f))
    {
        return Err(LineError::Missing { cmd, field });
    }
    Ok(Line { cmd, fields, id })
}

impl Session {
    /// A session whose games speak `lang` unless `new` names another (`None`: English, and
    /// no `text` in the answers).
    pub fn new(lang: Option<Lang>) -> Session {
        Session {
            games: HashMap::new(),
            lang,
            last: None,
        }
    }

    /// The error item of a bad line `n`, in the language of the game it names (its `id`, or
    /// the game without one); a line that is not JSON, in the language of the last game a
    /// line named, while it is open; else the session's. With the `id` when the line gives a
    /// readable one.
    fn line_error(&self, e: &LineError, n: usize, line: &str) -> Value {
        let json = serde_json::from_str::<Value>(line).ok();
        let id = json
            .as_ref()
            .and_then(|v| v.get("id").cloned())
            .filter(|id| id.is_string() || id.is_number());
        // A JSON line without an `id` names the game without one.
        let key = match &json {
            Some(_) => Some(id.as_ref().map(game_key).unwrap_or_default()),
            None => self.last.clone(),
        };
        let lang = key
            .and_then(|k| self.games.get(&k))
            .map_or(self.lang, LiveGame::lang)
            .unwrap_or_default();
        let mut v = json!({ "error": format!("{}{}", line_prefix(n, lang), e.words(lang)), "line": n });
        if let Some(id) = id {
            v["id"] = id;
        }
        v
    }

    /// Answers one input line (`n` = its 1-based number, for error items). `None` = quit.
    pub fn answer(&mut self, line: &str, n: usize) -> Option<Value> {
        let cmd = match read_line(line) {
            Ok(c) => c,
            Err(e) => return Some(self.line_error(&e, n, line)),
        };
        let key = cmd.id.as_ref().map(game_key).unwrap_or_default();
        self.last = Some(key.clone());
        let mut lang = self.games.get(&key).map_or(self.lang, LiveGame::lang);
        let answer = match cmd.cmd {
            "quit" => return None,
            "new" => {
                if let Some(word) = cmd.str("lang") {
                    match word.parse::<Lang>() {
                        Ok(l) => lang = Some(l),
                        Err(e) => return Some(self.line_error(&LineError::BadLang(e), n, line)),
                    }
                } else {
                    lang = self.lang;
                }
                let settings = arbiter::options::JudgeSettings {
                    game: cmd.str("game").map(str::to_string),
                    rules: cmd.str("rules").map(str::to_string),
                    cycles: cmd.count("cycles"),
                    explain: false,
                    dead_check: cmd.str("dead_check").map(str::to_string),
                    engine_match: cmd.fields.get("match").and_then(Value::as_bool).unwrap_or(false),
                };
                LiveGame::new(cmd.str("fen"), &settings, lang).map(|g| {
                    let status = g.status();
                    self.games.insert(key, g);
                    status
                })
            }
            other => match self.games.get_mut(&key) {
                None => {
                    let lang = lang.unwrap_or_default();
                    Err(json!({ "error": LineError::NoGame(cmd.id.clone()).words(lang) }))
                }
                Some(g) => match other {
                    "push" => g.push(cmd.str("move").unwrap_or_default()),
                    "undo" => g.undo(),
                    "status" => Ok(g.status()),
                    "flag" => g.flag(cmd.str("side")),
                    "forbidden" => Ok(g.forbidden()),
                    "claim" => g.claim(
                        cmd.str("kind").unwrap_or_default(),
                        cmd.str("intended_move"),
                        cmd.str("time_control"),
                        cmd.count("limit"),
                    ),
                    _ => unreachable!("every command of COMMANDS is answered"),
                },
            },
        };
        let mut v = match answer {
            Ok(v) => v,
            Err(mut e) => {
                if let Some(msg) = e["error"].as_str() {
                    e["error"] = json!(format!("{}{msg}", line_prefix(n, lang.unwrap_or_default())));
                }
                e["line"] = json!(n);
                e
            }
        };
        if let Some(id) = cmd.id {
            v["id"] = id;
        }
        Some(v)
    }
}

/// Writes the first line ([`hello`]), then runs the loop until `quit` or the end of `input`;
/// blank lines are skipped. English, no `text` (as [`run_in`] with `None`).
///
/// Errors: only reading `input` or writing `output` failing (bad lines are answered, not errors).
pub fn run(input: impl BufRead, output: impl Write) -> std::io::Result<()> {
    run_in(input, output, None)
}

/// [`run`] with the session's language `lang` (`arbiter referee --lang`): each game speaks it
/// unless its `new` names another; `None` = English without `text`.
///
/// Errors: as [`run`].
pub fn run_in(mut input: impl BufRead, mut output: impl Write, lang: Option<Lang>) -> std::io::Result<()> {
    writeln!(output, "{}", hello())?;
    output.flush()?;
    let mut session = Session::new(lang);
    let mut buf = Vec::new();
    let mut n = 0usize;
    loop {
        buf.clear();
        let read = (&mut input)
            .take(MAX_LINE_BYTES as u64 + 1)
            .read_until(b'\n', &mut buf)?;
        if read == 0 {
            break;
        }
        n += 1;
        let error = if buf.len() > MAX_LINE_BYTES && buf.last() != Some(&b'\n') {
            skip_line(&mut input)?;
            Some(LineError::TooLong)
        } else {
            None
        };
        let answer = match (error, std::str::from_utf8(&buf)) {
            (Some(e), _) => Some(session.line_error(&e, n, "")),
            (None, Err(_)) => Some(session.line_error(&LineError::NotUtf8, n, "")),
            (None, Ok(line)) if line.trim().is_empty() => continue,
            (None, Ok(line)) => session.answer(line.trim_end_matches(['\n', '\r']), n),
        };
        match answer {
            Some(v) => {
                writeln!(output, "{v}")?;
                output.flush()?;
            }
            None => break,
        }
    }
    Ok(())
}

/// Reads and drops the rest of the current line (through its `\n`).
fn skip_line(input: &mut impl BufRead) -> std::io::Result<()> {
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok(());
        }
        match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => {
                input.consume(i + 1);
                return Ok(());
            }
            None => {
                let len = chunk.len();
                input.consume(len);
            }
        }
    }
}
