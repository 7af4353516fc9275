//! Bad input and position identity (FIDE 9.2.3) on small hand-made records.

use arbiter::chess::{
    judge_game, parse_fen, parse_pgn_game, read_pgn_games, ChessError, GameRecord, PositionKey, Reason,
    Status,
};
use shakmaty::Position;

fn key_after(fen: Option<&str>, moves: &str) -> PositionKey {
    let rec = GameRecord::from_fen_moves(fen, moves).unwrap();
    let mut pos = rec.start.clone();
    for m in rec.replay().unwrap() {
        pos.play_unchecked(m);
    }
    PositionKey::of(&pos)
}

#[test]
fn en_passant_counts_only_when_a_legal_capture_exists() {
    // 1.e4 with no black pawn able to take: same position as reached without a double step.
    let a = key_after(Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"), "e2e4");
    let b = key_after(Some("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1"), "e3e4");
    assert_eq!(a, b);
    // With a black pawn on d4 the capture exd3 e.p. is legal: a different position.
    let a = key_after(Some("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1"), "e2e4");
    let b = key_after(Some("4k3/8/8/8/3p4/4P3/8/4K3 w - - 0 1"), "e3e4");
    assert_ne!(a, b);
    // A pinned capturer (black king a4, white rook h4 behind... the d4 pawn pinned on the 4th
    // rank after the capture would expose the king): not a legal capture, same position.
    let a = key_after(Some("8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1"), "e2e4");
    let b = key_after(Some("8/8/8/8/k2p3R/4P3/8/4K3 w - - 0 1"), "e3e4");
    assert_eq!(a, b);
}

#[test]
fn castling_rights_are_rights() {
    // Rook out and back: the right is gone for good (FIDE 9.2.3.2).
    let start = key_after(Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), "");
    let back = key_after(Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), "h1h2 e8e7 h2h1 e7e8");
    assert_ne!(start, back);
    // Castling temporarily impossible (the bishop on a6 attacks f1) keeps the right: after
    // the knight and the bishop go away and come back, the position is the same as at the start,
    // and not the same as one where the king has moved.
    let fen = "4k3/8/b7/8/8/8/8/1N2K2R w K - 0 1";
    let a = key_after(Some(fen), "");
    let b = key_after(Some(fen), "b1c3 a6b7 c3b1 b7a6");
    assert_eq!(a, b);
    let c = key_after(Some(fen), "e1d1 a6b7 d1e1 b7a6");
    assert_ne!(a, c, "the king moved: right lost");
}

#[test]
fn illegal_move_names_ply_and_move() {
    let rec = GameRecord::from_fen_moves(None, "e4 e5 Ke3").unwrap();
    match judge_game(&rec) {
        Err(ChessError::IllegalMove { ply, mv, .. }) => {
            assert_eq!(ply, 3);
            assert_eq!(mv, "Ke3");
        }
        other => panic!("{other:?}"),
    }
    let rec = GameRecord::from_fen_moves(None, "e2e4 e7e5 e1e3").unwrap();
    assert_eq!(judge_game(&rec).unwrap_err().ply(), Some(3));
    // A legal move written in UCI inside PGN (`e2e4` also reads as SAN, `g1f3` does not).
    let rec = arbiter::chess::parse_pgn_game("1. e2e4 e5 2. g1f3 *").unwrap();
    match judge_game(&rec) {
        Err(ChessError::IllegalMove { ply, mv, reason }) => {
            assert_eq!((ply, mv.as_str()), (3, "g1f3"));
            assert_eq!(reason.to_string(), "written in UCI; PGN moves are SAN: Nf3");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn unparsable_fen_is_an_error() {
    assert!(matches!(parse_fen("not a fen"), Err(ChessError::Fen { .. })));
    assert!(matches!(
        parse_fen("8/8/8/8/8/8/8/8 w - - 0 1"),
        Err(ChessError::Fen { .. })
    ));
    assert!(matches!(
        parse_fen("rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w"),
        Err(ChessError::Fen { .. })
    ));
    // Missing trailing fields take their defaults.
    let p = parse_fen("4k3/8/8/8/8/8/8/4K3").unwrap();
    assert_eq!(p.halfmoves(), 0);
    let rec = parse_pgn_game("[FEN \"xyz\"]\n\n1. e4 *\n").unwrap();
    assert!(matches!(judge_game(&rec), Err(ChessError::Fen { .. })));
}

#[test]
fn batch_goes_on_after_a_bad_game() {
    let pgn = "[Event \"a\"]\n\n1. e4 e5 2. Ke3 *\n\n[Event \"b\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n[Event \"c\"]\n[FEN \"bad\"]\n\n*\n\n[Event \"d\"]\n\n1. d4 *\n";
    let results: Vec<_> = read_pgn_games(pgn.as_bytes())
        .map(|g| g.and_then(|g| judge_game(&g)))
        .collect();
    assert_eq!(results.len(), 4);
    assert_eq!(results[0].as_ref().unwrap_err().ply(), Some(3));
    let r = results[1].as_ref().unwrap();
    assert_eq!(
        (r.status, r.reason, r.at_ply),
        (Status::Decided, Some(Reason::Checkmate), Some(4))
    );
    assert_eq!(r.result, "0-1");
    assert!(results[2].is_err());
    assert!(results[3].is_ok());
}

#[test]
fn moves_after_mate_are_counted_not_errors() {
    let rec = GameRecord::from_fen_moves(None, "f3 e5 g4 Qh4 Nc3 Nc6").unwrap();
    let r = judge_game(&rec).unwrap();
    assert_eq!(
        (r.reason, r.at_ply, r.moves_after_end),
        (Some(Reason::Checkmate), Some(4), 2)
    );
    assert_eq!(r.end_move.as_deref(), Some("d8h4"));
}

#[test]
fn flag_fall_where_the_winner_cannot_mate_is_a_draw() {
    // Black's flag falls; White has a bare king and cannot mate by any legal sequence: the
    // game is drawn (FIDE 6.9), not 1-0. The other way round, Black (king and pawn) could
    // still mate a bare king by a helpmate after promotion: the loss stands.
    let pgn = "[Result \"1-0\"]\n[Termination \"Time forfeit\"]\n[FEN \"4k3/8/8/8/8/8/4p3/K7 b - - 0 1\"]\n\n1... Kd7 1-0\n";
    let r = judge_game(&parse_pgn_game(pgn).unwrap()).unwrap();
    assert_eq!(r.reason, Some(Reason::FlagDeadPosition), "{r:?}");
    assert_eq!(r.result, "1/2-1/2");
    assert_eq!(r.result_agrees, Some(false));
    let pgn = "[Result \"0-1\"]\n[Termination \"Time forfeit\"]\n[FEN \"4k3/8/8/8/8/8/4p3/K7 b - - 0 1\"]\n\n1... Kd7 0-1\n";
    let r = judge_game(&parse_pgn_game(pgn).unwrap()).unwrap();
    assert_eq!(r.status, Status::Ongoing);
    assert!(r.flag.as_ref().is_some_and(|f| f.opponent_can_mate));
    assert_eq!(r.result_agrees, Some(true));
}

/// `result_agrees` reads as for xiangqi (the one `agreement` reading): a resignation in a game
/// the rules leave going on cannot be compared (`None`, JSON null); a draw recorded where a
/// threefold repetition may be claimed agrees; a decisive result recorded where a threefold
/// repetition stands does not, whatever the `Termination` tag says.
#[test]
fn result_agrees_reads_as_for_xiangqi() {
    let game = |tags: &str, result: &str| {
        let pgn =
            format!("{tags}[Result \"{result}\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 {result}\n");
        judge_game(&parse_pgn_game(&pgn).unwrap()).unwrap()
    };
    assert_eq!(game("", "1/2-1/2").result_agrees, Some(true));
    assert_eq!(game("", "*").result_agrees, None);
    assert_eq!(
        game("[Termination \"normal\"]\n", "1-0").result_agrees,
        Some(false)
    );
    assert_eq!(
        game("[Termination \"repetition\"]\n", "0-1").result_agrees,
        Some(false)
    );
    let pgn = "[Result \"1-0\"]\n[Termination \"normal\"]\n\n1. e4 e5 1-0\n";
    assert_eq!(
        judge_game(&parse_pgn_game(pgn).unwrap()).unwrap().result_agrees,
        None
    );
}

#[test]
fn fifty_move_claim_with_a_mating_intended_move_is_correct() {
    use arbiter::chess::{judge_claim, ClaimKind, ClaimRequest, TimeControl};
    // 99 plies without pawn move or capture; White writes Ra8#, which also completes 100.
    let rec = GameRecord::from_fen_moves(Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80"), "").unwrap();
    let req = ClaimRequest {
        kind: ClaimKind::FiftyMoves,
        at_ply: None,
        intended_move: Some("Ra8#".into()),
        time_control: Some(TimeControl::Rapid),
    };
    let v = judge_claim(&rec, &req).unwrap();
    assert_eq!(v.valid, Some(true));
    assert_eq!(v.clause, "FIDE 9.3.1");
    assert_eq!(v.intended_move.as_deref(), Some("a1a8"));
    // An illegal intended move is an input error, not a judged claim.
    let req = ClaimRequest {
        intended_move: Some("Ra9".into()),
        ..req
    };
    assert!(matches!(
        judge_claim(&rec, &req),
        Err(ChessError::IllegalIntendedMove { .. })
    ));
}

#[test]
fn claim_penalty_time_control_comes_from_the_tags_unless_given() {
    use arbiter::chess::{judge_claim, ClaimKind, ClaimRequest, TimeControl, TimeControlSource};
    let pgn =
        "[Event \"Casual\"]\n[TimeControl \"180+2\"]\n[Result \"*\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 *\n";
    let rec = parse_pgn_game(pgn).unwrap();
    // At ply 4 the start position stands for the second time: a threefold claim is incorrect.
    let req = ClaimRequest {
        kind: ClaimKind::Threefold,
        at_ply: Some(4),
        intended_move: Some("Nc3".into()),
        time_control: None,
    };
    let v = judge_claim(&rec, &req).unwrap();
    assert_eq!(v.valid, Some(false));
    assert_eq!(v.time_control, TimeControl::Blitz);
    assert_eq!(
        v.time_control_source,
        TimeControlSource::Tag("[TimeControl \"180+2\"]".into())
    );
    let p = v.penalty.as_ref().unwrap();
    assert_eq!(p.opponent_extra_seconds, 60);
    assert_eq!(p.clause, "FIDE B.2/B.3");
    assert_eq!(
        v.text(),
        "After 2...Ng8 [ply 4], White claims a draw by threefold repetition, writing the intended move 3.Nc3.\n\
         The position would stand for the first time.\n\
         Incorrect (FIDE 9.2.1.1). The opponent gets 60 s more (FIDE B.2/B.3; blitz play, from the record's \
         [TimeControl \"180+2\"]). White must now play 3.Nc3.\n"
    );
    // Given on the command line, it wins over the tags.
    let v = judge_claim(
        &rec,
        &ClaimRequest {
            time_control: Some(TimeControl::Standard),
            ..req
        },
    )
    .unwrap();
    assert_eq!(
        (v.time_control, &v.time_control_source),
        (TimeControl::Standard, &TimeControlSource::Given)
    );
    assert_eq!(v.penalty.unwrap().opponent_extra_seconds, 120);
}

/// FIDE 9.2.1.2: a claim right after the repetition speaks of the position on the board ("stands",
/// not "would stand", which belongs to the intended move of 9.2.1.1); an incorrect claim in
/// standard play names the time control once (FIDE 9.5.3: two minutes).
#[test]
fn claim_text_after_the_repetition_and_the_default_time_control() {
    use arbiter::chess::{judge_claim, ClaimKind, ClaimRequest};
    let pgn = "[Result \"*\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *\n";
    let rec = parse_pgn_game(pgn).unwrap();
    let at = |ply| ClaimRequest {
        kind: ClaimKind::Threefold,
        at_ply: Some(ply),
        intended_move: None,
        time_control: None,
    };
    let v = judge_claim(&rec, &at(8)).unwrap();
    assert_eq!(v.valid, Some(true));
    assert!(
        v.text().contains("The position stands for the third time.\n"),
        "{}",
        v.text()
    );
    let v = judge_claim(&rec, &at(4)).unwrap();
    assert_eq!(v.valid, Some(false));
    let text = v.text();
    assert!(
        text.contains("The position stands for the second time.\n"),
        "{text}"
    );
    assert!(
        text.contains("(FIDE 9.5.3; standard play, as none was given or recorded)"),
        "{text}"
    );
    assert_eq!(text.matches("standard play").count(), 1, "{text}");
}
