#!/usr/bin/env bash
# A bounded load run of `arbiter serve` on loopback (not part of CI): judges the 100-ply xiangqi
# game and the 80-ply chess game of tests/data with wrk, prints requests/s, p50/p99 latency and
# errors, and the server's RSS after each round (flat = no growth per request).
#   crates/arbiter-server/bench/load.sh [target/release/arbiter] [seconds per round] [rounds]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bin="${1:-target/release/arbiter}"
secs="${2:-10}"
rounds="${3:-3}"
port=$((20000 + RANDOM % 20000))
"$bin" serve --bind "127.0.0.1:$port" 2>/dev/null &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/api/v1/" >/dev/null && break; sleep 0.1; done
rss() { awk '/VmRSS/ {print $2 " kB"}' "/proc/$pid/status"; }
echo "server pid $pid, RSS at start: $(rss)"
for body in xiangqi-100-plies.pgn chess-80-plies.pgn; do
  for r in $(seq "$rounds"); do
    echo "== $body, round $r (${secs}s, 2 threads, 16 connections)"
    BODY="$here/../tests/data/$body" wrk -t2 -c16 -d"${secs}s" --latency -s "$here/post.lua" \
      "http://127.0.0.1:$port/api/v1/judge" | grep -E "requests in|Requests/sec|50%|99%|Non-2xx|Socket errors"
    echo "RSS: $(rss)"
  done
done
