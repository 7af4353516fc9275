"""Benchmark of arbiter_referee.spark: games per second on one large PGN corpus for
Spark local[1] and local[2] (judge_pgn, written to Parquet) and for the CLI with --jobs 1 and
--jobs 2, in the same run, alternating the four, with the load average before each run.

    python crates/arbiter-py/bench/spark_bench.py --data DATA_DIR --cli target/release/arbiter \\
        [--games 200000] [--rounds 2] [--pin] [--out bench-out] [--plot docs/spark-scaling.png]

The corpus: every .pgn file under DATA_DIR, decoded (UTF-8, else Big5-HKSCS, else GB18030,
else Latin-1) and written as UTF-8, concatenated and repeated until it holds --games games
(counted by the CLI's splitter). Spark's time is the time of its two jobs and the Parquet
write, after the session has started (the session's start is reported apart); the CLI's is the
wall time of `arbiter judge --json --jobs N CORPUS > /dev/null`.

CPU: with `perf` installed, each run is counted with `perf stat -e task-clock` over the whole
process tree (the JVM and the Python workers included): `cpu_s` and `cores_used` = cpu_s /
wall (for Spark, of the whole process, session start included). local[1] is one task at a
time, but the JVM (reading Arrow, writing Parquet, its collectors) runs beside the Python
worker, so it can use more than one core. `--pin` runs every process tree on N cores only
(`taskset -c 0` for 1, `-c 0,1` for 2): the fair comparison of games/s against cores; report
pinned and unpinned runs both. Needs pyspark, pyarrow and matplotlib in the interpreter that
runs it.
"""

import argparse
import json
import os
import pathlib
import shutil
import subprocess
import sys
import time

SPARK_RUN = r"""
import json, os, sys, time
t0 = time.time()
from pyspark.sql import SparkSession
spark = (SparkSession.builder.master(sys.argv[1]).appName("arbiter-bench")
         .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false")
         .config("spark.driver.memory", "2g").getOrCreate())
spark.sparkContext.setLogLevel("ERROR")
from arbiter_referee import spark as S
t1 = time.time()
df = S.judge_pgn(spark, sys.argv[2], partition_bytes=int(sys.argv[4]) or None)
S.write_parquet(df, sys.argv[3])
t2 = time.time()
n = spark.read.parquet(sys.argv[3]).count()
print(json.dumps({"session_s": t1 - t0, "job_s": t2 - t1, "games": n}))
spark.stop()
"""


def decode(b: bytes) -> str:
    for enc in ("utf-8", "big5hkscs", "gb18030"):
        try:
            return b.decode(enc)
        except UnicodeDecodeError:
            pass
    return b.decode("latin-1")


def build_corpus(data: pathlib.Path, games: int, path: pathlib.Path) -> int:
    from arbiter_referee import _arbiter
    files = sorted(p for p in data.rglob("*") if p.suffix.lower() == ".pgn" and p.is_file())
    one = "".join(decode(p.read_bytes()).lstrip("\ufeff").rstrip() + "\n\n" for p in files)
    chunk = one.encode("utf-8")
    per_copy = _arbiter.count_games(chunk)
    copies = -(-games // per_copy)
    with open(path, "wb") as f:
        for _ in range(copies):
            f.write(chunk)
    return per_copy * copies


def load() -> float:
    return os.getloadavg()[0]


def wrap(cmd, cores: int, pin: bool, cpu_file: pathlib.Path):
    """``cmd`` pinned to ``cores`` cores (``--pin``) and counted by perf (when installed)."""
    if pin:
        cmd = ["taskset", "-c", ",".join(str(c) for c in range(cores)), *cmd]
    if shutil.which("perf"):
        cmd = ["perf", "stat", "-e", "task-clock", "-x", ",", "-o", str(cpu_file), "--", *cmd]
    return cmd


def cpu_seconds(cpu_file: pathlib.Path):
    """The task-clock of a ``perf stat -x ,`` output file, in seconds (None without perf)."""
    try:
        for line in cpu_file.read_text().splitlines():
            f = line.split(",")
            if len(f) > 2 and f[2].startswith("task-clock"):
                return float(f[0]) / 1000.0
    except (OSError, ValueError):
        pass
    return None


def run_cli(cli: str, corpus: pathlib.Path, jobs: int, pin: bool, out: pathlib.Path) -> dict:
    la = load()
    cpu_file = out / "cpu.txt"
    t = time.time()
    p = subprocess.run(wrap([cli, "judge", "--json", "--jobs", str(jobs), str(corpus)], jobs,
                            pin, cpu_file), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.time() - t
    cpu = cpu_seconds(cpu_file)
    return {"what": f"cli --jobs {jobs}", "cores": jobs, "wall_s": wall, "load": la,
            "pinned": pin, "cpu_s": cpu, "cores_used": cpu / wall if cpu else None,
            "rc": p.returncode, "note": p.stderr.decode()[-200:].strip()}


def run_spark(corpus: pathlib.Path, cores: int, out: pathlib.Path, part: int, pin: bool) -> dict:
    la = load()
    env = dict(os.environ, PYSPARK_PYTHON=sys.executable)
    cpu_file = out / "cpu.txt"
    t = time.time()
    p = subprocess.run(wrap([sys.executable, "-c", SPARK_RUN, f"local[{cores}]", str(corpus),
                             str(out / f"verdicts-{cores}.parquet"), str(part)], cores, pin,
                            cpu_file), capture_output=True, env=env)
    whole = time.time() - t
    if p.returncode != 0:
        raise SystemExit(p.stderr.decode()[-3000:])
    r = json.loads(p.stdout.decode().strip().splitlines()[-1])
    cpu = cpu_seconds(cpu_file)
    return {"what": f"spark local[{cores}]", "cores": cores, "wall_s": r["job_s"],
            "session_s": r["session_s"], "games": r["games"], "load": la, "pinned": pin,
            "cpu_s": cpu, "process_wall_s": whole, "cores_used": cpu / whole if cpu else None}


def plot(results, games, path, load=None, pinned=False):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(6, 4))
    for kind, style in (("cli", "o-"), ("spark", "s-")):
        pts = sorted((c, games / w) for (k, c), w in results.items() if k == kind)
        ax.plot([c for c, _ in pts], [g for _, g in pts], style,
                label="arbiter judge --jobs N" if kind == "cli" else "Spark local[N] (judge_pgn)")
        if kind == "spark" and pts:
            ax.plot([1, 2], [pts[0][1], 2 * pts[0][1]], ":", color="grey",
                    label="Spark, linear from local[1]")
    ax.set_xlabel("cores")
    ax.set_xticks([1, 2])
    ax.set_ylabel("games per second")
    ax.set_ylim(bottom=0)
    title = f"{games:,} games, one PGN file (best of the runs)"
    if pinned:
        title += ", N cores pinned (taskset)"
    if load:
        title += f"\nload average {load[0]:g} to {load[1]:g} on 2 cores during the runs"
    ax.set_title(title, fontsize=10)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data")
    ap.add_argument("--cli")
    ap.add_argument("--games", type=int, default=200_000)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--partition-mb", type=float, default=0,
                    help="bytes per Spark task in MiB (default 0: judge_pgn's own choice, "
                    "at least 4 tasks per core)")
    ap.add_argument("--pin", action="store_true", help="run each process tree on N cores "
                    "only (taskset): local[N] and --jobs N on cores 0..N-1")
    ap.add_argument("--out", default="bench-out")
    ap.add_argument("--plot")
    ap.add_argument("--replot", help="only draw --plot again from a summary.json of a run")
    a = ap.parse_args()
    if a.replot:
        saved = json.loads(pathlib.Path(a.replot).read_text())
        best = {}
        for res in saved["runs"]:
            key = (res["kind"], res["cores"])
            best[key] = min(best.get(key, float("inf")), res["wall_s"])
        plot(best, saved["summary"]["games"], a.plot, saved["summary"]["load_range"],
             saved["summary"].get("pinned", False))
        return
    if not a.data or not a.cli:
        ap.error("--data and --cli are needed (or --replot)")
    out = pathlib.Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    corpus = out / "corpus.pgn"
    games = build_corpus(pathlib.Path(a.data), a.games, corpus)
    print(f"corpus: {games} games, {corpus.stat().st_size / 1e6:.1f} MB", flush=True)
    part = int(a.partition_mb * (1 << 20))
    runs = []
    for r in range(a.rounds):
        order = [("cli", 1), ("spark", 1), ("cli", 2), ("spark", 2)]
        if r % 2:
            order.reverse()
        for kind, cores in order:
            res = run_cli(a.cli, corpus, cores, a.pin, out) if kind == "cli" else \
                run_spark(corpus, cores, out, part, a.pin)
            res["kind"], res["round"] = kind, r
            res["games_per_s"] = games / res["wall_s"]
            runs.append(res)
            print(json.dumps(res), flush=True)
    best = {}
    for res in runs:
        key = (res["kind"], res["cores"])
        best[key] = min(best.get(key, float("inf")), res["wall_s"])
    spark_games = {res["games"] for res in runs if res["kind"] == "spark"}
    assert spark_games == {games}, f"Spark judged {spark_games} games, the corpus has {games}"
    g = {k: games / w for k, w in best.items()}
    summary = {
        "games": games,
        "best_games_per_s": {f"{k} {c}": round(v) for (k, c), v in g.items()},
        "spark_local2_over_local1": round(g[("spark", 2)] / g[("spark", 1)], 3),
        "cli_jobs2_over_jobs1": round(g[("cli", 2)] / g[("cli", 1)], 3),
        "cli_over_spark_per_core_1": round(g[("cli", 1)] / g[("spark", 1)], 3),
        "cli_over_spark_per_core_2": round(g[("cli", 2)] / g[("spark", 2)], 3),
        "load_range": [round(min(r["load"] for r in runs), 2), round(max(r["load"] for r in runs), 2)],
        "spark_session_s": [round(r["session_s"], 1) for r in runs if r["kind"] == "spark"],
        "pinned": a.pin,
        "cores_used": {f"{k} {c}": [round(r["cores_used"], 2) for r in runs
                                     if (r["kind"], r["cores"]) == (k, c) and r["cores_used"]]
                       for k, c in best},
    }
    print(json.dumps(summary, indent=1))
    (out / "summary.json").write_text(json.dumps({"summary": summary, "runs": runs}, indent=1))
    if a.plot:
        plot(best, games, a.plot, summary["load_range"], a.pin)
        print(f"plot: {a.plot}")


if __name__ == "__main__":
    main()
