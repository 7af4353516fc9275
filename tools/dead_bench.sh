#!/usr/bin/env bash
# `arbiter dead --fen-file` against python-chess's insufficient-material loop on the same FEN
# file, both as whole processes (start, read, parse, answer), CPU time (user + system), best of
# REPS runs each, measured in the same run so that the ratio holds on a loaded machine.
# usage: tools/dead_bench.sh FEN-FILE [ARBITER-BINARY] [REPS]
# (FEN-FILE: one FEN per line, optionally followed by a label; python-chess must be installed.)
# With BASELINE=OTHER-BINARY in the environment, that binary (an earlier build) is measured in
# the same run too.
set -euo pipefail
file=${1:?usage: tools/dead_bench.sh FEN-FILE [ARBITER-BINARY] [REPS]}
bin=${2:-target/release/arbiter}
reps=${3:-3}
peer=$(mktemp)
trap 'rm -f "$peer" "$peer.t"' EXIT
cat >"$peer" <<'PY'
import sys, chess
n = 0
for line in open(sys.argv[1]):
    words = line.split()
    if not words or words[0].startswith("#"):
        continue
    n += chess.Board(" ".join(words[:6])).is_insufficient_material()
print(n)
PY
cpu() { # best CPU seconds of $reps runs of "$@"
    local best=
    for _ in $(seq "$reps"); do
        local t
        /usr/bin/time -o "$peer.t" -f "%U %S" "$@" >/dev/null 2>&1
        t=$(awk '{print $1 + $2}' "$peer.t")
        if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN{exit !(a < b)}'; then best=$t; fi
    done
    echo "$best"
}
py=$(cpu python3 "$peer" "$file")
ours=$(cpu "$bin" dead --json --fen-file "$file")
echo "python-chess is_insufficient_material loop: ${py} s CPU"
echo "arbiter dead --fen-file (every answer proved): ${ours} s CPU"
awk -v p="$py" -v o="$ours" 'BEGIN{printf "arbiter is %.2fx as fast as python-chess (goal: 2x)\n", p / o}'
if [ -n "${BASELINE:-}" ]; then
    base=$(cpu "$BASELINE" dead --json --fen-file "$file")
    echo "baseline $BASELINE: ${base} s CPU"
    awk -v p="$py" -v b="$base" -v o="$ours" \
        'BEGIN{printf "baseline is %.2fx as fast as python-chess; this build %.2fx the baseline'"'"'s speed\n", p / b, b / o}'
fi
