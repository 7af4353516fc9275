//! Requests and answers of the API, translated to and from the library's front door. Nothing
//! here decides a rule: each function parses a request, calls one library function and maps its
//! error to an HTTP status. `requests` holds the request bodies, `questions` the one-shot
//! questions (judge, cycle, classify, claim, dead, perft); this module the error answers and
//! the live game of `arbiter referee`.

mod questions;
mod requests;

pub use questions::*;
pub use requests::*;

use crate::refusal::{Refusal, Why};
use crate::routes::Limits;
use arbiter::{ClaimGame, ClaimQuery, Error, Lang, Options};
use serde::Deserialize;
use serde_json::{json, Value};

/// An answer that is not a report: an HTTP status and the error item (the object the CLI prints
/// with `--json` for the same failure, e.g. `{"file":"-","index":0,"error":"...","ply":3}`).
#[derive(Debug, Clone)]
pub struct ApiError {
    /// 400 malformed request, 404 no such route or sample, 413 body over the cap, 422 input
    /// that could not be judged (bad FEN, illegal move, unreadable record, over the time or
    /// perft cap), 500 a bug in the referee, 503 shutting down.
    pub status: u16,
    /// `{"error": "...", ...}`, `error` in English.
    pub item: Value,
    /// What `error` says as a typed value, for its words in the request's language.
    pub why: Option<Why>,
}

impl ApiError {
    /// `{"error": refusal}` with `status`.
    pub fn refused(status: u16, r: Refusal) -> ApiError {
        ApiError {
            status,
            item: json!({ "error": r.to_string() }),
            why: Some(Why::Refused(r)),
        }
    }
    /// 400: the request itself is malformed (not JSON, unknown field, missing field).
    pub fn bad_request(r: Refusal) -> ApiError {
        ApiError::refused(400, r)
    }
    /// 404.
    pub fn not_found(r: Refusal) -> ApiError {
        ApiError::refused(404, r)
    }
    /// 413: the body is over the cap.
    pub fn too_large(limit: usize) -> ApiError {
        ApiError::refused(413, Refusal::TooLarge(limit))
    }
    /// 422: well-formed, but the input cannot be judged; `item` is the CLI's error item.
    pub fn unjudgeable(item: Value) -> ApiError {
        ApiError {
            status: 422,
            item,
            why: None,
        }
    }
    /// 422: the request needs more than the per-request time cap.
    pub fn too_slow(secs: f64) -> ApiError {
        ApiError::refused(422, Refusal::TooSlow(secs))
    }
    /// 422: the request's time cap passed after `games` games were judged.
    pub fn too_slow_after(games: usize) -> ApiError {
        ApiError::refused(422, Refusal::TooSlowAfter(games))
    }
    /// 500: the referee failed (a bug).
    pub fn internal(error: String) -> ApiError {
        ApiError::refused(500, Refusal::Bug(error))
    }
    /// 503.
    pub fn unavailable(r: Refusal) -> ApiError {
        ApiError::refused(503, r)
    }
    /// A library error with `status`, `error` in English.
    fn library(status: u16, mut item: Value, e: Error) -> ApiError {
        item["error"] = json!(e.to_string());
        ApiError {
            status,
            item,
            why: Some(Why::Library(e)),
        }
    }
}

/// The language and move notation of an answer's words.
pub type Speech = (Lang, arbiter::Notation);

/// An option the library could not read: 400 with its message.
fn bad_option(e: Error) -> ApiError {
    ApiError::library(400, json!({}), e)
}

/// The library's options from the request's fields (400 for a value out of range), read by
/// [`arbiter::options::JudgeSettings`].
fn options(
    rules: Option<&str>,
    cycles: Option<u32>,
    game: Option<&str>,
    dead_check: Option<&str>,
    explain: bool,
    engine_match: bool,
) -> Result<Options, ApiError> {
    let settings = arbiter::options::JudgeSettings {
        game: game.map(str::to_string),
        rules: rules.map(str::to_string),
        cycles,
        explain,
        dead_check: dead_check.map(str::to_string),
        engine_match,
    };
    settings.resolve().map_err(bad_option)
}

/// A library error as an answer: a request that does not fit → 400, input that cannot be
/// judged → 422 with `{"error","ply"}` (the CLI's item).
fn library_error(e: Error) -> ApiError {
    library_error_in(e, Lang::En)
}

/// [`library_error`] with the message in `lang` (usage errors; input errors as their readers
/// word them).
fn library_error_in(e: Error, lang: Lang) -> ApiError {
    let item = serde_json::to_value(&e).unwrap_or_else(|_| json!({ "error": e.to_string() }));
    let status = match e {
        Error::Usage(_) => 400,
        Error::Input { .. } => 422,
    };
    let mut a = ApiError::library(status, item, e);
    if let Some(w) = &a.why {
        a.item["error"] = json!(w.words(lang));
    }
    a
}

fn to_value<T: serde::Serialize>(v: &T) -> Result<Value, ApiError> {
    serde_json::to_value(v).map_err(|e| ApiError::internal(format!("could not write the report: {e}")))
}

/// A game in progress for `arbiter referee`: the library's live referee of either game
/// ([`arbiter::live::Referee`]), its answers as JSON, with what `undo`, `claim` and a flag
/// fall need: the start, the options and the moves played (ICCS or UCI), and the language
/// its words are asked in.
pub struct LiveGame {
    live: arbiter::live::Referee,
    fen: Option<String>,
    options: Options,
    moves: Vec<String>,
    /// The flag fall that ended the game (`flag`), as answered.
    flag: Option<Value>,
    /// The flag fall's verdict, for its words.
    flag_verdict: Option<arbiter::live::FlagVerdict>,
    /// A correct draw claim, its kind and its answer (with its `text` when words are asked
    /// for): it ended the game drawn (FIDE 9.2, 9.3; the natural move limit).
    claimed: Option<(arbiter::ClaimKind, Value)>,
    /// After an incorrect claim with an intended move, that move (UCI), which the claimant must
    /// now play (FIDE 9.5.3: "this move must be made").
    must_play: Option<String>,
    /// The language asked for (`None`: English, and no `text` in the answers).
    lang: Option<Lang>,
}

/// An error item `{"error": WORDS}`.
fn error_item(words: String) -> Value {
    json!({ "error": words })
}

/// A library error as an error item, its words in `lang` (with `"ply"` when it has one).
fn error_in(e: &Error, lang: Lang) -> Value {
    let mut item = serde_json::to_value(e).unwrap_or_else(|_| json!({ "error": e.to_string() }));
    item["error"] = json!(arbiter::render::errors::error(e, lang));
    item
}

impl LiveGame {
    /// Starts a game from `fen` (default the standard start) as `settings` say (game, rules,
    /// cycles, dead check, match convention; see [`arbiter::options::JudgeSettings`]), its
    /// words in `lang` (`None`: English, no `text`).
    ///
    /// Errors: an error item for a bad value or FEN.
    pub fn new(
        fen: Option<&str>,
        settings: &arbiter::options::JudgeSettings,
        lang: Option<Lang>,
    ) -> Result<LiveGame, Value> {
        let words = lang.unwrap_or_default();
        let options = settings.resolve().map_err(|e| error_in(&e, words))?;
        let live = arbiter::live::Referee::new(fen, &options).map_err(|e| error_in(&e, words))?;
        Ok(LiveGame {
            live,
            fen: fen.map(str::to_string),
            options,
            moves: Vec::new(),
            flag: None,
            flag_verdict: None,
            claimed: None,
            must_play: None,
            lang,
        })
    }

    /// The language asked for (`None`: English without `text`).
    pub fn lang(&self) -> Option<Lang> {
        self.lang
    }

    fn words(&self) -> Lang {
        self.lang.unwrap_or_default()
    }

    /// "move" in Chinese for this game: 著法 (xiangqi) or 走法 (chess) in traditional
    /// characters, 着法 in simplified.
    fn move_word(&self, lang: Lang) -> &'static str {
        match self.live.game() {
            arbiter::Game::Xiangqi => arbiter::render::zh::pick(lang, "著法", "着法"),
            arbiter::Game::Chess => arbiter::render::zh::pick(lang, "走法", "着法"),
        }
    }

    /// The report of the game so far (what `arbiter judge --json` gives for these moves),
    /// with `"flag"` once a flag fall ended it: the game is then `decided` at the last ply
    /// with the flag's result and clause (reason `flag_fall`, or `flag_dead_position` for
    /// FIDE 6.9's draw), whatever a repetition had made it before. With a language asked
    /// for, `"text"`: the report's words in it (the HTTP API's `text` object; after a flag
    /// fall its `verdict` and `clause` are the flag's).
    pub fn status(&self) -> Value {
        let report = self.live.report();
        let mut v = serde_json::to_value(&report).unwrap_or_else(|e| json!({ "error": e.to_string() }));
        if let Some(f) = &self.flag {
            v["flag"] = f.clone();
            let draw = f["opponent_can_mate"] == json!(false);
            v["status"] = json!("decided");
            v["result"] = f["result"].clone();
            v["reason"] = json!(if draw { "flag_dead_position" } else { "flag_fall" });
            v["clause"] = f["clause"].clone();
            v["must_vary"] = Value::Null;
            v["at_ply"] = v["plies"].clone();
        }
        if let Some((kind, c)) = &self.claimed {
            v["status"] = json!("decided");
            v["result"] = json!(arbiter::Outcome::Draw);
            // The end's reason, in the words `judge` gives it.
            v["reason"] = json!(match kind {
                arbiter::ClaimKind::Threefold => "threefold_repetition",
                arbiter::ClaimKind::FiftyMoves => "fifty_moves",
                arbiter::ClaimKind::NaturalMoveLimit => "natural_move_limit",
            });
            v["clause"] = c["clause"].clone();
            v["must_vary"] = Value::Null;
            v["at_ply"] = c["at_ply"].clone();
            v["claim"] = c.clone();
        }
        if let Some(lang) = self.lang {
            let mut text = report.text_json(lang, arbiter::Notation::Default);
            if let Some((_, c)) = &self.claimed {
                // The claim's own words: who claimed after which move, and the ruling.
                text = c["text"].clone();
            }
            if let Some(verdict) = &self.flag_verdict {
                let sentence = arbiter::render::flag::sentence(verdict, self.live.game(), lang);
                let stop = if lang == Lang::En { ".\n" } else { "。\n" };
                let whole = format!("{}{sentence}{stop}", text["report"].as_str().unwrap_or_default());
                text["report"] = json!(whole);
                text["verdict"] = json!(sentence);
                text["clause"] = json!(verdict.clause.map(|c| arbiter::render::zh::cite_in(lang, &c)));
            }
            v["text"] = text;
        }
        v
    }

    /// Why no move may be played: the game ended (`"at ply N by REASON (CLAUSE)"`), or
    /// `None`.
    fn ended(&self, status: &Value) -> Option<String> {
        let lang = self.words();
        if let Some((kind, c)) = &self.claimed {
            let ply = c["at_ply"].as_u64().unwrap_or(0);
            let clause = c["clause"].as_str().unwrap_or("?");
            let kind = kind.name().replace('_', " ");
            return Some(match lang {
                Lang::En => {
                    format!("the game ended at ply {ply} by a correct {kind} claim ({clause}), drawn")
                }
                _ => format!(
                    "{}{}{}",
                    arbiter::render::zh::pick(lang, "對局已在第", "对局已在第"),
                    arbiter::render::zh::plies(lang, ply as usize),
                    arbiter::render::zh::pick(
                        lang,
                        "因正確的和局申請結束（和局）",
                        "因正确的和棋申请结束（和棋）"
                    )
                ),
            });
        }
        if lang != Lang::En {
            let sentence = match &self.flag_verdict {
                Some(f) => arbiter::render::flag::sentence(f, self.live.game(), lang),
                // "29... 炮8平7［58］後已判定：VERDICT": the verdict after the move that made it.
                None if status["status"] == "decided" => {
                    let verdict = status["text"]["verdict"].as_str().unwrap_or_default();
                    verdict.split_once('：').map_or(verdict, |(_, v)| v).to_string()
                }
                None => return None,
            };
            return Some(
                format!(
                    "{}{}{}",
                    arbiter::render::zh::pick(lang, "對局已在第", "对局已在第"),
                    arbiter::render::zh::plies(lang, status["at_ply"].as_u64().unwrap_or(0) as usize),
                    arbiter::render::zh::pick(lang, "結束：", "结束：")
                ) + sentence.trim_end_matches('。'),
            );
        }
        if let Some(f) = &self.flag {
            return Some(format!(
                "the game ended at ply {} by a flag fall ({} lost on time, result {})",
                self.moves.len(),
                f["flagged"].as_str().unwrap_or("?"),
                f["result"].as_str().unwrap_or("?")
            ));
        }
        if status["status"] != "decided" {
            return None;
        }
        let reason = status["reason"]
            .as_str()
            .unwrap_or("an automatic end")
            .replace('_', " ");
        let clause = status["clause"]
            .as_str()
            .map(|c| format!(" ({c})"))
            .unwrap_or_default();
        Some(format!(
            "the game ended at ply {} by {reason}{clause}, result {}",
            status["at_ply"],
            status["result"].as_str().unwrap_or("?")
        ))
    }

    /// Plays `text` (any notation the CLI reads) and answers the report after it with
    /// `"move"`: `{"move","kinds","chases"}` (xiangqi, ICCS) or `{"move","san"}` (chess, UCI).
    ///
    /// Errors: `{"error","ply","move"}` for a move that cannot be read, is illegal, or comes
    /// after the end of the game; the game is unchanged.
    pub fn push(&mut self, text: &str) -> Result<Value, Value> {
        let lang = self.words();
        if let Some(why) = self.ended(&self.status()) {
            let error = match lang {
                Lang::En => format!(
                    "move '{text}' refused: {why}; no move is taken after the end (undo, or start a new game)"
                ),
                _ => format!(
                    "{}「{text}」{}{why}{}{}{}",
                    self.move_word(lang),
                    arbiter::render::zh::pick(lang, "不予接受：", "不予接受："),
                    arbiter::render::zh::pick(lang, "；終局後不再接受", "；终局后不再接受"),
                    self.move_word(lang),
                    arbiter::render::zh::pick(
                        lang,
                        "（可用 undo 悔棋，或用 new 開新局）",
                        "（可用 undo 悔棋，或用 new 开新局）"
                    )
                ),
            };
            return Err(json!({
                "error": error,
                "ply": self.moves.len() + 1,
                "move": text,
            }));
        }
        let played = self.live.push(text).map_err(|e| {
            let mut item = serde_json::to_value(&e).unwrap_or_else(|e| json!({ "error": e.to_string() }));
            item["error"] = json!(arbiter::render::errors::move_error(&e, lang));
            item
        })?;
        let mv = serde_json::to_value(played).unwrap_or_else(|e| json!({ "error": e.to_string() }));
        if let Some(intended) = self.must_play.clone() {
            if mv["move"].as_str() != Some(intended.as_str()) {
                // Not the move the incorrect claim wrote down: taken back, refused.
                self.replay()?;
                let error = match lang {
                    Lang::En => format!(
                        "move '{text}' refused: after the incorrect claim the intended move {intended} \
                         must be played (FIDE 9.5.3)"
                    ),
                    _ => format!(
                        "{}「{text}」{}{}{intended}{}",
                        self.move_word(lang),
                        arbiter::render::zh::pick(
                            lang,
                            "不予接受：錯誤的和局申請之後須走所寫下的",
                            "不予接受：错误的和棋申请之后须走所写下的"
                        ),
                        self.move_word(lang),
                        format_args!(
                            "（{}）",
                            arbiter::render::zh::cite_clause(
                                lang,
                                arbiter::RuleBook::Fide,
                                arbiter::citation::ClauseId::Article("9.5.3")
                            )
                        )
                    ),
                };
                return Err(json!({ "error": error, "ply": self.moves.len() + 1, "move": text }));
            }
            self.must_play = None;
        }
        self.moves
            .push(mv["move"].as_str().unwrap_or_default().to_string());
        let mut v = self.status();
        v["move"] = mv;
        Ok(v)
    }

    /// Takes back the last move (or the flag fall, when one ended the game) and answers the
    /// status then.
    ///
    /// Errors: no move to take back.
    pub fn undo(&mut self) -> Result<Value, Value> {
        let lang = self.words();
        self.flag_verdict = None;
        self.must_play = None;
        if self.claimed.take().is_some() {
            // The correct claim is taken back first, as a flag fall is.
            return Ok(self.status());
        }
        if self.flag.take().is_none() {
            let Some(_) = self.moves.pop() else {
                return Err(error_item(match lang {
                    Lang::En => "no move to take back: the game is at its start (ply 0)".into(),
                    _ => format!(
                        "{}{}{}",
                        arbiter::render::zh::pick(lang, "沒有可悔的", "没有可悔的"),
                        self.move_word(lang),
                        arbiter::render::zh::pick(
                            lang,
                            "：對局在開始局面（第0個半回合）",
                            "：对局在开始局面（第0个半回合）"
                        )
                    ),
                }));
            };
            self.replay()?;
        }
        Ok(self.status())
    }

    /// The live referee rebuilt from the start and the moves kept (after a move taken back).
    fn replay(&mut self) -> Result<(), Value> {
        let lang = self.words();
        let mut live = arbiter::live::Referee::new(self.fen.as_deref(), &self.options)
            .map_err(|e| error_in(&e, lang))?;
        for m in &self.moves {
            live.play(m).map_err(|e| error_item(e.to_string()))?;
        }
        self.live = live;
        Ok(())
    }

    /// A flag fall of `side` (`None`: the side to move), judged ([`arbiter::live::Referee::flag`]);
    /// it ends the game.
    ///
    /// Errors: `side` names no side of this game, or the game has already ended.
    pub fn flag(&mut self, side: Option<&str>) -> Result<Value, Value> {
        let lang = self.words();
        let zh = |hant, hans| arbiter::render::zh::pick(lang, hant, hans);
        if let Some(why) = self.ended(&self.status()) {
            return Err(error_item(match lang {
                Lang::En => format!("no flag fall after the end: {why}"),
                _ => format!("{}{why}", zh("終局後不再判超時：", "终局后不再判超时：")),
            }));
        }
        let side = match side {
            None => None,
            Some(word) => {
                let s: arbiter::Side = word.parse().map_err(|e: arbiter::ParseError| {
                    error_item(arbiter::render::errors::usage(&arbiter::Usage::Word(e), lang))
                })?;
                let game = self.live.game();
                let ok = match game {
                    arbiter::Game::Xiangqi => s != arbiter::Side::White,
                    arbiter::Game::Chess => s != arbiter::Side::Red,
                };
                if !ok {
                    let sides = match game {
                        arbiter::Game::Xiangqi => "red and black",
                        arbiter::Game::Chess => "white and black",
                    };
                    return Err(error_item(match (lang, game) {
                        (Lang::En, _) => format!("side \"{word}\": a {game} game has {sides}"),
                        (_, arbiter::Game::Xiangqi) => format!(
                            "side「{word}」{}",
                            zh("：象棋的雙方是 red 與 black", "：中国象棋的双方是 red 与 black")
                        ),
                        (_, arbiter::Game::Chess) => format!(
                            "side「{word}」{}",
                            zh(
                                "：西洋棋的雙方是 white 與 black",
                                "：国际象棋的双方是 white 与 black"
                            )
                        ),
                    }));
                }
                Some(s)
            }
        };
        let verdict = self.live.flag(side);
        self.flag = Some(serde_json::to_value(verdict).unwrap_or_else(|e| json!({ "error": e.to_string() })));
        self.flag_verdict = Some(verdict);
        Ok(self.status())
    }

    /// The legal moves that would make the side to move the one that must vary
    /// (`{"forbidden":[ICCS…],"to_move"}`; xiangqi), or for chess `{"forbidden":[],"reason"}`.
    pub fn forbidden(&self) -> Value {
        let to_move = self.live.to_move();
        match self.live.forbidden() {
            Some(moves) => json!({
                "forbidden": moves.iter().map(ToString::to_string).collect::<Vec<_>>(),
                "to_move": to_move,
                "plies": self.moves.len(),
            }),
            None => json!({
                "forbidden": [],
                "to_move": to_move,
                "plies": self.moves.len(),
                "reason": match self.words() {
                    Lang::En => "chess forbids no move for repeating: a repetition is a draw (FIDE 9.2, 9.6.1), never a loss",
                    lang => arbiter::render::zh::pick(
                        lang,
                        "西洋棋不因重複而禁止任何走法：重複局面是和局（國際棋聯棋規第9.2條、第9.6.1條），不會判負",
                        "国际象棋不因重复而禁止任何着法：重复局面是和棋（国际棋联规则第9.2条、第9.6.1条），不会判负",
                    ),
                },
            }),
        }
    }

    /// A draw claim by the side to move now ([`arbiter::claim`] on the game so far):
    /// `kind` threefold, fifty-moves (chess) or natural-move-limit (xiangqi), with the
    /// intended move when the claim rests on it (chess, FIDE 9.2.1.1, 9.3.1). With a language
    /// asked for, the answer carries `"text"` (the claim's words in it).
    ///
    /// Errors: a claim that does not fit the game, or a bad word.
    pub fn claim(
        &mut self,
        kind: &str,
        intended_move: Option<&str>,
        time_control: Option<&str>,
        limit: Option<u32>,
    ) -> Result<Value, Value> {
        let lang = self.words();
        if self.flag.is_some() || self.claimed.is_some() {
            // Ended by what the moves do not show (a flag fall, a correct claim): refused as a
            // move or a flag fall after the end is.
            let why = self.ended(&self.status()).unwrap_or_default();
            return Err(error_item(match lang {
                Lang::En => format!("no claim after the end: {why}"),
                _ => format!(
                    "{}{why}",
                    arbiter::render::zh::pick(lang, "終局後不再受理和局申請：", "终局后不再受理和棋申请：")
                ),
            }));
        }
        let item = |e: Error| error_in(&e, lang);
        let kind = arbiter::options::claim_kind(kind).map_err(item)?;
        let time_control = arbiter::options::time_control(time_control).map_err(item)?;
        let moves = self.moves.join(" ");
        let q = ClaimQuery {
            kind,
            game: ClaimGame::Position {
                fen: self.fen.as_deref(),
                moves: &moves,
                game: Some(self.live.game()),
            },
            rules: self.options.rules,
            at_ply: None,
            intended_move: intended_move.map(str::to_string),
            time_control,
            limit,
        };
        // The game's end before the claim is the one this session's referee finds (its loops;
        // under the engine-match convention a threefold repetition, fifty moves or a pending
        // xiangqi repetition ends it): a claim after it is not judged, as after a mate.
        let report = arbiter::claim_with(&q, &self.options).map_err(item)?;
        let mut v = to_value(&report).map_err(|e| e.item)?;
        if let Some(lang) = self.lang {
            v["text"] = report.text_json(lang);
        }
        // A correct claim ends the game drawn; after an incorrect one the intended move must be
        // played (FIDE 9.5.3).
        if report.valid() {
            self.claimed = Some((kind, v.clone()));
        } else if v["must_play_intended_move"] == json!(true) {
            self.must_play = v["intended_move"].as_str().map(str::to_string);
        }
        Ok(v)
    }
}
