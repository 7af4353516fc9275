"""arbiter_referee: the Arbiter referee from Python.

Xiangqi repetition (perpetual check and chase under AXF and TW113, natural move limits) and
the FIDE Laws' draws and claims for chess, with the same verdicts as the ``arbiter`` command
line: every dict equals the line ``arbiter ... --json`` prints.

Units: a *ply* is one move by one side; ply 0 is the start position; ``at_ply`` is the number
of moves played when the event happened.
"""

import json as _json
import os as _os
from typing import Any, Dict, Iterator, List, Optional, Union

from . import _arbiter
from .errors import ArbiterError, FenError, RecordError, UsageError

__version__ = _arbiter.__version__
__all__ = ["judge", "iter_judge", "judge_position", "perft", "claim", "ArbiterError",
           "FenError", "RecordError", "UsageError", "xiangqi", "chess"]


Data = Union[bytes, bytearray, memoryview, str, "_os.PathLike[str]"]


def _inputs(data: Data, file: Optional[str]):
    """(bytes, label) pairs: bytes as given; a path to a file; a directory walked recursively
    in sorted order for record files. A ``str`` is a path when such a path exists, else record
    text (UTF-8)."""
    if isinstance(data, (bytes, bytearray, memoryview)):
        yield bytes(data), file or "-"
        return
    if isinstance(data, str) and not _os.path.exists(data):
        if "\n" in data or not data.strip() or data.lstrip().startswith("["):
            yield data.encode("utf-8"), file or "-"
            return
        raise RecordError(f"cannot read {data}: no such file or directory", file=data)
    path = _os.fspath(data)
    if _os.path.isdir(path):
        files = _arbiter.record_files(path)
        if not files:
            raise RecordError(f"{path}: no record files in this directory", file=path)
        for p in files:
            yield from _inputs(p, None)
        return
    try:
        with open(path, "rb") as f:
            yield f.read(), file or path
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e.strerror}", file=path) from e


def _check(d: Dict[str, Any], errors: str) -> Dict[str, Any]:
    if errors == "raise" and "error" in d:
        raise RecordError(d["error"], index=d.get("index"), ply=d.get("ply"), move=d.get("move"),
                          file=d.get("file"))
    return d


def judge(data: Data, *, rules: Optional[str] = None, cycles: int = 3, game: Optional[str] = None,
          explain: bool = False, dead_check: str = "proved", file: Optional[str] = None,
          errors: str = "report") -> List[Dict[str, Any]]:
    """Judges every game of a record: PGN (either game), XQF, CBR/CBL/CBF, DhtmlXQ, move lists;
    UTF-8, GBK or Big5.

    ``data``: the record's bytes, its text, a path to a file, or a directory (walked
    recursively for record files). ``rules``: ``"axf"`` / ``"tw113"`` (xiangqi, default AXF),
    ``"fide"`` (chess, default); ``cycles``: completed repetition loops that make a xiangqi
    repetition pending (default 3); ``game``: ``"xiangqi"`` / ``"chess"`` to force the game;
    ``dead_check``: ``"proved"`` (every answer proved; ``"screen"`` and ``"exact"`` are older names for it) / ``"off"`` (FIDE 5.2.2); ``file``: the label
    for bytes or text (default ``"-"``).

    Returns one dict per game, equal to the CLI's ``judge --json`` line: ``file``, ``index``,
    ``game``, ``rules``, ``status``, ``result``, ``reason``, ``at_ply`` (plies), ... A game
    that cannot be read gives a dict with ``error`` (and ``ply``/``move`` when at a move);
    with ``errors="raise"`` a :class:`RecordError` is raised instead.

    The GIL is released while judging; the games of one file are judged in parallel.
    """
    out: List[Dict[str, Any]] = []
    loads = _json.loads
    for b, label in _inputs(data, file):
        for line in _arbiter.judge_bytes(b, label, rules, cycles, game, explain, dead_check):
            out.append(_check(loads(line), errors))
    return out


def iter_judge(data: Data, *, rules: Optional[str] = None, cycles: int = 3,
               game: Optional[str] = None, explain: bool = False, dead_check: str = "proved",
               file: Optional[str] = None, errors: str = "report") -> Iterator[Dict[str, Any]]:
    """Like :func:`judge`, lazily: each game is judged when it is taken (files are read and
    split when reached)."""
    for b, label in _inputs(data, file):
        for line in _arbiter.iter_bytes(b, label, rules, cycles, game, explain, dead_check):
            yield _check(_json.loads(line), errors)


def _moves_text(moves: Union[str, List[str], None]) -> str:
    if moves is None:
        return ""
    return moves if isinstance(moves, str) else " ".join(moves)


def judge_position(fen: Optional[str] = None, moves: Union[str, List[str], None] = None, *,
                   rules: Optional[str] = None, cycles: int = 3, game: Optional[str] = None,
                   explain: bool = False, dead_check: str = "proved") -> Dict[str, Any]:
    """Judges one game given as a start position (None = the standard start; 10 ranks =
    xiangqi) and moves (a list or a space-separated string; xiangqi ICCS/WXF/Chinese, chess
    SAN/UCI). Returns the CLI's ``judge --fen --moves --json`` dict (file ``"-"``, index 0)."""
    return _json.loads(_arbiter.judge_position(fen, _moves_text(moves), rules, cycles, game,
                                               explain, dead_check))


def claim(kind: str, fen: Optional[str] = None, moves: Union[str, List[str], None] = None, *,
          record: Optional[Data] = None, index: int = 0, rules: Optional[str] = None,
          at_ply: Optional[int] = None, intended_move: Optional[str] = None,
          time_control: Optional[str] = None, limit: Optional[int] = None,
          game: Optional[str] = None) -> Dict[str, Any]:
    """Judges a draw claim by the side to move at ``at_ply`` (default: after the last move):
    ``"threefold"`` (FIDE 9.2), ``"fifty-moves"`` (FIDE 9.3; penalty 9.5.3 by
    ``time_control``), ``"natural-move-limit"`` (xiangqi; AXF 60 moves each, TW113 50, or
    ``limit=40``). Returns the CLI's ``claim --json`` dict (``valid``, ``clause``, ...).

    The game is ``fen`` + ``moves``, or game ``index`` (0-based) of ``record`` (a record
    file's bytes, its text or a path, as :func:`judge` takes; the CLI's ``claim FILE --game
    N``). ``time_control``: ``"standard"``, ``"rapid"`` or ``"blitz"``; ``None`` (default) =
    what the record's ``[TimeControl]`` or ``[Event]`` tag implies, else standard play (as the
    CLI and the server).

    Raises :class:`UsageError` when the claim does not fit the game, :class:`RecordError` or
    :class:`FenError` when the game cannot be replayed."""
    if record is not None:
        if not isinstance(record, (bytes, bytearray, memoryview)) and _os.path.isdir(record):
            raise UsageError(f"claim takes one record file; {_os.fspath(record)} is a directory")
        data, label = next(_inputs(record, None))
        return _json.loads(_arbiter.claim(kind, None, "", rules, at_ply, intended_move,
                                          time_control, limit, game, data, label, index))
    return _json.loads(_arbiter.claim(kind, fen, _moves_text(moves), rules, at_ply,
                                      intended_move, time_control, limit, game))


def perft(depth: int, fen: Optional[str] = None, game: Optional[str] = None) -> Dict[str, Any]:
    """Leaf count of the legal move tree to ``depth`` plies (the CLI's ``perft --json``)."""
    return _json.loads(_arbiter.perft(depth, fen, game))


from . import chess, xiangqi  # noqa: E402
