//! Reading iccs notation over any text built from its alphabet, in positions reached by
//! random legal moves: no panic, and a move read is legal and written back in Iccs reads as
//! the same move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi::notation::{parse_move, write_move, Style};
use xiangqi::Position;

const ALPHABET: &str = "abcdefghi0123456789-ABCDEFGHI";

fuzz_target!(|data: &[u8]| {
    let Some((&plies, rest)) = data.split_first() else {
        return;
    };
    let (walk, text) = rest.split_at(usize::from(plies % 32).min(rest.len()));
    let mut pos = Position::startpos();
    for &b in walk {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[usize::from(b) % moves.len()];
        pos.make_move(m);
    }
    let alphabet: Vec<char> = ALPHABET.chars().collect();
    let text: String = text.iter().map(|&b| alphabet[usize::from(b) % alphabet.len()]).collect();
    if let Ok(p) = parse_move(&pos, &text) {
        assert!(pos.legal_moves().contains(&p.mv));
        let written = write_move(&pos, p.mv, Style::Iccs);
        let back = parse_move(&pos, &written).expect("a written move reads back");
        assert_eq!(back.mv, p.mv, "{text} -> {written}");
    }
});
