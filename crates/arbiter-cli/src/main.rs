//! `arbiter`: the command-line referee. Parses arguments, walks inputs, and prints what the
//! library decides; it never decides rules itself.

/// This crate's `eprintln!` (it shadows the standard one in every module below): the line goes
/// through [`output::to_stderr`], which escapes control characters and never panics when
/// standard error cannot be written (the standard macro panics, exit code 101).
macro_rules! eprintln {
    ($($arg:tt)*) => {
        $crate::output::to_stderr(&format!($($arg)*))
    };
}

mod args;
mod commands;
mod convert;
mod inputs;
mod manual;
mod output;
mod serve;
mod usage;

use args::{Cli, Command};
use clap::Parser;
use output::Emitter;
use std::process::ExitCode;

/// mimalloc instead of the system allocator: judging allocates and frees per move and per game
/// (move texts, reports). Liu Dahua file x1: 14.6 % fewer instructions, chess world_matches 4 %;
/// built without transparent huge pages (`no_thp`) so peak memory stays within 1 MB of glibc's.
/// The Python extension keeps the system allocator.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// An error in how the command was called (exit code 2), as opposed to input that could not be
/// judged (exit code 1).
#[derive(Debug)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage::clap_error(e),
    };
    let notation = match &cli.command {
        Command::Judge(a) => a.notation.notation,
        Command::Cycle(a) => a.notation.notation,
        Command::Classify(a) => a.notation.notation,
        _ => None,
    };
    output::set_speech(
        cli.lang.or_else(output::locale_lang).unwrap_or_default(),
        notation.unwrap_or_default(),
    );
    // The server and the referee loop live in arbiter-server; they print their own errors.
    match cli.command {
        Command::Serve(a) => return serve::run(a),
        // The referee's words: `--lang`, else a Chinese locale; else English without `text`.
        Command::Referee => {
            return serve::referee(
                cli.lang
                    .or_else(|| output::locale_lang().filter(|l| l.is_chinese())),
            )
        }
        Command::Proxy(a) => return commands::proxy::run(a),
        Command::Completions(a) => return manual::completions(a),
        Command::Man(a) => return manual::man(a),
        _ => {}
    }
    let json = match &cli.command {
        Command::Judge(a) => a.json,
        Command::Cycle(a) => a.json,
        Command::Classify(a) => a.json,
        Command::Claim(a) => a.json,
        Command::Dead(a) => a.json,
        Command::Perft(a) => a.json,
        Command::Convert(_) | Command::Rescore(_) => false,
        Command::Rules(a) => a.json,
        Command::Serve(_)
        | Command::Referee
        | Command::Proxy(_)
        | Command::Completions(_)
        | Command::Man(_) => false,
    };
    let mut emitter = Emitter::new(json);
    let result = match cli.command {
        Command::Judge(a) => commands::judge::run(a, &mut emitter),
        Command::Cycle(a) => commands::cycle::run(a, &mut emitter),
        Command::Classify(a) => commands::classify::run(a, &mut emitter),
        Command::Claim(a) => commands::claim::run(a, &mut emitter),
        Command::Dead(a) => commands::dead::run(a, &mut emitter),
        Command::Perft(a) => commands::perft::run(a, &mut emitter),
        Command::Convert(a) => convert::run(a),
        Command::Rescore(a) => commands::rescore::run(a),
        Command::Rules(a) => commands::rules::run(a, &mut emitter),
        Command::Serve(_)
        | Command::Referee
        | Command::Proxy(_)
        | Command::Completions(_)
        | Command::Man(_) => Ok(()),
    };
    emitter.flush();
    if let Some(e) = emitter.write_error() {
        // A closed pipe (`| head`) is the reader's choice: no message.
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            if output::lang().is_chinese() {
                eprintln!(
                    "arbiter：{}",
                    output::zh("錯誤：無法寫出輸出", "错误：无法写出输出")
                );
            } else {
                eprintln!("arbiter: error: cannot write the output: {e}");
            }
        }
        return ExitCode::from(1);
    }
    match result {
        Ok(()) if emitter.any_failed() => ExitCode::from(1),
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let zh = output::lang().is_chinese();
            if let Some(u) = e.downcast_ref::<UsageError>() {
                output::usage_error(u);
                ExitCode::from(2)
            } else {
                if json {
                    use std::io::Write;
                    let line = serde_json::json!({ "error": format!("{e:#}") });
                    let _ = writeln!(std::io::stdout().lock(), "{line}");
                }
                if zh {
                    // The library's errors in the reader's language (their causes are typed).
                    let text = match e.downcast_ref::<arbiter::Error>() {
                        Some(ae) => arbiter::render::errors::error(ae, output::lang())
                            .trim_end()
                            .to_string(),
                        // A file read whole: its path, then the system error's kind worded.
                        None if let Some(u) = e.downcast_ref::<inputs::Unread>() => format!(
                            "{}：{}",
                            u.path,
                            arbiter::render::errors::unreadable(
                                Some(u.io.kind()),
                                &u.io.to_string(),
                                output::lang()
                            )
                        ),
                        // A file the command could not read: the system error's kind worded.
                        None => match e.chain().find_map(|c| c.downcast_ref::<std::io::Error>()) {
                            Some(io) => arbiter::render::errors::unreadable(
                                Some(io.kind()),
                                &format!("{e:#}"),
                                output::lang(),
                            ),
                            None => format!("{e:#}"),
                        },
                    };
                    output::error_line(text);
                } else {
                    output::error_line(format!("{e:#}"));
                }
                ExitCode::from(1)
            }
        }
    }
}
