#!/usr/bin/env bash
# The crates as crates.io would get them: `cargo package` for each, then the CLI built from the
# .crate files alone in a fresh directory outside the repository (the library crates patched in
# from their unpacked .crate files, as the registry would serve them), and the binary run.
# Third-party dependencies keep the repository's Cargo.lock versions and reuse the release
# build in target/, so only the five packaged crates compile again.
# Usage: .ci/package.sh (after `cargo build --release -p arbiter-referee-cli`)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
crates=(arbiter-referee-xiangqi arbiter-referee-records arbiter-referee arbiter-referee-server arbiter-referee-cli)
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
# --no-verify: the build below is the verification (one build instead of five).
cargo package --no-verify ${ALLOW_DIRTY:+--allow-dirty} $(printf -- '-p %s ' "${crates[@]}")
fresh=$(mktemp -d)
trap 'rm -rf "$fresh"' EXIT
{
  echo '[workspace]'
  echo 'resolver = "3"'
  echo "members = [\"arbiter-referee-cli-$version\"]"
  echo '[patch.crates-io]'
} >"$fresh/Cargo.toml"
for c in "${crates[@]}"; do
  f=target/package/$c-$version.crate
  echo "$c: $(du -k "$f" | cut -f1) KiB packed, $(tar -tzf "$f" | wc -l) files"
  tar -xzf "$f" -C "$fresh"
  [ "$c" = arbiter-referee-cli ] || echo "$c = { path = \"$c-$version\" }" >>"$fresh/Cargo.toml"
done
# The .crate files carry fixed timestamps and cargo hashes path crates relative to the
# workspace root, so an earlier run's build of these crates would look up to date: touch them.
find "$fresh" -type f -exec touch {} +
# Nothing of the repository is reachable from there but the lock file (versions only).
cp Cargo.lock "$fresh/"
# The release binary of the repository stays the one later steps use.
cp -p target/release/arbiter "$fresh/arbiter.repo"
(cd "$fresh" && CARGO_TARGET_DIR="$repo/target" cargo build -q --release --offline -p arbiter-referee-cli)
packaged=$fresh/arbiter
mv target/release/arbiter "$packaged"
mv "$fresh/arbiter.repo" target/release/arbiter
"$packaged" --version
"$packaged" judge --json "$fresh/arbiter-referee-server-$version/samples/" | wc -l | grep -qx 2 \
  || { echo "package: the packaged binary did not judge the two samples" >&2; exit 1; }
echo "package: the CLI builds and runs from the .crate files"
