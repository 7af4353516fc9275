//! The chess repetition table as it was before the hash map: the positions of the window
//! since the last pawn move or capture, scanned on every record (quadratic in the window's
//! length). Kept as the oracle of `tests/repetition_oracle.rs` and the "before" of
//! `benches/repetition.rs`.

#![allow(dead_code)]

use arbiter::chess::PositionKey;
use shakmaty::Color;

/// The table as it was: the window's positions in order, scanned on every record.
#[derive(Default)]
pub struct ScanTable {
    keys: Vec<PositionKey>,
    twice: [Vec<PositionKey>; 2],
    unordered: bool,
}

pub fn side_index(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

impl ScanTable {
    pub fn record(&mut self, key: PositionKey, irreversible: bool) -> u32 {
        if irreversible {
            self.keys.clear();
            self.twice = [Vec::new(), Vec::new()];
            self.unordered = false;
        }
        if self.keys.last().is_some_and(|last| last.turn() == key.turn()) {
            self.unordered = true;
        }
        let count = if irreversible { 1 } else { self.count(&key) + 1 };
        if count == 2 {
            self.twice[side_index(key.turn())].push(key);
        }
        self.keys.push(key);
        count
    }

    pub fn count(&self, key: &PositionKey) -> u32 {
        let n = self.keys.len();
        let found = match self.keys.last() {
            None => 0,
            Some(_) if self.unordered => self.keys.iter().filter(|k| *k == key).count(),
            Some(last) => {
                let top = if last.turn() == key.turn() { n } else { n - 1 };
                (0..top)
                    .rev()
                    .step_by(2)
                    .filter(|&j| self.keys[j] == *key)
                    .count()
            }
        };
        found as u32
    }

    pub fn twice_seen(&self, turn: Color) -> &[PositionKey] {
        &self.twice[side_index(turn)]
    }
}
