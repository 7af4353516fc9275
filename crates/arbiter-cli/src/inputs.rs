//! Which files a command reads: files as given, directories walked recursively for record files
//! (`records::is_record_path`: `.pgn .xqf .cbr .cbl .cbf`, and `.txt .htm .html .ubb` holding a
//! record; any letter case; others skipped silently), `-` for standard input.

use std::path::{Path, PathBuf};

/// One input to read.
#[derive(Debug, Clone)]
pub enum Input {
    /// Standard input.
    Stdin,
    /// A file (given directly, or found in a directory).
    File(PathBuf),
    /// A path that could not be read, with the reason.
    Missing(String, String),
}

impl Input {
    /// The name used in reports: the path as given, or `-`.
    pub fn label(&self) -> String {
        match self {
            Input::Stdin => "-".into(),
            Input::File(p) => p.display().to_string(),
            Input::Missing(p, _) => p.clone(),
        }
    }

    /// The file's bytes.
    pub fn read(&self) -> Result<Vec<u8>, String> {
        use std::io::Read;
        match self {
            Input::Stdin => {
                let mut v = Vec::new();
                std::io::stdin()
                    .read_to_end(&mut v)
                    .map_err(|e| format!("cannot read standard input: {e}"))?;
                Ok(v)
            }
            Input::File(p) => std::fs::read(p).map_err(|e| format!("cannot read {}: {e}", p.display())),
            Input::Missing(_, why) => Err(why.clone()),
        }
    }
}

fn walk(dir: &Path, out: &mut Vec<Input>) {
    let mut entries: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(rd) => rd.filter_map(|e| e.ok().map(|e| e.path())).collect(),
        Err(e) => {
            out.push(Input::Missing(
                dir.display().to_string(),
                format!("cannot read directory: {e}"),
            ));
            return;
        }
    };
    entries.sort();
    for p in entries {
        if p.is_dir() {
            walk(&p, out);
        } else if records::record::is_record_path(&p) {
            out.push(Input::File(p));
        }
    }
}

/// Expand command-line paths into inputs, in order (directory contents sorted by name).
pub fn expand(paths: &[String]) -> Vec<Input> {
    let mut out = Vec::new();
    for p in paths {
        if p == "-" {
            out.push(Input::Stdin);
            continue;
        }
        let path = Path::new(p);
        if path.is_dir() {
            let before = out.len();
            walk(path, &mut out);
            if out.len() == before {
                out.push(Input::Missing(
                    p.clone(),
                    "no record files (.pgn, .xqf) in this directory".to_string(),
                ));
            }
        } else if path.exists() {
            out.push(Input::File(path.to_path_buf()));
        } else {
            out.push(Input::Missing(p.clone(), "no such file or directory".to_string()));
        }
    }
    out
}
