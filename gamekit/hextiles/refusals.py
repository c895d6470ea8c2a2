"""Why Hex Tiles refuses a move, in the engine's words: a tile the reserve does not hold, a
placement that breaks the figure's rule, a second take, a take from an empty market,
``done`` before the compulsory take (:class:`Refusals`, which :class:`gamekit.hextiles.State`
inherits).

>>> from gamekit import hextiles
>>> print(hextiles.Rules(seed=7).start().why_illegal("done"))
done is not allowed: taking a tile is compulsory each turn: Player 1 must first take a tile from the market.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from gamekit.hextiles.figure import Figure
from gamekit.hextiles.notation import Cell, Move
from gamekit.hextiles.tiles import _TILES, _rot


class Refusals:
    """The rule a move breaks in a Hex Tiles position, in a sentence (``None``: allowed)."""

    __slots__ = ()
    rules: Any
    reserves: tuple[tuple[str, ...], ...]
    figures: tuple[Figure, ...]
    market: tuple[str, ...]
    step: int
    taken: bool

    if TYPE_CHECKING:

        @property
        def outcome(self) -> Any: ...
        @property
        def _mover(self) -> int: ...
        @property
        def leftover_step(self) -> bool: ...
        @property
        def must_take(self) -> bool: ...
        @staticmethod
        def player_name(i: int) -> str: ...

    def _base_problem(self, m: Move) -> str | None:
        outcome = self.outcome
        if outcome is not None:
            return f"{m} is not allowed: {outcome.reason[0].lower()}{outcome.reason[1:]}"
        if m.kind == "place":
            # a place move: its pattern, cell and turn are set
            pattern, cell, turn = cast(str, m.pattern), cast(Cell, m.cell), cast(int, m.turn)
            p = self._mover
            reserve = self.reserves[p]
            if pattern in reserve:
                figure = self.figures[p]
                if figure._allows(_rot(_TILES[pattern].mask, turn), cell):
                    return None
                return figure._problem(str(m), _TILES[pattern], cell, turn)
            from gamekit.hextiles.words import reserve_words, tile_words

            return (
                f"{m} is not allowed: {self.player_name(p)}'s reserve holds no "
                f"{tile_words(pattern).removeprefix('a ')} (it holds {reserve_words(reserve)}). "
                "A tile is placed from the reserve, where a tile taken from the market waits."
            )
        if m.kind == "take":
            if self.step < self.rules.players and not self.taken and m.pattern in self.market:
                return None
            from gamekit.hextiles.words import reserve_words, tile_words

            who = self.player_name(self._mover)
            if self.leftover_step:
                return (
                    f"{m} is not allowed: this is {who}'s extra step with the leftover tile (now "
                    "in the reserve): place tiles or end the turn."
                )
            if self.taken:
                return (
                    f"{m} is not allowed: {who} has taken a tile this turn already (one a "
                    "turn): place tiles from the reserve, or end the turn."
                )
            if m.pattern not in self.market:
                if not self.market:
                    return f"{m} is not allowed: the market is empty."
                wanted = tile_words(cast(str, m.pattern)).removeprefix("a ")
                return (
                    f"{m} is not allowed: the market holds no {wanted} (it holds "
                    f"{reserve_words(self.market)})."
                )
            return None
        # done
        if self.must_take:
            who = self.player_name(self._mover)
            return (
                f"done is not allowed: taking a tile is compulsory each turn: {who} must first "
                "take a tile from the market."
            )
        return None
