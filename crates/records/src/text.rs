//! Plain-text Chinese move lists (docs/formats.md, the "text move lists" row): moves such as
//! `炮二平五 马８进７`, one or several a line, with or without move numbers (`1.炮二平五 马8进7`,
//! also run together as `1.兵七进一炮2平32.兵三进一`), an optional FEN line for the start, optional header lines
//! (`标题: …`, `红方: …`, `结果: 黑方胜`), and a result line (`红胜`, `黑胜`, `和棋`, `1-0`, …).
//!
//! Reading, as vschess's text fallback does: `{…}` is a comment on the move before it;
//! `(…)` / `（…）` (variations or remarks) are skipped, kept out of the main line; a move is
//! any four characters of the Chinese move shape (piece or 前/中/后 or a numeral, a file or
//! piece, 进/進/退/平, a number); everything after the result is ignored. Moves are checked
//! by the record replay ([`xiangqi::notation::parse_move`]).

use crate::dhtmlxq::chinese_result;
use crate::pgn::PgnMove;

/// A move list read from text, before replay.
#[derive(Clone, Debug, Default)]
pub struct TextGame {
    /// Header lines as tags (`Title`, `Event`, `Red`, `Black`, `Date`, `Site`, `Round`,
    /// `Opening`, `Author`), then `Result`.
    pub tags: Vec<(String, String)>,
    /// The FEN line, when there is one (`… w` without counters is accepted).
    pub fen: Option<String>,
    /// Comments before the first move.
    pub comment: Option<String>,
    /// The main line as written.
    pub moves: Vec<PgnMove>,
    /// `"1-0"`, `"0-1"`, `"1/2-1/2"` or `"*"`.
    pub result: &'static str,
}

fn is_piece(c: char) -> bool {
    "帥帅將将仕士相象傌馬马俥車车炮砲包兵卒".contains(c)
}
fn is_place(c: char) -> bool {
    "前中後后".contains(c)
}
fn is_numeral(c: char) -> bool {
    "一二三四五六七八九".contains(c)
}
fn is_digit(c: char) -> bool {
    c.is_ascii_digit() && c != '0' || ('１'..='９').contains(&c)
}
fn is_verb(c: char) -> bool {
    "進进退平".contains(c)
}

/// Whether four characters have the shape of a Chinese move.
fn move_shape(w: &[char]) -> bool {
    w.len() >= 4
        && (is_piece(w[0]) || is_place(w[0]) || is_numeral(w[0]))
        && (is_piece(w[1]) || is_numeral(w[1]) || is_digit(w[1]))
        && is_verb(w[2])
        && (is_numeral(w[3]) || is_digit(w[3]))
}

/// Whether a text looks like a Chinese move list rather than PGN: no PGN tag line and at
/// least two moves of the Chinese shape in its first 8 KiB.
pub fn looks_like_move_list(text: &str) -> bool {
    let mut end = text.len().min(8192);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let head = &text[..end];
    if head.lines().any(|l| {
        let l = l.trim_start();
        l.starts_with('[') && l.contains('"')
    }) {
        return false;
    }
    let chars: Vec<char> = head.chars().collect();
    let mut n = 0;
    let mut i = 0;
    while i + 4 <= chars.len() {
        if move_shape(&chars[i..i + 4]) {
            n += 1;
            if n >= 2 {
                return true;
            }
            i += 4;
        } else {
            i += 1;
        }
    }
    false
}

const HEADERS: [(&str, &str); 12] = [
    ("标题", "Title"),
    ("標題", "Title"),
    ("赛事", "Event"),
    ("賽事", "Event"),
    ("红方", "Red"),
    ("紅方", "Red"),
    ("黑方", "Black"),
    ("日期", "Date"),
    ("地点", "Site"),
    ("轮次", "Round"),
    ("开局", "Opening"),
    ("作者", "Author"),
];

fn result_token(s: &str) -> Option<&'static str> {
    let s = s.trim();
    if s.is_empty() {
        return None;
    }
    match chinese_result(s) {
        "*" => None,
        r => Some(r),
    }
}

/// Whether a line is a FEN-like board (`rnbakabnr/9/…`, nine `/`).
fn fen_line(line: &str) -> Option<String> {
    let first = line.split_whitespace().next()?;
    if first.matches('/').count() == 9
        && first
            .chars()
            .all(|c| c == '/' || c.is_ascii_digit() || "rnbakcpRNBAKCPheHE".contains(c))
    {
        Some(line.split_whitespace().take(6).collect::<Vec<_>>().join(" "))
    } else {
        None
    }
}

/// Read a move list.
pub fn parse(text: &str) -> TextGame {
    let mut g = TextGame {
        result: "*",
        ..TextGame::default()
    };
    'lines: for raw in text.lines() {
        let line = raw.trim().trim_start_matches('\u{FEFF}');
        if line.is_empty() || line.contains("http://") || line.contains("https://") {
            continue;
        }
        if g.fen.is_none() && g.moves.is_empty() {
            if let Some(f) = fen_line(line) {
                g.fen = Some(f);
                continue;
            }
        }
        if let Some((key, value)) = line.split_once([':', '：']) {
            let key = key.trim();
            if key == "结果" || key == "結果" {
                if let Some(r) = result_token(value) {
                    g.result = r;
                }
                continue;
            }
            if let Some((_, tag)) = HEADERS.iter().find(|(k, _)| *k == key) {
                let v = value.trim();
                if !v.is_empty() {
                    g.tags.push(((*tag).to_string(), v.to_string()));
                }
                continue;
            }
        }
        if let Some(r) = result_token(line) {
            g.result = r;
            break;
        }
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        let mut paren = 0usize;
        while i < chars.len() {
            let c = chars[i];
            match c {
                '{' => {
                    let end = chars[i..]
                        .iter()
                        .position(|&c| c == '}')
                        .map_or(chars.len(), |e| i + e);
                    let comment: String = chars[i + 1..end].iter().collect();
                    let comment = comment.trim().to_string();
                    if !comment.is_empty() {
                        match g.moves.last_mut() {
                            Some(m) => m.comments.push(comment),
                            None => g.comment = Some(comment),
                        }
                    }
                    i = end + 1;
                    continue;
                }
                '(' | '（' => paren += 1,
                ')' | '）' => paren = paren.saturating_sub(1),
                _ if paren > 0 => {}
                _ if i + 4 <= chars.len() && move_shape(&chars[i..i + 4]) => {
                    g.moves.push(PgnMove {
                        text: chars[i..i + 4].iter().collect(),
                        nags: Vec::new(),
                        comments: Vec::new(),
                        variations: Vec::new(),
                    });
                    i += 4;
                    continue;
                }
                '0' | '1' | '红' | '紅' | '黑' | '和' => {
                    // A result written after the moves on the same line ends the game.
                    let rest: String = chars[i..(i + 7).min(chars.len())].iter().collect();
                    for tok in ["1-0", "0-1", "1/2-1/2", "红胜", "紅勝", "黑胜", "黑勝", "和棋"] {
                        if rest.starts_with(tok) {
                            g.result = result_token(tok).unwrap_or("*");
                            break 'lines;
                        }
                    }
                }
                _ => {}
            }
            i += 1;
        }
    }
    g.tags.push(("Result".to_string(), g.result.to_string()));
    g
}
