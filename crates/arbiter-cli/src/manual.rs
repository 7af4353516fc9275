//! `arbiter completions SHELL` and `arbiter man`: what clap's generators make of the argument
//! definitions in `args.rs` (so they cannot fall out of step with `--help`).

use crate::args::{Cli, CompletionsArgs, ManArgs};
use clap::CommandFactory;
use std::io::Write;
use std::process::ExitCode;

/// The completion script for `a.shell` on standard output.
pub fn completions(a: CompletionsArgs) -> ExitCode {
    let mut out = Vec::new();
    clap_complete::generate(a.shell, &mut Cli::command(), "arbiter", &mut out);
    write_stdout(&out)
}

/// `arbiter.1` on standard output, or every page (`arbiter.1`, `arbiter-judge.1`, ...) written
/// into `a.dir`.
pub fn man(a: ManArgs) -> ExitCode {
    let cmd = Cli::command();
    match a.dir {
        Some(dir) => {
            if !dir.is_dir() {
                crate::output::usage_error(format!(
                    "--dir {}{}",
                    dir.display(),
                    crate::output::say(": not a folder", "：不是資料夾", "：不是文件夹")
                ));
                return ExitCode::from(2);
            }
            match clap_mangen::generate_to(cmd, &dir) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!(
                        "arbiter: error: cannot write the pages into {}: {e}",
                        dir.display()
                    );
                    ExitCode::from(1)
                }
            }
        }
        None => {
            let mut out = Vec::new();
            clap_mangen::Man::new(cmd)
                .render(&mut out)
                .expect("rendering into memory cannot fail");
            write_stdout(&out)
        }
    }
}

fn write_stdout(bytes: &[u8]) -> ExitCode {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::from(1),
        Err(e) => {
            eprintln!("arbiter: error: cannot write the output: {e}");
            ExitCode::from(1)
        }
    }
}
