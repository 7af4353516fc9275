//! One side's play over a cycle: its offence, the pieces it chases and chases with, and the
//! ground its clause rests on.

use super::verdict::side_clause;
use super::*;

/// One side's judgement over its moves of a cycle (each with the identities it involves).
pub(super) fn judge_side(
    side: Color,
    moves: Vec<(MoveFacts, MoveIds)>,
    start: &Position,
    rules: &RuleSet,
) -> SideJudgement {
    let all_check = !moves.is_empty() && moves.iter().all(|(f, _)| f.check);
    let all_targets = on_every_move(&moves, &|m: &MoveIds| m.targets.clone());
    let common: Vec<u8> = all_targets
        .iter()
        .copied()
        .filter(|&t| joined_allowed(&moves, t).is_none())
        .collect();
    let all_chase = !moves.is_empty() && moves.iter().all(|(f, _)| f.is_chase());
    // One and the same piece (by identity) chased on every move, by one chaser or several
    // (AXF general rule 3, detailed rule 28).
    // Two or more pieces chasing two or more pieces (each chased on every move) is 兩子分別捉
    // 兩子: allowed (AXF general rule 4, detailed rule 27), unlike two pieces chasing one in
    // turn (detailed rule 28).
    let common_chasers: Vec<u8> = {
        let mut v: Vec<u8> = Vec::new();
        for &t in &common {
            for a in chaser_ids_of(&moves, t) {
                if !v.contains(&a) {
                    v.push(a);
                }
            }
        }
        v
    };
    let many_on_many = common.len() > 1 && common_chasers.len() > 1;
    let offence = if all_check {
        Offence::PerpetualCheck
    } else if all_chase && !common.is_empty() && !many_on_many {
        Offence::PerpetualChase
    } else {
        Offence::None
    };
    // Of several pieces chased on every move, name the one whose chase is the gravest for the
    // rule book (a chariot chased by a cannon or horse first), else the first.
    let target_id = common.iter().copied().max_by_key(|&id| {
        let chasers = chaser_kinds_of(&moves, id, start);
        let tk = piece_of(start, id).map(|p| p.1);
        (tk == Some(PieceKind::Chariot)
            && chasers
                .iter()
                .any(|k| matches!(k, PieceKind::Cannon | PieceKind::Horse))) as u8
    });
    let target = target_id.and_then(|id| piece_of(start, id));
    let mut chasers: Vec<(Square, PieceKind)> = Vec::new();
    if let Some(t) = target_id {
        for (_, m) in &moves {
            for &(a, tt, _) in &m.pairs {
                if tt == t {
                    if let Some(p) = piece_of(start, a) {
                        if !chasers.contains(&p) {
                            chasers.push(p);
                        }
                    }
                }
            }
        }
    }
    let readings = readings_of(&moves, offence, target_id, rules);
    let allowed_chase = if offence != Offence::None || !all_chase || all_check {
        None
    } else {
        allowed_chase(&moves, start, rules, &all_targets, &common, many_on_many)
    };
    let exempt_common = on_every_move(&moves, &|m: &MoveIds| {
        m.targets
            .iter()
            .copied()
            .chain(m.exempt_targets.iter().flatten().copied())
            .collect()
    });
    let exempt_target = exempt_common.first().copied();
    // One piece that chases the target on every move is the chase the clause names (one piece
    // chasing one piece: the detailed rule of that pair of kinds), whatever other pieces chase
    // it on some moves too (a cannon screened once by the chasing chariot is no cannon changing
    // screens, detailed rule 20, and no second chaser in turn, detailed rule 28).
    let lone = target_id.and_then(|t| {
        let every = on_every_move(&moves, &|m: &MoveIds| {
            m.pairs.iter().filter(|p| p.1 == t).map(|p| p.0).collect()
        });
        match every.as_slice() {
            [one] if chasers.len() > 1 => Some(*one),
            _ => None,
        }
    });
    let named_chasers: Vec<(Square, PieceKind)> = match lone.and_then(|a| piece_of(start, a)) {
        Some(p) => vec![p],
        None => chasers.clone(),
    };
    let moves_ids: Vec<MoveIds> = moves.iter().map(|(_, m)| m.clone()).collect();
    let moves: Vec<MoveFacts> = moves.into_iter().map(|(f, _)| f).collect();
    let (clause, ground) = side_clause(
        offence,
        &moves,
        &moves_ids,
        target,
        target_id,
        (&named_chasers, lone),
        exempt_target,
        rules,
    );
    let (clause, ground) = match (&allowed_chase, rules.id) {
        (Some(a), RulesId::Axf) => (a.allowed_by.clone(), Ground::Named),
        (Some(a), RulesId::Tw113) if matches!(a.why, AllowedBecause::JoinedOnSomeMoves(_)) => {
            (a.allowed_by.clone(), Ground::Named)
        }
        _ => (clause, ground),
    };
    let is_chase = offence == Offence::PerpetualChase;
    SideJudgement {
        side,
        offence,
        moves,
        target: if is_chase { target } else { None },
        chasers: if is_chase { chasers } else { Vec::new() },
        readings,
        clause,
        ground,
        allowed_chase,
    }
}

/// The pieces (by identity) that `pick` names on every one of `moves`.
fn on_every_move(moves: &[(MoveFacts, MoveIds)], pick: &dyn Fn(&MoveIds) -> Vec<u8>) -> Vec<u8> {
    let mut common: Option<Vec<u8>> = None;
    for (_, m) in moves {
        let t = pick(m);
        common = Some(match common {
            None => t,
            Some(c) => c.into_iter().filter(|x| t.contains(x)).collect(),
        });
    }
    common.unwrap_or_default()
}

/// A general or soldier that joins one chariot, horse or cannon in chasing the piece `t` on
/// some of the side's moves only (the others that piece's own chases) is allowed: AXF general
/// rule 9, detailed rules 23–24; TW113 general rules (general and soldier). On every move the
/// chase stands (detailed rule 25); with two or more other chasers too (general rule 9 names
/// one chariot, horse or cannon). Returns the kind that joins.
fn joined_allowed(moves: &[(MoveFacts, MoveIds)], t: u8) -> Option<PieceKind> {
    let mut by = None;
    let mut joined = 0;
    for (f, m) in moves {
        let on_t = chases_of(f, m, t);
        if !on_t.is_empty() && on_t.iter().all(|c| c.joined_by.is_some()) {
            joined += 1;
            by = by.or(on_t[0].joined_by);
        }
    }
    let chasers = chaser_ids_of(moves, t);
    (joined > 0 && joined < moves.len() && chasers.len() == 1)
        .then_some(by)
        .flatten()
}

/// The readings a side's perpetual chase of the piece `target_id` rests on: those that alone
/// make every chase of the target a chase on some move, and under TW113 AXF detailed rule 25
/// read in when a general or soldier joins the chase on every move.
fn readings_of(
    moves: &[(MoveFacts, MoveIds)],
    offence: Offence,
    target_id: Option<u8>,
    rules: &RuleSet,
) -> Vec<Reading> {
    // The perpetual chase rests on a reading when, on some move, every chase of the target is
    // one that only a reading makes a chase.
    let mut readings = Vec::new();
    if let (Offence::PerpetualChase, Some(t)) = (offence, target_id) {
        for (f, m) in moves {
            let on_t = chases_of(f, m, t);
            if on_t.iter().all(|c| c.reading.is_some()) {
                for r in on_t.iter().filter_map(|c| c.reading) {
                    if !readings.contains(&r) {
                        readings.push(r);
                    }
                }
            }
        }
    }
    // Every move of a detailed rule 25 loop joined by a general or soldier: under TW113 the
    // AXF clause is read in (its general rules allow the joint chase without saying on how
    // many moves).
    if offence == Offence::PerpetualChase && rules.id == RulesId::Tw113 {
        if let Some(t) = target_id {
            if joined_every_move(moves.iter().map(|(f, m)| (f, m)), t) {
                readings.push(Reading::JoinedEveryMove);
            }
        }
    }
    readings
}

/// The chase a side may keep up although it chases on every move: a general or soldier that
/// joins the chase on some moves only (AXF general rule 9, detailed rules 23–24), or two or
/// more pieces chasing two or more (AXF general rule 4, detailed rule 27). `all_targets`: the
/// pieces chased on every move; `common`: those of them whose chase no general or soldier
/// joins on some moves only.
fn allowed_chase(
    moves: &[(MoveFacts, MoveIds)],
    start: &Position,
    rules: &RuleSet,
    all_targets: &[u8],
    common: &[u8],
    many_on_many: bool,
) -> Option<AllowedChase> {
    let chasers_at_start = |t: u8| -> Vec<(Square, PieceKind)> {
        chaser_ids_of(moves, t)
            .into_iter()
            .filter_map(|a| piece_of(start, a))
            .collect()
    };
    if let Some((t, by)) = all_targets
        .iter()
        .find_map(|&t| joined_allowed(moves, t).map(|by| (t, by)))
    {
        piece_of(start, t).map(|target| AllowedChase {
            target,
            chasers: chasers_at_start(t),
            others: Vec::new(),
            why: AllowedBecause::JoinedOnSomeMoves(by),
            allowed_by: match (rules.id, by) {
                (RulesId::Axf, PieceKind::General) => axf(&[General(9), Detailed(23)]),
                (RulesId::Axf, _) => axf(&[General(9), Detailed(24)]),
                (RulesId::Tw113, _) => Citation::of(RuleBook::Tw113, &[GeneralAndSoldier]),
            },
            not_forbidden_by: vec![match rules.id {
                RulesId::Axf => axf(&[Detailed(25)]),
                RulesId::Tw113 => axf(&[Detailed(25)]).with(TW113_SILENT),
            }],
        })
    } else if many_on_many {
        // Name first a piece chased by two or more in turn when there is one (the shape of
        // detailed rule 28), then the others.
        let mut ts = common.to_vec();
        ts.sort_by_key(|&t| chaser_ids_of(moves, t).len() < 2);
        let not_forbidden_by = match rules.id {
            RulesId::Axf => {
                let mut v = Vec::new();
                if ts.iter().any(|&t| chaser_ids_of(moves, t).len() > 1) {
                    v.push(axf(&[Detailed(28)]));
                }
                if ts.iter().any(|&t| chaser_ids_of(moves, t).len() == 1) {
                    v.push(axf(&[General(3)]));
                }
                v
            }
            RulesId::Tw113 => vec![Citation::of(RuleBook::Tw113, &[SamePiece])],
        };
        let mut all: Vec<PieceChasers> = ts
            .iter()
            .filter_map(|&t| piece_of(start, t).map(|p| (p, chasers_at_start(t))))
            .collect();
        (!all.is_empty()).then(|| {
            let (target, chasers) = all.remove(0);
            AllowedChase {
                target,
                chasers,
                others: all,
                why: AllowedBecause::TwoChaseTwo,
                allowed_by: match rules.id {
                    RulesId::Axf => axf(&[General(4), Detailed(27)]),
                    RulesId::Tw113 => {
                        axf(&[General(4), Detailed(27)]).with(Qualifier::SamePieceNamesOneChasingSeveral)
                    }
                },
                not_forbidden_by,
            }
        })
    } else {
        None
    }
}
