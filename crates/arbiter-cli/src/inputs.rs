//! Which files a command reads: files as given, directories walked recursively for record files
//! (`records::is_record_path`: `.pgn .xqf .cbr .cbl .cbf`, and `.txt .htm .html .ubb` holding a
//! record; any letter case; others skipped silently), `-` for standard input.
//!
//! A directory walk (with `walkdir`) follows symbolic links but reads each file once (the same
//! device and inode is not read twice; on other systems than Unix, the same canonical path),
//! reports a symbolic link that loops back to one of its
//! own ancestors, and skips what is not a regular file (a FIFO, a device such as `/dev/zero`,
//! a socket) with a note on standard error: a folder someone else made can neither block nor
//! flood the run. A path given on the command line is read as given (a FIFO or
//! `/dev/stdin` included).

use std::collections::HashSet;
use std::io::Read;
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

    /// The file's bytes, whole (for commands that read one game; `judge` streams: see
    /// [`Input::open`]).
    pub fn read(&self) -> Result<Vec<u8>, String> {
        let mut v = Vec::new();
        self.open()?
            .read_to_end(&mut v)
            .map_err(|e| format!("cannot read {}: {e}", self.label()))?;
        Ok(v)
    }

    /// The input as a stream.
    pub fn open(&self) -> Result<Box<dyn Read + Send>, String> {
        match self {
            Input::Stdin => Ok(Box::new(std::io::stdin())),
            Input::File(p) => std::fs::File::open(p)
                .map(|f| Box::new(f) as Box<dyn Read + Send>)
                .map_err(|e| format!("cannot read {}: {e}", p.display())),
            Input::Missing(_, why) => Err(why.clone()),
        }
    }
}

/// What a walk found besides the files to read: one line each for standard error.
#[derive(Debug, Default)]
pub struct Notes(pub Vec<String>);

/// Walk `dir` for record files, sorted by name, each file once (see the module docs).
fn walk(dir: &Path, seen: &mut HashSet<FileId>, out: &mut Vec<Input>, notes: &mut Notes) {
    let walker = walkdir::WalkDir::new(dir).follow_links(true).sort_by_file_name();
    for entry in walker {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                let path = e.path().map(|p| p.display().to_string()).unwrap_or_default();
                match e.loop_ancestor() {
                    Some(a) => notes.0.push(format!(
                        "skipped {path}: a symbolic link loop (it leads back to {})",
                        a.display()
                    )),
                    None => notes.0.push(format!("skipped {path}: {e}")),
                }
                continue;
            }
        };
        let ft = entry.file_type();
        let path = entry.path();
        // `is_record_path` reads a text file's head to decide: only a regular file is opened
        // (a FIFO named `x.txt` must not block the walk); others are judged by extension.
        let wanted = if ft.is_file() {
            records::record::is_record_path(path)
        } else {
            has_record_extension(path)
        };
        if ft.is_dir() || !wanted {
            continue;
        }
        if !ft.is_file() {
            let what = special_kind(ft);
            notes
                .0
                .push(format!("skipped {}: {what}, not a regular file", path.display()));
            continue;
        }
        match entry.metadata().ok().and_then(|m| file_id(path, &m)) {
            Some(id) if !seen.insert(id) => notes.0.push(format!(
                "skipped {}: the same file was already read under another name",
                path.display()
            )),
            _ => out.push(Input::File(path.to_path_buf())),
        }
    }
}

/// What names one file whatever path reaches it: device and inode on Unix (hard and symbolic
/// links alike); elsewhere (Windows) the canonical path, which resolves symbolic links and
/// junctions but not hard links.
#[cfg(unix)]
type FileId = (u64, u64);
#[cfg(not(unix))]
type FileId = PathBuf;

#[cfg(unix)]
fn file_id(_path: &Path, m: &std::fs::Metadata) -> Option<FileId> {
    use std::os::unix::fs::MetadataExt;
    Some((m.dev(), m.ino()))
}

#[cfg(not(unix))]
fn file_id(path: &Path, _m: &std::fs::Metadata) -> Option<FileId> {
    std::fs::canonicalize(path).ok()
}

/// What a walk calls an entry that is neither a directory nor a regular file.
#[cfg(unix)]
fn special_kind(ft: std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if ft.is_fifo() {
        "a FIFO"
    } else if ft.is_char_device() || ft.is_block_device() {
        "a device"
    } else if ft.is_socket() {
        "a socket"
    } else {
        "not a regular file"
    }
}

#[cfg(not(unix))]
fn special_kind(_ft: std::fs::FileType) -> &'static str {
    "not a regular file"
}

/// Whether the extension is one a walk may read ([`records::record::RECORD_EXTENSIONS`] or
/// [`records::record::TEXT_EXTENSIONS`]), without opening the file.
fn has_record_extension(path: &Path) -> bool {
    use records::record::{RECORD_EXTENSIONS, TEXT_EXTENSIONS};
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| {
        RECORD_EXTENSIONS
            .iter()
            .chain(TEXT_EXTENSIONS.iter())
            .any(|x| e.eq_ignore_ascii_case(x))
    })
}

/// Expand command-line paths into inputs, in order (directory contents sorted by name), and
/// the notes of the walk.
pub fn expand_with_notes(paths: &[String]) -> (Vec<Input>, Notes) {
    let mut out = Vec::new();
    let mut notes = Notes::default();
    let mut seen = HashSet::new();
    for p in paths {
        if p == "-" {
            out.push(Input::Stdin);
            continue;
        }
        let path = Path::new(p);
        if path.is_dir() {
            let before = out.len();
            walk(path, &mut seen, &mut out, &mut notes);
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
    (out, notes)
}

/// [`expand_with_notes`], the notes written to standard error.
pub fn expand(paths: &[String]) -> Vec<Input> {
    let (inputs, notes) = expand_with_notes(paths);
    for n in notes.0 {
        eprintln!("arbiter: note: {n}");
    }
    inputs
}
