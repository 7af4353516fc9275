//! DhtmlXQ / "UBB" blocks (the dpxq.com web player's markup), found inside any text or HTML
//! page (docs/formats.md, the DhtmlXQ rows).
//!
//! A game is a run of `[DhtmlXQ_name]value[/DhtmlXQ_name]` tags, usually inside a wrapper
//! (`[DhtmlXQ]`, `[DhtmlXQiFrame]`, `[DhtmlXQHTML]`, …); every wrapper of a page is one game,
//! and a page with tags but no wrapper is one game. Points are two digits `x y`: column 0–8
//! from Red's left, row 0–9 from the top (Black's side).
//!
//! * `binit` (or `fen`, which wins): the start position; 32 two-digit points in the order red
//!   R N B A K A B N R C C P P P P P, then black; `99` = not on the board. Absent: the standard
//!   start. The side to move is the colour of the first move's piece (Red without moves).
//! * `movelist`: the main line, 4 digits a ply.
//! * `move_B_S_N`: branch N, whose first move replaces ply S (1-based, counted through branch
//!   B) of branch B (0 = main line). Branches are kept as variations, never in the main line.
//! * `commentK` / `commentN_K`: the comment after ply K of the main line / of branch N.
//! * Headers: `title event round group table date place red redteam black blackteam result
//!   open remark author` become tags `Title Event Round Group Table Date Site Red RedTeam Black
//!   BlackTeam Result Opening Remark Author`; `result` is Chinese (红胜 → `1-0`, 黑胜 → `0-1`,
//!   和棋 → `1/2-1/2`, 未知 → `*`, …). Other tags are ignored.
//!
//! Offsets in errors are byte offsets in the decoded text.

use crate::tree::{point, Fault, Malformed, SquareMove, TreeGame, MAX_VARIATION_DEPTH};
use crate::xqf::SLOT_KINDS;
use std::collections::HashMap;
use xiangqi::{Color, Piece, Position};

const OPEN: &str = "[DhtmlXQ";

/// Whether a text holds a DhtmlXQ tag.
pub fn is_dhtmlxq(text: &str) -> bool {
    text.contains("[DhtmlXQ_")
}

/// The next game block at or after byte `from`: `(start, end)` of its text, or `None`.
/// A wrapper `[DhtmlXQ…]` (not `[DhtmlXQ_…]`) runs to its closing tag (or the next wrapper,
/// or the end of the text); a page without wrappers is one block.
pub fn next_block(text: &str, from: usize) -> Option<(usize, usize)> {
    let mut at = from;
    while let Some(i) = text.get(at..)?.find(OPEN) {
        let start = at + i;
        let rest = &text[start + OPEN.len()..];
        let close = rest.find(']')?;
        let name = &rest[..close];
        if !name.starts_with('_') && name.len() <= 16 && name.bytes().all(|b| b.is_ascii_alphanumeric()) {
            let body = start + OPEN.len() + close + 1;
            let end_tag = format!("[/DhtmlXQ{name}]");
            // The block ends at its closing tag, looked for only before the next wrapper (so
            // unclosed wrappers cost linear time), else at that wrapper or the end.
            let limit = next_wrapper(text, body).unwrap_or(text.len());
            let end = match text[body..limit].find(&end_tag) {
                Some(e) => body + e + end_tag.len(),
                None => limit,
            };
            return Some((start, end));
        }
        if from == 0 && at == 0 && !has_wrapper(text) {
            // Tags without any wrapper: the whole text is one game.
            return Some((start, text.len()));
        }
        at = start + OPEN.len();
    }
    None
}

fn has_wrapper(text: &str) -> bool {
    next_wrapper(text, 0).is_some()
}

fn next_wrapper(text: &str, from: usize) -> Option<usize> {
    let mut at = from;
    while let Some(i) = text.get(at..)?.find(OPEN) {
        let start = at + i;
        let rest = &text[start + OPEN.len()..];
        if let Some(close) = rest.find(']') {
            let name = &rest[..close];
            if !name.starts_with('_') && name.len() <= 16 && name.bytes().all(|b| b.is_ascii_alphanumeric()) {
                return Some(start);
            }
        }
        at = start + OPEN.len();
    }
    None
}

/// The tags of a block, in order: `(name, value, byte offset of the value)`.
pub fn tags(block: &str, base: usize) -> Vec<(String, String, usize)> {
    let mut out = Vec::new();
    let mut at = 0;
    const TAG: &str = "[DhtmlXQ_";
    while let Some(i) = block[at..].find(TAG) {
        let start = at + i + TAG.len();
        let Some(close) = block[start..].find(']') else {
            break;
        };
        let name = &block[start..start + close];
        let vstart = start + close + 1;
        if name.is_empty() || name.len() > 40 || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        {
            at = start;
            continue;
        }
        let end_tag = format!("[/DhtmlXQ_{name}]");
        // A value never holds another tag: look for the closing tag only before the next
        // opening one (linear time on unclosed tags).
        let limit = block[vstart..].find(TAG).map_or(block.len(), |o| vstart + o);
        match block[vstart..limit].find(&end_tag) {
            Some(e) => {
                out.push((
                    name.to_string(),
                    block[vstart..vstart + e].to_string(),
                    base + vstart,
                ));
                at = vstart + e + end_tag.len();
            }
            None => at = vstart,
        }
    }
    out
}

/// A Chinese (or PGN) result to `1-0`, `0-1`, `1/2-1/2` or `*` (vschess's table).
pub fn chinese_result(s: &str) -> &'static str {
    let s = s.trim();
    match s {
        "1-0" => return "1-0",
        "0-1" => return "0-1",
        "1/2-1/2" | "½-½" => return "1/2-1/2",
        _ => {}
    }
    let red_win = [
        "红胜",
        "紅勝",
        "红先胜",
        "紅先勝",
        "黑负",
        "黑負",
        "红方胜",
        "紅方勝",
        "黑方负",
        "黑方負",
    ];
    let black_win = [
        "黑胜",
        "黑勝",
        "红负",
        "紅負",
        "红先负",
        "紅先負",
        "黑方胜",
        "黑方勝",
        "红方负",
        "紅方負",
    ];
    let draw = [
        "和棋",
        "和局",
        "红和",
        "紅和",
        "红先和",
        "紅先和",
        "和",
        "双方和",
        "雙方和",
    ];
    if red_win.contains(&s) {
        "1-0"
    } else if black_win.contains(&s) {
        "0-1"
    } else if draw.contains(&s) {
        "1/2-1/2"
    } else {
        "*"
    }
}

fn digits(s: &str) -> Vec<(u8, usize)> {
    s.char_indices()
        .filter(|(_, c)| c.is_ascii_digit())
        .map(|(i, c)| (c as u8 - b'0', i))
        .collect()
}

/// Parse a move string (4 digits a ply) into moves; `Err((offset, what))` at a bad point.
fn moves(value: &str, base: usize) -> Result<Vec<SquareMove>, (usize, Fault)> {
    let d = digits(value);
    let mut out = Vec::with_capacity(d.len() / 4);
    for q in d.chunks(4) {
        if q.len() < 4 {
            return Err((base + q[0].1, Fault::MoveCut));
        }
        let (Some(from), Some(to)) = (
            point(usize::from(q[0].0), usize::from(q[1].0)),
            point(usize::from(q[2].0), usize::from(q[3].0)),
        ) else {
            return Err((
                base + q[0].1,
                Fault::MoveOffBoard(format!("{}{}{}{}", q[0].0, q[1].0, q[2].0, q[3].0)),
            ));
        };
        out.push(SquareMove::new(from, to));
    }
    Ok(out)
}

fn unescape_comment(s: &str) -> String {
    s.replace("||", "\n")
}

/// Decode one block (see [`next_block`]); `base` is its offset in the text.
///
/// # Errors
/// [`Malformed`] (format `DhtmlXQ`) for a `binit` that is not 64 digits or puts two pieces on
/// one point, a bad `fen`, or a main-line move off the board. Bad variation tags are dropped.
pub fn parse(block: &str, base: usize) -> Result<TreeGame, Malformed> {
    let bad = |off: usize, fault: Fault| Malformed::new("DhtmlXQ", off, fault);
    let all = tags(block, base);
    let get = |name: &str| all.iter().find(|(n, _, _)| n == name);

    // Start position.
    let board = if let Some((_, fen, off)) = get("fen").filter(|(_, v, _)| !v.trim().is_empty()) {
        Position::from_fen(fen.trim()).map_err(|error| {
            bad(
                *off,
                Fault::Fen {
                    field: "fen",
                    fen: fen.trim().to_string(),
                    error,
                },
            )
        })?
    } else if let Some((_, binit, off)) = get("binit") {
        let d = digits(binit);
        if d.len() != 64 {
            return Err(bad(*off, Fault::BinitLength(d.len())));
        }
        let mut b = Position::empty();
        for i in 0..32 {
            let (x, y) = (d[2 * i].0, d[2 * i + 1].0);
            if x == 9 && y == 9 {
                continue;
            }
            let Some(sq) = point(usize::from(x), usize::from(y)) else {
                return Err(bad(off + d[2 * i].1, Fault::BinitOffBoard(x, y)));
            };
            if b.piece_at(sq).is_some() {
                return Err(bad(off + d[2 * i].1, Fault::BinitTwice(sq)));
            }
            let color = if i < 16 { Color::Red } else { Color::Black };
            b.set_piece(sq, Some(Piece::new(color, SLOT_KINDS[i % 16])));
        }
        b
    } else {
        Position::startpos()
    };

    let main = match get("movelist") {
        Some((_, v, off)) => moves(v, *off).map_err(|(o, w)| bad(o, w))?,
        None => Vec::new(),
    };

    // Branches: id -> (parent, start ply, moves).
    let mut branches: HashMap<usize, (usize, usize, Vec<SquareMove>)> = HashMap::new();
    branches.insert(0, (0, 1, main));
    let mut children: HashMap<usize, Vec<usize>> = HashMap::new();
    let mut comments: Vec<(usize, usize, String)> = Vec::new(); // (branch, ply, text)
    let mut game_comment = None;
    for (name, value, off) in &all {
        if let Some(rest) = name.strip_prefix("move_") {
            let parts: Vec<usize> = rest.split('_').filter_map(|p| p.parse().ok()).collect();
            let [b, s, n] = parts[..] else { continue };
            if n == 0 || s == 0 || branches.contains_key(&n) {
                continue;
            }
            if let Ok(mv) = moves(value, *off) {
                branches.insert(n, (b, s, mv));
                children.entry(b).or_default().push(n);
            }
        } else if let Some(rest) = name.strip_prefix("comment") {
            let parts: Vec<usize> = rest.split('_').filter_map(|p| p.parse().ok()).collect();
            let text = unescape_comment(value);
            match parts[..] {
                [0] if rest == "0" => game_comment = Some(text),
                [k] => comments.push((0, k, text)),
                [n, k] => comments.push((n, k, text)),
                _ => {}
            }
        }
    }
    for (branch, ply, text) in comments {
        if let Some((_, start, mv)) = branches.get_mut(&branch) {
            if let Some(m) = ply.checked_sub(*start).and_then(|i| mv.get_mut(i)) {
                m.comment = Some(text);
            }
        }
    }
    for c in children.values_mut() {
        c.sort_unstable();
    }
    let main = build(0, &mut branches, &children, 0);

    let mut tags_out = Vec::new();
    for (key, tag) in [
        ("title", "Title"),
        ("event", "Event"),
        ("round", "Round"),
        ("group", "Group"),
        ("table", "Table"),
        ("date", "Date"),
        ("place", "Site"),
        ("red", "Red"),
        ("redteam", "RedTeam"),
        ("black", "Black"),
        ("blackteam", "BlackTeam"),
        ("open", "Opening"),
        ("remark", "Remark"),
        ("author", "Author"),
    ] {
        if let Some((_, v, _)) = get(key) {
            let v = v.trim();
            if !v.is_empty() {
                tags_out.push((tag.to_string(), v.to_string()));
            }
        }
    }
    let result = get("result").map_or("*", |(_, v, _)| chinese_result(v));
    tags_out.push(("Result".to_string(), result.to_string()));
    Ok(TreeGame {
        tags: tags_out,
        board,
        side: None,
        comment: game_comment,
        moves: main,
        result,
    })
}

/// Branch `id`'s moves with its child branches attached as variations (depth-limited).
fn build(
    id: usize,
    branches: &mut HashMap<usize, (usize, usize, Vec<SquareMove>)>,
    children: &HashMap<usize, Vec<usize>>,
    depth: usize,
) -> Vec<SquareMove> {
    let Some((_, start, mut line)) = branches.remove(&id) else {
        return Vec::new();
    };
    if depth < MAX_VARIATION_DEPTH {
        for &c in children.get(&id).map_or(&[][..], |v| &v[..]) {
            let Some(&(_, s, _)) = branches.get(&c) else {
                continue;
            };
            let var = build(c, branches, children, depth + 1);
            if let Some(m) = s.checked_sub(start).and_then(|i| line.get_mut(i)) {
                if !var.is_empty() {
                    m.variations.push(var);
                }
            }
        }
    }
    line
}
