"""Pictures of Coffee Roaster games.

One figure shows the whole table: the thermometer (draw count per space, the round marker,
smoke still waiting), the roast board (instant effects on the left, the five pairs of flavor
slots with their cup effects on the right, a pair turning green when unlocked), the tokens
drawn this round and those set aside, the bag as a bar chart (a peek: the real game hides
it), and the cup with its 10 slots (Select's two marked slots get a blue rim once Select is
unlocked) and the tray.

Every token has its own shape as well as its colour: beans are circles whose colour darkens
with the roast level and which carry their level as a digit (hard beans are pale green, burnt
ones black), defect beans are crosses, moisture a downward triangle, smoke a hexagon, body
a diamond, acidity an upward triangle, aroma a pentagon, the wild flavor a star and
Sweetness a square.

Highlights (for :func:`draw` and :func:`styles`): ``selected=[slot, ...]`` rings slots in
blue, ``attempt=slot`` rings one in red, ``marks=[slot, ...]`` rings them in violet (a score
step's tokens, say), ``verdicts={slot: tone}`` rings slots as a puzzle marks them
(:data:`gamekit.render.board.VERDICTS`: chosen, right, wrong, the answer),
``peek=False`` hides the bag's contents. A slot is named
``"drawn:3"``, ``"aside:0"``, ``"reserve:1"``, ``"cup:9"``, ``"tray:2"``,
``"instant:wild:1"`` or ``"pair:sweetness:0"``.

Smaller pictures for the lessons, with the same tokens: :func:`draw_move` shows one move
(what it takes, ringed, and where each token goes: :func:`flows`), an illegal one as
attempted; :func:`draw_cup` the cup test with the score step by step; :func:`draw_card` a
coffee card with its roast table; :func:`draw_tokens` rows of tokens with their names.

>>> from gamekit import roaster
>>> fig = draw(roaster.Rules(seed=3).start().play("draw"))
>>> fig.get_size_inches().tolist()
[10.0, 7.0]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
from matplotlib.figure import Figure

from gamekit.render.board import (
    NOTEBOOK_COLOURS,
    VERDICTS,
    LayerStyle,
    View,
    circle,
    figure_png,
)
from gamekit.roaster import CUP_EFFECTS, TOKEN_NAMES, TOKENS, Rules, State, level
from gamekit.roaster.effects import EFFECT_NAMES
from gamekit.roaster.game import PHASES
from gamekit.roaster.notation import FLAVOR_EFFECTS

__all__ = [
    "PALETTE",
    "TOKEN_LOOK",
    "RoasterView",
    "Layout",
    "layout",
    "styles",
    "caption",
    "draw",
    "png_bytes",
    "score_marks",
    "STEP_WORDS",
]

PALETTE = {
    "slot": "#f4ecdc",
    "slot_edge": "#a89a7e",
    "cup": "#ffffff",
    "cup_edge": "#6b4a2b",
    "tray": "#e8dcc4",
    "thermo": "#fbe3d0",
    "thermo_edge": "#a07050",
    "thermo_now": "#e69f00",
    "thermo_past": "#eeeeee",
    "marker": "#1d1d1d",
    "unlocked": "#c6ead6",
    "used": "#dddddd",
    "select": "#0072b2",
    "attempt": "#d55e00",
    "mark": "#cc79a7",  # Okabe–Ito reddish purple: apart from "select" for every vision
    "bag_empty": "#f3f0ea",
    "ink": "#222222",
    "any": "#9e9e9e",
}

#: token -> (shape, face colour, edge colour). Okabe–Ito hues where a hue carries meaning.
TOKEN_LOOK = {
    "hard": ("circle", "#cfe0a8", "#4d5e1f"),
    "bean0": ("circle", "#f3ddb0", "#6b4a2b"),
    "bean1": ("circle", "#ddb27a", "#4a2f16"),
    "bean2": ("circle", "#b9824a", "#3a220c"),
    "bean3": ("circle", "#8a5a2b", "#2a1606"),
    "bean4": ("circle", "#5c3716", "#1a0d02"),
    "burnt": ("circle", "#111111", "#d55e00"),
    "defect": ("cross", "#8c7b6b", "#3d3228"),
    "moisture": ("tridown", "#56b4e9", "#1d5e85"),
    "smoke": ("hexagon", "#a6a6a6", "#4d4d4d"),
    "body": ("diamond", "#d55e00", "#6b2f00"),
    "acidity": ("triup", "#f0e442", "#6b6410"),
    "aroma": ("pentagon", "#cc79a7", "#5e2a48"),
    "wild": ("star", "#009e73", "#00503a"),
    "sweetness": ("square", "#f7b6d2", "#8a3b5e"),
}

#: Colours that mean different things side by side, by group (checked under simulated
#: colour-vision deficiencies by tests/test_palettes.py). Every token kind has its own
#: shape as well, and each bean its level written on it: colour never says it alone.
DISTINCT = {
    "flavor and other tokens": {
        k: TOKEN_LOOK[k][1]
        for k in ("body", "acidity", "aroma", "wild", "sweetness", "moisture", "smoke")
    },
    "marks on the table": {k: PALETTE[k] for k in ("select", "attempt", "mark", "thermo_now")},
}
_FLAVOR_COLOUR = {"body": "#d55e00", "acidity": "#c9bc16", "aroma": "#cc79a7", "any": "#7f7f7f"}
SHAPES = ("circle", "cross", "tridown", "hexagon", "diamond", "triup", "pentagon", "star", "square")
_R = 0.34  # token radius
_BAG_CELLS = 20
_BAG_TOKENS = tuple(t for t in TOKENS if t != "sweetness")
#: The bag chart's row names (one row per token kind, its shape drawn beside the name).
_BAG_LABELS = (
    "hard",
    "level 0",
    "level 1",
    "level 2",
    "level 3",
    "level 4",
    "burnt",
    "defect",
    "moisture",
    "smoke",
    "body",
    "acidity",
    "aroma",
    "wild",
)
#: The bag chart: rows from the top, names on the left, one cell per token to the right.
_BAG_TOP, _BAG_ROW, _BAG_X0, _BAG_CELL = 4.75, 0.325, 2.45, 0.255
#: Seven-segment digits for the beans' roast levels: segments a b c d e f g.
_SEGMENTS = {0: "abcdef", 1: "bc", 2: "abged", 3: "abgcd", 4: "fgbc"}
_SEGMENT_ORDER = "abcdefg"
_DRAWN = 24
_ASIDE = 5
_RESERVE = 3
_TRAY = 6


def _regular(x: float, y: float, r: float, n: int, turn: float = 0.0) -> np.ndarray:
    t = turn + np.arange(n) * 2 * np.pi / n
    return np.column_stack([x + r * np.cos(t), y + r * np.sin(t)])


def _shape(kind: str, x: float, y: float, r: float = _R) -> np.ndarray:
    if kind == "circle":
        return circle(x, y, r, 16)
    if kind == "square":
        return _regular(x, y, r * 1.05, 4, np.pi / 4)
    if kind == "diamond":
        return _regular(x, y, r * 1.1, 4)
    if kind == "triup":
        return _regular(x, y - 0.1 * r, r * 1.15, 3, np.pi / 2)
    if kind == "tridown":
        return _regular(x, y + 0.1 * r, r * 1.15, 3, -np.pi / 2)
    if kind == "hexagon":
        return _regular(x, y, r, 6)
    if kind == "pentagon":
        return _regular(x, y, r * 1.05, 5, np.pi / 2)
    if kind == "star":
        outer = _regular(x, y, r * 1.15, 5, np.pi / 2)
        inner = _regular(x, y, r * 0.5, 5, np.pi / 2 + np.pi / 5)
        return np.array([p for pair in zip(outer, inner, strict=True) for p in pair])
    if kind == "cross":
        a, b = r * 0.95, r * 0.35
        pts = [(-b, a), (b, a), (b, b), (a, b), (a, -b), (b, -b), (b, -a), (-b, -a), (-b, -b),
               (-a, -b), (-a, b), (-b, b)]  # fmt: skip
        return np.array(pts) + (x, y)
    raise ValueError(kind)


def _rect(x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])


class _Frame:
    """What :class:`BoardDrawing` needs to know of the area it draws (no cells here)."""

    kind = "roaster"
    size = 0
    centres: tuple = ()

    def __init__(self, bounds: tuple[float, float, float, float]) -> None:
        self.bounds = bounds


@dataclass(frozen=True)
class Layout:
    """Where everything goes for one game's rules: slot name -> centre, and the areas."""

    slots: tuple[str, ...]
    centres: tuple[tuple[float, float], ...]
    thermo: tuple[tuple[float, float, float, float], ...]
    pair_boxes: tuple[tuple[float, float, float, float], ...]
    instant_boxes: tuple[tuple[float, float, float, float], ...]
    bag_cells: tuple[tuple[float, float, float, float], ...]
    cup_box: tuple[float, float, float, float]
    tray_box: tuple[float, float, float, float]

    def index(self, slot: str) -> int:
        return self.slots.index(slot)

    def slot_at(self, x: float, y: float) -> str | None:
        """The slot whose token covers the point, if any."""
        best, dist = None, (_R * 1.3) ** 2
        for name, (cx, cy) in zip(self.slots, self.centres, strict=True):
            d = (cx - x) ** 2 + (cy - y) ** 2
            if d <= dist:
                best, dist = name, d
        return best

    def area_at(self, x: float, y: float) -> str | None:
        """``"cup"``, ``"tray"`` or ``"bag"`` for a point in those areas (else ``None``)."""
        for name, (x0, y0, x1, y1) in (
            ("cup", self.cup_box),
            ("tray", self.tray_box),
            ("bag", (0.2, 0.3, 7.6, 5.2)),
        ):
            if x0 <= x <= x1 and y0 <= y <= y1:
                return name
        return None


_INSTANT_ROWS = ("wild", "more", "new", "five", "remove")
_INSTANT_WORDS = {
    "wild": "wild flavor",
    "more": "two more tokens",
    "new": "two new tokens",
    "five": "two of five",
    "remove": "remove",
}


@cache
def layout(rules: Rules) -> Layout:
    """The positions of every slot and area for ``rules`` (a board's costs and tray vary)."""
    board = rules._board
    slots: list[str] = []
    centres: list[tuple[float, float]] = []

    def add(name: str, x: float, y: float) -> None:
        slots.append(name)
        centres.append((x, y))

    instant_boxes = []
    for k, effect in enumerate(_INSTANT_ROWS):
        y = 10.9 - 1.05 * k
        instant_boxes.append((0.2, y - 0.48, 5.6, y + 0.48))
        for j, _ in enumerate(board.instant_costs[effect]):
            add(f"instant:{effect}:{j}", 4.0 + 0.85 * j, y)
    start = rules.start()
    pair_boxes = []
    for k, (effect, _, _) in enumerate(start.pairs):
        y = 10.9 - 1.05 * k
        pair_boxes.append((5.9, y - 0.48, 11.3, y + 0.48))
        for j in range(2):
            add(f"pair:{effect}:{j}", 9.6 + 0.85 * j, y)
    for i in range(_DRAWN):
        add(f"drawn:{i}", 12.3 + 0.9 * (i % 8), 10.9 - 0.95 * (i // 8))
    for i in range(_ASIDE):
        add(f"aside:{i}", 12.3 + 0.9 * i, 7.55)
    for i in range(_RESERVE):
        add(f"reserve:{i}", 17.7 + 0.9 * i, 7.55)
    n = board.cup_slots
    per_row = (n + 1) // 2
    for i in range(n):
        row, col = divmod(i, per_row)
        add(f"cup:{i}", 9.0 + 0.95 * col, 4.15 - 1.0 * row)
    for i in range(_TRAY):
        add(f"tray:{i}", 9.0 + 0.85 * i, 1.2)
    thermo = []
    for k, _ in enumerate(board.track):
        w = min(1.1, 19.4 / len(board.track))
        x0 = 0.3 + w * k
        thermo.append((x0, 12.25, x0 + w - 0.08, 13.0))
    cells = []
    for c, _ in enumerate(_BAG_TOKENS):
        y1 = _BAG_TOP - _BAG_ROW * c
        for r in range(_BAG_CELLS):
            x0 = _BAG_X0 + _BAG_CELL * r
            cells.append((x0, y1 - _BAG_ROW + 0.06, x0 + _BAG_CELL - 0.05, y1))
    cup_box = (8.4, 2.5, 8.4 + 0.95 * per_row + 0.25, 4.75)
    tray_box = (8.4, 0.65, 8.4 + 0.85 * _TRAY + 0.2, 1.75)
    return Layout(
        tuple(slots),
        tuple(centres),
        tuple(thermo),
        tuple(pair_boxes),
        tuple(instant_boxes),
        tuple(cells),
        cup_box,
        tray_box,
    )


def _tokens_by_slot(state: State) -> dict[str, str]:
    """Which token shows in which slot."""
    out: dict[str, str] = {}

    def spread(area: str, counts: dict[str, int], size: int) -> None:
        names = [t for t in TOKENS for _ in range(counts.get(t, 0))]
        for i, t in enumerate(names[:size]):
            out[f"{area}:{i}"] = t

    spread("drawn", state.drawn, _DRAWN)
    spread("aside", state.aside, _ASIDE)
    spread("reserve", state.reserve, _RESERVE)
    for effect, toks in state.instant_slots.items():
        for j, t in enumerate(toks):
            out[f"instant:{effect}:{j}"] = t
    for effect, _, toks in state.pairs:
        for j, t in enumerate(toks[:2]):
            out[f"pair:{effect}:{j}"] = t
    for i, in_cup in enumerate(state.cup):
        if in_cup is not None:
            out[f"cup:{i}"] = in_cup
    for i, t in enumerate(state.tray[:_TRAY]):
        out[f"tray:{i}"] = t
    return out


def slot_tokens(state: State) -> dict[str, str]:
    """Slot name -> the token shown there (for a clickable board)."""
    return _tokens_by_slot(state)


LAYERS = (
    "boxes",
    "thermo",
    "marker",
    "smoke",
    "frames",
    *SHAPES,
    "levels",
    "rings",
    "bag",
    "keys",
)


def _segments(x: float, y: float) -> list[np.ndarray]:
    """The seven segments (a to g) of a digit centred on (x, y), as thin rectangles."""
    w, h, t = 0.11, 0.15, 0.035  # half width, half height, half thickness
    return [
        _rect(x - w, y + h - t, x + w, y + h + t),  # a: top
        _rect(x + w - t, y, x + w + t, y + h),  # b: upper right
        _rect(x + w - t, y - h, x + w + t, y),  # c: lower right
        _rect(x - w, y - h - t, x + w, y - h + t),  # d: bottom
        _rect(x - w - t, y - h, x - w + t, y),  # e: lower left
        _rect(x - w - t, y, x - w + t, y + h),  # f: upper left
        _rect(x - w, y - t, x + w, y + t),  # g: middle
    ]


@cache
def _geometry(rules: Rules) -> dict[str, list[np.ndarray]]:
    lay = layout(rules)
    geo: dict[str, list[np.ndarray]] = {name: [] for name in LAYERS}
    for box in (*lay.instant_boxes, *lay.pair_boxes):
        geo["boxes"].append(_rect(*box))
    geo["boxes"].append(_rect(*lay.cup_box))
    geo["boxes"].append(_rect(*lay.tray_box))
    for x0, y0, x1, y1 in lay.thermo:
        geo["thermo"].append(_rect(x0, y0, x1, y1))
        cx = (x0 + x1) / 2
        geo["marker"].append(np.array([[cx - 0.22, 11.85], [cx + 0.22, 11.85], [cx, 12.2]]))
        for s in range(3):
            geo["smoke"].append(_regular(x0 + 0.18 + 0.3 * s, 13.25, 0.13, 6))
    for name, (x, y) in zip(lay.slots, lay.centres, strict=True):
        frame = (
            circle(x, y, _R * 1.22, 20)
            if name.startswith("cup")
            else _regular(x, y, _R * 1.55, 4, np.pi / 4)
        )
        geo["frames"].append(frame)
        for kind in SHAPES:
            geo[kind].append(_shape(kind, x, y))
        geo["levels"].extend(_segments(x, y))
        geo["rings"].append(circle(x, y, _R * 1.4, 20))
    for x0, y0, x1, y1 in lay.bag_cells:
        geo["bag"].append(_rect(x0, y0, x1, y1))
    for c, token in enumerate(_BAG_TOKENS):  # each row's token, drawn small before its name
        y = _BAG_TOP - _BAG_ROW * c - _BAG_ROW / 2 + 0.03
        geo["keys"].append(_shape(TOKEN_LOOK[token][0], 0.5, y, 0.13))
    return geo


def score_marks(state: State, step: int) -> list[str]:
    """The cup slots a score step is about (0 roast, 1 flavor, 2 skill, 3 penalties)."""
    cup = state.cup
    if step == 0:
        want = lambda t: t in ("bean0", "bean1", "bean2", "bean3", "bean4")  # noqa: E731
    elif step == 1:
        want = lambda t: t in ("body", "acidity", "aroma", "wild", "sweetness")  # noqa: E731
    elif step == 2:
        levels = [level(t) for t in cup if t is not None and level(t) is not None]
        if not levels:
            return []
        counts = {v: levels.count(v) for v in levels}
        best = max(counts.items(), key=lambda kv: (kv[1], kv[0]))
        if best[1] < 3:
            return []
        want = lambda t: t == f"bean{best[0]}"  # noqa: E731
    elif step == 3:
        return [
            f"cup:{i}"
            for i, t in enumerate(cup)
            if t is None or t in ("hard", "burnt", "smoke", "defect")
        ]
    else:
        return []
    return [f"cup:{i}" for i, t in enumerate(cup) if t is not None and want(t)]


def styles(
    state: State,
    *,
    selected=(),
    attempt: str | None = None,
    marks=(),
    peek: bool = True,
    verdicts: Mapping[str, str] | None = None,
) -> dict[str, LayerStyle]:
    """The colours of every layer for ``state`` and the highlights (see the module doc)."""
    p = PALETTE
    lay = layout(state.rules)
    board = state.board
    n_slots = len(lay.slots)

    boxes = LayerStyle.build(len(lay.instant_boxes) + len(lay.pair_boxes) + 2)
    for k, effect in enumerate(_INSTANT_ROWS):
        boxes.face[k] = p["used"] if state.used(effect) else "#fffaf0"
        boxes.edge[k], boxes.width[k] = p["slot_edge"], 0.8
    unlocked = set(state.unlocked)
    for k, (effect, _, _) in enumerate(state.pairs):
        i = len(lay.instant_boxes) + k
        boxes.face[i] = p["unlocked"] if effect in unlocked else "#fffaf0"
        boxes.edge[i], boxes.width[i] = (
            ("#009e73", 2.0) if effect in unlocked else (p["slot_edge"], 0.8)
        )
    boxes.face[-2], boxes.edge[-2], boxes.width[-2] = "#fdf8ef", p["cup_edge"], 2.0
    boxes.face[-1], boxes.edge[-1], boxes.width[-1] = p["tray"], p["slot_edge"], 1.0

    nt = len(lay.thermo)
    thermo, marker = LayerStyle.build(nt), LayerStyle.build(nt)
    smoke = LayerStyle.build(3 * nt)
    for k, (_, puff) in enumerate(board.track):
        thermo.face[k] = (
            p["thermo_now"]
            if k == state.space
            else p["thermo_past"]
            if k < state.space
            else p["thermo"]
        )
        thermo.edge[k], thermo.width[k] = p["thermo_edge"], 1.0
        if k > state.space or (k == state.space and state.phase == "draw" and state.round == 1):
            for s in range(min(puff, 3)):
                smoke.face[3 * k + s], smoke.edge[3 * k + s] = TOKEN_LOOK["smoke"][1:]
    marker.face[state.space], marker.edge[state.space] = p["marker"], p["marker"]

    frames = LayerStyle.build(n_slots)
    pair_colour = {e: c for e, c, _ in state.pairs}
    tray_open = state.tray_size
    for i, name in enumerate(lay.slots):
        area = name.split(":")[0]
        if area == "tray" and int(name.split(":")[1]) >= tray_open:
            continue
        if area in ("aside", "reserve") and not (state.aside if area == "aside" else state.reserve):
            continue
        frames.face[i] = p["cup"] if area == "cup" else p["slot"]
        frames.edge[i], frames.width[i] = p["slot_edge"], 0.8
        if area == "pair":
            frames.edge[i], frames.width[i] = _FLAVOR_COLOUR[pair_colour[name.split(":")[1]]], 2.5
        if area == "instant":
            effect = name.split(":")[1]
            kind = board.instant_costs[effect][int(name.split(":")[2])]
            frames.edge[i] = _FLAVOR_COLOUR.get(
                kind, TOKEN_LOOK.get(kind, ("", "", p["slot_edge"]))[2]
            )
            frames.width[i] = 2.0
        if area == "cup":
            frames.edge[i], frames.width[i] = p["cup_edge"], 1.2
            number = int(name.split(":")[1]) + 1
            if "select" in unlocked and number in board.select_slots:
                frames.edge[i], frames.width[i] = p["select"], 2.5  # Select's marked slots
    shapes = {kind: LayerStyle.build(n_slots) for kind in SHAPES}
    digits = LayerStyle.build(7 * n_slots)
    for name, token in _tokens_by_slot(state).items():
        i = lay.index(name)
        kind, face, edge = TOKEN_LOOK[token]
        st = shapes[kind]
        st.face[i], st.edge[i], st.width[i] = face, edge, 1.2
        lvl = level(token)
        if lvl is not None:
            for seg in _SEGMENTS[lvl]:
                j = 7 * i + _SEGMENT_ORDER.index(seg)
                digits.face[j] = "#ffffff" if lvl >= 2 else "#2a1606"
                digits.edge[j] = "none"
    rings = LayerStyle.build(n_slots)
    for name in marks:
        i = lay.index(name)
        rings.edge[i], rings.width[i] = p["mark"], 3.0
    for name in selected:
        i = lay.index(name)
        rings.edge[i], rings.width[i] = p["select"], 3.0
    if attempt is not None and attempt in lay.slots:
        i = lay.index(attempt)
        rings.edge[i], rings.width[i] = p["attempt"], 3.0
    for name, tone in (verdicts or {}).items():
        if name in lay.slots:
            i = lay.index(name)
            rings.edge[i], rings.width[i] = VERDICTS[tone][1], 3.5

    keys = LayerStyle.build(len(_BAG_TOKENS))
    for c, token in enumerate(_BAG_TOKENS):
        keys.face[c], keys.edge[c], keys.width[c] = TOKEN_LOOK[token][1], TOKEN_LOOK[token][2], 0.8
    bag = LayerStyle.build(len(lay.bag_cells))
    contents = state.bag
    for c, token in enumerate(_BAG_TOKENS):
        k = min(contents.get(token, 0), _BAG_CELLS) if peek else 0
        for r in range(_BAG_CELLS):
            i = c * _BAG_CELLS + r
            if r < k:
                bag.face[i], bag.edge[i], bag.width[i] = (
                    TOKEN_LOOK[token][1],
                    TOKEN_LOOK[token][2],
                    0.5,
                )
            else:
                bag.face[i], bag.edge[i], bag.width[i] = p["bag_empty"], "#e2dccf", 0.4
    out = {
        "boxes": boxes.done(),
        "thermo": thermo.done(),
        "marker": marker.done(),
        "smoke": smoke.done(),
        "frames": frames.done(),
        "levels": digits.done(),
        "rings": rings.done(),
        "bag": bag.done(),
        "keys": keys.done(),
    }
    out.update({kind: st.done() for kind, st in shapes.items()})
    return out


#: What to do at each step of a game, in a player's words.
STEP_WORDS = {
    "draw": "draw this round's tokens",
    "effects": "use drawn tokens for effects, then roast",
    "return-two": "Two new tokens: choose 2 drawn tokens to put back",
    "two-of-five": "Two of five: choose the 2 tokens to take out of the game",
    "decide": "roast another round, or stop and start the cup test",
    "cup": "put the drawn token in the cup or on the tray",
    "select": "Select: choose which of the two tokens goes in this cup slot",
    "exchange": "Exchange: choose 2 cup tokens to send back, or be done",
    "exchange-choose": "Exchange: choose 2 of the new tokens to keep",
    "over": "the game is over: read the score",
}


#: A pair's colour as its label says it: the flavor and the flavor effect it pays for.
_PAYS = {flavor: f"{flavor}: {EFFECT_NAMES[effect]}" for effect, flavor in FLAVOR_EFFECTS.items()}


def caption(state: State, scores: bool = True) -> str:
    """One line: the round, the step and what to do (at the end the cup's score, unless
    ``scores`` is false: a puzzle asks for it)."""
    if state.outcome is not None:
        if not scores:
            return f"Round {state.round}: the cup test is over."
        return f"Round {state.round}: the cup scores {state.outcome.total}."
    return f"Round {state.round}: {STEP_WORDS.get(state.phase, PHASES[state.phase])}."


class RoasterView(View):
    """A Coffee Roaster table drawn once for one game's rules; :meth:`update` recolours it
    for any state of the same rules.

    >>> from gamekit import roaster
    >>> RoasterView(roaster.Rules(seed=3))
    <RoasterView jamaica-blue-mountain standard>
    """

    def __init__(
        self, rules: Rules, figsize: tuple[float, float] = (10.0, 7.0), texts: bool = True
    ) -> None:
        self.rules = rules
        self.drawing = View.layered(
            _Frame((0.0, 20.0, 0.0, 14.0)), _geometry(rules), LAYERS, figsize=figsize, margin=0.0
        )
        self.show_caption = False  # the caption is one of its texts, in the top corner
        ax = self.drawing.ax
        lay = layout(rules)
        small: dict[str, Any] = {
            "fontsize": 9,
            "color": PALETTE["ink"],
            "va": "center",
            "zorder": 30,
        }
        head: dict[str, Any] = {"fontsize": 10, "color": "#7a4a1e", "zorder": 30}
        self.with_texts = texts
        for (x0, _, _, y1), (d, _) in zip(lay.thermo, rules._board.track, strict=True):
            ax.text(x0 + 0.05, y1 - 0.05, f"draw {d}", fontsize=9, va="top", zorder=30)
        ax.text(
            0.3,
            13.7,
            "thermometer  (grey hexagons: smoke that goes into the bag when the marker gets there)",
            **head,
        )
        for box, effect in zip(lay.instant_boxes, _INSTANT_ROWS, strict=True):
            ax.text(box[0] + 0.12, (box[1] + box[3]) / 2, _INSTANT_WORDS[effect], **small)
        start = rules.start()
        for box, (effect, colour, _) in zip(lay.pair_boxes, start.pairs, strict=True):
            # the cup effect the pair unlocks, and the flavor effect its colour pays for
            pays = _PAYS.get(colour, "any flavor")
            label = f"{TOKEN_NAMES[effect]}\n({pays})"
            ax.text(box[0] + 0.12, (box[1] + box[3]) / 2, label, linespacing=0.95, **small)
        ax.text(0.3, 11.55, "instant effects (once each)", **head)
        ax.text(5.9, 11.55, "flavor slots → cup effects", **head)
        ax.text(11.9, 11.55, "drawn this round", **head)
        ax.text(11.9, 8.2, "set aside", **head)
        if rules._board.reserve:
            ax.text(17.3, 8.2, "reserve", **head)
        ax.text(8.4, 4.95, "cup", **head)
        ax.text(8.4, 1.95, "tray", **head)
        ax.text(0.3, 5.3, "the bag (a peek: the real game hides it)", **head)
        for c, lab in enumerate(_BAG_LABELS):
            y = _BAG_TOP - _BAG_ROW * c - _BAG_ROW / 2 + 0.03
            ax.text(0.72, y, lab, fontsize=9, va="center", zorder=30, color=PALETTE["ink"])
        self._counts = [
            ax.text(
                _BAG_X0 + _BAG_CELL * _BAG_CELLS + 0.1,
                _BAG_TOP - _BAG_ROW * c - _BAG_ROW / 2 + 0.03,
                "",
                fontsize=9,
                va="center",
                zorder=30,
            )
            for c in range(len(_BAG_TOKENS))
        ]
        self._caption = ax.text(
            19.8, 13.7, "", fontsize=9, ha="right", color=PALETTE["ink"], zorder=30
        )
        self._events = ax.text(
            11.9, 6.6, "", fontsize=8.5, va="top", color="#444444", zorder=30, wrap=True
        )
        self._score = ax.text(
            14.6, 5.0, "", fontsize=8.5, va="top", color=PALETTE["ink"], zorder=30
        )

    def __repr__(self) -> str:
        return f"<RoasterView {self.rules._card.id} {self.rules.side}>"

    def check(self, state: State, /) -> None:
        if layout(state.rules) != layout(self.rules):
            raise ValueError("this view draws another game's table: make a new RoasterView")

    def styles(
        self, state: State, /, scores: bool = True, **highlight: Any
    ) -> dict[str, LayerStyle]:
        """See the module's :func:`styles` for the highlights (``scores`` is for the texts)."""
        return styles(state, **highlight)

    def texts(self, state: State, /, scores: bool = True, **highlight: Any) -> None:
        """The bag's counts (when peeking), the caption, the last events and the cup's score."""
        if self.with_texts:
            peek = highlight.get("peek", True)
            bag = state.bag
            for c, token in enumerate(_BAG_TOKENS):
                self._counts[c].set_text(str(bag.get(token, 0)) if peek and bag.get(token) else "")
            self._caption.set_text(caption(state, scores))
            events = state.events[-4:] if scores else ()
            self._events.set_text("\n".join(_wrap(e, 44) for e in events))
            self._score.set_text(
                "\n".join(_wrap(s, 36) for s in state.score.steps) if state.score and scores else ""
            )


def _wrap(text: str, width: int) -> str:
    import textwrap

    return "\n".join(textwrap.wrap(text, width)) or text


def draw(state: State, *, figsize: tuple[float, float] = (10.0, 7.0), **highlight) -> Figure:
    """A new figure of ``state``; ``highlight`` as in :func:`styles`."""
    return RoasterView(state.rules, figsize=figsize).update(state, **highlight)


def png_bytes(state: State, dpi: int = 72, **highlight) -> bytes:
    """``state`` as PNG bytes: what a notebook shows for a bare state."""
    view = RoasterView(state.rules)
    view.update(state, **highlight)
    return figure_png(view.drawing.figure, dpi, colours=NOTEBOOK_COLOURS)


_ = CUP_EFFECTS  # the pairs' names come from the state


#: The lesson diagrams, in :mod:`gamekit.roaster.diagrams`; still found here by name.
_DIAGRAMS = frozenset({"draw_tokens", "draw_move", "draw_cup", "draw_card", "flows", "move_title"})


def __getattr__(name: str) -> Any:
    if name in _DIAGRAMS:
        import importlib

        return getattr(importlib.import_module("gamekit.roaster.diagrams"), name)
    raise AttributeError(f"module 'gamekit.roaster.picture' has no attribute {name!r}")
