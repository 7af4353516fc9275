//! Any bytes as a CBL library (magic and a small index capacity forced, so the fuzzer reaches
//! the index and the record slots) must give games or errors, never a panic or a hang.
#![no_main]

use libfuzzer_sys::fuzz_target;
use records::{cbl, games, Game, ReadOptions};

fuzz_target!(|data: &[u8]| {
    // Header with capacity 1; the fuzz data is the index entry and the slots after it.
    let mut bytes = cbl::MAGIC.to_vec();
    bytes.resize(60, 0);
    bytes.extend_from_slice(&1u32.to_le_bytes());
    bytes.resize(cbl::INDEX_AT, 0);
    bytes.extend_from_slice(data);
    let _ = cbl::records(&bytes);
    for (_, g) in games(&bytes, ReadOptions::default()) {
        if let Ok(Game::Xiangqi(r)) = g {
            let _ = r.final_position();
        }
    }
});
