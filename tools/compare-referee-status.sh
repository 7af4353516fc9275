#!/usr/bin/env bash
# Every per-ply status of the chess referee (what Python's chess.Referee.push returns) from two
# builds of the `referee_push` example, over every PGN file under a folder: the statuses must
# be the same, ply by ply.
#   tools/compare-referee-status.sh BASE_EXAMPLE NEW_EXAMPLE DATA_DIR
# (build each with `cargo build --release -p arbiter-referee --example referee_push`).
set -euo pipefail
base=$1 new=$2 dir=$3
files=0 plies=0 differ=0
while IFS= read -r -d '' f; do
  a=$("$base" "$f" --dump 2>/dev/null | sha256sum)
  b=$("$new" "$f" --dump 2>/dev/null | sha256sum)
  n=$("$new" "$f" --dump 2>/dev/null | wc -l)
  files=$((files + 1)) plies=$((plies + n))
  if [ "$a" != "$b" ]; then
    differ=$((differ + 1))
    echo "differs: $f"
  fi
done < <(find "$dir" -iname '*.pgn' -print0 | sort -z)
echo "$files files, $plies statuses, $differ files differ"
[ "$differ" -eq 0 ]
