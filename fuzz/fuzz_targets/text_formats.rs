//! Any text as CBF, DhtmlXQ or a Chinese move list must give games or errors, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use records::{cbf, dhtmlxq, games, text, ReadOptions};

fuzz_target!(|data: &[u8]| {
    let s = String::from_utf8_lossy(data);
    let _ = cbf::parse(&s);
    let _ = text::parse(&s);
    let mut at = 0;
    while let Some((start, end)) = dhtmlxq::next_block(&s, at) {
        let _ = dhtmlxq::parse(&s[start..end], start);
        if end <= at {
            break;
        }
        at = end;
    }
    for (_, g) in games(data, ReadOptions::default()) {
        let _ = g.map_err(|e| e.to_string());
    }
});
