//! Print the structural facts of XQF files: version, start board, main line (ICCS codes),
//! truncation and trailing bytes.
fn main() {
    for p in std::env::args().skip(1) {
        let b = std::fs::read(&p).unwrap_or_default();
        match records::xqf::parse(&b) {
            Ok(g) => {
                println!(
                    "{p}: v{:#04x} start {} main {} variations-at-top {} truncated {:?} trailing {}",
                    g.header.version,
                    g.start_position().to_fen(),
                    g.moves.len(),
                    g.moves.iter().map(|m| m.variations.len()).sum::<usize>(),
                    g.truncated_at,
                    g.trailing_bytes,
                );
                let line: Vec<String> = g.moves.iter().map(|m| m.text()).collect();
                println!("  {}", line.join(" "));
            }
            Err(e) => println!("{p}: {e}"),
        }
    }
}
