//! Whether a PGN game is xiangqi or chess ([`detect_game`]: its tags, else its first moves).

use super::lex::main_line_moves;
use super::{tag_value, GameKind, RawGame};

/// Bytes of movetext read by [`detect_game`] when no tag decides.
const DETECT_PREFIX: usize = 400;

/// Decide whether a PGN game is xiangqi or chess (docs/cli.md, "Input"):
/// 1. a tag says so: `[Game "Chinese Chess"]` (or `xiangqi`), `[Variant "xiangqi"]`,
///    `[Format "ICCS"|"WXF"|"Chinese"]` → xiangqi; a `Variant` or `Game` tag naming anything
///    else → chess;
/// 2. else a `[FEN]` with 10 ranks → xiangqi (8 ranks → chess);
/// 3. else the main line's first moves (the first 400 bytes): any move only xiangqi can write (Chinese characters,
///    full-width forms, WXF tokens such as `C2=5` or `+C=5`, or coordinates naming rank 0 or 9
///    or file i) → xiangqi;
/// 4. otherwise chess.
pub fn detect_game(raw: &RawGame) -> GameKind {
    if let Some(kind) = kind_from_tags(&raw.tags) {
        return kind;
    }
    // The opening decides (a xiangqi game touches rank 9 or file i, or writes Chinese/WXF, in its
    // first moves): only a prefix of the movetext is read, cut at whitespace.
    let text = raw.movetext();
    let mut cut = text.len().min(DETECT_PREFIX);
    while cut < text.len() && !text.is_char_boundary(cut) {
        cut -= 1;
    }
    let prefix = match text[..cut].rfind(char::is_whitespace) {
        Some(ws) if cut < text.len() => &text[..ws],
        _ => &text[..cut],
    };
    if may_hold_xiangqi_token(prefix) && main_line_moves(prefix).any(looks_xiangqi) {
        return GameKind::Xiangqi;
    }
    // A record too short to leave the squares both boards share (`1. h2e2 *`): a first move in
    // coordinates that no chess game can open with is xiangqi's (from the standard start,
    // that is: a FEN tag sets another).
    if tag_value(&raw.tags, "FEN").is_none() {
        if let Some(first) = main_line_moves(prefix).next() {
            if coordinates(first).is_some_and(|c| !CHESS_FIRST_MOVES.contains(&c)) {
                return GameKind::Xiangqi;
            }
        }
    }
    GameKind::Chess
}

/// The twenty moves that open a chess game, as lowercase coordinates.
const CHESS_FIRST_MOVES: [[u8; 4]; 20] = [
    *b"a2a3", *b"a2a4", *b"b2b3", *b"b2b4", *b"c2c3", *b"c2c4", *b"d2d3", *b"d2d4", *b"e2e3", *b"e2e4",
    *b"f2f3", *b"f2f4", *b"g2g3", *b"g2g4", *b"h2h3", *b"h2h4", *b"b1a3", *b"b1c3", *b"g1f3", *b"g1h3",
];

/// A move token written as four coordinates (`h2e2`, `h2-e2`; files `a`–`i`, ranks `0`–`9`),
/// lowercased; `None` for any other token. No allocation: it runs on every token of every
/// game's opening.
fn coordinates(tok: &str) -> Option<[u8; 4]> {
    let b = tok.as_bytes();
    let c: [u8; 4] = match *b {
        [f1, r1, f2, r2] => [f1, r1, f2, r2],
        [f1, r1, b'-', f2, r2] => [f1, r1, f2, r2],
        _ => return None,
    };
    let c = c.map(|x| x.to_ascii_lowercase());
    let file = |x: u8| (b'a'..=b'i').contains(&x);
    (file(c[0]) && c[1].is_ascii_digit() && file(c[2]) && c[3].is_ascii_digit()).then_some(c)
}

/// The byte pairs of [`may_hold_xiangqi_token`], one bit per kind (a pair is of a kind when
/// both its bytes have the bit): 1 an operator `+-=.` then a digit 1–9 (WXF), 2 `i`/`I` then a
/// digit, 4 a file `a`–`i` (either case) then `0` or `9`.
const PAIR_FIRST: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let u = c as u8;
        t[c] = match u {
            b'+' | b'-' | b'=' | b'.' => 1,
            b'i' | b'I' => 2 | 4,
            b'a'..=b'h' | b'A'..=b'H' => 4,
            _ => 0,
        };
        c += 1;
    }
    t
};

/// The second bytes of the pairs of [`PAIR_FIRST`].
const PAIR_SECOND: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let u = c as u8;
        t[c] = match u {
            b'0' => 2 | 4,
            b'9' => 1 | 2 | 4,
            b'1'..=b'8' => 1 | 2,
            _ => 0,
        };
        c += 1;
    }
    t
};

/// False only when no token of `text` can satisfy [`looks_xiangqi`] (a byte screen, so that
/// the common chess opening is not lexed): the text is ASCII and no piece of it of 4 or 5 bytes
/// that [`looks_xiangqi`] accepts holds the byte pair such a token must hold, an operator
/// (`+-=.`) before a digit 1–9 (the WXF forms) or a square off the chess board (`i` before a
/// digit, a file `a`–`i` before `0` or `9`). Every token is a piece of the text, so a `false`
/// here gives the same answer as lexing.
fn may_hold_xiangqi_token(text: &str) -> bool {
    if !text.is_ascii() {
        return true;
    }
    let b = text.as_bytes();
    let window =
        |from: Option<usize>, len: usize| from.and_then(|a| text.get(a..a + len)).is_some_and(looks_xiangqi);
    for k in 0..b.len().saturating_sub(1) {
        if PAIR_FIRST[usize::from(b[k])] & PAIR_SECOND[usize::from(b[k + 1])] != 0
            && (window(k.checked_sub(2), 4)
                || window(Some(k), 4)
                || window(Some(k), 5)
                || window(k.checked_sub(3), 5))
        {
            return true;
        }
    }
    false
}

/// Rules 1–2 of [`detect_game`]: what the tags alone say, if anything.
pub fn kind_from_tags(tags: &[(String, String)]) -> Option<GameKind> {
    let is_xq = |v: &str| {
        let v = v.trim().to_ascii_lowercase();
        v == "xiangqi" || v == "chinese chess" || v == "chinesechess" || v.contains("象棋")
    };
    if let Some(g) = tag_value(tags, "Game") {
        if is_xq(g) {
            return Some(GameKind::Xiangqi);
        }
    }
    if let Some(v) = tag_value(tags, "Variant") {
        if is_xq(v) {
            return Some(GameKind::Xiangqi);
        }
    }
    if let Some(f) = tag_value(tags, "Format") {
        let f = f.trim().to_ascii_lowercase();
        if matches!(f.as_str(), "iccs" | "wxf" | "chinese") {
            return Some(GameKind::Xiangqi);
        }
    }
    if let Some(fen) = tag_value(tags, "FEN") {
        let board = fen.split_whitespace().next().unwrap_or("");
        match board.split('/').count() {
            10 => return Some(GameKind::Xiangqi),
            8 => return Some(GameKind::Chess),
            _ => {}
        }
    }
    let named_other = |name: &str| tag_value(tags, name).is_some_and(|v| !v.trim().is_empty() && !is_xq(v));
    if named_other("Variant") || named_other("Game") {
        return Some(GameKind::Chess);
    }
    None
}

/// Whether a move token can only be xiangqi: non-ASCII (Chinese or full-width), a WXF token,
/// or ICCS coordinates off a chess board (rank 0 or 9, file i).
pub fn looks_xiangqi(tok: &str) -> bool {
    if !tok.is_ascii() {
        return true;
    }
    let b = tok.as_bytes();
    let piece = |c: u8| b"KABENHRCP".contains(&c);
    let op = |c: u8| b"+-=.".contains(&c);
    let digit = |c: u8| (b'1'..=b'9').contains(&c);
    if b.len() == 4 {
        // WXF `C2=5`, `+C=5`, `C+=5`
        if piece(b[0]) && digit(b[1]) && op(b[2]) && digit(b[3]) {
            return true;
        }
        if (b[0] == b'+' || b[0] == b'-') && piece(b[1]) && op(b[2]) && digit(b[3]) {
            return true;
        }
        if piece(b[0]) && (b[1] == b'+' || b[1] == b'-') && op(b[2]) && digit(b[3]) {
            return true;
        }
    }
    // Four coordinates, written `h2e2` or `h2-e2`, with a point off the chess board.
    coordinates(tok).is_some_and(|c| {
        let off_chess = |f: u8, r: u8| f == b'i' || r == b'0' || r == b'9';
        off_chess(c[0], c[1]) || off_chess(c[2], c[3])
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::games;

    #[test]
    fn detection() {
        let g = |t: &str| games(t).next().map(|g| detect_game(&g));
        assert_eq!(g("[Game \"Chinese Chess\"]\n1. e2e4 *"), Some(GameKind::Xiangqi));
        assert_eq!(g("[Event \"x\"]\n1. e2e4 e7e5 *"), Some(GameKind::Chess));
        assert_eq!(g("[Event \"x\"]\n1. e4 e5 2. Nf3 *"), Some(GameKind::Chess));
        assert_eq!(g("1. h2e2 h9g7 2. h0g2 *"), Some(GameKind::Xiangqi));
        assert_eq!(g("1. C2=5 H8+7 *"), Some(GameKind::Xiangqi));
        assert_eq!(g("1. 炮二平五 马８进７"), Some(GameKind::Xiangqi));
        assert_eq!(
            g("[FEN \"4k4/9/9/9/9/9/9/9/9/4K4 w\"]\n1. e0e1"),
            Some(GameKind::Xiangqi)
        );
        assert_eq!(g("[Variant \"Chess960\"]\n1. e4"), Some(GameKind::Chess));
        // A record too short to leave the shared squares: a first move no chess game opens
        // with is xiangqi's (炮二平五); one that opens chess stays chess.
        assert_eq!(g("1. h2e2 *"), Some(GameKind::Xiangqi));
        assert_eq!(
            g("1. b0c2 ; the rest of the line is a comment h9g7\n*"),
            Some(GameKind::Xiangqi)
        );
        assert_eq!(g("1. e2e4 *"), Some(GameKind::Chess));
        assert_eq!(g("1. g1f3 *"), Some(GameKind::Chess));
        assert_eq!(
            g("[FEN \"4k3/8/8/8/8/8/7P/4K3 w - - 0 1\"]\n1. h2e2 *"),
            Some(GameKind::Chess)
        );
    }

    /// The byte screen never says "no xiangqi token" where lexing finds one: on fixed texts
    /// (chess openings, ICCS, WXF, a comment naming ECO B90 or a xiangqi move) and on 20,000 generated
    /// texts over the bytes the rules look at.
    #[test]
    fn xiangqi_token_screen_agrees_with_lexing() {
        let lexed = |t: &str| main_line_moves(t).any(looks_xiangqi);
        let fixed = [
            ("1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Bg5 e6 7. f4 Be7 8. Qf3 Qc7 9. O-O-O Nbd7 10. g4 b5 11. Bxf6+ gxf6 *", false),
            ("{Sicilian B90} 1. e4 c5 2. Nf3 d6 3. d4 e8=Q 1-0", false),
            // Screened in (a comment can hold the bytes), lexed as chess.
            ("{not h9g7} 1. e4 e5 *", true),
            ("1. h2e2 h9g7 2. h0g2 i9h9 *", true),
            ("1. h2-e2 h9-g7 *", true),
            ("1. C2.5 H8+7 2. H2+3 R9.8 *", true),
            ("1. e2e4 e7e5 *", false),
            ("1. 炮二平五 马8进7 *", true),
        ];
        for (t, screened) in fixed {
            assert_eq!(may_hold_xiangqi_token(t), screened, "{t}");
            assert!(screened || !lexed(t), "{t}");
        }
        assert!(lexed(fixed[3].0) && lexed(fixed[4].0) && lexed(fixed[5].0) && !lexed(fixed[2].0));
        let pieces = [
            "h2e2", "h9", "g7", "-", " ", "C2", ".5", "{", "}", "(", ")", "1.", "e4", "i", "0", "9", "+",
            "=", ".", "Nf3", "1-0", "B90", ";", "\n", "$1", "H", "8", "a", "I", "2",
        ];
        let mut rng = crate::testgen::Xorshift(0x2545_F491_4F6C_DD1Du64);
        let mut hits = 0;
        for _ in 0..20_000 {
            let len = 1 + rng.next() % 12;
            let text: String = (0..len).map(|_| rng.pick(&pieces)).collect();
            if lexed(&text) {
                hits += 1;
                assert!(may_hold_xiangqi_token(&text), "{text:?}");
            }
        }
        assert!(hits > 100, "{hits} generated texts with a xiangqi token");
    }
}
