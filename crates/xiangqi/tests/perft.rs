//! Published perft figures (chessprogramming.org "Chinese Chess Perft
//! Results"), depth 1–4 here; depth 5 is in the ignored test and the benchmark.

use xiangqi::{perft, Position};

const CASES: &[(&str, &[u64])] = &[
    (
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        &[44, 1_920, 79_666, 3_290_240, 133_312_995],
    ),
    (
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        &[38, 1_128, 43_929, 1_339_047, 53_112_976],
    ),
    (
        "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
        &[7, 281, 8_620, 326_201, 10_369_923],
    ),
    (
        "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
        &[25, 424, 9_850, 202_884, 4_739_553],
    ),
    (
        "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
        &[28, 516, 14_808, 395_483, 11_842_230],
    ),
    (
        "R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w - - 0 1",
        &[21, 364, 7_626, 162_837, 3_500_505],
    ),
    (
        "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1",
        &[28, 222, 6_241, 64_971, 1_914_306],
    ),
    (
        "4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w - - 0 1",
        &[23, 345, 8_124, 149_272, 3_513_104],
    ),
    (
        "2b1ka3/9/b3N4/4n4/9/9/9/4C4/2p6/2BK5 w - - 0 1",
        &[21, 195, 3_883, 48_060, 933_096],
    ),
    (
        "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
        &[30, 830, 22_787, 649_866, 17_920_736],
    ),
    (
        "CnN1k1b2/c3a4/4ba3/9/2nr5/9/9/4C4/4A4/4KA3 w - - 0 1",
        &[19, 583, 11_714, 376_467, 8_148_177],
    ),
];

/// Depth-4-only figures from the same page.
const DEPTH4: &[(&str, u64)] = &[
    (
        "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
        4_485_547,
    ),
    ("4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1", 92_741),
];

#[test]
fn perft_published_figures_to_depth_4() {
    for (fen, counts) in CASES {
        let mut pos = Position::from_fen(fen).unwrap();
        for (d, &want) in counts.iter().enumerate().take(4) {
            assert_eq!(perft(&mut pos, d as u32 + 1), want, "{fen} depth {}", d + 1);
        }
        assert_eq!(
            pos,
            Position::from_fen(fen).unwrap(),
            "perft must restore the position"
        );
    }
    for (fen, want) in DEPTH4 {
        assert_eq!(
            perft(&mut Position::from_fen(fen).unwrap(), 4),
            *want,
            "{fen} depth 4"
        );
    }
}

#[test]
#[ignore = "depth 5: about a minute in the test profile; run with --ignored or see the benchmark"]
fn perft_published_figures_depth_5() {
    for (fen, counts) in CASES {
        assert_eq!(
            perft(&mut Position::from_fen(fen).unwrap(), 5),
            counts[4],
            "{fen} depth 5"
        );
    }
}
