//! The counts of the FIDE Laws of Chess (2023) as one rule-set value, each with its clause:
//! what the referee compares a position's occurrences and the half-move clock with.

/// FIDE's counts that allow a draw claim or end the game. [`Fide::LAWS_2023`] (the default) is
/// the Laws in force from 1 January 2023, the rule book `fide`.
///
/// ```
/// use arbiter::chess::rules::Fide;
/// let fide = Fide::default();
/// assert_eq!((fide.threefold, fide.fivefold), (3, 5));
/// assert_eq!((fide.fifty_move_plies(), fide.seventy_five_move_plies()), (100, 150));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Fide {
    /// Occurrences of the same position (9.2.3) that allow the draw claim of the player to
    /// move (FIDE 9.2.1): 3.
    pub threefold: u32,
    /// Occurrences of the same position that end the game in a draw (FIDE 9.6.1): 5.
    pub fivefold: u32,
    /// Moves by each side without a pawn move or a capture that allow the draw claim (FIDE
    /// 9.3): 50.
    pub fifty_moves: u32,
    /// Moves by each side without a pawn move or a capture that end the game in a draw (FIDE
    /// 9.6.2): 75.
    pub seventy_five_moves: u32,
}

impl Fide {
    /// The FIDE Laws of Chess in force from 1 January 2023: 3, 5, 50 and 75.
    pub const LAWS_2023: Fide = Fide {
        threefold: 3,
        fivefold: 5,
        fifty_moves: 50,
        seventy_five_moves: 75,
    };

    /// [`Fide::fifty_moves`] in plies: the half-move clock that allows the claim (100, 9.3).
    pub const fn fifty_move_plies(&self) -> u32 {
        self.fifty_moves * 2
    }

    /// [`Fide::seventy_five_moves`] in plies: the half-move clock that ends the game (150,
    /// 9.6.2).
    pub const fn seventy_five_move_plies(&self) -> u32 {
        self.seventy_five_moves * 2
    }
}

impl Default for Fide {
    /// [`Fide::LAWS_2023`].
    fn default() -> Fide {
        Fide::LAWS_2023
    }
}
