//! Chess side of the subcommands (FIDE Laws 2023): judge, claim, dead, perft. The rules live
//! in `arbiter::chess`; this file only reads arguments and shapes the output (cli.md).

use anyhow::Context;
use arbiter::chess::{self, ChessError, ClaimRequest, GameRecord, JudgeOptions};
use serde_json::{json, Value};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Position};

use crate::args::{ClaimArgs, ClaimKind, DeadArgs, TimeControl};
use crate::output::{Emitter, Item};
use crate::UsageError;

fn judge_failed(file: &str, index: usize, e: &ChessError) -> Item {
    let mut item = Item::error(file, Some(index), &e.to_string(), e.ply());
    if let ChessError::IllegalMove { mv, .. } = e {
        item.json["move"] = json!(mv);
    }
    item
}

/// A judged game's JSON object: `file` and `index`, then the report's fields.
#[derive(serde::Serialize)]
struct Located<'a> {
    file: &'a str,
    index: usize,
    #[serde(flatten)]
    report: &'a chess::JudgeReport,
}

fn judge_record(file: &str, index: usize, record: &GameRecord, options: &JudgeOptions) -> Item {
    match chess::judge_game_with(record, options) {
        Ok(report) => {
            let text = format!("{file} #{index}: {}", report.text());
            match serde_json::to_string(&Located {
                file,
                index,
                report: &report,
            }) {
                Ok(line) => Item::ok_line(line, text),
                Err(e) => Item::failed(
                    json!({"file": file, "index": index, "error": e.to_string()}),
                    text,
                ),
            }
        }
        Err(e) => judge_failed(file, index, &e),
    }
}

/// `arbiter judge --fen FEN --moves "..."` for chess (fen None = standard start; moves in UCI
/// or SAN separated by spaces). `file` is written in the output's `"file"` field.
pub fn judge_position(fen: Option<&str>, moves: &str, file: &str, options: &JudgeOptions) -> Item {
    match GameRecord::from_fen_moves(fen, moves) {
        Ok(record) => judge_record(file, 0, &record, options),
        Err(e) => judge_failed(file, 0, &e),
    }
}

/// `arbiter judge FILE` for one chess game: `game_text` is its complete PGN (tags and
/// movetext). On failure the item is `{"file","index","error","ply"}`.
pub fn judge_pgn_game(file: &str, index: usize, game_text: &str, options: &JudgeOptions) -> Item {
    match chess::parse_pgn_game(game_text) {
        Ok(record) => judge_record(file, index, &record, options),
        Err(e) => judge_failed(file, index, &e),
    }
}

/// `arbiter claim --kind threefold|fifty-moves` for chess. `game_text` is the selected game's
/// PGN when a FILE was given; otherwise `--fen`/`--moves` are used.
pub fn claim(args: &ClaimArgs, game_text: Option<&str>) -> anyhow::Result<Item> {
    let kind = match args.kind {
        ClaimKind::Threefold => chess::ClaimKind::Threefold,
        ClaimKind::FiftyMoves => chess::ClaimKind::FiftyMoves,
        ClaimKind::NaturalMoveLimit => {
            return Err(UsageError(
                "--kind natural-move-limit is a xiangqi claim; chess has threefold and fifty-moves".into(),
            )
            .into())
        }
    };
    let time_control = match args.time_control {
        TimeControl::Standard => chess::TimeControl::Standard,
        TimeControl::Rapid => chess::TimeControl::Rapid,
        TimeControl::Blitz => chess::TimeControl::Blitz,
    };
    let record = match game_text {
        Some(text) => chess::parse_pgn_game(text),
        None => GameRecord::from_fen_moves(args.fen.as_deref(), args.moves.as_deref().unwrap_or("")),
    };
    let req = ClaimRequest {
        kind,
        at_ply: args.at_ply,
        intended_move: args.intended_move.clone(),
        time_control: Some(time_control),
    };
    let verdict = record.and_then(|r| chess::judge_claim(&r, &req));
    Ok(match verdict {
        Ok(v) => {
            let text = v.text();
            Item::ok(serde_json::to_value(&v)?, text)
        }
        Err(e) => {
            let mut v = json!({"error": e.to_string()});
            if let Some(p) = e.ply() {
                v["ply"] = json!(p);
            }
            Item::failed(v, format!("claim cannot be judged: {e}\n"))
        }
    })
}

fn dead_item(fen: &str) -> Item {
    match chess::parse_fen(fen) {
        Ok(pos) => {
            let r = chess::dead_position(fen, &pos);
            let mut text = format!("{fen}\n");
            if r.dead {
                text.push_str("Dead position: neither side can mate by any legal sequence (FIDE 5.2.2); the game is drawn.\n");
            } else {
                let can = |b: bool| {
                    if b {
                        "can still mate"
                    } else {
                        "cannot mate by any legal sequence"
                    }
                };
                text.push_str(&format!(
                    "Not dead: White {}, Black {} (FIDE 5.2.2; on a flag fall, FIDE 6.9).\n",
                    can(r.white_can_mate),
                    can(r.black_can_mate)
                ));
                if r.horizon_draw {
                    text.push_str(
                        "But the 75-move rule (FIDE 9.6.2) ends the game before any mate can be reached.\n",
                    );
                }
            }
            if let Some(side) = r.undetermined {
                text.push_str(&format!(
                    "(The helpmate search gave up for {side}; counted as able to mate.)\n"
                ));
            }
            let v = serde_json::to_value(&r).unwrap_or_else(|e| json!({"fen": fen, "error": e.to_string()}));
            Item::ok(v, text)
        }
        Err(e) => Item::failed(
            json!({"fen": fen, "error": e.to_string()}),
            format!("{fen}\nerror: {e}\n"),
        ),
    }
}

/// `arbiter dead (--fen FEN | --fen-file FILE)`: one item per FEN, in order; a bad FEN gets
/// `{"fen","error"}` and the rest go on.
pub fn dead(args: DeadArgs, out: &mut Emitter) -> anyhow::Result<()> {
    if crate::xiangqi_cmd::game_of(args.fen.as_deref(), None, None) == crate::args::GameKind::Xiangqi
        && args.fen.is_some()
    {
        return Err(
            UsageError("dead judges chess positions (FIDE 5.2.2); this FEN is xiangqi".into()).into(),
        );
    }
    match (&args.fen, &args.fen_file) {
        (Some(fen), None) => out.emit(dead_item(fen)),
        (None, Some(path)) => {
            let text = if path == "-" {
                std::io::read_to_string(std::io::stdin()).context("reading standard input")?
            } else {
                std::fs::read_to_string(path).with_context(|| format!("reading {path}"))?
            };
            for (n, line) in text.lines().map(str::trim).enumerate() {
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                let line_no = n + 1;
                // A FEN has at most six fields; anything after them (a game id, as in the
                // lichess position files) is a label, not part of the position.
                let fen: Vec<&str> = line.split_whitespace().take(6).collect();
                let fen = fen.join(" ");
                let mut item = dead_item(&fen);
                let label: Vec<&str> = line.split_whitespace().skip(6).collect();
                if !label.is_empty() {
                    item.json["label"] = json!(label.join(" "));
                }
                if item.failed {
                    // Name the line: the file may hold thousands of positions.
                    let name = if path == "-" {
                        "standard input"
                    } else {
                        path.as_str()
                    };
                    item.json["line"] = json!(line_no);
                    let error = item.json["error"].as_str().unwrap_or_default().to_string();
                    item.text = format!("{name}, line {line_no}: error: {error}\n");
                }
                out.emit(item);
            }
        }
        _ => return Err(UsageError("dead: give exactly one of --fen FEN or --fen-file FILE".into()).into()),
    }
    Ok(())
}

/// `arbiter perft --fen FEN --depth N [--divide]` for chess (8 ranks): `{"nodes":N}` and, with
/// divide, `"divide":{"e2e4":N,...}`. Counting is done by shakmaty.
pub fn perft(fen: &str, depth: u32, divide: bool) -> anyhow::Result<Item> {
    let pos = chess::parse_fen(fen)?;
    let mut v = json!({});
    let mut text = String::new();
    if divide && depth > 0 {
        let mut total = 0u64;
        let mut map = serde_json::Map::new();
        for m in pos.legal_moves() {
            let mut next = pos.clone();
            next.play_unchecked(m);
            let n = shakmaty::perft(&next, depth - 1);
            let u = UciMove::from_move(m, CastlingMode::Standard).to_string();
            text.push_str(&format!("{u}: {n}\n"));
            map.insert(u, json!(n));
            total += n;
        }
        v["nodes"] = json!(total);
        v["divide"] = Value::Object(map);
        text.push_str(&format!("nodes: {total}\n"));
    } else {
        let n = shakmaty::perft(&pos, depth);
        v["nodes"] = json!(n);
        text.push_str(&format!("nodes: {n}\n"));
    }
    Ok(Item::ok(v, text))
}
