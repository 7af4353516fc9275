//! `arbiter serve` and `arbiter referee`: hand over to the arbiter-server crate.

use crate::args::ServeArgs;
use std::process::ExitCode;
use std::time::Duration;

/// Runs the HTTP server until Ctrl-C. Exit code 2 for a bad flag, 1 when it cannot listen.
pub fn run(a: ServeArgs) -> ExitCode {
    if !(a.max_seconds.is_finite() && a.max_seconds > 0.0) {
        eprintln!("arbiter: usage error: --max-seconds must be a positive number of seconds");
        return ExitCode::from(2);
    }
    let mut limits = arbiter_server::Limits {
        body_bytes: a.max_body,
        time: Duration::from_secs_f64(a.max_seconds),
        perft_depth: a.max_perft_depth,
        ..Default::default()
    };
    if let Some(n) = a.max_concurrent {
        limits.concurrency = n.max(1);
    }
    let config = arbiter_server::Config {
        bind: a.bind,
        limits,
        cors: a.cors,
    };
    match arbiter_server::serve(config) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arbiter: error: {e:#}");
            ExitCode::from(1)
        }
    }
}

/// Runs the line-protocol referee on standard input and output.
pub fn referee() -> ExitCode {
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    match arbiter_server::referee::run(stdin, stdout) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arbiter: error: {e}");
            ExitCode::from(1)
        }
    }
}
