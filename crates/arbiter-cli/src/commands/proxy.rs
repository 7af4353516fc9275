//! `arbiter proxy`: stands between a match manager and a UCI or UCCI engine, follows the game
//! from the manager's `position` commands and restricts each search to the moves the rule book
//! allows (UCI `go … searchmoves`, UCCI `banmoves`), so that the engine never plays a move that
//! makes it the side that must vary. Everything else passes through unchanged, both ways.
//!
//! The dialogue is rewritten by [`Session`] (no process, testable line by line); [`run`] starts
//! the engine and moves the lines between the two.

use crate::args::JudgingOpts;
use arbiter::live::Referee;
use arbiter::{Game, Options};
use clap::Args;
use std::ffi::OsString;
use std::io::{BufRead, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitCode, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use xiangqi::notation::{Reading, Style};

/// `arbiter proxy`: `judge`'s rule options ([`JudgingOpts`]), told in the proxy's terms.
#[derive(Args, Debug)]
#[command(mut_arg("rules", |a| a.help(
    "Rule set the games are kept inside: axf or tw113 for xiangqi (default axf), fide for chess \
     (default for chess games; it forbids no move, so chess searches pass through)"
)))]
#[command(mut_arg("cycles", |a| a.help(
    "Completed repetition loops that make a xiangqi repetition pending (1 or more): a move that \
     would complete this many loops with its side the one that must vary is forbidden"
)))]
#[command(mut_arg("engine_match", |a| a.help(
    "The engine-match convention (docs/engine-matches.md): a repetition is judged at the third \
     occurrence of the position (2 loops), where match managers end games; forbidden are the \
     moves that would make it a loss for their side, and those the opponent could answer by \
     completing it with the mover at fault"
)))]
pub struct ProxyArgs {
    #[command(flatten)]
    pub judging: JudgingOpts,
    /// Seconds the engine has to exit after `quit` (or the end of the manager's input) before
    /// it is killed.
    #[arg(long, value_name = "S", default_value = "2", value_parser = crate::args::seconds)]
    pub quit_grace: Duration,
    /// The engine command and its arguments, after `--`.
    #[arg(last = true, required = true, value_name = "ENGINE [ARGS]...")]
    pub engine: Vec<OsString>,
}

/// The longest line read from the manager or the engine (1 MiB, as the stdio referee's lines:
/// a `position` command of a 100,000-ply game fits); a longer manager line is dropped with an
/// `info string` saying so, a longer engine line is passed on in pieces.
const MAX_LINE_BYTES: usize = arbiter_server::referee::MAX_LINE_BYTES;

/// The dialogue the manager opened.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Protocol {
    /// `uci`: moves in UCI coordinates; xiangqi as Fairy-Stockfish writes it, ranks 1–10.
    Uci,
    /// `ucci`: xiangqi in ICCS, forbidden moves sent as `banmoves`.
    Ucci,
}

/// The game being followed: the `position` it was read from and the referee after its moves.
struct Followed {
    /// The FEN, or `None` for `startpos`.
    start: Option<String>,
    /// The moves as the manager wrote them.
    moves: Vec<String>,
    /// How xiangqi coordinates were read (and are written back in `searchmoves`).
    reading: Reading,
    referee: Referee,
}

/// One manager line rewritten: the lines for the engine, and `info string` lines for the
/// manager (sent before the engine's lines).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Rewritten {
    /// Lines to the engine, in order.
    pub to_engine: Vec<String>,
    /// Lines to the manager (`info string arbiter: …`).
    pub to_manager: Vec<String>,
}

/// The proxy's state: the dialogue so far and the game it follows.
pub struct Session {
    options: Options,
    protocol: Protocol,
    /// `UCI_Variant` as the manager set it (lower case).
    variant: Option<String>,
    game: Option<Followed>,
    /// Why the current position is not followed (said once, at its first `go`).
    problem: Option<String>,
    /// The last problem said (a game of another variant is said once, not at every move).
    said: Option<String>,
    /// The UCCI manager's own `banmoves` for the next search.
    manager_bans: Vec<String>,
    /// The language of the `info string` lines.
    lang: arbiter::Lang,
}

/// `hant` or `hans` as `lang` asks.
fn zh(lang: arbiter::Lang, hant: &'static str, hans: &'static str) -> &'static str {
    arbiter::render::zh::pick(lang, hant, hans)
}

/// The `info string` the proxy writes to the manager.
fn info(text: &str) -> String {
    format!("info string arbiter: {text}")
}

/// A reason as the JSON contract spells it, in words (`perpetual_chase` → `perpetual chase`).
fn reason_words(reason: Option<arbiter::xiangqi::verdict::Reason>) -> Option<String> {
    let v = serde_json::to_value(reason?).ok()?;
    Some(v.as_str()?.replace('_', " "))
}

/// The UCI `go` parameters (the words that end a `searchmoves` list).
const GO_WORDS: &[&str] = &[
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "perft",
];

impl Session {
    /// A session under `options` (rules, cycles, match convention), before the manager's first
    /// line.
    pub fn new(options: Options) -> Session {
        Session {
            options,
            protocol: Protocol::Uci,
            variant: None,
            game: None,
            problem: None,
            said: None,
            manager_bans: Vec::new(),
            lang: arbiter::Lang::En,
        }
    }

    /// The session with its `info string` lines in `lang` (`--lang`, else the locale).
    pub fn in_lang(mut self, lang: arbiter::Lang) -> Session {
        self.lang = lang;
        self
    }

    /// What to send for one line from the manager (without its line end).
    pub fn manager_line(&mut self, line: &str) -> Rewritten {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let mut out = Rewritten::default();
        match tokens.first().copied() {
            Some("uci") => self.protocol = Protocol::Uci,
            Some("ucci") => self.protocol = Protocol::Ucci,
            Some("setoption") => self.set_option(&tokens),
            Some("ucinewgame") => {
                self.game = None;
                self.problem = None;
            }
            Some("position") => {
                self.manager_bans.clear();
                self.follow(&tokens);
            }
            Some("banmoves") if self.protocol == Protocol::Ucci => {
                // Held for the next `go`, where the proxy's own are added.
                self.manager_bans = tokens[1..].iter().map(|t| t.to_string()).collect();
                return out;
            }
            Some("go") => return self.go(line, &tokens),
            _ => {}
        }
        out.to_engine.push(line.to_string());
        out
    }

    /// `setoption name UCI_Variant value xiangqi` (UCCI: `setoption UCI_Variant xiangqi`).
    fn set_option(&mut self, tokens: &[&str]) {
        let (name, value) = match tokens.iter().position(|t| *t == "value") {
            Some(v) if tokens.get(1) == Some(&"name") => (tokens[2..v].join(" "), tokens[v + 1..].join(" ")),
            _ => (
                tokens.get(1).unwrap_or(&"").to_string(),
                tokens.get(2..).unwrap_or(&[]).join(" "),
            ),
        };
        if name.eq_ignore_ascii_case("UCI_Variant") {
            self.variant = Some(value.to_ascii_lowercase());
        }
    }

    /// The game a `position` is of, or why it is not judged.
    fn game_of(&self, start: Option<&str>) -> Result<Game, String> {
        if self.protocol == Protocol::Ucci {
            return Ok(Game::Xiangqi);
        }
        match self.variant.as_deref() {
            Some("xiangqi") => Ok(Game::Xiangqi),
            None | Some("chess") => Ok(start.map_or(Game::Chess, |f| arbiter::detect_game(Some(f), None))),
            Some(other) => Err(match self.lang {
                arbiter::Lang::En => format!("variant {other} is not judged"),
                lang => format!(
                    "{}{other}{}",
                    zh(lang, "變體 ", "变体 "),
                    zh(lang, " 不在評判範圍", " 不在评判范围")
                ),
            }),
        }
    }

    /// Reads `position startpos|fen FEN [moves …]` and follows the game (pushing only the new
    /// moves when it extends the game followed).
    fn follow(&mut self, tokens: &[&str]) {
        self.problem = None;
        let moves_at = tokens.iter().position(|t| *t == "moves").unwrap_or(tokens.len());
        let start = match tokens.get(1).copied() {
            Some("startpos") => None,
            Some("fen") if moves_at > 2 => Some(tokens[2..moves_at].join(" ")),
            _ => {
                self.game = None;
                self.problem = Some(
                    match self.lang {
                        arbiter::Lang::En => "a position is 'startpos' or 'fen FEN', then 'moves …'",
                        lang => zh(
                            lang,
                            "position 須為 startpos 或 fen FEN，其後接 moves …",
                            "position 须为 startpos 或 fen FEN，其后接 moves …",
                        ),
                    }
                    .into(),
                );
                return;
            }
        };
        let moves: Vec<String> = tokens
            .get(moves_at + 1..)
            .unwrap_or(&[])
            .iter()
            .map(|t| t.to_string())
            .collect();
        if let Some(f) = self.game.as_mut() {
            if f.start == start && moves.starts_with(&f.moves) {
                let new = moves[f.moves.len()..].to_vec();
                if new.iter().all(|m| f.referee.play_as(m, f.reading).is_ok()) {
                    f.moves = moves;
                    return;
                }
            }
        }
        match self.replay(start.as_deref(), &moves) {
            Ok(referee) => self.game = Some(referee),
            Err(why) => {
                self.game = None;
                self.problem = Some(why);
            }
        }
    }

    /// Replays `moves` from `start`, trying the xiangqi reading the dialogue suggests first:
    /// ranks 1–10 after `UCI_Variant xiangqi` (Fairy-Stockfish), ICCS otherwise.
    fn replay(&self, start: Option<&str>, moves: &[String]) -> Result<Followed, String> {
        let game = self.game_of(start)?;
        let options = Options {
            game: Some(game),
            ..self.options.clone()
        };
        let readings = match (game, self.protocol, self.variant.as_deref()) {
            (Game::Chess, _, _) => vec![Reading::Any],
            (_, Protocol::Uci, Some("xiangqi")) => vec![Reading::Ranks1To10, Reading::Any],
            _ => vec![Reading::Any, Reading::Ranks1To10],
        };
        let mut first_error = None;
        for reading in readings {
            let mut referee = Referee::new(start, &options).map_err(|e| match (e, self.lang) {
                (arbiter::Error::Usage(u), arbiter::Lang::En) => super::usage_message(&u),
                (e, arbiter::Lang::En) => e.to_string(),
                (e, lang) => arbiter::render::errors::error(&e, lang),
            })?;
            match moves
                .iter()
                .try_for_each(|m| referee.play_as(m, reading).map(|_| ()))
            {
                Ok(()) => {
                    return Ok(Followed {
                        start: start.map(str::to_string),
                        moves: moves.to_vec(),
                        reading,
                        referee,
                    })
                }
                Err(e) => {
                    first_error.get_or_insert(match self.lang {
                        arbiter::Lang::En => format!("move {} '{}': {}", e.ply, e.mv, e.error),
                        lang => format!(
                            "第{}半回合「{}」：{}",
                            e.ply,
                            e.mv,
                            arbiter::render::errors::move_error(&e, lang)
                        ),
                    });
                }
            }
        }
        Err(first_error.unwrap_or_default())
    }

    /// `go`: the search restricted to the allowed moves, with what the rules say.
    fn go(&mut self, line: &str, tokens: &[&str]) -> Rewritten {
        let mut out = Rewritten::default();
        let bans = std::mem::take(&mut self.manager_bans);
        let unchanged = |mut out: Rewritten, bans: &[String]| {
            if !bans.is_empty() {
                out.to_engine.push(format!("banmoves {}", bans.join(" ")));
            }
            out.to_engine.push(line.to_string());
            out
        };
        if self.game.is_some() {
            self.said = None;
        }
        let Some(f) = self.game.as_ref() else {
            if let Some(why) = self.problem.take().filter(|w| self.said.as_ref() != Some(w)) {
                self.said = Some(why.clone());
                out.to_manager.push(info(&match self.lang {
                    arbiter::Lang::En => {
                        format!("not following this game ({why}); the search is not restricted")
                    }
                    lang => format!(
                        "{}{why}{}",
                        zh(lang, "不跟隨此局（", "不跟随此局（"),
                        zh(lang, "）；不限制搜尋", "）；不限制搜索")
                    ),
                }));
            }
            return unchanged(out, &bans);
        };
        let game_report = f.referee.report();
        let report = serde_json::to_value(&game_report).unwrap_or_default();
        let rules = report["rules"].as_str().unwrap_or("").to_string();
        let lang = self.lang;
        // The rule set's name, then what is said of it.
        let colon = if lang == arbiter::Lang::En { ": " } else { "：" };
        if let Some(state) = state_words(&report) {
            let state = match lang {
                arbiter::Lang::En => state,
                _ => game_report.text_json(lang, arbiter::Notation::Default)["verdict"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string(),
            };
            out.to_manager.push(info(&format!("{rules}{colon}{state}")));
        }
        let (Some(mut forbidden), Some(pos)) = (f.referee.forbidden_why(), f.referee.xiangqi_position())
        else {
            return unchanged(out, &bans); // chess: a repetition is a draw, never a loss
        };
        if f.referee.engine_match() {
            // The first pending verdict ends the game: a move the opponent could answer by
            // completing the repetition, with this side at fault, loses too.
            forbidden.extend(f.referee.conceding().unwrap_or_default());
        }
        let write = |mv: xiangqi::Move| match f.reading {
            Reading::Ranks1To10 => xiangqi::notation::write_move(pos, mv, Style::Ranks1To10),
            _ => mv.to_string(),
        };
        if forbidden.is_empty() {
            return unchanged(out, &bans);
        }
        // The forbidden moves, grouped by why.
        let mut groups: Vec<(String, Vec<String>)> = Vec::new();
        for x in &forbidden {
            let reply = x.reply.map(|r| {
                let mut after = pos.clone();
                after.make_move(x.mv);
                let r = match f.reading {
                    Reading::Ranks1To10 => xiangqi::notation::write_move(&after, r, Style::Ranks1To10),
                    _ => r.to_string(),
                };
                match lang {
                    arbiter::Lang::En => format!("if answered by {r}"),
                    _ => format!("{}{r}", zh(lang, "若對方應以 ", "若对方应以 ")),
                }
            });
            let why = match lang {
                arbiter::Lang::En => [
                    reason_words(x.reason),
                    x.clause.as_ref().map(ToString::to_string),
                    reply,
                ]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(", "),
                _ => [
                    x.reason
                        .map(|r| arbiter::render::xiangqi_judge::reason_zh(r, lang).to_string()),
                    x.clause.as_ref().map(|c| arbiter::render::zh::cite(lang, c)),
                    reply,
                ]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join("，"),
            };
            match groups.iter_mut().find(|(w, _)| *w == why) {
                Some((_, ms)) => ms.push(write(x.mv)),
                None => groups.push((why, vec![write(x.mv)])),
            }
        }
        let listed = groups
            .iter()
            .map(|(why, ms)| match lang {
                arbiter::Lang::En => format!("{} ({why})", ms.join(" ")),
                _ => format!("{}（{why}）", ms.join(" ")),
            })
            .collect::<Vec<_>>()
            .join(if lang == arbiter::Lang::En { "; " } else { "；" });
        let all_forbidden = match lang {
            arbiter::Lang::En => format!(
                "{rules}: forbidden {listed}; every move left is forbidden: the search is not restricted"
            ),
            _ => format!(
                "{rules}：{}{listed}{}",
                zh(lang, "禁著 ", "禁着 "),
                zh(
                    lang,
                    "；其餘著法全被禁止：不限制搜尋",
                    "；其余着法全被禁止：不限制搜索"
                )
            ),
        };
        let searching = |n: usize| match (lang, n) {
            (arbiter::Lang::En, 1) => format!("{rules}: forbidden {listed}; searching the 1 other move"),
            (arbiter::Lang::En, n) => format!("{rules}: forbidden {listed}; searching the {n} other moves"),
            _ => format!(
                "{rules}：{}{listed}{}{n}{}",
                zh(lang, "禁著 ", "禁着 "),
                zh(lang, "；在其餘", "；在其余"),
                zh(lang, "步中搜尋", "步中搜索")
            ),
        };
        let is_forbidden = |mv: &xiangqi::Move| forbidden.iter().any(|x| x.mv == *mv);
        let read = |t: &str| {
            xiangqi::notation::parse_move_as(pos, t, f.reading)
                .ok()
                .map(|p| p.mv)
        };
        match self.protocol {
            Protocol::Uci => {
                let (rest, theirs) = split_searchmoves(tokens);
                let candidates: Vec<xiangqi::Move> = if theirs.is_empty() {
                    pos.legal_moves().iter().copied().collect()
                } else {
                    theirs.iter().filter_map(|t| read(t)).collect()
                };
                let allowed: Vec<String> = candidates
                    .iter()
                    .filter(|m| !is_forbidden(m))
                    .map(|&m| write(m))
                    .collect();
                if allowed.is_empty() {
                    out.to_manager.push(info(&all_forbidden));
                    return unchanged(out, &bans);
                }
                out.to_manager.push(info(&searching(allowed.len())));
                out.to_engine
                    .push(format!("{} searchmoves {}", rest.join(" "), allowed.join(" ")));
            }
            Protocol::Ucci => {
                let legal = pos.legal_moves();
                let theirs: Vec<xiangqi::Move> = bans.iter().filter_map(|t| read(t)).collect();
                let left = legal
                    .iter()
                    .filter(|m| !is_forbidden(m) && !theirs.contains(m))
                    .count();
                if left == 0 {
                    out.to_manager.push(info(&all_forbidden));
                    return unchanged(out, &bans);
                }
                let mut all = bans.clone();
                for x in &forbidden {
                    let w = write(x.mv);
                    if !theirs.contains(&x.mv) {
                        all.push(w);
                    }
                }
                out.to_manager.push(info(&searching(left)));
                out.to_engine.push(format!("banmoves {}", all.join(" ")));
                out.to_engine.push(line.to_string());
            }
        }
        out
    }
}

/// A UCI `go` split into its words without a `searchmoves` list, and that list.
fn split_searchmoves<'a>(tokens: &[&'a str]) -> (Vec<&'a str>, Vec<&'a str>) {
    let mut rest = Vec::new();
    let mut theirs = Vec::new();
    let mut in_list = false;
    for &t in tokens {
        if t == "searchmoves" {
            in_list = true;
        } else if GO_WORDS.contains(&t) {
            in_list = false;
            rest.push(t);
        } else if in_list {
            theirs.push(t);
        } else {
            rest.push(t);
        }
    }
    (rest, theirs)
}

/// What the rules say of the game so far, when it is more than "ongoing": e.g. `pending at
/// ply 12: 0-1 if Red does not vary (perpetual check, TW113 ch.2 table)`.
fn state_words(report: &serde_json::Value) -> Option<String> {
    let status = report["status"].as_str()?;
    if status == "ongoing" {
        return None;
    }
    let reason = report["reason"].as_str().map(|r| r.replace('_', " "));
    let clause = report["clause"].as_str();
    // A clause that starts with the reason's words (`checkmate: the side to move loses`) says both.
    let why = match (reason, clause) {
        (Some(r), Some(c)) if c.starts_with(&r) => c.to_string(),
        (r, c) => [r, c.map(str::to_string)]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(", "),
    };
    let why = if why.is_empty() {
        String::new()
    } else {
        format!(" ({why})")
    };
    if status == "claimable" {
        // The claim the side to move could make now (chess `end_claims`; xiangqi the last claim).
        let claim = report["end_claims"]
            .as_array()
            .and_then(|c| c.last())
            .or_else(|| report["claims"].as_array().and_then(|c| c.last()))?;
        return Some(format!(
            "claimable: a draw by {} ({}), by {}",
            claim["kind"].as_str()?.replace('_', " "),
            claim["clause"].as_str()?,
            claim["by"].as_str()?
        ));
    }
    let at = report["at_ply"]
        .as_u64()
        .map(|p| format!(" at ply {p}"))
        .unwrap_or_default();
    let result = report["result"].as_str().unwrap_or("*");
    Some(match (status, report["must_vary"].as_str()) {
        ("pending", Some(side)) => format!("pending{at}: {result} if {side} does not vary{why}"),
        _ => format!("{status}{at}: {result}{why}"),
    })
}

/// Where lines to the manager go: standard output, one whole line at a time (the engine's
/// lines and the proxy's `info string` lines never interleave within a line).
type ToManager = Arc<Mutex<std::io::Stdout>>;

/// Writes `lines` to the manager; `false` when standard output is closed.
fn tell(out: &ToManager, lines: &[String]) -> bool {
    let mut o = out.lock().unwrap_or_else(|p| p.into_inner());
    lines.iter().all(|l| writeln!(o, "{l}").is_ok()) && o.flush().is_ok()
}

/// What the main loop waits for.
enum Event {
    /// A line from the manager (without its line end), or `None` for one too long (dropped).
    Manager(Option<Vec<u8>>),
    /// The manager closed its input (or reading it failed).
    ManagerEnd,
    /// The engine closed its output.
    EngineEnd,
}

/// Reads lines of at most [`MAX_LINE_BYTES`] from `input`; `Ok(None)` at the end, `Ok(Some((line,
/// complete)))` where `complete` is false for a piece of a longer line.
fn read_capped(input: &mut impl BufRead, buf: &mut Vec<u8>) -> std::io::Result<Option<bool>> {
    buf.clear();
    let n = input.take(MAX_LINE_BYTES as u64).read_until(b'\n', buf)?;
    if n == 0 {
        return Ok(None);
    }
    let complete = buf.last() == Some(&b'\n');
    while matches!(buf.last(), Some(b'\n' | b'\r')) {
        buf.pop();
    }
    Ok(Some(complete))
}

/// The engine's exit code as the proxy's: its own, or 128 + the signal that ended it (Unix),
/// 1 when unknown.
fn exit_code(status: std::process::ExitStatus) -> ExitCode {
    if let Some(c) = status.code() {
        return ExitCode::from(u8::try_from(c & 0xff).unwrap_or(1));
    }
    ExitCode::from(signal_code(status))
}

#[cfg(unix)]
fn signal_code(status: std::process::ExitStatus) -> u8 {
    use std::os::unix::process::ExitStatusExt;
    status.signal().map_or(1, |s| u8::try_from(128 + s).unwrap_or(1))
}

#[cfg(not(unix))]
fn signal_code(_: std::process::ExitStatus) -> u8 {
    1
}

/// Makes the engine die with the proxy: on Linux the kernel sends it SIGKILL when the proxy
/// ends, however it ends (`prctl(PR_SET_PDEATHSIG)`, set between fork and exec).
#[cfg(unix)]
fn die_with_proxy(cmd: &mut Command) {
    use std::os::unix::process::CommandExt;
    let proxy = std::process::id();
    // SAFETY: the closure runs in the forked child before exec; `die_with` calls only
    // async-signal-safe functions and allocates nothing.
    unsafe {
        cmd.pre_exec(move || die_with(proxy));
    }
}

/// In the forked engine before exec: asks for SIGKILL when the parent `proxy` ends (Linux; a
/// no-op elsewhere), and refuses to start when the proxy has already ended.
#[cfg(unix)]
fn die_with(proxy: u32) -> std::io::Result<()> {
    #[cfg(target_os = "linux")]
    // SAFETY: plain system calls on the calling process.
    unsafe {
        if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
            return Err(std::io::Error::last_os_error());
        }
        if u32::try_from(libc::getppid()).ok() != Some(proxy) {
            return Err(std::io::Error::from(std::io::ErrorKind::BrokenPipe));
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = proxy;
    Ok(())
}

#[cfg(not(unix))]
fn die_with_proxy(_: &mut Command) {}

/// Ends the engine: waits up to `grace` for it to exit, then kills it; its exit code.
fn finish(child: &mut Child, grace: Duration) -> ExitCode {
    let until = Instant::now() + grace;
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return exit_code(status),
            Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(10)),
            _ => break,
        }
    }
    let _ = child.kill();
    child.wait().map_or(ExitCode::from(1), exit_code)
}

/// Sends `lines` to the engine; `false` when it no longer reads.
fn send<L: AsRef<[u8]>>(engine: &mut Option<ChildStdin>, lines: &[L]) -> bool {
    let Some(e) = engine.as_mut() else { return false };
    lines
        .iter()
        .all(|l| e.write_all(l.as_ref()).is_ok() && e.write_all(b"\n").is_ok())
        && e.flush().is_ok()
}

/// Runs the proxy: starts the engine, passes the dialogue through with the rules' restrictions,
/// and exits with the engine's exit code (2 for a usage error, 1 when the engine cannot start).
pub fn run(args: ProxyArgs) -> ExitCode {
    let options = args.judging.options();
    let (program, engine_args) = args.engine.split_first().expect("clap requires the engine");
    let mut cmd = Command::new(program);
    cmd.args(engine_args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    die_with_proxy(&mut cmd);
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => {
            eprintln!(
                "arbiter: error: cannot start the engine {}: {e}",
                program.to_string_lossy()
            );
            return ExitCode::from(1);
        }
    };
    let mut engine_in = child.stdin.take();
    let engine_out = child.stdout.take().expect("the engine's output is piped");
    let to_manager: ToManager = Arc::new(Mutex::new(std::io::stdout()));
    let (events, inbox) = mpsc::channel();

    // The engine's lines go to the manager as they come, unchanged.
    let engine_events = events.clone();
    let out = Arc::clone(&to_manager);
    std::thread::spawn(move || {
        let mut input = std::io::BufReader::new(engine_out);
        let mut buf = Vec::new();
        while let Ok(Some(complete)) = read_capped(&mut input, &mut buf) {
            let mut o = out.lock().unwrap_or_else(|p| p.into_inner());
            let ok = o.write_all(&buf).is_ok()
                && (!complete || o.write_all(b"\n").is_ok())
                && (!complete || o.flush().is_ok());
            if !ok {
                break;
            }
        }
        let _ = engine_events.send(Event::EngineEnd);
    });

    // The manager's lines, read on their own thread so that the engine's end is seen at once.
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        let mut buf = Vec::new();
        loop {
            let event = match read_capped(&mut input, &mut buf) {
                Ok(Some(true)) => Event::Manager(Some(buf.clone())),
                Ok(Some(false)) if buf.len() < MAX_LINE_BYTES => Event::Manager(Some(buf.clone())),
                Ok(Some(false)) => {
                    // Too long: drop the rest of it.
                    while let Ok(Some(false)) = read_capped(&mut input, &mut buf) {}
                    Event::Manager(None)
                }
                Ok(None) | Err(_) => Event::ManagerEnd,
            };
            let end = matches!(event, Event::ManagerEnd);
            if events.send(event).is_err() || end {
                break;
            }
        }
    });

    let mut session = Session::new(options).in_lang(crate::output::lang());
    let mut n = 0usize;
    let quit = |engine_in: &mut Option<ChildStdin>, inbox: &mpsc::Receiver<Event>, child: &mut Child| {
        // Closing the engine's input is its second signal to end; its output is passed on
        // until it ends or the grace period is over.
        *engine_in = None;
        let until = Instant::now() + args.quit_grace;
        while let Some(left) = until.checked_duration_since(Instant::now()) {
            match inbox.recv_timeout(left) {
                Ok(Event::EngineEnd) | Err(_) => break,
                Ok(_) => {}
            }
        }
        finish(child, args.quit_grace.saturating_sub(until.elapsed()))
    };
    while let Ok(event) = inbox.recv() {
        match event {
            Event::Manager(line) => {
                n += 1;
                let Some(line) = line else {
                    tell(
                        &to_manager,
                        &[info(&format!(
                            "line {n} longer than {MAX_LINE_BYTES} bytes; dropped"
                        ))],
                    );
                    continue;
                };
                match std::str::from_utf8(&line) {
                    Ok(text) => {
                        let rewritten = session.manager_line(text);
                        if !rewritten.to_manager.is_empty() {
                            tell(&to_manager, &rewritten.to_manager);
                        }
                        send(&mut engine_in, &rewritten.to_engine);
                    }
                    // Not UTF-8: no command the proxy reads; passed on byte for byte.
                    Err(_) => {
                        send(&mut engine_in, &[&line]);
                    }
                }
                if line.split(|b| b.is_ascii_whitespace()).next() == Some(b"quit") {
                    return quit(&mut engine_in, &inbox, &mut child);
                }
            }
            Event::ManagerEnd => {
                send(&mut engine_in, &["quit".to_string()]);
                return quit(&mut engine_in, &inbox, &mut child);
            }
            Event::EngineEnd => return finish(&mut child, args.quit_grace),
        }
    }
    finish(&mut child, args.quit_grace)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(rules: Option<arbiter::RuleBook>, engine_match: bool) -> Session {
        Session::new(Options {
            rules,
            engine_match,
            ..Options::default()
        })
    }

    /// TW113 example 1: Red checks with the chariot on every move; after three loops Red's
    /// next check would keep a pending perpetual check going, so it is forbidden.
    const CHECKS: &str = "4k4/9/5R3/9/9/4P4/9/9/9/4K4 w - - 0 1";

    fn lines(s: &mut Session, input: &[&str]) -> Rewritten {
        let mut all = Rewritten::default();
        for l in input {
            let r = s.manager_line(l);
            all.to_engine.extend(r.to_engine);
            all.to_manager.extend(r.to_manager);
        }
        all
    }

    #[test]
    fn uci_xiangqi_go_searches_only_the_allowed_moves() {
        let mut s = session(Some(arbiter::RuleBook::Tw113), false);
        let loops = "f8e8 e10f10 e8f8 f10e10 ".repeat(3);
        let position = format!("position fen {CHECKS} moves {}", loops.trim());
        let r = lines(
            &mut s,
            &[
                "uci",
                "setoption name UCI_Variant value xiangqi",
                &position,
                "go nodes 1000",
            ],
        );
        assert_eq!(
            r.to_engine[..3],
            [
                "uci",
                "setoption name UCI_Variant value xiangqi",
                position.as_str()
            ]
        );
        let go = &r.to_engine[3];
        assert!(go.starts_with("go nodes 1000 searchmoves "), "{go}");
        let allowed: Vec<&str> = go.split(' ').skip(4).collect();
        // 21 legal moves for Red (chariot 17, general 3, soldier 1), one forbidden.
        assert!(
            !allowed.contains(&"f8e8") && allowed.contains(&"f8f10") && allowed.contains(&"e5e6"),
            "{go}"
        );
        assert_eq!(allowed.len(), 20, "{go}");
        assert_eq!(
            r.to_manager,
            [
                "info string arbiter: tw113: pending at ply 12: 0-1 if red does not vary (perpetual check, TW113 ch.2 table)",
                "info string arbiter: tw113: forbidden f8e8 (perpetual check, TW113 ch.2 table); searching the 20 other moves",
            ]
        );
        // The manager's own list is intersected: of f8e8 and f8d8 only f8d8 is left.
        let r = lines(&mut s, &[&position, "go searchmoves f8e8 f8d8 movetime 50"]);
        assert_eq!(r.to_engine[1], "go movetime 50 searchmoves f8d8");
        // Every move left forbidden: the search goes as the manager asked, and it is said.
        let r = lines(&mut s, &[&position, "go searchmoves f8e8"]);
        assert_eq!(r.to_engine[1], "go searchmoves f8e8");
        assert_eq!(
            r.to_manager.last().map(String::as_str),
            Some("info string arbiter: tw113: forbidden f8e8 (perpetual check, TW113 ch.2 table); every move left is forbidden: the search is not restricted")
        );
    }

    /// The `info string` lines in the language asked for: the verdict and the forbidden move
    /// with its reason and clause in both scripts; one move left is "1 other move".
    #[test]
    fn info_lines_follow_the_language() {
        let loops = "f8e8 e10f10 e8f8 f10e10 ".repeat(3);
        let position = format!("position fen {CHECKS} moves {}", loops.trim());
        let input = [
            "uci",
            "setoption name UCI_Variant value xiangqi",
            &position,
            "go nodes 1000",
        ];
        let hant = lines(
            &mut session(Some(arbiter::RuleBook::Tw113), false).in_lang(arbiter::Lang::ZhHant),
            &input,
        );
        assert_eq!(
            hant.to_manager[1],
            "info string arbiter: tw113：禁著 f8e8（長將，台灣棋規第二章判決原則表）；在其餘20步中搜尋"
        );
        assert!(
            hant.to_manager[0].contains("紅方長將（台灣棋規第二章判決原則表）：紅方須變著"),
            "{hant:?}"
        );
        let hans = lines(
            &mut session(Some(arbiter::RuleBook::Tw113), false).in_lang(arbiter::Lang::ZhHans),
            &input,
        );
        assert_eq!(
            hans.to_manager[1],
            "info string arbiter: tw113：禁着 f8e8（长将，台湾棋规第二章判决原则表）；在其余20步中搜索"
        );
        for line in hant.to_manager.iter().chain(&hans.to_manager) {
            let words = line.trim_start_matches("info string arbiter: ");
            assert!(
                !words
                    .split(|c: char| !c.is_ascii_alphabetic())
                    .any(|w| w.len() >= 4),
                "{line}"
            );
        }
        // English: one move left is one "other move".
        let mut s = session(Some(arbiter::RuleBook::Tw113), false);
        let r = lines(
            &mut s,
            &[
                "uci",
                "setoption name UCI_Variant value xiangqi",
                &position,
                "go searchmoves f8e8 f8d8",
            ],
        );
        assert_eq!(
            r.to_manager.last().map(String::as_str),
            Some("info string arbiter: tw113: forbidden f8e8 (perpetual check, TW113 ch.2 table); searching the 1 other move")
        );
    }

    #[test]
    fn why_a_game_is_not_followed_follows_the_language() {
        let said = |lang, input: &[&str]| {
            let mut s = session(None, false).in_lang(lang);
            lines(&mut s, input).to_manager
        };
        let shogi = [
            "uci",
            "setoption name UCI_Variant value shogi",
            "position startpos moves 7g7f",
            "go",
        ];
        assert_eq!(
            said(arbiter::Lang::ZhHant, &shogi),
            ["info string arbiter: 不跟隨此局（變體 shogi 不在評判範圍）；不限制搜尋"]
        );
        assert_eq!(
            said(arbiter::Lang::ZhHans, &shogi),
            ["info string arbiter: 不跟随此局（变体 shogi 不在评判范围）；不限制搜索"]
        );
        // A move the position does not allow: its ply, the move as sent, and why, in Chinese.
        let bad = ["uci", "position startpos moves e2e4 e7e5 e1e3", "go"];
        let hans = said(arbiter::Lang::ZhHans, &bad);
        assert!(
            hans[0].starts_with("info string arbiter: 不跟随此局（第3半回合「e1e3」："),
            "{hans:?}"
        );
        let words = hans[0]
            .trim_start_matches("info string arbiter: ")
            .replace("e1e3", "");
        assert!(
            !words
                .split(|c: char| !c.is_ascii_alphabetic())
                .any(|w| w.len() >= 4),
            "{hans:?}"
        );
        let en = said(arbiter::Lang::En, &bad);
        assert!(
            en[0].starts_with("info string arbiter: not following this game (move 3 'e1e3': "),
            "{en:?}"
        );
    }

    #[test]
    fn ucci_bans_are_added_to_the_managers() {
        let mut s = session(None, true);
        // --match: the third occurrence decides; Red's check at ply 9 would make it.
        let position = format!("position fen {CHECKS} moves f7e7 e9f9 e7f7 f9e9 f7e7 e9f9 e7f7 f9e9");
        let r = lines(&mut s, &["ucci", &position, "banmoves e0d0", "go depth 8"]);
        assert_eq!(
            r.to_engine,
            ["ucci", position.as_str(), "banmoves e0d0 f7e7", "go depth 8"]
        );
        assert_eq!(
            r.to_manager,
            [
                // The match convention: the third occurrence (ply 8) already decides.
                "info string arbiter: axf: decided at ply 8: 0-1 (perpetual check, AXF detailed rule 1)",
                "info string arbiter: axf: forbidden f7e7 (perpetual check, AXF detailed rule 1); searching the 19 other moves",
            ]
        );
        // Two plies earlier Red's check e7f7 would let Black complete the third occurrence
        // with f9e9: under the match convention it concedes the game.
        let position = format!("position fen {CHECKS} moves f7e7 e9f9 e7f7 f9e9 f7e7 e9f9");
        let r = lines(&mut s, &[&position, "go depth 8"]);
        assert_eq!(r.to_engine, [position.as_str(), "banmoves e7f7", "go depth 8"]);
        assert_eq!(
            r.to_manager,
            ["info string arbiter: axf: forbidden e7f7 (perpetual check, AXF detailed rule 1, if answered by f9e9); searching the 14 other moves"]
        );
        // One loop fewer: nothing is forbidden, the manager's bans pass as they were.
        let position = format!("position fen {CHECKS} moves f7e7 e9f9 e7f7 f9e9");
        let r = lines(&mut s, &[&position, "banmoves e0d0", "go depth 8"]);
        assert_eq!(r.to_engine, [position.as_str(), "banmoves e0d0", "go depth 8"]);
        assert!(r.to_manager.is_empty());
    }

    #[test]
    fn chess_and_unknown_variants_pass_through() {
        let mut s = session(None, false);
        let input = [
            "uci",
            "position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8",
            "go wtime 1000 btime 1000",
        ];
        let r = lines(&mut s, &input);
        assert_eq!(r.to_engine, input);
        assert_eq!(
            r.to_manager,
            ["info string arbiter: fide: claimable: a draw by threefold (FIDE 9.2.1), by white"]
        );
        let r = lines(
            &mut s,
            &[
                "setoption name UCI_Variant value shogi",
                "position startpos moves 7g7f",
                "go",
                "position startpos moves 7g7f 3c3d",
                "go",
            ],
        );
        assert_eq!(r.to_engine[4], "go");
        assert_eq!(r.to_engine[2], "go");
        assert_eq!(
            r.to_manager,
            ["info string arbiter: not following this game (variant shogi is not judged); the search is not restricted"]
        );
        // A move that is not legal: said once, the search unrestricted.
        let mut s = session(None, false);
        let r = lines(&mut s, &["position startpos moves e2e5", "go", "go"]);
        assert_eq!(r.to_engine, ["position startpos moves e2e5", "go", "go"]);
        assert_eq!(r.to_manager.len(), 1, "{:?}", r.to_manager);
        assert!(r.to_manager[0].contains("move 1 'e2e5'"), "{:?}", r.to_manager);
    }

    #[test]
    fn searchmoves_lists_are_split_from_the_other_words() {
        let t: Vec<&str> = "go wtime 100 searchmoves a1a2 b1b2 btime 50".split(' ').collect();
        assert_eq!(
            split_searchmoves(&t),
            (vec!["go", "wtime", "100", "btime", "50"], vec!["a1a2", "b1b2"])
        );
    }
}
