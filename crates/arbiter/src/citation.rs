//! Clause citations as values: the rule book, the clauses within it (as the glossary files
//! them: [`crate::glossary::Clause`]) and what the citation says of them beyond their ids (a
//! reading where a book is silent, one clause per side, the count of a limit).
//!
//! Rule code returns a [`Citation`]; its `Display` is the English citation of the reports and of
//! the JSON `clause` fields (`"AXF general rule 9 / detailed rule 23"`, `"TW113 ch.2 table (not
//! at fault)"`, `"FIDE B.2/B.3"`), and the render layer words it in Chinese from its parts
//! ([`crate::render::zh::cite`]).
//!
//! ```
//! use arbiter::citation::{Citation, ClauseId::*, Qualifier};
//! use arbiter::RuleBook;
//! let c = Citation::of(RuleBook::Axf, &[General(9), Detailed(23)]);
//! assert_eq!(c.to_string(), "AXF general rule 9 / detailed rule 23");
//! let r = Citation::of(RuleBook::Axf, &[General(3)]).with(Qualifier::Silent(RuleBook::Tw113));
//! assert_eq!(r.to_string(), "AXF general rule 3 (a reading: TW113 is silent)");
//! ```

use crate::types::{RuleBook, Side};
use serde::{Serialize, Serializer};
use std::cell::RefCell;
use std::fmt;

thread_local! {
    /// The clauses written so far by the innermost [`written_by`] on this thread (`None`
    /// outside one).
    static WRITTEN: RefCell<Option<Vec<Written>>> = const { RefCell::new(None) };
}

/// A clause as a report wrote it: its book and id, and the book it was read into when it is
/// another book's clause borrowed as a reading (an AXF clause in a TW113 report, `(a reading:
/// TW113 is silent)`, `(AXF detailed rule 25 reading)`; a TW113 clause standing in where AXF
/// has none written).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Written {
    /// The clause's own book.
    pub book: RuleBook,
    /// The clause.
    pub id: ClauseId,
    /// The book whose report borrowed it, if it is borrowed.
    pub read_into: Option<RuleBook>,
}

/// Runs `write` (a report being written, in any language) and returns its value with every
/// clause a citation wrote meanwhile, in the order written, repeats kept: each id of a
/// [`Clauses`] and the clause a [`Qualifier`] names (`(AXF detailed rule 25 reading)`), as its
/// English `Display` or its Chinese words ([`crate::render::zh::cite`]) wrote them. The
/// summaries that end a report come from this list, not from reading the report's words back.
/// Nested calls each get their own clauses, which count for the enclosing call too.
pub(crate) fn written_by<T>(write: impl FnOnce() -> T) -> (T, Vec<Written>) {
    let outer = WRITTEN.with(|w| w.borrow_mut().replace(Vec::new()));
    let value = write();
    let mine = WRITTEN.with(|w| w.borrow_mut().take()).unwrap_or_default();
    if let Some(mut outer) = outer {
        outer.extend_from_slice(&mine);
        WRITTEN.with(|w| *w.borrow_mut() = Some(outer));
    }
    (value, mine)
}

/// Notes that clause `id` of `book` is being written into a report (nothing outside
/// [`written_by`]).
pub(crate) fn note(book: RuleBook, id: ClauseId) {
    note_read_into(book, id, None);
}

/// [`note`] for a clause of `book` borrowed into a report under `read_into` (a reading).
pub(crate) fn note_read_into(book: RuleBook, id: ClauseId, read_into: Option<RuleBook>) {
    let read_into = read_into.filter(|&into| into != book);
    WRITTEN.with(|w| {
        if let Some(v) = w.borrow_mut().as_mut() {
            v.push(Written { book, id, read_into });
        }
    });
}

/// Runs `f` with no clause noted (a citation compared, not written).
fn unwritten<T>(f: impl FnOnce() -> T) -> T {
    let outer = WRITTEN.with(|w| w.borrow_mut().take());
    let value = f();
    WRITTEN.with(|w| *w.borrow_mut() = outer);
    value
}

impl Qualifier {
    /// The clause the qualifier names, if any (`(AXF detailed rule 25 reading)`).
    pub(crate) fn clause(&self) -> Option<(RuleBook, ClauseId)> {
        match *self {
            Qualifier::ReadingOf(book, id) => Some((book, id)),
            Qualifier::SamePieceNamesOneChasingSeveral => Some((RuleBook::Tw113, ClauseId::SamePiece)),
            _ => None,
        }
    }
}

impl Clauses {
    /// Notes each clause written ([`written_by`]): the ids, then the qualifier's; each as
    /// borrowed when the qualifier says it is read into another book (`(a reading: TW113 is
    /// silent)`, `(AXF has none written)`; the AXF clause a TW113 clause is read by).
    pub(crate) fn note_written(&self) {
        let into = match self.qualifier {
            Some(Qualifier::Silent(book) | Qualifier::NoneWritten(book)) => Some(book),
            Some(Qualifier::SamePieceNamesOneChasingSeveral) => Some(RuleBook::Tw113),
            _ => None,
        };
        for &id in self.ids {
            note_read_into(self.book, id, into);
        }
        if let Some((book, id)) = self.qualifier.and_then(|q| q.clause()) {
            note_read_into(book, id, Some(self.book));
        }
    }
}

/// A clause within its rule book, as the glossary files it ([`crate::glossary::Clause::id`] is
/// its `Display`). Ordered as the books order them: general rules, then detailed rules, each by
/// number, then the TW113 sections in the order below.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ClauseId {
    /// AXF general rule N (棋例總綱第N條): `"general rule 3"`.
    General(u8),
    /// AXF detailed rule N (棋例細則第N條): `"detailed rule 13"`.
    Detailed(u8),
    /// TW113 terms (術語): `"terms"`.
    Terms,
    /// TW113 general rules, true root (真根): `"general rules (true root)"`.
    TrueRoot,
    /// TW113 general rules, same kind (同類子): `"general rules (same kind)"`.
    SameKind,
    /// TW113 general rules, general and soldier (將帥與兵卒):
    /// `"general rules (general and soldier)"`.
    GeneralAndSoldier,
    /// TW113 general rules, same piece (同一子): `"general rules (same piece)"`.
    SamePiece,
    /// TW113 chapter 2, the table of verdicts (判決原則表): `"ch.2 table"`.
    Table,
    /// TW113 chapter 4, the arbiter's procedure (裁判程序): `"ch.4 procedure"`.
    Procedure,
    /// The natural move limit (自然限著): `"natural move limit"`.
    NaturalMoveLimit,
    /// TW113 9-round rule (九回合待判規定): `"9-round rule"`.
    NineRounds,
    /// A FIDE article or appendix clause as numbered in the Laws: `"9.2.1"`, `"A.3"`, `"B.2"`.
    Article(&'static str),
}

impl fmt::Display for ClauseId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClauseId::General(n) => write!(f, "general rule {n}"),
            ClauseId::Detailed(n) => write!(f, "detailed rule {n}"),
            ClauseId::Terms => f.write_str("terms"),
            ClauseId::TrueRoot => f.write_str("general rules (true root)"),
            ClauseId::SameKind => f.write_str("general rules (same kind)"),
            ClauseId::GeneralAndSoldier => f.write_str("general rules (general and soldier)"),
            ClauseId::SamePiece => f.write_str("general rules (same piece)"),
            ClauseId::Table => f.write_str("ch.2 table"),
            ClauseId::Procedure => f.write_str("ch.4 procedure"),
            ClauseId::NaturalMoveLimit => f.write_str("natural move limit"),
            ClauseId::NineRounds => f.write_str("9-round rule"),
            ClauseId::Article(a) => f.write_str(a),
        }
    }
}

/// The JSON form is the id as cited (`"id": "detailed rule 14"`).
impl Serialize for ClauseId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// What a citation says beyond its clause ids (English in brackets after them).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Qualifier {
    /// The clause of another book read into this one, which is silent:
    /// `"(a reading: TW113 is silent)"`.
    Silent(RuleBook),
    /// This book's clause applied as another book's clause reads it:
    /// `"(AXF detailed rule 25 reading)"`.
    ReadingOf(RuleBook, ClauseId),
    /// The AXF clause on two pieces chasing two read into TW113, whose general rules on the same
    /// piece name one piece chasing several: `"(a reading: TW113 general rules (same piece) name
    /// one piece chasing several)"`.
    SamePieceNamesOneChasingSeveral,
    /// The side cited is not at fault: `"(not at fault)"`.
    NotAtFault,
    /// The clause of this book stands in where the named book writes none:
    /// `"(AXF has none written)"`.
    NoneWritten(RuleBook),
    /// A limit of this many moves: `"(60 moves)"`.
    Moves(u32),
    /// The 40-move alternative of the natural move limit, this many plies:
    /// `"(40-move alternative, 80 plies)"`.
    Alternative {
        /// Plies needed (twice the moves).
        plies: u32,
    },
}

impl fmt::Display for Qualifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Qualifier::Silent(book) => write!(f, "a reading: {} is silent", book.prefix()),
            Qualifier::ReadingOf(book, id) => write!(f, "{} {id} reading", book.prefix()),
            Qualifier::SamePieceNamesOneChasingSeveral => {
                f.write_str("a reading: TW113 general rules (same piece) name one piece chasing several")
            }
            Qualifier::NotAtFault => f.write_str("not at fault"),
            Qualifier::NoneWritten(book) => write!(f, "{} has none written", book.prefix()),
            Qualifier::Moves(n) => write!(f, "{n} moves"),
            Qualifier::Alternative { plies } => write!(f, "{}-move alternative, {plies} plies", plies / 2),
        }
    }
}

/// Clauses of one rule book, with what the citation says of them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Clauses {
    /// The rule book.
    pub book: RuleBook,
    /// The clauses, in the order cited (one at least).
    pub ids: &'static [ClauseId],
    /// What the citation says beyond the ids.
    pub qualifier: Option<Qualifier>,
}

impl Clauses {
    /// The clauses `ids` of `book`, nothing more said.
    pub const fn of(book: RuleBook, ids: &'static [ClauseId]) -> Clauses {
        Clauses {
            book,
            ids,
            qualifier: None,
        }
    }

    /// FIDE articles: `Clauses::fide(&[ClauseId::Article("9.2.1")])`.
    pub const fn fide(ids: &'static [ClauseId]) -> Clauses {
        Clauses::of(RuleBook::Fide, ids)
    }

    /// The same clauses with `q` said of them.
    pub const fn with(self, q: Qualifier) -> Clauses {
        Clauses {
            qualifier: Some(q),
            ..self
        }
    }

    /// The ids as cited after the book's prefix: `"general rule 9 / detailed rule 23"`; FIDE
    /// clauses joined by a bare slash (`"B.2/B.3"`).
    fn write_ids(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.note_written();
        let sep = if self.book == RuleBook::Fide { "/" } else { " / " };
        for (i, id) in self.ids.iter().enumerate() {
            if i > 0 {
                f.write_str(sep)?;
            }
            write!(f, "{id}")?;
        }
        if let Some(q) = self.qualifier {
            write!(f, " ({q})")?;
        }
        Ok(())
    }
}

impl fmt::Display for Clauses {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ", self.book.prefix())?;
        self.write_ids(f)
    }
}

/// What the TW113 9-round rule found, cited with the verdict.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NineRoundsFound {
    /// The 9-round rule's clause.
    pub rule: Clauses,
    /// The side whose moves shuffle.
    pub mover: Side,
    /// How many points its moves touch.
    pub points: usize,
    /// Rounds in the window.
    pub rounds: usize,
    /// The verdict's citation.
    pub verdict: Box<Citation>,
}

/// A citation of the clauses that decide, as rule code returns it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Citation {
    /// Clauses of one book: `"AXF general rule 9 / detailed rule 23"`.
    Clauses(Clauses),
    /// Two or more sets of clauses, each allowing on its own (the exemptions of one threatened
    /// piece): `"AXF general rule 9 / detailed rule 23; detailed rule 22"` (a book written
    /// once while it stays the same). Built by [`Citation::several`].
    Several(Vec<Clauses>),
    /// One citation per side: `"AXF general rule 2 (red), AXF detailed rule 8 (black)"`.
    PerSide {
        /// Red's citation.
        red: Box<Citation>,
        /// Black's citation.
        black: Box<Citation>,
    },
    /// Xiangqi's own rule: `"checkmate: the side to move loses"`.
    Checkmate,
    /// Xiangqi's own rule: `"no legal move (困斃): the side to move loses"`.
    NoLegalMove,
    /// The TW113 9-round rule and what it found, then the verdict's own citation:
    /// `"TW113 9-round rule (red moves among 3 points for 9 rounds, forbidden moves
    /// alternating); TW113 ch.2 table"`.
    NineRounds(Box<NineRoundsFound>),
}

impl Citation {
    /// The clauses `ids` of `book`, nothing more said.
    pub const fn of(book: RuleBook, ids: &'static [ClauseId]) -> Citation {
        Citation::Clauses(Clauses::of(book, ids))
    }

    /// The same clauses with `q` said of them (a citation that is not one set of clauses is
    /// returned as it is).
    pub fn with(self, q: Qualifier) -> Citation {
        match self {
            Citation::Clauses(c) => Citation::Clauses(c.with(q)),
            other => other,
        }
    }

    /// Several sets of clauses, each allowing on its own; one set is that set's citation,
    /// none is `None`.
    pub fn several(mut parts: Vec<Clauses>) -> Option<Citation> {
        match parts.len() {
            0 => None,
            1 => Some(Citation::Clauses(parts.remove(0))),
            _ => Some(Citation::Several(parts)),
        }
    }

    /// One citation per side; the same citation for both is that citation.
    pub fn per_side(red: Citation, black: Citation) -> Citation {
        if red == black {
            red
        } else {
            Citation::PerSide {
                red: Box::new(red),
                black: Box::new(black),
            }
        }
    }

    /// Every set of clauses this citation names, in order (none for checkmate and no legal
    /// move, which cite no rule book).
    pub fn parts(&self) -> Vec<Clauses> {
        match self {
            Citation::Clauses(c) => vec![*c],
            Citation::Several(v) => v.clone(),
            Citation::PerSide { red, black } => {
                let mut v = red.parts();
                v.extend(black.parts());
                v
            }
            Citation::Checkmate | Citation::NoLegalMove => Vec::new(),
            Citation::NineRounds(n) => {
                let mut v = vec![n.rule];
                v.extend(n.verdict.parts());
                v
            }
        }
    }

    /// Whether it cites a rule book's clause (checkmate and no legal move cite none: the reason
    /// says it).
    pub fn cites_a_book(&self) -> bool {
        !matches!(self, Citation::Checkmate | Citation::NoLegalMove)
    }

    /// Whether this is a TW113 9-round rule citation.
    pub fn is_nine_rounds(&self) -> bool {
        matches!(self, Citation::NineRounds { .. })
    }
}

impl From<Clauses> for Citation {
    fn from(c: Clauses) -> Citation {
        Citation::Clauses(c)
    }
}

impl fmt::Display for Citation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Citation::Clauses(c) => write!(f, "{c}"),
            Citation::Several(parts) => {
                let mut book = None;
                for (i, c) in parts.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    if book != Some(c.book) {
                        write!(f, "{} ", c.book.prefix())?;
                        book = Some(c.book);
                    }
                    c.write_ids(f)?;
                }
                Ok(())
            }
            Citation::PerSide { red, black } => write!(f, "{red} (red), {black} (black)"),
            Citation::Checkmate => f.write_str("checkmate: the side to move loses"),
            Citation::NoLegalMove => f.write_str("no legal move (困斃): the side to move loses"),
            Citation::NineRounds(n) => write!(
                f,
                "{} ({} moves among {} points for {} rounds, forbidden moves alternating); {}",
                n.rule, n.mover, n.points, n.rounds, n.verdict
            ),
        }
    }
}

/// The JSON form is the English citation (`"clause": "TW113 natural move limit"`).
impl Serialize for Clauses {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// The JSON form is the English citation (`"clause": "AXF detailed rule 13"`).
impl Serialize for Citation {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Whether `value` is written `text` (compared as it is written, no allocation).
fn spelled(value: &dyn fmt::Display, text: &str) -> bool {
    /// What is left of the text to match.
    struct Rest<'a>(&'a str);
    impl fmt::Write for Rest<'_> {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            self.0 = self.0.strip_prefix(s).ok_or(fmt::Error)?;
            Ok(())
        }
    }
    let mut rest = Rest(text);
    unwritten(|| fmt::write(&mut rest, format_args!("{value}")).is_ok() && rest.0.is_empty())
}

impl ClauseId {
    /// Whether the id is cited as `text` (`"detailed rule 14"`, `"9.2.1"`).
    pub fn spells(&self, text: &str) -> bool {
        spelled(self, text)
    }
}

impl Citation {
    /// Whether the English citation is `text`.
    pub fn spells(&self, text: &str) -> bool {
        spelled(self, text)
    }
}

impl PartialEq<str> for Clauses {
    fn eq(&self, other: &str) -> bool {
        spelled(self, other)
    }
}

impl PartialEq<&str> for Clauses {
    fn eq(&self, other: &&str) -> bool {
        spelled(self, other)
    }
}

impl PartialEq<str> for Citation {
    fn eq(&self, other: &str) -> bool {
        self.spells(other)
    }
}

impl PartialEq<&str> for Citation {
    fn eq(&self, other: &&str) -> bool {
        self.spells(other)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::ClauseId::*;
    use super::*;
    use crate::types::RuleBook::{Axf, Fide, Tw113};

    fn axf(ids: &'static [ClauseId]) -> Citation {
        Citation::of(Axf, ids)
    }
    fn tw(ids: &'static [ClauseId]) -> Citation {
        Citation::of(Tw113, ids)
    }
    fn fide(a: &'static [ClauseId]) -> Citation {
        Citation::of(Fide, a)
    }

    /// Every form of citation the rule code writes, with its English as the reports and the
    /// JSON `clause` fields spell it.
    pub(crate) fn every_form() -> Vec<(Citation, &'static str)> {
        let silent = Qualifier::Silent(Tw113);
        vec![
            // The exemptions (xiangqi/facts.rs).
            (axf(&[General(9), Detailed(23)]), "AXF general rule 9 / detailed rule 23"),
            (axf(&[General(9), Detailed(24)]), "AXF general rule 9 / detailed rule 24"),
            (axf(&[General(3)]), "AXF general rule 3"),
            (axf(&[General(7), Detailed(19)]), "AXF general rule 7 / detailed rule 19"),
            (axf(&[Detailed(22)]), "AXF detailed rule 22"),
            (axf(&[General(6), Detailed(30)]), "AXF general rule 6 / detailed rule 30"),
            (tw(&[Terms]), "TW113 terms"),
            (
                axf(&[General(3)]).with(silent),
                "AXF general rule 3 (a reading: TW113 is silent)",
            ),
            (tw(&[SameKind]), "TW113 general rules (same kind)"),
            (
                axf(&[Detailed(22)]).with(silent),
                "AXF detailed rule 22 (a reading: TW113 is silent)",
            ),
            (tw(&[TrueRoot]), "TW113 general rules (true root)"),
            // A side's clause and the verdict (xiangqi/repetition.rs).
            (
                tw(&[Table]).with(Qualifier::NotAtFault),
                "TW113 ch.2 table (not at fault)",
            ),
            (
                tw(&[Table]).with(Qualifier::ReadingOf(Axf, Detailed(25))),
                "TW113 ch.2 table (AXF detailed rule 25 reading)",
            ),
            (
                tw(&[Table]).with(Qualifier::ReadingOf(Axf, Detailed(14))),
                "TW113 ch.2 table (AXF detailed rule 14 reading)",
            ),
            (tw(&[Table]), "TW113 ch.2 table"),
            (axf(&[Detailed(1)]), "AXF detailed rule 1"),
            (axf(&[Detailed(13)]), "AXF detailed rule 13"),
            (axf(&[Detailed(28)]), "AXF detailed rule 28"),
            (axf(&[General(2), Detailed(7)]), "AXF general rule 2 / detailed rule 7"),
            (axf(&[General(4), Detailed(27)]), "AXF general rule 4 / detailed rule 27"),
            (axf(&[General(1), General(3)]), "AXF general rule 1 / general rule 3"),
            (
                Citation::several(vec![Clauses::of(Axf, &[General(9), Detailed(23)])]).unwrap(),
                "AXF general rule 9 / detailed rule 23",
            ),
            (
                Citation::several(vec![
                    Clauses::of(Axf, &[General(9), Detailed(23)]),
                    Clauses::of(Axf, &[Detailed(22)]),
                ])
                .unwrap(),
                "AXF general rule 9 / detailed rule 23; detailed rule 22",
            ),
            (tw(&[GeneralAndSoldier]), "TW113 general rules (general and soldier)"),
            (tw(&[SamePiece]), "TW113 general rules (same piece)"),
            (
                axf(&[Detailed(25)]).with(silent),
                "AXF detailed rule 25 (a reading: TW113 is silent)",
            ),
            (
                axf(&[General(4), Detailed(27)]).with(Qualifier::SamePieceNamesOneChasingSeveral),
                "AXF general rule 4 / detailed rule 27 (a reading: TW113 general rules (same piece) name one piece chasing several)",
            ),
            (
                Citation::per_side(axf(&[General(2), Detailed(7)]), axf(&[Detailed(8)])),
                "AXF general rule 2 / detailed rule 7 (red), AXF detailed rule 8 (black)",
            ),
            (Citation::per_side(axf(&[Detailed(8)]), axf(&[Detailed(8)])), "AXF detailed rule 8"),
            // The referee and the rule sets (xiangqi/referee.rs, rules.rs, limits.rs).
            (
                axf(&[NaturalMoveLimit]).with(Qualifier::Moves(60)),
                "AXF natural move limit (60 moves)",
            ),
            (tw(&[NaturalMoveLimit]), "TW113 natural move limit"),
            (
                tw(&[NaturalMoveLimit]).with(Qualifier::Alternative { plies: 80 }),
                "TW113 natural move limit (40-move alternative, 80 plies)",
            ),
            (
                tw(&[Procedure]).with(Qualifier::NoneWritten(Axf)),
                "TW113 ch.4 procedure (AXF has none written)",
            ),
            (tw(&[Procedure]), "TW113 ch.4 procedure"),
            (
                Citation::NineRounds(Box::new(NineRoundsFound {
                    rule: Clauses::of(Tw113, &[NineRounds]),
                    mover: Side::Red,
                    points: 3,
                    rounds: 9,
                    verdict: Box::new(tw(&[Table])),
                })),
                "TW113 9-round rule (red moves among 3 points for 9 rounds, forbidden moves alternating); TW113 ch.2 table",
            ),
            (Citation::Checkmate, "checkmate: the side to move loses"),
            (Citation::NoLegalMove, "no legal move (困斃): the side to move loses"),
            // Chess (chess/*.rs).
            (fide(&[Article("5.1.1")]), "FIDE 5.1.1"),
            (fide(&[Article("9.2.1.1")]), "FIDE 9.2.1.1"),
            (fide(&[Article("9.3")]), "FIDE 9.3"),
            (fide(&[Article("A.3")]), "FIDE A.3"),
            (fide(&[Article("B.2"), Article("B.3")]), "FIDE B.2/B.3"),
        ]
    }

    #[test]
    fn every_form_spells_todays_english() {
        for (c, en) in every_form() {
            assert_eq!(c.to_string(), en);
            assert_eq!(c, en);
            assert!(!c.spells(&en[..en.len() - 1]) && !c.spells(&format!("{en} ")));
            assert_eq!(serde_json::to_value(&c).unwrap(), serde_json::json!(en));
        }
    }

    /// Every clause a citation names has its glossary entry, under the same id.
    #[test]
    fn every_clause_cited_is_in_the_glossary() {
        for (c, en) in every_form() {
            for part in c.parts() {
                for id in part.ids {
                    assert!(
                        crate::glossary::CLAUSES
                            .iter()
                            .any(|g| g.book == part.book && g.id == *id),
                        "{en}: no glossary entry {} {id}",
                        part.book.prefix()
                    );
                }
            }
        }
        assert!(!Citation::Checkmate.cites_a_book() && Citation::Checkmate.parts().is_empty());
    }
}
