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
            WrittenMove::San(s) => s.to_move(pos).map_err(|e| {
                let mv = s.to_string();
                let reason = uci_hint(pos, &mv).unwrap_or_else(|| san_reason(pos, &mv, &e));
                ChessError::IllegalMove { ply, mv, reason }
            }),
            WrittenMove::Text(t) => parse_move(pos, t, ply),
        }
    }
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

impl Visitor for Collector {
    type Tags = Tags;
    type Movetext = Movetext;
    type Output = GameRecord;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Tags::default())
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Self::Output> {
        match name {
            b"FEN" => tags.fen = Some(tag_text(&value)),
            b"Result" => tags.result = Some(tag_text(&value)),
            b"Termination" => tags.termination = Some(tag_text(&value)),
            b"TimeControl" => tags.time_control = Some(tag_text(&value)),
            b"Event" => tags.event = Some(tag_text(&value)),
            _ => {}
        }
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
        let Movetext {
            mut tags,
            moves,
            outcome,
        } = movetext;
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
