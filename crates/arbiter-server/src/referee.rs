//! `arbiter referee`: the library's reports over a line protocol, for match managers, GUIs and
//! game servers in any language.
//!
//! Each input line is one JSON object; each answer is one JSON line on the output:
//!
//! * `{"cmd":"new","game":"xiangqi","rules":"axf","fen":"...","cycles":3}` — start a game
//!   (every field optional: xiangqi, its rule set's default, the start position, 3 cycles).
//!   Answer: the status at ply 0.
//! * `{"cmd":"push","move":"h2e2"}` — play a move (any notation the CLI accepts). Answer: the
//!   status after it, the move in ICCS/UCI and (xiangqi) its kinds and chases.
//! * `{"cmd":"status"}` — the status now, again.
//! * `{"cmd":"quit"}` — end (so does the end of input).
//!
//! A line that is not JSON, names no known command, carries a field its command does not take,
//! is longer than [`MAX_LINE_BYTES`], or carries an illegal move gets `{"error":"...","line":N}`
//! (with `"ply"` for a move) and the game stays as it was. The loop never stops on a bad line.

use serde::Deserialize;
use serde_json::{json, Value};
use std::io::{BufRead, Read, Write};

/// One input line.
#[derive(Deserialize, Debug)]
#[serde(tag = "cmd", rename_all = "lowercase", deny_unknown_fields)]
pub enum Command {
    New {
        game: Option<String>,
        rules: Option<String>,
        fen: Option<String>,
        cycles: Option<u32>,
        /// `en`, `zh-Hant` or `zh-Hans`: every answer of the game also carries `text`.
        lang: Option<String>,
    },
    Push {
        #[serde(rename = "move")]
        mv: String,
    },
    // Braces, so that unknown fields are refused here too (`{"cmd":"quit","now":true}`).
    Status {},
    Quit {},
}

/// The longest input line read (1 MiB: a 100,000-ply game's moves fit many times over);
/// a longer line is skipped, unread, with an error line.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// A session: at most one game at a time.
#[derive(Default)]
pub struct Session {
    game: Option<crate::engine::LiveGame>,
}

impl Session {
    /// Answers one input line (`n` = its 1-based number, for error items). `None` = quit.
    pub fn answer(&mut self, line: &str, n: usize) -> Option<Value> {
        let cmd: Command = match serde_json::from_str(line) {
            Ok(c) => c,
            Err(e) => return Some(json!({ "error": format!("line {n}: {e}"), "line": n })),
        };
        let answer = match cmd {
            Command::Quit {} => return None,
            Command::New {
                game,
                rules,
                fen,
                cycles,
                lang,
            } => crate::engine::LiveGame::new(
                game.as_deref(),
                rules.as_deref(),
                fen.as_deref(),
                cycles,
                lang.as_deref(),
            )
            .map(|g| {
                let status = g.status();
                self.game = Some(g);
                status
            }),
            Command::Push { mv } => match self.game.as_mut() {
                Some(g) => g.push(&mv),
                None => Err(json!({ "error": "no game: send {\"cmd\":\"new\"} first" })),
            },
            Command::Status {} => match self.game.as_ref() {
                Some(g) => Ok(g.status()),
                None => Err(json!({ "error": "no game: send {\"cmd\":\"new\"} first" })),
            },
        };
        Some(match answer {
            Ok(v) => v,
            Err(mut e) => {
                e["line"] = json!(n);
                e
            }
        })
    }
}

/// Runs the loop until `quit` or the end of `input`; blank lines are skipped.
///
/// Errors: only reading `input` or writing `output` failing (bad lines are answered, not errors).
pub fn run(mut input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
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
