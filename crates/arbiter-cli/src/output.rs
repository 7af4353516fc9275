//! What a subcommand hands back to `main` for printing: one JSON object and a text report per
//! game or position, and whether that item could not be judged (exit code 1).

/// One answered item (a game, a position, a claim).
#[derive(Debug, Clone)]
pub struct Item {
    /// The object printed with `--json` (one line).
    pub json: serde_json::Value,
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
            text,
            failed: false,
        }
    }

    /// An item that could not be judged: `json` is the error object.
    pub fn failed(json: serde_json::Value, text: String) -> Item {
        Item {
            json,
            text,
            failed: true,
        }
    }
}

/// Prints items as they are produced (streamed: a batch is never held whole in memory) and
/// remembers whether any failed.
pub struct Emitter {
    json: bool,
    failed: bool,
    count: usize,
}

impl Emitter {
    /// `json`: one JSON object per line; otherwise the text reports, separated by blank lines.
    pub fn new(json: bool) -> Emitter {
        Emitter {
            json,
            failed: false,
            count: 0,
        }
    }

    /// Print one item on standard output.
    pub fn emit(&mut self, item: Item) {
        use std::io::Write;
        let stdout = std::io::stdout();
        let mut out = stdout.lock();
        let _ = if self.json {
            writeln!(out, "{}", item.json)
        } else {
            if self.count > 0 {
                let _ = writeln!(out);
            }
            write!(out, "{}", item.text)
        };
        if !item.text.ends_with('\n') && !self.json {
            let _ = writeln!(out);
        }
        self.failed |= item.failed;
        self.count += 1;
    }

    /// True when some emitted item could not be judged.
    pub fn any_failed(&self) -> bool {
        self.failed
    }
}
