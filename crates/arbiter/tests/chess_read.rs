//! `arbiter::chess::read_pgn` (the records layer's lexer, each move token SAN for shakmaty)
//! against `pgn-reader`, kept here as a reference reader only: on plain PGN (regular tags, no
//! blank or `%` line inside the movetext, nothing after the result) both read the same tags and
//! moves. Where the texts are odd the records reading is the one asserted: the main line ends at
//! the termination marker, a blank line does not cut the game, a token that is not SAN is an
//! error rather than a move dropped.

use std::ops::ControlFlow;

use arbiter::chess::{parse_pgn_game, read_pgn, GameRecord};
use pgn_reader::{RawTag, Reader, SanPlus, Skip, Visitor};
use proptest::prelude::*;

/// What a judge sees of a record.
fn seen(r: &GameRecord) -> String {
    format!(
        "{:?} {:?} {:?} {:?} {:?}",
        r.start_fen,
        r.moves.iter().map(ToString::to_string).collect::<Vec<_>>(),
        r.recorded_result,
        r.termination,
        r.time_control_tags.as_ref().map(|(_, t)| t)
    )
}

/// The reference: the tags and main-line SAN moves `pgn-reader` reads, seen as [`seen`] shows
/// a record (the time-control tag as `arbiter` reads it from `[TimeControl]` or `[Event]`).
#[derive(Default)]
struct Reference {
    fen: Option<String>,
    result: Option<String>,
    termination: Option<String>,
    time_control: Option<String>,
    event: Option<String>,
    moves: Vec<String>,
    outcome: Option<String>,
}

impl Visitor for Reference {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }

    fn tag(&mut self, _: &mut (), name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        let value = Some(value.decode_utf8_lossy().into_owned());
        match name {
            b"FEN" => self.fen = value,
            b"Result" => self.result = value,
            b"Termination" => self.termination = value,
            b"TimeControl" => self.time_control = value,
            b"Event" => self.event = value,
            _ => {}
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }

    fn san(&mut self, _: &mut (), san_plus: SanPlus) -> ControlFlow<()> {
        self.moves.push(san_plus.san.to_string());
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _: &mut ()) -> ControlFlow<(), Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn outcome(&mut self, _: &mut (), outcome: pgn_reader::Outcome) -> ControlFlow<()> {
        self.outcome = Some(outcome.to_string());
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _: ()) {}
}

fn reference(text: &str) -> String {
    let mut r = Reference::default();
    Reader::new(text.as_bytes())
        .read_game(&mut r)
        .expect("pgn-reader reads it");
    let tc = arbiter::words::time_control_from_tags(r.time_control.as_deref(), r.event.as_deref());
    format!(
        "{:?} {:?} {:?} {:?} {:?}",
        r.fen,
        r.moves,
        r.result.or(r.outcome),
        r.termination,
        tc.as_ref().map(|(_, t)| t)
    )
}

/// Reads every game of `text` with both readers; returns how many were compared.
fn check(text: &str) -> usize {
    let mut compared = 0;
    for raw in records::pgn::games(text) {
        let read = read_pgn(&raw);
        let integrity = raw.integrity();
        assert_eq!(read.integrity, integrity, "integrity of {text:?}");
        if integrity.broken.is_some() || read.unreadable.is_some() {
            assert!(read.record.is_none());
            continue;
        }
        let record = read.record.expect("a record when not broken").expect("a record");
        assert_eq!(seen(&record), reference(&raw.text), "record of {:?}", raw.text);
        compared += 1;
    }
    compared
}

#[test]
fn plain_games_read_as_pgn_reader_reads_them() {
    let games = [
        // A real opening with tags, a comment, a glyph, a variation and a result.
        "[Event \"F/S Return Match\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 2. Nf3 {note} Nc6 $1 (2... d6 3. d4) 3. Bb5 a6 1/2-1/2\n",
        // Castling with zeros, check and mate suffixes, annotation marks.
        "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. 0-0 Be7 5. d4!? exd4 6. e5+ 1-0\n",
        // A FEN tag, a Termination tag, a TimeControl tag, duplicated Result (the last wins).
        "[FEN \"8/8/8/4k3/8/8/4K3/4R3 w - - 0 1\"]\n[Termination \"Time forfeit\"]\n[TimeControl \"300+2\"]\n[Result \"*\"]\n[Result \"1-0\"]\n\n1. Re3+ Kd4 *\n",
        // Tags only.
        "[Event \"tags only\"]\n[Result \"*\"]\n",
        // No tags at all, CRLF line ends.
        "1. d4 d5\r\n2. c4 e6 *\r\n",
        // A tag value with an escaped quote and backslash.
        "[Event \"a \\\"b\\\" \\\\ c\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n",
    ];
    for g in games {
        assert_eq!(check(g), 1, "{g:?}");
    }
}

/// The moves `parse_pgn_game` reads, as SAN.
fn moves_of(text: &str) -> Vec<String> {
    parse_pgn_game(text)
        .expect("a record")
        .moves
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn odd_texts_read_as_the_records_lexer_reads_them() {
    // pgn-reader ends the game at a blank line inside the movetext (and loses `2. Nf3 Nc6`);
    // the records splitter keeps one game up to the next tag section.
    assert_eq!(
        moves_of("[Event \"a\"]\n\n1. e4 e5\n\n2. Nf3 Nc6 *\n"),
        ["e4", "e5", "Nf3", "Nc6"]
    );
    // A `%` escape line is skipped by both.
    assert_eq!(
        moves_of("[Event \"a\"]\n\n1. e4 e5\n%escaped\n2. Nf3 *\n"),
        ["e4", "e5", "Nf3"]
    );
    // The termination marker ends the main line (pgn-reader reads on past it).
    let r = parse_pgn_game("[Event \"a\"]\n\n1. e4 e5 1-0 2. Nf3\n").expect("a record");
    assert_eq!(r.moves.len(), 2);
    assert_eq!(r.recorded_result.as_deref(), Some("1-0"));
    // `1/2` is a draw marker.
    let r = parse_pgn_game("1. e4 e5 1/2\n").expect("a record");
    assert_eq!(r.recorded_result.as_deref(), Some("1/2-1/2"));
    // A glyph glued to a move, a stray `}`: the move stays.
    assert_eq!(moves_of("1. e4 $1e5 2. Nf3 *\n"), ["e4", "e5", "Nf3"]);
    assert_eq!(moves_of("1. e4 } e5 *\n"), ["e4", "e5"]);
    // Two spaces between a tag's name and value: the tag is still `Event`.
    let r = parse_pgn_game("[Event  \"blitz\"]\n[Result  \"0-1\"]\n\n1. e4 0-1\n").expect("a record");
    assert_eq!(r.recorded_result.as_deref(), Some("0-1"));
    assert!(r.time_control_tags.is_some());
}

#[test]
fn unreadable_and_broken_records_are_errors() {
    let e = parse_pgn_game("1. e4 Xy9 2. Nf3 *\n").expect_err("not a move");
    assert_eq!(e.to_string(), "broken PGN: 'Xy9' at ply 2 is not a chess move");
    // A doubled suffix is no SAN (pgn-reader drops the move silently).
    let e = parse_pgn_game("1. e4+# e5 *\n").expect_err("not SAN");
    assert_eq!(e.to_string(), "broken PGN: 'e4+#' at ply 1 is not a chess move");
    let e = parse_pgn_game("1. e4 {open\n").expect_err("broken");
    assert_eq!(
        e.to_string(),
        "broken PGN: unterminated comment: a '{' is never closed"
    );
    let games: Vec<_> =
        arbiter::chess::read_pgn_games(&b"1. e4 *\n\n[Event \"b\"]\n\n1. e4 Xy9 *\n"[..]).collect();
    assert_eq!(games.len(), 2);
    assert!(games[0].is_ok() && games[1].is_err());
}

/// Pieces of PGN movetext that both readers take alike.
const PLAIN: &[&str] = &[
    "1.", "2...", "12.", "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O", "0-0", "0-0-0", "Qxd8+", "e8=Q#",
    "e4!", "e4?!", "{c}", "{a\n\nb}", "{x\n[y}", "; note\n", "(", ")", "$1", "\n", "\r\n", " ", "\t", "Nbd2",
    "exd6", "7", "8.Nf3", "9..", "10...Ke7", "Kxe1!!", "11.{c}", "12.(", "13.$2",
];

const TAGS: &[&str] = &[
    "[Event \"e\"]\n",
    "[Result \"1-0\"]\n",
    "[Result \"*\"]\n",
    "[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n",
    "[FEN \"bad fen\"]\n",
    "[Termination \"time forfeit\"]\n",
    "[TimeControl \"60\"]\n",
    "[Event \"a \\\"q\\\"\"]\n",
    "[Site \"x\"] [Round \"1\"]\n",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]
    #[test]
    fn plain_text_reads_as_pgn_reader_reads_it(
        tags in proptest::collection::vec(0..TAGS.len(), 0..5),
        pieces in proptest::collection::vec(proptest::sample::select(PLAIN), 0..40),
        result in proptest::sample::select(&["", "1-0", "0-1", "1/2-1/2", "*"][..]),
    ) {
        let mut text: String = tags.iter().map(|&i| TAGS[i]).collect();
        text.push('\n');
        for p in &pieces {
            text.push_str(p);
            text.push(' ');
        }
        text.push_str(result);
        text.push('\n');
        // A movetext that only a blank line separates from its tags reads as one game; a
        // text of nothing but white space is no game for either.
        if text.trim().is_empty() {
            return Ok(());
        }
        check(&text);
    }
}

/// Before a token that is not SAN, an illegal move is the record's first error.
#[test]
fn an_illegal_move_before_an_unreadable_token_is_the_first_error() {
    let e = parse_pgn_game("1. h2e2 h9g7 2. h0g2 *\n").expect_err("a xiangqi record");
    assert!(
        e.to_string().starts_with("illegal move \"h2e2\" at ply 1:"),
        "{e}"
    );
    let e = parse_pgn_game("1. e4 e5 2. Ke3 Xy9 *\n").expect_err("illegal, then not SAN");
    assert!(e.to_string().starts_with("illegal move \"Ke3\" at ply 3:"), "{e}");
    let e = parse_pgn_game("1. e4 e5 2. Nf3 Xy9 *\n").expect_err("not SAN");
    assert_eq!(e.to_string(), "broken PGN: 'Xy9' at ply 4 is not a chess move");
}
