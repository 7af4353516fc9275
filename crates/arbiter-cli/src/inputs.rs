//! Which files a command reads: the library's walk ([`arbiter::walk`]: files as given,
//! directories walked recursively for record files, each file once, symbolic link loops,
//! FIFOs, devices and sockets skipped, an unreadable directory an error item), plus `-` for
//! standard input. What the walk skips is noted on standard error.

pub use arbiter::walk::Input;

/// Expand command-line paths into inputs, in order (`-` is standard input); each path the
/// walk skipped is noted on standard error.
pub fn expand(paths: &[String]) -> Vec<Input> {
    let mut walk = arbiter::walk::Walk::default();
    let mut seen = arbiter::walk::Seen::default();
    for p in paths {
        if p == "-" {
            walk.inputs.push(Input::Stdin);
        } else {
            walk.push(std::path::Path::new(p), &mut seen);
        }
    }
    let lang = crate::output::lang();
    for skip in &walk.skipped {
        let note = arbiter::render::errors::skip(skip, lang);
        match lang {
            arbiter::Lang::En => eprintln!("arbiter: note: {note}"),
            _ => eprintln!("arbiter：{}{note}", crate::output::zh("注意：", "注意：")),
        }
    }
    walk.inputs
}

/// Why `input` could not be read, in the language of text reports: English, the path and the
/// reason (`x.pgn: no such file or directory`, `cannot read x.pgn: …`); Chinese, the input's
/// name and the system error's kind worded.
pub fn unread(input: &Input, u: &arbiter::walk::Unopened) -> String {
    arbiter::render::errors::unopened(&input.label(), u, crate::output::lang())
}

/// A file the command reads whole (not a record: `dead --fen-file`) that could not be read.
/// Its `Display` is the English error line (`reading PATH: REASON`); `main` words it in the
/// report language like any unreadable input (the path, then the system error's kind).
#[derive(Debug)]
pub struct Unread {
    /// The path as given.
    pub path: String,
    /// The system error.
    pub io: std::io::Error,
}

impl std::fmt::Display for Unread {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "reading {}: {}", self.path, self.io)
    }
}

impl std::error::Error for Unread {}
