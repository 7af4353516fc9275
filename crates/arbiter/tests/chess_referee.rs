//! The incremental chess referee (`arbiter::chess::Referee`): status after each ply under the
//! FIDE Laws 2023 (5.1.1 mate, 9.2 threefold, 9.3 fifty moves, 9.6.1 fivefold, 9.6.2 75 moves),
//! and `judge` as a loop over it. Expected values from the Laws' counts and from a real game
//! (Grischuk–Giri, Shamkir 2019: the repetition Ke1-f1 / Qa5+ / Qb5+).

use arbiter::chess::{judge_game, parse_pgn_game, ChessError, Fide, Reason, Referee, Status};
use arbiter::{ClaimKind, Side};

const GRISCHUK_GIRI: &str =
    include_str!("../../arbiter-server/samples/chess-threefold-grischuk-giri-2019.pgn");

#[test]
fn fools_mate_in_san_and_uci() {
    let mut r = Referee::new(Fide::default(), shakmaty::Chess::default());
    for m in ["f2f3", "e5", "g2g4"] {
        r.push_text(m).unwrap();
        assert_eq!(r.status().status, Status::Ongoing);
    }
    r.push_text("Qh4#").unwrap();
    let s = r.status();
    assert_eq!(
        (s.status, s.reason, s.at_ply, s.result.name()),
        (Status::Decided, Some(Reason::Checkmate), Some(4), "0-1")
    );
    assert_eq!(s.clause.unwrap(), "FIDE 5.1.1");
    assert_eq!(s.to_move, "white");
}

#[test]
fn an_illegal_move_names_its_ply() {
    let mut r = Referee::new(Fide::default(), shakmaty::Chess::default());
    r.push_text("e4").unwrap();
    let e = r.push_text("e4").unwrap_err();
    assert!(matches!(e, ChessError::IllegalMove { ply: 2, .. }), "{e}");
    // The referee is unchanged by the refused move.
    assert_eq!(r.plies(), 1);
}

#[test]
fn grischuk_giri_claims_per_ply() {
    let record = parse_pgn_game(GRISCHUK_GIRI).unwrap();
    let moves = record.replay().unwrap();
    let mut r = Referee::new(Fide::default(), record.start.clone());
    let mut first_claimable = None;
    for (i, m) in moves.iter().enumerate() {
        // `push` gives the status after the move, as `status` does.
        let s = r.push(*m).unwrap();
        assert_eq!(s, r.status());
        assert_eq!(s.ply, i + 1);
        if s.status == Status::Claimable && first_claimable.is_none() {
            first_claimable = Some(s.clone());
        }
    }
    // 42 plies in, White (to move) may claim by writing Ke1-f1, which makes the position
    // after 18. Kf1 appear for the third time (9.2.1.1).
    let s = first_claimable.expect("claimable at some ply");
    assert_eq!((s.ply, s.to_move), (42, Side::White));
    assert_eq!(s.claims.len(), 1);
    assert_eq!(
        (s.claims[0].kind, s.claims[0].intended_move.as_deref()),
        (ClaimKind::Threefold, Some("e1f1"))
    );
    // After 22. Kf1 (ply 43) the position stands for the third time: Black claims without a
    // move (9.2.1.2).
    let end = r.status();
    assert_eq!(
        (end.status, end.repetitions, end.to_move),
        (Status::Claimable, 3, Side::Black)
    );
    assert_eq!(end.claims[0].intended_move, None);
    // The judge, a loop over the referee, says the same at the end.
    let report = judge_game(&record).unwrap();
    assert_eq!(report.end_claims, end.claims);
    assert_eq!(report.status, Status::Claimable);
}

#[test]
fn fifty_and_seventy_five_move_counts() {
    // Half-move clock 98: after one quiet move it is 99 and the side to move may claim by
    // writing a quiet move (9.3.1); after another, 100: claim now (9.3.2).
    let mut r = Referee::from_fen("4k3/8/8/8/8/8/3R4/4K3 w - - 98 70").unwrap();
    r.push_text("Rc2").unwrap();
    let s = r.status();
    assert_eq!((s.halfmove_clock, s.status), (99, Status::Claimable));
    assert_eq!(s.claims[0].kind, "fifty_moves");
    assert!(s.claims[0].intended_move.is_some());
    r.push_text("Kf8").unwrap();
    let s = r.status();
    assert_eq!((s.halfmove_clock, s.status), (100, Status::Claimable));
    assert_eq!(s.claims[0].intended_move, None);

    // Clock 149: the next quiet move makes 150 plies, the game is drawn (9.6.2) and moves
    // after it are counted after the end.
    let mut r = Referee::from_fen("4k3/8/8/8/8/8/3R4/4K3 w - - 149 70").unwrap();
    r.push_text("Rc2").unwrap();
    let s = r.status();
    assert_eq!(
        (s.status, s.reason, s.at_ply, s.result.name()),
        (
            Status::Decided,
            Some(Reason::SeventyFiveMoves),
            Some(1),
            "1/2-1/2"
        )
    );
    r.push_text("Kf8").unwrap();
    let s = r.status();
    assert_eq!((s.at_ply, s.moves_after_end), (Some(1), 1));
}

#[test]
fn fivefold_repetition_ends_the_game() {
    // Knights out and back: the start position stands for the 5th time after 16 plies (9.6.1).
    let mut r = Referee::new(Fide::default(), shakmaty::Chess::default());
    for _ in 0..4 {
        for m in ["Nf3", "Nf6", "Ng1", "Ng8"] {
            r.push_text(m).unwrap();
        }
    }
    let s = r.status();
    assert_eq!(
        (s.status, s.reason, s.at_ply, s.repetitions),
        (Status::Decided, Some(Reason::FivefoldRepetition), Some(16), 5)
    );
    // At ply 8 (third occurrence) White could claim (9.2.1.2), but nothing was decided.
    let mut r = Referee::new(Fide::default(), shakmaty::Chess::default());
    for m in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
        r.push_text(m).unwrap();
    }
    let s = r.status();
    assert_eq!(
        (s.status, s.repetitions, s.claims[0].intended_move.as_deref()),
        (Status::Claimable, 3, None)
    );
}

/// The live referee's report names its moves in SAN, as a judged record's does: the move
/// before the claim and the intended move (moves pushed in UCI).
#[test]
fn the_referees_report_writes_san() {
    let mut r = Referee::new(Fide::default(), shakmaty::Chess::default());
    for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        r.push_text(m).unwrap();
    }
    let text = arbiter::render::chess_judge::text_in(&r.report(), arbiter::Lang::ZhHans);
    assert!(
        text.contains("4.Ng1［7］后，轮到黑方走棋，现在可写下预定着法4...Ng8"),
        "{text}"
    );
    let en = arbiter::render::chess_judge::text_in(&r.report(), arbiter::Lang::En);
    assert!(
        en.contains("after 4.Ng1 [ply 7]") && en.contains("when writing 4...Ng8"),
        "{en}"
    );
}
