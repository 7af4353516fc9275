//! Readers against real fixtures (see `fixtures/README.md` for origins and licences).

use records::xqf::XqfError;
use records::{read_file, read_xiangqi_file, Game, GameKind, Record, RecordErrorKind, Source, TextEncoding};
use std::path::{Path, PathBuf};
use xiangqi::notation::parse_move;
use xiangqi::Position;

fn fixture(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(rel)
}

fn one_record(rel: &str) -> Record {
    let mut games = read_xiangqi_file(fixture(rel)).expect("readable");
    assert_eq!(games.len(), 1, "{rel}: one game");
    match games.remove(0) {
        Ok(r) => r,
        Err(e) => panic!("{rel}: {e}"),
    }
}

/// Compare an XQF main line with a `*_move.txt` expectation (FEN line, one Chinese move per
/// line, result line 红胜/黑胜/和棋).
fn check_move_txt(xqf: &str, txt: &str) {
    let rec = one_record(xqf);
    let text = std::fs::read_to_string(fixture(txt)).expect("utf-8 expectation");
    let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let (fen, rest) = lines.split_first().expect("fen line");
    let (result, moves) = rest.split_last().expect("result line");
    let start = Position::from_fen(fen).expect("fen");
    assert_eq!(rec.start, start, "{xqf}: start position");
    let expected_result = match *result {
        "红胜" => "1-0",
        "黑胜" => "0-1",
        _ => "1/2-1/2",
    };
    assert_eq!(rec.result, expected_result);
    assert_eq!(rec.moves.len(), moves.len(), "{xqf}: move count");
    let mut pos = start;
    for (i, (text, &mv)) in moves.iter().zip(&rec.moves).enumerate() {
        let parsed = parse_move(&pos, text).unwrap_or_else(|e| panic!("{txt} ply {}: {e}", i + 1));
        assert_eq!(parsed.mv, mv, "{xqf}: ply {} ({text})", i + 1);
        pos.make_move(mv);
    }
}

#[test]
fn xqf_test1_matches_expected_moves() {
    check_move_txt("xqf/test1.xqf", "xqf/test1_move.txt");
}

#[test]
fn xqf_ucci_test1_matches_expected_moves() {
    check_move_txt("xqf/ucci_test1.xqf", "xqf/ucci_test1_move.txt");
    let rec = one_record("xqf/ucci_test1.xqf");
    // The recorded line ends in mate: the last position has no legal move.
    assert_eq!(rec.mate_ply, Some(43));
    assert!(rec.after_end.is_empty());
}

#[test]
fn xqf_headers_decode_from_gbk() {
    let rec = one_record("xqf/test.xqf");
    assert_eq!(rec.source, Source::Xqf(0x12));
    assert_eq!(rec.tag("Title"), Some("仙人指路对起马局"));
    assert_eq!(rec.tag("Event"), Some("\"中立杯\"象棋电视快棋赛"));
    assert_eq!(rec.tag("Date"), Some("1997年11月16日"));
    assert_eq!(rec.tag("Site"), Some("北京"));
    assert_eq!(rec.tag("Red"), Some("柳大华"));
    assert_eq!(rec.tag("Black"), Some("吕  钦"));
    assert_eq!(rec.result, "0-1");
    let rec = one_record("xqf/030-黄松轩先胜冯敬如.XQF");
    assert_eq!(rec.tag("Red"), Some("黄松轩"));
    assert_eq!(rec.tag("Black"), Some("冯敬如"));
    assert_eq!(rec.result, "1-0");
    assert_eq!(rec.moves.len(), 37);
}

#[test]
fn xqf_variation_counts_match_cchess() {
    // Line counts (main line + variations) as walker8088/cchess's tests give them.
    fn count(vs: &[records::Variation]) -> usize {
        vs.iter().map(|v| 1 + count(&v.variations)).sum()
    }
    for (file, lines) in [
        ("xqf/test_5_variations.xqf", 5),
        ("xqf/game_varations.xqf", 6),
        ("xqf/WildHouse.xqf", 139),
        ("xqf/game_test.xqf", 1),
    ] {
        let rec = one_record(file);
        assert_eq!(1 + count(&rec.variations), lines, "{file}");
        let mut stack: Vec<&records::Variation> = rec.variations.iter().collect();
        let mut errors = Vec::new();
        while let Some(v) = stack.pop() {
            if let Some(e) = &v.error {
                errors.push((
                    v.start_ply,
                    v.texts.last().cloned().unwrap_or_default(),
                    e.clone(),
                ));
            }
            stack.extend(&v.variations);
        }
        errors.sort();
        if file.ends_with("WildHouse.xqf") {
            // The sample holds broken variation moves (cchess skips them silently); they stay
            // in the tree with the reason, and the main line is unaffected.
            let expected = (
                41,
                "e7f7".to_string(),
                "illegal move e7f7: no piece on e7".to_string(),
            );
            assert_eq!(errors, [expected], "{file}");
        } else {
            assert!(errors.is_empty(), "{file}: {errors:?}");
        }
    }
    let rec = one_record("xqf/game_varations.xqf");
    assert_eq!(
        rec.texts,
        ["h2e2", "h7e7", "h0g2", "h9g7", "i0h0", "i9i8", "b0c2", "b9c7"]
    );
}

#[test]
fn xqf_every_sample_reads_except_bad_move_test3() {
    let dir = fixture("xqf");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .expect("dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("xqf")))
        .collect();
    names.sort();
    assert_eq!(names.len(), 21);
    for p in names {
        let games = read_file(&p).expect("readable");
        assert_eq!(games.len(), 1);
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        match (&games[0], name) {
            (Err(e), "BadMoveTest3.xqf") => {
                assert_eq!(e.index, 0);
                assert_eq!(e.ply, Some(10));
                assert_eq!(e.text.as_deref(), Some("e1f0"));
                assert_eq!(
                    *e.kind,
                    RecordErrorKind::Illegal(xiangqi::IllegalMove {
                        mv: xiangqi::Move::parse_iccs("e1f0").unwrap(),
                        reason: xiangqi::Illegal::NoPiece(xiangqi::Square::parse("e1").unwrap()),
                    })
                );
                assert!(e.to_string().ends_with(
                    "BadMoveTest3.xqf: game 1, ply 10 ('e1f0'): illegal move e1f0: no piece on e1"
                ));
            }
            (Ok(Game::Xiangqi(_)), n) if n != "BadMoveTest3.xqf" => {}
            (other, n) => panic!("{n}: unexpected {other:?}"),
        }
    }
}

#[test]
fn xqf_broken_samples() {
    // BadMoveTest4 is BadMoveTest3 without the stray tenth move: it reads.
    let rec = one_record("xqf/BadMoveTest4.xqf");
    assert_eq!(
        rec.start.to_fen(),
        "2b6/3ka4/2Pab4/5Np2/9/6P2/9/3A5/4A4/4K4 w - - 0 1"
    );
    assert_eq!(rec.moves.len(), 9);
    // BadMoveTest1 (1.0) and BadMoveTest2 (0x0C) decode to legal games.
    assert_eq!(one_record("xqf/BadMoveTest1.xqf").moves.len(), 43);
    assert_eq!(one_record("xqf/BadMoveTest2.xqf").moves.len(), 35);
    // Empty move areas: a record with no moves, not an error.
    for f in ["xqf/EmptyTest.xqf", "xqf/NoMove.xqf"] {
        let rec = one_record(f);
        assert!(rec.moves.is_empty(), "{f}");
        assert_eq!(rec.start, Position::startpos(), "{f}");
    }
    assert_eq!(one_record("xqf/EmptyTest.xqf").tag("Red"), Some("雅趣居士(日帅)"));
}

#[test]
fn xqf_structural_errors() {
    let bytes = std::fs::read(fixture("xqf/test.xqf")).expect("read");
    let e = records::read_xqf(&bytes[..600], 0, Some("t.xqf")).expect_err("short");
    assert_eq!(*e.kind, RecordErrorKind::Xqf(XqfError::TooShort { len: 600 }));
    assert_eq!(
        e.to_string(),
        "t.xqf: game 1: file too short for XQF: 600 bytes (at least 1028 needed)"
    );
    // Cut in the middle of the move area: the main line is truncated.
    let e = records::read_xqf(&bytes[..1100], 0, None).expect_err("truncated");
    assert!(
        matches!(*e.kind, RecordErrorKind::Xqf(XqfError::Truncated { .. })),
        "{e}"
    );
    assert!(e.ply.is_some());
    // Cut at the end, where only variations are stored (the tree is depth-first, main line
    // first): the main line is intact and the record reads.
    let bytes = std::fs::read(fixture("xqf/game_varations.xqf")).expect("read");
    let rec = records::read_xqf(&bytes[..bytes.len() - 2], 0, None).expect("main line intact");
    assert_eq!(rec.moves.len(), 8);
}

#[test]
fn gbk_pgn_headers_and_moves() {
    let rec = one_record("xqf/test.pgn");
    assert_eq!(rec.source, Source::Pgn(TextEncoding::Gbk));
    assert_eq!(rec.tag("Red"), Some("象棋巫师(大师)"));
    assert_eq!(rec.tag("Black"), Some("象棋爱好者"));
    assert_eq!(rec.tag("Opening"), Some("中炮对单提马"));
    assert_eq!(rec.moves.len(), 25);
    let rec = one_record("xqf/test2.pgn");
    assert_eq!(rec.tag("Red"), Some("永远在路上(北斗)"));
    assert_eq!(rec.tag("Site"), Some("华山"));
    assert_eq!(rec.result, "1/2-1/2");
    for f in ["xqf/endgame_test.pgn", "xqf/中炮对列炮黑先平士角炮.pgn"] {
        let rec = one_record(f);
        assert!(!rec.moves.is_empty(), "{f}");
    }
}

#[test]
fn big5_headers_decode() {
    let rec = one_record("big5/masters_yang_00000509.pgn");
    assert_eq!(rec.source, Source::Pgn(TextEncoding::Big5));
    assert_eq!(rec.tag("Red"), Some("楊官麟"));
    assert_eq!(rec.tag("Black"), Some("胡榮華"));
    assert_eq!(rec.tag("Event"), Some("五羊杯 中炮對左炮封車轉後補列炮"));
    assert_eq!(rec.result, "0-1");
    let rec = one_record("big5/masters_lu_00000005.pgn");
    assert_eq!(rec.tag("Red"), Some("廣東呂欽"));
    assert_eq!(rec.tag("Black"), Some("廣東許銀川"));
    // Unescaped quotes inside a tag value are kept.
    assert_eq!(
        rec.tag("Event"),
        Some("1999年\"中視股份杯\"象棋年度總決賽 (決賽)廣東呂欽先負廣東許銀川")
    );
}

#[test]
fn big5_fixtures_replay_with_warnings_for_omitted_front_rear() {
    let rec = one_record("big5/masters_lu_00000005.pgn");
    let plies: Vec<(usize, &str)> = rec.warnings.iter().map(|w| (w.ply, w.text.as_str())).collect();
    assert_eq!(plies, [(54, "馬７進５"), (104, "馬６進５")]);
    assert_eq!(rec.moves.len(), rec.texts.len());
    for f in [
        "big5/computer_00000001.pgn",
        "big5/masters_lu_00000030.pgn",
        "big5/masters_yang_00000509.pgn",
    ] {
        let rec = one_record(f);
        assert!(rec.after_end.is_empty(), "{f}");
        assert!(rec.moves.len() > 20, "{f}");
    }
}

#[test]
fn big5_moves_after_mate_are_not_errors() {
    for (f, mate, after) in [
        ("big5/computer_00000011.pgn", 114, ["帥五進一", "卒４平５"]),
        ("big5/computer_00000019.pgn", 71, ["將５進１", "馬四進五"]),
        ("big5/computer_00000048.pgn", 71, ["將５平４", "馬四進六"]),
    ] {
        let rec = one_record(f);
        assert_eq!(rec.mate_ply, Some(mate), "{f}");
        assert_eq!(rec.moves.len(), mate, "{f}");
        assert_eq!(rec.after_end, after, "{f}");
        assert!(!rec.final_position().has_legal_move(), "{f}");
    }
}

#[test]
fn iccs_1125_games_replay() {
    let games = read_file(fixture("iccs/liu_dahua_1125.pgn")).expect("readable");
    assert_eq!(games.len(), 1125);
    let mut plies = 0;
    for (i, g) in games.iter().enumerate() {
        match g {
            Ok(Game::Xiangqi(r)) => {
                assert_eq!(r.index, i);
                assert_eq!(r.source, Source::Pgn(TextEncoding::Utf8));
                assert_eq!(r.result, "*"); // no Result tags, no termination markers
                plies += r.moves.len();
            }
            other => panic!("game {i}: {other:?}"),
        }
    }
    assert!(plies > 100_000, "{plies}");
    let Ok(Game::Xiangqi(first)) = &games[0] else {
        unreachable!()
    };
    assert_eq!(first.tag("Red"), Some("LIU DianZhong"));
    assert_eq!(first.texts[..3], ["h2e2", "b9c7", "h0g2"]);
}

#[test]
fn three_notations_give_the_same_games_but_one() {
    let read = |n: &str| -> Vec<Record> {
        read_xiangqi_file(fixture(&format!("notation/games15_{n}.pgn")))
            .expect("readable")
            .into_iter()
            .map(|g| g.expect("replays"))
            .collect()
    };
    let (iccs, wxf, chinese) = (read("iccs"), read("wxf"), read("chinese"));
    assert_eq!((iccs.len(), wxf.len(), chinese.len()), (15, 15, 15));
    for i in 0..15 {
        assert_eq!(wxf[i].moves, chinese[i].moves, "game {i}");
        if i == 1 {
            // Known source error (data README: "game 2, ply 70", counting from 0): move index
            // 70, i.e. the move producing ply 71, is e5e6 in the ICCS file, e3e4 in the others.
            let diffs: Vec<usize> = (0..iccs[i].moves.len())
                .filter(|&k| iccs[i].moves.get(k) != wxf[i].moves.get(k))
                .collect();
            let k = diffs[0];
            assert_eq!(
                (
                    k,
                    iccs[i].texts[k].as_str(),
                    wxf[i].texts[k].as_str(),
                    chinese[i].texts[k].as_str()
                ),
                (70, "e5e6", "－Ｐ＋１", "后兵进一"),
                "game {i}"
            );
        } else {
            assert_eq!(iccs[i].moves, wxf[i].moves, "game {i}");
        }
    }
}

#[test]
fn pgn_errors_name_game_ply_and_move() {
    let text = "[Event \"a\"]\n1. h2e2 h9g7 *\n\n[Event \"b\"]\n1. h2e2 h9g7 2. h2h9 *\n";
    let games: Vec<_> = records::games(
        text.as_bytes(),
        records::ReadOptions {
            kind: Some(GameKind::Xiangqi),
            file: Some("x.pgn".into()),
        },
    )
    .collect();
    assert_eq!(games.len(), 2);
    assert!(games[0].1.is_ok());
    let e = games[1].1.as_ref().expect_err("illegal third move");
    assert_eq!((e.index, e.ply, e.text.as_deref()), (1, Some(3), Some("h2h9")));
    assert!(e.to_string().starts_with("x.pgn: game 2, ply 3: 'h2h9' "), "{e}");

    let bad_fen = "[FEN \"rnbakabnr/9/9/9/9/9/9/9/9/RNBAKABNR w\"]\n1. h2e2\n";
    let (_, g) = records::games(bad_fen.as_bytes(), Default::default())
        .next()
        .expect("a game");
    let e = g.expect_err("bad fen");
    assert!(matches!(*e.kind, RecordErrorKind::BadFen { .. }), "{e}");
    assert_eq!(
        e.to_string(),
        "game 1: bad FEN tag 'rnbakabnr/9/9/9/9/9/9/9/9/RNBAKABNR w': the generals face each other on an open file"
    );
    assert_eq!(e.ply, None);
}

#[test]
fn chess_games_are_passed_through_raw() {
    let text = "[Event \"c\"]\n[Site \"?\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n[Event \"x\"]\n\n1. h2e2 h9g7 *\n";
    let games: Vec<_> = records::games(text.as_bytes(), Default::default()).collect();
    assert_eq!(games.len(), 2);
    match &games[0].1 {
        Ok(Game::Chess(raw)) => {
            assert_eq!(
                raw.text,
                "[Event \"c\"]\n[Site \"?\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n"
            );
            assert_eq!(raw.tag("Site"), Some("?"));
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(games[1].1, Ok(Game::Xiangqi(_))));
}

/// PGN's escape mechanism: a line starting with `%` is ignored (pychess `3fold.pgn` has them).
#[test]
fn percent_escape_lines_are_ignored() {
    let mt = records::pgn::parse_movetext("% KNIGHTS_CMD DONE\n1. Nf3 Nf6 2. Ng1 % not at line start\n");
    let texts: Vec<&str> = mt.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(texts, ["Nf3", "Nf6", "Ng1", "%", "not", "at", "line", "start"]);
}

/// The readers of what engine match managers write: xiangqi SAN, coordinates with ranks 1–10
/// and the WXF file format (fixtures and their sources in `fixtures/README.md`, `matches/`).
mod match_readers {
    use super::{fixture, one_record};
    use records::write::to_pgn;
    use records::{games, read_xiangqi_file, Game, ReadOptions, Record, RecordErrorKind, Source};
    use xiangqi::notation::{parse_move_as, write_move, Reading, Style};
    use xiangqi::{Move, Position};

    fn iccs(rec: &Record, range: std::ops::Range<usize>) -> Vec<String> {
        rec.moves[range].iter().map(Move::to_string).collect()
    }

    fn read_text(text: &str) -> Record {
        match games(text.as_bytes(), ReadOptions::default()).next() {
            Some((_, Ok(Game::Xiangqi(r)))) => *r,
            Some((_, Ok(Game::Chess(_)))) => panic!("read as chess:\n{text}"),
            Some((_, Err(e))) => panic!("{e}\n{text}"),
            None => panic!("no game:\n{text}"),
        }
    }

    /// Pikafish issue 27 (Banksia's SAN): every move read, as the GUI meant it.
    #[test]
    fn san_match_record() {
        let rec = one_record("matches/pikafish_27_san.pgn");
        assert_eq!(rec.moves.len(), 62, "PlyCount 62");
        assert_eq!(rec.result, "0-1");
        // 1.c4 g5 2.Che2 Nc7 3.Nc2 Ng7
        assert_eq!(iccs(&rec, 0..6), ["c3c4", "g6g5", "h2e2", "b9c7", "b0c2", "h9g7"]);
        // 15.xe4 (a soldier's capture without its file) and 19... xg4.
        assert_eq!(rec.texts[28], "xe4");
        assert_eq!(iccs(&rec, 28..29), ["e3e4"]);
        // 21.Cxd7 R9xd7: the chariot on rank 9 of the two on file d... or of two that reach d7.
        assert_eq!(rec.texts[41], "R9xd7");
        assert_eq!(rec.moves[41].to.to_string(), "d7");
        assert_eq!(rec.moves[41].from.rank(), 9);
        // The repetition at the end: 28.Rh3 Ci0+ 29.Rh0 Ci3 30.Rh3 Ci0+ 31.Rh0 Ci3.
        assert_eq!(
            iccs(&rec, 54..62),
            ["h0h3", "i3i0", "h3h0", "i0i3", "h0h3", "i3i0", "h3h0", "i0i3"]
        );
        assert!(rec.warnings.is_empty() && rec.read_warnings.is_empty());
    }

    /// Fairy-Stockfish's coordinates: a game that names rank 10, and one that only reads with
    /// ranks 1–10 because its ICCS reading is illegal.
    #[test]
    fn ranks_one_to_ten_records() {
        let rec = one_record("matches/fsf_selfplay_ranks10.pgn");
        assert_eq!(rec.moves.len(), 145);
        assert_eq!(rec.mate_ply, Some(145), "Black has no move at the end");
        // 1. h1g3 b10c8: the horses, h0g2 and b9c7 in ICCS.
        assert_eq!(iccs(&rec, 0..2), ["h0g2", "b9c7"]);
        assert!(rec.read_warnings.is_empty());
        let rec = one_record("matches/fsf_938_ranks10.pgn");
        assert_eq!(
            iccs(&rec, 0..7),
            ["h0i0", "i9h7", "i0h0", "h7i9", "h0i0", "i9h7", "i0h0"]
        );
    }

    /// A game whose every move reads both ways and is legal both ways is ICCS, with a warning.
    #[test]
    fn both_readings_legal_is_iccs_with_a_warning() {
        let text = "[Variant \"xiangqi\"]\n[FEN \"3k5/8r/8r/9/9/9/R8/R8/9/5K3 w\"]\n\n1. a3b3 i8h8 *\n";
        let rec = read_text(text);
        assert_eq!(iccs(&rec, 0..2), ["a3b3", "i8h8"]);
        assert_eq!(
            rec.read_warnings,
            ["every move also reads as coordinates with ranks 1–10 (Fairy-Stockfish); read as ICCS"]
        );
        // One move that only ranks 1–10 can play (`a4a6` is ICCS a3a5; ICCS a4 is empty then)
        // decides the whole game.
        let rec = read_text(&text.replace("i8h8", "i8h8 2. a4a6"));
        assert_eq!(iccs(&rec, 0..3), ["a2b2", "i7h7", "a3a5"]);
        assert!(rec.read_warnings.is_empty());
    }

    /// A first move that reads as ICCS but is not legal so, and is SAN: the game is SAN.
    #[test]
    fn san_first_move_shaped_like_iccs() {
        let rec = read_text("[Variant \"xiangqi\"]\n[FEN \"3k5/9/9/9/4C4/9/9/9/9/4CK3 w\"]\n\n1. C5e2 *\n");
        assert_eq!(iccs(&rec, 0..1), ["e5e2"]);
    }

    /// The WXF file format (PlayOK): header lines and WXF moves between `START{` and `}END`.
    #[test]
    fn wxf_file() {
        let bytes = std::fs::read(fixture("matches/playok_wxf_demo.wxf")).unwrap();
        assert_eq!(records::detect_format(&bytes), records::Format::Wxf);
        let rec = one_record("matches/playok_wxf_demo.wxf");
        assert!(matches!(rec.source, Source::Wxf(_)));
        assert_eq!(rec.moves.len(), 54);
        assert_eq!(rec.result, "0-1");
        assert_eq!(rec.tag("Red"), Some("jugador rojo"));
        assert_eq!(rec.tag("Event"), Some("PlayOK Game ; 10m+0s"));
        // 1. P3+1 c8.7 2. E7+5 c2.5 (files from each side's right)
        assert_eq!(iccs(&rec, 0..4), ["g3g4", "h7g7", "c0e2", "b7e7"]);
        // 10. H++7: the front one of two horses on a file.
        assert_eq!(rec.texts[18], "H++7");
        let bad = "FORMAT WXF\nSTART{\n 1. P3+1 c8.7 2. E7+4\n}END\n";
        match games(bad.as_bytes(), ReadOptions::default()).next() {
            Some((0, Err(e))) => {
                assert_eq!(e.ply, Some(3));
                assert!(matches!(*e.kind, RecordErrorKind::Move(_)), "{e}");
            }
            other => panic!("{other:?}"),
        }
    }

    /// A bad move gets the error every reader gives: ply, text, why.
    #[test]
    fn bad_moves_are_named() {
        let err = |text: &str| match games(text.as_bytes(), ReadOptions::default()).next() {
            Some((_, Err(e))) => e.to_string(),
            other => panic!("{other:?}"),
        };
        let e = err("[Variant \"xiangqi\"]\n\n1.c4 g5 2.Che3 *\n");
        assert_eq!(
            e,
            "game 1, ply 3: 'Che3' fits no legal move: h2-e3: own soldier on the target point e3"
        );
        let e = err("[Variant \"xiangqi\"]\n\n1. h3e3 h10g8 2. h1h5 *\n");
        assert!(e.starts_with("game 1, ply 3: 'h1h5' is not legal:"), "{e}");
        assert!(e.ends_with("(ICCS h0h4)"), "{e}");
    }

    /// Every game of the ICCS fixtures written in SAN and with ranks 1–10 reads back to the same
    /// moves (ranks 1–10: or warns that it also reads as ICCS).
    #[test]
    fn round_trips() {
        let mut games_read = 0;
        for rel in ["iccs/liu_dahua_1125.pgn", "notation/games15_iccs.pgn"] {
            for game in read_xiangqi_file(fixture(rel)).expect("readable") {
                let Ok(rec) = game else { continue };
                games_read += 1;
                let san = read_text(&to_pgn(&rec, Style::San));
                assert_eq!(san.moves, rec.moves, "{rel} game {}: SAN", rec.index);
                let ranks = read_text(&to_pgn(&rec, Style::Ranks1To10));
                assert!(
                    ranks.moves == rec.moves || !ranks.read_warnings.is_empty(),
                    "{rel} game {}: ranks 1–10",
                    rec.index
                );
                // Move by move too, SAN read first where a text also fits ICCS.
                let mut pos: Position = rec.start.clone();
                for &mv in &rec.moves {
                    let text = write_move(&pos, mv, Style::San);
                    assert_eq!(
                        parse_move_as(&pos, &text, Reading::San).map(|p| p.mv),
                        Ok(mv),
                        "{text}"
                    );
                    let text = write_move(&pos, mv, Style::Ranks1To10);
                    assert_eq!(
                        parse_move_as(&pos, &text, Reading::Ranks1To10).map(|p| p.mv),
                        Ok(mv),
                        "{text}"
                    );
                    pos.make_move(mv);
                }
            }
        }
        assert_eq!(games_read, 1140);
    }
}
