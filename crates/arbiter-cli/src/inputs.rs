//! Which files a command reads: the library's walk ([`arbiter::walk`]: files as given,
//! directories walked recursively for record files, each file once, symbolic link loops,
//! FIFOs, devices and sockets skipped, an unreadable directory an error item), plus `-` for
//! standard input. What the walk skips is noted on standard error.

pub use arbiter::walk::Input;

/// Expand command-line paths into inputs, in order (`-` is standard input); each path the
/// walk skipped is noted on standard error.
pub fn expand(paths: &[String]) -> Vec<Input> {
    let mut walk = arbiter::walk::Walk::default();
    let mut seen = arbiter::walk::Seen::default();
    for p in paths {
        if p == "-" {
            walk.inputs.push(Input::Stdin);
        } else {
            walk.push(std::path::Path::new(p), &mut seen);
        }
    }
    for skip in &walk.skipped {
        eprintln!("arbiter: note: {skip}");
    }
    walk.inputs
}
