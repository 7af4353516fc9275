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

use crate::engine::LiveGame;
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
    /// A whole number from 0 up.
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
    fn words(self) -> &'static str {
        match self {
            Kind::Str => "a string",
            Kind::Bool => "true or false",
            Kind::Count => "a whole number (0 or more)",
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

/// A session: the games in progress, by id.
#[derive(Default)]
pub struct Session {
    games: HashMap<String, LiveGame>,
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

/// Reads one line as a command, or says what is wrong with it (without the `line N: ` prefix).
fn read_line(line: &str) -> Result<Line, String> {
    let value: Value = serde_json::from_str(line).map_err(|e| {
        format!(
            "not a JSON object (column {}): each line is one command such as {{\"cmd\":\"push\",\"move\":\"h2e2\"}}",
            e.column()
        )
    })?;
    let Value::Object(mut fields) = value else {
        return Err("not a JSON object: each line is one command such as {\"cmd\":\"status\"}".into());
    };
    let names = || COMMANDS.iter().map(|(c, _)| *c).collect::<Vec<_>>().join(", ");
    let cmd = match fields.remove("cmd") {
        Some(Value::String(c)) => c,
        Some(other) => {
            return Err(format!(
                "\"cmd\" is {other}: expected a command name ({})",
                names()
            ))
        }
        None => return Err(format!("no \"cmd\": expected one of {}", names())),
    };
    let Some((cmd, takes)) = COMMANDS.iter().find(|(c, _)| *c == cmd) else {
        return Err(format!("unknown command \"{cmd}\": expected one of {}", names()));
    };
    let id = match fields.remove("id") {
        None | Some(Value::Null) => None,
        Some(v @ (Value::String(_) | Value::Number(_))) => Some(v),
        Some(other) => {
            return Err(format!(
                "\"id\" is {other}: expected a string or a number naming the game"
            ))
        }
    };
    for (name, value) in &fields {
        match takes.iter().find(|(f, _)| f == name) {
            None if takes.is_empty() => {
                return Err(format!("{cmd} takes no field but \"id\"; \"{name}\" is not one"))
            }
            None => {
                let known: Vec<&str> = takes.iter().map(|(f, _)| *f).collect();
                return Err(format!(
                    "{cmd} takes no field \"{name}\": its fields are id, {}",
                    known.join(", ")
                ));
            }
            Some((_, kind)) if !value.is_null() && !kind.fits(value) => {
                return Err(format!("{cmd}: \"{name}\" is {value}: expected {}", kind.words()));
            }
            Some(_) => {}
        }
    }
    fields.retain(|_, v| !v.is_null());
    if let Some((_, field)) = REQUIRED
        .iter()
        .find(|(c, f)| c == cmd && !fields.contains_key(*f))
    {
        return Err(format!("{cmd} needs \"{field}\""));
    }
    Ok(Line { cmd, fields, id })
}

impl Session {
    /// Answers one input line (`n` = its 1-based number, for error items). `None` = quit.
    pub fn answer(&mut self, line: &str, n: usize) -> Option<Value> {
        let cmd = match read_line(line) {
            Ok(c) => c,
            Err(e) => return Some(json!({ "error": format!("line {n}: {e}"), "line": n })),
        };
        let key = cmd.id.as_ref().map(ToString::to_string).unwrap_or_default();
        let no_game = || {
            let named = cmd.id.as_ref().map(|id| format!(" {id}")).unwrap_or_default();
            Err(json!({ "error": format!("no game{named}: send {{\"cmd\":\"new\"}} first") }))
        };
        let answer = match cmd.cmd {
            "quit" => return None,
            "new" => {
                let settings = arbiter::options::JudgeSettings {
                    game: cmd.str("game").map(str::to_string),
                    rules: cmd.str("rules").map(str::to_string),
                    cycles: cmd.count("cycles"),
                    explain: false,
                    dead_check: cmd.str("dead_check").map(str::to_string),
                    engine_match: cmd.fields.get("match").and_then(Value::as_bool).unwrap_or(false),
                };
                LiveGame::new(cmd.str("fen"), &settings).map(|g| {
                    let status = g.status();
                    self.games.insert(key, g);
                    status
                })
            }
            other => match self.games.get_mut(&key) {
                None => no_game(),
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
                    e["error"] = json!(format!("line {n}: {msg}"));
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
/// blank lines are skipped.
///
/// Errors: only reading `input` or writing `output` failing (bad lines are answered, not errors).
pub fn run(mut input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    writeln!(output, "{}", hello())?;
    output.flush()?;
    let mut session = Session::default();
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
            Some(format!("line {n}: longer than {MAX_LINE_BYTES} bytes; skipped"))
        } else {
            None
        };
        let answer = match (error, std::str::from_utf8(&buf)) {
            (Some(e), _) => Some(json!({ "error": e, "line": n })),
            (None, Err(_)) => Some(json!({ "error": format!("line {n}: not UTF-8"), "line": n })),
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
