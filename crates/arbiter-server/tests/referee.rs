//! `arbiter referee`'s line protocol driving a 200-ply xiangqi game and a chess game, bad lines
//! answered with error lines, and the final status equal to the library's judgement of the
//! same moves.

use arbiter_server::referee;
use serde_json::{json, Value};

fn run(lines: &[String]) -> Vec<Value> {
    let input = lines.join("\n");
    let mut out = Vec::new();
    referee::run(input.as_bytes(), &mut out).expect("referee loop");
    let mut answers: Vec<Value> = String::from_utf8(out)
        .expect("UTF-8 output")
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    // The first line says who answers and what it can do.
    let hello = answers.remove(0);
    assert_eq!(
        (&hello["referee"], &hello["protocol"]),
        (&json!("arbiter"), &json!(2))
    );
    answers
}

/// 200 legal plies from the start, chosen deterministically among the legal moves, avoiding
/// the ones that return to an earlier position (so the game goes on) where possible.
fn xiangqi_game(plies: usize) -> Vec<String> {
    let mut pos = xiangqi::Position::startpos();
    let mut seen = std::collections::HashSet::new();
    seen.insert(pos.to_fen());
    let mut moves = Vec::new();
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    for _ in 0..plies {
        let legal: Vec<xiangqi::Move> = pos.legal_moves().iter().copied().collect();
        assert!(!legal.is_empty(), "the generated game ended early");
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let start = (state % legal.len() as u64) as usize;
        let pick = (0..legal.len())
            .map(|k| legal[(start + k) % legal.len()])
            .find(|&m| {
                let mut p = pos.clone();
                p.make_move(m);
                !seen.contains(&p.to_fen()) && !p.legal_moves().is_empty()
            })
            .unwrap_or(legal[start]);
        pos.make_move(pick);
        seen.insert(pos.to_fen());
        moves.push(pick.to_string());
    }
    moves
}

#[test]
fn a_200_ply_xiangqi_game_move_by_move() {
    let moves = xiangqi_game(200);
    let mut lines = vec![json!({"cmd":"new","game":"xiangqi","rules":"axf"}).to_string()];
    lines.extend(moves.iter().map(|m| json!({"cmd":"push","move":m}).to_string()));
    lines.push(json!({"cmd":"status"}).to_string());
    let out = run(&lines);
    assert_eq!(out.len(), 202, "one answer per line");
    assert_eq!(out[0]["plies"], 0);
    assert_eq!(out[0]["status"], "ongoing");
    for (k, a) in out[1..=200].iter().enumerate() {
        assert!(a.get("error").is_none(), "ply {}: {a}", k + 1);
        assert_eq!(a["plies"], k + 1);
        assert_eq!(a["move"]["move"], moves[k].as_str());
        assert!(a["move"]["kinds"].is_array());
    }
    // The last status is the library's judgement of the whole game.
    let lib = arbiter::judge_position(None, &moves.join(" "), &Default::default()).expect("judged");
    let lib = serde_json::to_value(&lib).unwrap();
    let last = &out[201];
    for field in [
        "status",
        "result",
        "reason",
        "at_ply",
        "must_vary",
        "clause",
        "plies",
        "claims",
    ] {
        assert_eq!(last[field], lib[field], "{field}");
    }
    assert_eq!(last, &lib);
}

#[test]
fn perpetual_check_is_pending_then_decided() {
    let mut lines = vec![json!({"cmd":"new","fen":"4k4/9/5R3/9/9/4P4/9/9/9/4K4 w"}).to_string()];
    for m in "f7e7 e9f9 e7f7 f9e9 ".repeat(4).split_whitespace() {
        lines.push(json!({"cmd":"push","move":m}).to_string());
    }
    let out = run(&lines);
    assert_eq!(out[1]["move"]["kinds"], json!(["check"]));
    assert_eq!(out[12]["status"], "pending");
    assert_eq!(out[12]["must_vary"], "red");
    assert_eq!(out[16]["status"], "decided");
    assert_eq!(out[16]["reason"], "perpetual_check");
    assert_eq!(out[16]["result"], "0-1");
    assert_eq!(out[16]["clause"], "AXF detailed rule 1");
}

#[test]
fn a_chess_game_with_claims() {
    let mut lines = vec![json!({"cmd":"new","game":"chess"}).to_string()];
    for m in "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8".split_whitespace() {
        lines.push(json!({"cmd":"push","move":m}).to_string());
    }
    let out = run(&lines);
    assert_eq!(out.len(), 9);
    assert_eq!(out[0]["game"], "chess");
    assert_eq!(out[1]["move"]["move"], "g1f3");
    // After 8 plies the start position stands for the third time: White may claim (FIDE 9.2.1).
    assert_eq!(out[8]["status"], "claimable");
    let claims = out[8]["claims"].as_array().unwrap();
    assert!(
        claims
            .iter()
            .any(|c| c["kind"] == "threefold" && c["by"] == "white"),
        "{claims:?}"
    );
}

#[test]
fn bad_lines_get_error_lines_and_the_game_goes_on() {
    let lines: Vec<String> = [
        "not json",
        r#"{"cmd":"push","move":"h2e2"}"#,
        r#"{"cmd":"new","game":"go"}"#,
        r#"{"cmd":"new"}"#,
        r#"{"cmd":"push","move":"h2h8"}"#,
        r#"{"cmd":"push","move":"zz"}"#,
        r#"{"cmd":"push"}"#,
        r#"{"cmd":"castle"}"#,
        r#"{"cmd":"new","fen":"9/9/9 w"}"#,
        "",
        r#"{"cmd":"push","move":"炮二平五"}"#,
        r#"{"cmd":"status"}"#,
        r#"{"cmd":"quit"}"#,
        r#"{"cmd":"status"}"#,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let out = run(&lines);
    assert_eq!(out.len(), 11, "{out:#?}");
    for (i, line) in [(0, 1), (1, 2), (2, 3), (4, 5), (5, 6), (6, 7), (7, 8), (8, 9)] {
        assert!(out[i]["error"].is_string(), "answer {i}: {}", out[i]);
        assert_eq!(out[i]["line"], line);
    }
    assert_eq!(out[3]["plies"], 0);
    assert_eq!(out[4]["ply"], 1, "the illegal move's ply");
    // The bad FEN left the game as it was; the Chinese move is played at ply 1.
    assert_eq!(out[9]["plies"], 1);
    assert_eq!(out[9]["move"]["move"], "h2e2");
    assert_eq!(out[10]["plies"], 1);
    // Invalid UTF-8 is a bad line too.
    let mut out = Vec::new();
    referee::run(&b"\xff\xfe\n{\"cmd\":\"new\"}\n"[..], &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let answers: Vec<Value> = text
        .lines()
        .skip(1)
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), 2);
    assert!(answers[0]["error"].as_str().unwrap().contains("UTF-8"));
    assert_eq!(answers[1]["plies"], 0);
}

/// A field the command does not take is refused on every command, `quit` and `status` too
/// (`{"cmd":"quit","now":true}` used to quit).
#[test]
fn unknown_fields_are_refused_on_every_command() {
    let lines: Vec<String> = [
        r#"{"cmd":"new","colour":"red"}"#,
        r#"{"cmd":"new"}"#,
        r#"{"cmd":"push","move":"h2e2","why":1}"#,
        r#"{"cmd":"status","verbose":true}"#,
        r#"{"cmd":"quit","now":true}"#,
        r#"{"cmd":"push","move":"h2e2"}"#,
        r#"{"cmd":"status"}"#,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let out = run(&lines);
    assert_eq!(out.len(), 7, "the quit with a stray field did not quit: {out:#?}");
    for (i, field) in [(0, "colour"), (2, "why"), (3, "verbose"), (4, "now")] {
        let e = out[i]["error"]
            .as_str()
            .unwrap_or_else(|| panic!("answer {i}: {}", out[i]));
        assert!(e.contains(field), "answer {i}: {e}");
        assert_eq!(out[i]["line"], i + 1);
    }
    assert_eq!(out[5]["plies"], 1);
    assert_eq!(out[6]["plies"], 1);
}

/// A line over the cap is skipped unread with an error line; the next line is answered.
#[test]
fn an_overlong_line_is_an_error_and_the_loop_goes_on() {
    let mut input = b"{\"cmd\":\"new\"}\n{\"cmd\":\"push\",\"move\":\"".to_vec();
    input.extend(std::iter::repeat_n(b'h', 3 * referee::MAX_LINE_BYTES));
    input.extend_from_slice(b"\"}\n{\"cmd\":\"push\",\"move\":\"h2e2\"}\n");
    let mut out = Vec::new();
    referee::run(&input[..], &mut out).unwrap();
    assert!(
        out.len() < 4096,
        "the long line was echoed back ({} bytes)",
        out.len()
    );
    let answers: Vec<Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .skip(1) // the first line: version and capabilities
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), 3);
    assert_eq!(answers[1]["line"], 2);
    assert!(answers[1]["error"]
        .as_str()
        .unwrap()
        .contains("longer than 1048576 bytes"));
    assert_eq!(answers[2]["plies"], 1);
    assert_eq!(answers[2]["move"]["move"], "h2e2");
}

fn lines(v: &[Value]) -> Vec<String> {
    v.iter().map(Value::to_string).collect()
}

#[test]
fn first_line_names_version_and_capabilities() {
    let mut out = Vec::new();
    referee::run(&b""[..], &mut out).unwrap();
    let hello: Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(hello["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(
        hello["commands"],
        json!([
            "new",
            "push",
            "undo",
            "status",
            "flag",
            "claim",
            "forbidden",
            "quit"
        ])
    );
    assert_eq!(hello["several_games"], true);
}

/// Two games at once by id, each answer carrying its id; undo; a move after the end refused.
#[test]
fn several_games_by_id_undo_and_the_end() {
    let out = run(&lines(&[
        json!({"cmd":"new","id":1}),
        json!({"cmd":"new","id":"b","game":"chess"}),
        json!({"cmd":"push","id":1,"move":"h2e2"}),
        json!({"cmd":"push","id":"b","move":"f3"}),
        json!({"cmd":"push","id":"b","move":"e5"}),
        json!({"cmd":"push","id":"b","move":"g4"}),
        json!({"cmd":"push","id":"b","move":"Qh4#"}),
        json!({"cmd":"push","id":"b","move":"a3"}),
        json!({"cmd":"undo","id":"b"}),
        json!({"cmd":"status","id":1}),
        json!({"cmd":"undo","id":1}),
        json!({"cmd":"undo","id":1}),
        json!({"cmd":"status","id":7}),
    ]));
    assert_eq!(
        (&out[0]["id"], &out[1]["id"], &out[1]["game"]),
        (&json!(1), &json!("b"), &json!("chess"))
    );
    assert_eq!((&out[2]["id"], &out[2]["plies"]), (&json!(1), &json!(1)));
    assert_eq!(
        (&out[6]["status"], &out[6]["reason"]),
        (&json!("decided"), &json!("checkmate"))
    );
    let refused = out[7]["error"].as_str().unwrap();
    assert!(
        refused.contains("ended at ply 4 by checkmate (FIDE 5.1.1), result 0-1"),
        "{refused}"
    );
    assert_eq!((&out[7]["ply"], &out[7]["id"]), (&json!(5), &json!("b")));
    assert_eq!(
        (&out[8]["plies"], &out[8]["status"]),
        (&json!(3), &json!("ongoing"))
    );
    assert_eq!(out[9]["plies"], 1, "game 1 untouched by game b");
    assert_eq!(out[10]["plies"], 0);
    assert!(out[11]["error"]
        .as_str()
        .unwrap()
        .contains("no move to take back"));
    assert!(out[12]["error"].as_str().unwrap().contains("no game 7"));
}

/// FIDE 6.9: a flag fall loses, unless the opponent cannot mate by any legal sequence.
#[test]
fn flag_falls_judged_by_fide_6_9() {
    let fen = "8/8/8/4k3/8/8/8/R3K3 w - - 0 1"; // White: king and rook; Black: bare king
    let out = run(&lines(&[
        json!({"cmd":"new","fen":fen}),
        json!({"cmd":"flag","side":"black"}),
        json!({"cmd":"push","move":"Ra2"}),
        json!({"cmd":"undo"}),
        json!({"cmd":"flag"}),
        json!({"cmd":"new","game":"xiangqi"}),
        json!({"cmd":"flag","side":"white"}),
        json!({"cmd":"flag","side":"red"}),
    ]));
    assert_eq!(
        out[1]["flag"],
        json!({"flagged":"black","result":"1-0","clause":"FIDE 6.9","opponent_can_mate":true})
    );
    assert!(
        out[2]["error"].as_str().unwrap().contains("flag fall"),
        "{}",
        out[2]
    );
    assert!(out[3]["flag"].is_null(), "undo takes back the flag fall");
    // White to move loses on time, but a bare king cannot mate: a draw.
    assert_eq!(
        out[4]["flag"],
        json!({"flagged":"white","result":"1/2-1/2","clause":"FIDE 6.9","opponent_can_mate":false})
    );
    assert!(out[6]["error"].as_str().unwrap().contains("red and black"));
    assert_eq!(out[7]["flag"]["result"], "0-1");
    // The flag fall ends the game: the status says so, not "ongoing" beside the flag's result.
    for (i, result, reason) in [
        (1, "1-0", "flag_fall"),
        (4, "1/2-1/2", "flag_dead_position"),
        (7, "0-1", "flag_fall"),
    ] {
        assert_eq!(
            (&out[i]["status"], &out[i]["result"], &out[i]["reason"]),
            (&json!("decided"), &json!(result), &json!(reason)),
            "{}",
            out[i]
        );
    }
    assert_eq!(out[3]["status"], "ongoing", "undo takes the end back too");
}

/// A claim with its intended move (FIDE 9.2.1.1), and a claim that does not fit the game.
#[test]
fn claims_in_the_referee() {
    let mut cmds = vec![json!({"cmd":"new","game":"chess"})];
    for m in "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1".split_whitespace() {
        cmds.push(json!({"cmd":"push","move":m}));
    }
    cmds.push(json!({"cmd":"claim","kind":"natural-move-limit"}));
    cmds.push(json!({"cmd":"claim","kind":"threefold"}));
    cmds.push(json!({"cmd":"claim","kind":"threefold","intended_move":"Ng8"}));
    cmds.push(json!({"cmd":"status"}));
    cmds.push(json!({"cmd":"push","move":"Ng8"}));
    cmds.push(json!({"cmd":"claim","kind":"threefold"}));
    cmds.push(json!({"cmd":"undo"}));
    cmds.push(json!({"cmd":"push","move":"Ng8"}));
    let out = run(&lines(&cmds));
    // The natural move limit on a chess game: said as such, not as an illegal xiangqi move.
    let why = out[8]["error"].as_str().unwrap();
    assert!(why.contains("natural move limit is a xiangqi claim"), "{why}");
    // Without the intended move the position stands for the second time: incorrect, play on.
    assert_eq!(out[9]["valid"], false, "{}", out[9]);
    assert_eq!(
        (&out[10]["valid"], &out[10]["clause"]),
        (&json!(true), &json!("FIDE 9.2.1.1")),
        "{}",
        out[10]
    );
    // The correct claim ended the game drawn: the status says so, and no move or claim follows
    // until it is taken back.
    assert_eq!(
        (
            &out[11]["status"],
            &out[11]["result"],
            &out[11]["reason"],
            &out[11]["at_ply"]
        ),
        (
            &json!("decided"),
            &json!("1/2-1/2"),
            &json!("threefold_repetition"),
            &json!(7)
        ),
        "{}",
        out[11]
    );
    assert_eq!(
        out[12]["error"],
        "line 13: move 'Ng8' refused: the game ended at ply 7 by a correct threefold claim (FIDE \
         9.2.1.1), drawn; no move is taken after the end (undo, or start a new game)"
    );
    assert_eq!(
        out[13]["error"],
        "line 14: no claim after the end: the game ended at ply 7 by a correct threefold claim (FIDE \
         9.2.1.1), drawn"
    );
    assert_eq!(
        (&out[14]["status"], &out[14]["plies"]),
        (&json!("claimable"), &json!(7))
    );
    assert_eq!(out[15]["move"]["san"], "Ng8", "{}", out[15]);
}

/// FIDE 9.5.3: after an incorrect claim made with an intended move, that move must be made;
/// any other is refused (the game unchanged) until it is. A claim after a flag fall is
/// refused as a move after it is.
#[test]
fn an_incorrect_claim_binds_the_intended_move_and_a_flag_fall_ends_claims() {
    let mut cmds = vec![json!({"cmd":"new","game":"chess"})];
    for m in "Nf3 Nf6 Ng1".split_whitespace() {
        cmds.push(json!({"cmd":"push","move":m}));
    }
    cmds.push(json!({"cmd":"claim","kind":"threefold","intended_move":"Ng8"}));
    cmds.push(json!({"cmd":"push","move":"e5"}));
    cmds.push(json!({"cmd":"push","move":"Ng8"}));
    cmds.push(json!({"cmd":"flag","side":"white"}));
    cmds.push(json!({"cmd":"claim","kind":"threefold"}));
    let out = run(&lines(&cmds));
    assert_eq!(
        (&out[4]["valid"], &out[4]["must_play_intended_move"]),
        (&json!(false), &json!(true)),
        "{}",
        out[4]
    );
    assert_eq!(
        out[5]["error"],
        "line 6: move 'e5' refused: after the incorrect claim the intended move f6g8 must be played \
         (FIDE 9.5.3)"
    );
    assert_eq!(
        (&out[6]["plies"], &out[6]["move"]["san"]),
        (&json!(4), &json!("Ng8"))
    );
    assert_eq!(out[7]["result"], "0-1");
    let why = out[8]["error"].as_str().unwrap();
    assert!(
        why.starts_with("line 9: no claim after the end: the game ended at ply 4 by a flag fall"),
        "{why}"
    );
}

/// A claim after the game has ended is not judged (no validity, no penalty), whatever ended
/// it: under the engine-match convention a threefold repetition (FIDE 9.2.1) and a pending
/// xiangqi repetition end the game, so a claim after them gets the end, as after a mate; the
/// session's own count of loops decides a xiangqi repetition's end.
#[test]
fn claims_after_an_end_of_the_match_convention_are_not_judged() {
    let shuttle = |cmds: &mut Vec<Value>, moves: &str, times: usize| {
        for _ in 0..times {
            for m in moves.split_whitespace() {
                cmds.push(json!({"cmd":"push","move":m}));
            }
        }
    };
    // Chess, match convention: the start position stands a third time at ply 8.
    let mut cmds =
        vec![json!({"cmd":"new","game":"chess","match":true,"fen":"4k3/8/8/8/8/8/3R4/4K3 w - - 0 1"})];
    shuttle(&mut cmds, "d2c2 e8f8 c2d2 f8e8", 2);
    cmds.push(json!({"cmd":"claim","kind":"fifty_moves"}));
    cmds.push(json!({"cmd":"claim","kind":"threefold","intended_move":"d2c2"}));
    let out = run(&lines(&cmds));
    assert_eq!(
        (&out[8]["status"], &out[8]["reason"]),
        (&json!("decided"), &json!("threefold_repetition"))
    );
    for answer in &out[9..11] {
        assert_eq!(
            answer["ended"],
            json!({"by":"threefold_repetition","clause":"FIDE 9.2.1","ply":8}),
            "{answer}"
        );
        assert_eq!(
            (&answer["valid"], &answer["penalty"]),
            (&Value::Null, &Value::Null),
            "{answer}"
        );
        assert_eq!(answer["must_play_intended_move"], json!(false), "{answer}");
    }
    // The same moves without the convention: the claim is judged (correct: 9.2.1).
    let mut cmds = vec![json!({"cmd":"new","game":"chess","fen":"4k3/8/8/8/8/8/3R4/4K3 w - - 0 1"})];
    shuttle(&mut cmds, "d2c2 e8f8 c2d2 f8e8", 2);
    cmds.push(json!({"cmd":"claim","kind":"threefold"}));
    let out = run(&lines(&cmds));
    assert_eq!(
        (&out[9]["valid"], out[9].get("ended")),
        (&json!(true), None),
        "{}",
        out[9]
    );

    // Xiangqi: Red checks on every move; under the match convention the perpetual check is
    // decided at ply 8 (two loops), and with "cycles": 2 outside it at ply 12 (one loop later).
    let fen = "4k4/9/5R3/9/9/4P4/9/9/9/4K4 w - - 0 1";
    for (new, plies) in [
        (json!({"cmd":"new","game":"xiangqi","match":true,"fen":fen}), 8),
        (json!({"cmd":"new","game":"xiangqi","cycles":2,"fen":fen}), 12),
    ] {
        let mut cmds = vec![new.clone()];
        shuttle(&mut cmds, "f7e7 e9f9 e7f7 f9e9", plies / 4);
        cmds.push(json!({"cmd":"claim","kind":"natural_move_limit"}));
        let out = run(&lines(&cmds));
        let answer = &out[plies + 1];
        assert_eq!(
            answer["ended"],
            json!({"by":"perpetual_check","clause":"AXF detailed rule 1","ply":plies}),
            "{new}: {answer}"
        );
        assert_eq!(
            (&answer["valid"], &answer["penalty"]),
            (&Value::Null, &Value::Null),
            "{answer}"
        );
    }
}

/// A claim is judged with the session's dead-position check: with `"dead_check":"off"` a dead
/// position does not end the game, for the status and for a claim alike (the claim was answered
/// "ended by a dead position" while the game went on); with the default check both say it ended.
#[test]
fn a_claim_follows_the_sessions_dead_check() {
    for (check, ended) in [(Some("off"), false), (None, true)] {
        let mut new = json!({"cmd":"new","fen":"k7/8/8/8/8/8/1r6/KB6 w - - 0 1"});
        if let Some(c) = check {
            new["dead_check"] = json!(c);
        }
        let cmds = vec![
            new,
            json!({"cmd":"push","move":"a1b2"}),
            json!({"cmd":"claim","kind":"threefold"}),
            json!({"cmd":"status"}),
        ];
        let out = run(&lines(&cmds));
        let (claim, status) = (&out[2], &out[3]);
        assert_eq!(
            claim.get("ended").is_some_and(|e| !e.is_null()),
            ended,
            "{check:?}: {claim}"
        );
        assert_eq!(status["status"] == "decided", ended, "{check:?}: {status}");
    }
}

/// A xiangqi game started without a FEN is judged as xiangqi by `claim`: the game's kind, not
/// the missing FEN, decides, so a threefold claim is refused as on a game with a FEN (not read
/// as a chess game from the chess start).
#[test]
fn a_chess_claim_on_a_xiangqi_game_without_fen_is_refused() {
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
    for new in [
        json!({"cmd":"new","game":"xiangqi"}),
        json!({"cmd":"new","fen":fen}),
    ] {
        let cmds = vec![
            new.clone(),
            json!({"cmd":"claim","kind":"threefold"}),
            json!({"cmd":"push","move":"h2e2"}),
            json!({"cmd":"claim","kind":"threefold"}),
            json!({"cmd":"claim","kind":"natural_move_limit"}),
        ];
        let out = run(&lines(&cmds));
        for i in [1, 3] {
            let why = out[i]["error"]
                .as_str()
                .unwrap_or_else(|| panic!("{new}: {}", out[i]));
            assert!(why.contains("xiangqi has one draw claim"), "{new}: {why}");
        }
        // The natural move limit: 1 ply of AXF's 120 without a capture, not claimable.
        assert_eq!(out[4]["valid"], false, "{new}: {}", out[4]);
        assert_eq!(out[4]["rules"], "axf", "{new}: {}", out[4]);
    }
}

/// `new` refuses what the CLI refuses together: a cycle count with the match convention, a
/// rule set of the other game; the words are the library's (no CLI flag).
#[test]
fn new_refuses_cycles_with_match_and_rules_of_the_other_game() {
    let cmds = vec![
        json!({"cmd":"new","game":"xiangqi","match":true,"cycles":3}),
        json!({"cmd":"new","game":"xiangqi","rules":"fide"}),
        json!({"cmd":"new","match":true}),
    ];
    let out = run(&lines(&cmds));
    let e = |i: usize| out[i]["error"].as_str().unwrap_or_default().to_string();
    assert!(
        e(0).starts_with("line 1: a cycle count and the engine-match convention"),
        "{}",
        out[0]
    );
    assert!(
        e(1).starts_with("line 2: rule set fide is the chess rule set"),
        "{}",
        out[1]
    );
    assert_eq!(out[2]["status"], "ongoing", "{}", out[2]);
}

/// `forbidden`: TW113 example 1 (Red checks from e7 and f7 for ever). At the pending position
/// Red must vary: the check that goes on with the loop is the one move forbidden; Black's
/// moves never are (Black is not at fault); chess forbids nothing, with the reason.
#[test]
fn forbidden_moves_are_those_that_make_the_mover_vary() {
    let mut cmds = vec![json!({"cmd":"new","fen":"4k4/9/5R3/9/9/4P4/9/9/9/4K4 w","rules":"tw113"})];
    for m in "f7e7 e9f9 e7f7 f9e9 ".repeat(3).split_whitespace().take(11) {
        cmds.push(json!({"cmd":"push","move":m}));
    }
    cmds.push(json!({"cmd":"forbidden"}));
    cmds.push(json!({"cmd":"push","move":"f9e9"}));
    cmds.push(json!({"cmd":"forbidden"}));
    cmds.push(json!({"cmd":"new","game":"chess"}));
    cmds.push(json!({"cmd":"forbidden"}));
    let out = run(&lines(&cmds));
    assert_eq!(out[12], json!({"forbidden":[],"to_move":"black","plies":11}));
    assert_eq!(out[13]["status"], "pending");
    assert_eq!(out[14], json!({"forbidden":["f7e7"],"to_move":"red","plies":12}));
    assert_eq!(out[16]["forbidden"], json!([]));
    assert!(out[16]["reason"].as_str().unwrap().contains("never a loss"));
}

/// Bad lines in the referee's words: what, where, why (never the JSON parser's own message).
#[test]
fn bad_lines_in_the_referees_words() {
    let out = run(&[
        "{cmd:push}".to_string(),
        "[1,2]".to_string(),
        r#"{"cmd":3}"#.to_string(),
        r#"{"cmd":"push","move":12}"#.to_string(),
        r#"{"cmd":"new","cycles":-1}"#.to_string(),
        r#"{"cmd":"claim"}"#.to_string(),
        r#"{"cmd":"new","id":[1]}"#.to_string(),
    ]);
    let e = |i: usize| out[i]["error"].as_str().unwrap().to_string();
    assert_eq!(
        e(0),
        "line 1: not a JSON object (column 2): each line is one command such as {\"cmd\":\"push\",\"move\":\"h2e2\"}"
    );
    assert!(e(1).starts_with("line 2: not a JSON object"), "{}", e(1));
    assert!(
        e(2).contains("\"cmd\" is 3: expected a command name (new, push, undo"),
        "{}",
        e(2)
    );
    assert_eq!(e(3), "line 4: push: \"move\" is 12: expected a string");
    assert_eq!(
        e(4),
        "line 5: new: \"cycles\" is -1: expected a whole number from 0 to 4294967295"
    );
    assert_eq!(e(5), "line 6: claim needs \"kind\"");
    assert!(e(6).contains("\"id\" is [1]"), "{}", e(6));
    for (i, a) in out.iter().enumerate() {
        assert!(!a["error"].as_str().unwrap().contains("expected ident"), "{i}");
    }
}

fn run_in(lines: &[&str], lang: Option<arbiter::Lang>) -> Vec<Value> {
    let input = lines.join("\n");
    let mut out = Vec::new();
    referee::run_in(input.as_bytes(), &mut out, lang).expect("referee loop");
    String::from_utf8(out)
        .expect("UTF-8 output")
        .lines()
        .skip(1)
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

/// The moves of samples/xiangqi-perpetual-chase.pgn (Yan Wenqing - Liu Dahua 1999: Red's
/// chariot chases Black's unprotected cannon, AXF detailed rule 13, 0-1 at ply 58).
const PERPETUAL_CHASE: &str = "h2e2 h9g7 h0g2 i9h9 b0c2 c6c5 b2a2 b9c7 a0b0 c7d5 i0h0 b7c7 e3e4 d5c3 \
h0h6 h7h8 g2e3 h8e8 h6g6 h9h7 b0b6 e8g8 g6f6 g7h5 f6e6 d9e8 e6g6 c7g7 g6h6 h7h6 b6h6 g7g0 f0e1 h5g3 \
e4e5 a9a7 e3f5 c3a2 e2a2 g3f5 e5f5 g0i0 h6g6 g8h8 g6h6 h8g8 h6g6 g8h8 g6h6 h8g8 h6g6 g8h8 g6h6 h8g8 \
h6g6 g8h8 g6h6 h8g8";

/// The session's language (`arbiter referee --lang zh-Hans`) words the verdict and every error
/// line; a game's own `lang` overrides it; JSON keys and codes stay English.
#[test]
fn the_referee_speaks_the_language_asked_for() {
    let mut lines = vec![r#"{"cmd":"new"}"#.to_string()];
    lines.extend(
        PERPETUAL_CHASE
            .split(' ')
            .map(|m| format!(r#"{{"cmd":"push","move":"{m}"}}"#)),
    );
    lines.push(r#"{"cmd":"push","move":"a2a1"}"#.into());
    lines.push(r#"{"cmd":"new","id":"b","lang":"zh-Hant"}"#.into());
    lines.push(r#"{"cmd":"push","id":"b","move":"h2e2"}"#.into());
    lines.push(r#"{"cmd":"undo","id":"b"}"#.into());
    lines.push(r#"{"cmd":"undo","id":"b"}"#.into());
    lines.push(r#"{"cmd":"frobnicate"}"#.into());
    lines.push(r#"{"cmd":"status","id":"c"}"#.into());
    lines.push(r#"{"cmd":"new","id":"d","game":"chess"}"#.into());
    lines.push(r#"{"cmd":"forbidden","id":"d"}"#.into());
    lines.push(r#"{"cmd":"flag","id":"d"}"#.into());
    lines.push(r#"{"cmd":"new","id":"e","lang":"fr"}"#.into());
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    let out = run_in(&refs, Some(arbiter::Lang::ZhHans));
    let last = &out[58];
    assert_eq!(
        (&last["status"], &last["reason"], &last["result"]),
        (&json!("decided"), &json!("perpetual_chase"), &json!("0-1"))
    );
    assert_eq!(last["text"]["lang"], "zh-Hans");
    assert_eq!(
        last["text"]["verdict"],
        "29... 炮8平7［58］后已判定：红方长捉黑炮（亚洲棋规细则第13条），循环达到次数后仍不变着，判负，黑胜（0-1）。"
    );
    assert_eq!(last["text"]["clause"], "亚洲棋规细则第13条");
    let e = |i: usize| out[i]["error"].as_str().unwrap_or_default().to_string();
    assert!(
        e(59).starts_with("第60行：着法「a2a1」不予接受：对局已在第58个半回合结束：红方长捉黑炮"),
        "{}",
        e(59)
    );
    assert_eq!((&out[59]["ply"], &out[59]["move"]), (&json!(59), &json!("a2a1")));
    // Game b speaks traditional characters; its start has no move to take back.
    assert_eq!(out[61]["text"]["lang"], "zh-Hant");
    assert_eq!(e(63), "第64行：沒有可悔的著法：對局在開始局面（第0個半回合）");
    assert_eq!(e(64), "第65行：未知的命令「frobnicate」：应为下列之一：new、push、undo、status、flag、claim、forbidden、quit");
    assert_eq!(e(65), "第66行：没有对局 \"c\"：请先发送 {\"cmd\":\"new\"}");
    assert_eq!(
        out[67]["reason"],
        "国际象棋不因重复而禁止任何着法：重复局面是和棋（国际棋联规则第9.2条、第9.6.1条），不会判负"
    );
    assert_eq!(out[68]["reason"], "flag_fall");
    assert_eq!(
        out[68]["text"]["verdict"],
        "白方超时判负（国际棋联规则第6.9条），黑胜（0-1）"
    );
    assert!(e(69).starts_with("第70行：无法识别的值「fr」"), "{}", e(69));
    // Without a language, no `text` and English errors, as before.
    let plain = run_in(&[r#"{"cmd":"new"}"#, r#"{"cmd":"undo"}"#], None);
    assert!(plain[0].get("text").is_none());
    assert_eq!(
        plain[1]["error"],
        "line 2: no move to take back: the game is at its start (ply 0)"
    );
}

/// A line whose arguments are wrong is answered with its game's `id` and in its game's
/// language; a number and the string of its digits name the same game.
#[test]
fn argument_errors_carry_the_id_and_2_and_quoted_2_are_one_game() {
    let out = run(&lines(&[
        json!({"cmd":"new","id":2,"game":"chess","lang":"zh-Hans"}),
        json!({"cmd":"push","id":"2","move":"e4"}),
        json!({"cmd":"push","id":2,"move":123}),
        json!({"cmd":"status","id":"2"}),
    ]));
    assert_eq!(out[1]["plies"], 1, "{}", out[1]);
    assert_eq!(out[2]["id"], 2, "{}", out[2]);
    let error = out[2]["error"].as_str().unwrap();
    assert!(error.starts_with("第3行："), "{error}");
    assert_eq!(out[3]["plies"], 1, "{}", out[3]);
}

/// A line that is not JSON (so names no game) is answered in the language of the game open
/// (the last one a line named), not the session's; with no game open, in the session's.
#[test]
fn a_bad_line_speaks_the_open_games_language() {
    let out = run_in(
        &[
            "junk",
            r#"{"cmd":"new","id":"g","lang":"zh-Hant"}"#,
            "junk",
            r#"{"cmd":"new","id":"h","lang":"zh-Hans"}"#,
            "{not json",
            r#"{"cmd":"status","id":"g"}"#,
            "junk",
        ],
        Some(arbiter::Lang::En),
    );
    // The answer to line n.
    let error = |n: usize| out[n - 1]["error"].as_str().unwrap().to_string();
    assert!(error(1).starts_with("line 1: "), "{}", error(1));
    let hant = "：不是 JSON 物件（第1欄）：每行是一個指令，例如 {\"cmd\":\"push\",\"move\":\"h2e2\"}";
    assert_eq!(error(3), format!("第3行{hant}"));
    assert_eq!(
        error(5),
        "第5行：不是 JSON 对象（第2列）：每行是一条命令，例如 {\"cmd\":\"push\",\"move\":\"h2e2\"}"
    );
    assert_eq!(out[5]["text"]["lang"], "zh-Hant");
    assert_eq!(error(7), format!("第7行{hant}"));
}
