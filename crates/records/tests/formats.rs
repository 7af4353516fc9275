//! Every sample of `tests/fixtures/formats` (real records copied into the repository, licences
//! in its README) read exactly as its `.expected.json` says: start FEN, headers, main line in
//! ICCS, ply count; for the tree formats also the number of moves in the whole tree. The
//! expectations were made by two other readers (vschess and cchess), not by this project.

use records::tree::{count_moves, TreeGame};
use records::{cbl, cbr, dhtmlxq, games, Format, Game, ReadOptions, Record, RecordErrorKind, Source};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/formats")
}

fn load(rel: &str) -> (Vec<u8>, Value) {
    let p = dir().join(rel);
    let bytes = std::fs::read(&p).expect("sample");
    let exp: Value =
        serde_json::from_slice(&std::fs::read(format!("{}.expected.json", p.display())).expect("expected"))
            .expect("json");
    (bytes, exp)
}

/// The tag this project gives an expected header key.
fn tag_name(key: &str) -> Option<&'static str> {
    Some(match key {
        "title" | "Name" => "Title",
        "event" | "Contest" => "Event",
        "round" => "Round",
        "date" => "Date",
        "place" => "Site",
        "red" => "Red",
        "redteam" => "RedTeam",
        "black" => "Black",
        "blackteam" => "BlackTeam",
        "result" => "Result",
        "author" => "Author",
        "remark" => "Remark",
        "open" => "Opening",
        "ECCO" => "ECCO",
        "RecordResult" => "RecordResult",
        "result_source" => return None,
        other => panic!("unmapped expected header {other}"),
    })
}

fn check_record(rec: &Record, exp: &Value, what: &str) {
    let fen = exp["start_fen"].as_str().unwrap();
    let want: Vec<&str> = fen.split(' ').take(2).collect();
    let got = rec.start.to_fen();
    let got: Vec<&str> = got.split(' ').take(2).collect();
    assert_eq!(got, want, "{what}: start FEN");
    let line: Vec<String> = rec.moves.iter().map(|m| m.to_string()).collect();
    let want_line: Vec<String> = exp["mainline_iccs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    assert_eq!(line, want_line, "{what}: main line");
    assert_eq!(
        rec.moves.len() as u64,
        exp["plies"].as_u64().unwrap(),
        "{what}: plies"
    );
    assert!(rec.after_end.is_empty(), "{what}: moves after the end");
    for (k, v) in exp["headers"].as_object().unwrap() {
        let Some(tag) = tag_name(k) else { continue };
        let v = v.as_str().unwrap();
        if tag == "Result" {
            assert_eq!(rec.result, v, "{what}: result");
        }
        assert_eq!(rec.tag(tag), Some(v), "{what}: header {k} as {tag}");
    }
}

fn check_tree(g: &TreeGame, exp: &Value, what: &str) {
    if let Some(n) = exp.get("total_moves_in_tree").and_then(Value::as_u64) {
        assert_eq!(count_moves(&g.moves) as u64, n, "{what}: moves in the tree");
    }
    if let Some(v) = exp.get("has_variations").and_then(Value::as_bool) {
        assert_eq!(
            g.moves.iter().any(|m| !m.variations.is_empty()),
            v,
            "{what}: variations"
        );
    }
    if let Some(v) = exp.get("root_comment_present").and_then(Value::as_bool) {
        assert_eq!(g.comment.is_some(), v, "{what}: game comment");
    }
    if let Some(n) = exp.get("mainline_moves_with_comment").and_then(Value::as_u64) {
        let c = g.moves.iter().filter(|m| m.comment.is_some()).count();
        assert_eq!(c as u64, n, "{what}: main-line comments");
    }
}

/// The only game of a one-game file, read through the common game iterator.
fn single(bytes: &[u8], source: fn(&Source) -> bool) -> Record {
    let all: Vec<_> = games(bytes, ReadOptions::default()).collect();
    assert_eq!(all.len(), 1);
    match &all[0].1 {
        Ok(Game::Xiangqi(r)) => {
            assert!(source(&r.source), "source {:?}", r.source);
            (**r).clone()
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn cbr_samples() {
    for f in ["cbr/test.cbr", "cbr/test2.cbr"] {
        let (bytes, exp) = load(f);
        assert_eq!(records::detect_format(&bytes), Format::Cbr);
        let g = exp["games"][0].clone();
        let rec = single(&bytes, |s| *s == Source::Cbr(2));
        check_record(&rec, &g, f);
        check_tree(&cbr::parse(&bytes, 0).unwrap(), &g, f);
    }
    // test.cbr: 28 main-line plies in a tree of 102 moves, kept out of the main line.
    let (bytes, _) = load("cbr/test.cbr");
    let rec = single(&bytes, |_| true);
    assert_eq!((rec.moves.len(), rec.variations.is_empty()), (28, false));
}

#[test]
fn cbl_sample_all_38_records() {
    let (bytes, exp) = load("cbl/longhua_cup_1989_35games.cbl");
    assert_eq!(records::detect_format(&bytes), Format::Cbl);
    let lib = cbl::library(&bytes).unwrap();
    assert_eq!(lib.capacity, 128);
    assert_eq!(lib.slots.len(), 38);
    assert_eq!(lib.slots[0].offset, 101_952);
    // Slot 37 is a stale copy of slot 36: no live index entry points to it.
    let stale: Vec<usize> = lib.slots.iter().filter(|s| !s.live).map(|s| s.slot).collect();
    assert_eq!(stale, [37]);
    let recs = cbl::records(&bytes).unwrap();
    let want = exp["games"].as_array().unwrap();
    assert_eq!(recs.len(), want.len());
    let mut plies = 0;
    for (k, ((slot, g), e)) in recs.iter().zip(want).enumerate() {
        let g = g.as_ref().unwrap();
        let what = format!("CBL record {k}");
        check_tree(g, e, &what);
        assert_eq!(slot.slot, k);
        if k == 0 || k == 21 {
            assert!(g.is_title_only(), "{what}");
            assert_eq!(g.tag("Title"), e["headers"]["title"].as_str());
            continue;
        }
        let rec = records::replay_tree(g, Source::Cbl(k), k, None).unwrap();
        check_record(&rec, e, &what);
        plies += rec.moves.len();
    }
    // The README's total over the 38 records.
    assert_eq!(plies, 3_209);
}

#[test]
fn cbl_games_skip_titles_and_the_stale_slot() {
    let (bytes, exp) = load("cbl/longhua_cup_1989_35games.cbl");
    let all: Vec<_> = games(&bytes, ReadOptions::default()).collect();
    let idx: Vec<usize> = all.iter().map(|(i, _)| *i).collect();
    let want: Vec<usize> = (1..37).filter(|&k| k != 21).collect();
    assert_eq!(idx, want, "35 games, numbered by their record in the library");
    // The section titles passed over (records 1 and 22, counted from 1) are named in the
    // next game's read warnings; no other game has one.
    for (i, g) in &all {
        let Ok(Game::Xiangqi(rec)) = g else {
            panic!("{g:?}")
        };
        let titles: Vec<_> = rec
            .read_warnings
            .iter()
            .filter(|w| w.contains("section title"))
            .collect();
        match *i {
            1 => assert!(
                titles.len() == 1 && titles[0].starts_with("record 1 of the library"),
                "{titles:?}"
            ),
            22 => assert!(
                titles.len() == 1 && titles[0].starts_with("record 22 of the library"),
                "{titles:?}"
            ),
            _ => assert!(titles.is_empty(), "game {i}: {titles:?}"),
        }
    }
    for (i, g) in &all {
        let Ok(Game::Xiangqi(rec)) = g else {
            panic!("{g:?}")
        };
        assert_eq!(rec.source, Source::Cbl(*i));
        check_record(rec, &exp["games"][*i], &format!("game {i}"));
    }
}

#[test]
fn cbf_samples() {
    for f in ["cbf/test.cbf", "cbf/test2.cbf"] {
        let (bytes, exp) = load(f);
        assert_eq!(records::detect_format(&bytes), Format::Cbf);
        let rec = single(&bytes, |s| *s == Source::Cbf);
        check_record(&rec, &exp["games"][0], f);
    }
    // test2.cbf: result code 3 is a draw; its game comment and move comments are read.
    let (bytes, _) = load("cbf/test2.cbf");
    let text = String::from_utf8(bytes).unwrap();
    let g = records::cbf::parse(&text).unwrap();
    assert_eq!(g.result, "1/2-1/2");
    assert_eq!(g.comment.as_deref(), Some("顺炮横车弃马对直车不受弃马局"));
    assert!(g.moves[3]
        .comment
        .as_deref()
        .unwrap()
        .starts_with("如喜用横车布阵"));
}

#[test]
fn dhtmlxq_samples() {
    for f in [
        "dhtmlxq/cchess_test_ubb.txt",
        "dhtmlxq/vschess_demo_endgame_variations.txt",
        "dhtmlxq/vschess_dhtmlxq.txt",
    ] {
        let (bytes, exp) = load(f);
        assert_eq!(records::detect_format(&bytes), Format::DhtmlXq, "{f}");
        let e = &exp["games"][0];
        let rec = single(&bytes, |s| matches!(s, Source::DhtmlXq(_)));
        check_record(&rec, e, f);
        let text = records::encoding::decode(&bytes).text.into_owned();
        let (start, end) = dhtmlxq::next_block(&text, 0).unwrap();
        check_tree(&dhtmlxq::parse(&text[start..end], start).unwrap(), e, f);
    }
}

#[test]
fn dhtmlxq_block_inside_a_page() {
    let (bytes, exp) = load("dhtmlxq/cchess_test_ubb.txt");
    let block = String::from_utf8(bytes).unwrap();
    let page = format!(
        "<html><body><p>两局</p><div>{block}</div>\n<div>{}</div></body></html>",
        block.replace("红胜", "黑胜")
    );
    let all: Vec<_> = games(page.as_bytes(), ReadOptions::default()).collect();
    assert_eq!(all.len(), 2);
    for (i, (_, g)) in all.iter().enumerate() {
        let Ok(Game::Xiangqi(rec)) = g else {
            panic!("{g:?}")
        };
        assert_eq!(rec.moves.len(), 77);
        assert_eq!(
            rec.moves[0].to_string(),
            exp["games"][0]["mainline_iccs"][0].as_str().unwrap()
        );
        assert_eq!(rec.result, ["1-0", "0-1"][i]);
    }
}

#[test]
fn text_samples() {
    for f in ["text/cchess_test1_move.txt", "text/cchess_ucci_test1_move.txt"] {
        let (bytes, exp) = load(f);
        assert_eq!(records::detect_format(&bytes), Format::Text, "{f}");
        let rec = single(&bytes, |s| matches!(s, Source::Text(_)));
        check_record(&rec, &exp["games"][0], f);
    }
}

#[test]
fn text_numbered_and_compact_layouts() {
    let numbered = "标题: 测试\n红方: 甲\n黑方: 乙\n结果: 黑方胜\n  1.炮二平五      马８进７\n  2.马二进三      车９平８\n棋谱由 http://www.dpxq.com/ 生成\n";
    let compact = "1.炮二平五马8进72.马二进三车9平8 {中炮对屏风马} 0-1";
    for (t, title) in [(numbered, Some("测试")), (compact, None)] {
        let rec = single(t.as_bytes(), |s| matches!(s, Source::Text(_)));
        let line: Vec<String> = rec.moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(line, ["h2e2", "h9g7", "h0g2", "i9h9"]);
        assert_eq!(rec.result, "0-1");
        assert_eq!(rec.tag("Title"), title);
    }
    // The same list in GBK and in Big5 (traditional characters) reads the same.
    let (gbk, _, _) = encoding_rs::GBK.encode("炮二平五\n马８进７\n马二进三\n车９平８\n和棋\n");
    let (big5, _, _) = encoding_rs::BIG5.encode("炮二平五\n馬８進７\n傌二進三\n車９平８\n和棋\n");
    for b in [gbk.as_ref(), big5.as_ref()] {
        let rec = single(b, |s| matches!(s, Source::Text(_)));
        assert_eq!(rec.moves.len(), 4);
        assert_eq!(rec.moves[3].to_string(), "i9h9");
        assert_eq!(rec.result, "1/2-1/2");
    }
}

#[test]
fn bad_input_names_file_game_and_offset() {
    // A CBR cut inside its move tree: the main line still expects moves.
    let (bytes, _) = load("cbr/test.cbr");
    let opts = ReadOptions {
        kind: None,
        file: Some("cut.cbr".into()),
    };
    let (_, g) = games(&bytes[..2300], opts).next().unwrap();
    let e = g.unwrap_err();
    assert!(
        matches!(*e.kind, RecordErrorKind::Malformed(ref m) if m.format == "CBR" && m.offset >= 2214),
        "{e}"
    );
    assert!(
        e.to_string()
            .starts_with("cut.cbr: game 1: malformed CBR at byte offset"),
        "{e}"
    );

    // A CBL whose record 5 is corrupted: that record is an error, the other 34 games are read.
    let (mut lib, _) = load("cbl/longhua_cup_1989_35games.cbl");
    let off = cbl::library(&lib).unwrap().slots[5].offset;
    lib[off + 2120] = 0x99; // an unknown piece byte on the board
    let all: Vec<_> = games(&lib, ReadOptions::default()).collect();
    assert_eq!(all.len(), 35);
    let errors: Vec<_> = all
        .iter()
        .filter_map(|(i, g)| g.as_ref().err().map(|e| (*i, e.to_string())))
        .collect();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].0, 5);
    assert!(
        errors[0].1.contains(&format!("byte offset {}", off + 2120)),
        "{errors:?}"
    );

    // A library cut short: the records before the cut are read, the cut one is an error.
    let cut = &load("cbl/longhua_cup_1989_35games.cbl").0[..101_952 + 4096 * 3 + 2300];
    let all: Vec<_> = games(cut, ReadOptions::default()).collect();
    assert_eq!(all.len(), 3);
    assert!(all[0].1.is_ok() && all[1].1.is_ok() && all[2].1.is_err());

    // A DhtmlXQ main line with an illegal move: its ply and ICCS text.
    let t = "[DhtmlXQ][DhtmlXQ_movelist]77477077[/DhtmlXQ_movelist][/DhtmlXQ]";
    let (_, g) = games(t.as_bytes(), ReadOptions::default()).next().unwrap();
    let e = g.unwrap_err();
    assert_eq!((e.ply, e.text.as_deref()), (Some(2), Some("h9h2")), "{e}");

    // A text move list with an impossible move.
    let (_, g) = games(
        "炮二平五\n马８进７\n车一进五\n".as_bytes(),
        ReadOptions::default(),
    )
    .next()
    .unwrap();
    let e = g.unwrap_err();
    assert_eq!(e.ply, Some(3), "{e}");

    // The compressed container that shares the .cbl extension is named, not misread.
    let (_, g) = games(b"CCBridge\x15\0\0\0\x03\0\0\0", ReadOptions::default())
        .next()
        .unwrap();
    assert!(matches!(*g.unwrap_err().kind, RecordErrorKind::CompressedCbl));
}

fn count_vars(vs: &[records::Variation]) -> usize {
    vs.iter().map(|v| 1 + count_vars(&v.variations)).sum()
}

#[test]
fn every_sample_converts_to_pgn_and_reads_back() {
    use xiangqi::notation::Style;
    let files = [
        "cbr/test.cbr",
        "cbr/test2.cbr",
        "cbl/longhua_cup_1989_35games.cbl",
        "cbf/test.cbf",
        "cbf/test2.cbf",
        "dhtmlxq/cchess_test_ubb.txt",
        "dhtmlxq/vschess_demo_endgame_variations.txt",
        "text/cchess_test1_move.txt",
        "text/cchess_ucci_test1_move.txt",
    ];
    let mut n = 0;
    for f in files {
        let (bytes, _) = load(f);
        for (i, g) in games(&bytes, ReadOptions::default()) {
            let Ok(Game::Xiangqi(rec)) = g else {
                panic!("{f} {i}: {g:?}")
            };
            for style in [Style::Iccs, Style::Chinese, Style::Wxf] {
                let pgn = records::write::to_pgn(&rec, style);
                let back: Vec<_> = games(pgn.as_bytes(), ReadOptions::default()).collect();
                assert_eq!(back.len(), 1, "{f} {i}");
                let Ok(Game::Xiangqi(b)) = &back[0].1 else {
                    panic!("{f} {i} {style:?}: {:?}\n{pgn}", back[0].1)
                };
                assert_eq!(b.start, rec.start, "{f} {i}");
                assert_eq!(b.moves, rec.moves, "{f} {i} {style:?}");
                assert_eq!(b.result, rec.result, "{f} {i}");
                assert_eq!(
                    count_vars(&b.variations),
                    count_vars(&rec.variations),
                    "{f} {i} {style:?}"
                );
                assert_eq!(b.tag("Title"), rec.tag("Title").map(str::trim), "{f} {i}");
            }
            n += 1;
        }
    }
    assert_eq!(n, 43);
    // A game where Black moves first is numbered `1...`.
    let rec = single(
        "[DhtmlXQ][DhtmlXQ_movelist]12427747[/DhtmlXQ_movelist][/DhtmlXQ]".as_bytes(),
        |_| true,
    );
    let pgn = records::write::to_pgn(&rec, Style::Iccs);
    assert!(pgn.contains("\n1... b7e7 2. h2e2 *"), "{pgn}");
}
