"""Xiangqi: the incremental referee and the one-question functions (AXF, TW113)."""

import json as _json
from typing import Any, Dict, List, Optional, Union

from . import _arbiter

__all__ = ["Referee", "classify", "cycle", "claim"]


def __dir__() -> List[str]:
    """``dir()`` of this module: its public API (``__all__``) only."""
    return sorted(__all__)


class Referee:
    """A xiangqi game judged move by move.

    ``fen``: the start (None = the standard start); ``rules``: ``"axf"`` (default) or
    ``"tw113"``; ``cycles``: completed repetition loops that make a repetition pending (≥ 1).
    Raises :class:`~arbiter_referee.FenError` for a bad FEN.

    >>> r = Referee("4k4/9/5R3/9/9/4P4/9/9/9/4K4 w", rules="tw113")
    >>> for m in "f7e7 e9f9 e7f7 f9e9".split() * 3: s = r.push(m)
    >>> s["status"], s["reason"], s["must_vary"]
    ('pending', 'perpetual_check', 'red')
    """

    __slots__ = ("_r",)

    def __init__(self, fen: Optional[str] = None, rules: Optional[str] = "axf", cycles: int = 3) -> None:
        self._r = _arbiter.Referee("xiangqi", fen, rules, cycles)

    def push(self, move: str) -> Dict[str, Any]:
        """Plays one move (ICCS ``h2e2``, WXF ``C2.5``, Chinese ``炮二平五``) and returns the
        status: ``ply``, ``status`` (ongoing/claimable/pending/decided), ``result``,
        ``reason``, ``at_ply`` (plies), ``must_vary`` (red/black, while pending), ``clause``,
        ``to_move``, ``cycle`` once a repetition is judged, and ``move``: the move's
        classification as ``arbiter referee`` answers a push (``{"move": ICCS, "kinds":
        [...], "chases": [...]}``). Raises
        :class:`~arbiter_referee.RecordError` (``ply``, ``move``) for an illegal or unreadable
        move; the referee is then unchanged."""
        return self._r.push(move)

    def status(self) -> Dict[str, Any]:
        """The game so far as the CLI reports it: the ``judge --json`` dict of these moves
        (what ``arbiter referee`` answers ``{"cmd":"status"}``). Replays the game: linear in
        its plies."""
        return _json.loads(self._r.report_json())

    @property
    def verdict(self) -> Dict[str, Any]:
        """The whole game report so far (as :meth:`status`)."""
        return self.status()

    @property
    def fen(self) -> str:
        """The current position's FEN."""
        return self._r.fen()

    @property
    def moves(self) -> List[str]:
        """The moves played, in ICCS."""
        return self._r.moves()

    @property
    def ply(self) -> int:
        """Moves played (plies)."""
        return self._r.plies()

    def legal_moves(self) -> List[str]:
        """The legal moves of the side to move, in ICCS."""
        return self._r.legal_moves()


def _moves_text(moves: Union[str, List[str]]) -> str:
    return moves if isinstance(moves, str) else " ".join(moves)


def cycle(fen: str, moves: Union[str, List[str]], *, rules: Optional[str] = None,
          explain: bool = False) -> Dict[str, Any]:
    """Judges one repetition cycle: ``moves`` (one or more loops) from ``fen`` return to it.
    Returns the CLI's ``cycle --json`` dict: per-side offence (``sides``) and the ``verdict``
    (``must_vary``, ``result_if_unchanged``) under ``rules`` (default AXF)."""
    return _json.loads(_arbiter.cycle(fen, _moves_text(moves), rules, explain))


def classify(fen: str, move: str, *, rules: Optional[str] = None,
             explain: bool = False) -> Dict[str, Any]:
    """Classifies one move: ``kinds`` (check, chase, ...) and ``chases`` (chaser, target,
    piece). The CLI's ``classify --json`` dict."""
    return _json.loads(_arbiter.classify(fen, move, rules, explain))


def claim(fen: Optional[str] = None, moves: Union[str, List[str], None] = None, *,
          rules: Optional[str] = None, at_ply: Optional[int] = None,
          limit: Optional[int] = None) -> Dict[str, Any]:
    """Judges a natural-move-limit claim (AXF 60 moves each = 120 plies; TW113 50 moves, or
    ``limit=40``)."""
    from . import claim as _claim
    return _claim("natural-move-limit", fen, moves, rules=rules, at_ply=at_ply, limit=limit,
                  game="xiangqi")
