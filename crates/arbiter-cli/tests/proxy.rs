//! `arbiter proxy` as a process: the dialogue passes through, the engine is ended when the
//! manager quits or closes its input, and dies with the proxy. The engines here are small shell
//! scripts (Unix); the real engines play through the proxy in `tools/engine_match.py` (CI).

#![cfg(unix)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn proxy(grace: &str, engine: &str) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["proxy", "--quit-grace", grace, "--", "sh", "-c", engine])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// An engine that answers each line with `got LINE` and exits with 7 on `quit`.
const ECHO: &str = r#"while read -r l; do [ "$l" = quit ] && exit 7; echo "got $l"; done; exit 3"#;

#[test]
fn quit_ends_the_engine_and_the_exit_code_is_the_engines() {
    let mut p = proxy("2", ECHO);
    p.stdin
        .take()
        .unwrap()
        .write_all(b"isready\nposition startpos moves e2e4\nquit\n")
        .unwrap();
    let out = p.wait_with_output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "got isready\ngot position startpos moves e2e4\n"
    );
    assert_eq!(out.status.code(), Some(7));
}

#[test]
fn the_end_of_input_sends_quit() {
    let mut p = proxy("2", ECHO);
    p.stdin.take().unwrap().write_all(b"uci\n").unwrap(); // then closed
    let out = p.wait_with_output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "got uci\n");
    assert_eq!(out.status.code(), Some(7));
}

#[test]
fn an_engine_that_will_not_quit_is_killed_after_the_grace_period() {
    let began = Instant::now();
    // `exec sleep`: the engine is the sleep itself, which reads nothing and ignores quit.
    let mut p = proxy("0.3", "exec sleep 30");
    drop(p.stdin.take());
    let out = p.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(128 + 9), "killed by SIGKILL");
    assert!(began.elapsed() < Duration::from_secs(10), "{:?}", began.elapsed());
}

#[test]
fn an_engine_that_ends_ends_the_proxy() {
    let mut p = proxy("2", "read -r l; echo bye; exit 5");
    let mut stdin = p.stdin.take().unwrap();
    stdin.write_all(b"uci\n").unwrap();
    let mut line = String::new();
    BufReader::new(p.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert_eq!(line, "bye\n");
    // The manager's input is still open: the proxy ends with the engine all the same.
    assert_eq!(p.wait().unwrap().code(), Some(5));
}

#[test]
#[cfg(target_os = "linux")]
fn the_engine_dies_with_the_proxy() {
    let mut p = proxy("2", "echo $$; exec sleep 30");
    let _stdin = p.stdin.take();
    let mut line = String::new();
    BufReader::new(p.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let engine: u32 = line.trim().parse().unwrap();
    let alive = |pid: u32| {
        std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .is_ok_and(|s| !s.rsplit(')').next().unwrap_or("").trim_start().starts_with('Z'))
    };
    assert!(alive(engine));
    p.kill().unwrap(); // SIGKILL: the proxy cannot clean up
    p.wait().unwrap();
    let until = Instant::now() + Duration::from_secs(5);
    while alive(engine) && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!alive(engine), "engine {engine} outlived the proxy");
}

#[test]
fn a_missing_engine_is_an_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["proxy", "--", "/nonexistent/engine"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot start the engine /nonexistent/engine"),
        "{err}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["proxy"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "no engine: a usage error");
}

#[test]
fn bytes_that_are_not_utf8_pass_unchanged_and_an_overlong_line_is_dropped() {
    let mut p = proxy("2", ECHO);
    let mut stdin = p.stdin.take().unwrap();
    let mut input = b"isready \xff\xfe\n".to_vec();
    input.extend(std::iter::repeat_n(b'x', (1 << 20) + 10));
    input.extend(b"\nquit\n");
    // Written from a thread: the pipes are smaller than the long line.
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = p.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    // The engine's answer and the proxy's line come in either order.
    let mut lines: Vec<&[u8]> = out
        .stdout
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .collect();
    lines.sort();
    assert_eq!(
        lines,
        [
            &b"got isready \xff\xfe"[..],
            &b"info string arbiter: line 2 longer than 1048576 bytes; dropped"[..],
        ]
    );
    assert_eq!(out.status.code(), Some(7));
}
