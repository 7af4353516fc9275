"""Chess under the FIDE Laws (2023): the incremental referee, claims, dead positions, and
interop with python-chess (optional: ``pip install arbiter-referee[chess]``)."""

import json as _json
from typing import Any, Dict, List, Optional, Union

from . import _arbiter

__all__ = ["Referee", "claim", "dead"]


def __dir__() -> List[str]:
    """``dir()`` of this module: its public API (``__all__``) only."""
    return sorted(__all__)


class Referee:
    """A chess game judged move by move (FIDE Laws 2023).

    ``fen``: the start (None = the standard start); ``dead_check``: ``"proved"`` (default;
    ``"screen"`` and ``"exact"`` are older names for it) or ``"off"`` (5.2.2). Raises :class:`~arbiter_referee.FenError`.

    >>> r = Referee()
    >>> for m in ["f3", "e5", "g4", "Qh4#"]: s = r.push(m)
    >>> s["status"], s["reason"], s["result"], s["at_ply"]
    ('decided', 'checkmate', '0-1', 4)
    """

    __slots__ = ("_r",)

    def __init__(self, fen: Optional[str] = None, dead_check: str = "proved") -> None:
        self._r = _arbiter.Referee("chess", fen, None, 3, dead_check)

    def push(self, move: str) -> Dict[str, Any]:
        """Plays a move in SAN (``Nf3``, ``O-O``) or UCI (``g1f3``) and returns the status
        after this ply (built in constant time per move): ``ply``, ``status``
        (ongoing/claimable/decided), ``result``, ``reason``, ``at_ply``, ``clause``,
        ``to_move``, ``halfmove_clock`` (plies), ``repetitions``, ``claims`` (the draw claims
        the side to move may make now, with the intended move to write down),
        ``moves_after_end``, and ``move`` (``{"move": UCI, "san": SAN}``, as ``arbiter
        referee`` answers a push). Raises :class:`~arbiter_referee.RecordError` (``ply``,
        ``move``)."""
        return self._r.push(move)

    def push_many(self, moves: Union[str, List[str]]) -> Dict[str, Any]:
        """Plays several moves; returns the status after the last (as :meth:`push`, without
        ``move``)."""
        for m in (moves.split() if isinstance(moves, str) else moves):
            self._r.push_move(m)
        return self._r.status()

    def status(self) -> Dict[str, Any]:
        """The game so far as the CLI reports it: the ``judge --json`` dict of these moves
        (what ``arbiter referee`` answers ``{"cmd":"status"}``), with every claim that held in
        the game (``claims``: each side's first ply). Replays the game: linear in its plies."""
        return _json.loads(self._r.report_json())

    def claim(self, kind: str, intended_move: Optional[str] = None, *,
              time_control: Optional[str] = None) -> Dict[str, Any]:
        """Judges a claim by the side to move now: ``"threefold"`` (9.2) or ``"fifty-moves"``
        (9.3), with the move written down (9.2.1.1, 9.3.1). ``time_control`` (penalty, 9.5.3):
        ``"standard"``/``"rapid"``/``"blitz"``; ``None`` = standard (a referee has no tags).
        The CLI's ``claim --json``."""
        from . import claim as _claim
        return _claim(kind, self._r.start_fen(), self._r.moves(), intended_move=intended_move,
                      time_control=time_control, game="chess")

    @property
    def fen(self) -> str:
        return self._r.fen()

    @property
    def moves(self) -> List[str]:
        """The moves played, in UCI."""
        return self._r.moves()

    @property
    def ply(self) -> int:
        return self._r.plies()

    def legal_moves(self) -> List[str]:
        """Legal moves of the side to move, in UCI."""
        return self._r.legal_moves()

    @classmethod
    def from_board(cls, board: Any, dead_check: str = "proved") -> "Referee":
        """A referee for a ``chess.Board``: its root position and its move stack replayed."""
        root = board.root()
        fen = root.fen()
        r = cls(None if fen == _START else fen, dead_check)
        for m in board.move_stack:
            r._r.push_move(m.uci())
        return r

    @classmethod
    def from_game(cls, game: Any, dead_check: str = "proved") -> "Referee":
        """A referee for a ``chess.pgn.Game``: its start (FEN tag or standard) and mainline."""
        fen = game.board().fen()
        r = cls(None if fen == _START else fen, dead_check)
        for m in game.mainline_moves():
            r._r.push_move(m.uci())
        return r


_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def claim(kind: str, fen: Optional[str] = None, moves: Union[str, List[str], None] = None, *,
          at_ply: Optional[int] = None, intended_move: Optional[str] = None,
          time_control: Optional[str] = None, record: Any = None, path: Any = None,
          index: int = 0) -> Dict[str, Any]:
    """Judges a threefold (9.2) or fifty-move (9.3) claim; see :func:`arbiter_referee.claim`
    (``time_control=None``: from the record's tags, else standard)."""
    from . import claim as _claim
    from_record = record is not None or path is not None
    return _claim(kind, fen, moves, record=record, path=path, index=index, at_ply=at_ply,
                  intended_move=intended_move, time_control=time_control,
                  game=None if from_record else "chess")


def dead(fen: str) -> Dict[str, Any]:
    """Whether a position is dead (FIDE 5.2.2: no sequence of legal moves mates): the CLI's
    ``dead --json`` dict. Raises :class:`~arbiter_referee.FenError`."""
    return _json.loads(_arbiter.dead(fen))
