//! `arbiter proxy`: stands between a match manager and a UCI or UCCI engine, follows the game
//! from the manager's `position` commands and restricts each search to the moves the rule book
//! allows (UCI `go … searchmoves`, UCCI `banmoves`), so that the engine never plays a move that
//! makes it the side that must vary. Everything else passes through unchanged, both ways.
//!
//! The dialogue is rewritten by [`Session`] (no process, testable line by line); [`run`]
//! ([`process`]) starts the engine and moves the lines between the two.

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

mod process;

pub use process::run;

/// `arbiter proxy`: `judge`'s rule options ([`JudgingOpts`]), told in the proxy's terms.
#[derive(Args, Debug)]
#[command(mut_arg("rules", |a| a.help(
    "Rule set the games are kept inside: axf or tw113 for xiangqi (default axf), fide for chess \
     (default for chess games; it forbids no move, so chess searches pass through)"
)))]
#[command(mut_arg("cycles", |a| a.help(
    "Completed repetition loops that make a xiangqi repetition pending (1 or more; default 3): a move that \
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

/// Why a game is not followed, and that the search is therefore not restricted, in `lang`.
fn not_following(lang: arbiter::Lang, why: &str) -> String {
    match lang {
        arbiter::Lang::En => format!("not following this game ({why}); the search is not restricted"),
        lang => format!(
            "{}{why}{}",
            zh(lang, "不跟隨此局（", "不跟随此局（"),
            zh(lang, "）；不限制搜尋", "）；不限制搜索")
        ),
    }
}

/// What the rules say of the game so far (the game's `report` as JSON), in `lang`; `None`
/// when there is nothing to say.
fn state_said(
    report: &serde_json::Value,
    game_report: &arbiter::GameReport,
    lang: arbiter::Lang,
) -> Option<String> {
    let state = state_words(report)?;
    Some(match lang {
        arbiter::Lang::En => state,
        _ => game_report.text_json(lang, arbiter::Notation::Default)["verdict"]
            .as_str()
            .unwrap_or_default()
            .to_string(),
    })
}

/// The forbidden moves grouped by why (`MOVES (WHY); MOVES (WHY)`), in `lang`.
fn listed_words(groups: &[(String, Vec<String>)], lang: arbiter::Lang) -> String {
    groups
        .iter()
        .map(|(why, ms)| match lang {
            arbiter::Lang::En => format!("{} ({why})", ms.join(" ")),
            _ => format!("{}（{why}）", ms.join(" ")),
        })
        .collect::<Vec<_>>()
        .join(if lang == arbiter::Lang::En { "; " } else { "；" })
}

/// Under `rules` the `listed` moves are forbidden and every move left is too: the search is
/// not restricted; in `lang`.
fn all_forbidden_words(lang: arbiter::Lang, rules: &str, listed: &str) -> String {
    match lang {
        arbiter::Lang::En => {
            format!("{rules}: forbidden {listed}; every move left is forbidden: the search is not restricted")
        }
        _ => format!(
            "{rules}：{}{listed}{}",
            zh(lang, "禁著 ", "禁着 "),
            zh(
                lang,
                "；其餘著法全被禁止：不限制搜尋",
                "；其余着法全被禁止：不限制搜索"
            )
        ),
    }
}

/// Under `rules` the `listed` moves are forbidden and the search runs over the `n` others;
/// in `lang`.
fn searching_words(lang: arbiter::Lang, rules: &str, listed: &str, n: usize) -> String {
    match (lang, n) {
        (arbiter::Lang::En, 1) => format!("{rules}: forbidden {listed}; searching the 1 other move"),
        (arbiter::Lang::En, n) => format!("{rules}: forbidden {listed}; searching the {n} other moves"),
        _ => format!(
            "{rules}：{}{listed}{}{n}{}",
            zh(lang, "禁著 ", "禁着 "),
            zh(lang, "；在其餘", "；在其余"),
            zh(lang, "步中搜尋", "步中搜索")
        ),
    }
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
                            "第{}「{}」：{}",
                            arbiter::render::zh::plies(lang, e.ply),
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
                out.to_manager.push(info(&not_following(self.lang, &why)));
            }
            return unchanged(out, &bans);
        };
        let game_report = f.referee.report();
        let report = serde_json::to_value(&game_report).unwrap_or_default();
        let rules = report["rules"].as_str().unwrap_or("").to_string();
        let lang = self.lang;
        // The rule set's name, then what is said of it.
        if let Some(state) = state_said(&report, &game_report, lang) {
            let colon = if lang == arbiter::Lang::En { ": " } else { "：" };
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
        let listed = listed_words(&groups, lang);
        let all_forbidden = all_forbidden_words(lang, &rules, &listed);
        let searching = |n: usize| searching_words(lang, &rules, &listed, n);
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

#[cfg(test)]
mod tests;
