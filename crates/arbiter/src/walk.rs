//! Which files a batch reads: paths as given, directories walked recursively for record files
//! (`records::record::is_record_path`: `.pgn .xqf .cbr .cbl .cbf`, and `.txt .htm .html .ubb`
//! holding a record; any letter case; other files skipped silently), in order (a directory's
//! contents sorted by name).
//!
//! A walk (with `walkdir`) follows symbolic links but reads each file once (the same file
//! under a second name is skipped), skips a symbolic link that loops back to one of its own
//! ancestors, and skips what is not a regular file (a FIFO, a device such as `/dev/zero`, a
//! socket) without opening it: a folder someone else made can neither block, loop nor flood a
//! run. Each skip is a [`Skip`] (for a note to the user). A directory that cannot be read (no
//! permission) is an [`Input::Unreadable`] in its place: an error item, never a silent gap. A
//! path given directly is read as given (a FIFO or `/dev/stdin` included).
//!
//! On Unix a file is "the same" by device and inode, and FIFOs, devices and sockets are told
//! apart; elsewhere by its canonical path, and all of them are "not a regular file".
//!
//! ```
//! let dir = std::env::temp_dir().join(format!("arbiter-walk-doc-{}", std::process::id()));
//! std::fs::create_dir_all(dir.join("sub")).unwrap();
//! std::fs::write(dir.join("sub/b.pgn"), "1. e4 *\n").unwrap();
//! std::fs::write(dir.join("a.PGN"), "1. d4 *\n").unwrap();
//! std::fs::write(dir.join("notes.md"), "not a record").unwrap();
//! let walk = arbiter::walk::expand([dir.as_path()]);
//! let names: Vec<_> = walk.inputs.iter().map(|i| i.label()).collect();
//! assert_eq!(names, [dir.join("a.PGN").display().to_string(), dir.join("sub/b.pgn").display().to_string()]);
//! assert!(walk.skipped.is_empty());
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

use std::collections::HashSet;
use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

/// One input of a batch, in the order it is to be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// Standard input (the command line's `-`).
    Stdin,
    /// A file, given directly or found in a directory.
    File(PathBuf),
    /// A path that cannot be read: `label` as given (or as found), `reason` why (an error item
    /// for that input).
    Unreadable {
        /// The path as given or found.
        label: String,
        /// Why it cannot be read.
        reason: NoInput,
    },
}

/// Why a path given or found is no input. Its `Display` is the English reason (`no such file
/// or directory`, …); other languages word the variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoInput {
    /// The path does not exist.
    NoSuchPath,
    /// A directory that holds no file of the extensions a walk reads.
    NoRecordFiles,
    /// A directory that exists but cannot be listed: its path and the system's error.
    UnlistableDirectory {
        /// The directory's path.
        path: String,
        /// The system's error.
        error: String,
    },
}

impl std::fmt::Display for NoInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoInput::NoSuchPath => f.write_str("no such file or directory"),
            NoInput::NoRecordFiles => f.write_str(&no_record_files()),
            NoInput::UnlistableDirectory { path, error } => {
                write!(f, "cannot read the directory {path}: {error}")
            }
        }
    }
}

impl Input {
    /// The name in reports: the path as given or found, or `-` for standard input.
    pub fn label(&self) -> String {
        match self {
            Input::Stdin => "-".into(),
            Input::File(p) => p.display().to_string(),
            Input::Unreadable { label, .. } => label.clone(),
        }
    }

    /// The input's bytes, whole.
    ///
    /// # Errors
    /// The input cannot be opened or read: `cannot read PATH: REASON` (or the reason of an
    /// [`Input::Unreadable`]), with the system error's kind.
    pub fn read(&self) -> Result<Vec<u8>, Unopened> {
        let mut v = Vec::new();
        self.open()?.read_to_end(&mut v).map_err(|e| Unopened {
            kind: Some(e.kind()),
            reason: format!("cannot read {}: {e}", self.label()),
            no_input: None,
        })?;
        Ok(v)
    }

    /// The input as a stream.
    ///
    /// # Errors
    /// As [`Input::read`], for opening, with the system error's kind.
    pub fn open(&self) -> Result<Box<dyn Read + Send>, Unopened> {
        match self {
            Input::Stdin => Ok(Box::new(std::io::stdin())),
            Input::File(p) => std::fs::File::open(p)
                .map(|f| Box::new(f) as Box<dyn Read + Send>)
                .map_err(|e| Unopened {
                    kind: Some(e.kind()),
                    reason: format!("cannot read {}: {e}", p.display()),
                    no_input: None,
                }),
            Input::Unreadable { reason, .. } => Err(Unopened {
                kind: (*reason == NoInput::NoSuchPath).then_some(std::io::ErrorKind::NotFound),
                reason: reason.to_string(),
                no_input: Some(reason.clone()),
            }),
        }
    }
}

/// An input that could not be opened: the system error's kind (`None` when it is not one,
/// e.g. a directory without record files) and the reason in English (`cannot read PATH:
/// REASON`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unopened {
    /// The kind of the system error.
    pub kind: Option<std::io::ErrorKind>,
    /// Why, in English.
    pub reason: String,
    /// Why, when the path was no input from the start (missing, no record files).
    pub no_input: Option<NoInput>,
}

impl std::fmt::Display for Unopened {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.reason)
    }
}

impl From<Unopened> for String {
    fn from(u: Unopened) -> String {
        u.reason
    }
}

/// A path a walk passed over, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skip {
    /// The path as the walk found it.
    pub path: PathBuf,
    /// Why it was not read.
    pub why: SkipReason,
}

/// Why a walk passed over a path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SkipReason {
    /// A symbolic link to one of its own ancestors (the directory it leads back to).
    Loop(PathBuf),
    /// A FIFO (named pipe): reading it could block for ever.
    Fifo,
    /// A character or block device (such as `/dev/zero`): reading it could never end.
    Device,
    /// A socket.
    Socket,
    /// Another kind of file that is not a regular file.
    NotRegular,
    /// The same file was already read under another name.
    SameFile,
    /// The walk could not look at it (e.g. a symbolic link that leads nowhere): the reason.
    Error(String),
}

impl fmt::Display for Skip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path.display();
        let kind = match &self.why {
            SkipReason::Loop(a) => {
                return write!(
                    f,
                    "skipped {path}: a symbolic link loop (it leads back to {})",
                    a.display()
                )
            }
            SkipReason::SameFile => {
                return write!(
                    f,
                    "skipped {path}: the same file was already read under another name"
                )
            }
            SkipReason::Error(e) => return write!(f, "skipped {path}: {e}"),
            SkipReason::Fifo => "a FIFO",
            SkipReason::Device => "a device",
            SkipReason::Socket => "a socket",
            SkipReason::NotRegular => "not a regular file",
        };
        write!(f, "skipped {path}: {kind}, not a regular file")
    }
}

/// The inputs of a batch and what the walk passed over.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Walk {
    /// The inputs in order.
    pub inputs: Vec<Input>,
    /// The paths passed over, in the order met.
    pub skipped: Vec<Skip>,
}

/// The extensions a walk reads, dotted and space-separated: the record files' (`.pgn .xqf
/// …`) and the text files' that may hold a record (`.txt .htm …`), from `records`' lists.
pub fn record_extensions() -> (String, String) {
    let dotted = |exts: &[&str]| exts.iter().map(|e| format!(".{e}")).collect::<Vec<_>>().join(" ");
    (
        dotted(&records::record::RECORD_EXTENSIONS),
        dotted(&records::record::TEXT_EXTENSIONS),
    )
}

/// Why a directory is no input: it holds no file of the extensions a walk reads (named from
/// `records`' lists, so that the message never lags behind the readers).
fn no_record_files() -> String {
    let (records, texts) = record_extensions();
    format!("no record files ({records}, or {texts} holding a record) in this directory")
}

/// Expands paths into inputs, in order: a directory into its record files (see the module
/// docs; an empty one, or one that cannot be read, into an [`Input::Unreadable`]), a file as
/// given, a missing path into an [`Input::Unreadable`]. Each file is read once across all the
/// paths. Standard input is the caller's (see [`Walk::push`]).
pub fn expand<P: AsRef<Path>>(paths: impl IntoIterator<Item = P>) -> Walk {
    let mut walk = Walk::default();
    let mut seen = Seen::default();
    for p in paths {
        walk.push(p.as_ref(), &mut seen);
    }
    walk
}

/// Files already read, by identity.
#[derive(Debug, Default)]
pub struct Seen(HashSet<FileId>);

impl Walk {
    /// Adds `path`'s inputs (as [`expand`] does) to the walk; `seen` carries the files read so
    /// far across calls.
    pub fn push(&mut self, path: &Path, seen: &mut Seen) {
        let label = path.display().to_string();
        if path.is_dir() {
            let before = self.inputs.len();
            self.walk_dir(path, seen);
            if self.inputs.len() == before {
                self.inputs.push(Input::Unreadable {
                    label,
                    reason: NoInput::NoRecordFiles,
                });
            }
        } else if path.exists() {
            self.inputs.push(Input::File(path.to_path_buf()));
        } else {
            self.inputs.push(Input::Unreadable {
                label,
                reason: NoInput::NoSuchPath,
            });
        }
    }

    /// Walks `dir` for record files, sorted by name, each file once (see the module docs).
    fn walk_dir(&mut self, dir: &Path, seen: &mut Seen) {
        let walker = walkdir::WalkDir::new(dir).follow_links(true).sort_by_file_name();
        for entry in walker {
            let entry = match entry {
                Ok(e) => e,
                Err(e) => {
                    let path = e.path().map(Path::to_path_buf).unwrap_or_default();
                    if let Some(a) = e.loop_ancestor() {
                        self.skip(path, SkipReason::Loop(a.to_path_buf()));
                    } else if path.is_dir() {
                        // A directory that exists but cannot be listed: an error item in its place.
                        let why = e.io_error().map_or_else(|| e.to_string(), ToString::to_string);
                        self.inputs.push(Input::Unreadable {
                            label: path.display().to_string(),
                            reason: NoInput::UnlistableDirectory {
                                path: path.display().to_string(),
                                error: why,
                            },
                        });
                    } else {
                        self.skip(path, SkipReason::Error(e.to_string()));
                    }
                    continue;
                }
            };
            let ft = entry.file_type();
            let path = entry.path();
            // `is_record_path` reads a text file's head to decide: only a regular file is
            // opened (a FIFO named `x.txt` must not block the walk); others by extension.
            let wanted = if ft.is_file() {
                records::record::is_record_path(path)
            } else {
                has_record_extension(path)
            };
            if ft.is_dir() || !wanted {
                continue;
            }
            if !ft.is_file() {
                self.skip(path.to_path_buf(), not_regular(&ft));
                continue;
            }
            if seen.0.insert(FileId::of(&entry)) {
                self.inputs.push(Input::File(path.to_path_buf()));
            } else {
                self.skip(path.to_path_buf(), SkipReason::SameFile);
            }
        }
    }

    fn skip(&mut self, path: PathBuf, why: SkipReason) {
        self.skipped.push(Skip { path, why });
    }
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

/// What a file that is neither a directory nor a regular file is.
#[cfg(unix)]
fn not_regular(ft: &std::fs::FileType) -> SkipReason {
    use std::os::unix::fs::FileTypeExt;
    if ft.is_fifo() {
        SkipReason::Fifo
    } else if ft.is_char_device() || ft.is_block_device() {
        SkipReason::Device
    } else if ft.is_socket() {
        SkipReason::Socket
    } else {
        SkipReason::NotRegular
    }
}

/// What a file that is neither a directory nor a regular file is.
#[cfg(not(unix))]
fn not_regular(_: &std::fs::FileType) -> SkipReason {
    SkipReason::NotRegular
}

/// A file's identity: the same for two names of one file.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum FileId {
    /// Device and inode.
    #[cfg(unix)]
    Inode(u64, u64),
    /// The canonical path (no identity could be read: the path as found).
    Path(PathBuf),
}

impl FileId {
    #[cfg(unix)]
    fn of(entry: &walkdir::DirEntry) -> FileId {
        use std::os::unix::fs::MetadataExt;
        match entry.metadata() {
            Ok(m) => FileId::Inode(m.dev(), m.ino()),
            Err(_) => FileId::Path(entry.path().to_path_buf()),
        }
    }

    #[cfg(not(unix))]
    fn of(entry: &walkdir::DirEntry) -> FileId {
        let p = entry.path();
        FileId::Path(std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(w: &Walk) -> Vec<String> {
        w.inputs.iter().map(Input::label).collect()
    }

    #[test]
    fn missing_path_and_empty_directory_are_error_items() {
        let d = tempfile::tempdir().unwrap();
        let missing = d.path().join("nope.pgn");
        let w = expand([d.path(), missing.as_path()]);
        assert_eq!(
            w.inputs,
            [
                Input::Unreadable {
                    label: d.path().display().to_string(),
                    reason: NoInput::NoRecordFiles
                },
                Input::Unreadable {
                    label: missing.display().to_string(),
                    reason: NoInput::NoSuchPath
                },
            ]
        );
    }

    /// One self-symlink and two: each loop is skipped once with its ancestor, the file under
    /// it is read once (no game 41 times, no walk that grows).
    #[cfg(unix)]
    #[test]
    fn symlink_loops_are_skipped_and_each_file_read_once() {
        use std::os::unix::fs::symlink;
        for links in [1, 2] {
            let d = tempfile::tempdir().unwrap();
            std::fs::write(d.path().join("a.pgn"), "1. e4 *\n").unwrap();
            for k in 0..links {
                symlink(".", d.path().join(format!("loop{k}"))).unwrap();
            }
            let w = expand([d.path()]);
            assert_eq!(labels(&w), [d.path().join("a.pgn").display().to_string()]);
            assert_eq!(w.skipped.len(), links);
            for s in &w.skipped {
                assert_eq!(s.why, SkipReason::Loop(d.path().to_path_buf()), "{s}");
                assert!(
                    s.to_string().contains("a symbolic link loop (it leads back to"),
                    "{s}"
                );
            }
        }
    }

    /// A FIFO named like a record and a link to `/dev/zero` are skipped without being opened
    /// (opening the FIFO would block this test for ever).
    #[cfg(unix)]
    #[test]
    fn fifo_and_device_are_skipped_unopened() {
        let d = tempfile::tempdir().unwrap();
        let fifo = d.path().join("x.pgn");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("skipped: mkfifo is not available here");
            return;
        }
        std::os::unix::fs::symlink("/dev/zero", d.path().join("zero.txt")).unwrap();
        std::fs::write(d.path().join("y.pgn"), "1. e4 *\n").unwrap();
        let w = expand([d.path()]);
        assert_eq!(labels(&w), [d.path().join("y.pgn").display().to_string()]);
        let why: Vec<_> = w
            .skipped
            .iter()
            .map(|s| (s.path.clone(), s.why.clone()))
            .collect();
        assert_eq!(
            why,
            [
                (fifo.clone(), SkipReason::Fifo),
                (d.path().join("zero.txt"), SkipReason::Device)
            ]
        );
        assert_eq!(
            w.skipped[0].to_string(),
            format!("skipped {}: a FIFO, not a regular file", fifo.display())
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_file_under_two_names_is_read_once() {
        let d = tempfile::tempdir().unwrap();
        std::fs::write(d.path().join("a.pgn"), "1. e4 *\n").unwrap();
        std::os::unix::fs::symlink(d.path().join("a.pgn"), d.path().join("b.pgn")).unwrap();
        let w = expand([d.path(), d.path().join("a.pgn").as_path()]);
        // Given again directly, a path is read as given.
        assert_eq!(
            labels(&w),
            [d.path().join("a.pgn"), d.path().join("a.pgn")].map(|p| p.display().to_string())
        );
        assert_eq!(w.skipped[0].why, SkipReason::SameFile);
    }

    /// A sub-directory that cannot be listed is an error item in its place, between the files
    /// before and after it. As root (who may read any directory) the walk runs in a child
    /// process in a user namespace of its own.
    #[cfg(unix)]
    #[test]
    fn an_unreadable_directory_is_an_error_item() {
        use std::os::unix::fs::PermissionsExt;
        let d = tempfile::tempdir().unwrap();
        std::fs::write(d.path().join("a.pgn"), "1. e4 *\n").unwrap();
        std::fs::write(d.path().join("c.pgn"), "1. e4 *\n").unwrap();
        std::fs::create_dir(d.path().join("b")).unwrap();
        std::fs::write(d.path().join("b/x.pgn"), "1. e4 *\n").unwrap();
        std::fs::set_permissions(d.path().join("b"), std::fs::Permissions::from_mode(0o000)).unwrap();
        let expected = format!(
            "{}|{}:cannot read the directory {}: Permission denied (os error 13)|{}",
            d.path().join("a.pgn").display(),
            d.path().join("b").display(),
            d.path().join("b").display(),
            d.path().join("c.pgn").display()
        );
        if is_root() {
            // In a user namespace of its own, root's override of permissions does not reach
            // files owned outside it (`unshare -U`, util-linux).
            let out = std::process::Command::new("unshare")
                .arg("-U")
                .arg(std::env::current_exe().unwrap())
                .args([
                    "--exact",
                    "walk::tests::walk_as_child",
                    "--ignored",
                    "--nocapture",
                ])
                .env("ARBITER_WALK_DIR", d.path())
                .output();
            let Ok(out) = out else {
                eprintln!("skipped: root may read any folder and `unshare` is not available here");
                return;
            };
            let stdout = String::from_utf8_lossy(&out.stdout);
            assert!(
                out.status.success(),
                "{stdout}{}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert!(stdout.contains(&format!("walk: {expected}\n")), "{stdout}");
        } else {
            assert_eq!(summary(d.path()), expected);
        }
        std::fs::set_permissions(d.path().join("b"), std::fs::Permissions::from_mode(0o755)).unwrap();
    }

    #[cfg(unix)]
    fn is_root() -> bool {
        std::fs::metadata("/proc/self").is_ok_and(|m| std::os::unix::fs::MetadataExt::uid(&m) == 0)
    }

    /// The inputs of a walk of `dir`, `|`-separated, an unreadable one as `label:reason`.
    fn summary(dir: &Path) -> String {
        expand([dir])
            .inputs
            .iter()
            .map(|i| match i {
                Input::Unreadable { label, reason } => format!("{label}:{reason}"),
                i => i.label(),
            })
            .collect::<Vec<_>>()
            .join("|")
    }

    /// The walk of [`an_unreadable_directory_is_an_error_item`] in its child process (run only
    /// from there).
    #[test]
    #[ignore = "run by an_unreadable_directory_is_an_error_item in a user namespace"]
    fn walk_as_child() {
        let dir =
            std::env::var_os("ARBITER_WALK_DIR").expect("run by an_unreadable_directory_is_an_error_item");
        println!("walk: {}", summary(Path::new(&dir)));
    }
}
