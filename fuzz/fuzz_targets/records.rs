//! Any bytes given to the record readers (PGN in any encoding, XQF) must give games or
//! errors, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use records::{games, Game, GameKind, ReadOptions};

fuzz_target!(|data: &[u8]| {
    for kind in [None, Some(GameKind::Xiangqi)] {
        let opts = ReadOptions { kind, file: None };
        for (_, g) in games(data, opts) {
            match g {
                Ok(Game::Xiangqi(r)) => {
                    let _ = r.final_position();
                }
                Ok(Game::Chess(raw)) => {
                    let _ = raw.text.len();
                }
                Err(e) => {
                    let _ = e.to_string();
                }
            }
        }
    }
    // The XQF path whatever the magic says.
    let _ = records::read_xqf(data, 0, None);
});
