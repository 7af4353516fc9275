#!/usr/bin/env bash
# Platform-specific code stays behind cfg: every use of a Unix-only API (std::os::unix,
# tokio::signal::unix, libc) sits in an item under #[cfg(unix)] with a #[cfg(not(unix))] twin
# in the same file. Then, where rustup can add the Windows target, `cargo check` of the CLI for
# it (only the Rust side: C dependencies are not compiled for it here).
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
while IFS= read -r file; do
  # Each unix use needs a #[cfg(unix)] within the 12 lines above it...
  while IFS=: read -r line _; do
    from=$((line > 12 ? line - 12 : 1))
    if ! sed -n "${from},${line}p" "$file" | grep -q '#\[cfg(unix)\]'; then
      echo "portable: $file:$line uses a Unix-only API outside #[cfg(unix)]" >&2
      status=1
    fi
  done < <(grep -nE 'std::os::unix|signal::unix|\blibc::' "$file")
  # ...and the file has the other branch.
  if ! grep -q '#\[cfg(not(unix))\]' "$file"; then
    echo "portable: $file has no #[cfg(not(unix))] branch" >&2
    status=1
  fi
done < <(grep -rlE 'std::os::unix|signal::unix|\blibc::' crates/*/src crates/*/build.rs 2>/dev/null || true)
[ $status = 0 ] && echo "portable: every Unix-only API is behind #[cfg(unix)] with a #[cfg(not(unix))] branch"
exit $status
