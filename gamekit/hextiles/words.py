"""Hex Tiles in words: a tile, a turn, a place on a figure, and a whole position, as a
player says them (the boards, the puzzles and a screen reader read these).

>>> from gamekit import hextiles
>>> print(position_words(hextiles.Rules(seed=2).start()))
Hex Tiles, 2 players, round 1. Player 1 to move: take a tile from the market. The market: a green tile (four marks, the blank sides one apart), a green tile (four marks, the blank sides opposite) and a brown tile (five marks, one blank side). Player 1: a figure of 1 tile, scoring 0; nothing in reserve. Player 2: a figure of 1 tile, scoring 0; nothing in reserve.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, cast

from gamekit.grids import HEX_DIRECTIONS, hex_distance
from gamekit.hextiles.figure import Figure, Score
from gamekit.hextiles.figure import score as figure_score
from gamekit.hextiles.fitting import _SIDE_WORDS, placement_words  # noqa: F401  (the game's words)
from gamekit.hextiles.notation import Move
from gamekit.hextiles.tiles import Cell, Tile, _as_cell, cell_text
from gamekit.text import join_words

if TYPE_CHECKING:
    from gamekit.hextiles import State

__all__ = [
    "describe_move",
    "figure_reading",
    "outline_walk",
    "position_words",
    "tile_reading",
    "tile_words",
    "turn_words",
    "where_words",
]

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
_TURN_WORDS = (
    "",
    "turned once clockwise",
    "turned twice clockwise",
    "turned half round",
    "turned twice anticlockwise",
    "turned once anticlockwise",
)
#: Each way a game ends (``Outcome.ending``), in words.
ENDING_WORDS = {
    "pool-empty": "the pool could not fill a market",
    "no-room": "no figure has room for another tile",
    "blocked": "the variant's rule left the player to move no move",
}


def tile_words(tile: Tile | str) -> str:
    """A tile as a player names it: its colour and its marks.

    >>> tile_words("100100")
    'a blue tile (two marks on opposite sides)'

    Raises:
        InvalidNotationError: ``tile`` is not a tile.
    """
    tile = Tile.from_marks(tile)
    if tile.value == 0:
        return "a blank tile"
    return f"a {tile.colour} tile ({_PATTERN_WORDS[tile.pattern.marks]})"


def turn_words(tile: Tile | str, turn: int) -> str:
    """How a tile is turned from its picture in the reserve, in words ("" if not at all);
    the fewest turns that give the same look.

    >>> turn_words("111000", 2), turn_words("100100", 3), turn_words("111000", 5)
    ('turned twice clockwise', '', 'turned once anticlockwise')

    Raises:
        InvalidNotationError: ``tile`` is not a tile.
    """
    tile = Tile.from_marks(tile)
    held = tile.rotated(int(turn) % 6)
    for k in (0, 1, 5, 2, 4, 3):
        if tile.rotated(k) == held:
            return _TURN_WORDS[k]
    return ""  # pragma: no cover - some k gives the tile as held


def where_words(figure: Figure, cell: tuple[int, int], own: str = "its") -> str:
    """Where ``cell`` is, as a player says it: from a tile of ``figure`` next to it (the
    starter if it is one of them), "above its starter", "to the lower left of its red tile".

    >>> where_words(Figure.start(), (1, 0), "your")
    'to the upper right of your starter'

    Raises:
        InvalidNotationError: ``cell`` is not a cell.
    """
    q, r = _as_cell(cell)
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


def tile_reading(figure: Figure, cell: tuple[int, int]) -> str:
    """The tile on ``cell`` of ``figure`` as a player reads it without the picture: its
    colour, which of its sides are marked as it lies, and the tiles it touches, side by side.

    >>> fig = Figure.start().place("111110", (0, 1), 4)
    >>> tile_reading(fig, (0, 1))
    'a brown tile, marked top, upper right, lower right, lower left and upper left; touching the starter at its bottom'
    >>> tile_reading(fig, (0, 0))
    'the starter, no side marked; touching a brown tile at its top'

    Raises:
        InvalidNotationError: ``cell`` is not a cell.
        ValueError: no tile of ``figure`` is on ``cell``.
    """
    q, r = _as_cell(cell)
    tiles = figure.tiles()
    if (q, r) not in tiles:
        raise ValueError(f"no tile of this figure is on {cell_text((q, r))}")

    def name(at: Cell) -> str:
        return "the starter" if at == (0, 0) else f"a {tiles[at].colour} tile"

    marked = [_SIDE_WORDS[side] for side in range(6) if figure.marked_edge(((q, r), side))]
    marks = f"marked {join_words(marked)}" if marked else "no side marked"
    touching = [
        f"{name((q + dq, r + dr))} at its {_SIDE_WORDS[side]}"
        for side, (dq, dr) in enumerate(HEX_DIRECTIONS)
        if (q + dq, r + dr) in tiles
    ]
    near = f"touching {join_words(touching)}" if touching else "touching no tile"
    return f"{name((q, r))}, {marks}; {near}"


def figure_reading(figure: Figure) -> list[str]:
    """``figure`` read without the picture: each tile numbered (:func:`tile_reading`), the
    starter first and then the nearest to it first, then its border walked round
    (:func:`outline_walk`, naming the tiles by their numbers).

    >>> print("\\n".join(figure_reading(Figure.start().place("100000", (0, 1), 0))))
    Tile 1: the starter, no side marked; touching a red tile at its top
    Tile 2: a red tile, marked top; touching the starter at its bottom
    Outer border, 10 edges:
      edge 1, marked: a run of 1 (tile 2: top)
      edges 2 to 10, blank (tile 2: upper right, lower right; tile 1: upper right, lower right, bottom, lower left, upper left; tile 2: lower left, upper left)
      longest run: 1
    """
    cells = sorted(figure.tiles(), key=lambda c: (hex_distance(c, (0, 0)), c[1], c[0]))
    names = {cell: f"tile {k}" for k, cell in enumerate(cells, 1)}
    lines = [f"Tile {k}: {tile_reading(figure, cell)}" for k, cell in enumerate(cells, 1)]
    return lines + outline_walk(figure, names)


def outline_walk(figure: Figure, names: dict[Cell, str] | None = None) -> list[str]:
    """A walk round each loop of ``figure``'s outline (the outer border first, then each
    hole), in stretches of marked and of blank edges: one line per stretch, with the edges'
    numbers along the loop (those ``draw(figure, walk=True)`` writes beside them) and whose
    sides they are (a tile named by ``names``, else by its colour and cell). A marked
    stretch is a run; a run may go on past the last edge into the first, as the loop
    closes, and the walk says so.

    >>> fig = Figure.start().place("111110", (0, 1), 4)
    >>> print("\\n".join(outline_walk(fig)))
    Outer border, 10 edges:
      edges 1 to 3, marked: a run of 3 (the brown tile (0,1): top, upper right, lower right)
      edges 4 to 8, blank (the starter (0,0): upper right, lower right, bottom, lower left, upper left)
      edges 9 to 10, marked: a run of 2 (the brown tile (0,1): lower left, upper left)
      the loop closes: edges 9 to 10 go on into edges 1 to 3, one run of 5
      longest run: 5
    """
    out = []
    tiles = figure.tiles()

    def whose(edges: Sequence[tuple[Cell, int]]) -> str:
        parts: list[str] = []
        for cell, side in edges:
            if names is not None and cell in names:
                owner = names[cell]
            else:
                name = "the starter" if cell == (0, 0) else f"the {tiles[cell].colour} tile"
                owner = f"{name} {cell_text(cell)}"
            if parts and parts[-1].startswith(owner + ":"):
                parts[-1] += f", {_SIDE_WORDS[side]}"
            else:
                parts.append(f"{owner}: {_SIDE_WORDS[side]}")
        return "; ".join(parts)

    for k, loop in enumerate(figure.loops()):
        out.append(f"{'Outer border' if k == 0 else f'Hole {k}'}, {len(loop)} edges:")
        marks = [figure.marked_edge(edge) for edge in loop]
        stretches: list[tuple[int, int]] = []  # first and last index of each stretch
        for i, marked in enumerate(marks):
            if stretches and marks[stretches[-1][0]] == marked:
                stretches[-1] = (stretches[-1][0], i)
            else:
                stretches.append((i, i))
        best = 0
        for a, b in stretches:
            edges = f"edge {a + 1}" if a == b else f"edges {a + 1} to {b + 1}"
            if marks[a]:
                best = max(best, b - a + 1)
                out.append(f"  {edges}, marked: a run of {b - a + 1} ({whose(loop[a : b + 1])})")
            else:
                out.append(f"  {edges}, blank ({whose(loop[a : b + 1])})")
        if len(stretches) > 2 and marks[0] and marks[-1]:
            (a0, b0), (a1, b1) = stretches[0], stretches[-1]
            joined = (b1 - a1 + 1) + (b0 - a0 + 1)
            best = max(best, joined)
            out.append(
                f"  the loop closes: edges {a1 + 1} to {b1 + 1} go on into edges {a0 + 1} to "
                f"{b0 + 1}, one run of {joined}"
            )
        elif len(stretches) == 1 and marks[0]:
            out.append("  every edge is marked: the run goes all the way round")
        out.append(f"  longest run: {best}")
    return out


def position_words(state: State, scores: bool = True) -> str:
    """The whole position in a few sentences: the round, whose turn and what to do, the
    market, and each player's figure (tiles and score) and reserve; or how it ended. With
    ``scores=False``, no figure's score (a puzzle that asks for it)."""
    rules = state.rules
    head = f"Hex Tiles, {rules.players} players, round {state.round_no}."
    outcome = state.outcome
    if outcome is not None:
        turn = f"The game is over: {ENDING_WORDS.get(outcome.ending, outcome.ending)}."
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
            f"{state.player_name(i)}: a figure of {count} tile{'s' if count != 1 else ''}"
            f"{_colours_words(figure)}{f', scoring {score.total}' if scores else ''}; "
            f"{reserve} in reserve."
        )
    return " ".join(parts)


def _colours_words(figure: Figure) -> str:
    """The tiles of a figure by colour, after the starter: " (the starter, 2 red and a
    blue)"; "" for the starter alone."""
    tiles = figure.tiles()
    colours = [t.colour for cell, t in sorted(tiles.items()) if cell != (0, 0)]
    if not colours:
        return ""
    counted = {c: colours.count(c) for c in dict.fromkeys(colours)}
    named = [f"{k} {c}" if k > 1 else f"a {c}" for c, k in counted.items()]
    return f" (the starter, {join_words(named)})"


def gain_words(was: Score, now: Score) -> str:
    """What a placement adds, from the figure's score before and after: "+2 marks, longest
    border 3 → 5"."""
    gain = now.tiles - was.tiles
    return f"+{gain} mark{'s' if gain != 1 else ''}, longest border {was.border} → {now.border}"


def _tiles_words(tiles) -> str:
    """ "a red tile", "a red and a blue tile", "a red, a blue and a green tile"."""
    names = [f"a {Tile.from_marks(t).colour}" for t in tiles]
    if not names:
        return "no tile"
    if len(names) == 1:
        return names[0] + " tile"
    return ", ".join(names[:-1]) + " and " + names[-1] + " tile"


def describe_move(
    before: State,
    move: Move | str,
    after: State,
    person: Callable[[str], str] | None = None,
) -> str:
    """One Hex Tiles decision in plain words: tiles by colour and marks, cells from the
    tiles next to them, turns in words, and what the end of a turn brought (the leftover
    tile, a new market, the end of the game). ``person(seat)`` names a seat as the reader
    knows it (``"you"``, ``"the computer"``; by default "Player 1" …).

    >>> from gamekit import hextiles
    >>> state = hextiles.Rules(players=2, seed=7).start()
    >>> describe_move(state, "take 101000", state.play("take 101000"))
    'Player 1 took a blue tile (two marks one side apart) from the market.'

    Raises:
        InvalidNotationError: ``move`` is not a Hex Tiles move's notation.
    """
    m = Move.parse(move)
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
        text += f" The game is over: {ENDING_WORDS[after.outcome.ending]}. Scores: {scores}."
    elif after.round_no > before.round_no:
        first = name(after.rules.seats[after.first])
        text += f" Round {after.round_no}: the market holds {_tiles_words(after.market)}"
        text += f"; {first} {'take' if first.lower() == 'you' else 'takes'} first."
    return text


#: Hex Tiles notation in a puzzle's words (:meth:`HexTilesBoard._in_words`).
CELL_TEXT = re.compile(r"\((-?\d{1,4}),(-?\d{1,4})\)")
_PLACE = re.compile(r"place ([01]{6}) at (\(-?\d{1,4},-?\d{1,4}\)) turn (\d)")
_REFUSED = re.compile(
    r"place ([01]{6}) at (\(-?\d{1,4},-?\d{1,4}\)) turn (\d) is not allowed: [^.]*\.?"
)
_TAKE = re.compile(r"take ([01]{6})")
_MARKS = re.compile(r"(tile) [01]{6}\b")


def _cell_of(text: str) -> tuple[int, int]:
    q, r = text.strip("()").split(",")
    return int(q), int(r)


def _colour(pattern: str) -> str:
    return Tile.from_marks(pattern).colour


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def reserve_words(reserve: tuple[str, ...]) -> str:
    """A reserve's tiles in words ("a red tile (one mark) and a blue tile (…)", "nothing")."""
    return join_words([tile_words(t) for t in dict.fromkeys(reserve)]) if reserve else "nothing"


def notation_words(text: str, figure: Figure) -> str:
    """``text`` (a puzzle's task, a verdict, an engine's refusal) with Hex Tiles' notation put
    in words, as the log says it: a placement as the tile by colour, where it goes next to
    ``figure``'s tiles and how it is turned; a cell by the tiles beside it; a take by the
    tile's colour; an engine's refusal as :func:`placement_words` words it.

    >>> from gamekit import hextiles
    >>> figure = hextiles.Rules(seed=1).start().figure(0)
    >>> notation_words("take 111000", figure)
    'taking the yellow tile'
    """

    def placement(m: re.Match) -> str:
        pattern, cell, turn = m.group(1), _cell_of(m.group(2)), int(m.group(3))
        turned = turn_words(pattern, turn)
        where = where_words(figure, cell, "your")
        return f"placing the {_colour(pattern)} tile {where}" + (f" ({turned})" if turned else "")

    def cell(m: re.Match) -> str:
        where = where_words(figure, _cell_of(m.group(0)), "your")
        return ("a cell " if where.startswith("away") else "the cell ") + where

    def refusal(m: re.Match) -> str:
        pattern, cell, turn = m.group(1), _cell_of(m.group(2)), int(m.group(3))
        tile = Tile.from_marks(pattern)
        why = placement_words(figure, tile, cell, turn) or ""
        head = f"The {tile.colour} tile {where_words(figure, cell, 'your')}"
        if why.startswith("This tile "):
            return head + why.removeprefix("This tile")
        return f"{head} does not fit: {_lower(why)}" if why else f"{head} does not fit."

    text = _REFUSED.sub(refusal, text)
    text = _PLACE.sub(placement, text)
    text = _TAKE.sub(lambda m: f"taking the {_colour(m.group(1))} tile", text)
    text = _MARKS.sub(lambda m: m.group(1), text)
    return CELL_TEXT.sub(cell, text)


def refusal_words(state: State, move: Move, reason: str) -> str:
    """The rule a refusal names, as a player reads it: the engine's sentence
    (``state.why_illegal(move)``) after "… is not allowed: ", with a capital. The engine words
    its refusals by colours and sides, so the board shows them as they are.

    >>> from gamekit import hextiles
    >>> state = hextiles.Rules(seed=1).start()
    >>> move = Move.parse("done")
    >>> refusal_words(state, move, state.why_illegal(move))
    'Taking a tile is compulsory each turn: Player 1 must first take a tile from the market.'
    """
    head, sep, rule = reason.partition(" is not allowed: ")
    text = rule if sep else reason
    return text[:1].upper() + text[1:]


def picture_words(thing: object) -> str:
    """A Hex Tiles picture that is not a whole position, in words: a figure by its tiles'
    colours and its score.

    >>> print(picture_words(Figure()))
    A Hex Tiles figure of 1 tile (the starter), scoring 0.
    """
    if not isinstance(thing, Figure):
        return ""
    tiles = list(thing.tiles().values())
    colours: dict[str, int] = {}
    for tile in tiles:
        name = "starter" if not tile.marks.count("1") else f"{tile.colour} tile"
        colours[name] = colours.get(name, 0) + 1
    listed = join_words([f"the {n}" if n == "starter" else f"{k} {n}{'s' if k > 1 else ''}"
                         for n, k in colours.items()])  # fmt: skip
    total = figure_score(thing).total
    count = len(tiles)
    return f"A Hex Tiles figure of {count} tile{'s' if count != 1 else ''} ({listed}), scoring {total}."
