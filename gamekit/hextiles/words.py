"""Hex Tiles in words: a tile, a turn, a place on a figure, and a whole position, as a
player says them (the boards, the puzzles and a screen reader read these).

>>> from gamekit import hextiles
>>> print(position_words(hextiles.Rules(seed=2).start()))
Hex Tiles, 2 players, round 1. Player 1 to move: take a tile from the market. The market: a green tile (four marks, the blank sides one apart), a green tile (four marks, the blank sides opposite) and a brown tile (five marks, one blank side). Player 1: a figure of 1 tile, scoring 0; nothing in reserve. Player 2: a figure of 1 tile, scoring 0; nothing in reserve.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from gamekit import hextiles
from gamekit.grids import HEX_DIRECTIONS
from gamekit.hextiles import Cell
from gamekit.text import join_words

__all__ = ["describe_move", "position_words", "tile_words", "turn_words", "where_words"]

#: Each marking pattern (in its standard turn) in words.
_PATTERN_WORDS = {
    "100000": "one mark",
    "110000": "two marks side by side",
    "101000": "two marks one side apart",
    "100100": "two marks on opposite sides",
    "111000": "three marks in a row",
    "110100": "three marks: a pair, and one more a side away clockwise",
    "110010": "three marks: a pair, and one more a side away anticlockwise",
    "101010": "three marks on every other side",
    "111100": "four marks, the two blank sides side by side",
    "111010": "four marks, the blank sides one apart",
    "110110": "four marks, the blank sides opposite",
    "111110": "five marks, one blank side",
}
#: Where a cell is from its neighbour on side ``i`` (side 0 up, clockwise).
_TOWARDS = (
    "above",
    "to the upper right of",
    "to the lower right of",
    "below",
    "to the lower left of",
    "to the upper left of",
)
_SIDE_WORDS = ("top", "upper right", "lower right", "bottom", "lower left", "upper left")
_TURN_WORDS = (
    "",
    "turned once clockwise",
    "turned twice clockwise",
    "turned half round",
    "turned twice anticlockwise",
    "turned once anticlockwise",
)
#: Each way a game ends (``Outcome.ending``), in words.
_ENDINGS = {
    "pool-empty": "the pool could not fill a market",
    "no-room": "no figure has room for another tile",
    "blocked": "the variant's rule left the player to move no move",
}


def tile_words(tile: hextiles.Tile | str) -> str:
    """A tile as a player names it: its colour and its marks.

    >>> tile_words("100100")
    'a blue tile (two marks on opposite sides)'

    Raises:
        InvalidNotationError: ``tile`` is not a tile.
    """
    tile = hextiles.Tile.from_marks(tile)
    if tile.value == 0:
        return "a blank tile"
    return f"a {tile.colour} tile ({_PATTERN_WORDS[tile.pattern.marks]})"


def turn_words(tile: hextiles.Tile | str, turn: int) -> str:
    """How a tile is turned from its picture in the reserve, in words ("" if not at all);
    the fewest turns that give the same look.

    >>> turn_words("111000", 2), turn_words("100100", 3), turn_words("111000", 5)
    ('turned twice clockwise', '', 'turned once anticlockwise')

    Raises:
        InvalidNotationError: ``tile`` is not a tile.
    """
    tile = hextiles.Tile.from_marks(tile)
    held = tile.rotated(int(turn) % 6)
    for k in (0, 1, 5, 2, 4, 3):
        if tile.rotated(k) == held:
            return _TURN_WORDS[k]
    return ""  # pragma: no cover - some k gives the tile as held


def where_words(figure: hextiles.Figure, cell: tuple[int, int], own: str = "its") -> str:
    """Where ``cell`` is, as a player says it: from a tile of ``figure`` next to it (the
    starter if it is one of them), "above its starter", "to the lower left of its red tile".

    >>> where_words(hextiles.Figure.start(), (1, 0), "your")
    'to the upper right of your starter'

    Raises:
        InvalidNotationError: ``cell`` is not a cell.
    """
    q, r = hextiles._as_cell(cell)
    tiles = figure.tiles()
    around = []
    for side, (dq, dr) in enumerate(HEX_DIRECTIONS):
        neighbour = (q - dq, r - dr)  # the cell lies on this side of the neighbour
        if neighbour in tiles:
            around.append((side, neighbour))
    if not around:
        return "away from " + own + " figure"
    colours = [t.colour for t in tiles.values()]

    def rank(item):
        side, neighbour = item
        tile = tiles[neighbour]
        return (neighbour != (0, 0), colours.count(tile.colour), side)

    side, neighbour = min(around, key=rank)
    tile = tiles[neighbour]
    name = "starter" if neighbour == (0, 0) else f"{tile.colour} tile"
    return f"{_TOWARDS[side]} {own} {name}"


def position_words(state: hextiles.State) -> str:
    """The whole position in a few sentences: the round, whose turn and what to do, the
    market, and each player's figure (tiles and score) and reserve; or how it ended."""
    rules = state.rules
    head = f"Hex Tiles, {rules.players} players, round {state.round_no}."
    outcome = state.outcome
    if outcome is not None:
        turn = f"The game is over: {_ENDINGS.get(outcome.ending, outcome.ending)}."
    else:
        p = state.player
        assert p is not None  # the game goes on
        name = state.player_name(p)
        doing = "take a tile from the market" if state.must_take else "place a tile or end the turn"
        turn = f"{name} to move: {doing}."
    market = join_words([tile_words(t) for t in state.market]) or "nothing"
    parts = [head, turn, f"The market: {market}."]
    for i, score in enumerate(state.scores()):
        figure = state.figure(i)
        count = len(figure.cells())
        reserve = join_words([tile_words(t) for t in state.reserves[i]]) or "nothing"
        parts.append(
            f"{state.player_name(i)}: a figure of {count} tile{'s' if count != 1 else ''}, "
            f"scoring {score.total}; {reserve} in reserve."
        )
    return " ".join(parts)


def _gain_words(was: hextiles.Score, now: hextiles.Score) -> str:
    """What a placement adds, from the figure's score before and after: "+2 marks, longest
    border 3 → 5"."""
    gain = now.tiles - was.tiles
    return f"+{gain} mark{'s' if gain != 1 else ''}, longest border {was.border} → {now.border}"


def _tiles_words(tiles) -> str:
    """ "a red tile", "a red and a blue tile", "a red, a blue and a green tile"."""
    names = [f"a {hextiles.Tile.from_marks(t).colour}" for t in tiles]
    if not names:
        return "no tile"
    if len(names) == 1:
        return names[0] + " tile"
    return ", ".join(names[:-1]) + " and " + names[-1] + " tile"


def describe_move(
    before: hextiles.State,
    move: hextiles.Move | str,
    after: hextiles.State,
    person: Callable[[str], str] | None = None,
) -> str:
    """One Hex Tiles decision in plain words: tiles by colour and marks, cells from the
    tiles next to them, turns in words, and what the end of a turn brought (the leftover
    tile, a new market, the end of the game). ``person(seat)`` names a seat as the reader
    knows it (``"you"``, ``"the computer"``; by default "Player 1" …).

    >>> state = hextiles.Rules(players=2, seed=7).start()
    >>> describe_move(state, "take 101000", state.play("take 101000"))
    'Player 1 took a blue tile (two marks one side apart) from the market.'

    Raises:
        InvalidNotationError: ``move`` is not a Hex Tiles move's notation.
    """
    m = hextiles.Move.parse(move)
    name = person or (lambda seat: seat.capitalize())
    me = before.rules.seats[before._mover]
    who = name(me)
    who = who[:1].upper() + who[1:]
    own = "your" if who == "You" else "its"
    # a take has a pattern; a placement a pattern, a cell and a turn
    pattern, cell, turn = cast(str, m.pattern), cast(Cell, m.cell), cast(int, m.turn)
    if m.kind == "take":
        return f"{who} took {tile_words(pattern)} from the market."
    if m.kind == "place":
        text = f"{who} placed {tile_words(pattern)} "
        text += where_words(before.figure(before._mover), cell, own)
        turned = turn_words(pattern, turn)
        text += f", {turned}." if turned else "."
        return text
    text = f"{who} ended {own} turn."
    n = before.rules.players
    if before.step == n - 1 and before.market:
        first = name(before.rules.seats[before.first])
        tiles = _tiles_words(before.market)
        leftover = before.rules.leftover
        if leftover == "first":
            whose = "your" if first == "you" else f"{first}'s"
            does = "you place or keep" if first == "you" else f"{first} places or keeps"
            text += f" The leftover {tiles.removeprefix('a ')} went to {whose} reserve: "
            text += f"{does} it in an extra step."
        elif leftover == "pool":
            text += f" The leftover {tiles.removeprefix('a ')} went back into the pool."
        else:
            text += f" The leftover {tiles.removeprefix('a ')} left the game."
    if after.outcome is not None:
        scores = ", ".join(f"{name(seat)} {total}" for seat, total in after.outcome.scores.items())
        text += f" The game is over: {_ENDINGS[after.outcome.ending]}. Scores: {scores}."
    elif after.round_no > before.round_no:
        first = name(after.rules.seats[after.first])
        text += f" Round {after.round_no}: the market holds {_tiles_words(after.market)}"
        text += f"; {first} {'take' if first.lower() == 'you' else 'takes'} first."
    return text
