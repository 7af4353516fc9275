//! `arbiter serve` and `arbiter referee`: hand over to the arbiter-server crate.

use crate::args::ServeArgs;
use std::process::ExitCode;

/// Runs the HTTP server until Ctrl-C. Exit code 2 for a bad flag (clap checks the ranges),
/// 1 when it cannot listen.
pub fn run(a: ServeArgs) -> ExitCode {
    let mut limits = arbiter_server::Limits {
        // Clap caps --max-body at 1 GiB and --max-connections at 65536: both fit a usize.
        body_bytes: usize::try_from(a.max_body).unwrap_or(usize::MAX),
        time: a.max_seconds,
        perft_depth: a.max_perft_depth,
        connections: usize::try_from(a.max_connections).unwrap_or(usize::MAX),
        ..Default::default()
    };
    if let Some(n) = a.max_concurrent {
        limits.concurrency = usize::try_from(n).unwrap_or(1);
    }
    let config = arbiter_server::Config {
        bind: a.bind,
        limits,
        cors: a.cors,
        allow_hosts: a.allow_hosts,
        access_log: a.access_log,
        lang: crate::output::lang(),
    };
    match arbiter_server::serve(config) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            crate::output::error_line(format!("{e:#}"));
            ExitCode::from(1)
        }
    }
}

/// Runs the line-protocol referee on standard input and output, its games' words in `lang`
/// (`None`: English, no `text`).
pub fn referee(lang: Option<arbiter::Lang>) -> ExitCode {
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    match arbiter_server::referee::run_in(stdin, stdout, lang) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arbiter: error: {e}");
            ExitCode::from(1)
        }
    }
}
