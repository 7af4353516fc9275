//! Chess input: FEN (with missing trailing fields), moves in UCI or SAN, PGN games.

use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position, PositionError};

use super::error::ChessError;
use super::explain::{FenReason, Illegal, Why};
use super::time_control::TimeControl;

/// One game as recorded: where it starts, the moves as written, and the tags the referee uses.
/// The moves are not yet checked for legality; [`GameRecord::replay`] does that.
#[derive(Debug, Clone)]
pub struct GameRecord {
    /// Ply 0: the standard start position or the `[FEN]` tag's position.
    pub start: Chess,
    /// The FEN of the start position when one was given (`[FEN]` tag or `--fen`).
    pub start_fen: Option<String>,
    /// The moves, as written (SAN or UCI).
    pub moves: Vec<WrittenMove>,
    /// The `[Result]` tag (or the movetext's termination marker when the tag is missing).
    pub recorded_result: Option<String>,
    /// The `[Termination]` tag, e.g. `"Time forfeit"`.
    pub termination: Option<String>,
    /// A broken tag or unparsable FEN tag found while reading: the game cannot be judged.
    pub error: Option<ChessError>,
    /// The time control the `[TimeControl]` or `[Event]` tag implies, and the tag it was read
    /// from (for the penalty of an incorrect claim).
    pub time_control_tags: Option<(TimeControl, String)>,
}

/// A move as written in the record: parsed SAN from PGN, or a `--moves` token (UCI or SAN).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WrittenMove {
    /// A SAN move read from a PGN movetext.
    San(San),
    /// A token given on the command line.
    Text(String),
}

impl std::fmt::Display for WrittenMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WrittenMove::San(s) => write!(f, "{s}"),
            WrittenMove::Text(t) => f.write_str(t),
        }
    }
}

impl WrittenMove {
    /// The legal move this stands for in `pos`; `ply` is the ply it would produce.
    #[inline]
    pub fn to_move(&self, pos: &Chess, ply: usize) -> Result<Move, ChessError> {
        match self {
            WrittenMove::San(s) => san_to_move(pos, s).map_err(|e| illegal_san(pos, s, ply, &e)),
            WrittenMove::Text(t) => parse_move(pos, t, ply),
        }
    }
}

/// The error of a SAN that [`san_to_move`] refuses in `pos` (rare: out of the move loop).
#[cold]
#[inline(never)]
fn illegal_san(pos: &Chess, san: &San, ply: usize, e: &shakmaty::san::SanError) -> ChessError {
    let mv = san.to_string();
    let reason = uci_hint(pos, &mv)
        .map(Illegal::from)
        .unwrap_or_else(|| san_reason(pos, &mv, e));
    ChessError::IllegalMove { ply, mv, reason }
}

/// The legal move a SAN stands for in `pos`: what [`San::to_move`] gives. The one way the
/// crate resolves SAN: a plain move (nearly every move of a real game) is found with attack
/// tables (`san_fast`), any other by `San::to_move`, which lists and copies every
/// candidate (callgrind, judging a PGN file of 580 master games: 1.10 times the instructions
/// with `San::to_move` alone).
///
/// # Errors
/// `San::to_move`'s error when the SAN is illegal or ambiguous in `pos`.
pub fn san_to_move(pos: &Chess, san: &San) -> Result<Move, shakmaty::san::SanError> {
    match san_fast(pos, san) {
        Some(m) => Ok(m),
        None => san.to_move(pos),
    }
}

/// The first step of [`san_to_move`]: the move [`San::to_move`] returns for a SAN with
/// exactly one legal candidate, found with attack tables instead of a move list: a piece
/// move, a pawn push or capture (promotions included), a king step. `None` when the SAN is of
/// another kind (castling, a pawn move to the en passant square, a piece move in double check)
/// or does not name exactly one legal move: the caller asks `San::to_move`, which gives the
/// same answer or the error.
///
/// The candidates are those of shakmaty's `san_candidates` (pieces of `role` that attack `to`,
/// pawn pushes and captures onto `to`, a king step to an unattacked square; never onto a square
/// of the side to move; in check, as its evasions: the king not along a checking slider's
/// line, another piece only onto a single checker or between it and the king) filtered as
/// `San::to_move` filters them (file, rank, capture flag, promotion), then kept when legal: a
/// piece pinned to its king (the only piece between the king and an enemy slider) moves along
/// the pin line only.
fn san_fast(pos: &Chess, san: &San) -> Option<Move> {
    use shakmaty::{attacks, Bitboard, Rank, Role};
    let San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    } = *san
    else {
        return None;
    };
    let board = pos.board();
    let turn = pos.turn();
    if board.by_color(turn).contains(to) {
        return None;
    }
    let captured = board.role_at(to);
    if capture != captured.is_some() {
        return None;
    }
    let promotion_ok = match (role, promotion) {
        (Role::Pawn, Some(Role::Queen | Role::Rook | Role::Bishop | Role::Knight)) => {
            Bitboard::BACKRANKS.contains(to)
        }
        (Role::Pawn, None) => !Bitboard::BACKRANKS.contains(to),
        (_, None) => true,
        _ => false,
    };
    if !promotion_ok {
        return None;
    }
    let king = board.king_of(turn)?;
    let occupied = board.occupied();
    // In check (shakmaty's evasions): the king steps off the checking lines; any other piece
    // must capture a single checker or block its line.
    let checkers = board.attacks_to(king, !turn, occupied);
    let mut king_barred = Bitboard(0);
    if checkers.any() {
        if role == Role::King {
            for checker in checkers & board.sliders() {
                king_barred |= attacks::ray(checker, king) ^ Bitboard::from_square(checker);
            }
        } else {
            let checker = checkers.single_square()?;
            if !(attacks::between(king, checker) | Bitboard::from_square(checker)).contains(to) {
                return None;
            }
        }
    }
    let ours = board.by_color(turn) & board.by_role(role);
    let from = match role {
        Role::Pawn => {
            if pos.maybe_ep_square() == Some(to) {
                return None;
            }
            if capture {
                attacks::pawn_attacks(!turn, to) & ours
            } else {
                let back = to.offset(turn.fold_wb(-8, 8))?;
                if ours.contains(back) {
                    Bitboard::from_square(back)
                } else if !occupied.contains(back) && to.rank() == turn.fold_wb(Rank::Fourth, Rank::Fifth) {
                    let start = back.offset(turn.fold_wb(-8, 8))?;
                    ours & Bitboard::from_square(start)
                } else {
                    Bitboard(0)
                }
            }
        }
        Role::Knight => attacks::knight_attacks(to) & ours,
        Role::Bishop => attacks::bishop_attacks(to, occupied) & ours,
        Role::Rook => attacks::rook_attacks(to, occupied) & ours,
        Role::Queen => attacks::queen_attacks(to, occupied) & ours,
        Role::King => {
            if attacks::king_attacks(king).contains(to)
                && !king_barred.contains(to)
                && board.attacks_to(to, !turn, occupied).is_empty()
            {
                Bitboard::from_square(king)
            } else {
                Bitboard(0)
            }
        }
    };
    let mut from = from;
    if let Some(f) = file {
        from &= Bitboard::from_file(f);
    }
    if let Some(r) = rank {
        from &= Bitboard::from_rank(r);
    }
    if from.is_empty() {
        return None;
    }
    if role != Role::King {
        // Pieces pinned to the king: the only piece between it and an enemy slider.
        let them = board.by_color(!turn);
        let snipers = ((attacks::rook_attacks(king, Bitboard(0)) & board.rooks_and_queens())
            | (attacks::bishop_attacks(king, Bitboard(0)) & board.bishops_and_queens()))
            & them;
        let mut pinned = Bitboard(0);
        for sniper in snipers {
            let between = attacks::between(king, sniper) & occupied;
            if !between.more_than_one() {
                pinned |= between;
            }
        }
        for sq in from & pinned {
            if !attacks::aligned(sq, to, king) {
                from ^= Bitboard::from_square(sq);
            }
        }
    }
    let from = from.single_square()?;
    Some(Move::Normal {
        role,
        from,
        capture: captured,
        to,
        promotion,
    })
}

/// Parses a chess FEN (8 ranks). Missing trailing fields default to: white to move, no
/// castling, no en passant, clocks 0 and 1. Castling rights that the pieces do not support and
/// an impossible en passant square are dropped rather than refused; more material than a game
/// can produce and an impossible (but not opposite) check are accepted (composed positions).
/// Refused: a wrong number of ranks, missing kings, pawns on the back ranks, the side not to
/// move in check.
pub fn parse_fen(fen: &str) -> Result<Chess, ChessError> {
    let err = |reason: FenReason| ChessError::Fen {
        fen: fen.to_string(),
        reason,
    };
    let trimmed = fen.trim();
    if trimmed.is_empty() {
        return Err(err(FenReason::Empty));
    }
    // The fields are checked one by one (at most six, the clocks whole numbers) before the
    // chess library reads them.
    if let Some(why) = super::explain::fen_syntax(trimmed) {
        return Err(err(why));
    }
    let parsed = Fen::from_ascii(trimmed.as_bytes()).map_err(|e| err(FenReason::Unread(e.to_string())))?;
    parsed
        .into_position::<Chess>(CastlingMode::Standard)
        .or_else(PositionError::ignore_invalid_castling_rights)
        .or_else(PositionError::ignore_invalid_ep_square)
        .or_else(PositionError::ignore_too_much_material)
        .or_else(PositionError::ignore_impossible_check)
        .map_err(|e| err(FenReason::Setup { kinds: e.kinds() }))
}

/// Reads one move (UCI such as `e2e4`, `e7e8q`, or SAN such as `Nf3`, `O-O`, `exd6+`) in `pos`.
/// `ply` is the ply the move would produce, for the error.
pub fn parse_move(pos: &Chess, text: &str, ply: usize) -> Result<Move, ChessError> {
    let illegal = |reason: Illegal| ChessError::IllegalMove {
        ply,
        mv: text.to_string(),
        reason,
    };
    let t = castling_letters(text.trim());
    let t = t.as_ref();
    if let Ok(uci) = UciMove::from_ascii(t.as_bytes()) {
        if let Ok(m) = uci.to_move(pos) {
            return Ok(m);
        }
        // "e1g1"-style castling is handled by `to_move`; anything else may still be SAN
        // (a UCI-looking token such as "b1c3" is never valid SAN), so fall through.
        if San::from_ascii(strip_suffix(t).as_bytes()).is_err() {
            return Err(illegal(super::explain::why_illegal(pos, t)));
        }
    }
    let san = San::from_ascii(strip_suffix(t).as_bytes()).map_err(|_| illegal(Why::NotNotation.into()))?;
    san.to_move(pos).map_err(|e| illegal(san_reason(pos, t, &e)))
}

/// When a PGN move that is not legal SAN is a legal move written in UCI (`g1f3`), says so
/// and gives its SAN.
fn uci_hint(pos: &Chess, text: &str) -> Option<Why> {
    let m = UciMove::from_ascii(text.as_bytes()).ok()?.to_move(pos).ok()?;
    Some(Why::WrittenInUci(San::from_move(pos, m).to_string()))
}

/// A plain-words reason for a SAN that does not fit the position, with the nearest legal
/// moves ("ambiguous: more than one knight can go to d2; did you mean Nbd2 or Nfd2?").
fn san_reason(pos: &Chess, text: &str, _e: &shakmaty::san::SanError) -> Illegal {
    super::explain::why_illegal(pos, text)
}

/// Castling written with zeros (`0-0`, `0-0-0+`, FIDE Laws Appendix C.13 writes `0-0`) as
/// SAN's letters (`O-O`, `O-O-O+`); anything else unchanged. The PGN reader accepts both.
pub fn castling_letters(t: &str) -> std::borrow::Cow<'_, str> {
    let core = t.trim_end_matches(['+', '#', '!', '?']);
    if core == "0-0" || core == "0-0-0" {
        std::borrow::Cow::Owned(t.replace('0', "O"))
    } else {
        std::borrow::Cow::Borrowed(t)
    }
}

fn strip_suffix(t: &str) -> &str {
    t.trim_end_matches(['+', '#', '!', '?'])
}

/// Splits a `--moves` string into move tokens: spaces or commas between moves; move numbers
/// (`1.`, `12...`) and a trailing result (`1-0`, `*`) are skipped.
pub fn parse_moves(moves: &str) -> Vec<String> {
    moves
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .filter_map(|t| {
            // "1.e4" → "e4"; "1." → skip
            let t = match t.find('.') {
                Some(i) if t[..i].chars().all(|c| c.is_ascii_digit()) => t[i..].trim_start_matches('.'),
                _ => t,
            };
            if t.is_empty() || matches!(t, "1-0" | "0-1" | "1/2-1/2" | "*") {
                None
            } else {
                Some(t.to_string())
            }
        })
        .collect()
}

impl GameRecord {
    /// A record from a FEN (None = standard start) and a `--moves` string.
    pub fn from_fen_moves(fen: Option<&str>, moves: &str) -> Result<GameRecord, ChessError> {
        let start = match fen {
            Some(f) => parse_fen(f)?,
            None => Chess::default(),
        };
        Ok(GameRecord {
            start,
            start_fen: fen.map(str::to_string),
            moves: parse_moves(moves).into_iter().map(WrittenMove::Text).collect(),
            recorded_result: None,
            termination: None,
            error: None,
            time_control_tags: None,
        })
    }

    /// Plays the moves from the start position, checking each one's legality. Returns the
    /// legal moves; the first illegal one is an error naming its ply.
    pub fn replay(&self) -> Result<Vec<Move>, ChessError> {
        if let Some(e) = &self.error {
            return Err(e.clone());
        }
        let mut pos = self.start.clone();
        let mut out = Vec::with_capacity(self.moves.len());
        for (i, written) in self.moves.iter().enumerate() {
            let m = written.to_move(&pos, i + 1)?;
            pos.play_unchecked(m);
            out.push(m);
        }
        Ok(out)
    }
}

/// The tags the referee uses, as the record's tag section gives them (names as written, the
/// last of a name wins).
#[derive(Default)]
struct Tags {
    fen: Option<String>,
    result: Option<String>,
    termination: Option<String>,
    time_control: Option<String>,
    event: Option<String>,
}

impl Tags {
    fn of(raw: &records::RawGame) -> Tags {
        let mut tags = Tags::default();
        for (name, value) in &raw.tags {
            let slot = match name.as_str() {
                "FEN" => &mut tags.fen,
                "Result" => &mut tags.result,
                "Termination" => &mut tags.termination,
                "TimeControl" => &mut tags.time_control,
                "Event" => &mut tags.event,
                _ => continue,
            };
            *slot = Some(value.clone());
        }
        tags
    }
}

/// The record of a game from its tags, its main-line moves and its termination marker.
fn finish(tags: Tags, moves: Vec<WrittenMove>, outcome: Option<&str>) -> GameRecord {
    let mut error = None;
    let (start, start_fen) = match tags.fen {
        Some(f) => match parse_fen(&f) {
            Ok(p) => (p, Some(f)),
            Err(e) => {
                error = Some(e);
                (Chess::default(), Some(f))
            }
        },
        None => (Chess::default(), None),
    };
    GameRecord {
        start,
        start_fen,
        moves,
        recorded_result: tags.result.or_else(|| outcome.map(str::to_string)),
        termination: tags.termination,
        error,
        time_control_tags: crate::words::time_control_from_tags(
            tags.time_control.as_deref(),
            tags.event.as_deref(),
        ),
    }
}

/// Reads the PGN text of one game (its first game when it holds more): see [`read_pgn`].
///
/// # Errors
/// [`ChessError::NoGame`] when the text holds no game; [`ChessError::Pgn`] when the record is
/// broken (an unterminated comment, an unclosed variation) or a main-line token is not a chess
/// move (with its ply).
pub fn parse_pgn_game(text: &str) -> Result<GameRecord, ChessError> {
    match records::pgn::games(text).next() {
        Some(raw) => read_pgn(&raw).into_record(),
        None => Err(ChessError::NoGame),
    }
}

/// Reads every game of a PGN stream, in order (split by `records`, each game decoded on its
/// own). A game that cannot be read (broken, over a size cap, a token that is not a move)
/// yields an error item; a failed read of the stream is the last item.
pub fn read_pgn_games<R: std::io::Read>(input: R) -> impl Iterator<Item = Result<GameRecord, ChessError>> {
    records::raw_games(input, records::Limits::default()).map(|(_, game)| match game {
        Ok(raw) => read_pgn(&raw).into_record(),
        Err(e) => Err(ChessError::Pgn(e.to_string())),
    })
}

/// A chess PGN game as split by `records`, read in one pass of `records`' movetext lexer:
/// the record's integrity, the first main-line token that is not a chess move, and the record
/// itself.
#[derive(Debug)]
pub struct PgnRead {
    /// What the movetext says of the record's integrity (as [`records::pgn::integrity`]).
    pub integrity: records::Integrity,
    /// The first main-line token that is not SAN (with its 1-based ply): such a record must not
    /// be judged as if the token were not there.
    pub unreadable: Option<(usize, String)>,
    /// The record, unless the game is broken; with an unreadable token, the record of the
    /// moves before it (an illegal move there is the game's first error).
    pub record: Option<Result<GameRecord, ChessError>>,
}

impl PgnRead {
    /// The record, or why there is none.
    ///
    /// # Errors
    /// [`ChessError::Pgn`] for a broken record or a main-line token that is not a chess move;
    /// before such a token, the first illegal move ([`PgnRead::error_before_unreadable`]).
    pub fn into_record(self) -> Result<GameRecord, ChessError> {
        if let Some(why) = self.integrity.broken {
            return Err(ChessError::Broken(why));
        }
        if let Some(e) = self.error_before_unreadable() {
            return Err(e);
        }
        if let Some((ply, token)) = self.unreadable {
            return Err(ChessError::NotAMove { ply, token });
        }
        self.record.unwrap_or(Err(ChessError::NoGame))
    }

    /// With a main-line token that is not a chess move, the error of an earlier ply (an
    /// illegal move, a bad `[FEN]` tag) when the moves before the token do not replay: the
    /// game's first error is that one (a xiangqi record read as chess fails at ply 1, where
    /// `h2e2` is SAN-shaped but illegal, not at ply 2's `h9g7`). `None` otherwise.
    pub fn error_before_unreadable(&self) -> Option<ChessError> {
        self.unreadable.as_ref()?;
        match &self.record {
            Some(Ok(record)) => record.replay().err(),
            Some(Err(e)) => Some(e.clone()),
            None => None,
        }
    }
}

/// A move token of the lexer read as SAN by shakmaty (a `+`/`#` suffix allowed, castling
/// also with zeros).
fn san_of(token: &str) -> Result<San, shakmaty::san::ParseSanError> {
    if token.starts_with('0') {
        San::from_ascii(castling_letters(token).as_bytes())
    } else {
        San::from_ascii(token.as_bytes())
    }
}

/// Reads one chess game split by `records` (see [`PgnRead`]): the tags as `records` read them
/// (the last of a name wins), the main line as `records`' lexer gives it (variations,
/// comments and glyphs skipped, up to the termination marker), each move parsed as SAN by
/// shakmaty (castling may be written with zeros).
pub fn read_pgn(raw: &records::RawGame) -> PgnRead {
    use records::pgn::Token;
    let mt = raw.movetext();
    let mut tokens = records::pgn::Tokens::new(mt);
    let mut scan = records::pgn::IntegrityScan::default();
    let mut marker = None;
    let mut moves = Vec::with_capacity(mt.len() / 6);
    let mut unreadable = None;
    while let Some(t) = tokens.next() {
        let main_line_ends = scan.token(&t, &tokens);
        match t {
            Token::Result { result, .. } if main_line_ends => {
                marker = Some(result);
                break;
            }
            Token::Move(m) if scan.depth() == 0 && unreadable.is_none() => match san_of(m) {
                Ok(san) => moves.push(WrittenMove::San(san)),
                Err(_) => unreadable = Some((moves.len() + 1, m.to_string())),
            },
            _ => {}
        }
    }
    let integrity = scan.finish(&tokens);
    let record = integrity
        .broken
        .is_none()
        .then(|| Ok(finish(Tags::of(raw), moves, marker)));
    PgnRead {
        integrity,
        unreadable,
        record,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The attack-table step answers for every plain legal move (not castling, not en
    /// passant) of positions with pins, checks and promotions, with `San::to_move`'s move;
    /// `san_to_move` checks the rest against `San::to_move` in tests/chess_san.rs.
    #[test]
    fn attack_tables_answer_plain_moves() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "4k3/8/8/q7/8/2N5/3B4/4K2r w - - 0 1",
            "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1",
            "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
            "2k5/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1",
        ];
        let mut answered = 0;
        for fen in fens {
            let pos = parse_fen(fen).unwrap();
            for m in pos.legal_moves() {
                if m.is_castle() || m.is_en_passant() {
                    continue;
                }
                let san = San::from_move(&pos, m);
                assert_eq!(san_fast(&pos, &san), Some(m), "{san} in {fen}");
                answered += 1;
            }
        }
        assert!(answered > 100, "{answered}");
    }
}
