//! What an installed `arbiter` offers beside judging: `--version` with the commit it was built
//! from, shell completions that the shells accept, and manual pages.

use std::process::{Command, Output};

fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(out: &Output) -> String {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout.clone()).expect("UTF-8")
}

/// The checkout's commit, when this is a git checkout with git installed.
fn git_head() -> Option<String> {
    let out = Command::new("git")
        .args(["rev-parse", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

#[test]
fn version_names_the_commit() {
    let line = stdout(&arbiter(&["--version"]));
    let line = line.trim_end();
    let version = concat!("arbiter ", env!("CARGO_PKG_VERSION"));
    match git_head() {
        Some(head) => assert_eq!(line, format!("{version} ({})", &head[..12])),
        // A source archive: the version alone, or the commit `cargo package` recorded.
        None => assert!(
            line == version || line.starts_with(&format!("{version} (")),
            "{line}"
        ),
    }
}

#[test]
fn bash_completion_is_valid_bash_and_knows_the_subcommands() {
    let script = stdout(&arbiter(&["completions", "bash"]));
    assert!(script.contains("complete -F _arbiter"), "{script}");
    for word in ["judge", "claim", "completions", "--dead-check", "--intended-move"] {
        assert!(script.contains(word), "no {word} in the bash completion");
    }
    // bash parses it (syntax only, nothing run).
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("arbiter.bash");
    std::fs::write(&path, &script).unwrap();
    if let Ok(out) = Command::new("bash").arg("-n").arg(&path).output() {
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
}

#[test]
fn completions_for_each_shell() {
    for (shell, marker) in [
        ("zsh", "#compdef arbiter"),
        ("fish", "complete -c arbiter"),
        (
            "powershell",
            "Register-ArgumentCompleter -Native -CommandName 'arbiter'",
        ),
    ] {
        let script = stdout(&arbiter(&["completions", shell]));
        assert!(script.contains(marker), "{shell}: {script}");
        assert!(script.contains("dead-check"), "{shell}: no --dead-check");
    }
    let out = arbiter(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn man_page_documents_every_subcommand() {
    let page = stdout(&arbiter(&["man"]));
    assert!(
        page.starts_with(".ie \\n(.g .ds Aq \\(aq"),
        "{}",
        &page[..80.min(page.len())]
    );
    assert!(page.contains(".TH arbiter 1"), "no title line");
    for section in [
        ".SH NAME",
        ".SH SYNOPSIS",
        ".SH DESCRIPTION",
        ".SH SUBCOMMANDS",
        ".SH VERSION",
    ] {
        assert!(page.contains(section), "no {section}");
    }
    for sub in [
        "judge", "cycle", "classify", "claim", "dead", "perft", "convert", "rules", "serve", "referee",
    ] {
        assert!(page.contains(&format!("arbiter\\-{sub}(1)")), "{sub} missing");
    }
}

#[test]
fn man_dir_writes_a_page_per_subcommand() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let out = arbiter(&["man", "--dir", d]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let judge = std::fs::read_to_string(dir.path().join("arbiter-judge.1")).unwrap();
    assert!(judge.contains(".TH arbiter-judge 1"), "{judge}");
    assert!(judge.contains("dead\\-check"), "{judge}");
    assert!(dir.path().join("arbiter.1").is_file());
    let missing = dir.path().join("no-such-folder");
    let out = arbiter(&["man", "--dir", missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
}
