//! `arbiter::chess::read_pgn` (one lexer pass, moves parsed from `records`' tokens) against
//! `pgn-reader` (`parse_pgn_game` of the game's chess text): for any game that is neither
//! broken nor holds a token that is not SAN, both give the same record — the fast path where
//! the text is plain, `pgn-reader` itself elsewhere.

use arbiter::chess::{parse_pgn_game, read_pgn, GameRecord};
use proptest::prelude::*;

/// What a judge sees of a record.
fn seen(r: &GameRecord) -> String {
    format!(
        "{:?} {:?} {:?} {:?} {:?} {:?}",
        r.start_fen,
        r.moves,
        r.recorded_result,
        r.termination,
        r.error,
        r.time_control_tags.as_ref().map(|(_, t)| t)
    )
}

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
        let fast = read.record.expect("a record when not broken").map(|r| seen(&r));
        let reader = parse_pgn_game(&raw.chess_text()).map(|r| seen(&r));
        assert_eq!(
            fast.as_ref().map_err(ToString::to_string),
            reader.as_ref().map_err(ToString::to_string),
            "record of {:?}",
            raw.text
        );
        compared += 1;
    }
    compared
}

/// Each text is one game, read alike by both readers.
fn check_each(games: &[&str]) {
    for g in games {
        assert_eq!(check(g), 1, "{g:?}");
    }
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
    ];
    check_each(&games);
}

#[test]
fn texts_pgn_reader_reads_otherwise_are_handed_to_it() {
    // A blank line inside the movetext (pgn-reader ends the game there), a `%` escape line,
    // moves after the result, "1/2" as a result, a glyph glued to a move, a stray `}`, a
    // suffix the SAN parser refuses, a tag value with an escaped quote, a tag name with two
    // spaces before its value.
    let games = [
        "[Event \"a\"]\n\n1. e4 e5\n\n2. Nf3 Nc6 *\n",
        "[Event \"a\"]\n\n1. e4 e5\n%escaped\n2. Nf3 *\n",
        "[Event \"a\"]\n\n1. e4 e5 1-0 2. Nf3\n",
        "[Event \"a\"]\n\n1. e4 e5 1/2\n",
        "[Event \"a\"]\n\n1. e4 $1e5 2. Nf3 *\n",
        "[Event \"a\"]\n\n1. e4 } e5 *\n",
        "[Event \"a\"]\n\n1. e4+# e5 *\n",
        "[Event \"a \\\"b\\\" \\\\ c\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n",
        "[Event  \"a\"]\n[Result  \"0-1\"]\n\n1. e4 0-1\n",
    ];
    check_each(&games);
}

/// Pieces of PGN movetext that both readers take alike.
const PLAIN: &[&str] = &[
    "1.", "2...", "12.", "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O", "0-0", "0-0-0", "Qxd8+", "e8=Q#",
    "e4!", "e4?!", "{c}", "{a\n\nb}", "{x\n[y}", "; note\n", "(", ")", "$1", "!", "?", "\n", "\r\n", " ",
    "\t", "Nbd2", "exd6", "7", "8.Nf3", "9..", "10...Ke7", "Kxe1!!", "11.{c}", "12.(", "13.$2",
];

/// Pieces that are odd: results mid-game, blank lines, escapes, null moves, stray braces.
const ODD: &[&str] = &[
    "--", "Z0", "e4+#", "$12e4", "}", "\n%esc\n", "\n\n", "\n[", "1-0", "0-1", "1/2-1/2", "1/2", "*",
    "\u{b}", "½-½", "１．", "e4.", "{open",
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
    "[Event  \"two spaces\"]\n",
    "[Site \"x\"] [Round \"1\"]\n",
    "%escape\n",
    "\n",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]
    #[test]
    fn any_text_reads_as_pgn_reader_reads_it(
        tags in proptest::collection::vec(0..TAGS.len(), 0..5),
        pieces in proptest::collection::vec(
            prop_oneof![8 => proptest::sample::select(PLAIN), 1 => proptest::sample::select(ODD)],
            0..40,
        ),
    ) {
        let mut text: String = tags.iter().map(|&i| TAGS[i]).collect();
        text.push('\n');
        for p in &pieces {
            text.push_str(p);
            text.push(' ');
        }
        check(&text);
    }
}
