"""The game boundaries of `arbiter_referee.spark.judge_pgn`, without Spark: a PGN
file cut into byte ranges at any offset (inside a tag, a comment, a movetext, a line break)
gives the same games, each once, numbered as the CLI numbers them in the whole file."""

import json

import pytest

import arbiter_referee as ar
from arbiter_referee import spark as S
from conftest import REPO, SHARED

# Crafted text: a junk line before the first game, a byte-order mark, CRLF lines, a comment
# over three lines whose lines start with `[%clk`/`[%eval` (not tags), a tagless game, both
# games, and the two real samples.
CRAFTED = (
    b"\xef\xbb\xbf; exported by a database\r\n\r\n"
    b'[Event "Rated Blitz game"]\r\n[White "a"]\r\n[Black "b"]\r\n[Result "1-0"]\r\n\r\n'
    b"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\r\n\r\n"
    b'[Event "comments"]\n[Result "*"]\n\n1. e4 { a comment\n[%clk 0:03:00]\n'
    b"[%eval 0.2] over lines } e5 2. Nf3 Nc6 3. Ng1 Nb8 4. Nf3 Nf6 5. Ng1 Ng8 *\n"
    b'[Event "no blank line before me"]\n'
    b"  [Game \"Chinese Chess\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9\n3. b0c2 c6c5 *\n\n"
    + (REPO / "samples/xiangqi-perpetual-chase.pgn").read_bytes() + b"\n"
    + (REPO / "samples/chess-threefold-grischuk-giri-2019.pgn").read_bytes()
)


def rows(text: bytes, cuts, label="big.pgn"):
    """What judge_pgn's two jobs compute, run here in order: one task per range."""
    size = len(text)
    read = lambda a, b: text[a:b]  # noqa: E731
    out, index = [], 0
    for lo, hi in S.byte_ranges(size, 0, cuts):
        t = S.plan_task(read, size, lo, hi)
        if t is None or t[2] == 0:
            continue
        start, end, games = t
        got = list(S._judge_task(text[start:end], start, end, size, index, label, S._Options()))
        assert len(got) == games, (lo, hi)
        out += got
        index += games
    return out


def cli_lines(text: bytes, label="big.pgn"):
    return [json.loads(line) for line in ar._arbiter.judge_bytes(text, label)]


def test_whole_file_equals_the_cli():
    whole = rows(CRAFTED, [])
    assert [json.loads(r["report"]) for r in whole] == cli_lines(CRAFTED)
    assert [r["index"] for r in whole] == list(range(5))
    assert [(r["game"], r["status"], r["reason"], r["plies"]) for r in whole] == [
        ("chess", "decided", "checkmate", 7),
        ("chess", "claimable", None, 10),  # the knights' dance: threefold
        ("xiangqi", "ongoing", None, 6),  # its tag line right after the movetext starts it
        ("xiangqi", "decided", "perpetual_chase", 58),
        ("chess", "claimable", None, 43),
    ]


def test_game_starts_are_the_tag_lines_after_movetext():
    size = len(CRAFTED)
    starts = S.game_starts(lambda a, b: CRAFTED[a:b], size, 0, size)
    # The first follows the junk line (text), so it starts a game too: the junk before it is
    # a piece without a game.
    assert [CRAFTED[p:p + 12] for p in starts] == [
        b'[Event "Rate', b'[Event "comm', b'[Event "no b', b'[Event "Chin', b'[Event "Gash']
    # `[%clk` and `[%eval` lines inside the comment are not tag lines.
    assert all(not CRAFTED[p:].startswith(b"[%") for p in starts)


@pytest.mark.parametrize("where,marker,offset", [
    ("inside a tag", b'[Event "comments"]', 4),
    ("at a tag line's start", b'[Event "comments"]', 0),
    ("inside a comment", b"[%clk 0:03:00]", 3),
    ("at a comment line's start", b"[%eval", 0),
    ("inside a movetext", b"Qh5 Nc6", 2),
    ("inside a CRLF", b"1-0\r\n\r\n[Event", 4),
    ("at the blank line before a game", b"\n\n[Event \"Chinese", 1),
])
def test_a_cut_on_purpose(where, marker, offset):
    at = CRAFTED.index(marker) + offset
    assert [r["report"] for r in rows(CRAFTED, [at])] == [r["report"] for r in rows(CRAFTED, [])]


def test_every_cut_and_many_cuts():
    whole = [r["report"] for r in rows(CRAFTED, [])]
    for at in range(1, len(CRAFTED)):
        assert [r["report"] for r in rows(CRAFTED, [at])] == whole, at
    for step in (7, 64, 500):
        assert [r["report"] for r in rows(CRAFTED, range(step, len(CRAFTED), step))] == whole


def test_a_large_game_spans_ranges():
    # Ranges of 16 bytes: most hold no game start; each game goes to the range it starts in.
    whole = rows(CRAFTED, [])
    cut = rows(CRAFTED, range(16, len(CRAFTED), 16))
    assert cut == whole


def test_blank_and_empty_files_as_the_cli():
    for text in (b"", b"\n\n  \n", b"; no game here\n"):
        got = [json.loads(r["report"]) for r in rows(text, [1, 2])]
        assert got == cli_lines(text)


@pytest.mark.skipif(not (SHARED / "data/chess/pychess/dortmund.pgn").exists(),
                    reason="needs ../shared/data")
def test_real_files_cut_every_997_bytes():
    # 694 Latin-1 games with CRLF lines, and 1,125 xiangqi games with very long lines.
    for name in ("chess/pychess/dortmund.pgn", "xiangqi/iccs/liu_dahua_1125.pgn"):
        text = (SHARED / "data" / name).read_bytes()
        got = rows(text, range(997, len(text), 997), label=name)
        assert [json.loads(r["report"]) for r in got] == cli_lines(text, label=name)


def test_native_columns_equal_the_rows_built_from_the_reports():
    # _arbiter.judge_columns (the executors' path) gives, column by column, what building each
    # row from the CLI's JSON line gives: every column, the report line itself included, with
    # the games numbered from first_index (a piece of a larger file) or as the CLI numbers them.
    opts = S._Options()
    texts = [CRAFTED, b"", b"; no game here\n", b'[Event "x"]\n\n1. e4 e5 2. Ke2 Ke7 3. Ke1 Ke8 '
             b"4. Ke2 Ke7 5. Ke1 Ke8 6. Ke2 Ke7 7. Ke1 Ke8 8. Kd7 *\n"]
    for text in texts:
        for first in (None, 0, 1000):
            reports = opts.judge(text, "p.pgn")
            want = [S._row(d, None if first is None else first + i) for i, d in enumerate(reports)]
            got = list(S._rows(opts.columns(text, "p.pgn", first)))
            assert got == want, (text[:20], first)
    # An illegal move: an error row with its ply and move; numbered from 1000.
    got = list(S._rows(opts.columns(CRAFTED[:CRAFTED.index(b"Qh5")] + b"Qh6 *\n", "p.pgn", 1000)))
    assert (got[0]["index"], got[0]["error_ply"], got[0]["error_move"]) == (1000, 3, "Qh6")
    assert json.loads(got[0]["report"])["index"] == 1000


def test_default_ranges_per_core():
    # At least 4 ranges per core, 1 to 32 MiB each: 254 MB on 2 cores -> 8 ranges of 31.8 MB;
    # 27 MB on 2 cores -> 8 of 3.4 MB; small files: 1 MiB ranges; a month of a large site
    # (30 GB) on 64 cores: 32 MiB ranges, 895 of them.
    MiB = 1 << 20
    assert S.auto_partition_bytes(253_965_114, 2) == 31_745_640
    assert len(S.byte_ranges(253_965_114, S.auto_partition_bytes(253_965_114, 2))) == 8
    assert len(S.byte_ranges(27_455_688, S.auto_partition_bytes(27_455_688, 2))) == 8
    assert S.auto_partition_bytes(100_000, 2) == MiB
    assert S.auto_partition_bytes(30_000_000_000, 64) == 32 * MiB
    assert len(S.byte_ranges(30_000_000_000, 32 * MiB)) == 895
