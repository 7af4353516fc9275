//! `arbiter rules [axf|tw113|fide] [CLAUSE]`: the clause glossary (each clause the referee
//! cites, summarised in our words in English and Chinese). The glossary is the library's
//! [`arbiter::glossary`]; this file only prints it.

use crate::output::{Emitter, Item};
use crate::UsageError;
use arbiter::glossary::{self, Clause, RuleBook};
use clap::Args;

#[derive(Args, Debug)]
pub struct RulesArgs {
    /// A rule book (`axf`, `tw113`, `fide`) or, without one, a clause to look for in all.
    pub book: Option<String>,
    /// A clause: `"detailed rule 14"`, `d14`, `g3`, `14` (AXF general and detailed rule 14),
    /// `table`, `procedure`, `natural move limit`, `9.2` (with the articles under it), `A.3`.
    pub clause: Option<String>,
    /// One JSON object per clause:
    /// `{"book","id","citation","title","title_zh","title_zh_hans","en","zh","zh_hans"}`.
    #[arg(long)]
    pub json: bool,
}

fn item(c: &Clause) -> Item {
    Item::new(&c.json(), c.text_in(crate::output::lang()), false)
}

/// Prints the clauses asked for.
///
/// # Errors
/// [`UsageError`] when the book is unknown or the clause names nothing in the glossary.
pub fn run(args: RulesArgs, emitter: &mut Emitter) -> anyhow::Result<()> {
    let (book, query) = match (&args.book, &args.clause) {
        (None, _) => (None, None),
        (Some(b), q) => match b.parse::<RuleBook>() {
            Ok(book) => (Some(book), q.clone()),
            Err(_) if q.is_none() => (None, Some(b.clone())),
            Err(e) => return Err(UsageError(super::usage_message(&arbiter::Usage::Word(e))).into()),
        },
    };
    let found: Vec<&Clause> = match &query {
        None => glossary::clauses(book).collect(),
        Some(q) => glossary::lookup(book, q),
    };
    if found.is_empty() {
        let q = query.unwrap_or_default();
        let within = book.map_or(String::new(), |b| format!(" in {}", b.prefix()));
        let list = book.map_or("arbiter rules".to_string(), |b| {
            format!("arbiter rules {}", b.name())
        });
        let (hant, hans) = match book {
            Some(arbiter::RuleBook::Axf) => ("亞洲棋規", "亚洲棋规"),
            Some(arbiter::RuleBook::Tw113) => ("台灣棋規", "台湾棋规"),
            Some(arbiter::RuleBook::Fide) => ("國際棋聯棋規", "国际棋联规则"),
            None => ("棋規", "棋规"),
        };
        return Err(UsageError(crate::output::say(
            &format!("no clause '{q}'{within}; `{list}` lists them"),
            &format!("{hant}中沒有條文「{q}」；{list} 列出全部條文"),
            &format!("{hans}中没有条文「{q}」；{list} 列出全部条文"),
        ))
        .into());
    }
    if query.is_none() && !args.json {
        if let Some(b) = book {
            emitter.emit(Item::new(
                &serde_json::Value::Null,
                format!(
                    "{}\n",
                    arbiter::render::glossary::book_title_in(b, crate::output::lang())
                ),
                false,
            ));
        }
    }
    for c in found {
        emitter.emit(item(c));
    }
    Ok(())
}
