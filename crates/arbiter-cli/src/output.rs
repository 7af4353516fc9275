//! What a subcommand hands back to `main` for printing: one JSON line and a text report per
//! game or position, and whether that item could not be judged (exit code 1).

use serde::Serialize;

/// `text` with its control characters escaped: the library's
/// [`arbiter::render::escape_controls`], which the `text` of HTTP and Python answers goes
/// through too.
pub use arbiter::render::escape_controls;

/// Writes one line on standard error, its control characters escaped ([`escape_controls`]).
/// A standard error that cannot be written (`2>/dev/full`, a closed pipe) is ignored: a
/// message is never worth a panic. The crate's `eprintln!` is this function.
pub fn to_stderr(line: &str) {
    use std::io::Write;
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{}", escape_controls(line));
}

/// The language and move notation of text reports, set once by `main` from `--lang`,
/// `--notation` and the locale.
static SPEECH: std::sync::OnceLock<(arbiter::Lang, arbiter::Notation)> = std::sync::OnceLock::new();

/// Sets the language and notation of text reports (the first call wins).
pub fn set_speech(lang: arbiter::Lang, notation: arbiter::Notation) {
    let _ = SPEECH.set((lang, notation));
}

/// The language of text reports.
pub fn lang() -> arbiter::Lang {
    SPEECH.get().map_or(arbiter::Lang::En, |s| s.0)
}

/// `hant` or `hans` as the language of text reports asks (`hant` for English: callers ask
/// only for a Chinese report).
pub fn zh(hant: &'static str, hans: &'static str) -> &'static str {
    arbiter::render::zh::pick(lang(), hant, hans)
}

/// A message of the CLI's own in the language of text reports: `en`, or the traditional or
/// simplified Chinese (flag names and values stay as typed).
pub fn say(en: &str, hant: &str, hans: &str) -> String {
    match lang() {
        arbiter::Lang::En => en,
        arbiter::Lang::ZhHant => hant,
        arbiter::Lang::ZhHans => hans,
    }
    .to_string()
}

/// Writes a usage error on standard error, in the language of text reports:
/// `arbiter: usage error: WHY` (`arbiter：用法錯誤：WHY`). The caller exits with 2.
pub fn usage_error(why: impl std::fmt::Display) {
    if lang().is_chinese() {
        eprintln!("arbiter：{}{why}", zh("用法錯誤：", "用法错误："));
    } else {
        eprintln!("arbiter: usage error: {why}");
    }
}

/// Writes an error (exit code 1) on standard error, in the language of text reports:
/// `arbiter: error: WHY` (`arbiter：錯誤：WHY`); `why` is already in that language.
pub fn error_line(why: impl std::fmt::Display) {
    if lang().is_chinese() {
        eprintln!("arbiter：{}{why}", zh("錯誤：", "错误："));
    } else {
        eprintln!("arbiter: error: {why}");
    }
}

/// How this program's text reports name what was given: its flags (`position (--fen/--moves)`,
/// `--time-control`, `--cycles`), standard input, and `arbiter rules` for the glossary.
pub const INPUT_WORDS: arbiter::render::InputWords = arbiter::render::InputWords {
    position: "position (--fen/--moves)",
    time_control: "--time-control",
    cycles: "; --cycles changes it",
    stdin: ["standard input", "標準輸入", "标准输入"],
    glossary: [
        "`arbiter rules` lists them all",
        "arbiter rules 列出全部條文",
        "arbiter rules 列出全部条文",
    ],
};

/// The voice of text reports: their language, naming what was given in [`INPUT_WORDS`].
pub fn voice() -> arbiter::render::Voice {
    arbiter::render::Voice {
        lang: lang(),
        words: &INPUT_WORDS,
    }
}

/// The notation of xiangqi moves in text reports.
pub fn notation() -> arbiter::Notation {
    SPEECH.get().map_or(arbiter::Notation::Default, |s| s.1)
}

/// The language of the environment's locale: the first of LC_ALL, LC_MESSAGES and LANG that
/// is set and not empty decides (POSIX order); `None` when it names no language of ours.
pub fn locale_lang() -> Option<arbiter::Lang> {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .find(|v| !v.is_empty())
        .and_then(|v| arbiter::Lang::from_locale(&v))
}

/// One answered item (a game, a position, a claim).
#[derive(Debug, Clone)]
pub struct Item {
    /// The object printed with `--json`, as one line.
    pub line: String,
    /// The report printed without `--json`.
    pub text: String,
    /// True when the input could not be judged (an error object); makes the exit code 1.
    pub failed: bool,
}

impl Item {
    /// An item from a library report: its serde form is the JSON line.
    pub fn new(report: &impl Serialize, text: String, failed: bool) -> Item {
        let line = serde_json::to_string(report).unwrap_or_else(|e| {
            serde_json::json!({ "error": format!("cannot write the report: {e}") }).to_string()
        });
        Item { line, text, failed }
    }

    /// A judged game's report. Only the form the process prints is built (see [`Emitter::new`]):
    /// with `--json` no text report (its moves in words, its sentences) is written, and
    /// without it no JSON line.
    pub fn game(report: &arbiter::GameReport) -> Item {
        match PRINTS.load(std::sync::atomic::Ordering::Relaxed) {
            PRINTS_JSON => Item::new(report, String::new(), report.is_error()),
            PRINTS_TEXT => Item {
                line: String::new(),
                text: report.text_in(voice(), notation()),
                failed: report.is_error(),
            },
            _ => Item::new(report, report.text_in(voice(), notation()), report.is_error()),
        }
    }
}

/// What the process prints, set by [`Emitter::new`]: not yet known (both forms are built),
/// JSON lines, or text reports.
static PRINTS: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(PRINTS_BOTH);
const PRINTS_BOTH: u8 = 0;
const PRINTS_JSON: u8 = 1;
const PRINTS_TEXT: u8 = 2;

/// Prints items as they are produced (streamed: a batch is never held whole in memory) and
/// remembers whether any failed. Output is buffered, and flushed after every item when standard
/// output is a terminal; [`Emitter::flush`] (or dropping the emitter) writes the rest.
pub struct Emitter {
    json: bool,
    failed: bool,
    count: usize,
    out: std::io::BufWriter<std::io::Stdout>,
    interactive: bool,
    /// The first write error (a full disk, a closed pipe): nothing more is written.
    error: Option<std::io::Error>,
}

impl Emitter {
    /// `json`: one JSON object per line; otherwise the text reports, separated by blank lines.
    pub fn new(json: bool) -> Emitter {
        use std::io::IsTerminal;
        let prints = if json { PRINTS_JSON } else { PRINTS_TEXT };
        PRINTS.store(prints, std::sync::atomic::Ordering::Relaxed);
        let stdout = std::io::stdout();
        Emitter {
            json,
            failed: false,
            count: 0,
            interactive: stdout.is_terminal(),
            out: std::io::BufWriter::with_capacity(1 << 16, stdout),
            error: None,
        }
    }

    /// True when items are printed as JSON lines (`--json`).
    pub fn json(&self) -> bool {
        self.json
    }

    /// Print one item on standard output.
    pub fn emit(&mut self, item: Item) {
        use std::io::Write;
        self.failed |= item.failed;
        self.count += 1;
        if self.error.is_some() {
            return;
        }
        let out = &mut self.out;
        let r = if self.json {
            writeln!(out, "{}", item.line)
        } else {
            let sep = if self.count > 1 { writeln!(out) } else { Ok(()) };
            let end = if item.text.ends_with('\n') {
                Ok(())
            } else {
                writeln!(out)
            };
            sep.and_then(|()| write!(out, "{}", escape_controls(&item.text)))
                .and(end)
        };
        if let Err(e) = r {
            self.error = Some(e);
        } else if self.interactive {
            self.flush();
        }
    }

    /// Writes out what is buffered.
    pub fn flush(&mut self) {
        use std::io::Write;
        if self.error.is_none() {
            if let Err(e) = self.out.flush() {
                self.error = Some(e);
            }
        }
    }

    /// The first error writing standard output, if any (after [`Emitter::flush`]).
    pub fn write_error(&self) -> Option<&std::io::Error> {
        self.error.as_ref()
    }

    /// Counts an item that could not be judged and was reported elsewhere (on standard error):
    /// the exit code becomes 1.
    pub fn fail(&mut self) {
        self.failed = true;
    }

    /// True when some emitted item could not be judged.
    pub fn any_failed(&self) -> bool {
        self.failed
    }
}

/// `n` and `word`, with an `s` unless `n` is 1: "1 game", "2 games".
pub fn plural(n: usize, word: &str) -> String {
    arbiter::render::counted(n, word)
}
