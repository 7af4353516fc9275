#!/usr/bin/env bash
# CPU seconds (perf stat task-clock: the process and all its descendants, the JVM and the Python
# workers included) of the CLI and of Spark local[1]/local[2] on a PGN corpus, and of Spark on a
# one-game file (its fixed cost: JVM, session, Python workers). Steadier than wall time on a
# loaded machine; Spark's cost per game = (corpus run - one-game run) / games.
#   bash crates/arbiter-py/bench/spark_cpu.sh CORPUS.pgn target/release/arbiter PYTHON [ROUNDS]
# PYTHON: an interpreter with arbiter-referee[spark] installed (bench/spark_bench.py builds a corpus).
set -euo pipefail
corpus=${1:?corpus}; bin=${2:?arbiter binary}; py=${3:?python}; rounds=${4:-2}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PYSPARK_PYTHON=$py
"$py" - "$here/spark_bench.py" >"$work/run.py" <<'P'
import re, sys
print(re.search(r'SPARK_RUN = r"""(.*?)"""', open(sys.argv[1]).read(), re.S).group(1))
P
printf '[Event "x"]\n\n1. e4 e5 *\n' >"$work/one.pgn"
m() { # label cmd...
  local la t0 t1 cpu
  la=$(cut -d' ' -f1 /proc/loadavg); t0=$(date +%s.%N)
  cpu=$(perf stat -e task-clock -x, -- "${@:2}" 2>&1 >/dev/null | grep task-clock | cut -d, -f1)
  t1=$(date +%s.%N)
  echo "$1 cpu_ms=$cpu wall_s=$(echo "$t1 - $t0" | bc) load=$la"
}
for _ in $(seq "$rounds"); do
  m cli1 "$bin" judge --json --jobs 1 "$corpus"
  m spark1 "$py" "$work/run.py" "local[1]" "$corpus" "$work/s1.parquet" 16777216
  m spark1-one "$py" "$work/run.py" "local[1]" "$work/one.pgn" "$work/s1o.parquet" 16777216
  m cli2 "$bin" judge --json --jobs 2 "$corpus"
  m spark2 "$py" "$work/run.py" "local[2]" "$corpus" "$work/s2.parquet" 16777216
  m spark2-one "$py" "$work/run.py" "local[2]" "$work/one.pgn" "$work/s2o.parquet" 16777216
done
