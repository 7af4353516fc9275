//! No input may panic: the PGN and XQF readers over randomly mutated real fixtures (byte
//! flips, inserted syntax characters, truncations) and arbitrary bytes.

use proptest::prelude::*;
use records::{games, Game, ReadOptions};
use std::path::Path;

fn load(rel: &str, max: usize) -> Vec<u8> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(rel);
    let mut b = std::fs::read(p).expect("fixture");
    b.truncate(max);
    b
}

fn pgn_fixtures() -> Vec<Vec<u8>> {
    vec![
        load("iccs/liu_dahua_1125.pgn", 6000),
        load("notation/games15_wxf.pgn", 3000),
        load("notation/games15_chinese.pgn", 4000),
        load("big5/computer_00000011.pgn", usize::MAX),
        load("big5/masters_lu_00000005.pgn", usize::MAX),
        load("xqf/test.pgn", usize::MAX),
        load("xqf/test2.pgn", usize::MAX),
    ]
}

fn xqf_fixtures() -> Vec<Vec<u8>> {
    [
        "xqf/test1.xqf",
        "xqf/test.xqf",
        "xqf/BadMoveTest2.xqf",
        "xqf/ucci_test2.xqf",
        "xqf/game_varations.xqf",
        "xqf/WildHouse.xqf",
        "xqf/pawn_move.xqf",
    ]
    .iter()
    .map(|f| load(f, usize::MAX))
    .collect()
}

/// Read everything, touching every field, with an explicit kind too.
fn exercise(bytes: &[u8]) {
    for kind in [None, Some(records::GameKind::Xiangqi)] {
        let opts = ReadOptions {
            kind,
            file: Some("fuzz".into()),
        };
        for (_, g) in games(bytes, opts) {
            match g {
                Ok(Game::Xiangqi(r)) => {
                    let _ = r.final_position();
                    assert_eq!(r.moves.len(), r.texts.len());
                }
                Ok(Game::Chess(raw)) => assert!(!raw.text.is_empty()),
                Err(e) => {
                    let _ = e.to_string();
                }
            }
        }
    }
}

const INSERTS: &[&str] = &[
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    "\"",
    ";",
    "$",
    "1.",
    "1...",
    "\n[FEN \"",
    "前",
    "後",
    "Ｃ",
    "＋",
    "*",
    "1-0",
    "\u{feff}",
    "\\",
    "车",
    "进",
    "平",
    "九",
    "９",
    "+",
    "-",
    "=",
    ".",
];

#[derive(Debug, Clone)]
enum Edit {
    Flip(usize, u8),
    Insert(usize, usize),
    Delete(usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Edit::Flip(i, b)),
        (any::<usize>(), 0..INSERTS.len()).prop_map(|(i, k)| Edit::Insert(i, k)),
        (any::<usize>(), 1usize..64).prop_map(|(i, n)| Edit::Delete(i, n)),
    ]
}

fn apply(mut b: Vec<u8>, edits: &[Edit], cut: Option<usize>) -> Vec<u8> {
    for e in edits {
        let len = b.len().max(1);
        match *e {
            Edit::Flip(i, v) => {
                if !b.is_empty() {
                    b[i % len] = v;
                }
            }
            Edit::Insert(i, k) => {
                let at = i % (b.len() + 1);
                b.splice(at..at, INSERTS[k].bytes());
            }
            Edit::Delete(i, n) => {
                let at = i % len;
                let end = (at + n).min(b.len());
                if at < end {
                    b.drain(at..end);
                }
            }
        }
    }
    if let Some(c) = cut {
        let c = c % (b.len() + 1);
        b.truncate(c);
    }
    b
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn pgn_mutations_never_panic(
        which in 0usize..7,
        edits in proptest::collection::vec(edit(), 0..12),
        cut in proptest::option::of(any::<usize>()),
    ) {
        let base = pgn_fixtures().swap_remove(which);
        exercise(&apply(base, &edits, cut));
    }

    #[test]
    fn xqf_mutations_never_panic(
        which in 0usize..7,
        flips in proptest::collection::vec((any::<usize>(), any::<u8>()), 0..16),
        header_flips in proptest::collection::vec((0usize..0x400, any::<u8>()), 0..6),
        cut in proptest::option::of(any::<usize>()),
    ) {
        let mut b = xqf_fixtures().swap_remove(which);
        for (i, v) in header_flips {
            if i >= 3 && i < b.len() {
                b[i] = v;
            }
        }
        let len = b.len();
        for (i, v) in flips {
            // Mostly the move area, where the structure lives.
            let at = 0x400 + i % len.saturating_sub(0x400).max(1);
            if at < len {
                b[at] = v;
            }
        }
        if let Some(c) = cut {
            b.truncate(c % (len + 1));
        }
        exercise(&b);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2048)) {
        exercise(&bytes);
        let mut x = b"XQ\x12".to_vec();
        x.extend_from_slice(&bytes);
        exercise(&x);
    }

    #[test]
    fn arbitrary_text_never_panics(s in "[\\[\\]{}()\";$*0-9a-iA-Z.+=\\- \n前後进退平炮马车兵帅将一二三五九１９＋－]{0,400}") {
        exercise(s.as_bytes());
    }
}
