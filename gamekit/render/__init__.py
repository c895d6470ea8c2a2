"""Pictures of game states, drawn with matplotlib.

``show(state, **highlight)`` returns a ``Figure`` for any game's state; the game modules
(:mod:`gamekit.coffee.picture` …) hold the details and the highlight options.

>>> from gamekit import coffee
>>> from gamekit.render import show
>>> show(coffee.Rules().start())
<Figure size 600x600 with 1 Axes>
"""

from __future__ import annotations

from typing import Any

from matplotlib.figure import Figure

from gamekit.game import game_of, part
from gamekit.render.board import (
    NOTEBOOK_COLOURS,
    NOTEBOOK_DPI,
    BoardDrawing,
    LayerStyle,
    figure_png,
)

__all__ = [
    "show",
    "png",
    "alt_text",
    "highlight_words",
    "BoardDrawing",
    "LayerStyle",
    "NOTEBOOK_DPI",
    "NOTEBOOK_COLOURS",
]


def show(state: Any, **highlight: Any) -> Figure:
    """A figure of any game's ``state``, drawn by its game's renderer (a variant of a game is
    drawn as that game). Highlights for Coffee: ``legal=True``, ``attempt="c3"``,
    ``marks=[...]``, ``line=False``, ``figsize=(w, h)``; see each game's ``picture`` module.

    The figure carries the position in words (:func:`alt_text`), which a notebook stores
    as the picture's text alternative.

    Raises ``TypeError`` for an object of no registered game."""
    figure: Figure = _picture(state).draw(state, **highlight)
    words = alt_text(state)
    if words:
        marked = highlight_words(highlight)
        figure._gamekit_alt = f"{words} {marked}" if marked else words  # type: ignore[attr-defined]
    _install_alt_text()
    return figure


def highlight_words(highlight: dict[str, Any]) -> str:
    """What a picture's highlights show, in words (for its text alternative), for the
    highlights the games share; others (sizes, captions) say nothing. It never lists the
    places a tint shows, which may be a puzzle's answer.

    >>> highlight_words({"legal": True, "attempt": "c3", "marks": ["a1", "b2"], "figsize": (3, 3)})
    'Tinted: where the next move may go. Marked as tried, and refused: c3. Marked: a1 and b2.'
    >>> highlight_words({"pushes": ["e1-e2", "a1-b2"]})
    '2 arrows, for the moves e1-e2 and a1-b2.'
    """
    from gamekit.text import join_words, plural

    out = []
    if highlight.get("legal") is True:
        out.append("Tinted: where the next move may go.")
    attempt = highlight.get("attempt")
    if attempt:
        out.append(f"Marked as tried, and refused: {attempt}.")
    marks = highlight.get("marks")
    if marks and not isinstance(marks, str):
        out.append(f"Marked: {join_words([str(m) for m in marks])}.")
    arrows = highlight.get("pushes")
    if arrows and not isinstance(arrows, str):
        shown = [str(a) for a in arrows]
        out.append(f"{plural(len(shown), 'arrow')}, for the moves {join_words(shown)}.")
    if highlight.get("last"):
        out.append(f"The last move, {highlight['last']}, is ringed.")
    return " ".join(out)


def alt_text(thing: Any) -> str:
    """The text alternative of ``thing``'s picture: the position in words
    (:func:`gamekit.words.position_words`), or "" for what is not a position.

    >>> from gamekit import coffee
    >>> alt_text(coffee.Rules(size=3).start())[:40]
    'Coffee on a hexagonal board, 3 cells a s'
    """
    from gamekit.words import position_words

    try:
        return position_words(thing)
    except (TypeError, ValueError, AttributeError):
        pass
    words = part(thing, "words") if _has_game(thing) else None
    describe_thing = getattr(words, "picture_words", None)
    if callable(describe_thing):  # a game's own words for what is not a position
        found = describe_thing(thing)
        return found if isinstance(found, str) else ""
    return ""


def _has_game(thing: Any) -> bool:
    try:
        game_of(thing)
    except TypeError:
        return False
    return True


def figure_words(figure: Any) -> str:
    """The text alternative :func:`describe` (or :func:`show`) gave ``figure`` ("" if
    none)."""
    return str(getattr(figure, "_gamekit_alt", "") or "")


def describe(figure: Figure, words: str) -> Figure:
    """Give ``figure`` its text alternative: in a notebook the picture is stored with
    ``words`` as its alt text (what a screen reader reads, what ``make html`` writes on the
    ``<img>``). Returns the figure, so a drawing function ends with
    ``return describe(fig, "...")``."""
    if words:
        figure._gamekit_alt = words  # type: ignore[attr-defined]
        _install_alt_text()
    return figure


def _figure_bundle(figure: Figure, include: Any = None, exclude: Any = None) -> Any:
    """A notebook's display of a figure :func:`show` drew: the picture as IPython draws
    every figure, with its text alternative; ``None`` (IPython's own display) for any other
    figure."""
    words = getattr(figure, "_gamekit_alt", None)
    if not words:
        return None
    from IPython import get_ipython

    shell = get_ipython()
    if shell is None:
        return None
    picture = shell.display_formatter.formatters["image/png"](figure)
    if picture is None:
        return None
    return {"image/png": picture, "text/plain": repr(figure)}, {"image/png": {"alt": words}}


def _install_alt_text() -> None:
    """In a notebook, let the figures :func:`show` draws carry their text alternative (a
    display hook for matplotlib figures; other figures are displayed as before)."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with the notebooks
        return
    shell = get_ipython()
    if shell is None:
        return
    formatter = shell.display_formatter.mimebundle_formatter
    formatter.for_type(Figure, _figure_bundle)


def png(thing: Any, **highlight: Any) -> bytes:
    """``thing`` (a state, or anything its renderer draws) as the PNG a notebook shows: the
    one picture format every ``_repr_png_`` uses."""
    module = _picture(thing)
    drawer = getattr(module, "png_bytes", None)
    if drawer is not None:
        picture: bytes = drawer(thing, **highlight)
        return picture
    return figure_png(module.draw(thing, **highlight), NOTEBOOK_DPI, colours=NOTEBOOK_COLOURS)


def _picture(thing: Any) -> Any:
    """The picture module of the game ``thing`` belongs to: its own, or the kit's
    (:mod:`gamekit.render.grid`, for a game on a grid).

    Raises:
        TypeError: ``thing`` belongs to no registered game, or to one with neither a
            picture nor a grid and pieces.
    """
    game_of(thing)  # "str objects belong to no registered game", not a game's name
    return part(thing, "picture")
