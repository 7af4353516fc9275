//! The request bodies of the API routes, as JSON gives them.

use super::*;

/// Moves as one string (`"h2e2 h9g7"`) or a list (`["h2e2","h9g7"]`).
#[derive(Deserialize, Debug, Clone)]
#[serde(untagged)]
pub enum Moves {
    Text(String),
    List(Vec<String>),
}

impl Default for Moves {
    fn default() -> Moves {
        Moves::Text(String::new())
    }
}

impl Moves {
    /// The moves as one space-separated string.
    pub fn joined(&self) -> String {
        match self {
            Moves::Text(s) => s.clone(),
            Moves::List(v) => v.join(" "),
        }
    }
}

/// `POST /api/v1/position`: judge a FEN and moves, as `arbiter judge --fen --moves`.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct PositionRequest {
    /// Start position (10 ranks xiangqi, 8 chess); default the xiangqi start position.
    pub fen: Option<String>,
    #[serde(default)]
    pub moves: Moves,
    pub rules: Option<String>,
    pub cycles: Option<u32>,
    pub game: Option<String>,
    pub dead_check: Option<String>,
    #[serde(default)]
    pub explain: bool,
    #[serde(default)]
    pub annotate: bool,
    /// The engine-match convention (`judge --match`).
    #[serde(default, rename = "match")]
    pub engine_match: bool,
}

/// `POST /api/v1/cycle`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct CycleRequest {
    pub fen: String,
    pub moves: Moves,
    pub rules: Option<String>,
    #[serde(default)]
    pub explain: bool,
}

/// `POST /api/v1/classify`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct ClassifyRequest {
    pub fen: String,
    #[serde(rename = "move")]
    pub mv: String,
    pub rules: Option<String>,
    #[serde(default)]
    pub explain: bool,
}

/// `POST /api/v1/claim`: a claim in a FEN + moves, or in game `game` of `record` (PGN text),
/// counted from 1 as `claim --game N` and the reports count games (default 1, the first).
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct ClaimRequest {
    pub kind: String,
    pub fen: Option<String>,
    pub moves: Option<Moves>,
    pub record: Option<String>,
    pub game: Option<usize>,
    pub rules: Option<String>,
    pub at_ply: Option<usize>,
    pub intended_move: Option<String>,
    pub time_control: Option<String>,
    pub limit: Option<u32>,
}

/// `POST /api/v1/dead`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct DeadRequest {
    pub fen: String,
    /// Accepted as `arbiter dead --exact` accepts it (an older flag): every answer is proved
    /// either way.
    #[serde(default)]
    pub exact: bool,
}

/// `POST /api/v1/perft`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct PerftRequest {
    pub fen: Option<String>,
    pub depth: u32,
    #[serde(default)]
    pub divide: bool,
    pub game: Option<String>,
}
