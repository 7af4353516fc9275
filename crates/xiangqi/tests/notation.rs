//! Move notation : the same 15 games in ICCS, WXF and
//! Chinese (fixtures from wukong-xiangqi, see `fixtures/LICENSE-NOTE.md`), and hand-built
//! positions for like pieces sharing a file, both colours, full-width and character variants,
//! resolution by legality and ambiguity.

use xiangqi::notation::{
    parse_move, write_move, write_move_with, ChineseScript, NoFit, NotationError, NotationWarning,
    ParsedMove, Style, Tried, WriteOptions, WxfLetters, WxfTandem, WxfTraverse,
};
use xiangqi::{Move, Position};

// ---------------------------------------------------------------------------------------------
// A small PGN-ish tokenizer, local to the test.

/// Move tokens of each game: tag lines `[..]`, comments `{..}`, variations `(..)`, move numbers
/// (`1.`, `1...`) and results are dropped.
fn pgn_games(text: &str) -> Vec<Vec<String>> {
    let mut cleaned = String::new();
    let (mut brace, mut paren) = (0u32, 0u32);
    for c in text.chars() {
        match c {
            '{' => brace += 1,
            '}' => brace = brace.saturating_sub(1),
            '(' if brace == 0 => paren += 1,
            ')' if brace == 0 => paren = paren.saturating_sub(1),
            _ if brace > 0 || paren > 0 => {}
            _ => cleaned.push(c),
        }
    }
    let mut games = Vec::new();
    let mut current: Vec<String> = Vec::new();
    for line in cleaned.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            if !current.is_empty() {
                games.push(std::mem::take(&mut current));
            }
            continue;
        }
        for tok in line.split_whitespace() {
            let tok = tok.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            if tok.is_empty() || ["1-0", "0-1", "1/2-1/2", "*"].contains(&tok) {
                continue;
            }
            current.push(tok.to_string());
        }
    }
    if !current.is_empty() {
        games.push(current);
    }
    games
}

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Replay every game of a fixture from the start position; panics naming game and ply.
fn replay(name: &str) -> Vec<Vec<ParsedMove>> {
    pgn_games(&fixture(name))
        .iter()
        .enumerate()
        .map(|(g, tokens)| {
            let mut pos = Position::startpos();
            tokens
                .iter()
                .enumerate()
                .map(|(ply, tok)| {
                    let parsed = parse_move(&pos, tok)
                        .unwrap_or_else(|e| panic!("{name} game {} ply {}: {e}", g + 1, ply + 1));
                    pos.play(parsed.mv).unwrap();
                    parsed
                })
                .collect()
        })
        .collect()
}

fn moves(games: &[Vec<ParsedMove>]) -> Vec<Vec<Move>> {
    games.iter().map(|g| g.iter().map(|p| p.mv).collect()).collect()
}

fn mv(s: &str) -> Move {
    Move::parse_iccs(s).unwrap()
}

/// The known source error (`shared/data/README.md`: "game 2, ply 70"): the second game's Red
/// move 36 — ply 70 counted from 0, the 71st ply — is `e5e6` in the ICCS file but `－Ｐ＋１` /
/// `后兵进一` (= `e3e4`) in the WXF and Chinese files; both are legal. (game, ply), from 0.
const KNOWN_ERROR: (usize, usize) = (1, 70);

/// The wukong-xiangqi files' own style.
fn games15_style() -> WriteOptions {
    WriteOptions {
        wxf_tandem: WxfTandem::SignFirst,
        chinese_script: ChineseScript::Simplified,
        full_width: true,
        ..WriteOptions::default()
    }
}

#[test]
fn games15_three_notations_give_the_same_moves() {
    let iccs = moves(&replay("games15_iccs.pgn"));
    let wxf = moves(&replay("games15_wxf.pgn"));
    let chinese = moves(&replay("games15_chinese.pgn"));
    assert_eq!(iccs.len(), 15);
    assert_eq!(wxf, chinese, "WXF and Chinese files agree everywhere");
    assert_eq!(wxf.len(), 15);
    let (g, ply) = KNOWN_ERROR;
    for i in 0..15 {
        assert_eq!(iccs[i].len(), wxf[i].len(), "game {}", i + 1);
        for (p, (a, b)) in iccs[i].iter().zip(&wxf[i]).enumerate() {
            if (i, p) == KNOWN_ERROR {
                continue;
            }
            assert_eq!(a, b, "game {} ply {}", i + 1, p + 1);
        }
    }
    assert_eq!(iccs[g][ply], mv("e5e6"));
    assert_eq!(wxf[g][ply], mv("e3e4"));
}

#[test]
fn games15_standard_moves_need_no_legality_resolution() {
    for name in ["games15_iccs.pgn", "games15_wxf.pgn", "games15_chinese.pgn"] {
        for (g, game) in replay(name).iter().enumerate() {
            for (p, parsed) in game.iter().enumerate() {
                assert_eq!(parsed.warning, None, "{name} game {} ply {}", g + 1, p + 1);
            }
        }
    }
}

#[test]
fn games15_written_in_the_files_style_reproduces_the_files() {
    let opts = games15_style();
    for (name, style) in [
        ("games15_wxf.pgn", Style::Wxf),
        ("games15_chinese.pgn", Style::Chinese),
        ("games15_iccs.pgn", Style::Iccs),
    ] {
        let tokens = pgn_games(&fixture(name));
        let games = moves(&replay(name));
        for (g, (toks, game)) in tokens.iter().zip(&games).enumerate() {
            let mut pos = Position::startpos();
            for (p, (tok, &m)) in toks.iter().zip(game).enumerate() {
                let written = write_move_with(&pos, m, style, &opts);
                assert_eq!(&written, tok, "{name} game {} ply {}", g + 1, p + 1);
                pos.play(m).unwrap();
            }
        }
    }
}

#[test]
fn games15_iccs_moves_written_in_the_files_style_match_the_other_files() {
    // Writing the ICCS file's moves gives the WXF and Chinese files' text, up to the known
    // error (after it the positions differ, so game 2 is compared only before it).
    let opts = games15_style();
    let iccs = moves(&replay("games15_iccs.pgn"));
    let wxf = pgn_games(&fixture("games15_wxf.pgn"));
    let chinese = pgn_games(&fixture("games15_chinese.pgn"));
    for (g, game) in iccs.iter().enumerate() {
        let mut pos = Position::startpos();
        for (p, &m) in game.iter().enumerate() {
            if (g, p) == KNOWN_ERROR {
                assert_eq!(write_move_with(&pos, m, Style::Wxf, &opts), "＋Ｐ＋１");
                assert_ne!(write_move_with(&pos, m, Style::Wxf, &opts), wxf[g][p]);
                break;
            }
            assert_eq!(write_move_with(&pos, m, Style::Wxf, &opts), wxf[g][p]);
            assert_eq!(write_move_with(&pos, m, Style::Chinese, &opts), chinese[g][p]);
            pos.play(m).unwrap();
        }
    }
}

#[test]
fn games15_round_trip_in_every_style_and_option_set() {
    let option_sets = [
        WriteOptions::default(),
        games15_style(),
        WriteOptions {
            wxf_letters: WxfLetters::KnightBishop,
            wxf_traverse: WxfTraverse::Dot,
            ..WriteOptions::default()
        },
    ];
    for game in moves(&replay("games15_iccs.pgn")) {
        let mut pos = Position::startpos();
        for m in game {
            for style in [Style::Iccs, Style::Wxf, Style::Chinese] {
                for opts in &option_sets {
                    let text = write_move_with(&pos, m, style, opts);
                    let back = parse_move(&pos, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
                    assert_eq!(back.mv, m, "{text}");
                    assert_eq!(back.style, style, "{text}");
                    assert_eq!(back.warning, None, "{text}");
                }
            }
            pos.play(m).unwrap();
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Hand-built positions.

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

/// `text` reads as `iccs` without warning, and `iccs` is written as `text` in `style` (standard
/// options); the colour-flipped position gives the same WXF text for the flipped move.
fn standard(fen: &str, iccs: &str, style: Style, text: &str) {
    let p = pos(fen);
    let m = mv(iccs);
    let parsed = parse_move(&p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!((parsed.mv, parsed.warning), (m, None), "{text}");
    assert_eq!(write_move(&p, m, style), text, "{iccs}");
    if style == Style::Wxf {
        let f = p.color_flipped();
        assert_eq!(write_move(&f, m.flipped(), style), text, "{iccs} flipped");
        assert_eq!(parse_move(&f, text).unwrap().mv, m.flipped(), "{text} flipped");
    }
}

/// `text` reads as `iccs` (accepted, not necessarily the written form), without warning.
fn reads(fen: &str, text: &str, iccs: &str) {
    let parsed = parse_move(&pos(fen), text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!((parsed.mv, parsed.warning), (mv(iccs), None), "{text}");
}

/// `text` reads as `iccs` with the resolved-by-legality warning.
fn resolved(fen: &str, text: &str, iccs: &str) {
    let parsed = parse_move(&pos(fen), text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(parsed.mv, mv(iccs), "{text}");
    assert_eq!(
        parsed.warning,
        Some(NotationWarning::AmbiguityResolvedByLegality),
        "{text}"
    );
}

fn ambiguous(fen: &str, text: &str, candidates: &str) {
    assert_eq!(
        parse_move(&pos(fen), text),
        Err(NotationError::Ambiguous {
            text: text.to_string(),
            candidates: candidates.to_string()
        })
    );
}

fn no_legal_move(fen: &str, text: &str) {
    match parse_move(&pos(fen), text) {
        Err(NotationError::NoLegalMove { text: t, reason }) => {
            assert_eq!(t, text);
            assert!(!reason.to_string().is_empty());
        }
        other => panic!("{text}: {other:?}"),
    }
}

const START: &str = xiangqi::START_FEN;

#[test]
fn start_position_basics() {
    standard(START, "h2e2", Style::Wxf, "C2=5");
    standard(START, "h2e2", Style::Chinese, "炮二平五");
    standard(START, "h0g2", Style::Wxf, "H2+3");
    standard(START, "h0g2", Style::Chinese, "傌二進三");
    standard(START, "i0i1", Style::Chinese, "俥一進一");
    standard(START, "g0e2", Style::Wxf, "E3+5");
    standard(START, "f0e1", Style::Chinese, "仕四進五");
    standard(START, "e0e1", Style::Wxf, "K5+1");
    standard(START, "e0e1", Style::Chinese, "帥五進一");
    standard(START, "h2h9", Style::Wxf, "C2+7");
    standard(START, "c3c4", Style::Chinese, "兵七進一");
    assert_eq!(write_move(&pos(START), mv("h2e2"), Style::Iccs), "h2e2");
    let black = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C3C3/9/RNBAKABNR b - - 1 1");
    assert_eq!(write_move(&black, mv("h9g7"), Style::Chinese), "馬8進7");
    assert_eq!(write_move(&black, mv("h9g7"), Style::Wxf), "H8+7");
    assert_eq!(write_move(&black, mv("b7e7"), Style::Chinese), "砲2平5");
    assert_eq!(write_move(&black, mv("e9e8"), Style::Chinese), "將5進1");
    assert_eq!(write_move(&black, mv("g6g5"), Style::Chinese), "卒7進1");
    assert_eq!(write_move(&black, mv("b9c7"), Style::Wxf), "H2+3");
    let simplified = WriteOptions {
        chinese_script: ChineseScript::Simplified,
        full_width: true,
        ..WriteOptions::default()
    };
    assert_eq!(
        write_move_with(&black, mv("h9g7"), Style::Chinese, &simplified),
        "马８进７"
    );
    assert_eq!(
        write_move_with(&black, mv("e9e8"), Style::Chinese, &simplified),
        "将５进１"
    );
    let red = pos(START);
    assert_eq!(
        write_move_with(&red, mv("e0e1"), Style::Chinese, &simplified),
        "帅五进一"
    );
    assert_eq!(
        write_move_with(&red, mv("h2e2"), Style::Wxf, &simplified),
        "Ｃ２＝５"
    );
    let nb = WriteOptions {
        wxf_letters: WxfLetters::KnightBishop,
        wxf_traverse: WxfTraverse::Dot,
        ..WriteOptions::default()
    };
    assert_eq!(write_move_with(&red, mv("h0g2"), Style::Wxf, &nb), "N2+3");
    assert_eq!(write_move_with(&red, mv("g0e2"), Style::Wxf, &nb), "B3+5");
    assert_eq!(write_move_with(&red, mv("h2e2"), Style::Wxf, &nb), "C2.5");
}

#[test]
fn accepted_variants_full_width_and_characters() {
    for text in [
        "C2=5",
        "C2.5",
        "C25",
        "c2=5",
        "Ｃ２＝５",
        "Ｃ２．５",
        "h2e2",
        "h2-e2",
        "H2-E2",
        "ｈ２ｅ２",
        "炮二平五",
        "砲二平五",
        "包二平五",
        "炮2平5",
        "炮２平５",
        " 炮二平五 ",
    ] {
        reads(START, text, "h2e2");
    }
    for text in [
        "H2+3",
        "N2+3",
        "h2+3",
        "馬二進三",
        "马二进三",
        "傌二進三",
        "馬2進3",
    ] {
        reads(START, text, "h0g2");
    }
    for text in ["E3+5", "B3+5", "相三進五", "象三进五"] {
        reads(START, text, "g0e2");
    }
    for text in ["K5+1", "帥五進一", "帅五进一", "將五進一", "将5进1"] {
        reads(START, text, "e0e1");
    }
    let black = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C4C2/9/RNBAKABNR b - - 1 1";
    for text in [
        "H8+7",
        "Ｈ８＋７",
        "馬8進7",
        "马８进７",
        "馬８進７",
        "马8进七",
        "馬八進七",
        "h9g7",
    ] {
        reads(black, text, "h9g7");
    }
    for text in ["卒7進1", "卒７进１", "兵7进1", "P7+1"] {
        reads(black, text, "g6g5");
    }
    for text in ["車9進1", "车９进１", "俥9進1", "R9+1"] {
        reads(black, text, "i9i8");
    }
}

/// Two red chariots on file h (Red's 2), generals apart.
const CHARIOTS: &str = "5k3/9/9/7R1/9/9/9/7R1/9/3K5 w - - 0 1";

#[test]
fn two_chariots_on_a_file() {
    standard(CHARIOTS, "h6h9", Style::Wxf, "R++3");
    standard(CHARIOTS, "h6h9", Style::Chinese, "前俥進三");
    standard(CHARIOTS, "h2h4", Style::Wxf, "R-+2");
    standard(CHARIOTS, "h2h4", Style::Chinese, "後俥進二");
    standard(CHARIOTS, "h2a2", Style::Wxf, "R-=9");
    standard(CHARIOTS, "h6h3", Style::Chinese, "前俥退三");
    for text in ["+R+3", "＋Ｒ＋３", "前車進三", "前车进三", "前俥進三", "車前進三"] {
        reads(CHARIOTS, text, "h6h9");
    }
    for text in ["-R+2", "後車進二", "后车进二", "车后进二"] {
        reads(CHARIOTS, text, "h2h4");
    }
    // The rear chariot cannot retreat three (it stands on rank 2): only the front one can.
    resolved(CHARIOTS, "R2-3", "h6h3");
    resolved(CHARIOTS, "俥二退三", "h6h3");
    resolved(CHARIOTS, "车二退三", "h6h3");
    // Both can advance one: the move names two legal moves.
    ambiguous(CHARIOTS, "R2+1", "h2h3, h6h7");
    ambiguous(CHARIOTS, "車二進一", "h2h3, h6h7");
    // Black, the same seen from the other side.
    let black = pos(CHARIOTS).color_flipped().to_fen();
    standard(&black, "b3b0", Style::Wxf, "R++3");
    standard(&black, "b3b0", Style::Chinese, "前車進3");
    standard(&black, "b7b5", Style::Chinese, "後車進2");
    resolved(&black, "車2退3", "b3b6");
    ambiguous(&black, "车２进１", "b3b2, b7b6");
}

/// Two red horses on file e, the rear one pinned on rank 1 by a black chariot.
const HORSES: &str = "5k3/9/9/9/4N4/9/9/9/3KN3r/9 w - - 0 1";

#[test]
fn two_horses_resolution_by_legality() {
    standard(HORSES, "e5f7", Style::Wxf, "H++4");
    standard(HORSES, "e5f7", Style::Chinese, "前傌進四");
    standard(HORSES, "e5d3", Style::Chinese, "前傌退六");
    // Both horses could go forward to file 4; the rear one is pinned.
    resolved(HORSES, "H5+4", "e5f7");
    resolved(HORSES, "馬五進四", "e5f7");
    resolved(HORSES, "Ｈ５＋４", "e5f7");
    no_legal_move(HORSES, "H-+4");
    no_legal_move(HORSES, "後馬進四");
    no_legal_move(HORSES, "H4+4");
    let black = pos(HORSES).color_flipped().to_fen();
    standard(&black, "e4d2", Style::Chinese, "前馬進4");
    resolved(&black, "馬5進4", "e4d2");
}

/// Three red soldiers on file e (Red's 5), across the river.
const THREE: &str = "5k3/9/4P4/4P4/4P4/9/9/9/9/3K5 w - - 0 1";

#[test]
fn three_soldiers_on_a_file() {
    standard(THREE, "e7e8", Style::Wxf, "P++1");
    standard(THREE, "e7e8", Style::Chinese, "前兵進一");
    standard(THREE, "e6d6", Style::Wxf, "P5=6");
    standard(THREE, "e6d6", Style::Chinese, "中兵平六");
    standard(THREE, "e5f5", Style::Wxf, "P-=4");
    standard(THREE, "e5f5", Style::Chinese, "後兵平四");
    reads(THREE, "+P+1", "e7e8");
    reads(THREE, "中兵平六", "e6d6");
    reads(THREE, "兵中平六", "e6d6");
    reads(THREE, "二兵平六", "e6d6");
    reads(THREE, "Pb=6", "e6d6");
    // P5 is the middle soldier in WXF; it cannot advance, the front one can.
    resolved(THREE, "P5+1", "e7e8");
    resolved(THREE, "兵五進一", "e7e8");
    // In Chinese the plain file names none of the three.
    ambiguous(THREE, "兵五平六", "e5d5, e6d6, e7d7");
    let black = pos(THREE).color_flipped().to_fen();
    standard(&black, "e3f3", Style::Chinese, "中卒平6");
    standard(&black, "e4d4", Style::Chinese, "後卒平4");
    standard(&black, "e3f3", Style::Wxf, "P5=6");
}

/// Four red soldiers on file e.
const FOUR: &str = "5k3/4P4/4P4/4P4/4P4/9/9/9/9/3K5 w - - 0 1";
/// Five red soldiers on file d (Red's 6).
const FIVE: &str = "3P1k3/3P5/3P5/3P5/3P5/9/9/9/9/4K4 w - - 0 1";

#[test]
fn four_and_five_soldiers_on_a_file() {
    for (iccs, wxf, chinese) in [
        ("e8d8", "++=6", "一兵平六"),
        ("e7f7", "P+=4", "二兵平四"),
        ("e6d6", "P-=6", "三兵平六"),
        ("e5f5", "--=4", "四兵平四"),
    ] {
        standard(FOUR, iccs, Style::Wxf, wxf);
        standard(FOUR, iccs, Style::Chinese, chinese);
    }
    reads(FOUR, "前兵平六", "e8d8");
    reads(FOUR, "後兵平四", "e5f5");
    for (iccs, wxf, chinese) in [
        ("d9c9", "++=7", "一兵平七"),
        ("d8e8", "P+=5", "二兵平五"),
        ("d7c7", "P6=7", "三兵平七"),
        ("d6e6", "P-=5", "四兵平五"),
        ("d5c5", "--=7", "五兵平七"),
    ] {
        standard(FIVE, iccs, Style::Wxf, wxf);
        standard(FIVE, iccs, Style::Chinese, chinese);
    }
    reads(FIVE, "中兵平七", "d7c7");
    let black = pos(FIVE).color_flipped().to_fen();
    standard(&black, "f0g0", Style::Chinese, "一卒平7");
    standard(&black, "f2g2", Style::Chinese, "三卒平7");
}

/// Red soldiers stacked on two files: three on e (Red's 5), two on c (Red's 7).
const TWO_FILES: &str = "5k3/9/4P4/2P1P4/2P1P4/9/9/9/9/3K5 w - - 0 1";

#[test]
fn soldiers_stacked_on_two_files() {
    for (iccs, wxf, chinese) in [
        ("e7d7", "5+=6", "前五平六"),
        ("e6f6", "55=4", "中五平四"),
        ("e5d5", "5-=6", "後五平六"),
        ("c6b6", "7+=8", "前七平八"),
        ("c5d5", "7-=6", "後七平六"),
        ("e7e8", "5++1", "前五進一"),
    ] {
        standard(TWO_FILES, iccs, Style::Wxf, wxf);
        standard(TWO_FILES, iccs, Style::Chinese, chinese);
    }
    // Accepted: the piece kept (前兵五平六), xqbase ordinals right to left then front to back.
    reads(TWO_FILES, "前兵五平六", "e7d7");
    reads(TWO_FILES, "一兵平六", "e7d7");
    reads(TWO_FILES, "三兵平六", "e5d5");
    reads(TWO_FILES, "四兵平八", "c6b6");
    reads(TWO_FILES, "Pd=8", "c6b6");
    // 前兵 without the file: the front soldier of either file.
    ambiguous(TWO_FILES, "前兵平六", "c6d6, e7d7");
    ambiguous(TWO_FILES, "P+=6", "c6d6, e7d7");
    resolved(TWO_FILES, "前兵平八", "c6b6");
    let black = pos(TWO_FILES).color_flipped().to_fen();
    standard(&black, "e2d2", Style::Chinese, "前5平4");
    standard(&black, "g3h3", Style::Chinese, "前7平8");
    standard(&black, "e3f3", Style::Chinese, "中5平6");
}

#[test]
fn advisors_and_elephants_sharing_a_file() {
    let advisors = "4k4/9/9/9/9/9/9/3A5/9/3A1K3 w - - 0 1";
    standard(advisors, "d0e1", Style::Wxf, "A6+5");
    standard(advisors, "d0e1", Style::Chinese, "仕六進五");
    standard(advisors, "d2e1", Style::Wxf, "A6-5");
    standard(advisors, "d2e1", Style::Chinese, "仕六退五");
    reads(advisors, "A+-5", "d2e1");
    reads(advisors, "A-+5", "d0e1");
    reads(advisors, "前仕退五", "d2e1");
    reads(advisors, "後士進五", "d0e1");
    no_legal_move(advisors, "A+-4");
    let elephants = "3k5/9/9/9/9/2B6/9/9/9/2B1K4 w - - 0 1";
    standard(elephants, "c0e2", Style::Wxf, "E7+5");
    standard(elephants, "c4e2", Style::Wxf, "E7-5");
    standard(elephants, "c4a2", Style::Chinese, "相七退九");
    standard(elephants, "c0a2", Style::Chinese, "相七進九");
    reads(elephants, "E+-5", "c4e2");
    reads(elephants, "後象進九", "c0a2");
    let black = pos(elephants).color_flipped().to_fen();
    standard(&black, "g9e7", Style::Chinese, "象7進5");
    standard(&black, "g5i7", Style::Chinese, "象7退9");
    let black = pos(advisors).color_flipped().to_fen();
    standard(&black, "f7e8", Style::Chinese, "士6退5");
}

#[test]
fn errors_name_the_text_and_garbage_is_rejected() {
    let p = pos(START);
    for text in [
        "",
        " ",
        "x",
        "C2",
        "C2=0",
        "C0=5",
        "C2*5",
        "Z2=5",
        "C2=55",
        "++",
        "+++1",
        "炮",
        "炮二平",
        "炮二走五",
        "象棋",
        "炮十平五",
        "前炮炮平五",
        "h2e",
        "h2e2e",
        "i9z9",
        "1.",
        "☃☃☃☃",
        "Ｃ２＝",
        "\u{0}\u{0}\u{0}\u{0}",
        "55=5",
        "5x=4",
        "Pf+1",
    ] {
        match parse_move(&p, text) {
            Err(NotationError::Syntax(t)) | Err(NotationError::NoLegalMove { text: t, .. }) => {
                assert_eq!(t, text)
            }
            other => panic!("{text:?}: {other:?}"),
        }
    }
    for text in ["C2+9", "炮二進九"] {
        assert_eq!(
            parse_move(&p, text),
            Err(NotationError::NoLegalMove {
                text: text.into(),
                reason: NoFit::Tries {
                    color: xiangqi::Color::Red,
                    tries: vec![Tried::OffBoard {
                        kind: xiangqi::PieceKind::Cannon,
                        from: xiangqi::Square::parse("h2").unwrap(),
                    }],
                },
            })
        );
        assert_eq!(
            parse_move(&p, text).unwrap_err().to_string(),
            format!("'{text}' fits no legal move: the cannon on h2 would leave the board")
        );
    }
    assert!(matches!(
        parse_move(&p, "h2h3"),
        Ok(ParsedMove {
            style: Style::Iccs,
            ..
        })
    ));
    assert!(matches!(
        parse_move(&p, "a0a5"),
        Err(NotationError::Illegal { .. })
    ));
    let msg = parse_move(&pos(CHARIOTS), "R2+1").unwrap_err().to_string();
    assert!(msg.contains("R2+1") && msg.contains("h2h3"), "{msg}");
}

/// The reason a move's text fits no legal move, in each notation.
fn reason(fen: &str, text: &str) -> String {
    match parse_move(&pos(fen), text) {
        Err(NotationError::NoLegalMove { reason, .. }) => reason.to_string(),
        Err(NotationError::Illegal { reason, .. }) => reason.to_string(),
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn illegal_moves_say_why() {
    let s = START;
    // Own piece on the target point.
    assert_eq!(reason(s, "車一進三"), "i0-i3: own soldier on the target point i3");
    assert_eq!(reason(s, "俥九平八"), "a0-b0: own horse on the target point b0");
    assert_eq!(reason(s, "a0b0"), "own horse on the target point b0");
    // Horse leg, elephant eye, path, screen.
    assert_eq!(reason(s, "傌二進四"), "h0-f1: the horse's leg is blocked at g0");
    assert_eq!(reason(s, "H2+4"), "h0-f1: the horse's leg is blocked at g0");
    assert_eq!(reason(s, "a0a5"), "the chariot's path is blocked at a3");
    assert_eq!(
        reason(s, "炮二進五"),
        "h2-h7: a cannon captures by jumping exactly one screen; there is none between h2 and h7"
    );
    assert_eq!(
        reason(s, "b2b8"),
        "a cannon that does not capture needs a clear path; blocked at b7"
    );
    assert_eq!(
        reason(s, "傌二平三"),
        "a horse never moves straight along a rank (平)"
    );
    assert_eq!(reason(s, "傌二進五"), "a horse cannot go from file 2 to file 5");
    // Soldiers, elephants, advisors.
    assert_eq!(
        reason(s, "兵七平六"),
        "c3-d3: a soldier moves sideways only after crossing the river"
    );
    assert_eq!(reason(s, "c3c2"), "a soldier never moves backwards");
    assert_eq!(
        reason(s, "仕四進二"),
        "an advisor cannot go from file 4 to file 2"
    );
    assert_eq!(
        reason(s, "仕四進三"),
        "f0-g1: an advisor may not leave the palace"
    );
    assert_eq!(
        reason("3k5/9/9/9/9/2B6/9/9/9/4K4 w", "c4e6"),
        "an elephant may not cross the river"
    );
    assert_eq!(
        reason("4k4/9/9/9/9/9/9/9/4A4/3AK4 w", "d0c1"),
        "an advisor may not leave the palace"
    );
    // No such piece.
    assert_eq!(
        reason(s, "炮五平四"),
        "no Red cannon on file 5 (files counted from Red's right); Red's cannons are on file 2 and 8"
    );
    assert_eq!(reason("3k5/9/9/9/9/9/9/9/9/4K4 w", "R1+1"), "Red has no chariot");
    assert_eq!(reason(s, "e5e6"), "no piece on e5");
    assert_eq!(
        reason(s, "e6e5"),
        "the soldier on e6 is Black's, and Red is to move"
    );
    // The general: facing, left in check, kept in check.
    assert_eq!(
        reason("3k5/9/9/9/9/9/9/9/9/4K4 w", "帥五平六"),
        "e0-d0: the generals would face each other on file d"
    );
    assert_eq!(
        reason("4k4/9/9/9/9/9/9/4r4/4R4/4K4 w", "俥五平四"),
        "e1-f1: it leaves the general in check from the chariot on e2"
    );
    assert_eq!(
        reason("4k4/9/9/9/3r5/9/9/9/R8/3K5 w", "a1b1"),
        "it keeps the general in check from the chariot on d5"
    );
    // The message names the text and the reason.
    let msg = parse_move(&pos(s), "傌二進四").unwrap_err().to_string();
    assert_eq!(
        msg,
        "'傌二進四' fits no legal move: h0-f1: the horse's leg is blocked at g0"
    );
}

// ---------------------------------------------------------------------------------------------
// Detection over spans of a source text: the same answer as over the texts themselves.

/// The texts' spans in `source` joined with `sep` between them.
fn joined(texts: &[&str], sep: &str) -> (String, Vec<std::ops::Range<usize>>) {
    let mut source = String::new();
    let mut spans = Vec::new();
    for t in texts {
        let start = source.len();
        source.push_str(t);
        spans.push(start..source.len());
        source.push_str(sep);
    }
    (source, spans)
}

#[test]
fn detect_notation_in_spans_agrees_with_detect_notation() {
    use xiangqi::notation::{detect_notation, detect_notation_in};
    let cases: &[&[&str]] = &[
        &["h2e2", "h9g7", "h0g2"],
        &["H2-E2", "h9-g7"],
        &[" h2e2 ", "", "h9g7"],
        &["", "  ", "h2e2"],
        &["h2e2", "马８进７"],
        &["h2e2", "h9g7", "１"],
        &["ｈ２ｅ２", "h9g7"],
        &["C2.5", "N8+7", "+R+1"],
        &["C2=5", "H8+7"],
        &["炮二平五", "馬8進7"],
        &["炮二平五", "马８进７"],
        &["h2e2 h9g7"],
        &["e2e4"],
        &["z9z9", "h2e2"],
        &[],
        &[""],
    ];
    for texts in cases {
        for sep in [" ", "\u{3000}", "。"] {
            let (source, spans) = joined(texts, sep);
            assert_eq!(
                detect_notation_in(&source, &spans),
                detect_notation(texts.iter().copied()),
                "{texts:?} joined by {sep:?}"
            );
        }
    }
    // Spans out of the source or off character boundaries read as empty texts.
    let source = "h2e2 马8进7";
    for spans in [
        vec![0..4, 5..6],
        vec![0..4, 40..44],
        vec![std::ops::Range { start: 4, end: 0 }, 0..4],
        vec![0..4, 5..8],
    ] {
        let texts: Vec<&str> = spans
            .iter()
            .map(|s| source.get(s.clone()).unwrap_or(""))
            .collect();
        assert_eq!(
            detect_notation_in(source, &spans),
            detect_notation(texts),
            "{spans:?}"
        );
    }
    // The real games in every notation.
    for name in ["games15_iccs.pgn", "games15_wxf.pgn", "games15_chinese.pgn"] {
        let text = fixture(name);
        for game in pgn_games(&text) {
            let refs: Vec<&str> = game.iter().map(String::as_str).collect();
            let (source, spans) = joined(&refs, "\n");
            let got = detect_notation_in(&source, &spans);
            assert!(got.is_some(), "{name}");
            assert_eq!(got, detect_notation(refs.iter().copied()), "{name}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// SAN as match managers write it, and coordinates with ranks 1–10.

#[test]
fn san_reads_and_writes() {
    standard(START, "c3c4", Style::San, "c4");
    standard(START, "h2e2", Style::San, "Che2");
    standard(START, "h0g2", Style::San, "Hg2");
    standard(START, "h2h9", Style::San, "Cxh9");
    reads(START, "Ng2", "h0g2");
    reads(START, "Bge2", "g0e2");
    reads(START, "Ege2", "g0e2");
    reads(START, "Ch2e2", "h2e2");
    // Two chariots on one file: told apart by rank; a check is marked.
    standard(CHARIOTS, "h6h9", Style::San, "Rh9+");
    standard(CHARIOTS, "h2h4", Style::San, "R2h4");
    ambiguous(START, "Ce2", "b2e2, h2e2");
    no_legal_move(START, "Che3");
    no_legal_move(START, "Rd1");
    let nb = WriteOptions {
        wxf_letters: WxfLetters::KnightBishop,
        ..WriteOptions::default()
    };
    assert_eq!(write_move_with(&pos(START), mv("h0g2"), Style::San, &nb), "Ng2");
}

/// `C5e2` is ICCS-shaped: read as SAN only when the game is (`Reading::San`).
#[test]
fn san_that_looks_like_iccs() {
    use xiangqi::notation::{parse_move_as, Reading};
    let p = pos("3k5/9/9/9/4C4/9/9/9/9/4CK3 w");
    assert_eq!(write_move(&p, mv("e5e2"), Style::San), "C5e2");
    assert_eq!(
        parse_move_as(&p, "C5e2", Reading::San).map(|m| m.mv),
        Ok(mv("e5e2"))
    );
    assert!(matches!(
        parse_move(&p, "C5e2"),
        Err(NotationError::Illegal { .. })
    ));
}

#[test]
fn ranks_one_to_ten() {
    use xiangqi::notation::{names_rank_ten, parse_move_as, reads_both_ways, Reading};
    let p = pos(START);
    assert_eq!(write_move(&p, mv("h2e2"), Style::Ranks1To10), "h3e3");
    assert_eq!(write_move(&p, mv("b0c2"), Style::Ranks1To10), "b1c3");
    assert_eq!(
        parse_move_as(&p, "h3e3", Reading::Ranks1To10).map(|m| m.mv),
        Ok(mv("h2e2"))
    );
    assert_eq!(
        parse_move_as(&p, "H3-E3", Reading::Ranks1To10).map(|m| m.mv),
        Ok(mv("h2e2"))
    );
    // Rank 10 is read whatever the reading; `h3e3` is ICCS unless the game says otherwise.
    let mut black = p.clone();
    black.make_move(mv("h2e2"));
    assert_eq!(parse_move(&black, "h10g8").map(|m| m.mv), Ok(mv("h9g7")));
    assert!(names_rank_ten("h10g8") && !names_rank_ten("h3e3") && !names_rank_ten("h2e2"));
    assert!(reads_both_ways("h3e3") && !reads_both_ways("h0g2") && !reads_both_ways("h10g8"));
    match parse_move_as(&p, "h2h4", Reading::Ranks1To10) {
        Err(e @ NotationError::Illegal { iccs, .. }) => {
            assert_eq!(iccs, Some(mv("h1h3")));
            assert!(e.to_string().ends_with("(ICCS h1h3)"), "{e}");
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(parse_move(&p, "h11g8"), Err(NotationError::Syntax(_))));
}

#[test]
fn fen_errors_count_in_good_english() {
    use xiangqi::Position;
    let err = |fen: &str| Position::from_fen(fen).unwrap_err().to_string();
    assert_eq!(
        err("rnbakabnr w"),
        "the board has 1 rank; xiangqi needs 10 separated by '/'"
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w"),
        "the board has 9 ranks; xiangqi needs 10 separated by '/'"
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/k w"),
        "rank 0 describes 1 point; every rank needs 9"
    );
}
