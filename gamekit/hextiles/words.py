"""Hex Tiles in words: a tile, a turn, a place on a figure, and a whole position, as a
player says them (the boards, the puzzles and a screen reader read these).

>>> from gamekit import hextiles
>>> print(position_words(hextiles.Rules(seed=2).start()))
Hex Tiles, 2 players, round 1. Player 1 to move: take a tile from the market. The market: a green tile (four marks, the blank sides one apart), a green tile (four marks, the blank sides opposite) and a brown tile (five marks, one blank side). Player 1: a figure of 1 tile, scoring 0; nothing in reserve. Player 2: a figure of 1 tile, scoring 0; nothing in reserve.
"""

from __future__ import annotations

from gamekit import hextiles
from gamekit.grids import HEX_DIRECTIONS

__all__ = ["position_words", "tile_words", "turn_words", "where_words"]

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


def _listed(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


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
    market = _listed([tile_words(t) for t in state.market]) or "nothing"
    parts = [head, turn, f"The market: {market}."]
    for i, score in enumerate(state.scores()):
        figure = state.figure(i)
        count = len(figure.cells())
        reserve = _listed([tile_words(t) for t in state.reserves[i]]) or "nothing"
        parts.append(
            f"{state.player_name(i)}: a figure of {count} tile{'s' if count != 1 else ''}, "
            f"scoring {score.total}; {reserve} in reserve."
        )
    return " ".join(parts)
