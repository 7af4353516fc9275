//! Property tests over random legal games from the start position (up to 60 plies): make/unmake
//! restores position and Zobrist key, legal move generation agrees with a slow independent
//! legality check, FEN round-trips, and every legal move written in each notation reads back as
//! itself. Also: move parsing never panics and rejects garbage.

use proptest::prelude::*;
use xiangqi::notation::{
    parse_move, write_move, write_move_with, ChineseScript, Style, WriteOptions, WxfLetters, WxfTandem,
    WxfTraverse,
};
use xiangqi::{Color, Move, Piece, PieceKind, Position, Square};

/// The positions of a random game: each choice picks one of the legal moves (modulo their
/// number); the game stops early when the side to move has none.
fn game(choices: &[u32]) -> Vec<(Position, Option<Move>)> {
    let mut pos = Position::startpos();
    let mut out = Vec::new();
    for &c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mut sorted: Vec<Move> = moves.iter().copied().collect();
        sorted.sort();
        let mv = sorted[c as usize % sorted.len()];
        out.push((pos.clone(), Some(mv)));
        pos.play(mv).unwrap();
    }
    out.push((pos, None));
    out
}

fn choices() -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(any::<u32>(), 0..=60)
}

fn general_of(pos: &Position, color: Color) -> Option<Square> {
    pos.pieces()
        .find(|(_, p)| p.color == color && p.kind == PieceKind::General)
        .map(|(s, _)| s)
}

/// Slow legality of a pseudo-legal move: make it on a clone; the mover's general must not be
/// the destination of any enemy pseudo-legal move, and the two generals must not face each other
/// on an open file.
fn slow_legal(pos: &Position, mv: Move) -> bool {
    let me = pos.side_to_move();
    let mut after = pos.clone();
    after.make_move(mv);
    let Some(g) = general_of(&after, me) else {
        return false;
    };
    if after.pseudo_legal_moves().iter().any(|m| m.to == g) {
        return false;
    }
    if let Some(eg) = general_of(&after, me.opponent()) {
        if eg.file() == g.file() {
            let (lo, hi) = (g.rank().min(eg.rank()), g.rank().max(eg.rank()));
            let open =
                (lo + 1..hi).all(|r| Square::new(g.file(), r).is_none_or(|s| after.piece_at(s).is_none()));
            if open {
                return false;
            }
        }
    }
    true
}

/// Whether a `color` `kind` may stand on `sq` in some game (palace, elephant and advisor
/// points, soldiers' squares).
fn reachable(color: Color, kind: PieceKind, sq: Square) -> bool {
    let s = if color == Color::Red { sq } else { sq.flipped() };
    let (f, r) = (s.file(), s.rank());
    match kind {
        PieceKind::General => (3..=5).contains(&f) && r <= 2,
        PieceKind::Advisor => matches!((f, r), (3 | 5, 0 | 2) | (4, 1)),
        PieceKind::Elephant => matches!((f, r), (2 | 6, 0 | 4) | (0 | 4 | 8, 2)),
        PieceKind::Soldier => r >= 5 || (matches!(r, 3 | 4) && f % 2 == 0),
        _ => true,
    }
}

/// A random position: both generals, then up to 24 more pieces (at most the starting number of
/// each kind) on points they can reach; soldiers are likely and kept to two files, so that they stack.
fn random_position(spec: &[(u8, bool, u8)], red_gen: u8, black_gen: u8, red_to_move: bool) -> Position {
    let mut pos = Position::empty();
    let palace = |i: u8, color: Color| {
        let s = Square::new(3 + i32::from(i % 3), i32::from(i / 3 % 3)).unwrap();
        if color == Color::Red {
            s
        } else {
            s.flipped()
        }
    };
    pos.set_piece(
        palace(red_gen, Color::Red),
        Some(Piece::new(Color::Red, PieceKind::General)),
    );
    pos.set_piece(
        palace(black_gen, Color::Black),
        Some(Piece::new(Color::Black, PieceKind::General)),
    );
    let max = [1, 2, 2, 2, 2, 2, 5];
    let kinds = [
        PieceKind::Soldier,
        PieceKind::Soldier,
        PieceKind::Soldier,
        PieceKind::Chariot,
        PieceKind::Horse,
        PieceKind::Cannon,
        PieceKind::Advisor,
        PieceKind::Elephant,
    ];
    for &(k, red, sq) in spec {
        let kind = kinds[usize::from(k) % kinds.len()];
        let color = if red { Color::Red } else { Color::Black };
        // Soldiers only on files c and e, so that they stack.
        let sq = if kind == PieceKind::Soldier {
            Square::new(2 + 2 * i32::from(sq % 2), i32::from(sq / 2 % 10))
        } else {
            Square::from_index(usize::from(sq) % 90)
        };
        let Some(sq) = sq else { continue };
        let have = pos
            .pieces()
            .filter(|(_, p)| *p == Piece::new(color, kind))
            .count();
        if pos.piece_at(sq).is_none() && reachable(color, kind, sq) && have < max[kind as usize] {
            pos.set_piece(sq, Some(Piece::new(color, kind)));
        }
    }
    pos.set_side_to_move(if red_to_move { Color::Red } else { Color::Black });
    pos
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_positions_round_trip_in_every_notation(
        spec in prop::collection::vec((any::<u8>(), any::<bool>(), any::<u8>()), 0..40),
        rg in 0u8..9, bg in 0u8..9, red in any::<bool>(),
    ) {
        let pos = random_position(&spec, rg, bg, red);
        let sign_first = WriteOptions { wxf_tandem: WxfTandem::SignFirst, ..WriteOptions::default() };
        for &mv in pos.legal_moves().iter() {
            for style in [Style::Wxf, Style::Chinese] {
                for o in [WriteOptions::default(), sign_first] {
                    let text = write_move_with(&pos, mv, style, &o);
                    let back = parse_move(&pos, &text);
                    prop_assert!(back.is_ok(), "{} ({}) in {}: {:?}", text, mv, pos.to_fen(), back);
                    let back = back.unwrap();
                    prop_assert_eq!(back.mv, mv, "{} in {}", text, pos.to_fen());
                    prop_assert_eq!(back.warning, None, "{} in {}", text, pos.to_fen());
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn make_unmake_restores_position_and_key(ch in choices()) {
        for (pos, _) in game(&ch) {
            let fen = pos.to_fen();
            for &mv in pos.legal_moves().iter() {
                let mut p = pos.clone();
                let undo = p.make_move(mv);
                let rebuilt = Position::from_fen(&p.to_fen()).unwrap();
                prop_assert_eq!(p.key(), rebuilt.key(), "key after {} in {}", mv, fen);
                prop_assert_eq!(&p, &rebuilt);
                p.unmake_move(mv, undo);
                prop_assert_eq!(&p, &pos);
                prop_assert_eq!(p.key(), pos.key());
                prop_assert_eq!(p.to_fen(), fen.clone());
            }
        }
    }

    #[test]
    fn legal_moves_agree_with_a_slow_check(ch in choices()) {
        for (pos, _) in game(&ch) {
            let legal = pos.legal_moves();
            let pseudo = pos.pseudo_legal_moves();
            for &mv in legal.iter() {
                prop_assert!(pseudo.contains(&mv), "{} legal but not pseudo-legal", mv);
                prop_assert!(slow_legal(&pos, mv), "{} generated but fails the slow check in {}", mv, pos.to_fen());
                prop_assert!(pos.is_legal(mv));
            }
            for &mv in pseudo.iter() {
                if !slow_legal(&pos, mv) {
                    prop_assert!(!legal.contains(&mv), "{} fails the slow check but is generated in {}", mv, pos.to_fen());
                    prop_assert!(!pos.is_legal(mv));
                } else {
                    prop_assert!(legal.contains(&mv), "{} passes the slow check but is missing in {}", mv, pos.to_fen());
                }
            }
            prop_assert_eq!(pos.has_legal_move(), !legal.is_empty());
        }
    }

    #[test]
    fn direct_pseudo_legality_agrees_with_generation(ch in choices()) {
        for (pos, _) in game(&ch).into_iter().step_by(7) {
            for from in Square::all() {
                let generated = pos.pseudo_moves_from(from);
                for to in Square::all() {
                    let mv = Move::new(from, to);
                    prop_assert_eq!(pos.is_pseudo_legal(mv), generated.contains(&mv), "{} in {}", mv, pos.to_fen());
                }
            }
        }
    }

    #[test]
    fn fen_round_trips(ch in choices()) {
        for (pos, _) in game(&ch) {
            let fen = pos.to_fen();
            let back = Position::from_fen(&fen).unwrap();
            prop_assert_eq!(&back, &pos);
            prop_assert_eq!(back.key(), pos.key());
            prop_assert_eq!(back.to_fen(), fen);
        }
    }

    #[test]
    fn every_legal_move_round_trips_in_every_notation(ch in choices()) {
        let options = [
            WriteOptions::default(),
            WriteOptions {
                wxf_letters: WxfLetters::KnightBishop,
                wxf_tandem: WxfTandem::SignFirst,
                wxf_traverse: WxfTraverse::Dot,
                chinese_script: ChineseScript::Simplified,
                full_width: true,
            },
        ];
        for (pos, _) in game(&ch) {
            let flipped = pos.color_flipped();
            for &mv in pos.legal_moves().iter() {
                for style in [Style::Iccs, Style::Wxf, Style::Chinese] {
                    for o in &options {
                        let text = write_move_with(&pos, mv, style, o);
                        let back = parse_move(&pos, &text);
                        prop_assert!(back.is_ok(), "{} ({}) in {}: {:?}", text, mv, pos.to_fen(), back);
                        let back = back.unwrap();
                        prop_assert_eq!(back.mv, mv, "{} in {}", text, pos.to_fen());
                        prop_assert_eq!(back.style, style);
                        prop_assert_eq!(back.warning, None, "{} in {}", text, pos.to_fen());
                    }
                }
                // WXF counts from the mover's side: the colour-swapped position reads the same.
                prop_assert_eq!(
                    write_move(&pos, mv, Style::Wxf),
                    write_move(&flipped, mv.flipped(), Style::Wxf)
                );
            }
        }
    }
}

/// Characters that notation uses, to reach deep into the parsers.
const ALPHABET: &[char] = &[
    'K', 'A', 'B', 'E', 'N', 'H', 'R', 'C', 'P', 'a', 'e', 'h', 'i', 'z', '0', '1', '2', '5', '9', '+', '-',
    '=', '.', ' ', '＋', '－', '＝', '５', '１', '炮', '馬', '兵', '卒', '前', '後', '后', '中', '一', '二',
    '五', '九', '進', '进', '退', '平', '帥', '象', '\u{0}', '\u{3000}', '�',
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn parsing_arbitrary_text_never_panics(s in ".{0,12}") {
        let pos = Position::startpos();
        let _ = parse_move(&pos, &s);
    }

    #[test]
    fn parsing_notation_like_text_never_panics(idx in prop::collection::vec(0..ALPHABET.len(), 0..8), ch in prop::collection::vec(any::<u32>(), 0..30)) {
        let text: String = idx.iter().map(|&i| ALPHABET[i]).collect();
        let (pos, _) = game(&ch).pop().unwrap();
        if let Ok(parsed) = parse_move(&pos, &text) {
            prop_assert!(pos.is_legal(parsed.mv), "{} read as illegal {}", text, parsed.mv);
        }
    }
}
