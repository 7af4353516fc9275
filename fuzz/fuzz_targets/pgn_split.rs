//! The streaming splitter over any bytes, with small caps so that every overflow path runs:
//! it never panics, never yields more bytes than it read, and every game it yields decodes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use records::stream::{Limits, Splitter};

fuzz_target!(|data: &[u8]| {
    let limits = Limits {
        game_bytes: 512,
        tag_bytes: 64,
        comment_bytes: 64,
        token_bytes: 16,
    };
    let mut total = 0usize;
    for chunk in Splitter::with_limits(data, limits) {
        let chunk = chunk.expect("reading a slice cannot fail");
        assert!(chunk.bytes.len() <= limits.game_bytes);
        if chunk.utf16.is_none() {
            total += chunk.bytes.len();
        }
    }
    assert!(total <= data.len());
    for (_, g) in records::raw_games(data, limits) {
        if let Ok(raw) = g {
            let _ = raw.integrity();
            let _ = raw.pgn_text();
            let _ = raw.chess_text();
        }
    }
});
