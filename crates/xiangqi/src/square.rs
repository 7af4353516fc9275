//! Board points.

use std::fmt;

/// A point of the 9×10 board: `index = rank * 9 + file`, file 0–8 (`a`–`i` from Red's left),
/// rank 0–9 (Red's back rank is 0). Written in ICCS as `e0`, `h2`, `b9`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Square(u8);

impl Square {
    /// Number of points on the board.
    pub const COUNT: usize = 90;

    /// The point at `file` (0–8) and `rank` (0–9); `None` off the board.
    #[inline]
    pub const fn new(file: i32, rank: i32) -> Option<Square> {
        if file >= 0 && file < 9 && rank >= 0 && rank < 10 {
            Some(Square((rank * 9 + file) as u8))
        } else {
            None
        }
    }

    /// The point with this index (0–89); `None` when out of range.
    #[inline]
    pub const fn from_index(i: usize) -> Option<Square> {
        if i < 90 {
            Some(Square(i as u8))
        } else {
            None
        }
    }

    /// Index 0–89.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 0–8 (`a`–`i`).
    #[inline]
    pub const fn file(self) -> i32 {
        (self.0 % 9) as i32
    }

    /// Rank 0–9 from Red's back rank.
    #[inline]
    pub const fn rank(self) -> i32 {
        (self.0 / 9) as i32
    }

    /// The point `df` files and `dr` ranks away, if on the board.
    #[inline]
    pub const fn offset(self, df: i32, dr: i32) -> Option<Square> {
        Square::new(self.file() + df, self.rank() + dr)
    }

    /// The same point seen from the other side (rotated 180°): used to mirror positions.
    #[inline]
    pub const fn flipped(self) -> Square {
        Square(89 - self.0)
    }

    /// The point mirrored left–right (file `a` ↔ `i`).
    #[inline]
    pub const fn mirrored(self) -> Square {
        Square((self.0 / 9) * 9 + (8 - self.0 % 9))
    }

    /// All 90 points in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..90u8).map(Square)
    }

    /// Parse ICCS coordinates such as `e0` or `H2` (case-insensitive).
    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let f = b[0].to_ascii_lowercase();
        if !(b'a'..=b'i').contains(&f) || !b[1].is_ascii_digit() {
            return None;
        }
        Square::new((f - b'a') as i32, (b[1] - b'0') as i32)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file() as u8) as char, self.rank())
    }
}
