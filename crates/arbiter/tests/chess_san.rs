//! SAN resolution (`arbiter::chess::record::san_to_move`, attack tables for plain moves)
//! against shakmaty's `San::to_move`, the reference: the same answer (move or error) on every
//! move of the shared chess records (when present), on every SAN one can write (all roles,
//! targets, capture flags, promotions, file and rank hints) in generated positions, and on
//! chosen positions with pins, checks, en passant and promotions.

use std::path::PathBuf;

mod common;

use arbiter::chess::record::{parse_fen, san_to_move};
use shakmaty::san::San;
use shakmaty::{Chess, File, Position, Rank, Role, Square};

/// Every SAN of the normal kind that could be written for a move to any square: each role, each
/// target, both capture flags, each promotion (for pawns), and no hint, a file hint or a rank
/// hint (and both, for a few squares).
fn every_san() -> Vec<San> {
    let roles = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];
    let mut out = Vec::new();
    for role in roles {
        for to in Square::ALL {
            for capture in [false, true] {
                let promotions: &[Option<Role>] = if role == Role::Pawn {
                    &[
                        None,
                        Some(Role::Queen),
                        Some(Role::Rook),
                        Some(Role::Bishop),
                        Some(Role::Knight),
                        Some(Role::King),
                    ]
                } else {
                    &[None, Some(Role::Queen)]
                };
                for &promotion in promotions {
                    let mut hints: Vec<(Option<File>, Option<Rank>)> = vec![(None, None)];
                    hints.extend(File::ALL.iter().map(|&f| (Some(f), None)));
                    hints.extend(Rank::ALL.iter().map(|&r| (None, Some(r))));
                    hints.push((Some(to.file()), Some(to.rank())));
                    for (file, rank) in hints {
                        out.push(San::Normal {
                            role,
                            file,
                            rank,
                            capture,
                            to,
                            promotion,
                        });
                    }
                }
            }
        }
    }
    out
}

/// Compares `san_to_move` with `San::to_move` for `san` in `pos`; returns whether `san` is
/// legal there.
fn compare(pos: &Chess, san: &San, context: &dyn Fn() -> String) -> bool {
    let general = san.to_move(pos);
    assert_eq!(
        san_to_move(pos, san),
        general,
        "san_to_move differs for {san} in {}",
        context()
    );
    general.is_ok()
}

fn fen_of(pos: &Chess) -> String {
    shakmaty::fen::Fen::from_position(pos, shakmaty::EnPassantMode::Always).to_string()
}

/// A small deterministic generator (xorshift), so that the generated games are the same on
/// every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Positions from random games (captures preferred now and then, so that endings with few
/// pieces, promotions and en passant show up), every few plies.
fn generated_positions(games: usize, seed: u64) -> Vec<Chess> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Chess::default();
        for ply in 0..200 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let captures: Vec<_> = moves
                .iter()
                .filter(|m| m.is_capture() || m.is_promotion())
                .collect();
            let m = if !captures.is_empty() && rng.below(3) == 0 {
                *captures[rng.below(captures.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            pos.play_unchecked(m);
            if ply % 7 == 3 || pos.is_check() || pos.maybe_ep_square().is_some() {
                out.push(pos.clone());
            }
        }
    }
    out
}

#[test]
fn every_san_in_generated_positions() {
    let sans = every_san();
    let positions = generated_positions(12, 0x9E37_79B9_7F4A_7C15);
    assert!(positions.len() > 300, "{} positions", positions.len());
    let mut legal = 0usize;
    for pos in &positions {
        for san in &sans {
            legal += usize::from(compare(pos, san, &|| fen_of(pos)));
        }
    }
    // Legal SANs of every kind are among them (not only errors compared).
    assert!(legal > 20_000, "{legal} legal SANs");
}

#[test]
fn every_san_in_chosen_positions() {
    let fens = [
        // A knight and a bishop pinned, a rook pinned along its line, a queen able to move on
        // the pin line.
        "4k3/8/8/q7/8/2N5/3B4/4K2r w - - 0 1",
        "4k3/4r3/8/8/4R3/8/8/4K3 w - - 0 1",
        "4k3/8/8/1b6/8/3Q4/8/5K2 w - - 0 1",
        // Two knights that can reach the same square, one of them pinned.
        "4k3/8/8/8/4r3/8/2N1N3/4K3 w - - 0 1",
        // En passant possible, and en passant that would expose the king (rank pin).
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        "8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1",
        // Promotions by push and capture, with a pinned pawn.
        "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
        "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/5p2/3K2N1 b - - 0 1",
        // In check (double and single) and king steps into attacked squares.
        "4k3/8/8/8/8/5n2/8/4K2r w - - 0 1",
        "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1",
        // Castling rights with castling possible.
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
        // Double pushes blocked and free.
        "4k3/8/8/8/8/4n3/3PPP2/4K3 w - - 0 1",
        "4k3/3ppp2/3N4/8/8/8/8/4K3 b - - 0 1",
        // Three queens able to reach one square (file and rank hints both needed).
        "2k5/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1",
    ];
    let sans = every_san();
    for fen in fens {
        let pos = parse_fen(fen).unwrap();
        let legal = sans
            .iter()
            .filter(|san| compare(&pos, san, &|| fen.to_string()))
            .count();
        assert!(legal > 0, "no legal SAN in {fen}");
    }
}

fn shared_pgns() -> Option<Vec<PathBuf>> {
    let Some(root) = common::shared_chess_data() else {
        eprintln!("shared data absent: skipped");
        return None;
    };
    Some(common::pgn_files(&root))
}

/// Every move of every game of the shared chess records: `san_to_move`'s answer is
/// `San::to_move`'s.
#[test]
fn every_move_of_the_shared_records() {
    let Some(files) = shared_pgns() else { return };
    let mut moves = 0usize;
    for f in files {
        let file = std::fs::File::open(&f).unwrap();
        for game in arbiter::chess::read_pgn_games(std::io::BufReader::new(file)) {
            let Ok(game) = game else { continue };
            let mut pos = game.start.clone();
            for written in &game.moves {
                let arbiter::chess::record::WrittenMove::San(san) = written else {
                    break;
                };
                moves += 1;
                compare(&pos, san, &|| format!("{} ({})", fen_of(&pos), f.display()));
                let Ok(m) = san.to_move(&pos) else { break };
                pos.play_unchecked(m);
            }
        }
    }
    assert!(moves > 100_000, "{moves} moves");
}
