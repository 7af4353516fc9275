//! The live referee of either game, one move at a time.

use super::*;

/// The incremental referee of either game (the library's [`arbiter::live::Referee`]), behind
/// `arbiter_referee.xiangqi.Referee` and `arbiter_referee.chess.Referee`.
#[pyclass(module = "arbiter_referee._arbiter")]
pub(crate) struct Referee {
    live: Live,
    start_fen: Option<String>,
}

use arbiter::live::Referee as Live;

pub(crate) fn color_name(c: xiangqi::Color) -> &'static str {
    match c {
        xiangqi::Color::Red => "red",
        xiangqi::Color::Black => "black",
    }
}

/// The JSON contract's name of a status (as its serde form).
pub(crate) fn status_name(s: arbiter::xiangqi::verdict::Status) -> &'static str {
    use arbiter::xiangqi::verdict::Status;
    match s {
        Status::Ongoing => "ongoing",
        Status::Claimable => "claimable",
        Status::Pending => "pending",
        Status::Decided => "decided",
    }
}

/// The JSON contract's name of a reason (as its serde form).
pub(crate) fn reason_name(r: arbiter::xiangqi::verdict::Reason) -> &'static str {
    use arbiter::xiangqi::verdict::Reason;
    match r {
        Reason::Checkmate => "checkmate",
        Reason::NoLegalMoves => "no_legal_moves",
        Reason::PerpetualCheck => "perpetual_check",
        Reason::PerpetualChase => "perpetual_chase",
        Reason::RepetitionDraw => "repetition_draw",
        Reason::NaturalMoveLimit => "natural_move_limit",
    }
}

pub(crate) fn uci_of(m: shakmaty::Move) -> String {
    m.to_uci(CastlingMode::Standard).to_string()
}

/// The status dict of a xiangqi game: ply, status, result, reason, at_ply, must_vary, clause,
/// to_move, and `cycle` when a repetition was judged.
/// `engine_match`: a pending verdict is final (`decided`), as `judge --match` reports it.
pub(crate) fn xiangqi_status<'py>(
    py: Python<'py>,
    r: &XqReferee,
    engine_match: bool,
) -> PyResult<Bound<'py, PyDict>> {
    use pyo3::intern;
    let v = r.verdict();
    let d = PyDict::new(py);
    // Interned keys and names: no string is built per move for them.
    d.set_item(intern!(py, "ply"), r.plies())?;
    let status = match status_name(v.status) {
        "ongoing" => intern!(py, "ongoing"),
        "claimable" => intern!(py, "claimable"),
        "pending" if !engine_match => intern!(py, "pending"),
        _ => intern!(py, "decided"),
    };
    d.set_item(intern!(py, "status"), status)?;
    let result = match v.result {
        arbiter::Outcome::Unknown => intern!(py, "*").clone(),
        r => pyo3::types::PyString::new(py, r.name()),
    };
    d.set_item(intern!(py, "result"), result)?;
    d.set_item(intern!(py, "reason"), v.reason.map(reason_name))?;
    d.set_item(intern!(py, "at_ply"), v.at_ply)?;
    d.set_item(intern!(py, "must_vary"), v.must_vary.map(color_name))?;
    d.set_item(intern!(py, "clause"), v.clause.as_ref().map(ToString::to_string))?;
    let to_move = match r.position().side_to_move() {
        xiangqi::Color::Red => intern!(py, "red"),
        xiangqi::Color::Black => intern!(py, "black"),
    };
    d.set_item(intern!(py, "to_move"), to_move)?;
    if let Some(rep) = &v.repetition {
        let c = arbiter::xiangqi::report::repetition_json(rep, false);
        let json = py.import("json")?;
        d.set_item("cycle", json.call_method1("loads", (c.to_string(),))?)?;
    }
    Ok(d)
}

/// The status dict of a chess game, built directly (no JSON): the same keys and values as
/// `json.loads` of its `PlyStatus` JSON.
pub(crate) fn chess_status<'py>(py: Python<'py>, r: &ch::Referee) -> PyResult<Bound<'py, PyDict>> {
    use pyo3::intern;
    let s = r.status();
    let d = PyDict::new(py);
    d.set_item(intern!(py, "ply"), s.ply)?;
    let status = match s.status {
        ch::Status::Ongoing => intern!(py, "ongoing"),
        ch::Status::Claimable => intern!(py, "claimable"),
        ch::Status::Pending => intern!(py, "pending"),
        ch::Status::Decided => intern!(py, "decided"),
    };
    d.set_item(intern!(py, "status"), status)?;
    d.set_item(intern!(py, "result"), s.result.name())?;
    let reason = s.reason.map(|r| match r {
        ch::Reason::Checkmate => "checkmate",
        ch::Reason::Stalemate => "stalemate",
        ch::Reason::DeadPosition => "dead_position",
        ch::Reason::FivefoldRepetition => "fivefold_repetition",
        ch::Reason::SeventyFiveMoves => "seventy_five_moves",
        ch::Reason::FlagDeadPosition => "flag_dead_position",
        ch::Reason::ThreefoldRepetition => "threefold_repetition",
        ch::Reason::FiftyMoves => "fifty_moves",
    });
    d.set_item(intern!(py, "reason"), reason)?;
    d.set_item(intern!(py, "at_ply"), s.at_ply)?;
    d.set_item(intern!(py, "clause"), s.clause.map(|c| c.to_string()))?;
    let to_move = if s.to_move == arbiter::Side::White {
        intern!(py, "white")
    } else {
        intern!(py, "black")
    };
    d.set_item(intern!(py, "to_move"), to_move)?;
    d.set_item(intern!(py, "halfmove_clock"), s.halfmove_clock)?;
    d.set_item(intern!(py, "repetitions"), s.repetitions)?;
    let claims = pyo3::types::PyList::empty(py);
    for c in &s.claims {
        let cd = PyDict::new(py);
        cd.set_item(intern!(py, "kind"), c.kind.name())?;
        cd.set_item(intern!(py, "by"), c.by.name())?;
        cd.set_item(intern!(py, "at_ply"), c.at_ply)?;
        cd.set_item(intern!(py, "intended_move"), c.intended_move.as_deref())?;
        cd.set_item(intern!(py, "clause"), c.clause.to_string())?;
        claims.append(cd)?;
    }
    d.set_item(intern!(py, "claims"), claims)?;
    d.set_item(intern!(py, "moves_after_end"), s.moves_after_end)?;
    Ok(d)
}

#[pymethods]
impl Referee {
    /// `game`: `"xiangqi"` or `"chess"`; `fen` the start (None: the standard start); `rules`
    /// (xiangqi: axf, tw113); `cycles` (xiangqi, 1 or more); `dead_check` (chess).
    #[new]
    #[pyo3(signature = (game, fen=None, rules=None, cycles=None, dead_check="proved", r#match=false))]
    fn new(
        py: Python<'_>,
        game: &str,
        fen: Option<&str>,
        rules: Option<&str>,
        cycles: Option<u32>,
        dead_check: &str,
        r#match: bool,
    ) -> PyResult<Self> {
        let opts = options(rules, cycles, Some(game), false, dead_check, r#match)?;
        let live = Live::new(fen, &opts).map_err(|e| match e {
            Error::Usage(m) => named_error(py, "UsageError", m.to_string()),
            Error::Input { message, .. } => named_error(py, "FenError", message),
        })?;
        Ok(Referee {
            live,
            start_fen: fen.map(str::to_string),
        })
    }

    /// Plays one move (xiangqi: ICCS, WXF or Chinese; chess: SAN or UCI); returns the move
    /// played in ICCS or UCI.
    fn push_move(&mut self, py: Python<'_>, mv: &str) -> PyResult<String> {
        let m = self
            .live
            .play(mv)
            .map_err(|e| record_error(py, &e.error, None, Some(e.ply), Some(&e.mv), None))?;
        Ok(m.coordinates())
    }

    /// Plays one move; returns the status dict (as `status`) with `"move"`: what the move is,
    /// as `arbiter referee` answers a push (xiangqi `{"move","kinds","chases"}` in ICCS, chess
    /// `{"move","san"}` in UCI).
    fn push<'py>(&mut self, py: Python<'py>, mv: &str) -> PyResult<Bound<'py, PyDict>> {
        let played = self
            .live
            .push(mv)
            .map_err(|e| record_error(py, &e.error, None, Some(e.ply), Some(&e.mv), None))?;
        let d = self.status(py)?;
        let json = py.import("json")?;
        d.set_item("move", json.call_method1("loads", (to_json(&played),))?)?;
        Ok(d)
    }

    /// The status after the last move as a dict (see `xiangqi_status`, `chess_status`).
    fn status<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        match &self.live {
            Live::Xiangqi {
                referee,
                engine_match,
                ..
            } => xiangqi_status(py, referee, *engine_match),
            Live::Chess { referee } => chess_status(py, referee),
        }
    }

    /// The chess status after the current ply as JSON text (`PlyStatus`); `None` for xiangqi.
    fn status_json(&self, py: Python<'_>) -> Option<String> {
        match &self.live {
            Live::Xiangqi { .. } => None,
            Live::Chess { referee } => Some(py.allow_threads(|| to_json(&referee.status()))),
        }
    }

    /// The whole game report (the `judge --json` line of the moves so far) as JSON text;
    /// with `lang`, also its words in that language as `"text"`.
    #[pyo3(signature = (lang=None))]
    fn report_json(&self, py: Python<'_>, lang: Option<&str>) -> PyResult<String> {
        let lang = parse_lang(py, lang)?;
        let r = self.live.report();
        Ok(json_in(
            &r,
            lang.map(|l| r.text_json(l, arbiter::Notation::Default)),
        ))
    }

    fn fen(&self) -> String {
        match &self.live {
            Live::Xiangqi { referee, .. } => referee.position().to_fen(),
            Live::Chess { referee } => {
                use shakmaty::fen::Fen;
                Fen::from_position(&referee.position().clone(), shakmaty::EnPassantMode::Legal).to_string()
            }
        }
    }

    /// The legal moves of the side to move, in ICCS or UCI.
    fn legal_moves(&self) -> Vec<String> {
        match &self.live {
            Live::Xiangqi { referee, .. } => referee
                .position()
                .legal_moves()
                .iter()
                .map(|m| m.to_string())
                .collect(),
            Live::Chess { referee } => referee
                .position()
                .legal_moves()
                .iter()
                .map(|m| uci_of(*m))
                .collect(),
        }
    }

    /// The moves played, in ICCS or UCI.
    fn moves(&self) -> Vec<String> {
        match &self.live {
            Live::Xiangqi { referee, .. } => referee.moves().iter().map(|m| m.to_string()).collect(),
            Live::Chess { referee } => referee.moves().iter().map(|m| uci_of(*m)).collect(),
        }
    }

    fn plies(&self) -> usize {
        self.live.plies()
    }

    /// The rule set's name (`axf`, `tw113`, `fide`).
    fn rules(&self) -> String {
        match &self.live {
            Live::Xiangqi { referee, .. } => referee.rules().id.name().to_string(),
            Live::Chess { .. } => "fide".to_string(),
        }
    }

    fn start_fen(&self) -> Option<String> {
        self.start_fen.clone()
    }
}
