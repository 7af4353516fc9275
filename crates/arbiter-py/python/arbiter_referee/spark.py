"""arbiter_referee.spark: judge whole databases on Apache Spark.

Turns record files into a DataFrame of verdicts, one row per game (:data:`COLUMNS`), judged in
the executors by the native binding over Arrow batches (``mapInArrow``), and writes it to
Parquet. Needs the optional dependencies ``pip install 'arbiter-referee[spark]'`` (pyspark,
pyarrow) and Java 17.

Two inputs:

* :func:`judge_files`: many record files (PGN, XQF, CBR/CBL/CBF, DhtmlXQ, move lists; UTF-8,
  GBK, Big5), read with Spark's ``binaryFile`` source; one file is judged by one task.
* :func:`judge_pgn`: one large PGN file cut into byte ranges, one task per range, on game
  boundaries (:func:`game_starts`): no game is lost or judged twice at a cut, and ``index`` is
  the game's 0-based position in the whole file, as the CLI numbers it.

Every row equals the CLI's ``arbiter judge --json`` line for the same game: the line itself is
kept in the ``report`` column. A game that cannot be read or judged is an error row
(``error`` set); a task never fails because of a record.

Command line: ``python -m arbiter_referee.spark --out verdicts.parquet INPUT...`` (or
``arbiter-spark``, or ``spark-submit`` of ``scripts/arbiter_spark_submit.py``); see
``docs/spark.md`` in the repository.
"""

import json as _json
import os as _os
import re as _re
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple

from . import _arbiter

__all__ = ["COLUMNS", "spark_schema", "arrow_schema", "judge_files", "judge_pgn", "game_starts",
           "next_game_start", "byte_ranges", "auto_partition_bytes", "plan_task", "write_parquet",
           "main"]


def __dir__() -> List[str]:
    """``dir()`` of this module: its public API (``__all__``) only."""
    return sorted(__all__)


#: The schema of a verdict row: (name, type, meaning). Types are Spark SQL types (``int`` =
#: 32-bit, ``bigint`` = 64-bit). Plies count single moves (one side's move); ply 0 is the start.
COLUMNS: List[Tuple[str, str, str]] = [
    ("file", "string", "the record file: the path as given (judge_pgn) or the binaryFile path "
                       "without its file: scheme (judge_files)"),
    ("index", "bigint", "0-based position of the game in its file (as the CLI)"),
    ("game", "string", "xiangqi | chess (null on an error row)"),
    ("rules", "string", "axf | tw113 | fide"),
    ("plies", "int", "moves played in the record (plies)"),
    ("status", "string", "ongoing | claimable | pending | decided"),
    ("result", "string", "1-0 | 0-1 | 1/2-1/2 | * (the verdict)"),
    ("reason", "string", "checkmate, stalemate, perpetual_check, perpetual_chase, "
                         "repetition_draw, natural_move_limit, dead_position, ... (null: none)"),
    ("at_ply", "int", "ply at which the game ended or became pending"),
    ("must_vary", "string", "xiangqi: the side that must change its moves (red | black)"),
    ("clause", "string", "the rule-book clause of the verdict (e.g. 'AXF general rule 1')"),
    ("recorded_result", "string", "the result written in the record"),
    ("result_agrees", "boolean", "whether the rules give the recorded result (null: cannot be compared yet)"),
    ("moves_after_end", "int", "plies recorded after the game had ended"),
    ("claims", "array<struct<kind:string,by:string,at_ply:int,intended_move:string,"
               "clause:string>>", "draw claims available (first ply for each kind and side)"),
    ("error", "string", "why the game could not be judged (null when judged)"),
    ("error_ply", "int", "error rows: the ply of the bad move"),
    ("error_move", "string", "error rows: the bad move as written"),
    ("report", "string", "the CLI's judge --json line for this game (every field)"),
]

_CLAIM_FIELDS = ("kind", "by", "at_ply", "intended_move", "clause")
_INT_FIELDS = {"plies", "at_ply", "moves_after_end"}


def spark_schema():
    """The Spark ``StructType`` of :data:`COLUMNS`."""
    from pyspark.sql.types import _parse_datatype_string
    return _parse_datatype_string(", ".join(f"`{n}` {t}" for n, t, _ in COLUMNS))


def arrow_schema():
    """The Arrow schema of :data:`COLUMNS` (the batches ``mapInArrow`` yields)."""
    import pyarrow as pa
    claim = pa.struct([("kind", pa.string()), ("by", pa.string()), ("at_ply", pa.int32()),
                       ("intended_move", pa.string()), ("clause", pa.string())])
    types = {"string": pa.string(), "bigint": pa.int64(), "int": pa.int32(),
             "boolean": pa.bool_()}
    return pa.schema([(n, pa.list_(claim) if n == "claims" else types[t]) for n, t, _ in COLUMNS])


def _row(d: Dict[str, Any], index: Optional[int] = None) -> Dict[str, Any]:
    """A verdict row from a report dict (the CLI's JSON); ``index`` replaces the report's."""
    if index is not None and "index" in d:
        d["index"] = index
    row = {n: d.get(n) for n, _, _ in COLUMNS[:-5]}
    for n in _INT_FIELDS:
        if row[n] is not None and not isinstance(row[n], int):
            row[n] = None
    row["claims"] = [{k: c.get(k) for k in _CLAIM_FIELDS} for c in d.get("claims") or []]
    row["error"] = d.get("error")
    row["error_ply"] = d.get("ply") if "error" in d else None
    row["error_move"] = d.get("move") if "error" in d else None
    row["report"] = _json.dumps(d, ensure_ascii=False, separators=(",", ":"))
    return row


def _error_row(file: str, index: Optional[int], message: str) -> Dict[str, Any]:
    return _row({"file": file, "index": index, "error": message})


class _Options:
    """The judging options, as plain values (pickled to the executors)."""

    def __init__(self, rules=None, cycles=None, game=None, explain=False, dead_check="proved"):
        self.args = (rules, cycles, game, explain, dead_check)
        # Check them once on the driver: a bad option is a usage error, not a row per game.
        _arbiter.judge_bytes(b"", "-", rules, cycles, game, explain, dead_check, parallel=False)

    def judge(self, data: bytes, file: str) -> List[Dict[str, Any]]:
        """The report dicts of every game of ``data`` (never raises for a bad record)."""
        try:
            lines = _arbiter.judge_bytes(data, file, *self.args, parallel=False)
        except BaseException as e:  # a panic in the native code is a BaseException
            if isinstance(e, (KeyboardInterrupt, SystemExit)):
                raise
            return [{"file": file, "index": None, "error": f"cannot judge: {e}"}]
        return [_json.loads(line) for line in lines]

    def columns(self, data: bytes, file: str, first_index: Optional[int] = None
                ) -> Dict[str, List[Any]]:
        """The verdict rows of every game of ``data`` as columns (name -> list, see
        :data:`COLUMNS`), built by the native binding (no Python work per game); games
        numbered from ``first_index`` when given. Never raises for a bad record."""
        try:
            return _arbiter.judge_columns(data, file, first_index, *self.args)
        except BaseException as e:  # a panic in the native code is a BaseException
            if isinstance(e, (KeyboardInterrupt, SystemExit)):
                raise
            return _columns([_error_row(file, first_index, f"cannot judge: {e}")])


def _columns(rows: Iterable[Dict[str, Any]]) -> Dict[str, List[Any]]:
    """Rows (dicts) as columns (name -> list)."""
    cols: Dict[str, List[Any]] = {n: [] for n, _, _ in COLUMNS}
    for r in rows:
        for name, col in cols.items():
            col.append(r[name])
    return cols


def _rows(cols: Dict[str, List[Any]]) -> Iterator[Dict[str, Any]]:
    """Columns (name -> list) as rows (dicts)."""
    names = [n for n, _, _ in COLUMNS]
    for values in zip(*(cols[n] for n in names)):
        yield dict(zip(names, values))


def _record_batches(cols: Dict[str, List[Any]], size: int = 4096):
    """Arrow record batches of at most ``size`` rows from columns (name -> list)."""
    import pyarrow as pa
    batch = pa.RecordBatch.from_pydict(cols, schema=arrow_schema())
    for at in range(0, batch.num_rows, size):
        yield batch.slice(at, size)


def _batches(rows: Iterable[Dict[str, Any]], size: int = 4096):
    """Arrow record batches of at most ``size`` rows from rows (dicts)."""
    yield from _record_batches(_columns(rows), size)


def _label(path: str) -> str:
    """A binaryFile path as a label: local files lose the ``file:`` scheme."""
    if path.startswith("file://"):
        return path[len("file://"):]
    if path.startswith("file:"):
        return path[len("file:"):]
    return path


# -------------------------------------------------------------------------------------------
# Many record files


def judge_files(spark, paths, *, rules: Optional[str] = None, cycles: int = 3,
                game: Optional[str] = None, explain: bool = False,
                dead_check: str = "proved", partitions: Optional[int] = None):
    """A DataFrame of verdicts (:data:`COLUMNS`) for every record file under ``paths`` (files
    or folders, read recursively with Spark's ``binaryFile`` source; any file system Spark
    reads). A file is a record file by the CLI's rule (``.pgn .xqf .cbr .cbl .cbf``, or
    ``.txt .htm .html .ubb`` holding a DhtmlXQ block, a CBF document or a Chinese move list);
    other files are skipped. ``partitions``: the number of tasks (default: at most 4 per core
    of the cluster, ``defaultParallelism``: Spark packs small files some 32 to a partition,
    and a Python task costs tens of milliseconds to start, more than judging a small file).
    One file is judged in one task; a file must fit in a task's memory (binaryFile's limit
    is 2 GiB: use :func:`judge_pgn` for one large PGN file).

    Options as :func:`arbiter_referee.judge`. Lazy: nothing runs until an action
    (``write_parquet``, ``count``...)."""
    opts = _Options(rules, cycles, game, explain, dead_check)
    if isinstance(paths, (str, _os.PathLike)):
        paths = [paths]
    paths = [_os.fspath(p) for p in paths]
    df = (spark.read.format("binaryFile").option("recursiveFileLookup", "true")
          .load(paths).select("path", "content"))
    if partitions:
        df = df.repartition(partitions)
    else:
        df = df.coalesce(max(1, spark.sparkContext.defaultParallelism * 4))

    def judge_batches(batches):
        for batch in batches:
            files = batch.to_pydict()
            cols: Dict[str, List[Any]] = {n: [] for n, _, _ in COLUMNS}
            for path, content in zip(files["path"], files["content"]):
                label = _label(path)
                if content is None or not _arbiter.is_record(label, content):
                    continue
                for name, values in opts.columns(content, label).items():
                    cols[name].extend(values)
            if cols["report"]:
                yield from _record_batches(cols)

    return df.mapInArrow(judge_batches, spark_schema())


# -------------------------------------------------------------------------------------------
# One large PGN file: game boundaries

# A line whose first non-space characters are `[` and a letter, digit or `_` (spaces: ASCII
# blanks, the UTF-8 byte-order mark, the ideographic space U+3000 in UTF-8): a tag line.
_SPACE = rb"(?:[ \t\r\x0b\x0c]|\xef\xbb\xbf|\xe3\x80\x80)*"
_TAG_LINE = _re.compile(rb"(?m)^" + _SPACE + rb"\[[A-Za-z0-9_]")
_LEAD = _re.compile(_SPACE)
_TAG_START = _re.compile(rb"\[[A-Za-z0-9_]")


class _NeedMore(Exception):
    """The look-back left the bytes read: read more before the range."""


def _kind(line: bytes) -> str:
    rest = line[_LEAD.match(line).end():]
    if not rest.strip():
        return "blank"
    return "tag" if _TAG_START.match(rest) else "text"


def _starts_in(buf: bytes, base: int, lo: int, hi: int) -> List[int]:
    """The game starts p with lo <= p < hi and p > 0 (file offsets) in ``buf``, which holds
    the file's bytes from offset ``base`` (``base <= lo``) to at least the end of the line at
    ``hi``. Raises :class:`_NeedMore` when deciding one needs bytes before ``base``."""
    out = []
    for m in _TAG_LINE.finditer(buf, lo - base):
        p = m.start() + base
        if p >= hi:
            break
        if p == 0:
            continue
        # The last non-blank line before this one.
        end = m.start() - 1  # the '\n' that ends the previous line
        while True:
            if end < 0:
                if base == 0:
                    prev = None
                    break
                raise _NeedMore
            s = buf.rfind(b"\n", 0, end) + 1
            if s == 0 and base > 0:
                raise _NeedMore
            prev = _kind(buf[s:end])
            if prev != "blank":
                break
            end = s - 1
        if prev == "text":
            out.append(p)
    return out


def game_starts(read: Callable[[int, int], bytes], size: int, lo: int, hi: int) -> List[int]:
    """Where games start in the byte range ``[lo, hi)`` of a PGN file of ``size`` bytes, read
    with ``read(a, b)`` (the bytes from offset ``a`` to ``b``).

    The boundary rule: a game starts at a tag line (first non-space characters ``[`` and a
    letter, digit or ``_``) when the last non-blank line before it is not a tag line (so:
    movetext). Offset 0 starts the file's first piece and is not listed. This is the CLI's
    splitting rule (a tag line after movetext starts the next game) but for two cases of
    broken or unusual text: a line ``[Name ...`` inside a ``{}`` comment that spans lines
    (the CLI does not cut there; this rule would if a range boundary fell just before it),
    and a line starting ``[`` without a name (``[%clk ...]``, which this rule never takes for
    a tag; it does not start a game here, only the CLI's own splitter, which judges the
    bytes of each task, may cut there). Encodings: any in which ``\\n``, ``[`` and the
    spaces are single bytes that no multi-byte character contains (UTF-8, GBK, Big5; not
    UTF-16).

    Deciding whether the first lines of the range start a game reads back before ``lo`` (to
    the last non-blank line) and the last ones read a little past ``hi``."""
    margin = 4096
    while True:
        base = max(0, lo - margin)
        buf = read(base, min(size, hi + 4096))
        try:
            return _starts_in(buf, base, lo, hi)
        except _NeedMore:
            if base == 0:  # cannot happen: at offset 0 there is nothing before
                raise
            margin *= 4


def _is_blank(data: bytes) -> bool:
    return not data[_LEAD.match(data).end():].strip()


def next_game_start(read: Callable[[int, int], bytes], size: int, pos: int) -> int:
    """The first game start (:func:`game_starts`) at or after ``pos``; 0 for ``pos <= 0``
    (the file's first piece starts there); ``size`` when none follows."""
    if pos <= 0:
        return 0
    return _scan_game_start(read, size, pos)


def _scan_game_start(read: Callable[[int, int], bytes], size: int, pos: int) -> int:
    """The first game start (:func:`game_starts`) at or after ``pos`` (``pos`` >= 0), or
    ``size``: unlike :func:`next_game_start`, 0 is not taken as a start by itself."""
    window = 1 << 16
    lo = pos
    while lo < size:
        hi = min(size, lo + window)
        s = game_starts(read, size, lo, hi)
        if s:
            return s[0]
        lo = hi
        window *= 2
    return size


def byte_ranges(size: int, partition_bytes: int, cuts: Optional[Sequence[int]] = None
                ) -> List[Tuple[int, int]]:
    """The ranges ``[lo, hi)`` that cut a file of ``size`` bytes every ``partition_bytes``
    bytes, or at the offsets ``cuts``; one empty range for an empty file."""
    if cuts is None:
        step = max(1, int(partition_bytes))
        bounds = list(range(0, size, step)) + [size]
    else:
        bounds = sorted({0, size, *[c for c in cuts if 0 < c < size]})
    return [(bounds[i], bounds[i + 1]) for i in range(len(bounds) - 1)] or [(0, 0)]


def plan_task(read: Callable[[int, int], bytes], size: int, lo: int, hi: int
              ) -> Optional[Tuple[int, int, int]]:
    """The task of the byte range ``[lo, hi)``: ``(start, end, games)``, the bytes from the
    first game start at or after ``lo`` to the first at or after ``hi`` and the number of
    games the CLI's splitter finds in them; ``None`` when no game starts in the range (a game
    longer than a range belongs to the range it starts in). The file's first range starts
    at 0, so text before the first tag line is not lost."""
    # Text before the file's first game (a BOM, a "; exported by" line) belongs to that game,
    # as in the CLI's splitter: the first range runs at least past the first game's start, and
    # no later range starts at or before it.
    first = _scan_game_start(read, size, 0)
    start = next_game_start(read, size, lo if lo == 0 else max(lo, first + 1))
    if start >= hi and not (lo == 0 and size == 0):
        return None
    stop = hi if lo > 0 else max(hi, first + 1)
    end = next_game_start(read, size, stop) if stop < size else size
    data = read(start, end)
    if (start, end) != (0, size) and _is_blank(data):
        return (start, end, 0)  # blank lines before the first game: nothing to judge
    return (start, end, _arbiter.count_games(data))


def _task_columns(data: bytes, start: int, end: int, size: int, first_index: int, label: str,
                  opts: _Options) -> Optional[Dict[str, List[Any]]]:
    """The rows of one task of :func:`judge_pgn` as columns: its games numbered from
    ``first_index``; ``None`` for blank text (nothing to judge)."""
    if (start, end) != (0, size) and _is_blank(data):
        return None
    return opts.columns(data, label, first_index)


def _judge_task(data: bytes, start: int, end: int, size: int, first_index: int, label: str,
                opts: _Options) -> Iterator[Dict[str, Any]]:
    """The rows of one task of :func:`judge_pgn` (dicts): its games numbered from
    ``first_index``."""
    cols = _task_columns(data, start, end, size, first_index, label, opts)
    if cols is not None:
        yield from _rows(cols)


def _reader(path: str):
    """``(read(a, b), size)`` for a local path or a URI pyarrow's file systems open (s3://,
    hdfs://, gs://, file://)."""
    if "://" not in path or path.startswith("file://"):
        local = path[len("file://"):] if path.startswith("file://") else path
        size = _os.path.getsize(local)

        def read(a: int, b: int) -> bytes:
            with open(local, "rb") as f:
                f.seek(a)
                return f.read(max(0, b - a))
        return read, size
    from pyarrow import fs as pafs
    fs, p = pafs.FileSystem.from_uri(path)
    size = fs.get_file_info(p).size

    def read_remote(a: int, b: int) -> bytes:
        with fs.open_input_file(p) as f:
            return f.read_at(max(0, b - a), a)
    return read_remote, size


def auto_partition_bytes(size: int, cores: int) -> int:
    """:func:`judge_pgn`'s default bytes per task for a file of ``size`` bytes on ``cores``
    cores (Spark's ``defaultParallelism``): at least 4 tasks per core, so the last task to
    finish leaves the other cores idle for a short time only (ranges hold games of unequal
    cost), and at most 32 MiB (a task's memory: the range's text and its verdicts), at least
    1 MiB (a task costs some milliseconds to start)."""
    per_task = -(-size // max(1, 4 * cores))
    return max(1 << 20, min(32 << 20, per_task))


def judge_pgn(spark, path: str, *, label: Optional[str] = None,
              partition_bytes: Optional[int] = None, cuts: Optional[Sequence[int]] = None,
              rules: Optional[str] = None, cycles: int = 3, game: Optional[str] = None,
              explain: bool = False, dead_check: str = "proved"):
    """A DataFrame of verdicts (:data:`COLUMNS`) for every game of one PGN file, judged in
    parallel: the file is cut into byte ranges of ``partition_bytes`` (default
    :func:`auto_partition_bytes`: at least 4 tasks per core, 1 to 32 MiB each; or at the
    offsets ``cuts``), each range is scanned for game starts (:func:`game_starts`, a first Spark job
    that only reads), and each task then judges the games that start in its range, reading
    on to the next game start. ``index`` is the game's position in the whole file; ``file``
    is ``label`` (default: ``path`` as given), as the CLI labels it.

    ``path``: a local path (the same on every executor: a shared file system) or a URI that
    pyarrow opens (``hdfs://``, ``s3://``, ``gs://``). Each game is decoded on its own
    (UTF-8, GBK or Big5 detected per game)."""
    opts = _Options(rules, cycles, game, explain, dead_check)
    label = label or _os.fspath(path)
    path = _os.fspath(path)
    if "://" not in path:
        path = _os.path.abspath(path)
    read, size = _reader(path)
    sc = spark.sparkContext
    if partition_bytes is None:
        partition_bytes = auto_partition_bytes(size, sc.defaultParallelism)
    ranges = byte_ranges(size, partition_bytes, cuts)

    def plan(r):
        rd, sz = _reader(path)
        return plan_task(rd, sz, r[0], r[1])

    # Job 1 (reads and splits, judges nothing): each range's task and its number of games.
    planned = [t for t in sc.parallelize(ranges, len(ranges)).map(plan).collect() if t]
    tasks, index = [], 0
    for start, end, games in planned:
        if games:
            tasks.append((start, end, index))
            index += games
    if not tasks:
        return spark.createDataFrame([], spark_schema())

    # Job 2: each task judges its games, numbered from the games before it.
    def judge_batches(batches):
        for batch in batches:
            cols = batch.to_pydict()
            for start, end, first in zip(cols["start"], cols["end"], cols["first_index"]):
                try:
                    rd, sz = _reader(path)
                    data = rd(start, end)
                except OSError as e:
                    yield from _batches([_error_row(label, first, f"cannot read {label} "
                                                    f"bytes {start}..{end}: {e}")])
                    continue
                cols = _task_columns(data, start, end, sz, first, label, opts)
                if cols is not None:
                    yield from _record_batches(cols)

    df = spark.createDataFrame(
        sc.parallelize(tasks, len(tasks)), "start bigint, `end` bigint, first_index bigint")
    return df.mapInArrow(judge_batches, spark_schema())


def write_parquet(df, out: str, mode: str = "error") -> None:
    """Writes a verdict DataFrame to Parquet at ``out``. ``mode`` is Spark's save mode; the
    default, ``"error"``, refuses an existing output (pass ``"overwrite"`` to replace it)."""
    df.write.mode(mode).parquet(out)


def _local_path(out: str) -> Optional[str]:
    """The local file-system path of an output location, or None for another scheme."""
    if out.startswith("file://"):
        return out[len("file://"):]
    if out.startswith("file:"):
        return out[len("file:"):]
    if "://" in out:
        return None
    return out


# -------------------------------------------------------------------------------------------
# Command line


def main(argv: Optional[List[str]] = None, spark=None) -> int:
    """``python -m arbiter_referee.spark``: judge record files on Spark, write Parquet. With
    ``spark`` (a session), runs in it and leaves it running."""
    import argparse
    ap = argparse.ArgumentParser(
        prog="arbiter-spark",
        description="Judge record files on Apache Spark; one row per game, written to Parquet.")
    ap.add_argument("inputs", nargs="+", help="record files or folders (judge_files), or PGN "
                    "files to cut across partitions with --pgn; local paths or URIs")
    ap.add_argument("--out", required=True, help="output Parquet folder")
    ap.add_argument("--pgn", action="store_true", help="each input is one large PGN file, cut "
                    "into byte ranges on game boundaries")
    ap.add_argument("--partition-mb", type=float,
                    help="--pgn: bytes per task, in MiB (default: at least 4 tasks per core, "
                    "1 to 32 MiB each)")
    ap.add_argument("--partitions", type=int, help="files: repartition the files first")
    ap.add_argument("--master", help="Spark master, e.g. local[4] (default: spark-submit's "
                    "--master, else pyspark's default, local[*])")
    ap.add_argument("--rules", choices=["axf", "tw113", "fide"])
    ap.add_argument("--cycles", type=int, default=3)
    ap.add_argument("--game", choices=["xiangqi", "chess"])
    ap.add_argument("--dead-check", default="proved", choices=["proved", "screen", "exact", "off"])
    ap.add_argument("--overwrite", action="store_true",
                    help="replace the output folder if it exists (without it, an existing "
                    "output is refused)")
    ap.add_argument("--mode", choices=["overwrite", "append", "error", "ignore"],
                    help="Spark's save mode (default: error, or overwrite with --overwrite)")
    ap.add_argument("--summary", action="store_true",
                    help="print the count of games by status and reason")
    a = ap.parse_args(argv)
    if a.mode is None:
        a.mode = "overwrite" if a.overwrite else "error"
    elif a.overwrite and a.mode != "overwrite":
        ap.error(f"--overwrite contradicts --mode {a.mode}")
    local_out = _local_path(a.out)
    if a.mode == "error" and local_out is not None and _os.path.exists(local_out):
        ap.error(f"the output {a.out} exists; pass --overwrite to replace it "
                 "(or --mode append to add to it)")

    own = spark is None
    if own:
        import sys
        from pyspark.sql import SparkSession
        builder = (SparkSession.builder.appName("arbiter-spark")
                   .config("spark.ui.showConsoleProgress", "false"))
        if a.master:
            builder = builder.master(a.master)
        if "PYSPARK_GATEWAY_PORT" not in _os.environ and (
                a.master is None or a.master.startswith("local")):
            # Local mode, not under spark-submit: the workers run this interpreter (the one
            # with the package installed) unless PYSPARK_PYTHON says otherwise.
            _os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
        spark = builder.getOrCreate()
    kw = dict(rules=a.rules, cycles=a.cycles, game=a.game, dead_check=a.dead_check)
    if a.pgn:
        part = int(a.partition_mb * (1 << 20)) if a.partition_mb else None
        frames = [judge_pgn(spark, p, partition_bytes=part, **kw) for p in a.inputs]
        df = frames[0]
        for f in frames[1:]:
            df = df.unionByName(f)
    else:
        df = judge_files(spark, a.inputs, partitions=a.partitions, **kw)
    write_parquet(df, a.out, a.mode)
    out = spark.read.parquet(a.out)
    if a.summary:
        for r in out.groupBy("status", "reason").count().orderBy("status", "reason").collect():
            print(f"{r['status'] or 'error'}/{r['reason']}: {r['count']}")
    games = out.count()
    errors = out.filter("error is not null").count()
    print(f"arbiter-spark: {games} games, {errors} could not be judged -> {a.out}")
    if own:
        spark.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
