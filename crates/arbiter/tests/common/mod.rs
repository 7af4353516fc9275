//! Helpers shared by the integration tests (`mod common;` in each test file).

use std::path::{Path, PathBuf};

/// The shared chess data folder (`../shared/data/chess`), when present.
pub fn shared_chess_data() -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/chess");
    p.is_dir().then_some(p)
}

/// The PGN files under `root` (any depth, extension `pgn` in any case), sorted.
pub fn pgn_files(root: &Path) -> Vec<PathBuf> {
    fn walk(d: &Path, out: &mut Vec<PathBuf>) {
        let Ok(rd) = std::fs::read_dir(d) else { return };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out)
            } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("pgn")) {
                out.push(p)
            }
        }
    }
    let mut files = Vec::new();
    walk(root, &mut files);
    files.sort();
    files
}
