//! Peak memory of `arbiter rescore` does not grow with its input. A test binary of its own, so
//! that no other test runs beside the two measured children.

#![cfg(target_os = "linux")]

use std::io::Write;
use std::process::{Command, Stdio};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// Peak resident memory (KiB) of `arbiter rescore FILE` as the kernel counts it for the
/// child (`wait4`).
#[allow(clippy::zombie_processes)] // reaped by `wait4`, which also gives its peak memory
fn peak_kib(file: &std::path::Path) -> i64 {
    let child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("rescore")
        .arg("--match")
        .arg(file)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid = i32::try_from(child.id()).unwrap();
    let mut status = 0;
    // SAFETY: an all-zero `rusage` is valid, and `wait4` writes only into it and `status`.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is our child, not yet waited for; the pointers are to live locals.
    let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(r, pid);
    assert_eq!(libc::WEXITSTATUS(status), 0);
    usage.ru_maxrss
}

#[test]
fn peak_memory_does_not_grow_with_the_input() {
    // 1,125 real games (ICCS), once and 64 times (51 MB).
    let one = std::fs::read(format!(
        "{ROOT}/crates/records/tests/fixtures/iccs/liu_dahua_1125.pgn"
    ))
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let (p1, p64) = (dir.path().join("x1.pgn"), dir.path().join("x64.pgn"));
    std::fs::write(&p1, &one).unwrap();
    let mut f = std::fs::File::create(&p64).unwrap();
    for _ in 0..64 {
        f.write_all(&one).unwrap();
    }
    drop(f);
    drop(one);
    let (m1, m64) = (peak_kib(&p1), peak_kib(&p64));
    assert!(m64 - m1 < 4096, "peak RSS x1 {m1} KiB, x64 {m64} KiB");
}
