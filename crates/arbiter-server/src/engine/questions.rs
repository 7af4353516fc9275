//! The one-shot questions of the API: a record judged, a game from a position, a cycle, a
//! move, a draw claim, a dead position, perft; each the CLI's `--json` object.

use super::*;

/// `POST /api/v1/judge`: every game of a record (PGN, XQF, CBR, CBL, CBF, WXF, DhtmlXQ or a
/// Chinese move list; any encoding), judged as
/// `arbiter judge --json` judges a file named `-`, each game's object handed to `emit` in
/// order with whether it was judged (false: an error item); with `annotate`, each game also
/// carries `"tags"` (the record's tags, `{name: value}`, the first of each name) and each
/// judged game `"annotations"` (see [`arbiter::annotate`]); a game judged under its own
/// rule set because `rules` names the other game's carries `"notes"` (one sentence saying so). The games are read and judged
/// one at a time: nothing here grows with their number.
///
/// `budget`: the request's time cap and cancel flag; checked between games and inside each
/// game's replay, so a body of many games, or one long game, stops computing (422) soon after
/// the cap or the answer's end instead of running on unseen.
///
/// Errors: a bad query value (400), the time cap (422), or `emit`'s own error (then it stops).
pub fn judge_record(
    bytes: &[u8],
    q: &crate::routes::JudgeQuery,
    budget: &arbiter::Budget,
    mut emit: impl FnMut(Value, bool) -> Result<(), ApiError>,
) -> Result<(), ApiError> {
    let mut opts = options(
        q.rules.as_deref(),
        q.cycles,
        q.game.as_deref(),
        q.dead_check.as_deref(),
        q.explain,
        q.engine_match,
    )?;
    opts.budget = budget.clone();
    for (games, input) in arbiter::split_bytes(bytes, "-").enumerate() {
        if budget.start().check().is_err() {
            return Err(ApiError::too_slow_after(games));
        }
        let report = input.judge(&opts);
        let mut v = to_value(&report)?;
        let judged = !report.is_error();
        v["text"] = report.text_json(q.speech.0, q.speech.1);
        // A rule set of the other game: the game is judged under its own, and says so (the
        // CLI's "Note:" line), in the answer's language.
        if let Some(u) = report
            .game()
            .and_then(|g| arbiter::RuleBook::mismatch(opts.rules, g))
        {
            v["notes"] = json!([arbiter::render::errors::usage(&u, q.speech.0)]);
        }
        if report.game() == Some(arbiter::Game::Chess) {
            // The chess moves in SAN, as xiangqi's are in the reader's notation.
            if let Some(san) = input.chess_san(&opts) {
                v["text"]["moves"] = json!(san);
            }
        }
        if q.annotate {
            // The record's tags, for the page's heading and game picker: first value of each name.
            let mut tags = serde_json::Map::new();
            for (name, value) in input.tags() {
                tags.entry(name).or_insert(Value::String(value));
            }
            v["tags"] = Value::Object(tags);
            if judged {
                if let Ok(notes) = input.annotate(&opts) {
                    v["annotations"] = to_value(&notes)?;
                }
            }
        }
        emit(v, judged)?;
    }
    Ok(())
}

/// `POST /api/v1/position`: one report, as `arbiter judge --fen --moves --json`, judged
/// within `budget` (the request's time cap and cancel flag: over it, an error item → 422).
pub fn judge_position(
    r: PositionRequest,
    budget: &arbiter::Budget,
    speech: Speech,
) -> Result<Value, ApiError> {
    let mut opts = options(
        r.rules.as_deref(),
        r.cycles,
        r.game.as_deref(),
        r.dead_check.as_deref(),
        r.explain,
        r.engine_match,
    )?;
    opts.budget = budget.clone();
    let moves = r.moves.joined();
    let report = arbiter::judge_position(r.fen.as_deref(), &moves, &opts)
        .map_err(|e| library_error_in(e, speech.0))?;
    let mut v = to_value(&report)?;
    v["text"] = report.text_json(speech.0, speech.1);
    if let arbiter::GameReport::Error(e) = &report {
        // In English the item as the CLI prints it; in Chinese its message worded.
        if speech.0 != Lang::En {
            v["error"] = json!(arbiter::render::errors::error_words(e, speech.0));
        }
        return Err(ApiError::unjudgeable(v));
    }
    if report.game() == Some(arbiter::Game::Chess) {
        v["text"]["moves"] = json!(chess_san(r.fen.as_deref(), &moves, &opts));
    }
    if r.annotate {
        let notes = arbiter::annotate::position(r.fen.as_deref(), &moves, &opts).map_err(library_error)?;
        v["annotations"] = to_value(&notes)?;
    }
    Ok(v)
}

/// The SAN (with `+`/`#`) of a chess game given as a FEN and moves (already judged: every
/// move legal), replayed by the live referee.
pub(crate) fn chess_san(fen: Option<&str>, moves: &str, opts: &Options) -> Vec<String> {
    let Ok(mut live) = arbiter::live::Referee::new(fen, opts) else {
        return Vec::new();
    };
    for t in moves.split_whitespace() {
        if live.play(t).is_err() {
            break;
        }
    }
    match live.report() {
        arbiter::GameReport::Chess(r) => r.san,
        _ => Vec::new(),
    }
}

/// `POST /api/v1/cycle`: the `arbiter cycle --json` object.
pub fn cycle(r: CycleRequest, _l: &Limits, speech: Speech) -> Result<Value, ApiError> {
    let report = arbiter::cycle(
        &r.fen,
        &r.moves.joined(),
        arbiter::options::rules(r.rules.as_deref()).map_err(bad_option)?,
        r.explain,
    )
    .map_err(|e| library_error_in(e, speech.0))?;
    let mut v = to_value(&report)?;
    v["text"] = report.text_json(speech.0, speech.1);
    Ok(v)
}

/// `POST /api/v1/classify`: the `arbiter classify --json` object.
pub fn classify(r: ClassifyRequest, _l: &Limits, speech: Speech) -> Result<Value, ApiError> {
    let report = arbiter::classify(
        &r.fen,
        &r.mv,
        arbiter::options::rules(r.rules.as_deref()).map_err(bad_option)?,
        r.explain,
    )
    .map_err(|e| library_error_in(e, speech.0))?;
    let mut v = to_value(&report)?;
    v["text"] = report.text_json(speech.0, speech.1);
    Ok(v)
}

/// `POST /api/v1/claim`: the `arbiter claim --json` object. The game is `record` (PGN text,
/// game `game`, counted from 1, default the first) or `fen` + `moves`.
pub fn claim(r: ClaimRequest, _l: &Limits, speech: Speech) -> Result<Value, ApiError> {
    let kind = arbiter::options::claim_kind(&r.kind).map_err(bad_option)?;
    // Not given: the record's tags decide, else standard (as the CLI does).
    let time_control = arbiter::options::time_control(r.time_control.as_deref()).map_err(bad_option)?;
    let moves = r.moves.as_ref().map(Moves::joined).unwrap_or_default();
    let game = match &r.record {
        Some(text) => {
            if r.fen.is_some() || r.moves.is_some() {
                return Err(ApiError::bad_request(Refusal::RecordAndPosition));
            }
            ClaimGame::Record {
                bytes: text.as_bytes(),
                file: "-",
                index: match r.game {
                    None => 0,
                    Some(n) => n
                        .checked_sub(1)
                        .ok_or_else(|| ApiError::bad_request(Refusal::GameZero))?,
                },
            }
        }
        None => ClaimGame::Position {
            fen: r.fen.as_deref(),
            moves: &moves,
            game: None,
        },
    };
    let q = ClaimQuery {
        kind,
        game,
        rules: arbiter::options::rules(r.rules.as_deref()).map_err(bad_option)?,
        at_ply: r.at_ply,
        intended_move: r.intended_move.clone(),
        time_control,
        limit: r.limit,
    };
    let report = arbiter::claim(&q).map_err(|e| match e {
        // A claim that does not fit the game is still a well-formed request: 422.
        Error::Usage(m) => {
            let mut a = ApiError::library(422, json!({}), Error::Usage(m));
            if let Some(w) = &a.why {
                a.item["error"] = json!(w.words(speech.0));
            }
            a
        }
        e => library_error_in(e, speech.0),
    })?;
    let mut v = to_value(&report)?;
    v["text"] = report.text_json(speech.0);
    Ok(v)
}

/// `POST /api/v1/dead`: the `arbiter dead --json` object (FIDE 5.2.2).
pub fn dead(r: DeadRequest, _l: &Limits, speech: Speech) -> Result<Value, ApiError> {
    let answer = arbiter::dead(&r.fen);
    let mut v = to_value(&answer)?;
    match &answer.report {
        Ok(_) => v["text"] = answer.text_json(speech.0),
        Err(e) => {
            if speech.0 != Lang::En {
                v["error"] = json!(arbiter::render::errors::error(e, speech.0).trim_end());
            }
            return Err(ApiError::unjudgeable(v));
        }
    }
    Ok(v)
}

/// `POST /api/v1/perft`: `{"nodes": N}` (with `divide`, also per first move); depth over
/// `limits.perft_depth` → 422.
pub fn perft(r: PerftRequest, l: &Limits) -> Result<Value, ApiError> {
    if r.depth > l.perft_depth {
        return Err(ApiError::refused(
            422,
            Refusal::PerftTooDeep {
                depth: r.depth,
                cap: l.perft_depth,
            },
        ));
    }
    let report = arbiter::perft(
        r.fen.as_deref(),
        r.depth,
        r.divide,
        arbiter::options::game(r.game.as_deref()).map_err(bad_option)?,
    )
    .map_err(library_error)?;
    to_value(&report)
}
