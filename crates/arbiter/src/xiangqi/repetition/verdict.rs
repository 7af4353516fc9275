//! The clause that names each side's offence, and the verdict table over the two sides.

use super::*;

/// The clause that best names a side's offence (AXF numbering; TW113 cites its table).
///
/// A perpetual check is detailed rule 1, with one piece or several in turn.
/// For a perpetual chase, only the chases of the target (`target_id`) and its chasers by
/// identity (`chasers`) count: one piece chasing one piece is AXF general rule 3 (or the
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
    chasers: &[(Square, PieceKind)],
    exempt_target: Option<u8>,
    rules: &RuleSet,
) -> (String, Ground) {
    let axf = |s: &str| format!("AXF {s}");
    let named = match (rules.id, offence) {
        (RulesId::Tw113, Offence::None) => "TW113 ch.2 table (not at fault)".into(),
        (RulesId::Tw113, Offence::PerpetualChase)
            if target_id.is_some_and(|t| joined_every_move(moves.iter().zip(ids), t)) =>
        {
            "TW113 ch.2 table (AXF detailed rule 25 reading)".into()
        }
        (RulesId::Tw113, _) => "TW113 ch.2 table".into(),
        // Detailed rule 1 (單方長將): one side's perpetual check with one piece (一子長將) or
        // several in turn (多子交替長將) — the seed's clause for both; general rule 1 states
        // the principle.
        (RulesId::Axf, Offence::PerpetualCheck) => axf("detailed rule 1"),
        (RulesId::Axf, Offence::PerpetualChase) => {
            let (Some((_, tk)), Some(t)) = (target, target_id) else {
                return (axf("general rule 3"), Ground::Named);
            };
            let on_t: Vec<&crate::xiangqi::facts::Chase> = moves
                .iter()
                .zip(ids)
                .flat_map(|(f, m)| m.pairs.iter().filter(|p| p.1 == t).map(|p| &f.chases[p.2]))
                .collect();
            let kinds: std::collections::BTreeSet<PieceKind> = chasers.iter().map(|c| c.1).collect();
            use PieceKind::*;
            let rule = if on_t.iter().any(|c| c.horse_pinned_chariot) {
                "detailed rule 14"
            } else if on_t.iter().any(|c| c.chaser_kind == c.target_kind) {
                "detailed rule 19"
            } else if on_t.iter().any(|c| c.screen_change) && tk == Chariot {
                "detailed rule 21"
            } else if on_t.iter().any(|c| c.screen_change) {
                "detailed rule 20"
            } else if tk == Chariot
                && (kinds.contains(&Cannon) && kinds.contains(&Horse)
                    || kinds.len() == 1 && kinds.contains(&Horse) && chasers.len() > 1)
            {
                "detailed rule 15"
            } else if tk == Chariot && kinds.len() == 1 && kinds.contains(&Cannon) {
                "detailed rule 10"
            } else if joined_every_move(moves.iter().zip(ids), t) {
                "detailed rule 25"
            } else if on_t.iter().any(|c| c.false_root) {
                "detailed rule 29"
            } else if chasers.len() > 1 {
                "detailed rule 28"
            } else if tk == Chariot && kinds.contains(&Horse) {
                "detailed rule 16"
            } else if tk == Cannon && kinds.contains(&Chariot) {
                "detailed rule 13"
            } else if tk == Horse && kinds.contains(&Chariot) {
                "detailed rule 18"
            } else if tk == Soldier && kinds.contains(&Chariot) {
                "detailed rule 26"
            } else {
                "general rule 3"
            };
            axf(rule)
        }
        (RulesId::Axf, Offence::None) => {
            let checks = moves.iter().filter(|f| f.check).count();
            let chasing = moves.iter().filter(|f| f.is_chase()).count();
            let rule = if checks > 0 && chasing > 0 {
                "general rule 2 / detailed rule 7".to_string()
            } else if checks > 0 {
                "detailed rule 8".to_string()
            } else if chasing == moves.len() && chasing > 0 {
                "general rule 4 / detailed rule 27".to_string()
            } else if !moves.is_empty() && moves.iter().all(|f| f.mate_threat) {
                "detailed rule 4".to_string()
            } else if let Some(t) = exempt_target {
                // The same piece is threatened on every move, but on some move only by a
                // threat the rules exempt: the exemption is what allows it.
                let mut clauses: Vec<&str> = Vec::new();
                for (f, m) in moves.iter().zip(ids) {
                    if m.targets.contains(&t) {
                        continue;
                    }
                    for (e, id) in f.exempted.iter().zip(&m.exempt_targets) {
                        if *id == Some(t) && !clauses.contains(&e.clause) {
                            clauses.push(e.clause);
                        }
                    }
                }
                clauses
                    .iter()
                    .map(|c| c.trim_start_matches("AXF "))
                    .collect::<Vec<_>>()
                    .join("; ")
            } else {
                return (axf("general rule 1 / general rule 3"), Ground::NotPerpetual);
            };
            axf(&rule)
        }
    };
    (named, Ground::Named)
}

/// A perpetual chase that its book forbids whatever the other side chases back, with the
/// clause: a chariot pinned by a horse (AXF detailed rule 14: 無論傌是否有根); one or two
/// cannons on one chariot (detailed rule 10: 就算車方連續兩著均反捉無根子); a horse and a cannon,
/// or two horses, on one chariot (detailed rule 15: 又或是否反捉一步或兩步).
pub(super) fn forbidden_whatever_chased_back(side: &SideJudgement) -> Option<&'static str> {
    if side.offence != Offence::PerpetualChase {
        return None;
    }
    if side
        .moves
        .iter()
        .all(|f| f.chases.iter().any(|c| c.horse_pinned_chariot))
    {
        return Some("detailed rule 14");
    }
    let (_, tk) = side.target?;
    if tk != PieceKind::Chariot {
        return None;
    }
    let kinds: std::collections::BTreeSet<PieceKind> = side.chasers.iter().map(|c| c.1).collect();
    use PieceKind::{Cannon, Horse};
    if kinds.iter().all(|&k| k == Cannon) && !kinds.is_empty() {
        Some("detailed rule 10")
    } else if kinds.iter().all(|&k| k == Cannon || k == Horse) && (kinds.len() == 2 || side.chasers.len() > 1)
    {
        Some("detailed rule 15")
    } else {
        None
    }
}

/// The clause that keeps a perpetual chase forbidden (`rule`, from
/// [`forbidden_whatever_chased_back`]) although the `other` side chases on every move; `None`
/// when there is no such rule or the other side does not chase back on every move.
pub(super) fn chased_back(
    rule: Option<&'static str>,
    other: &SideJudgement,
    rules: &RuleSet,
) -> Option<String> {
    let rule = rule?;
    let every = !other.moves.is_empty() && other.moves.iter().all(MoveFacts::is_chase);
    every.then(|| match rules.id {
        RulesId::Axf => format!("AXF {rule}"),
        RulesId::Tw113 => format!("AXF {rule} (a reading: TW113 is silent)"),
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
                RulesId::Axf => (format!("AXF {rule}"), None),
                RulesId::Tw113 => (
                    format!("TW113 ch.2 table (AXF {rule} reading)"),
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
                (RulesId::Tw113, _) => "TW113 ch.2 table".to_string(),
                (RulesId::Axf, Offence::PerpetualCheck) => "AXF detailed rule 2".to_string(),
                (RulesId::Axf, Offence::PerpetualChase) => "AXF detailed rule 17".to_string(),
                (RulesId::Axf, Offence::None) if red.clause == black.clause => red.clause.clone(),
                (RulesId::Axf, Offence::None) => format!("{} (red), {} (black)", red.clause, black.clause),
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
