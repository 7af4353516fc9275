"""arbiter_referee: the Arbiter referee from Python.

Xiangqi repetition (perpetual check and chase under AXF and TW113, natural move limits) and
the FIDE Laws' draws and claims for chess, with the same verdicts as the ``arbiter`` command
line: every dict equals the line ``arbiter ... --json`` prints.

Units: a *ply* is one move by one side; ply 0 is the start position; ``at_ply`` is the number
of moves played when the event happened.
"""

import json as _json
import os as _os
import warnings as _warnings
from typing import Any, Dict, Iterator, List, Optional, Union

from . import _arbiter
from .errors import ArbiterError, FenError, RecordError, UsageError

__version__ = _arbiter.__version__
__all__ = ["judge", "iter_judge", "judge_position", "perft", "claim", "ArbiterError",
           "FenError", "RecordError", "UsageError", "xiangqi", "chess"]


def __dir__() -> List[str]:
    """``dir(arbiter_referee)``: the public API (``__all__`` and ``__version__``), not the
    names this module imports for its own use (``Any``, ``Dict``, ...)."""
    return sorted(__all__ + ["__version__"])


Record = Union[bytes, bytearray, memoryview, str]
Path = Union[str, "_os.PathLike[str]"]


def _walk(path: Path):
    """(label, bytes or None, error or None) per input of ``path``: the library's walk (the
    CLI's ``judge PATH``: a file as given; a directory recursively for record files, each file
    once, symbolic link loops, FIFOs and devices skipped unopened, each skip a
    :class:`RuntimeWarning`). ``path`` itself unreadable, missing or holding no record file:
    :class:`RecordError`; a file or sub-directory inside it that cannot be read: its error."""
    root = _fspath(path)
    inputs, skipped = _arbiter.walk(root)
    for note in skipped:
        _warnings.warn(f"arbiter: {note}", RuntimeWarning, stacklevel=3)
    if len(inputs) == 1 and inputs[0][0] == root and inputs[0][1] is not None:
        label, error = inputs[0]
        raise RecordError(error if label in error else f"{label}: {error}", file=label)
    for label, error in inputs:
        if error is not None:
            yield label, None, error
            continue
        try:
            with open(label, "rb") as f:
                yield label, f.read(), None
        except OSError as e:
            if label == root:
                raise RecordError(f"cannot read {label}: {e.strerror}", file=label) from e
            yield label, None, f"cannot read {label}: {e.strerror}"


def _fspath(path: Path) -> str:
    p = _os.fspath(path)
    if not isinstance(p, str):
        raise TypeError(f"path: a str or os.PathLike of str, not {type(p).__name__}")
    return p


def _inputs(record: Optional[Record], path: Optional[Path], file: Optional[str]):
    """(label, bytes or None, error or None) per input: ``record`` (its bytes, or its text in
    UTF-8) labelled ``file`` (default ``-``), or the inputs of ``path`` (:func:`_walk`). A
    string is never taken for a path: paths go in ``path``."""
    if (record is None) == (path is None):
        raise UsageError("give either a record (bytes or text) or path= (a file or folder), not "
                         + ("both" if record is not None else "neither"))
    if path is not None:
        yield from _walk(path)
        return
    if isinstance(record, (bytes, bytearray, memoryview)):
        yield file or "-", bytes(record), None
    elif isinstance(record, str):
        yield file or "-", record.encode("utf-8"), None
    else:
        raise TypeError(f"record: bytes or str (the record itself), not {type(record).__name__}; "
                        "give a file or folder as path=")


def _error_item(label: str, error: str) -> Dict[str, Any]:
    """The CLI's item for an input that cannot be read."""
    return {"error": error, "file": label}


def _check(d: Dict[str, Any], errors: str) -> Dict[str, Any]:
    if errors == "raise" and "error" in d:
        raise RecordError(d["error"], index=d.get("index"), ply=d.get("ply"), move=d.get("move"),
                          file=d.get("file"))
    return d


def judge(record: Optional[Record] = None, *, path: Optional[Path] = None,
          rules: Optional[str] = None, cycles: Optional[int] = None, game: Optional[str] = None,
          explain: bool = False, dead_check: str = "proved", match: bool = False,
          file: Optional[str] = None, errors: str = "report",
          lang: Optional[str] = None) -> List[Dict[str, Any]]:
    """Judges every game of a record: PGN (either game), XQF, CBR/CBL/CBF, DhtmlXQ, move lists;
    UTF-8, GBK or Big5.

    ``record``: the record itself, as bytes or text (a string is always record text, never a
    path); or ``path``: a record file, or a directory walked recursively for record files as
    the CLI's ``judge DIR`` does (each file once; symbolic link loops, FIFOs and devices skipped
    with a :class:`RuntimeWarning`; a sub-directory that cannot be read gives an error dict).
    ``rules``: ``"axf"`` / ``"tw113"`` (xiangqi, default AXF), ``"fide"`` (chess, default);
    ``cycles``: completed repetition loops that make a xiangqi repetition pending (default 3; not with ``match``, which sets its own);
    ``game``: ``"xiangqi"`` / ``"chess"`` to force the game; ``dead_check``: ``"proved"`` (every
    answer proved; ``"screen"`` and ``"exact"`` are older names for it) / ``"off"`` (FIDE 5.2.2);
    ``match``: the engine-match convention of ``judge --match`` (a xiangqi repetition decided at
    the third occurrence, a pending verdict final, a chess game drawn at a threefold or
    fifty-move condition); ``file``: the label for a ``record`` (default ``"-"``).

    Returns one dict per game, equal to the CLI's ``judge --json`` line: ``file``, ``index``,
    ``game``, ``rules``, ``status``, ``result``, ``reason``, ``at_ply`` (plies), ... A game
    that cannot be read gives a dict with ``error`` (and ``ply``/``move`` when at a move);
    with ``errors="raise"`` a :class:`RecordError` is raised instead. ``path`` missing, empty
    of records or unreadable: :class:`RecordError`.

    The GIL is released while judging; the games of one file are judged in parallel.

    ``lang``: ``"en"``, ``"zh-Hant"`` or ``"zh-Hans"`` (also ``"zh-TW"``, ``"zh-CN"``, ...):
    each dict also carries ``text``, the words of the answer in that language (the same
    object as the HTTP API's ``text``: ``lang``, ``report`` — the CLI's text report —,
    ``verdict``, ``clause``, ``moves``, ``sides``). Without it the dicts equal the CLI's JSON.
    """
    loads = _json.loads
    if path is not None and record is None:
        lines, skipped = _arbiter.judge_path(_fspath(path), rules, cycles, game, explain, dead_check,
                                             match=match, lang=lang)
        for note in skipped:
            _warnings.warn(f"arbiter: {note}", RuntimeWarning, stacklevel=2)
    else:
        label, b, _ = next(_inputs(record, path, file))
        lines = _arbiter.judge_bytes(b, label, rules, cycles, game, explain, dead_check, match=match,
                                     lang=lang)
    return [_check(loads(line), errors) for line in lines]


def iter_judge(record: Optional[Record] = None, *, path: Optional[Path] = None,
               rules: Optional[str] = None, cycles: Optional[int] = None, game: Optional[str] = None,
               explain: bool = False, dead_check: str = "proved", match: bool = False,
               file: Optional[str] = None, errors: str = "report") -> Iterator[Dict[str, Any]]:
    """Like :func:`judge`, lazily: each game is judged when it is taken (files are read and
    split when reached)."""
    for label, b, error in _inputs(record, path, file):
        if b is None:
            yield _check(_error_item(label, error), errors)
            continue
        for line in _arbiter.iter_bytes(b, label, rules, cycles, game, explain, dead_check,
                                           match=match):
            yield _check(_json.loads(line), errors)


def _moves_text(moves: Union[str, List[str], None]) -> str:
    if moves is None:
        return ""
    return moves if isinstance(moves, str) else " ".join(moves)


def judge_position(fen: Optional[str] = None, moves: Union[str, List[str], None] = None, *,
                   rules: Optional[str] = None, cycles: Optional[int] = None, game: Optional[str] = None,
                   explain: bool = False, dead_check: str = "proved",
                   match: bool = False, lang: Optional[str] = None) -> Dict[str, Any]:
    """Judges one game given as a start position (None = the standard start; 10 ranks =
    xiangqi) and moves (a list or a space-separated string; xiangqi ICCS/WXF/Chinese, chess
    SAN/UCI). Returns the CLI's ``judge --fen --moves --json`` dict (file ``"-"``, index 0);
    ``match`` as in :func:`judge`; with ``lang``, also ``text`` (see :func:`judge`)."""
    return _json.loads(_arbiter.judge_position(fen, _moves_text(moves), rules, cycles, game,
                                               explain, dead_check, match=match, lang=lang))


def claim(kind: str, fen: Optional[str] = None, moves: Union[str, List[str], None] = None, *,
          record: Optional[Record] = None, path: Optional[Path] = None, index: int = 0,
          rules: Optional[str] = None,
          at_ply: Optional[int] = None, intended_move: Optional[str] = None,
          time_control: Optional[str] = None, limit: Optional[int] = None,
          game: Optional[str] = None, lang: Optional[str] = None) -> Dict[str, Any]:
    """Judges a draw claim by the side to move at ``at_ply`` (default: after the last move):
    ``"threefold"`` (FIDE 9.2), ``"fifty-moves"`` (FIDE 9.3; penalty 9.5.3 by
    ``time_control``), ``"natural-move-limit"`` (xiangqi; AXF 60 moves each, TW113 50, or
    ``limit=40``). Returns the CLI's ``claim --json`` dict (``valid``, ``clause``, ...).

    The game is ``fen`` + ``moves``, or game ``index`` (0-based) of ``record`` (a record's
    bytes or text) or of the record file at ``path`` (the CLI's ``claim FILE --game N``). ``time_control``: ``"standard"``, ``"rapid"`` or ``"blitz"``; ``None`` (default) =
    what the record's ``[TimeControl]`` or ``[Event]`` tag implies, else standard play (as the
    CLI and the server).

    ``lang``: also ``text``, the claim's words in that language (see :func:`judge`).

    Raises :class:`UsageError` when the claim does not fit the game, :class:`RecordError` or
    :class:`FenError` when the game cannot be replayed."""
    if record is not None or path is not None:
        if path is not None and _os.path.isdir(path):
            raise UsageError(f"claim takes one record file; {_os.fspath(path)} is a directory")
        label, data, error = next(_inputs(record, path, None))
        if data is None:
            raise RecordError(error, file=label)
        return _json.loads(_arbiter.claim(kind, None, "", rules, at_ply, intended_move,
                                          time_control, limit, game, data, label, index, lang))
    return _json.loads(_arbiter.claim(kind, fen, _moves_text(moves), rules, at_ply,
                                      intended_move, time_control, limit, game, None, "-", 0,
                                      lang))


def perft(depth: int, fen: Optional[str] = None, game: Optional[str] = None) -> Dict[str, Any]:
    """Leaf count of the legal move tree to ``depth`` plies (the CLI's ``perft --json``)."""
    return _json.loads(_arbiter.perft(depth, fen, game))


from . import chess, xiangqi  # noqa: E402
