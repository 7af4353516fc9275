//! The movetext lexer and parser over any text: no panic, and the lexer's main line agrees with
//! the parser's.
#![no_main]

use libfuzzer_sys::fuzz_target;
use records::pgn;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mt = pgn::parse_movetext(&text);
    let _ = pgn::integrity(&text);
    for t in pgn::Tokens::new(&text) {
        let _ = t;
    }
    let line: Vec<&str> = pgn::main_line_moves(&text).collect();
    if pgn::integrity(&text).broken.is_none() {
        let parsed: Vec<&str> = mt.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(line, parsed);
    }
    if let Some(raw) = pgn::games(&text).next() {
        let _ = pgn::detect_game(&raw);
    }
});
