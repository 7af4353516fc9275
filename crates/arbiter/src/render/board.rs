//! The text board diagram of a xiangqi position (the start of a repetition cycle), in Chinese
//! characters or FEN letters.

use xiangqi::notation::ChineseScript;
use xiangqi::{Piece, Position, Square};

/// Chinese character of a piece (traditional; Red 帥仕相傌俥炮兵, Black 將士象馬車砲卒).
pub fn piece_char(p: Piece) -> char {
    xiangqi::notation::piece_char(p.kind, p.color, ChineseScript::Traditional)
}

/// A text diagram of the board, Black at the top, ICCS files and ranks on the margins. With
/// `letters`, FEN letters (Red uppercase) instead of Chinese characters. The characters are
/// the traditional ones whatever the record's script: the diagram has no colours, and only the
/// traditional set names Red's and Black's chariot, horse and cannon differently (俥車 傌馬 炮砲).
pub fn board_diagram(pos: &Position, letters: bool) -> String {
    let mut s = String::new();
    for rank in (0..10).rev() {
        s.push_str(&format!("{rank} "));
        for file in 0..9 {
            let sq = Square::new(file, rank).expect("on board");
            let cell = match pos.piece_at(sq) {
                Some(p) if letters => format!(" {}", p.fen_char()),
                Some(p) => piece_char(p).to_string(),
                None => " .".to_string(),
            };
            s.push_str(&cell);
        }
        s.push('\n');
        if rank == 5 {
            s.push_str("  ~~~~~~ river ~~~~~~\n");
        }
    }
    s.push_str("   a b c d e f g h i\n");
    s
}
