//! `arbiter dead`: chess dead positions (FIDE 5.2.2), one FEN or a file of FENs.

use crate::args::DeadArgs;
use crate::output::{Emitter, Item};
use crate::UsageError;
use anyhow::Context;

fn item(a: &arbiter::DeadAnswer) -> Item {
    Item::new(a, a.text_in(crate::output::voice()), a.is_error())
}

/// Entry point: one item per FEN, in order; a bad FEN gets `{"fen","error"}` and the rest go on.
pub fn run(args: DeadArgs, out: &mut Emitter) -> anyhow::Result<()> {
    if args.fen.is_some() && arbiter::detect_game(args.fen.as_deref(), None) == arbiter::Game::Xiangqi {
        return Err(UsageError(crate::output::say(
            "dead judges chess positions (FIDE 5.2.2); this FEN is xiangqi",
            "dead 只判西洋棋局面（國際棋聯棋規第5.2.2條）；這個 FEN 是象棋",
            "dead 只判国际象棋局面（国际棋联规则第5.2.2条）；这个 FEN 是中国象棋",
        ))
        .into());
    }
    match (&args.fen, &args.fen_file) {
        (Some(fen), None) => {
            super::check_fen(Some(fen), arbiter::Game::Chess)?;
            out.emit(item(&arbiter::dead(fen)))
        }
        (None, Some(path)) => {
            let text = if path == "-" {
                std::io::read_to_string(std::io::stdin()).context("reading standard input")?
            } else {
                std::fs::read_to_string(path).map_err(|io| crate::inputs::Unread {
                    path: path.clone(),
                    io,
                })?
            };
            let lang = crate::output::lang();
            let name = match (path.as_str(), lang.is_chinese()) {
                ("-", false) => "standard input",
                ("-", true) => crate::output::zh("標準輸入", "标准输入"),
                _ => path.as_str(),
            };
            // The clauses cited, summarised once at the end (not after each of thousands).
            let mut cited = arbiter::render::glossary::CitedClauses::default();
            let json = out.json();
            let (mut positions, mut dead, mut failed) = (0usize, 0usize, 0usize);
            for answer in arbiter::dead_lines(&text) {
                positions += 1;
                dead += usize::from(answer.report.as_ref().is_ok_and(|r| r.dead));
                failed += usize::from(answer.is_error());
                if json {
                    // Only the JSON line is printed (an error object too: one line per FEN).
                    out.emit(Item::new(&answer, String::new(), answer.is_error()));
                    continue;
                }
                if answer.is_error() {
                    // "positions.txt, line 4: error: ...", on standard error.
                    let lang = crate::output::lang();
                    let sep = if lang.is_chinese() { "，" } else { ", " };
                    eprintln!("{name}{sep}{}", answer.body_text_in(lang).trim_end());
                    out.fail();
                    continue;
                }
                let text = cited.write(|| answer.body_text_in(crate::output::lang()));
                out.emit(Item::new(&answer, text, false));
            }
            let summaries = cited.summaries_in(crate::output::voice());
            if !json && !summaries.is_empty() {
                out.emit(Item::new(&serde_json::Value::Null, summaries, false));
            }
            out.flush();
            if lang.is_chinese() {
                let z = crate::output::zh;
                eprintln!(
                    "arbiter：{name}{}{positions}{}{dead}{}{failed}{}",
                    z("，共", "，共"),
                    z("個局面：", "个局面："),
                    z("個死局；", "个死局；"),
                    z("個無法判定", "个无法判定")
                );
            } else {
                eprintln!(
                    "arbiter: {} from {name}: {dead} dead; {failed} could not be judged",
                    crate::output::plural(positions, "position")
                );
            }
        }
        _ => {
            return Err(UsageError(crate::output::say(
                "dead: give exactly one of --fen FEN or --fen-file FILE",
                "dead：--fen FEN 與 --fen-file FILE 須給且只給一個",
                "dead：--fen FEN 与 --fen-file FILE 须给且只给一个",
            ))
            .into())
        }
    }
    Ok(())
}
