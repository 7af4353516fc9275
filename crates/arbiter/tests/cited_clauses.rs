//! The block of clause summaries that ends a text report lists the clauses its typed citations
//! wrote ([`arbiter::render::glossary::CitedClauses`]). The reference twin here reads them back
//! from the English words instead ([`arbiter::glossary::cited`], the reader behind
//! `arbiter rules --cited`): over the samples and every xiangqi and chess case of
//! `tests/fixtures`, in English and both Chinese scripts, the two lists agree, so no clause a
//! report names in its words is missing from its summaries and none is listed that it does not
//! name.

use arbiter::glossary::{cited, Clause};
use arbiter::{ClaimGame, ClaimQuery, GameReport, Lang, Notation, Options, RuleBook};
use serde_json::Value;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");

/// The report's words and its block of summaries, split at the block's heading.
fn split(text: &str, lang: Lang) -> (&str, &str) {
    let heading = match lang {
        Lang::En => "Clauses cited (",
        Lang::ZhHant => "引用條文（",
        Lang::ZhHans => "引用条文（",
    };
    match text.find(heading) {
        Some(i) => (&text[..i], &text[i..]),
        None => (text, ""),
    }
}

/// The clauses a block of summaries lists, in order, as their citations in `lang`.
fn listed(block: &str) -> Vec<String> {
    block
        .lines()
        .skip(1)
        .map(|l| l.trim_start().to_string())
        .collect()
}

/// Checks one report: `english` its English text, `text_in` the same report in a language.
fn check(name: &str, english: &str, text_in: impl Fn(Lang) -> String, failures: &mut Vec<String>) {
    let (words, _) = split(english, Lang::En);
    let expected: Vec<&'static Clause> = cited(words);
    for lang in [Lang::En, Lang::ZhHant, Lang::ZhHans] {
        let text = if lang == Lang::En {
            english.to_string()
        } else {
            text_in(lang)
        };
        let (words_in, block) = split(&text, lang);
        if lang != Lang::En {
            // The Chinese words read back (`cited` reads Chinese citations too) name the same
            // clauses as the English ones (in the order of each language's sentences).
            let sorted = |v: Vec<&'static Clause>| {
                let mut v: Vec<String> = v.iter().map(|c| c.citation()).collect();
                v.sort();
                v.dedup();
                v
            };
            let (zh, en) = (sorted(cited(words_in)), sorted(expected.clone()));
            if zh != en {
                failures.push(format!(
                    "{name} ({lang}): its Chinese words cite {zh:?}, its English {en:?}"
                ));
            }
        }
        let got = listed(block);
        let want: Vec<String> = expected
            .iter()
            .map(|c| match lang {
                Lang::En => format!("{} ({})", c.citation(), c.title),
                _ if c.citation_in(lang).ends_with(c.title_in(lang)) => format!("{}：", c.citation_in(lang)),
                _ => format!("{}（{}）", c.citation_in(lang), c.title_in(lang)),
            })
            .collect();
        let same = got.len() == want.len() && got.iter().zip(&want).all(|(g, w)| g.starts_with(w.as_str()));
        if !same {
            failures.push(format!(
                "{name} ({lang}): listed {got:#?}\nnamed in its words {want:#?}"
            ));
        }
    }
}

fn cases(file: &str) -> Vec<Value> {
    std::fs::read_to_string(format!("{FIXTURES}/{file}"))
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with("//"))
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn check_game(name: &str, report: &GameReport, failures: &mut Vec<String>) {
    check(
        name,
        &report.text(),
        |lang| report.text_in(lang, Notation::Default),
        failures,
    );
}

#[test]
fn summaries_list_the_clauses_the_words_cite() {
    let mut failures = Vec::new();
    let mut reports = 0;
    let (mut claims, mut classified) = (0, 0);
    for file in [
        "cases/seeds.jsonl",
        "cases/fsf-cycles.jsonl",
        "cases/wxf-cycles.jsonl",
        "cases/chase-round2.jsonl",
        "chess/cases-fide.jsonl",
    ] {
        for c in cases(file) {
            let id = c["id"].as_str().unwrap_or("?").to_string();
            let Some(fen) = c["fen"].as_str() else { continue };
            let moves: Vec<&str> = c["moves"]
                .as_array()
                .map(|m| m.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            let moves = moves.join(" ");
            let rules = c["rules"].as_str().and_then(|r| r.parse().ok());
            if c["command"] == "classify" {
                if let Some(mv) = c["move"].as_str() {
                    for explain in [false, true] {
                        if let Ok(r) = arbiter::classify(fen, mv, rules, explain) {
                            reports += 1;
                            classified += 1;
                            check(
                                &id,
                                &r.text(),
                                |lang| r.text_in(lang, Notation::Default),
                                &mut failures,
                            );
                        }
                    }
                }
            }
            if c["command"] == "claim" {
                let kind = c["kind"].as_str().and_then(|k| k.parse().ok());
                if let Some(kind) = kind {
                    let q = ClaimQuery {
                        kind,
                        game: ClaimGame::Position {
                            fen: Some(fen),
                            moves: &moves,
                            game: None,
                        },
                        rules,
                        at_ply: c["at_ply"].as_u64().map(|p| p as usize),
                        intended_move: c["intended_move"].as_str().map(String::from),
                        time_control: None,
                        limit: c["limit"].as_u64().map(|l| l as u32),
                    };
                    if let Ok(r) = arbiter::claim(&q) {
                        reports += 1;
                        claims += 1;
                        check(&id, &r.text(), |lang| r.text_in(lang), &mut failures);
                    }
                }
            }
            if c["command"] == "cycle" {
                for explain in [false, true] {
                    if let Ok(r) = arbiter::cycle(fen, &moves, rules, explain) {
                        reports += 1;
                        check(
                            &id,
                            &r.text(),
                            |lang| r.text_in(lang, Notation::Default),
                            &mut failures,
                        );
                    }
                }
            }
            for explain in [false, true] {
                let options = Options {
                    rules,
                    explain,
                    ..Options::default()
                };
                if let Ok(r) = arbiter::judge_position(Some(fen), &moves, &options) {
                    reports += 1;
                    check_game(&id, &r, &mut failures);
                }
            }
        }
    }
    let samples = concat!(env!("CARGO_MANIFEST_DIR"), "/../../samples");
    for entry in std::fs::read_dir(samples).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "pgn") {
            let bytes = std::fs::read(&path).unwrap();
            let name = path.display().to_string();
            for rules in [None, Some(RuleBook::Tw113)] {
                for explain in [false, true] {
                    let options = Options {
                        rules,
                        explain,
                        ..Options::default()
                    };
                    for r in arbiter::judge_bytes(&bytes, &name, &options) {
                        reports += 1;
                        check_game(&name, &r, &mut failures);
                    }
                }
            }
        }
    }
    // Dead positions: one dead, one alive, one where the 75-move rule comes first.
    for fen in [
        "8/8/4k3/8/8/3BK3/8/8 w - - 0 1",
        "4k3/8/8/8/8/8/3R4/4K3 w - - 0 1",
        "8/8/8/2k5/8/8/8/KQ6 w - - 148 120",
    ] {
        let r = arbiter::dead(fen);
        reports += 1;
        check(fen, &r.text(), |lang| r.text_in(lang), &mut failures);
    }
    assert!(
        reports > 300 && claims >= 9 && classified >= 10,
        "only {reports} reports, {claims} claims, {classified} classified"
    );
    assert!(
        failures.is_empty(),
        "{} of {reports} reports:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
