"""Exceptions of arbiter_referee. All are ``ValueError`` subclasses (bad input, not a bug)."""

from typing import Optional


class ArbiterError(ValueError):
    """Base class: the input or request could not be judged."""


class RecordError(ArbiterError):
    """A game could not be read or replayed.

    Attributes: ``index`` (0-based game in its file, or None), ``ply`` (1-based ply the failing
    move would have produced, or None), ``move`` (the move text as written, or None),
    ``file`` (the file label, or None).
    """

    def __init__(self, message: str, *, index: Optional[int] = None, ply: Optional[int] = None,
                 move: Optional[str] = None, file: Optional[str] = None) -> None:
        super().__init__(message)
        self.message = message
        self.index = index
        self.ply = ply
        self.move = move
        self.file = file


class FenError(ArbiterError):
    """A FEN that does not describe a legal position of the game."""


class UsageError(ArbiterError):
    """A request that does not fit (rules of the other game, a ply beyond the moves, ...)."""
