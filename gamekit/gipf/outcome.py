"""How a GIPF game ended: the winner, the reason in words and the ending in one word.

>>> Outcome("white", "Black has no GIPF piece left on the board", "last-gipf").loser
'black'
"""

from __future__ import annotations

from dataclasses import dataclass

from gamekit.errors import shown as _show
from gamekit.gipf.tables import _OTHER, COLOURS
from gamekit.variants import BLOCKED

#: The words of ``Outcome.ending`` (see :class:`Rules`).
ENDINGS = ("no-reserve", "last-gipf")


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the ``winner`` (a colour), the ``reason`` in words and the
    ``ending`` in one word of :attr:`Rules.endings`, for programs.

    >>> Outcome("black", "White must push but has no piece left in reserve", "no-reserve")
    Outcome(winner='black', reason='White must push but has no piece left in reserve', ending='no-reserve')

    Raises:
        ValueError: for a winner that is not a colour or an ending not in ``Rules.endings``.
        TypeError: for a reason that is not text.
    """

    winner: str
    reason: str
    ending: str

    def __post_init__(self) -> None:
        if not (isinstance(self.winner, str) and self.winner in COLOURS):
            raise ValueError(f"winner must be 'white' or 'black', not {_show(self.winner)}")
        if not isinstance(self.reason, str):
            raise TypeError(f"reason must be text, not {type(self.reason).__name__}")
        if not (isinstance(self.ending, str) and self.ending in (*ENDINGS, BLOCKED)):
            raise ValueError(
                f"ending must be one of {', '.join(ENDINGS)} (or {BLOCKED!r}, in a variant); "
                f"not {_show(self.ending)}"
            )

    @property
    def winners(self) -> tuple[str, ...]:
        """The winner as a 1-tuple (GIPF has no draws and no shared wins)."""
        return (self.winner,)

    @property
    def loser(self) -> str:
        """The colour that lost."""
        return _OTHER[self.winner]

    @property
    def scores(self) -> None:
        """``None``: GIPF has no score, only a winner."""
        return None
