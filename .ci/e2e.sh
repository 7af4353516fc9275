#!/usr/bin/env bash
# End to end: run the release binary on every folder of the shared data and compare the totals
# (games read, games with errors, verdict counts per folder and rule set) with
# .ci/e2e-expected.txt. A regression anywhere shows as a diff.
#   bash .ci/e2e.sh DATA_DIR BINARY [--update]
set -euo pipefail
data=${1:?data dir}; bin=${2:?binary}; update=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp)
trap 'rm -f "$out"' EXIT
run() { # label, args...
  local label=$1; shift
  local start=$SECONDS rc=0
  "$bin" judge --json "$@" 2>/dev/null >"$out.json" || rc=$?
  python3 "$here/e2e_summary.py" "$label" "$rc" <"$out.json" >>"$out"
  echo "  $label: $((SECONDS - start)) s" >&2
  rm -f "$out.json"
}
for rules in axf tw113; do
  run "xiangqi/iccs $rules" --rules "$rules" "$data/xiangqi/iccs"
  run "xiangqi/notation $rules" --rules "$rules" "$data/xiangqi/notation"
  run "xiangqi/big5 $rules" --rules "$rules" "$data/xiangqi/big5"
  run "xiangqi/xqf $rules" --rules "$rules" "$data/xiangqi/xqf"
  run "xiangqi/formats $rules" --rules "$rules" "$data/xiangqi/formats"
done
run "chess/ashlar" "$data/chess/ashlar"
run "chess/pychess" "$data/chess/pychess"
if [ "$update" = "--update" ]; then
  cp "$out" "$here/e2e-expected.txt"
  echo "updated $here/e2e-expected.txt"
  exit 0
fi
if diff -u "$here/e2e-expected.txt" "$out"; then
  n=$(wc -l <"$out")
  echo "e2e: $n passed, 0 failed"
else
  echo "e2e: totals differ from .ci/e2e-expected.txt (see diff above)"
  exit 1
fi
