//! No game lost: a valid game before and after any mutated record reads exactly as it reads
//! alone (a fuzz of 7,000 mutants once lost a neighbouring game in 402 of them). The mutated
//! record starts with a tag line (so that it is a record of its own) and is separated from its
//! neighbours by a blank line; anything may happen inside it: flipped bytes, inserted PGN
//! syntax (`{ } ( ) [ ] " \ ; %`, line ends, CR), deleted bytes, a cut.

use proptest::prelude::*;
use records::{games, Game, RecordError};
use std::path::Path;

fn fixture(rel: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(rel);
    String::from_utf8(std::fs::read(p).expect("fixture")).expect("UTF-8 fixture")
}

/// The `n`-th game of a fixture, as text.
fn nth_game(text: &str, n: usize) -> String {
    records::pgn::games(text).nth(n).expect("game").text
}

/// What a reader says of a game, without where it was (index, line, offset).
fn summary(g: &Result<Game, RecordError>) -> String {
    match g {
        Ok(Game::Xiangqi(r)) => format!(
            "{:?} {:?} {:?} {} {:?} {} {:?}",
            r.tags, r.texts, r.moves, r.result, r.variations, r.truncated, r.read_warnings
        ),
        Ok(Game::Chess(raw)) => format!("chess {:?} {:?} {}", raw.tags, raw.movetext(), raw.truncated),
        Err(e) => format!("error {:?} {:?} {:?}", e.ply, e.text, e.kind),
    }
}

fn alone(text: &str) -> String {
    let all: Vec<_> = games(text.as_bytes(), Default::default()).collect();
    assert_eq!(all.len(), 1, "{text}");
    summary(&all[0].1)
}

const SYNTAX: &[u8] = b"{}()[]\"\\;%\r\n\n *$.0";

#[derive(Debug, Clone)]
enum Mutation {
    Flip(usize, u8),
    Insert(usize, u8),
    Delete(usize),
    Cut(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Mutation::Flip(i, b)),
        (any::<usize>(), 0..SYNTAX.len()).prop_map(|(i, k)| Mutation::Insert(i, SYNTAX[k])),
        any::<usize>().prop_map(Mutation::Delete),
        any::<usize>().prop_map(Mutation::Cut),
    ]
}

/// Apply mutations to everything after the record's first byte (its `[` stays).
fn mutate(record: &str, ms: &[Mutation]) -> Vec<u8> {
    let mut b = record.as_bytes().to_vec();
    for m in ms {
        let len = b.len().max(2);
        match *m {
            Mutation::Flip(i, x) => {
                let i = 1 + i % (len - 1);
                if i < b.len() {
                    b[i] ^= x | 1;
                }
            }
            Mutation::Insert(i, x) => b.insert((1 + i % (len - 1)).min(b.len()), x),
            Mutation::Delete(i) => {
                let i = 1 + i % (len - 1);
                if i < b.len() {
                    b.remove(i);
                }
            }
            Mutation::Cut(i) => b.truncate(1 + i % (len - 1)),
        }
    }
    b
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn neighbours_read_as_alone(
        which in 0usize..4,
        ms in prop::collection::vec(mutation(), 1..12),
    ) {
        let iccs = fixture("iccs/liu_dahua_1125.pgn");
        let chinese = fixture("notation/games15_chinese.pgn");
        let before = nth_game(&iccs, 0);
        let after = nth_game(&chinese, 1);
        let victim = match which {
            0 => nth_game(&iccs, 2),
            1 => nth_game(&chinese, 3),
            2 => fixture("notation/games15_wxf.pgn"),
            _ => "[Event \"Rapid \"Blitz\" Cup\"]\n[Result \"1-0\"]\n\n1. e4 {c} e5 (1... c5) 2. Nf3 1-0\n".to_string(),
        };
        let mut input = before.trim_end().as_bytes().to_vec();
        input.extend_from_slice(b"\n\n");
        input.extend(mutate(&victim, &ms));
        input.extend_from_slice(b"\n\n");
        input.extend_from_slice(after.as_bytes());
        let all: Vec<_> = games(&input, Default::default()).collect();
        prop_assert!(all.len() >= 2);
        prop_assert_eq!(summary(&all[0].1), alone(&before));
        prop_assert_eq!(summary(&all[all.len() - 1].1), alone(&after));
    }
}

/// The cases first found: each broken record is one item, and its neighbours read as alone.
#[test]
fn first_found_cases_lose_no_neighbour() {
    let before = "[Event \"A\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 *\n";
    let after = "[Event \"B\"]\n\n1. c3c4 b9c7 *\n";
    let broken: &[(&str, &str)] = &[
        (
            "quote in a tag",
            "[Event \"Rapid \"Blitz\" Cup\"]\n\n1. b0c2 b9c7 2. b2b4 *\n",
        ),
        ("unterminated tag value", "[Event \"open\n\n1. b0c2 b9c7 *\n"),
        ("movetext on the tag line", "[Event \"x\"] 1. b0c2 b9c7 *\n"),
        ("tags only", "[Event \"x\"]\n[Site \"y\"]\n"),
        (
            "unterminated comment",
            "[Event \"x\"]\n\n1. b0c2 {never closed b9c7 *\n",
        ),
        ("unclosed variation", "[Event \"x\"]\n\n1. b0c2 (1. h2e2 b9c7 *\n"),
        ("lone CR", "[Event \"x\"]\r\r1. b0c2 b9c7 *\r"),
        ("binary", "[Event \"x\"]\n\n\u{0}\u{1b}[31m\u{7f} 1. b0c2\n"),
    ];
    for (name, b) in broken {
        let input = format!("{before}\n{b}\n{after}");
        let all: Vec<_> = games(input.as_bytes(), Default::default()).collect();
        assert_eq!(all.len(), 3, "{name}: {input:?}");
        assert_eq!(summary(&all[0].1), alone(before), "{name}");
        assert_eq!(summary(&all[2].1), alone(after), "{name}");
    }
    // What each broken record itself gives.
    let one = |t: &str| games(t.as_bytes(), Default::default()).next().unwrap().1;
    let Ok(Game::Xiangqi(r)) = one("[Event \"Rapid \"Blitz\" Cup\"]\n\n1. b0c2 b9c7 2. b2b4 *\n") else {
        panic!()
    };
    assert_eq!(
        (r.tag("Event"), r.moves.len(), r.truncated),
        (Some("Rapid \"Blitz\" Cup"), 3, false)
    );
    let Ok(Game::Xiangqi(r)) = one("[Event \"x\"] 1. b0c2 b9c7 *\n") else {
        panic!()
    };
    assert_eq!(r.moves.len(), 2);
    let Ok(Game::Xiangqi(r)) = one("[Event \"x\"]\r\r1. b0c2 b9c7 *\r") else {
        panic!()
    };
    assert_eq!(r.moves.len(), 2);
    let Ok(Game::Xiangqi(r)) = one("[Event \"x\"]\n\n1. b0c2 b9c7 2.") else {
        panic!()
    };
    assert!(r.truncated);
    let Ok(Game::Xiangqi(r)) = one("[Event \"x\"]\n\n1. b0c2 b9c7 2. 1-0") else {
        panic!()
    };
    assert!(r.truncated, "stops after a move number");
    let Err(e) = one("[Event \"x\"]\n\n1. b0c2 {never closed b9c7 *\n") else {
        panic!()
    };
    assert_eq!(
        e.to_string(),
        "game 1 (line 1): broken record: unterminated comment: a '{' is never closed"
    );
    let Err(e) = one("[Event \"x\"]\n\n1. b0c2 (1. h2e2 b9c7 *\n") else {
        panic!()
    };
    assert!(e.to_string().contains("unclosed variation"), "{e}");
}

/// Encodings per game: a stray 0xFF spoils one game of a UTF-8 file (read lossily, with a
/// warning), not the other games; a UTF-16 game after UTF-8 ones is read.
#[test]
fn encodings_per_game() {
    let chinese = fixture("notation/games15_chinese.pgn");
    let mut bytes = chinese.as_bytes().to_vec();
    // A stray byte in the second game's Event tag.
    let second = records::pgn::games(&chinese).nth(1).unwrap();
    let at = second.offset as usize + 3;
    bytes.insert(at, 0xFF);
    let all: Vec<_> = games(&bytes, Default::default()).collect();
    assert_eq!(all.len(), 15);
    for (i, (_, g)) in all.iter().enumerate() {
        let Ok(Game::Xiangqi(r)) = g else {
            panic!("game {i}: {}", summary(g))
        };
        assert_eq!(
            r.source,
            records::Source::Pgn(records::TextEncoding::Utf8),
            "game {i}"
        );
        assert_eq!(r.read_warnings.len(), usize::from(i == 1), "game {i}");
    }
    // UTF-16LE with its BOM after two UTF-8 games.
    let mut bytes = b"[Event \"a\"]\n\n1. h2e2 *\n\n[Event \"b\"]\n\n1. h2e2 *\n".to_vec();
    bytes.extend([0xFF, 0xFE]);
    for u in "[Event \"\u{67f3}\"]\r\n\r\n1. \u{70ae}\u{4e8c}\u{5e73}\u{4e94} *\r\n".encode_utf16() {
        bytes.extend(u.to_le_bytes());
    }
    let all: Vec<_> = games(&bytes, Default::default()).collect();
    assert_eq!(all.len(), 3);
    let Ok(Game::Xiangqi(r)) = &all[2].1 else {
        panic!("{}", summary(&all[2].1))
    };
    assert_eq!(r.source, records::Source::Pgn(records::TextEncoding::Utf16Le));
    assert_eq!((r.tag("Event"), r.texts.len()), (Some("\u{67f3}"), 1));
}

/// Files joined with `cat`: a UTF-16 record (with its byte-order mark) between records in other
/// encodings ends at the next record's first line, whatever that record's encoding (UTF-8,
/// GBK, UTF-16 of the other byte order, UTF-8 with a byte-order mark); no record after it is
/// lost, and each is read in its own encoding.
#[test]
fn utf16_record_between_others_ends_at_the_next_record() {
    let game = |event: &str| format!("[Event \"{event}\"]\r\n\r\n1. \u{70ae}\u{4e8c}\u{5e73}\u{4e94} *\r\n");
    let utf16 = |text: &str, big_endian: bool| -> Vec<u8> {
        let mut b = if big_endian {
            vec![0xFE, 0xFF]
        } else {
            vec![0xFF, 0xFE]
        };
        for u in text.encode_utf16() {
            b.extend(if big_endian {
                u.to_be_bytes()
            } else {
                u.to_le_bytes()
            });
        }
        b
    };
    let mut bytes = game("utf-8 first").into_bytes();
    bytes.extend(utf16(&game("\u{67f3}\u{5927}\u{83ef} le"), false));
    bytes.extend(game("utf-8 after le").into_bytes());
    bytes.extend(utf16(&game("le again"), false));
    bytes.extend(utf16(&game("be"), true));
    let gbk_game = game("\u{67f3}\u{5927}\u{534e} gbk");
    let (gbk, _, _) = encoding_rs::GB18030.encode(&gbk_game);
    bytes.extend(gbk.iter());
    bytes.extend(utf16(&game("le before bom"), false));
    bytes.extend(b"\n\xEF\xBB\xBF");
    bytes.extend(game("utf-8 with bom").into_bytes());
    let all: Vec<_> = games(&bytes[..], Default::default()).collect();
    let read: Vec<(String, records::Source)> = all
        .iter()
        .map(|(_, g)| match g {
            Ok(Game::Xiangqi(r)) => {
                assert_eq!(r.texts.len(), 1, "{}", summary(g));
                (r.tag("Event").unwrap_or_default().to_string(), r.source)
            }
            _ => panic!("{}", summary(g)),
        })
        .collect();
    use records::{Source::Pgn, TextEncoding::*};
    assert_eq!(
        read,
        [
            ("utf-8 first".to_string(), Pgn(Utf8)),
            ("\u{67f3}\u{5927}\u{83ef} le".to_string(), Pgn(Utf16Le)),
            ("utf-8 after le".to_string(), Pgn(Utf8)),
            ("le again".to_string(), Pgn(Utf16Le)),
            ("be".to_string(), Pgn(Utf16Be)),
            ("\u{67f3}\u{5927}\u{534e} gbk".to_string(), Pgn(Gbk)),
            ("le before bom".to_string(), Pgn(Utf16Le)),
            ("utf-8 with bom".to_string(), Pgn(Utf8)),
        ]
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, ..ProptestConfig::default() })]

    /// The movetext parser's own integrity check (what the xiangqi replay uses, in its one lexer
    /// pass) says what `pgn::integrity` says (what the chess path uses).
    #[test]
    fn parser_integrity_is_integrity(
        words in prop::collection::vec(
            prop_oneof![
                Just("1."), Just("12..."), Just("e4"), Just("h2e2"), Just("1-0"), Just("*"),
                Just("{"), Just("}"), Just("("), Just(")"), Just(";"), Just("\n"), Just("\r"),
                Just("%"), Just("$1"), Just("1/2-1/2"), Just("炮二平五"), Just(" "),
            ],
            0..40,
        ),
    ) {
        let text: String = words.concat();
        prop_assert_eq!(records::pgn::parse_movetext(&text).integrity, records::pgn::integrity(&text), "{:?}", text);
    }
}

/// Files joined with `cat`: each legacy-encoded record is read in its own encoding, whatever
/// the previous record's (GBK after Big5, Big5 after GBK, GBK after Big5 and UTF-8 records).
/// GBK bytes of simplified notation decode without a malformed sequence as Big5 too; read so
/// they were garbage (`'蘿媼ⅸ拻' is not a move`).
#[test]
fn each_legacy_record_in_its_own_encoding() {
    let big5 = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/big5/computer_00000001.pgn"),
    )
    .unwrap();
    let gbk_text = nth_game(&fixture("notation/games15_chinese.pgn"), 0);
    let (gbk, _, _) = encoding_rs::GB18030.encode(&gbk_text);
    assert!(
        encoding_rs::BIG5
            .decode_without_bom_handling_and_without_replacement(&gbk)
            .is_some(),
        "the GBK record must also be clean Big5 to test anything"
    );
    let utf8 = nth_game(&fixture("notation/games15_chinese.pgn"), 1).into_bytes();
    let read = |parts: &[&[u8]]| -> Vec<(usize, records::Source)> {
        let bytes: Vec<u8> = parts.iter().flat_map(|p| p.iter().copied()).collect();
        games(&bytes[..], Default::default())
            .map(|(_, g)| match &g {
                Ok(Game::Xiangqi(r)) => (r.moves.len(), r.source),
                _ => panic!("{}", summary(&g)),
            })
            .collect()
    };
    let big5_alone = read(&[&big5])[0];
    let gbk_alone = read(&[&gbk])[0];
    let utf8_alone = read(&[&utf8])[0];
    use records::{Source::Pgn, TextEncoding::*};
    assert_eq!(
        (big5_alone.1, gbk_alone.1, utf8_alone.1),
        (Pgn(Big5), Pgn(Gbk), Pgn(Utf8))
    );
    assert!(
        gbk_alone.0 > 40 && big5_alone.0 > 20,
        "{gbk_alone:?} {big5_alone:?}"
    );
    assert_eq!(read(&[&big5, b"\n", &gbk]), [big5_alone, gbk_alone]);
    assert_eq!(read(&[&gbk, b"\n", &big5]), [gbk_alone, big5_alone]);
    assert_eq!(
        read(&[&big5, b"\n", &utf8, b"\n", &gbk]),
        [big5_alone, utf8_alone, gbk_alone]
    );
}

/// An escape line (`%` in the first column) among the tags is ignored: one game, every tag
/// kept; a chess reader is handed the tags rewritten without it.
#[test]
fn escape_line_among_tags_keeps_one_game() {
    let text = "[Event \"D4\"]\n%comment line in tags\n[Result \"*\"]\n\n1. Nf3 Nf6 *\n";
    let all: Vec<_> = games(text.as_bytes(), Default::default()).collect();
    assert_eq!(all.len(), 1);
    let Ok(Game::Chess(raw)) = &all[0].1 else {
        panic!("{}", summary(&all[0].1))
    };
    assert_eq!(
        raw.tags,
        [("Event".into(), "D4".into()), ("Result".into(), "*".into())]
    );
    assert_eq!(raw.movetext(), "1. Nf3 Nf6 *\n");
    assert!(!raw.chess_text().contains('%'));
    // Escape lines after the tags, before the movetext (pychess 3fold.pgn): the movetext's.
    let raw = records::RawGame::from_text(
        "[Event \"x\"]\n% KNIGHTS_CMD DONE\n\n1. Nf3 *\n".into(),
        1,
        0,
        records::TextEncoding::Utf8,
    );
    assert_eq!(raw.movetext(), "% KNIGHTS_CMD DONE\n\n1. Nf3 *\n");
}
