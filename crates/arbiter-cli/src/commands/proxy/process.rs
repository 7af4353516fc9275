//! The processes around a [`super::Session`]: the engine started as a child, the lines moved
//! between it and the manager, signals and the exit code.

use super::*;

/// Where lines to the manager go: standard output, one whole line at a time (the engine's
/// lines and the proxy's `info string` lines never interleave within a line).
pub(super) type ToManager = Arc<Mutex<std::io::Stdout>>;

/// Writes `lines` to the manager; `false` when standard output is closed.
pub(super) fn tell(out: &ToManager, lines: &[String]) -> bool {
    let mut o = out.lock().unwrap_or_else(|p| p.into_inner());
    lines.iter().all(|l| writeln!(o, "{l}").is_ok()) && o.flush().is_ok()
}

/// What the main loop waits for.
pub(super) enum Event {
    /// A line from the manager (without its line end), or `None` for one too long (dropped).
    Manager(Option<Vec<u8>>),
    /// The manager closed its input (or reading it failed).
    ManagerEnd,
    /// The engine closed its output.
    EngineEnd,
}

/// Reads lines of at most [`MAX_LINE_BYTES`] from `input`; `Ok(None)` at the end, `Ok(Some((line,
/// complete)))` where `complete` is false for a piece of a longer line.
pub(super) fn read_capped(input: &mut impl BufRead, buf: &mut Vec<u8>) -> std::io::Result<Option<bool>> {
    buf.clear();
    let n = input.take(MAX_LINE_BYTES as u64).read_until(b'\n', buf)?;
    if n == 0 {
        return Ok(None);
    }
    let complete = buf.last() == Some(&b'\n');
    while matches!(buf.last(), Some(b'\n' | b'\r')) {
        buf.pop();
    }
    Ok(Some(complete))
}

/// The engine's exit code as the proxy's: its own, or 128 + the signal that ended it (Unix),
/// 1 when unknown.
pub(super) fn exit_code(status: std::process::ExitStatus) -> ExitCode {
    if let Some(c) = status.code() {
        return ExitCode::from(u8::try_from(c & 0xff).unwrap_or(1));
    }
    ExitCode::from(signal_code(status))
}

#[cfg(unix)]
pub(super) fn signal_code(status: std::process::ExitStatus) -> u8 {
    use std::os::unix::process::ExitStatusExt;
    status.signal().map_or(1, |s| u8::try_from(128 + s).unwrap_or(1))
}

#[cfg(not(unix))]
pub(super) fn signal_code(_: std::process::ExitStatus) -> u8 {
    1
}

/// Makes the engine die with the proxy: on Linux the kernel sends it SIGKILL when the proxy
/// ends, however it ends (`prctl(PR_SET_PDEATHSIG)`, set between fork and exec).
#[cfg(unix)]
pub(super) fn die_with_proxy(cmd: &mut Command) {
    use std::os::unix::process::CommandExt;
    let proxy = std::process::id();
    // SAFETY: the closure runs in the forked child before exec; `die_with` calls only
    // async-signal-safe functions and allocates nothing.
    unsafe {
        cmd.pre_exec(move || die_with(proxy));
    }
}

/// In the forked engine before exec: asks for SIGKILL when the parent `proxy` ends (Linux; a
/// no-op elsewhere), and refuses to start when the proxy has already ended.
#[cfg(unix)]
pub(super) fn die_with(proxy: u32) -> std::io::Result<()> {
    #[cfg(target_os = "linux")]
    // SAFETY: plain system calls on the calling process.
    unsafe {
        if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
            return Err(std::io::Error::last_os_error());
        }
        if u32::try_from(libc::getppid()).ok() != Some(proxy) {
            return Err(std::io::Error::from(std::io::ErrorKind::BrokenPipe));
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = proxy;
    Ok(())
}

#[cfg(not(unix))]
pub(super) fn die_with_proxy(_: &mut Command) {}

/// Ends the engine: waits up to `grace` for it to exit, then kills it; its exit code.
pub(super) fn finish(child: &mut Child, grace: Duration) -> ExitCode {
    let until = Instant::now() + grace;
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return exit_code(status),
            Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(10)),
            _ => break,
        }
    }
    let _ = child.kill();
    child.wait().map_or(ExitCode::from(1), exit_code)
}

/// Sends `lines` to the engine; `false` when it no longer reads.
pub(super) fn send<L: AsRef<[u8]>>(engine: &mut Option<ChildStdin>, lines: &[L]) -> bool {
    let Some(e) = engine.as_mut() else { return false };
    lines
        .iter()
        .all(|l| e.write_all(l.as_ref()).is_ok() && e.write_all(b"\n").is_ok())
        && e.flush().is_ok()
}

/// Runs the proxy: starts the engine, passes the dialogue through with the rules' restrictions,
/// and exits with the engine's exit code (2 for a usage error, 1 when the engine cannot start).
pub fn run(args: ProxyArgs) -> ExitCode {
    let options = match args.judging.options() {
        Ok(o) => o,
        Err(e) => {
            crate::output::usage_error(e);
            return ExitCode::from(2);
        }
    };
    let (program, engine_args) = args.engine.split_first().expect("clap requires the engine");
    let mut cmd = Command::new(program);
    cmd.args(engine_args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    die_with_proxy(&mut cmd);
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => {
            eprintln!(
                "arbiter: error: cannot start the engine {}: {e}",
                program.to_string_lossy()
            );
            return ExitCode::from(1);
        }
    };
    let mut engine_in = child.stdin.take();
    let engine_out = child.stdout.take().expect("the engine's output is piped");
    let to_manager: ToManager = Arc::new(Mutex::new(std::io::stdout()));
    let (events, inbox) = mpsc::channel();

    // The engine's lines go to the manager as they come, unchanged.
    let engine_events = events.clone();
    let out = Arc::clone(&to_manager);
    std::thread::spawn(move || {
        let mut input = std::io::BufReader::new(engine_out);
        let mut buf = Vec::new();
        while let Ok(Some(complete)) = read_capped(&mut input, &mut buf) {
            let mut o = out.lock().unwrap_or_else(|p| p.into_inner());
            let ok = o.write_all(&buf).is_ok()
                && (!complete || o.write_all(b"\n").is_ok())
                && (!complete || o.flush().is_ok());
            if !ok {
                break;
            }
        }
        let _ = engine_events.send(Event::EngineEnd);
    });

    // The manager's lines, read on their own thread so that the engine's end is seen at once.
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        let mut buf = Vec::new();
        loop {
            let event = match read_capped(&mut input, &mut buf) {
                Ok(Some(true)) => Event::Manager(Some(buf.clone())),
                Ok(Some(false)) if buf.len() < MAX_LINE_BYTES => Event::Manager(Some(buf.clone())),
                Ok(Some(false)) => {
                    // Too long: drop the rest of it.
                    while let Ok(Some(false)) = read_capped(&mut input, &mut buf) {}
                    Event::Manager(None)
                }
                Ok(None) | Err(_) => Event::ManagerEnd,
            };
            let end = matches!(event, Event::ManagerEnd);
            if events.send(event).is_err() || end {
                break;
            }
        }
    });

    let mut session = Session::new(options).in_lang(crate::output::lang());
    let mut n = 0usize;
    let quit = |engine_in: &mut Option<ChildStdin>, inbox: &mpsc::Receiver<Event>, child: &mut Child| {
        // Closing the engine's input is its second signal to end; its output is passed on
        // until it ends or the grace period is over.
        *engine_in = None;
        let until = Instant::now() + args.quit_grace;
        while let Some(left) = until.checked_duration_since(Instant::now()) {
            match inbox.recv_timeout(left) {
                Ok(Event::EngineEnd) | Err(_) => break,
                Ok(_) => {}
            }
        }
        finish(child, args.quit_grace.saturating_sub(until.elapsed()))
    };
    while let Ok(event) = inbox.recv() {
        match event {
            Event::Manager(line) => {
                n += 1;
                let Some(line) = line else {
                    tell(
                        &to_manager,
                        &[info(&format!(
                            "line {n} longer than {MAX_LINE_BYTES} bytes; dropped"
                        ))],
                    );
                    continue;
                };
                match std::str::from_utf8(&line) {
                    Ok(text) => {
                        let rewritten = session.manager_line(text);
                        if !rewritten.to_manager.is_empty() {
                            tell(&to_manager, &rewritten.to_manager);
                        }
                        send(&mut engine_in, &rewritten.to_engine);
                    }
                    // Not UTF-8: no command the proxy reads; passed on byte for byte.
                    Err(_) => {
                        send(&mut engine_in, &[&line]);
                    }
                }
                if line.split(|b| b.is_ascii_whitespace()).next() == Some(b"quit") {
                    return quit(&mut engine_in, &inbox, &mut child);
                }
            }
            Event::ManagerEnd => {
                send(&mut engine_in, &["quit".to_string()]);
                return quit(&mut engine_in, &inbox, &mut child);
            }
            Event::EngineEnd => return finish(&mut child, args.quit_grace),
        }
    }
    finish(&mut child, args.quit_grace)
}
