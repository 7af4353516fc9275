//! CBF: a ChessBridge record as XML (docs/formats.md, the CBF row), read with `quick-xml`.
//!
//! `<ChineseChessRecord>` holds `<Head>` (one element per field; `FEN` gives the start with
//! the side to move, `RecordResult` 0 unknown, 1 red wins, 2 black wins, 3 draw) and
//! `<MoveList>`, a flat list of `<Move value="XY-XY"/>` (X = column 0–8 from Red's left,
//! Y = row 0–9 from the top). The first move `00-00` stands for the start position and its
//! text is the game comment; a move's text (CDATA) is its comment.
//!
//! No sample stores variations and how ChessBridge stores them is unknown: `Move` elements
//! nested inside a `Move` are skipped (kept out of the main line), unknown elements and
//! attributes are ignored.

use crate::tree::{point, result_code, Fault, Malformed, SquareMove, TreeGame};
use quick_xml::events::Event;
use quick_xml::Reader;
use xiangqi::{Color, Position};

/// Whether a text looks like a CBF document.
pub fn is_cbf(text: &str) -> bool {
    let mut end = text.len().min(4096);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].contains("<ChineseChessRecord")
}

/// Header elements read, with the tag each becomes (empty values are dropped).
const HEAD: [(&str, &str); 21] = [
    ("Name", "Title"),
    ("Contest", "Event"),
    ("Round", "Round"),
    ("Group", "Group"),
    ("Table", "Table"),
    ("Date", "Date"),
    ("Site", "Site"),
    ("TimeRule", "TimeControl"),
    ("Red", "Red"),
    ("RedTeam", "RedTeam"),
    ("RedRating", "RedRating"),
    ("Black", "Black"),
    ("BlackTeam", "BlackTeam"),
    ("BlackRating", "BlackRating"),
    ("Referee", "Referee"),
    ("Recorder", "Recorder"),
    ("Commentator", "Annotator"),
    ("Creator", "Author"),
    ("ECCO", "ECCO"),
    ("RecordResult", "RecordResult"),
    ("FEN", "FEN"),
];

/// Parse a CBF document.
///
/// # Errors
/// [`Malformed`] (format `CBF`, offset in the decoded text) for XML that does not parse, a
/// document without `ChineseChessRecord`, a bad `FEN`, or a move value that is not `XY-XY`
/// with points on the board.
pub fn parse(text: &str) -> Result<TreeGame, Malformed> {
    let mut r = Reader::from_str(text);
    let bad =
        |off: u64, fault: Fault| Malformed::new("CBF", usize::try_from(off).unwrap_or(usize::MAX), fault);
    let mut path: Vec<String> = Vec::new();
    let mut fields: Vec<(String, String)> = Vec::new();
    let mut moves: Vec<SquareMove> = Vec::new();
    let mut comment: Option<String> = None;
    let mut seen_root = false;
    let mut first_move = true;
    // Depth of the main-line Move element whose text is being read (None outside).
    let mut text_target: Option<usize> = None;
    loop {
        let off = r.buffer_position();
        let ev = r
            .read_event()
            .map_err(|e| bad(r.error_position(), Fault::Xml(e.to_string())))?;
        let open = match &ev {
            Event::Start(e) => Some((e.clone(), true)),
            Event::Empty(e) => Some((e.clone(), false)),
            _ => None,
        };
        if let Some((e, is_start)) = open {
            {
                let name = String::from_utf8_lossy(e.local_name().as_ref()).into_owned();
                if name == "ChineseChessRecord" {
                    seen_root = true;
                }
                let in_movelist = path.len() == 2 && path[1] == "MoveList";
                if name == "Move" && in_movelist {
                    let mut value = None;
                    for a in e.attributes().flatten() {
                        if a.key.local_name().as_ref() == b"value" {
                            value = Some(String::from_utf8_lossy(&a.value).into_owned());
                        }
                    }
                    let value = value.unwrap_or_default();
                    let d: Vec<u8> = value
                        .bytes()
                        .filter(u8::is_ascii_digit)
                        .map(|b| b - b'0')
                        .collect();
                    if first_move && d.iter().all(|&x| x == 0) {
                        // The start-position node.
                        text_target = Some(usize::MAX);
                    } else {
                        let sq = (d.len() == 4)
                            .then(|| {
                                Some((
                                    point(usize::from(d[0]), usize::from(d[1]))?,
                                    point(usize::from(d[2]), usize::from(d[3]))?,
                                ))
                            })
                            .flatten();
                        let Some((from, to)) = sq else {
                            return Err(bad(off, Fault::MoveValue(value.to_string())));
                        };
                        moves.push(SquareMove::new(from, to));
                        text_target = Some(moves.len() - 1);
                    }
                    first_move = false;
                    if !is_start {
                        text_target = None;
                    }
                }
                if is_start {
                    path.push(name);
                }
            }
            continue;
        }
        match ev {
            Event::End(_) => {
                if path.len() == 3 && path[1] == "MoveList" {
                    text_target = None;
                }
                path.pop();
            }
            Event::Text(t) => {
                let s = t.decode().map(|c| c.into_owned()).unwrap_or_default();
                handle_text(&path, &s, &mut fields, &mut moves, &mut comment, text_target);
            }
            Event::CData(t) => {
                let s = String::from_utf8_lossy(&t).into_owned();
                handle_text(&path, &s, &mut fields, &mut moves, &mut comment, text_target);
            }
            Event::GeneralRef(r) => {
                let s = match r.resolve_char_ref() {
                    Ok(Some(c)) => c.to_string(),
                    _ => r
                        .decode()
                        .ok()
                        .and_then(|n| quick_xml::escape::resolve_predefined_entity(&n))
                        .unwrap_or("")
                        .to_string(),
                };
                handle_text(&path, &s, &mut fields, &mut moves, &mut comment, text_target);
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if !seen_root {
        return Err(bad(0, Fault::NoRecordElement));
    }
    let field = |name: &str| {
        fields
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.trim())
            .filter(|v| !v.is_empty())
    };
    let board = match field("FEN") {
        Some(fen) => Position::from_fen(fen).map_err(|error| {
            bad(
                0,
                Fault::Fen {
                    field: "FEN",
                    fen: fen.to_string(),
                    error,
                },
            )
        })?,
        None => Position::startpos(),
    };
    let side = Some(board.side_to_move())
        .filter(|_| field("FEN").is_some())
        .or(Some(Color::Red));
    let result = result_code(field("RecordResult").and_then(|v| v.parse().ok()).unwrap_or(0));
    let mut tags = Vec::new();
    for (el, tag) in HEAD {
        if let Some(v) = field(el) {
            tags.push((tag.to_string(), v.to_string()));
        }
    }
    tags.push(("Result".to_string(), result.to_string()));
    Ok(TreeGame {
        tags,
        board,
        side,
        comment,
        moves,
        result,
    })
}

fn handle_text(
    path: &[String],
    s: &str,
    fields: &mut Vec<(String, String)>,
    moves: &mut [SquareMove],
    comment: &mut Option<String>,
    target: Option<usize>,
) {
    if path.len() == 3 && path[1] == "Head" {
        match fields.iter_mut().find(|(k, _)| *k == path[2]) {
            Some((_, v)) => v.push_str(s),
            None => fields.push((path[2].clone(), s.to_string())),
        }
    } else if path.len() == 3 && path[1] == "MoveList" {
        let s = s.trim();
        if s.is_empty() {
            return;
        }
        let slot = match target {
            Some(usize::MAX) => comment,
            Some(i) => match moves.get_mut(i) {
                Some(m) => &mut m.comment,
                None => return,
            },
            None => return,
        };
        match slot {
            Some(c) => c.push_str(s),
            None => *slot = Some(s.to_string()),
        }
    }
}
