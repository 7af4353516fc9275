//! The clause that names each side's offence, and the verdict table over the two sides.

use super::*;

/// The clause that best names a side's offence (AXF numbering; TW113 cites its table).
///
/// A perpetual check is detailed rule 1, with one piece or several in turn.
/// For a perpetual chase, only the chases of the target (`target_id`) and its chasers by
/// identity (`chasers`: the one that chases it on every move when there is one, `lone`, with
/// only its chases; else all) count: one piece chasing one piece is AXF general rule 3 (or the
/// detailed rule of that pair of kinds), two or more chasing it in turn detailed rule 28.
/// An allowed side cites what allows it: one check and one chase (general rule 2 / detailed
/// rule 7), a check and idle moves (detailed rule 8), chases of different pieces (general rule
/// 4 / detailed rule 27), mate threats (detailed rule 4), an exempted threat on the same piece
/// on every move (the exemption's clause); else (idle moves, mate threats, which AXF counts as
/// idle, and chases that are not perpetual) it is not forbidden: general rules 1 and 3 forbid
/// only a perpetual check and a perpetual chase, whatever the other side does
/// ([`Ground::NotPerpetual`]).
#[allow(clippy::too_many_arguments)]
pub(super) fn side_clause(
    offence: Offence,
    moves: &[MoveFacts],
    ids: &[MoveIds],
    target: Option<(Square, PieceKind)>,
    target_id: Option<u8>,
    (chasers, lone): (&[(Square, PieceKind)], Option<u8>),
    exempt_target: Option<u8>,
    rules: &RuleSet,
) -> (Citation, Ground) {
    let named = match (rules.id, offence) {
        (RulesId::Tw113, Offence::None) => TW113_TABLE.with(Qualifier::NotAtFault),
        (RulesId::Tw113, Offence::PerpetualChase)
            if target_id.is_some_and(|t| joined_every_move(moves.iter().zip(ids), t)) =>
        {
            TW113_TABLE.with(Qualifier::ReadingOf(RuleBook::Axf, Detailed(25)))
        }
        (RulesId::Tw113, _) => TW113_TABLE,
        // Detailed rule 1 (單方長將): one side's perpetual check with one piece (一子長將) or
        // several in turn (多子交替長將) — the seed's clause for both; general rule 1 states
        // the principle.
        (RulesId::Axf, Offence::PerpetualCheck) => axf(&[Detailed(1)]),
        (RulesId::Axf, Offence::PerpetualChase) => {
            let (Some((_, tk)), Some(t)) = (target, target_id) else {
                return (axf(&[ClauseId::General(3)]), Ground::Named);
            };
            let on_t: Vec<&crate::xiangqi::facts::Chase> = moves
                .iter()
                .zip(ids)
                .flat_map(|(f, m)| {
                    m.pairs
                        .iter()
                        .filter(|p| p.1 == t && lone.is_none_or(|a| p.0 == a))
                        .map(|p| &f.chases[p.2])
                })
                .collect();
            let kinds: std::collections::BTreeSet<PieceKind> = chasers.iter().map(|c| c.1).collect();
            use PieceKind::*;
            let rule: &'static [ClauseId] = if on_t.iter().any(|c| c.horse_pinned_chariot) {
                &[Detailed(14)]
            } else if on_t.iter().any(|c| c.chaser_kind == c.target_kind) {
                &[Detailed(19)]
            } else if on_t.iter().any(|c| c.screen_change) && tk == Chariot {
                &[Detailed(21)]
            } else if on_t.iter().any(|c| c.screen_change) {
                &[Detailed(20)]
            } else if tk == Chariot
                && (kinds.contains(&Cannon) && kinds.contains(&Horse)
                    || kinds.len() == 1 && kinds.contains(&Horse) && chasers.len() > 1)
            {
                &[Detailed(15)]
            } else if tk == Chariot && kinds.len() == 1 && kinds.contains(&Cannon) {
                &[Detailed(10)]
            } else if joined_every_move(moves.iter().zip(ids), t) {
                &[Detailed(25)]
            } else if on_t.iter().any(|c| c.false_root) {
                &[Detailed(29)]
            } else if chasers.len() > 1 {
                &[Detailed(28)]
            } else if tk == Chariot && kinds.contains(&Horse) {
                &[Detailed(16)]
            } else if tk == Cannon && kinds.contains(&Chariot) {
                &[Detailed(13)]
            } else if tk == Horse && kinds.contains(&Chariot) {
                &[Detailed(18)]
            } else if tk == Soldier && kinds.contains(&Chariot) {
                &[Detailed(26)]
            } else {
                &[ClauseId::General(3)]
            };
            axf(rule)
        }
        (RulesId::Axf, Offence::None) => {
            let checks = moves.iter().filter(|f| f.check).count();
            let chasing = moves.iter().filter(|f| f.is_chase()).count();
            if checks > 0 && chasing > 0 {
                axf(&[General(2), Detailed(7)])
            } else if checks > 0 {
                axf(&[Detailed(8)])
            } else if chasing == moves.len() && chasing > 0 {
                axf(&[General(4), Detailed(27)])
            } else if !moves.is_empty() && moves.iter().all(|f| f.mate_threat) {
                axf(&[Detailed(4)])
            } else if let Some(c) = exempt_target.and_then(|t| exemptions_on(moves, ids, t)) {
                // The same piece is threatened on every move, but on some move only by a
                // threat the rules exempt: the exemption is what allows it.
                c
            } else {
                return (axf(&[General(1), General(3)]), Ground::NotPerpetual);
            }
        }
    };
    (named, Ground::Named)
}

/// The clauses that exempt the threats on the piece `t` (by identity) on the moves that do
/// not chase it, each once; `None` when there are none.
pub(super) fn exemptions_on(moves: &[MoveFacts], ids: &[MoveIds], t: u8) -> Option<Citation> {
    let mut clauses: Vec<Clauses> = Vec::new();
    for (f, m) in moves.iter().zip(ids) {
        if m.targets.contains(&t) {
            continue;
        }
        for (e, id) in f.exempted.iter().zip(&m.exempt_targets) {
            if *id != Some(t) {
                continue;
            }
            for c in e.clause.parts() {
                if !clauses.contains(&c) {
                    clauses.push(c);
                }
            }
        }
    }
    // In the rule book's order, not the order the board happened to show them in (a mirrored
    // board, or the colours swapped, cites the same clauses in the same order).
    clauses.sort_by_key(|c| c.ids);
    Citation::several(clauses)
}

/// A perpetual chase that its book forbids whatever the other side chases back, with the
/// clause: a chariot pinned by a horse (AXF detailed rule 14: 無論傌是否有根); one or two
/// cannons on one chariot (detailed rule 10: 就算車方連續兩著均反捉無根子); a horse and a cannon,
/// or two horses, on one chariot (detailed rule 15: 又或是否反捉一步或兩步).
pub(super) fn forbidden_whatever_chased_back(side: &SideJudgement) -> Option<&'static [ClauseId; 1]> {
    if side.offence != Offence::PerpetualChase {
        return None;
    }
    if side
        .moves
        .iter()
        .all(|f| f.chases.iter().any(|c| c.horse_pinned_chariot))
    {
        return Some(&[Detailed(14)]);
    }
    let (_, tk) = side.target?;
    if tk != PieceKind::Chariot {
        return None;
    }
    let kinds: std::collections::BTreeSet<PieceKind> = side.chasers.iter().map(|c| c.1).collect();
    use PieceKind::{Cannon, Horse};
    if kinds.iter().all(|&k| k == Cannon) && !kinds.is_empty() {
        Some(&[Detailed(10)])
    } else if kinds.iter().all(|&k| k == Cannon || k == Horse) && (kinds.len() == 2 || side.chasers.len() > 1)
    {
        Some(&[Detailed(15)])
    } else {
        None
    }
}

/// The clause that keeps a perpetual chase forbidden (`rule`, from
/// [`forbidden_whatever_chased_back`]) although the `other` side chases on every move; `None`
/// when there is no such rule or the other side does not chase back on every move.
pub(super) fn chased_back(
    rule: Option<&'static [ClauseId; 1]>,
    other: &SideJudgement,
    rules: &RuleSet,
) -> Option<Citation> {
    let rule = rule?;
    let every = !other.moves.is_empty() && other.moves.iter().all(MoveFacts::is_chase);
    every.then(|| match rules.id {
        RulesId::Axf => axf(rule),
        RulesId::Tw113 => axf(rule).with(TW113_SILENT),
    })
}

/// The verdict table: same severity → draw; otherwise the more severe side must vary
/// (AXF general rules 1–2, 5; TW113 ch.2 table). Two perpetual chases are a draw unless
/// exactly one of them is forbidden whatever the other side chases back (AXF detailed rules
/// 10, 14, 15; applied under TW113 too, as a reading). Also returns the reading the verdict
/// rests on, if any.
pub(super) fn verdict(
    red: &SideJudgement,
    black: &SideJudgement,
    rules: &RuleSet,
) -> (CycleVerdict, Option<Reading>) {
    use std::cmp::Ordering;
    let asym = (
        forbidden_whatever_chased_back(red),
        forbidden_whatever_chased_back(black),
    );
    match red.offence.cmp(&black.offence) {
        Ordering::Equal if red.offence == Offence::PerpetualChase && asym.0.is_some() != asym.1.is_some() => {
            let (side, rule) = match asym {
                (Some(r), _) => (Color::Red, r),
                (_, Some(r)) => (Color::Black, r),
                _ => unreachable!("exactly one side is forbidden"),
            };
            let result_if_unchanged = Outcome::loss_for(side);
            let (clause, reading) = match rules.id {
                RulesId::Axf => (axf(rule), None),
                RulesId::Tw113 => (
                    TW113_TABLE.with(Qualifier::ReadingOf(RuleBook::Axf, rule[0])),
                    Some(Reading::MutualChaseNotEven),
                ),
            };
            let chased_back = Some(clause.clone());
            (
                CycleVerdict {
                    must_vary: Some(side),
                    result_if_unchanged,
                    clause,
                    chased_back,
                },
                reading,
            )
        }
        Ordering::Equal => {
            let clause = match (rules.id, red.offence) {
                (RulesId::Tw113, _) => TW113_TABLE,
                (RulesId::Axf, Offence::PerpetualCheck) => axf(&[Detailed(2)]),
                (RulesId::Axf, Offence::PerpetualChase) => axf(&[Detailed(17)]),
                (RulesId::Axf, Offence::None) => Citation::per_side(red.clause.clone(), black.clause.clone()),
            };
            (
                CycleVerdict {
                    must_vary: None,
                    result_if_unchanged: Outcome::Draw,
                    clause,
                    chased_back: None,
                },
                None,
            )
        }
        Ordering::Greater => (
            CycleVerdict {
                must_vary: Some(Color::Red),
                result_if_unchanged: Outcome::BlackWins,
                clause: red.clause.clone(),
                chased_back: chased_back(asym.0, black, rules),
            },
            None,
        ),
        Ordering::Less => (
            CycleVerdict {
                must_vary: Some(Color::Black),
                result_if_unchanged: Outcome::FirstWins,
                clause: black.clause.clone(),
                chased_back: chased_back(asym.1, red, rules),
            },
            None,
        ),
    }
}
