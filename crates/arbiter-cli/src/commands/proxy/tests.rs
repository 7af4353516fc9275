use super::*;

fn session(rules: Option<arbiter::RuleBook>, engine_match: bool) -> Session {
    Session::new(Options {
        rules,
        engine_match,
        ..Options::default()
    })
}

/// TW113 example 1: Red checks with the chariot on every move; after three loops Red's
/// next check would keep a pending perpetual check going, so it is forbidden.
const CHECKS: &str = "4k4/9/5R3/9/9/4P4/9/9/9/4K4 w - - 0 1";

fn lines(s: &mut Session, input: &[&str]) -> Rewritten {
    let mut all = Rewritten::default();
    for l in input {
        let r = s.manager_line(l);
        all.to_engine.extend(r.to_engine);
        all.to_manager.extend(r.to_manager);
    }
    all
}

#[test]
fn uci_xiangqi_go_searches_only_the_allowed_moves() {
    let mut s = session(Some(arbiter::RuleBook::Tw113), false);
    let loops = "f8e8 e10f10 e8f8 f10e10 ".repeat(3);
    let position = format!("position fen {CHECKS} moves {}", loops.trim());
    let r = lines(
        &mut s,
        &[
            "uci",
            "setoption name UCI_Variant value xiangqi",
            &position,
            "go nodes 1000",
        ],
    );
    assert_eq!(
        r.to_engine[..3],
        [
            "uci",
            "setoption name UCI_Variant value xiangqi",
            position.as_str()
        ]
    );
    let go = &r.to_engine[3];
    assert!(go.starts_with("go nodes 1000 searchmoves "), "{go}");
    let allowed: Vec<&str> = go.split(' ').skip(4).collect();
    // 21 legal moves for Red (chariot 17, general 3, soldier 1), one forbidden.
    assert!(
        !allowed.contains(&"f8e8") && allowed.contains(&"f8f10") && allowed.contains(&"e5e6"),
        "{go}"
    );
    assert_eq!(allowed.len(), 20, "{go}");
    assert_eq!(
        r.to_manager,
        [
            "info string arbiter: tw113: pending at ply 12: 0-1 if red does not vary (perpetual check, TW113 ch.2 table)",
            "info string arbiter: tw113: forbidden f8e8 (perpetual check, TW113 ch.2 table); searching the 20 other moves",
        ]
    );
    // The manager's own list is intersected: of f8e8 and f8d8 only f8d8 is left.
    let r = lines(&mut s, &[&position, "go searchmoves f8e8 f8d8 movetime 50"]);
    assert_eq!(r.to_engine[1], "go movetime 50 searchmoves f8d8");
    // Every move left forbidden: the search goes as the manager asked, and it is said.
    let r = lines(&mut s, &[&position, "go searchmoves f8e8"]);
    assert_eq!(r.to_engine[1], "go searchmoves f8e8");
    assert_eq!(
        r.to_manager.last().map(String::as_str),
        Some("info string arbiter: tw113: forbidden f8e8 (perpetual check, TW113 ch.2 table); every move left is forbidden: the search is not restricted")
    );
}

/// The `info string` lines in the language asked for: the verdict and the forbidden move
/// with its reason and clause in both scripts; one move left is "1 other move".
#[test]
fn info_lines_follow_the_language() {
    let loops = "f8e8 e10f10 e8f8 f10e10 ".repeat(3);
    let position = format!("position fen {CHECKS} moves {}", loops.trim());
    let input = [
        "uci",
        "setoption name UCI_Variant value xiangqi",
        &position,
        "go nodes 1000",
    ];
    let hant = lines(
        &mut session(Some(arbiter::RuleBook::Tw113), false).in_lang(arbiter::Lang::ZhHant),
        &input,
    );
    assert_eq!(
        hant.to_manager[1],
        "info string arbiter: tw113：禁著 f8e8（長將，台灣棋規第二章判決原則表）；在其餘20步中搜尋"
    );
    assert!(
        hant.to_manager[0].contains("紅方長將（台灣棋規第二章判決原則表）：紅方須變著"),
        "{hant:?}"
    );
    let hans = lines(
        &mut session(Some(arbiter::RuleBook::Tw113), false).in_lang(arbiter::Lang::ZhHans),
        &input,
    );
    assert_eq!(
        hans.to_manager[1],
        "info string arbiter: tw113：禁着 f8e8（长将，台湾棋规第二章判决原则表）；在其余20步中搜索"
    );
    for line in hant.to_manager.iter().chain(&hans.to_manager) {
        let words = line.trim_start_matches("info string arbiter: ");
        assert!(
            !words
                .split(|c: char| !c.is_ascii_alphabetic())
                .any(|w| w.len() >= 4),
            "{line}"
        );
    }
    // English: one move left is one "other move".
    let mut s = session(Some(arbiter::RuleBook::Tw113), false);
    let r = lines(
        &mut s,
        &[
            "uci",
            "setoption name UCI_Variant value xiangqi",
            &position,
            "go searchmoves f8e8 f8d8",
        ],
    );
    assert_eq!(
        r.to_manager.last().map(String::as_str),
        Some("info string arbiter: tw113: forbidden f8e8 (perpetual check, TW113 ch.2 table); searching the 1 other move")
    );
}

#[test]
fn why_a_game_is_not_followed_follows_the_language() {
    let said = |lang, input: &[&str]| {
        let mut s = session(None, false).in_lang(lang);
        lines(&mut s, input).to_manager
    };
    let shogi = [
        "uci",
        "setoption name UCI_Variant value shogi",
        "position startpos moves 7g7f",
        "go",
    ];
    assert_eq!(
        said(arbiter::Lang::ZhHant, &shogi),
        ["info string arbiter: 不跟隨此局（變體 shogi 不在評判範圍）；不限制搜尋"]
    );
    assert_eq!(
        said(arbiter::Lang::ZhHans, &shogi),
        ["info string arbiter: 不跟随此局（变体 shogi 不在评判范围）；不限制搜索"]
    );
    // A move the position does not allow: its ply, the move as sent, and why, in Chinese.
    let bad = ["uci", "position startpos moves e2e4 e7e5 e1e3", "go"];
    let hans = said(arbiter::Lang::ZhHans, &bad);
    assert!(
        hans[0].starts_with("info string arbiter: 不跟随此局（第3个半回合「e1e3」："),
        "{hans:?}"
    );
    let words = hans[0]
        .trim_start_matches("info string arbiter: ")
        .replace("e1e3", "");
    assert!(
        !words
            .split(|c: char| !c.is_ascii_alphabetic())
            .any(|w| w.len() >= 4),
        "{hans:?}"
    );
    let en = said(arbiter::Lang::En, &bad);
    assert!(
        en[0].starts_with("info string arbiter: not following this game (move 3 'e1e3': "),
        "{en:?}"
    );
}

#[test]
fn ucci_bans_are_added_to_the_managers() {
    let mut s = session(None, true);
    // --match: the third occurrence decides; Red's check at ply 9 would make it.
    let position = format!("position fen {CHECKS} moves f7e7 e9f9 e7f7 f9e9 f7e7 e9f9 e7f7 f9e9");
    let r = lines(&mut s, &["ucci", &position, "banmoves e0d0", "go depth 8"]);
    assert_eq!(
        r.to_engine,
        ["ucci", position.as_str(), "banmoves e0d0 f7e7", "go depth 8"]
    );
    assert_eq!(
        r.to_manager,
        [
            // The match convention: the third occurrence (ply 8) already decides.
            "info string arbiter: axf: decided at ply 8: 0-1 (perpetual check, AXF detailed rule 1)",
            "info string arbiter: axf: forbidden f7e7 (perpetual check, AXF detailed rule 1); searching the 19 other moves",
        ]
    );
    // Two plies earlier Red's check e7f7 would let Black complete the third occurrence
    // with f9e9: under the match convention it concedes the game.
    let position = format!("position fen {CHECKS} moves f7e7 e9f9 e7f7 f9e9 f7e7 e9f9");
    let r = lines(&mut s, &[&position, "go depth 8"]);
    assert_eq!(r.to_engine, [position.as_str(), "banmoves e7f7", "go depth 8"]);
    assert_eq!(
        r.to_manager,
        ["info string arbiter: axf: forbidden e7f7 (perpetual check, AXF detailed rule 1, if answered by f9e9); searching the 14 other moves"]
    );
    // One loop fewer: nothing is forbidden, the manager's bans pass as they were.
    let position = format!("position fen {CHECKS} moves f7e7 e9f9 e7f7 f9e9");
    let r = lines(&mut s, &[&position, "banmoves e0d0", "go depth 8"]);
    assert_eq!(r.to_engine, [position.as_str(), "banmoves e0d0", "go depth 8"]);
    assert!(r.to_manager.is_empty());
}

#[test]
fn chess_and_unknown_variants_pass_through() {
    let mut s = session(None, false);
    let input = [
        "uci",
        "position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8",
        "go wtime 1000 btime 1000",
    ];
    let r = lines(&mut s, &input);
    assert_eq!(r.to_engine, input);
    assert_eq!(
        r.to_manager,
        ["info string arbiter: fide: claimable: a draw by threefold (FIDE 9.2.1), by white"]
    );
    let r = lines(
        &mut s,
        &[
            "setoption name UCI_Variant value shogi",
            "position startpos moves 7g7f",
            "go",
            "position startpos moves 7g7f 3c3d",
            "go",
        ],
    );
    assert_eq!(r.to_engine[4], "go");
    assert_eq!(r.to_engine[2], "go");
    assert_eq!(
        r.to_manager,
        ["info string arbiter: not following this game (variant shogi is not judged); the search is not restricted"]
    );
    // A move that is not legal: said once, the search unrestricted.
    let mut s = session(None, false);
    let r = lines(&mut s, &["position startpos moves e2e5", "go", "go"]);
    assert_eq!(r.to_engine, ["position startpos moves e2e5", "go", "go"]);
    assert_eq!(r.to_manager.len(), 1, "{:?}", r.to_manager);
    assert!(r.to_manager[0].contains("move 1 'e2e5'"), "{:?}", r.to_manager);
}

#[test]
fn searchmoves_lists_are_split_from_the_other_words() {
    let t: Vec<&str> = "go wtime 100 searchmoves a1a2 b1b2 btime 50".split(' ').collect();
    assert_eq!(
        split_searchmoves(&t),
        (vec!["go", "wtime", "100", "btime", "50"], vec!["a1a2", "b1b2"])
    );
}
