//! Time encoding detection alone over the files under a directory (no parsing or replay).
use std::time::Instant;
fn walk(p: &std::path::Path, out: &mut Vec<Vec<u8>>) {
    if p.is_dir() {
        for e in std::fs::read_dir(p).into_iter().flatten().flatten() {
            walk(&e.path(), out);
        }
    } else if records::is_record_path(p) {
        out.push(std::fs::read(p).unwrap_or_default());
    }
}
fn main() {
    let mut files = Vec::new();
    for a in std::env::args().skip(1) {
        walk(std::path::Path::new(&a), &mut files);
    }
    let t = Instant::now();
    let mut n = 0usize;
    for b in &files {
        n += records::encoding::decode(b).text.len();
    }
    println!(
        "{} files, {n} chars, {:.3}s",
        files.len(),
        t.elapsed().as_secs_f64()
    );
}
