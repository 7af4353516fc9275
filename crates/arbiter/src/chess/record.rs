//! Chess input: FEN (with missing trailing fields), moves in UCI or SAN, PGN games.

use std::ops::ControlFlow;

use pgn_reader::{RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position, PositionError};

use super::claims::TimeControl;
use super::error::ChessError;

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
    /// A SAN move read by `pgn-reader`.
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
    pub fn to_move(&self, pos: &Chess, ply: usize) -> Result<Move, ChessError> {
        match self {
            WrittenMove::San(s) => san_to_move(pos, s).map_err(|e| {
                let mv = s.to_string();
                let reason = uci_hint(pos, &mv).unwrap_or_else(|| san_reason(pos, &mv, &e));
                ChessError::IllegalMove { ply, mv, reason }
            }),
            WrittenMove::Text(t) => parse_move(pos, t, ply),
        }
    }
}

/// The legal move a SAN stands for in `pos`: what [`San::to_move`] gives, found with attack
/// tables when the move is a plain one (see [`san_fast`]) and by `San::to_move` otherwise.
///
/// # Errors
/// `San::to_move`'s error when the SAN is illegal or ambiguous in `pos`.
pub fn san_to_move(pos: &Chess, san: &San) -> Result<Move, shakmaty::san::SanError> {
    match san_fast(pos, san) {
        Some(m) => Ok(m),
        None => san.to_move(pos),
    }
}

/// The move [`San::to_move`] returns for a SAN with exactly one legal candidate, found with
/// attack tables instead of a move list: a piece move, a pawn push or capture (promotions
/// included), a king step. `None` when the SAN is of another kind (castling, a pawn move to
/// the en passant square, a piece move in double check) or does not name exactly one legal
/// move: the caller asks `San::to_move`, which gives the same answer or the error.
///
/// The candidates are those of shakmaty's `san_candidates` (pieces of `role` that attack `to`,
/// pawn pushes and captures onto `to`, a king step to an unattacked square; never onto a square
/// of the side to move; in check, as its evasions: the king not along a checking slider's
/// line, another piece only onto a single checker or between it and the king) filtered as
/// `San::to_move` filters them (file, rank, capture flag, promotion), then kept when legal: a
/// piece pinned to its king (the only piece between the king and an enemy slider) moves along
/// the pin line only.
pub fn san_fast(pos: &Chess, san: &San) -> Option<Move> {
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

/// The SAN of a move written with an optional `+` or `#` suffix: what
/// `SanPlus::from_ascii(text).map(|s| s.san)` gives. The common shapes (`e4`, `Nf3`, `exd5`,
/// `Nxf3`, `Nbd2`, `R1e2`) are read here, anything else by shakmaty.
///
/// # Errors
/// shakmaty's `ParseSanError` when the text is not SAN.
pub fn san_from_ascii(text: &[u8]) -> Result<San, shakmaty::san::ParseSanError> {
    match san_common(text) {
        Some(san) => Ok(san),
        None => SanPlus::from_ascii(text).map(|s| s.san),
    }
}

/// [`san_from_ascii`] for the common shapes only (`None` for the others).
fn san_common(text: &[u8]) -> Option<San> {
    use shakmaty::{File, Rank, Role, Square};
    let text = match text {
        [rest @ .., b'+' | b'#'] => rest,
        _ => text,
    };
    let file = |c: u8| (b'a'..=b'h').contains(&c).then(|| File::new(u32::from(c - b'a')));
    let rank = |c: u8| (b'1'..=b'8').contains(&c).then(|| Rank::new(u32::from(c - b'1')));
    let piece = |c: u8| match c {
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        b'K' => Some(Role::King),
        _ => None,
    };
    let square = |f: u8, r: u8| Some(Square::from_coords(file(f)?, rank(r)?));
    let normal = |role, file, rank, capture, to| San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion: None,
    };
    Some(match *text {
        [f, r] => normal(Role::Pawn, None, None, false, square(f, r)?),
        [p, f, r] => normal(piece(p)?, None, None, false, square(f, r)?),
        [p, b'x', f, r] => match piece(p) {
            Some(role) => normal(role, None, None, true, square(f, r)?),
            None => normal(Role::Pawn, Some(file(p)?), None, true, square(f, r)?),
        },
        [p, hint, f, r] => {
            let role = piece(p)?;
            let to = square(f, r)?;
            match (file(hint), rank(hint)) {
                (Some(hint), _) => normal(role, Some(hint), None, false, to),
                (_, Some(hint)) => normal(role, None, Some(hint), false, to),
                _ => return None,
            }
        }
        _ => return None,
    })
}

/// Parses a chess FEN (8 ranks). Missing trailing fields default to: white to move, no
/// castling, no en passant, clocks 0 and 1. Castling rights that the pieces do not support and
/// an impossible en passant square are dropped rather than refused; more material than a game
/// can produce and an impossible (but not opposite) check are accepted (composed positions).
/// Refused: a wrong number of ranks, missing kings, pawns on the back ranks, the side not to
/// move in check.
pub fn parse_fen(fen: &str) -> Result<Chess, ChessError> {
    let err = |reason: String| ChessError::Fen {
        fen: fen.to_string(),
        reason,
    };
    let trimmed = fen.trim();
    if trimmed.is_empty() {
        return Err(err("the FEN is empty".into()));
    }
    if let Some(why) = super::explain::fen_syntax(trimmed) {
        return Err(err(why));
    }
    let fields: Vec<&str> = trimmed.split_whitespace().collect();
    if fields.len() > 6 {
        return Err(err(format!(
            "unexpected text after the six fields: '{}'",
            fields[6].chars().take(40).collect::<String>()
        )));
    }
    for (i, name) in [(4, "half-move clock"), (5, "move number")] {
        if let Some(v) = fields.get(i) {
            if v.parse::<u32>().is_err() {
                return Err(err(format!(
                    "bad {name} '{}' (a number from 0 to {} is needed)",
                    v.chars().take(40).collect::<String>(),
                    u32::MAX
                )));
            }
        }
    }
    let parsed = Fen::from_ascii(trimmed.as_bytes()).map_err(|e| err(e.to_string()))?;
    parsed
        .into_position::<Chess>(CastlingMode::Standard)
        .or_else(PositionError::ignore_invalid_castling_rights)
        .or_else(PositionError::ignore_invalid_ep_square)
        .or_else(PositionError::ignore_too_much_material)
        .or_else(PositionError::ignore_impossible_check)
        .map_err(|e| err(e.to_string()))
}

/// Reads one move (UCI such as `e2e4`, `e7e8q`, or SAN such as `Nf3`, `O-O`, `exd6+`) in `pos`.
/// `ply` is the ply the move would produce, for the error.
pub fn parse_move(pos: &Chess, text: &str, ply: usize) -> Result<Move, ChessError> {
    let illegal = |reason: String| ChessError::IllegalMove {
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
    let san = San::from_ascii(strip_suffix(t).as_bytes())
        .map_err(|_| illegal("neither UCI (e2e4) nor SAN (Nf3, O-O, exd6, e8=Q)".into()))?;
    san.to_move(pos).map_err(|e| illegal(san_reason(pos, t, &e)))
}

/// When a PGN move that is not legal SAN is a legal move written in UCI (`g1f3`), says so
/// and gives its SAN.
fn uci_hint(pos: &Chess, text: &str) -> Option<String> {
    let m = UciMove::from_ascii(text.as_bytes()).ok()?.to_move(pos).ok()?;
    Some(format!(
        "written in UCI; PGN moves are SAN: {}",
        San::from_move(pos, m)
    ))
}

/// A plain-words reason for a SAN that does not fit the position, with the nearest legal
/// moves ("ambiguous: more than one knight can go to d2; did you mean Nbd2 or Nfd2?").
fn san_reason(pos: &Chess, text: &str, _e: &shakmaty::san::SanError) -> String {
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

/// Collects one game from `pgn-reader`.
#[derive(Default)]
struct Collector;

#[derive(Default)]
struct Tags {
    fen: Option<String>,
    result: Option<String>,
    termination: Option<String>,
    time_control: Option<String>,
    event: Option<String>,
    error: Option<ChessError>,
}

struct Movetext {
    tags: Tags,
    moves: Vec<WrittenMove>,
    outcome: Option<String>,
}

fn tag_text(value: &RawTag<'_>) -> String {
    value.decode_utf8_lossy().into_owned()
}

/// Keeps the tags the referee uses (names as written, the last of a name wins).
fn note_tag(tags: &mut Tags, name: &[u8], value: RawTag<'_>) {
    match name {
        b"FEN" => tags.fen = Some(tag_text(&value)),
        b"Result" => tags.result = Some(tag_text(&value)),
        b"Termination" => tags.termination = Some(tag_text(&value)),
        b"TimeControl" => tags.time_control = Some(tag_text(&value)),
        b"Event" => tags.event = Some(tag_text(&value)),
        _ => {}
    }
}

impl Visitor for Collector {
    type Tags = Tags;
    type Movetext = Movetext;
    type Output = GameRecord;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Tags::default())
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Self::Output> {
        note_tag(tags, name, value);
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(Movetext {
            tags,
            moves: Vec::new(),
            outcome: None,
        })
    }

    fn san(&mut self, movetext: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        movetext.moves.push(WrittenMove::San(san_plus.san));
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _movetext: &mut Self::Movetext) -> ControlFlow<Self::Output, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn outcome(
        &mut self,
        movetext: &mut Self::Movetext,
        outcome: pgn_reader::Outcome,
    ) -> ControlFlow<Self::Output> {
        movetext.outcome = Some(outcome.to_string());
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, movetext: Self::Movetext) -> Self::Output {
        let Movetext { tags, moves, outcome } = movetext;
        finish(tags, moves, outcome)
    }
}

/// The record of a game from its tags (as `pgn-reader` gives them), its main-line moves and
/// its termination marker.
fn finish(mut tags: Tags, moves: Vec<WrittenMove>, outcome: Option<String>) -> GameRecord {
    let (start, start_fen) = match tags.fen.take() {
        Some(f) => match parse_fen(&f) {
            Ok(p) => (p, Some(f)),
            Err(e) => {
                tags.error.get_or_insert(e);
                (Chess::default(), Some(f))
            }
        },
        None => (Chess::default(), None),
    };
    GameRecord {
        start,
        start_fen,
        moves,
        recorded_result: tags.result.or(outcome),
        termination: tags.termination,
        error: tags.error,
        time_control_tags: crate::words::time_control_from_tags(
            tags.time_control.as_deref(),
            tags.event.as_deref(),
        ),
    }
}

/// Parses the PGN text of one game (tags and movetext). Variations and comments are skipped.
pub fn parse_pgn_game(text: &str) -> Result<GameRecord, ChessError> {
    let mut reader = Reader::new(text.as_bytes());
    match reader.read_game(&mut Collector) {
        Ok(Some(g)) => Ok(g),
        Ok(None) => Err(ChessError::NoGame),
        Err(e) => Err(ChessError::Pgn(e.to_string())),
    }
}

/// Reads every game of a PGN stream, in order. A broken game yields an error item; reading
/// stops only when the stream itself fails.
pub fn read_pgn_games<R: std::io::Read>(input: R) -> impl Iterator<Item = Result<GameRecord, ChessError>> {
    let mut reader = Reader::new(input);
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        match reader.read_game(&mut Collector) {
            Ok(Some(g)) => Some(Ok(g)),
            Ok(None) => None,
            Err(e) => {
                done = true;
                Some(Err(ChessError::Pgn(e.to_string())))
            }
        }
    })
}

/// A chess PGN game as split by `records`, read in one lexer pass: the record's integrity,
/// the first main-line token that is not a chess move, and the record itself.
#[derive(Debug)]
pub struct PgnRead {
    /// What the movetext says of the record's integrity (as [`records::pgn::integrity`]).
    pub integrity: records::Integrity,
    /// The first main-line token that is not SAN (with its 1-based ply): such a record must not
    /// be judged as if the token were not there.
    pub unreadable: Option<(usize, String)>,
    /// The record, unless the game is broken or has an unreadable token. The same as
    /// [`parse_pgn_game`] of [`records::RawGame::chess_text`] gives.
    pub record: Option<Result<GameRecord, ChessError>>,
}

/// Reads one chess game split by `records` (see [`PgnRead`]).
///
/// One pass of `records`' movetext lexer finds the integrity, checks every main-line token
/// and parses it as SAN. The moves so found are those `pgn-reader` finds (tags are read by the
/// same steps as `pgn-reader`'s) whenever the text is plain: regular tags, a movetext outside
/// comments in ASCII with no `%` escape line, no blank line, no stray `}`, and nothing but
/// blank space after the termination marker. Any other text is handed to `pgn-reader`
/// ([`parse_pgn_game`]) as before, so the answer is the same either way.
pub fn read_pgn(raw: &records::RawGame) -> PgnRead {
    let mt = raw.movetext();
    // Plain text (nearly every real game) is lexed by a lexer for plain text only, which gives
    // the tokens `records::pgn::Tokens` gives there; anything else by `Tokens` itself.
    let plain = plain_movetext(mt.trim_end_matches([' ', '\t', '\n', '\r']).as_bytes());
    let scan = if plain {
        scan_main_line(&mut PlainTokens {
            text: mt,
            pos: 0,
            number: false,
            after_number: false,
        })
    } else {
        scan_main_line(&mut records::pgn::Tokens::new(mt))
    };
    let integrity = if scan.unterminated || scan.depth > 0 {
        // Broken: the exact sentence comes from `records`.
        records::pgn::integrity(mt)
    } else {
        records::Integrity {
            broken: None,
            marker: scan.marker.is_some(),
            after_number: scan.number_last,
        }
    };
    if integrity.broken.is_some() || scan.unreadable.is_some() {
        return PgnRead {
            integrity,
            unreadable: scan.unreadable,
            record: None,
        };
    }
    let fast = plain
        && scan.all_san
        && scan.marker.is_none_or(|(result, rest)| {
            rest.trim().is_empty()
                && (result != "1/2-1/2" || mt[..mt.len() - rest.len()].ends_with("1/2-1/2"))
        });
    let tags = if fast { reader_tags(raw) } else { None };
    let record = match tags {
        Some(tags) => Ok(finish(tags, scan.moves, scan.marker.map(|(r, _)| r.to_string()))),
        None => parse_pgn_game(&raw.chess_text()),
    };
    PgnRead {
        integrity,
        unreadable: None,
        record: Some(record),
    }
}

/// A movetext lexer: `records::pgn::Tokens`, or [`PlainTokens`] on plain text.
trait Lexer<'a> {
    fn token(&mut self) -> Option<records::pgn::Token<'a>>;
    /// The token just returned followed a bare move number (see `Tokens::after_number`).
    fn after_number(&self) -> bool;
    /// A `{` comment ran to the end of the text.
    fn unterminated(&self) -> bool;
}

impl<'a> Lexer<'a> for records::pgn::Tokens<'a> {
    fn token(&mut self) -> Option<records::pgn::Token<'a>> {
        self.next()
    }
    fn after_number(&self) -> bool {
        self.after_number
    }
    fn unterminated(&self) -> bool {
        self.unterminated
    }
}

/// What one pass over a movetext's main line finds.
struct MainLineScan<'a> {
    /// Variations still open at the end.
    depth: usize,
    unterminated: bool,
    /// The main line's termination marker (normalised) and the text after it.
    marker: Option<(&'static str, &'a str)>,
    /// The main line stops after a bare move number.
    number_last: bool,
    /// The main-line moves (complete only when `all_san`).
    moves: Vec<WrittenMove>,
    /// Every main-line token read as SAN with its suffix as `pgn-reader` reads it.
    all_san: bool,
    /// The first main-line token that is not a chess move, with its ply.
    unreadable: Option<(usize, String)>,
}

/// The integrity (as `records::pgn::integrity`), the main-line moves and the first unreadable
/// token (as `records::pgn::main_line_moves` finds them), in one pass.
fn scan_main_line<'a>(tokens: &mut impl Lexer<'a>) -> MainLineScan<'a> {
    use records::pgn::Token;
    let mut scan = MainLineScan {
        depth: 0,
        unterminated: false,
        marker: None,
        number_last: false,
        moves: Vec::with_capacity(128),
        all_san: true,
        unreadable: None,
    };
    let mut ply = 0usize;
    while let Some(t) = tokens.token() {
        match t {
            Token::OpenVariation => scan.depth += 1,
            Token::CloseVariation => scan.depth = scan.depth.saturating_sub(1),
            Token::Result { result, rest } if scan.depth == 0 => {
                scan.number_last = tokens.after_number();
                scan.marker = Some((result, rest));
                break;
            }
            Token::Move(m) if scan.depth == 0 && scan.unreadable.is_none() => {
                ply += 1;
                let parsed = if m.starts_with('0') {
                    san_from_ascii(castling_letters(m).as_bytes())
                } else {
                    san_from_ascii(m.as_bytes())
                };
                match parsed {
                    Ok(san) if scan.all_san => scan.moves.push(WrittenMove::San(san)),
                    Ok(_) => {}
                    Err(_) => {
                        let t = m.trim_end_matches(['+', '#', '!', '?']);
                        let readable = matches!(t, "--" | "Z0" | "0-0" | "0-0-0")
                            || San::from_ascii(t.as_bytes()).is_ok();
                        if readable {
                            scan.all_san = false;
                        } else {
                            scan.unreadable = Some((ply, m.to_string()));
                        }
                    }
                }
            }
            _ => {}
        }
        scan.number_last = tokens.after_number();
    }
    if scan.marker.is_none() {
        scan.number_last = tokens.after_number();
    }
    scan.unterminated = tokens.unterminated();
    scan
}

/// `records::pgn::Tokens` for a movetext that [`plain_movetext`] accepts (ASCII outside
/// comments, every `{` closed, no `%`, no stray `}`): the same tokens (comment texts and glyph
/// numbers left out: the referee reads neither) and the same `after_number`, with byte-table
/// steps instead of character decoding.
struct PlainTokens<'a> {
    text: &'a str,
    pos: usize,
    number: bool,
    after_number: bool,
}

impl<'a> Lexer<'a> for PlainTokens<'a> {
    #[inline]
    fn token(&mut self) -> Option<records::pgn::Token<'a>> {
        use records::pgn::Token;
        let t = self.plain_token();
        self.after_number = std::mem::take(&mut self.number) && !matches!(t, Some(Token::Move(_)));
        if matches!(t, Some(Token::Comment(_) | Token::Nag(_))) {
            self.number = self.after_number;
        }
        t
    }
    fn after_number(&self) -> bool {
        self.after_number
    }
    fn unterminated(&self) -> bool {
        false
    }
}

impl<'a> PlainTokens<'a> {
    #[inline]
    fn plain_token(&mut self) -> Option<records::pgn::Token<'a>> {
        use records::pgn::Token;
        let bytes = self.text.as_bytes();
        loop {
            let mut i = self.pos;
            while bytes.get(i).is_some_and(|&b| matches!(b, b'\t'..=b'\r' | b' ')) {
                i += 1;
            }
            let &b = bytes.get(i)?;
            // The common words first, with the general steps' results: a move (a word starting
            // with a letter, `!`/`?` suffixes dropped) and a bare move number (digits and dots
            // up to the word's end: never a result, which holds `-` or `/`).
            if b.is_ascii_alphabetic() {
                let len = word_len(&bytes[i..]);
                self.pos = i + len;
                let mut end = i + len;
                while matches!(bytes[end - 1], b'!' | b'?') {
                    end -= 1;
                }
                // Words end at ASCII bytes and start with a letter: character boundaries, and
                // never empty.
                return Some(Token::Move(&self.text[i..end]));
            }
            if b.is_ascii_digit() {
                let mut j = i + 1;
                while bytes.get(j).is_some_and(u8::is_ascii_digit) {
                    j += 1;
                }
                while bytes.get(j) == Some(&b'.') {
                    j += 1;
                }
                if bytes
                    .get(j)
                    .is_none_or(|&c| records::pgn::WORD_END[usize::from(c)])
                {
                    self.pos = j;
                    self.number = true;
                    continue;
                }
            }
            match b {
                b'{' => {
                    self.pos = match memchr::memchr(b'}', &bytes[i + 1..]) {
                        Some(end) => i + end + 2,
                        None => bytes.len(),
                    };
                    return Some(Token::Comment(""));
                }
                b';' => {
                    self.pos = match memchr::memchr2(b'\n', b'\r', &bytes[i + 1..]) {
                        Some(end) => i + end + 2,
                        None => bytes.len(),
                    };
                    return Some(Token::Comment(""));
                }
                b'(' => {
                    self.pos = i + 1;
                    return Some(Token::OpenVariation);
                }
                b')' => {
                    self.pos = i + 1;
                    return Some(Token::CloseVariation);
                }
                b'}' => self.pos = i + 1,
                b'$' => {
                    let digits = bytes[i + 1..].iter().take_while(|d| d.is_ascii_digit()).count();
                    self.pos = i + 1 + digits;
                    return Some(Token::Nag(0));
                }
                _ => {
                    let len = word_len(&bytes[i..]);
                    self.pos = i + len;
                    // Words end at ASCII bytes: character boundaries.
                    let word = &self.text[i..i + len];
                    // A result starts with `0`, `1` or `*`; a move number with a digit.
                    let (stripped, word) = if b.is_ascii_digit() || b == b'*' {
                        if let Some(result) = records::pgn::normalize_result(word) {
                            return Some(Token::Result {
                                result,
                                rest: &self.text[i + len..],
                            });
                        }
                        let stripped = strip_ascii_move_number(word);
                        (stripped.is_some(), stripped.unwrap_or(word))
                    } else {
                        (false, word)
                    };
                    let word = match word.as_bytes().last() {
                        Some(b'!' | b'?') => word.trim_end_matches(['!', '?']),
                        _ => word,
                    };
                    if !word.is_empty() {
                        return Some(Token::Move(word));
                    }
                    if stripped {
                        self.number = true;
                    }
                }
            }
        }
    }
}

/// The length of the word at the start of `bytes` (up to `records`' word end or the end).
fn word_len(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .position(|&c| records::pgn::WORD_END[usize::from(c)])
        .unwrap_or(bytes.len())
}

/// `records`' move-number rule for an ASCII word: digits alone, or digits and dots followed by
/// what is left (`12.` → `""`, `12...e5` → `"e5"`); `None` when the word is no move number.
fn strip_ascii_move_number(word: &str) -> Option<&str> {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let rest = &word.as_bytes()[digits..];
    let dots = rest.iter().take_while(|&&c| c == b'.').count();
    if rest.is_empty() {
        Some("")
    } else if dots == 0 {
        None
    } else {
        // After ASCII digits and dots: a character boundary.
        Some(&word[digits + dots..])
    }
}

/// Whether `pgn-reader` reads a movetext as `records`' lexer does (see [`read_pgn`]): outside
/// `{}` and `;` comments only ASCII, no `%`, no vertical tab or form feed, no stray `}`, no
/// glyph `$n` glued to a word, no line break followed by `[`, `%` or a blank line (where
/// `pgn-reader` ends a game).
fn plain_movetext(b: &[u8]) -> bool {
    let token_end = |c: u8| {
        matches!(
            c,
            b' ' | b'\t'
                | b'\n'
                | b'\r'
                | b'{'
                | b'}'
                | b'('
                | b')'
                | b'!'
                | b'?'
                | b'$'
                | b';'
                | b'.'
                | b'*'
        )
    };
    let mut i = 0;
    loop {
        // Most bytes need no look: skip to the next one that does.
        match b[i..].iter().position(|&c| PLAIN_STOP[usize::from(c)]) {
            Some(n) => i += n,
            None => return true,
        }
        match b[i] {
            b'{' => match memchr::memchr(b'}', &b[i + 1..]) {
                Some(end) => i += end + 2,
                None => return false,
            },
            b';' => match memchr::memchr(b'\n', &b[i..]) {
                Some(end) => i += end,
                None => return true,
            },
            b'\n' => {
                match b.get(i + 1) {
                    Some(b'[' | b'\n' | b'%') => return false,
                    Some(b'\r') if b.get(i + 2) == Some(&b'\n') => return false,
                    _ => {}
                }
                i += 1;
            }
            b'$' => {
                let digits = b[i + 1..].iter().take_while(|d| d.is_ascii_digit()).count();
                i += 1 + digits;
                if b.get(i).is_some_and(|&n| !token_end(n)) {
                    return false;
                }
            }
            _ => return false,
        }
    }
}

/// The bytes [`plain_movetext`] looks at: `{ ; \n $` and those that make a movetext not
/// plain (`} %`, vertical tab, form feed, non-ASCII).
const PLAIN_STOP: [bool; 256] = {
    let mut t = records::pgn::byte_set(b"{;\n$}%\x0b\x0c");
    let mut c = 0x80;
    while c < 256 {
        t[c] = true;
        c += 1;
    }
    t
};

/// The tags of a regular game read by the steps of `pgn-reader`'s tag reader (names as
/// written, escapes `\\` and `\"` only, the last of a name wins), or `None` when the text is
/// not one it is sure to read alike: an unterminated tag, a long tag section, or a movetext
/// starting elsewhere than `records` says.
fn reader_tags(raw: &records::RawGame) -> Option<Tags> {
    let text = match raw.chess_text() {
        std::borrow::Cow::Borrowed(t) => t.as_bytes(),
        std::borrow::Cow::Owned(_) => return None,
    };
    let movetext_start = text.len() - raw.movetext().len();
    if movetext_start > 4096 {
        return None;
    }
    let skip_whitespace = |mut at: usize, mut new_line: bool| -> usize {
        while let Some(&c) = text.get(at) {
            match c {
                b' ' | b'\t' | b'\r' => at += 1,
                b'\n' => {
                    new_line = true;
                    at += 1;
                }
                b'%' if new_line => match text[at..].iter().position(|&x| x == b'\n') {
                    Some(end) => at += end + 1,
                    None => at = text.len(),
                },
                _ => break,
            }
        }
        at
    };
    let skip_ket = |mut at: usize| -> usize {
        while let Some(&c) = text.get(at) {
            match c {
                b' ' | b'\t' | b'\r' => at += 1,
                b']' => return skip_whitespace(at + 1, false),
                b'\n' => return skip_whitespace(at + 1, true),
                _ => break,
            }
        }
        at
    };
    let mut at = if text.starts_with(b"\xef\xbb\xbf") { 3 } else { 0 };
    at = skip_whitespace(at, true);
    if at >= text.len() {
        return None; // `pgn-reader` finds no game here
    }
    let mut tags = Tags::default();
    while text.get(at) == Some(&b'[') {
        at += 1;
        let data = &text[at..];
        let left_quote = match data.iter().position(|&x| matches!(x, b'"' | b'\n' | b']')) {
            Some(q) if data[q] == b'"' => q,
            Some(eol) => {
                at = skip_ket(at + eol + 1);
                continue;
            }
            None => return None,
        };
        let name_end = if left_quote > 0 && data[left_quote - 1] == b' ' {
            left_quote - 1
        } else {
            left_quote
        };
        let value_start = left_quote + 1;
        let mut right_quote = value_start;
        let consumed = loop {
            match data[right_quote..]
                .iter()
                .position(|&x| matches!(x, b'\\' | b'"' | b'\n'))
            {
                Some(d) if data[right_quote + d] == b'"' => {
                    right_quote += d;
                    break right_quote + 1;
                }
                Some(d) if data[right_quote + d] == b'\n' => {
                    right_quote += d;
                    break right_quote;
                }
                Some(d) => right_quote = (right_quote + d + 2).min(data.len()),
                None => return None,
            }
        };
        note_tag(
            &mut tags,
            &data[..name_end],
            RawTag(&data[value_start..right_quote]),
        );
        at = skip_ket(at + consumed);
    }
    // Both readers must start the movetext at the same token.
    let (lo, hi) = (at.min(movetext_start), at.max(movetext_start));
    text[lo..hi]
        .iter()
        .all(|c| matches!(c, b' ' | b'\t' | b'\r' | b'\n'))
        .then_some(tags)
}
