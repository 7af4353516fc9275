//! The baseline process for `judge --json` speed: read a chess PGN file with
//! pgn-reader and play every move with shakmaty, nothing else (no rules, no output but the
//! count of plies). Compare whole processes, e.g.
//! `hyperfine -N 'target/release/examples/bare_replay FILE' 'target/release/arbiter judge --json FILE'`.

use std::ops::ControlFlow;

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

struct BareReplay;

impl Visitor for BareReplay {
    type Tags = Option<Chess>;
    type Movetext = (Chess, usize);
    type Output = usize;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            *tags = Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|f| f.into_position(CastlingMode::Standard).ok());
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue((tags.unwrap_or_default(), 0))
    }

    fn san(&mut self, movetext: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        match san_plus.san.to_move(&movetext.0) {
            Ok(m) => {
                movetext.0.play_unchecked(m);
                movetext.1 += 1;
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(movetext.1),
        }
    }

    fn end_game(&mut self, movetext: Self::Movetext) -> Self::Output {
        movetext.1
    }
}

fn main() {
    let Some(path) = std::env::args_os().nth(1) else {
        eprintln!("usage: bare_replay FILE.pgn");
        std::process::exit(2);
    };
    let bytes = std::fs::read(&path).unwrap_or_else(|e| {
        eprintln!("{}: {e}", path.to_string_lossy());
        std::process::exit(1);
    });
    let mut reader = Reader::new(&bytes[..]);
    let (mut games, mut plies) = (0usize, 0usize);
    while let Ok(Some(n)) = reader.read_game(&mut BareReplay) {
        games += 1;
        plies += n;
    }
    println!("{games} games, {plies} plies");
}
