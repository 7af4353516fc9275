//! FEN reading over any text: no panic, and a position read writes back to a FEN that reads
//! as the same position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi::Position;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(pos) = Position::from_fen(&text) {
        let again = Position::from_fen(&pos.to_fen()).expect("a written FEN reads back");
        assert_eq!(again.to_fen(), pos.to_fen());
    }
});
