//! `arbiter dead`: chess dead positions (FIDE 5.2.2), one FEN or a file of FENs.

use crate::args::DeadArgs;
use crate::output::{Emitter, Item};
use crate::UsageError;
use anyhow::Context;

fn item(a: &arbiter::DeadAnswer) -> Item {
    Item::new(a, a.text_in(crate::output::lang()), a.is_error())
}

/// Entry point: one item per FEN, in order; a bad FEN gets `{"fen","error"}` and the rest go on.
pub fn run(args: DeadArgs, out: &mut Emitter) -> anyhow::Result<()> {
    if args.fen.is_some() && arbiter::detect_game(args.fen.as_deref(), None) == arbiter::Game::Xiangqi {
        return Err(
            UsageError("dead judges chess positions (FIDE 5.2.2); this FEN is xiangqi".into()).into(),
        );
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
                std::fs::read_to_string(path).with_context(|| format!("reading {path}"))?
            };
            let name = if path == "-" {
                "standard input"
            } else {
                path.as_str()
            };
            // The clauses cited, summarised once at the end (not after each of thousands).
            let mut cited = String::new();
            let json = out.json();
            for answer in arbiter::dead_lines(&text) {
                if json {
                    // Only the JSON line is printed: no text report, no clauses to collect.
                    out.emit(Item::new(&answer, String::new(), answer.is_error()));
                    continue;
                }
                let mut it = Item::new(
                    &answer,
                    answer.body_text_in(crate::output::lang()),
                    answer.is_error(),
                );
                if answer.is_error() {
                    // "positions.txt, line 4: error: ...": the file may hold thousands of FENs.
                    let sep = if crate::output::lang().is_chinese() {
                        "，"
                    } else {
                        ", "
                    };
                    it.text = format!("{name}{sep}{}", it.text);
                }
                for c in arbiter::glossary::cited(&answer.body_text()) {
                    let citation = format!("{}\n", c.citation());
                    if !cited.contains(&citation) {
                        cited.push_str(&citation);
                    }
                }
                out.emit(it);
            }
            let summaries = arbiter::glossary::summaries_in(&[cited.as_str()], crate::output::lang());
            if !json && !summaries.is_empty() {
                out.emit(Item::new(&serde_json::Value::Null, summaries, false));
            }
        }
        _ => return Err(UsageError("dead: give exactly one of --fen FEN or --fen-file FILE".into()).into()),
    }
    Ok(())
}
