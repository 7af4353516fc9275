//! Zobrist keys: one 64-bit key per (piece, point) and one for Black to move, from a fixed
//! SplitMix64 sequence so that keys are the same in every run.

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn build() -> ([[u64; 90]; 14], u64) {
    let mut keys = [[0u64; 90]; 14];
    let mut state = 0x5851_F42D_4C95_7F2Du64;
    let mut p = 0;
    while p < 14 {
        let mut s = 0;
        while s < 90 {
            let (ns, k) = splitmix(state);
            state = ns;
            keys[p][s] = k;
            s += 1;
        }
        p += 1;
    }
    let (_, side) = splitmix(state);
    (keys, side)
}

const TABLE: ([[u64; 90]; 14], u64) = build();

/// Key of piece index `piece` (0–13) on point index `sq` (0–89).
#[inline]
pub(crate) fn piece_key(piece: usize, sq: usize) -> u64 {
    TABLE.0[piece][sq]
}

/// Key toggled when Black is to move.
#[inline]
pub(crate) fn side_key() -> u64 {
    TABLE.1
}
