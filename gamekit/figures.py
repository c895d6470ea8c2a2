"""The pictures in ``figures/``, redrawn from gamekit: ``python -m gamekit.figures``.

Every picture is a fixed position (a move list written below, never a random game), drawn
at a fixed size and resolution, and saved without a date or software tag, so running this
twice gives the same files. ``tests/test_figures.py`` redraws them and compares. The README
and the rules sheets in ``docs/rules/`` show them.

>>> [p.filename for p in FIGURES][:2]
['coffee_hex5.png', 'coffee_square5_start_rod.png']
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gamekit import coffee, gipf, hextiles, roaster
from gamekit.coffee.picture import CoffeeView
from gamekit.game import part
from gamekit.render.board import figure_png

__all__ = ["Picture", "FIGURES", "DPI", "FIGSIZE", "make_figures", "main"]

#: Resolution of every saved picture (dots per inch).
DPI = 80
#: Size of every board picture in inches (480 × 480 pixels at :data:`DPI`).
FIGSIZE = (6.0, 6.0)
#: Where ``python -m gamekit.figures`` writes: the repository's ``figures/`` folder.
DEFAULT_OUTDIR = Path(__file__).resolve().parent.parent / "figures"


@dataclass(frozen=True)
class Picture:
    """One picture: the position reached by ``moves`` from ``rules.start()`` (any game's
    rules, or :class:`gamekit.hextiles.Figure` for one Hex Tiles figure laid tile by tile),
    and the highlights to draw."""

    name: str
    rules: Any
    moves: tuple[str, ...]
    highlight: dict[str, Any] = field(default_factory=dict)
    #: A check the position must pass (so a changed rule cannot silently change a picture).
    check: Callable[[Any], bool] = lambda state: True
    about: str = ""
    figsize: tuple[float, float] = FIGSIZE

    def state(self) -> Any:
        state = self.rules.start()
        for move in self.moves:
            state = _play(state, move)
        if not self.check(state):
            raise RuntimeError(f"{self.name}: the position is not what it should show")
        return state

    @property
    def filename(self) -> str:
        return f"{self.name}.png"

    def png(self) -> bytes:
        state = self.state()
        if isinstance(state, coffee.State):
            view = CoffeeView(self.rules, figsize=self.figsize)
            view.update(state, **self.highlight)
            return view.drawing.png(dpi=DPI)
        draw = part(state, "picture").draw
        return figure_png(draw(state, figsize=self.figsize, **self.highlight), dpi=DPI)


def _play(state: Any, move: str) -> Any:
    """One move; on a lone Hex Tiles figure a move ``"P (q,r) k"`` places tile ``P`` turned
    ``k`` on cell ``(q, r)``."""
    if isinstance(state, hextiles.Figure):
        tile, cell, turn = move.split()
        return state.place(tile, cell, int(turn))
    return state.play(move)


def _blocked(state: coffee.State) -> bool:
    return state.outcome is not None and not state.outcome.line


def _won(state: coffee.State) -> bool:
    return state.outcome is not None and bool(state.outcome.line)


def _going_on(state: coffee.State) -> bool:
    return state.outcome is None


FIGURES: tuple[Picture, ...] = (
    Picture(
        "coffee_hex5",
        coffee.Rules(board="hex", size=5, n=5),
        # Mid-game: the rod lies along the long diagonal a1–i5; the next stone may go on any
        # of its empty cells, past the stones in between.
        tuple("e2| e6| e5/ c3\\ g1\\ b3\\ e3/ f3| f5| f8\\ e9\\ h6\\ g7\\ i5/".split()),
        {"legal": True},
        _going_on,
        "A hexhex-5 game after 14 moves; blue rings show where Black may play.",
    ),
    Picture(
        "coffee_square5_start_rod",
        coffee.Rules(board="square", size=5, n=4),
        ("c3/",),
        {"legal": True},
        _going_on,
        "Black's first stone on c3 with the rod along '/': Orange must play on that diagonal.",
    ),
    Picture(
        "coffee_square5_blocked",
        coffee.Rules(board="square", size=5, n=4),
        # Black is to move; the rod on c4 gives column c, whose only empty cell is c1, and a
        # stone on c1 would leave no empty cell on any of its lines: Black is blocked.
        tuple(
            "d2- c2/ d3/ b1\\ a2| a4| a1/ c3| c5\\ e3- a3\\ b2/ e5/ d4| d1- e1\\ b4- c4|".split()
        ),
        {"marks": ["c1"]},
        _blocked,
        "Square 5, n=4: the rod leaves Black only c1, and c1 leaves no line open: Black loses.",
    ),
    Picture(
        "coffee_hex4_win",
        coffee.Rules(board="hex", size=4, n=4),
        tuple("d4/ a1\\ d1/ e1| e3| e2\\ c3\\ b3/ a2\\ b2| b4\\ a4\\ c4\\".split()),
        {},
        _won,
        "Hexhex 4, n=4: Black's stone on c4 completes b4–c4–d4–e3, a winning line.",
    ),
    Picture(
        "coffee_square5_illegal",
        coffee.Rules(board="square", size=5, n=4),
        ("c3/",),
        {"attempt": "c1"},
        lambda state: state.outcome is None and state.why_cell_illegal("c1") is not None,
        "An illegal attempt: c1 is not on the rod's line, so it is marked with a red cross.",
    ),
    Picture(
        "gipf_standard_row",
        gipf.Rules(variant="standard"),
        # The rules sheet's case 8: White pushes in at e2 three times (Black plays elsewhere)
        # and so moves White's own GIPF piece from e2 to e5, behind three single pieces.
        ("e1-e2", "b6-b5", "e1-e2", "c7-c6", "e1-e2"),
        {},
        lambda state: (
            state.phase == "remove"
            and [str(m) for m in state.legal_moves()] == ["xe2-e5", "xe2-e5 keep e5"]
        ),
        "Standard GIPF: White's row e2-e5 ends in White's own GIPF piece, kept or taken.",
        (8.0, 6.0),
    ),
    Picture(
        "hextiles_scored_figure",
        hextiles.Figure,
        # Six tiles around the blank starter, each on a cell where no mark touches a tile.
        (
            "111000 (-1,0) 2",
            "110000 (-1,1) 0",
            "101000 (1,-1) 0",
            "111100 (-2,1) 3",
            "100000 (1,-2) 1",
            "110100 (0,-2) 2",
        ),
        {"scoring": True},
        lambda fig: hextiles.score(fig).total == 22 and not hextiles.score(fig).closed,
        "A Hex Tiles figure scored: tiles 15 plus its longest marked border run, 7.",
    ),
    Picture(
        "roaster_round3",
        roaster.Rules(card="jamaica-blue-mountain", seed=3),
        # Round 1 starts the wild flavor with a level-0 bean and puts acidity on Select's
        # slots; round 3 finishes both, so the wild token joins the drawn tokens and Select is
        # unlocked for the cup test.
        (
            "draw",
            "wild bean0",
            "preserve acidity bean0 bean0 for select",
            "roast",
            "continue",
            "draw",
            "roast",
            "continue",
            "draw",
            "wild bean1",
            "preserve acidity bean0 bean0 for select",
        ),
        {},
        lambda state: state.phase == "effects" and state.unlocked == ("select",),
        "Coffee Roaster, round 3: the wild flavor made, Select unlocked, the bag half roasted.",
        (10.0, 7.0),
    ),
)


def make_figures(outdir: str | Path = DEFAULT_OUTDIR) -> list[Path]:
    """Draw every picture of :data:`FIGURES` into ``outdir`` (created if needed) and return
    the paths written, in order."""
    outdir = Path(outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    written = []
    for fig in FIGURES:
        path = outdir / fig.filename
        path.write_bytes(fig.png())
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    """``python -m gamekit.figures [OUTDIR]``: redraw every picture."""
    argv = sys.argv[1:] if argv is None else argv
    outdir = Path(argv[0]) if argv else DEFAULT_OUTDIR
    for path in make_figures(outdir):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
