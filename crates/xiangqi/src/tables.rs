//! Precomputed move geometry for every point (built once, on first use).

use crate::piece::Color;
use crate::square::Square;
use std::sync::OnceLock;

/// Directions of the four orthogonal rays: up (towards Black), down, right, left.
pub(crate) const DIRS: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

pub(crate) struct Tables {
    /// `rays[sq][d]`: the points from `sq` in direction `DIRS[d]`, nearest first.
    pub rays: Vec<[Vec<Square>; 4]>,
    /// `horse[sq]`: (destination, leg) pairs of a horse standing on `sq`.
    pub horse: Vec<Vec<(Square, Square)>>,
    /// `horse_attackers[sq]`: (horse point, leg) pairs from which a horse attacks `sq`.
    pub horse_attackers: Vec<Vec<(Square, Square)>>,
    /// `elephant[color][sq]`: (destination, eye) pairs on the own half.
    pub elephant: [Vec<Vec<(Square, Square)>>; 2],
    /// `advisor[color][sq]`: destinations inside the palace.
    pub advisor: [Vec<Vec<Square>>; 2],
    /// `general[color][sq]`: destinations inside the palace.
    pub general: [Vec<Vec<Square>>; 2],
    /// `soldier[color][sq]`: destinations (forward; sideways once across the river).
    pub soldier: [Vec<Vec<Square>>; 2],
    /// `soldier_attackers[color][sq]`: points from which a soldier of `color` attacks `sq`.
    pub soldier_attackers: [Vec<Vec<Square>>; 2],
}

/// Whether `sq` lies in `color`'s palace (files d–f; ranks 0–2 for Red, 7–9 for Black).
pub(crate) fn in_palace(color: Color, sq: Square) -> bool {
    let (f, r) = (sq.file(), sq.rank());
    (3..=5).contains(&f)
        && match color {
            Color::Red => r <= 2,
            Color::Black => r >= 7,
        }
}

fn soldier_moves(color: Color, sq: Square) -> Vec<Square> {
    let mut v = Vec::new();
    if let Some(t) = sq.offset(0, color.forward()) {
        v.push(t);
    }
    if !color.own_half(sq.rank()) {
        v.extend(sq.offset(1, 0));
        v.extend(sq.offset(-1, 0));
    }
    v
}

fn build() -> Tables {
    let all: Vec<Square> = Square::all().collect();
    let rays = all
        .iter()
        .map(|&s| {
            DIRS.map(|(df, dr)| {
                let mut v = Vec::new();
                let mut cur = s;
                while let Some(n) = cur.offset(df, dr) {
                    v.push(n);
                    cur = n;
                }
                v
            })
        })
        .collect();
    let horse: Vec<Vec<(Square, Square)>> = all
        .iter()
        .map(|&s| {
            let mut v = Vec::new();
            for (df, dr) in [
                (1, 2),
                (-1, 2),
                (1, -2),
                (-1, -2),
                (2, 1),
                (2, -1),
                (-2, 1),
                (-2, -1),
            ] {
                if let Some(t) = s.offset(df, dr) {
                    let leg = if dr.abs() == 2 {
                        s.offset(0, dr / 2)
                    } else {
                        s.offset(df / 2, 0)
                    };
                    if let Some(leg) = leg {
                        v.push((t, leg));
                    }
                }
            }
            v
        })
        .collect();
    let mut horse_attackers = vec![Vec::new(); 90];
    for &s in &all {
        for &(t, leg) in &horse[s.index()] {
            horse_attackers[t.index()].push((s, leg));
        }
    }
    let per_color = |f: &dyn Fn(Color, Square) -> Vec<Square>| {
        Color::ALL.map(|c| all.iter().map(|&s| f(c, s)).collect::<Vec<_>>())
    };
    let elephant = Color::ALL.map(|c| {
        all.iter()
            .map(|&s| {
                let mut v = Vec::new();
                for (df, dr) in [(2, 2), (2, -2), (-2, 2), (-2, -2)] {
                    if let (Some(t), Some(eye)) = (s.offset(df, dr), s.offset(df / 2, dr / 2)) {
                        if c.own_half(t.rank()) {
                            v.push((t, eye));
                        }
                    }
                }
                v
            })
            .collect()
    });
    let advisor = per_color(&|c, s| {
        [(1, 1), (1, -1), (-1, 1), (-1, -1)]
            .iter()
            .filter_map(|&(df, dr)| s.offset(df, dr))
            .filter(|&t| in_palace(c, t))
            .collect()
    });
    let general = per_color(&|c, s| {
        DIRS.iter()
            .filter_map(|&(df, dr)| s.offset(df, dr))
            .filter(|&t| in_palace(c, t))
            .collect()
    });
    let soldier = per_color(&soldier_moves);
    let mut soldier_attackers = [vec![Vec::new(); 90], vec![Vec::new(); 90]];
    for c in Color::ALL {
        for &s in &all {
            for &t in &soldier[c as usize][s.index()] {
                soldier_attackers[c as usize][t.index()].push(s);
            }
        }
    }
    Tables {
        rays,
        horse,
        horse_attackers,
        elephant,
        advisor,
        general,
        soldier,
        soldier_attackers,
    }
}

/// The shared tables.
#[inline]
pub(crate) fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(build)
}
