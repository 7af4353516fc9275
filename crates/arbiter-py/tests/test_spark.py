"""arbiter_referee.spark on Spark in local mode (local[2]), against the CLI: the same
verdict for every game of ../shared/data (counts by status and reason, and row by row), one
large PGN cut across partitions inside a tag, a comment and a movetext, the Parquet output and
the command line. Needs pyspark and Java; skipped without them unless ARBITER_SPARK=required
(.ci/run sets it), and compared with the CLI when ARBITER_CLI names the release binary."""

import collections
import json
import os
import subprocess
import sys

import pytest

from conftest import REPO, SHARED

if os.environ.get("ARBITER_SPARK") == "required":
    import pyspark  # noqa: F401  (CI: a missing pyspark is a failure, not a skip)
else:
    pytest.importorskip("pyspark")
    pytest.importorskip("pyarrow")

from arbiter_referee import spark as S  # noqa: E402

CLI = os.environ.get("ARBITER_CLI")
DATA = SHARED / "data"
needs_cli = pytest.mark.skipif(not CLI, reason="needs ARBITER_CLI (the release binary)")


@pytest.fixture(scope="module")
def spark():
    from pyspark.sql import SparkSession
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    s = (SparkSession.builder.master("local[2]").appName("arbiter-spark-tests")
         .config("spark.ui.enabled", "false")
         .config("spark.ui.showConsoleProgress", "false")
         .config("spark.sql.shuffle.partitions", "4")
         .getOrCreate())
    s.sparkContext.setLogLevel("ERROR")
    yield s
    s.stop()


def cli(*args):
    p = subprocess.run([CLI, "judge", "--json", *args], capture_output=True, timeout=1200)
    return [json.loads(line) for line in p.stdout.decode("utf-8").splitlines() if line.strip()]


def by_key(reports):
    out = {}
    for d in reports:
        key = (d["file"], d.get("index"))
        assert key not in out, f"game {key} twice"
        out[key] = d
    return out


def counts(reports):
    return collections.Counter(
        ("error" if "error" in d else d["status"], d.get("reason")) for d in reports)


def spark_reports(df):
    return [json.loads(r["report"]) for r in df.select("report").collect()]


def inputs():
    """(folder, rules) judged in the files test: ../shared/data, else the samples."""
    if DATA.is_dir():
        return [(str(DATA), None), (str(DATA / "xiangqi"), "tw113")]
    return [(str(REPO / "samples"), None)]


@needs_cli
@pytest.mark.parametrize("folder,rules", inputs())
def test_files_equal_cli(spark, folder, rules):
    df = S.judge_files(spark, folder, rules=rules)
    ours = spark_reports(df)
    theirs = cli(*(["--rules", rules] if rules else []), folder)
    assert len(ours) == len(theirs)
    assert counts(ours) == counts(theirs)
    a, b = by_key(ours), by_key(theirs)
    assert a.keys() == b.keys()
    for key in b:  # row by row: every field of every game
        assert a[key] == b[key], key
    if DATA.is_dir() and rules is None:
        # The shared data's known totals (.ci/e2e-expected.txt): one XQF file with a bad move.
        errors = [d for d in ours if "error" in d]
        assert [os.path.basename(d["file"]) for d in errors] == ["BadMoveTest3.xqf"]
        assert errors[0]["ply"] == 10


@needs_cli
def test_columns_match_the_report(spark):
    folder = str(DATA / "xiangqi/big5") if DATA.is_dir() else str(REPO / "samples")
    df = S.judge_files(spark, folder, rules="tw113")
    assert df.columns == [n for n, _, _ in S.COLUMNS]
    rows = df.collect()
    for r in rows:
        d = json.loads(r["report"])
        for name in ("file", "index", "game", "rules", "plies", "status", "result", "reason",
                     "at_ply", "must_vary", "clause", "recorded_result", "result_agrees",
                     "moves_after_end", "error"):
            assert r[name] == d.get(name), (name, d["file"])
        assert [c.asDict() for c in r["claims"]] == d.get("claims", [])
    if DATA.is_dir():
        # TW113's natural move limit: claims in the Big5 folder (.ci/e2e-expected.txt: 20).
        n = sum(1 for r in rows for c in r["claims"] if c["kind"] == "natural_move_limit")
        assert n == 20


def big_pgn(tmp_path):
    """One PGN: the shared data's UTF-8/ASCII PGN files (else the samples) and a game whose
    comment spans lines starting with `[%clk`; and the offsets of a tag, a comment and a
    movetext in it."""
    if DATA.is_dir():
        parts = [DATA / "chess/pychess/world_matches.pgn", DATA / "xiangqi/iccs/liu_dahua_1125.pgn",
                 DATA / "xiangqi/notation/games15_iccs.pgn", DATA / "chess/pychess/dortmund.pgn"]
    else:
        parts = sorted((REPO / "samples").glob("*.pgn"))
    comment = (b'[Event "clocks"]\n[Result "*"]\n\n1. e4 { [%clk 0:03:00] a long comment\n'
               b"[%clk 0:02:59] still the comment } e5 2. Nf3 *\n\n")
    text = b"".join(p.read_bytes().rstrip() + b"\n\n" for p in parts[:2]) + comment + \
        b"".join(p.read_bytes().rstrip() + b"\n\n" for p in parts[2:])
    path = tmp_path / "big.pgn"
    path.write_bytes(text)
    at_tag = text.index(b'[Event "', len(text) // 3) + 5
    at_comment = text.index(b"[%clk 0:02:59]") + 2
    at_movetext = text.index(b" e5 2. Nf3") + 2
    return path, [at_tag, at_comment, at_movetext]


@needs_cli
def test_one_pgn_cut_on_purpose_equals_cli(spark, tmp_path):
    path, cuts = big_pgn(tmp_path)
    theirs = cli(str(path))
    df = S.judge_pgn(spark, str(path), cuts=cuts)
    ours = spark_reports(df)
    assert sorted(d["index"] for d in ours) == list(range(len(theirs)))  # none lost, none twice
    assert by_key(ours) == by_key(theirs)
    # Small ranges: many tasks, cuts everywhere (most ranges hold a few games).
    df = S.judge_pgn(spark, str(path), partition_bytes=max(4096, path.stat().st_size // 50))
    assert df.rdd.getNumPartitions() >= 40
    ours = spark_reports(df)
    assert sorted(d["index"] for d in ours) == list(range(len(theirs)))
    assert by_key(ours) == by_key(theirs)


def test_parquet_and_command_line(spark, tmp_path):
    import pyarrow.parquet as pq
    path, _ = big_pgn(tmp_path)
    out = tmp_path / "verdicts.parquet"
    assert S.main(["--pgn", "--partition-mb", "0.25", "--summary", "--out", str(out),
                   str(path)], spark=spark) == 0
    table = pq.read_table(str(out))
    assert table.schema.names == [n for n, _, _ in S.COLUMNS]
    n = table.num_rows
    assert sorted(table.column("index").to_pylist()) == list(range(n))
    if CLI:
        assert n == len(cli(str(path)))
    # Files mode, and a bad option is a usage error before any job.
    out2 = tmp_path / "files.parquet"
    folder = DATA / "xiangqi/xqf" if DATA.is_dir() else REPO / "samples"
    assert S.main(["--out", str(out2), str(folder)], spark=spark) == 0
    t2 = pq.read_table(str(out2))
    if DATA.is_dir():
        assert t2.num_rows == 31  # .ci/e2e-expected.txt: xiangqi/xqf, 31 games, 1 error
        assert sum(e is not None for e in t2.column("error").to_pylist()) == 1
    # A second run refuses to replace its output unless told to (a usage error, exit 2,
    # before any job); --overwrite replaces it.
    with pytest.raises(SystemExit) as refused:
        S.main(["--out", str(out2), str(folder)], spark=spark)
    assert refused.value.code == 2
    assert pq.read_table(str(out2)).num_rows == t2.num_rows
    assert S.main(["--overwrite", "--out", str(out2), str(folder)], spark=spark) == 0
    assert pq.read_table(str(out2)).num_rows == t2.num_rows
    with pytest.raises(ValueError, match="unknown rule book"):
        S.judge_files(spark, str(folder), rules="fifa")
