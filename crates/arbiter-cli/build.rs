//! Names the commit the binary was built from, for `arbiter --version`: `ARBITER_COMMIT` when
//! set (a packager's choice), else the commit a packaged crate records in
//! `.cargo_vcs_info.json` (what `cargo install` builds), else `git rev-parse HEAD` in a
//! checkout; none of these (a source archive without git): the version alone.

use std::path::Path;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=ARBITER_COMMIT");
    let dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&dir);
    let commit = std::env::var("ARBITER_COMMIT")
        .ok()
        .filter(|c| !c.trim().is_empty())
        .or_else(|| packaged_commit(dir))
        .or_else(|| git_commit(dir));
    let version = env!("CARGO_PKG_VERSION");
    let full = match commit {
        Some(c) => format!("{version} ({})", c.trim().get(..12).unwrap_or(c.trim())),
        None => version.to_string(),
    };
    println!("cargo:rustc-env=ARBITER_VERSION={full}");
}

/// The `sha1` of `.cargo_vcs_info.json`, which `cargo package` writes into the crate.
fn packaged_commit(dir: &Path) -> Option<String> {
    let file = dir.join(".cargo_vcs_info.json");
    let text = std::fs::read_to_string(&file).ok()?;
    println!("cargo:rerun-if-changed={}", file.display());
    let rest = &text[text.find("\"sha1\"")? + "\"sha1\"".len()..];
    let rest = &rest[rest.find('"')? + 1..];
    let sha = &rest[..rest.find('"')?];
    (sha.len() >= 12 && sha.bytes().all(|b| b.is_ascii_hexdigit())).then(|| sha.to_string())
}

/// `git rev-parse HEAD` in `dir`, and the files whose change means another commit (HEAD, the
/// branch it names, packed refs) for cargo to watch.
fn git_commit(dir: &Path) -> Option<String> {
    let git = |args: &[&str]| -> Option<String> {
        let out = Command::new("git").args(args).current_dir(dir).output().ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
    };
    let sha = git(&["rev-parse", "HEAD"])?;
    for path in [
        git(&["rev-parse", "--git-path", "HEAD"]),
        git(&["rev-parse", "--git-path", "packed-refs"]),
        git(&["symbolic-ref", "-q", "HEAD"]).and_then(|r| git(&["rev-parse", "--git-path", &r])),
    ]
    .into_iter()
    .flatten()
    {
        let path = dir.join(path);
        if path.exists() {
            println!("cargo:rerun-if-changed={}", path.display());
        }
    }
    Some(sha)
}
