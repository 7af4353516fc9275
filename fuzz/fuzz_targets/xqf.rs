//! The XQF reader over any bytes (the magic forced, so that the header and move paths run).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = records::read_xqf(data, 0, None);
    let mut forced = b"XQ\x0a".to_vec();
    forced.extend_from_slice(data);
    if let Ok(r) = records::read_xqf(&forced, 0, None) {
        let _ = r.final_position();
    }
});
