//! `arbiter referee` and `arbiter serve` as the binary runs them: the line protocol over real
//! stdin/stdout, and the server answering on a loopback port given on the command line.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
}

#[test]
fn referee_answers_one_line_per_line() {
    let mut child = bin()
        .arg("referee")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let input = concat!(
        "{\"cmd\":\"new\",\"fen\":\"4k4/9/5R3/9/9/4P4/9/9/9/4K4 w\"}\n",
        "{\"cmd\":\"push\",\"move\":\"f7e7\"}\n",
        "garbage\n",
        "{\"cmd\":\"push\",\"move\":\"e9e8\"}\n",
        "{\"cmd\":\"push\",\"move\":\"e9f9\"}\n",
    );
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .skip(1) // the first line: version and capabilities
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 5);
    assert_eq!(lines[1]["move"]["kinds"], serde_json::json!(["check"]));
    assert_eq!(lines[2]["line"], 3);
    assert_eq!(lines[3]["ply"], 2);
    assert_eq!(lines[4]["plies"], 2);
}

#[test]
fn serve_listens_where_asked_and_answers() {
    let mut child = bin()
        .args(["serve", "--bind", "127.0.0.1:0"])
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    err.read_line(&mut line).unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|s| s.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    let mut s = std::net::TcpStream::connect(&addr).unwrap();
    write!(
        s,
        "GET /api/v1/ HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    child.kill().unwrap();
    let _ = child.wait();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"api\":\"v1\""));
}

#[test]
fn serve_refuses_a_bad_flag() {
    let out = bin().args(["serve", "--bind", "localhost"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = bin().args(["serve", "--max-seconds", "0"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}
