"""Small pictures for the Coffee Roaster lessons, drawn with the board's own tokens: a row
of tokens, one move (what it takes from where and puts where), the cup step by step, and a
coffee card. The board itself is :mod:`gamekit.roaster.picture`.

>>> from gamekit import roaster
>>> draw_card(roaster.Rules().card).get_size_inches().tolist()[0] > 0
True
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping

import numpy as np
from matplotlib.figure import Figure

from gamekit.render import describe
from gamekit.render.board import BoardDrawing, LayerStyle, circle
from gamekit.roaster import TOKEN_NAMES, TOKENS, State, level
from gamekit.roaster.effects import EFFECT_NAMES
from gamekit.roaster.picture import (
    _R,
    _SEGMENT_ORDER,
    _SEGMENTS,
    PALETTE,
    SHAPES,
    TOKEN_LOOK,
    _Frame,
    _rect,
    _regular,
    _segments,
    _shape,
    score_marks,
)

__all__ = ["draw_tokens", "draw_move", "draw_cup", "draw_card", "flows", "move_title"]


_STEP = 0.9  # distance between two tokens in a row
_PER_LINE = 8  # tokens per line before a row wraps
_LABEL = {"fontsize": 11.5, "color": "#7a4a1e", "va": "bottom", "zorder": 30}
_NOTE = {"fontsize": 10.5, "color": PALETTE["ink"], "va": "top", "zorder": 30}
_ROMAN = {1: "I", 2: "II", 3: "III"}


class _Sketch:
    """A static picture of tokens, boxes, words and arrows, in drawing units (a token is
    ``2 * _R`` across), turned into one figure by :meth:`figure`: tokens keep the shapes,
    colours and level digits of the table."""

    def __init__(self, width: float) -> None:
        self.width = width
        self.tokens: list[tuple[str, float, float, str | None]] = []
        self.boxes: list[tuple[np.ndarray, str, str, float]] = []
        self.texts: list[tuple[float, float, str, dict]] = []
        self.arrows: list[tuple[float, float, float, float, str]] = []
        self.crosses: list[tuple[float, float]] = []

    def token(self, token: str, x: float, y: float, ring: str | None = None) -> None:
        self.tokens.append((token, x, y, ring))

    def row(
        self,
        tokens: list[str],
        x: float,
        y: float,
        rings: list[str | None] | None = None,
        per_line: int = _PER_LINE,
    ) -> float:
        """Tokens in lines of ``per_line`` from ``(x, y)`` (the first line's centres);
        the y of the line below the last."""
        for k, t in enumerate(tokens):
            line, col = divmod(k, per_line)
            self.token(t, x + _STEP * col, y - 0.95 * line, rings[k] if rings else None)
        lines = max(1, -(-len(tokens) // per_line))
        return y - 0.95 * (lines - 1) - 0.5

    def text(self, x: float, y: float, words: str, **kw) -> None:
        self.texts.append((x, y, words, kw))

    def box(self, x0: float, y0: float, x1: float, y1: float, face: str, edge: str, w=1.0):
        self.boxes.append((_rect(x0, y0, x1, y1), face, edge, w))

    def arrow(self, x0: float, y0: float, x1: float, y1: float, colour: str = "#6b4a2b"):
        self.arrows.append((x0, y0, x1, y1, colour))

    def figure(self, top: float, bottom: float, inches: float = 9.0) -> Figure:
        """The picture of everything between ``top`` and ``bottom`` (drawing units)."""
        height = top - bottom
        figsize = (inches, round(inches * height / self.width, 2))
        drawing = BoardDrawing(_Frame((0.0, self.width, bottom, top)), figsize=figsize, margin=0.0)
        n = len(self.tokens)
        drawing.add_layer("boxes", [b[0] for b in self.boxes] or [_rect(0, 0, 0, 0)])
        boxes = LayerStyle.build(max(1, len(self.boxes)))
        for i, (_, face, edge, w) in enumerate(self.boxes):
            boxes.face[i], boxes.edge[i], boxes.width[i] = face, edge, w
        looks: dict[str, LayerStyle] = {"boxes": boxes.done()}
        for kind in SHAPES:
            drawing.add_layer(kind, [_shape(kind, x, y) for _, x, y, _ in self.tokens] or [])
            st = LayerStyle.build(n)
            for i, (t, _, _, _) in enumerate(self.tokens):
                shape, face, edge = TOKEN_LOOK[t]
                if shape == kind:
                    st.face[i], st.edge[i], st.width[i] = face, edge, 1.2
            looks[kind] = st.done()
        drawing.add_layer("levels", [s for _, x, y, _ in self.tokens for s in _segments(x, y)])
        digits = LayerStyle.build(7 * n)
        for i, (t, _, _, _) in enumerate(self.tokens):
            lvl = level(t)
            if lvl is not None:
                for seg in _SEGMENTS[lvl]:
                    j = 7 * i + _SEGMENT_ORDER.index(seg)
                    digits.face[j] = "#ffffff" if lvl >= 2 else "#2a1606"
                    digits.edge[j] = "none"
        looks["levels"] = digits.done()
        drawing.add_layer("rings", [circle(x, y, _R * 1.4, 20) for _, x, y, _ in self.tokens])
        rings = LayerStyle.build(n)
        for i, (_, _, _, ring) in enumerate(self.tokens):
            if ring:
                rings.edge[i], rings.width[i] = ring, 3.0
        looks["rings"] = rings.done()
        drawing.apply({k: v for k, v in looks.items() if len(v.face)})
        ax = drawing.ax
        for x, y, words, kw in self.texts:
            ax.text(x, y, words, **{"zorder": 30, **kw})
        for x0, y0, x1, y1, colour in self.arrows:
            ax.annotate(
                "",
                xy=(x1, y1),
                xytext=(x0, y0),
                arrowprops={"arrowstyle": "-|>", "color": colour, "lw": 2.2, "shrinkA": 0,
                            "shrinkB": 0, "mutation_scale": 18},
                zorder=25,
            )  # fmt: skip
        for x, y in self.crosses:
            for dx in (-0.35, 0.35):
                ax.plot([x - dx, x + dx], [y - 0.35, y + 0.35], color=PALETTE["attempt"], lw=4,
                        zorder=31, solid_capstyle="round")  # fmt: skip
        return drawing.figure


def _listed(counts: Mapping[str, int]) -> list[str]:
    """Counts as a list of tokens in the game's order."""
    order = {t: i for i, t in enumerate(TOKENS)}
    return [t for t in sorted(counts, key=lambda t: order.get(t, 99)) for _ in range(counts[t])]


def _minus(a: Mapping[str, int], b: Mapping[str, int]) -> dict[str, int]:
    """What ``a`` has more of than ``b``."""
    return {t: k - b.get(t, 0) for t, k in a.items() if k > b.get(t, 0)}


def _plus(a: Mapping[str, int], b: Mapping[str, int]) -> dict[str, int]:
    out = dict(a)
    for t, k in b.items():
        out[t] = out.get(t, 0) + k
    return out


def _wrapped(text: str, width: int) -> str:

    return "\n".join(textwrap.wrap(text, width))


def draw_tokens(
    rows,
    *,
    names: bool = False,
    arrows: bool = False,
    title: str | None = None,
    inches: float = 9.0,
) -> Figure:
    """Rows of tokens, each row with a label: ``rows`` is a list of ``(label, tokens)``.
    ``names`` writes each token's name under it, ``arrows`` joins a row's tokens with
    arrows (a ladder such as hard → 0 → 1 …), ``title`` goes on top.

    >>> draw_tokens([("flavor tokens", ["body", "acidity", "aroma"])], names=True)
    <Figure size 900x... with 1 Axes>

    Raises:
        ValueError: a token that is not one of ``roaster.TOKENS``, or a row that is not
            ``(label, tokens)``.
    """
    rows = list(rows)
    for row in rows:
        if not isinstance(row, tuple | list) or len(row) != 2 or isinstance(row[1], str):
            raise ValueError(f"each row must be (label, tokens), not {row!r:.60}")
        for t in row[1]:
            if t not in TOKEN_LOOK:
                raise ValueError(f"{t!r:.40} is not a token; they are {', '.join(TOKENS)}")
    step = 2.0 if (names or arrows) else _STEP
    longest = max((len(r[1]) for r in rows), default=1)
    width = max(12.0, 0.6 + step * longest + 0.6)
    sketch = _Sketch(width)
    y = -0.2
    top = 0.0
    if title:
        sketch.text(0.3, y, title, fontsize=13.5, color=PALETTE["ink"], va="top")
        y -= 0.8
    for label, tokens in rows:
        if label:
            sketch.text(0.3, y - 0.35, label, **_LABEL)
            y -= 0.45
        y -= 0.55
        for k, t in enumerate(tokens):
            x = 0.8 + step * k
            sketch.token(t, x, y)
            if names:
                words = (
                    TOKEN_NAMES[t].replace(" ", "\n", 1)
                    if len(TOKEN_NAMES[t]) > 9
                    else (TOKEN_NAMES[t])
                )
                sketch.text(x, y - 0.5, words, fontsize=10, ha="center", va="top",
                            color=PALETTE["ink"], linespacing=0.95)  # fmt: skip
            if arrows and k:
                sketch.arrow(x - step + 0.5, y, x - 0.5, y)
        y -= 1.25 if names else 0.55
    return describe(sketch.figure(top, y - 0.1, inches), _tokens_alt(rows, title))


#: How the pictures of moves say where tokens went, in the order they are shown.
_FLOW_WORDS = {
    "from-bag": "drawn from the bag",
    "board": "paid: onto a slot of {where}",
    "out": "out of the game",
    "made-bag": "made, and put into the bag",
    "made": "made: it joins the drawn tokens",
    "bag": "into the bag",
    "cup": "into the cup",
    "tray": "onto the tray",
    "aside": "set aside",
    "drawn": "still drawn: they roast at the end of the round",
}
#: Moves that put the tokens they name back into the bag before they draw new ones.
_PUT_BACK_FIRST = {"return": "drawn", "exchange": "cup"}
_BAG_WORDS = {
    "roast": "back into the bag, each bean one level darker",
    "preserve": "back into the bag, unroasted",
    "continue": "into the bag, from the thermometer",
}


def move_title(move) -> str:
    """A move's name in a picture's title: ``"Concentrate, paid with body"``.

    >>> move_title("preserve acidity bean4 bean4 for select")
    'Preserve, paid with acidity (its token goes beside Select)'

    Raises:
        InvalidNotationError: text that is not a Coffee Roaster move.
    """
    from gamekit.roaster import Move

    m = Move.parse(move)
    a, toks = m.action, m.tokens
    if a in ("concentrate", "preserve", "spread"):
        where = f" (its token goes beside {TOKEN_NAMES[m.pair]})" if m.pair else ""
        return f"{EFFECT_NAMES[a]}, paid with {TOKEN_NAMES.get(toks[0], '?')}{where}"
    if a == "wild":
        return "Wild flavor: beans onto its slots"
    if a in EFFECT_NAMES:
        paid = ", ".join(TOKEN_NAMES[t] for t in toks)
        return f"{EFFECT_NAMES[a]}, paid with {paid}"
    return {
        "draw": "Draw",
        "roast": "Roast",
        "continue": "Roast another round: the marker moves one space",
        "stop": "Stop roasting: the cup test begins",
        "cup": "Into the cup",
        "tray": "Onto the tray",
        "done": "No exchange",
        "keep": "Keep " + ", ".join(TOKEN_NAMES[t] for t in toks),
        "discard": "Two of five: take " + ", ".join(TOKEN_NAMES[t] for t in toks) + " out",
        "return": "Two new tokens: put back " + ", ".join(TOKEN_NAMES[t] for t in toks),
        "exchange": "Exchange: send back " + ", ".join(TOKEN_NAMES[t] for t in toks),
    }[a]


def _board_tokens(state: State) -> dict[str, dict[str, int]]:
    """Where on the roast board each token lies: slot owner's name -> counts."""
    out: dict[str, dict[str, int]] = {}
    for effect, toks in state.instant_slots.items():
        for t in toks:
            out.setdefault(EFFECT_NAMES[effect], {}).setdefault(t, 0)
            out[EFFECT_NAMES[effect]][t] += 1
    for effect, _, toks in state.pairs:
        for t in toks:
            out.setdefault(TOKEN_NAMES[effect], {}).setdefault(t, 0)
            out[TOKEN_NAMES[effect]][t] += 1
    return out


def _cup_counts(state: State) -> dict[str, int]:
    out: dict[str, int] = {}
    for t in state.cup_tokens():
        out[t] = out.get(t, 0) + 1
    return out


def flows(state: State, move) -> list[tuple[str, list[str]]]:
    """Where ``move`` sends tokens, in words and tokens: ``[(words, tokens), ...]``, in the
    order a player would tell it (what came from the bag, what was paid, what left the
    game, what went back into the bag, what stays drawn). Read from the states before and
    after, so it holds for every move.

    >>> from gamekit.roaster import Rules

    >>> s = Rules(seed=3).arrange({"acidity": 1, "bean4": 2, "hard": 1})
    >>> flows(s, "preserve acidity bean4 bean4 for select")
    [('paid: onto a slot of Select', ['acidity']), ('back into the bag, unroasted', ['bean4', 'bean4']), ('still drawn: they roast at the end of the round', ['hard'])]

    Raises:
        IllegalMoveError: the move is not allowed in ``state``.
        InvalidNotationError: text that is not a Coffee Roaster move.
    """
    from gamekit.roaster import Move

    m = Move.parse(move)
    after = state.play(m)
    if state.phase in _CUP_PHASES:
        return _cup_flows(state, m, after)
    bag0, bag1 = state.bag, after.bag
    put_back: dict[str, int] = {}
    if m.action in _PUT_BACK_FIRST:
        for t in m.tokens:
            put_back[t] = put_back.get(t, 0) + 1
    mid = _plus(bag0, put_back)  # the bag once the named tokens are back, before new draws
    out: list[tuple[str, list[str]]] = []

    def add(key: str, counts: Mapping[str, int], words: str | None = None) -> None:
        tokens = _listed(counts)
        if tokens:
            out.append((words or _FLOW_WORDS[key], tokens))

    b0, b1 = _board_tokens(state), _board_tokens(after)
    for where, counts in b1.items():
        add("board", _minus(counts, b0.get(where, {})), _FLOW_WORDS["board"].format(where=where))
    add("bag", put_back, "put back into the bag")
    drawn_new = _minus(mid, bag1)
    add("from-bag", drawn_new)
    add("out", _minus(after.removed, state.removed))
    made = _minus(after.created, state.created)
    made = {t: k for t, k in made.items() if t != "smoke"}  # smoke comes from the thermometer
    into_bag = _minus(bag1, mid)
    made_bag = {t: min(k, into_bag.get(t, 0)) for t, k in made.items() if into_bag.get(t)}
    add("made-bag", made_bag)
    add("made", _minus(made, made_bag))
    back = _minus(_minus(bag1, mid), made_bag)
    add("bag", back, _BAG_WORDS.get(m.action))
    add("cup", _minus(_cup_counts(after), _cup_counts(state)))
    add("tray", _minus(_count_list(after.tray), _count_list(state.tray)))
    add("aside", _minus(after.aside, state.aside))
    if after.phase in ("effects", "return-two", "two-of-five") and after.drawn != drawn_new:
        add("drawn", after.drawn)
    return _merged(out)


_CUP_PHASES = ("cup", "select", "exchange", "exchange-choose")


def _cup_flows(state: State, m, after: State) -> list[tuple[str, list[str]]]:
    """The cup test's moves: the tokens waiting to be placed are all placed or put back, and
    the engine then draws the next ones (which wait in their turn)."""
    into_cup = _minus(_cup_counts(after), _cup_counts(state))
    onto_tray = _minus(_count_list(after.tray), _count_list(state.tray))
    named = _count_list(m.tokens) if m.action in _PUT_BACK_FIRST else {}
    back = _plus(_minus(_minus(state.aside, into_cup), onto_tray), named)
    rows = [
        ("put back into the bag" if named else "back into the bag", back),
        (_FLOW_WORDS["cup"], into_cup),
        (_FLOW_WORDS["tray"], onto_tray),
        (_FLOW_WORDS["out"], _minus(after.removed, state.removed)),
        ("drawn from the bag, waiting for a place", after.aside),
    ]
    if named:
        rows = [rows[0], (_FLOW_WORDS["from-bag"] + ", set aside", after.aside)]
    return [(words, _listed(c)) for words, c in rows if c]


def _merged(rows: list[tuple[str, list[str]]]) -> list[tuple[str, list[str]]]:
    """Tokens drawn from the bag straight to one place are told once: "drawn from the bag
    and set aside" rather than two rows with the same tokens."""
    drawn = _FLOW_WORDS["from-bag"]
    tokens = dict(rows).get(drawn)
    out = []
    for words, toks in rows:
        if words == drawn:
            continue
        if (
            tokens is not None
            and toks == tokens
            and words
            in (
                _FLOW_WORDS["aside"],
                _FLOW_WORDS["cup"],
            )
        ):
            out.append((f"{drawn}, {words}", toks))
            tokens = None
        else:
            out.append((words, toks))
    if tokens is not None:
        at = 1 if out and out[0][0].startswith("paid") else 0
        at = next((k + 1 for k, (w, _) in enumerate(out) if w == "put back into the bag"), at)
        out.insert(at, (drawn, tokens))
    return out


def _count_list(tokens) -> dict[str, int]:
    out: dict[str, int] = {}
    for t in tokens:
        out[t] = out.get(t, 0) + 1
    return out


def _before_groups(state: State) -> list[tuple[str, str, dict[str, int]]]:
    """The places a move takes tokens from, as (area, words, counts)."""
    waiting = {
        "cup": "drawn, waiting for a place",
        "select": "Select: two drawn, keep one",
        "exchange-choose": "Exchange: three drawn, keep two",
    }.get(state.phase, "set aside")
    groups = [
        ("drawn", "drawn this round", state.drawn),
        ("reserve", "beside the board (beginner side)", state.reserve),
        ("aside", waiting, state.aside),
    ]
    if state.phase in (*_CUP_PHASES, "over"):
        groups.append(("cup", "in the cup", _cup_counts(state)))
    return [g for g in groups if g[2]]


def draw_move(state: State, move, *, inches: float = 9.0) -> Figure:
    """One move as a picture: on the left the tokens it starts from (those it uses are
    ringed in blue), on the right where every token goes (:func:`flows`), with the
    engine's account of the move underneath. An illegal move is drawn as attempted: the
    tokens it names ringed in red, the arrow crossed out, nothing moved.

    >>> from gamekit.roaster import Rules

    >>> s = Rules(seed=3).arrange({"body": 1, "bean1": 1, "bean3": 1, "bean2": 2})
    >>> draw_move(s, "concentrate body bean1 bean3 for tray")
    <Figure size 900x... with 1 Axes>

    Raises:
        TypeError: ``state`` is not a Coffee Roaster state.
        InvalidNotationError: text that is not a Coffee Roaster move.
    """
    from gamekit.roaster import Move

    if not isinstance(state, State):
        raise TypeError(f"state must be a roaster.State, not {type(state).__name__}")
    m = Move.parse(move)
    reason = state.why_illegal(m)
    legal = reason is None
    sketch = _Sketch(19.0)
    top = 0.0
    sketch.text(0.3, -0.25, move_title(m) + ("" if legal else ": refused"), fontsize=13.5,
                color=PALETTE["ink"] if legal else PALETTE["attempt"], va="top")  # fmt: skip
    y_left = y_right = -1.2
    groups = _before_groups(state)
    if legal and state.phase in _CUP_PHASES:
        after = state.play(m)  # the tokens named (kept, or sent back), else the one waiting
        used_by_area = {"cup" if m.action == "exchange" else "aside": _count_list(m.tokens)}
        if m.action in ("cup", "tray"):
            used_by_area = {"aside": state.aside}
        ring = PALETTE["select"]
    elif legal:
        after = state.play(m)
        used_by_area = {
            area: (
                _count_list(m.tokens)
                if _PUT_BACK_FIRST.get(m.action) == area
                else _minus(counts, _area(after, area))
            )
            for area, _, counts in groups
        }
        ring = PALETTE["select"]
    else:
        named = _count_list(m.tokens)
        used_by_area = {}
        for area, _, counts in groups:
            take = {t: min(k, counts.get(t, 0)) for t, k in named.items() if counts.get(t)}
            used_by_area[area] = take
            named = _minus(named, take)
        ring = PALETTE["attempt"]
    if not groups:
        draw, _ = state.marker
        words = f"the bag holds {state.bag_size} tokens;\nthe marker's space says draw {draw}"
        if m.action == "continue":
            words = f"the marker is on space {state.space + 1}"
        sketch.text(0.3, y_left - 0.1, words, **_NOTE)
        y_left -= 1.2
    for area, words, counts in groups:
        sketch.text(0.3, y_left - 0.35, words, **_LABEL)
        tokens = _listed(counts)
        used = dict(used_by_area.get(area, {}))
        rings: list[str | None] = []
        for t in tokens:
            if used.get(t):
                used[t] -= 1
                rings.append(ring)
            else:
                rings.append(None)
        y_left = sketch.row(tokens, 0.75, y_left - 0.9, rings, per_line=7) - 0.2
    sketch.arrow(7.0, -1.9, 8.4, -1.9, "#6b4a2b" if legal else PALETTE["attempt"])
    if legal:
        for words, tokens in flows(state, m):
            sketch.text(8.8, y_right - 0.35, words, **_LABEL)
            y_right = sketch.row(tokens, 9.25, y_right - 0.9, per_line=10) - 0.2
        account = " ".join(after.events)
    else:
        sketch.crosses.append((7.7, -1.9))
        sketch.text(8.8, y_right - 0.1, "nothing moves: the rules refuse this move", **_NOTE)
        y_right -= 1.0
        account = ""
    y = min(y_left, y_right) - 0.1
    if account:
        sketch.text(0.3, y, _wrapped(account, 95), fontsize=10.5, color="#444444", va="top")
        y -= 0.5 + 0.45 * _wrapped(account, 95).count("\n")
    return describe(sketch.figure(top, y - 0.2, inches), _move_alt(state, move))


def _area(state: State, area: str) -> dict[str, int]:
    if area == "cup":
        return _cup_counts(state)
    return {"drawn": state.drawn, "reserve": state.reserve, "aside": state.aside}[area]


def draw_cup(state: State, *, step: int | None = None, inches: float = 9.0) -> Figure:
    """The cup test on its own: the cup's slots (Select's two marked slots rimmed in blue
    once Select is unlocked, Sweetness in its slot), the tray, a token waiting to be
    placed, an unlocked Extra bean beside the cup, and, once the game is over, the score
    step by step. ``step`` (0 roast, 1 flavor, 2 skill, 3 penalties) rings the cup
    tokens that step counts and sets its line in bold.

    >>> from gamekit.roaster import Rules

    >>> s = Rules(seed=3).arrange({}, bag={}, phase="over", cup=["bean2"] * 3 + ["aroma"])
    >>> draw_cup(s, step=2)
    <Figure size 900x... with 1 Axes>

    Raises:
        TypeError: ``state`` is not a Coffee Roaster state.
        ValueError: ``step`` is not 0, 1, 2, 3 or None.
    """
    if not isinstance(state, State):
        raise TypeError(f"state must be a roaster.State, not {type(state).__name__}")
    if step is not None and step not in (0, 1, 2, 3):
        raise ValueError(f"step must be 0 (roast), 1 (flavor), 2 (skill), 3 (penalties) or None, "
                         f"not {step!r:.20}")  # fmt: skip
    board = state.board
    unlocked = set(state.unlocked)
    sketch = _Sketch(19.0)
    n = len(state.cup)
    per_row = (n + 1) // 2
    x0, y0 = 0.9, -1.2
    sketch.text(0.3, -0.35, f"cup: {n} slots", **_LABEL)
    sketch.box(0.3, y0 - 1.15 - 0.95 - 0.45, 0.3 + 1.0 * per_row + 0.25, y0 + 0.55, "#fdf8ef",
               PALETTE["cup_edge"], 2.0)  # fmt: skip
    marks = set(score_marks(state, step)) if step is not None and state.outcome else set()
    empty_ring = PALETTE["mark"] if step == 3 else None
    for i, t in enumerate(state.cup):
        row, col = divmod(i, per_row)
        x, y = x0 + 1.0 * col, y0 - 1.15 * row
        select = "select" in unlocked and (i + 1) in board.select_slots
        edge = PALETTE["select"] if select else PALETTE["cup_edge"]
        sketch.boxes.append((circle(x, y, _R * 1.22, 20), "#ffffff", edge, 2.5 if select else 1.0))
        sketch.text(x, y - 0.5, str(i + 1), fontsize=8, ha="center", va="top", color="#8a7a66")
        if t is not None:
            sketch.token(t, x, y, PALETTE["mark"] if f"cup:{i}" in marks else None)
        elif f"cup:{i}" in marks and empty_ring:
            sketch.boxes.append((circle(x, y, _R * 1.4, 20), "none", empty_ring, 3.0))
    right = 0.3 + 1.0 * per_row + 0.25
    notes = []
    if "select" in unlocked:
        slots = " and ".join(str(k) for k in board.select_slots)
        notes.append(f"Select: slots {slots} (blue rim) draw two tokens and keep one")
    if "sweetness" in unlocked:
        notes.append(f"Sweetness fills slot {board.sweetness_slot}")
    if "exchange" in unlocked:
        notes.append("Exchange: once the cup is full, two tokens may be swapped")
    if "extra-bean" in unlocked:
        bean = TOKEN_LOOK["bean2"]
        sketch.boxes.append((circle(right + 0.7, y0, _R * 1.15, 20), bean[1], bean[2], 1.5))
        sketch.text(right + 0.7, y0, f"+{board.extra_bean}", fontsize=10.5, ha="center",
                    va="center", color="#ffffff", fontweight="bold")  # fmt: skip
        sketch.text(right + 0.7, y0 - 0.5, "Extra\nbean", fontsize=9, ha="center", va="top",
                    color=PALETTE["ink"], linespacing=0.9)  # fmt: skip
        notes.append(f"Extra bean adds {board.extra_bean} to the roast total")
    ty = y0 - 3.9
    size = state.tray_size
    extra = " (Cardboard tray: +" + str(board.tray_extra) + ")" if "tray" in unlocked else ""
    sketch.text(0.3, ty + 0.55, f"tray: {size} slots{extra}", **_LABEL)
    sketch.box(0.3, ty - 0.55, 0.3 + 0.95 * size + 0.15, ty + 0.5, PALETTE["tray"],
               PALETTE["slot_edge"])  # fmt: skip
    for i in range(size):
        x = 0.8 + 0.95 * i
        sketch.boxes.append((_regular(x, ty, _R * 1.5, 4, np.pi / 4), PALETTE["slot"],
                             PALETTE["slot_edge"], 0.8))  # fmt: skip
        if i < len(state.tray):
            sketch.token(state.tray[i], x, ty)
    bottom = ty - 0.8
    if state.aside and state.phase in ("cup", "select", "exchange-choose"):
        ax_ = right + 2.0
        sketch.text(ax_, -0.35, "drawn: where does it go?", **_LABEL)
        sketch.row(_listed(state.aside), ax_ + 0.45, y0)
    text_x = right + (2.0 if "extra-bean" in unlocked else 0.9)
    if state.score is not None:
        lines = list(state.score.steps)
        y = -0.35
        sketch.text(text_x, y + 0.05, f"the score on {state.rules._card.name}", **_LABEL)
        y -= 0.3
        for k, line in enumerate(lines):
            bold = step == k
            words = _wrapped(line, 56)
            sketch.text(text_x, y, words, fontsize=11, va="top", color=PALETTE["ink"],
                        fontweight="bold" if bold else "normal")  # fmt: skip
            y -= 0.5 * (words.count("\n") + 1) + 0.12
        bottom = min(bottom, y - 0.2)
    elif notes and not state.aside:
        y = -0.6
        for line in notes:
            sketch.text(text_x, y, _wrapped(line, 60), **_NOTE)
            y -= 0.6
    return describe(sketch.figure(0.4, bottom, inches), _cup_alt(state, step))


def draw_card(card, *, total: int | None = None, inches: float = 9.0) -> Figure:
    """A coffee card: its name, difficulty and roast class, the tokens it puts in the bag,
    the flavors that score in the cup, and its roast table as bars (the best total, worth
    10, in green). ``total`` marks a cup's roast total on the table. Values that our
    sources lack are named under the card ("our choice").

    >>> from gamekit import roaster
    >>> draw_card(roaster.CARDS["zambia-kasama-aa"], total=17)
    <Figure size 900x... with 1 Axes>

    Raises:
        TypeError: ``card`` is not a ``roaster.Card`` or a shipped card's id.
    """
    from gamekit.roaster import CARDS, Card

    if isinstance(card, str) and card in CARDS:
        card = CARDS[card]
    if not isinstance(card, Card):
        raise TypeError(f"card must be a roaster.Card or a shipped card's id, not {card!r:.40}")
    sketch = _Sketch(19.0)
    roman = _ROMAN.get(card.roast_class, str(card.roast_class))
    sketch.text(0.3, -0.2, card.name, fontsize=14.5, color=PALETTE["ink"], va="top",
                fontweight="bold")  # fmt: skip
    sketch.text(0.3, -0.85, f"{card.difficulty} · roast class {roman}", fontsize=11.5,
                color="#555555", va="top")  # fmt: skip
    sketch.text(0.3, -1.85, "in the bag at the start", **_LABEL)
    y = -2.4
    x = 0.75
    kinds = [t for t in TOKENS if card.bag.get(t)]
    for k, t in enumerate(kinds):
        row, col = divmod(k, 4)
        cx, cy = 0.75 + 2.1 * col, y - 0.9 * row
        sketch.token(t, cx, cy)
        sketch.text(cx + 0.45, cy, f"× {card.bag[t]}", fontsize=11.5, va="center",
                    color=PALETTE["ink"])  # fmt: skip
    rows = -(-len(kinds) // 4)
    y -= 0.9 * rows + 0.15
    sketch.text(0.3, y - 0.35, "flavors that score in the cup", **_LABEL)
    wanted = _listed({t: k for t, k in card.flavors.items() if t in TOKEN_LOOK})
    y = sketch.row(wanted, x, y - 0.9)
    bottom = y - 0.1
    # the roast table as bars
    table = dict(card.roast_table)
    lo, hi = min(table), max(table)
    if total is not None:
        lo, hi = min(lo, total), max(hi, total)
    span = hi - lo + 1
    bx0, bx1 = 9.4, 18.7
    w = (bx1 - bx0) / span
    base, scale = -5.2, 0.4
    sketch.text(bx0, -0.35, "roast table: the beans' total roast level → roast points",
                **_LABEL)  # fmt: skip
    best = max(table.values())
    for k, level_total in enumerate(range(lo, hi + 1)):
        pts = table.get(level_total)
        xa = bx0 + w * k
        if pts:
            face = "#b5e4cf" if pts == best else "#e8dcc4"
            edge = "#009e73" if pts == best else PALETTE["slot_edge"]
            sketch.box(xa + 0.06, base, xa + w - 0.06, base + scale * pts, face, edge, 1.2)
            sketch.text(xa + w / 2, base + scale * pts + 0.05, str(pts), fontsize=10.5,
                        ha="center", va="bottom", color=PALETTE["ink"])  # fmt: skip
        else:
            sketch.text(xa + w / 2, base + 0.05, "0", fontsize=9, ha="center", va="bottom",
                        color="#999999")  # fmt: skip
        sketch.text(xa + w / 2, base - 0.15, str(level_total), fontsize=10.5, ha="center",
                    va="top", color=PALETTE["ink"])  # fmt: skip
        if total == level_total:
            sketch.arrow(xa + w / 2, base - 1.35, xa + w / 2, base - 0.65, PALETTE["mark"])
            sketch.text(xa + w / 2, base - 1.4, f"this cup: {total}", fontsize=10.5, ha="center",
                        va="top", color=PALETTE["mark"])  # fmt: skip
    sketch.text(bx0, base - (2.0 if total is not None else 0.75),
                "a total not in the table scores 0", fontsize=10, color="#666666", va="top")  # fmt: skip
    bottom = min(bottom, base - (2.5 if total is not None else 1.2))
    if card.ours:
        fields = {"difficulty": "difficulty", "roast_class": "roast class",
                  "flavors": "flavors", "bag": "bag", "roast_table": "roast table"}  # fmt: skip
        named = [fields.get(f, f.replace("_", " ")) for f in card.ours]
        note = "our choice (not in our sources): " + ", ".join(named)
        sketch.text(0.3, bottom - 0.05, note, fontsize=10, color="#666666", va="top")
        bottom -= 0.6
    return describe(sketch.figure(0.0, bottom, inches), _card_alt(card, total))


# -- the diagrams in words (their text alternatives) -----------------------------------------


def _tokens_alt(rows, title: str | None) -> str:
    from gamekit.roaster.words import tokens_words

    said = "; ".join(f"{label}: {tokens_words(list(tokens))}" if label else tokens_words(list(tokens))
                     for label, tokens in rows)  # fmt: skip
    return f"{title + ': ' if title else 'Tokens: '}{said}."


def _move_alt(state: State, move) -> str:
    from gamekit.roaster import Move
    from gamekit.roaster.words import move_words, position_words

    try:
        m = Move.parse(move) if isinstance(move, str) else move
        words = move_words(m)
    except Exception:  # an attempted move that does not even parse is drawn as text
        return f"An attempted move, {move!s}, in this position: {position_words(state)}"
    reason = state.why_illegal(m)
    head = f"A move drawn: {words}." if reason is None else f"A refused move: {words}. {reason}"
    return f"{head} The position it starts from: {position_words(state)}"


def _cup_alt(state: State, step: int | None) -> str:
    from gamekit.roaster.words import position_words

    words = f"The cup test. {position_words(state)}"
    if step is not None:
        words += f" Ringed: the tokens that count in step {step} of the score"
        words += " (0 roast, 1 flavor, 2 skill, 3 penalties)."
    return words


def _card_alt(card, total: int | None) -> str:
    from gamekit.roaster import CARDS
    from gamekit.roaster.words import tokens_words

    card = CARDS[card] if isinstance(card, str) else card
    bag = [t for t, k in card.bag.items() for _ in range(k)]
    flavors = ", ".join(f"{k} {f}" for f, k in card.flavors.items())
    best = max(card.roast_table, key=lambda level: card.roast_table[level])
    words = (
        f"The card {card.name} ({card.difficulty}, roast class {card.roast_class}): its bag "
        f"holds {tokens_words(bag)}; the cup scores flavors {flavors}; the roast table pays "
        f"most, {card.roast_table[best]} points, for a roast total of {best}."
    )
    if total is not None:
        words += f" Marked: a cup with a roast total of {total}."
    return words
