//! Any bytes after a CBR header (version 2 or 1) must give a game or an error, never a panic
//! or a hang: the header is kept valid so the fuzzer reaches the board and the move tree.
#![no_main]

use libfuzzer_sys::fuzz_target;
use records::{cbr, games, Game, ReadOptions};

fuzz_target!(|data: &[u8]| {
    let mut bytes = cbr::MAGIC.to_vec();
    bytes.resize(19, 0);
    // The first byte picks the version; the rest is the record from offset 20 on.
    let (v, rest) = data.split_first().map_or((2, &[][..]), |(v, r)| (1 + (v & 1), r));
    bytes.push(v);
    bytes.extend_from_slice(rest);
    let _ = cbr::parse(&bytes, 0);
    for (_, g) in games(&bytes, ReadOptions::default()) {
        if let Ok(Game::Xiangqi(r)) = g {
            let _ = r.final_position();
        }
    }
    let _ = cbr::parse(data, 0);
});
