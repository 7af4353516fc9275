//! What a subcommand hands back to `main` for printing: one JSON object and a text report per
//! game or position, and whether that item could not be judged (exit code 1).

/// One answered item (a game, a position, a claim).
#[derive(Debug, Clone)]
pub struct Item {
    /// The object printed with `--json` (one line), unless `line` holds it already written.
    pub json: serde_json::Value,
    /// The `--json` line written straight from a report (no intermediate `Value`).
    pub line: Option<String>,
    /// The report printed without `--json`.
    pub text: String,
    /// True when the input could not be judged (an error object); makes the exit code 1.
    pub failed: bool,
}

impl Item {
    /// An item that was judged.
    pub fn ok(json: serde_json::Value, text: String) -> Item {
        Item {
            json,
            line: None,
            text,
            failed: false,
        }
    }

    /// An item that was judged, its JSON object already written as one line.
    pub fn ok_line(line: String, text: String) -> Item {
        Item {
            json: serde_json::Value::Null,
            line: Some(line),
            text,
            failed: false,
        }
    }

    /// An input or game that could not be read or judged: `{"file","error"}` with `index`
    /// and `ply` when known; the text says `FILE: game N, ply P: error: ...`.
    pub fn error(file: &str, index: Option<usize>, error: &str, ply: Option<usize>) -> Item {
        let mut v = serde_json::json!({ "file": file, "error": error });
        if let Some(i) = index {
            v["index"] = serde_json::json!(i);
        }
        if let Some(p) = ply {
            v["ply"] = serde_json::json!(p);
        }
        let place = match (index, ply) {
            (Some(i), Some(p)) => format!(": game {i}, ply {p}"),
            (Some(i), None) => format!(": game {i}"),
            _ => String::new(),
        };
        Item::failed(v, format!("{file}{place}: error: {error}\n"))
    }

    /// An item that could not be judged: `json` is the error object.
    pub fn failed(json: serde_json::Value, text: String) -> Item {
        Item {
            json,
            line: None,
            text,
            failed: true,
        }
    }
}

/// Prints items as they are produced (streamed: a batch is never held whole in memory) and
/// remembers whether any failed. Output is buffered, and flushed after every item when standard
/// output is a terminal; [`Emitter::flush`] (or dropping the emitter) writes the rest.
pub struct Emitter {
    json: bool,
    failed: bool,
    count: usize,
    out: std::io::BufWriter<std::io::Stdout>,
    interactive: bool,
}

impl Emitter {
    /// `json`: one JSON object per line; otherwise the text reports, separated by blank lines.
    pub fn new(json: bool) -> Emitter {
        use std::io::IsTerminal;
        let stdout = std::io::stdout();
        Emitter {
            json,
            failed: false,
            count: 0,
            interactive: stdout.is_terminal(),
            out: std::io::BufWriter::with_capacity(1 << 16, stdout),
        }
    }

    /// Print one item on standard output.
    pub fn emit(&mut self, item: Item) {
        use std::io::Write;
        let out = &mut self.out;
        let _ = if self.json {
            match &item.line {
                Some(line) => writeln!(out, "{line}"),
                None => writeln!(out, "{}", item.json),
            }
        } else {
            if self.count > 0 {
                let _ = writeln!(out);
            }
            write!(out, "{}", item.text)
        };
        if !item.text.ends_with('\n') && !self.json {
            let _ = writeln!(out);
        }
        if self.interactive {
            self.flush();
        }
        self.failed |= item.failed;
        self.count += 1;
    }

    /// Writes out what is buffered.
    pub fn flush(&mut self) {
        use std::io::Write;
        let _ = self.out.flush();
    }

    /// True when some emitted item could not be judged.
    pub fn any_failed(&self) -> bool {
        self.failed
    }
}
