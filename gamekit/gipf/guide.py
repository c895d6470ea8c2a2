"""GIPF's guided first game: the standard game against the beginner level, four objectives:
capture a piece of the computer's, keep a GIPF piece of yours on the board when your row
holds it, capture one of the computer's GIPF pieces, and win. Each takes a plan: a learner
clicking legal moves at random reaches them in 17 %, 43 %, 0 % and 0 % of games (``make
bench-guided``); a row of one's own alone (70 % at random) is no objective. When the
computer could make a row on its next turn, the board says so (:func:`threat`).

>>> [o.id for o in OBJECTIVES]
['capture', 'keep-gipf', 'capture-gipf', 'win']
"""

from __future__ import annotations

from gamekit import gipf
from gamekit.guide import Objective, Step

__all__ = ["OBJECTIVES", "RULES", "threat"]

#: The standard game: each player starts with three GIPF pieces on the board.
RULES = gipf.Rules(variant="standard")

#: The level that stands in for a learner when ``make bench-guided`` plays this guided game
#: (``club`` takes about a minute a game here).
STAND_IN = "beginner"


def _other(seat: str) -> str:
    return "black" if seat == "white" else "white"


def threat(state: gipf.State, seat: str) -> str:
    """What the computer threatens, in words, when ``seat`` (the learner) is to push: the
    pushes that would make it a row if it were its turn, and how many of the learner's
    pieces the best of them would take ("" if none)."""
    if state.outcome is not None or state.to_move != seat or state.phase != "push":
        return ""
    other = _other(seat)
    try:
        theirs = state.rules.setup(
            state.pieces(),
            to_move=other,
            captured=(state.captured("white"), state.captured("black")),
            may_place_gipf=[c for c in ("white", "black") if state.may_place_gipf(c)],
        )
    except (TypeError, ValueError):  # pragma: no cover - the position is the game's own
        return ""
    pushes: list[str] = []
    most = 0
    for move in theirs.legal_moves():
        after = theirs.play(move)
        rows = [r for r in after.rows() if r.owner == other] if after.phase == "remove" else []
        if rows:
            mine = {
                s for r in rows for s in r.segment if str(after.piece_at(s) or "").startswith(seat)
            }
            taken = len(mine)
        elif after.phase != "remove" and after.reserve(other) >= theirs.reserve(other):
            taken = after.captured(seat) - theirs.captured(seat)  # made and taken at once
        else:
            continue
        pushes.append(str(move))
        most = max(most, taken)
    if not pushes:
        return ""
    shown = ", ".join(pushes[:3]) + (" …" if len(pushes) > 3 else "")
    take = f", taking up to {most} of your pieces" if most else ""
    return (
        f"Watch out: on its turn the computer could make a row ({shown}){take}. Push a "
        "piece of yours into that line first, so that it stands in the row's way."
    )


def _capture(step: Step) -> bool:
    other = _other(step.seat)
    return step.mine and step.after.captured(other) > step.before.captured(other)


def _capture_gipf(step: Step) -> bool:
    """The learner's move took one of the computer's GIPF pieces off the board."""
    other = _other(step.seat)
    return step.mine and len(step.after.gipf_pieces(other)) < len(step.before.gipf_pieces(other))


def _keep_gipf(step: Step) -> bool:
    """The learner removed a row of theirs and left one of their own GIPF pieces in it on
    the board (keeping the computer's GIPF piece only forgoes its capture)."""
    mine = set(step.before.gipf_pieces(step.seat))
    return step.mine and any(spot in mine for spot in getattr(step.move, "kept", ()))


OBJECTIVES = (
    Objective(
        "capture",
        "Capture: take at least one of the computer's pieces off the board with a row of yours.",
        _capture,
        "A row takes with it the computer's pieces that extend it: line up where its pieces "
        "touch the ends.",
    ),
    Objective(
        "keep-gipf",
        "Keep a GIPF piece: when a row of yours holds one of your GIPF pieces, leave it on "
        "the board instead of taking it back.",
        _keep_gipf,
        "A GIPF piece taken back is a double piece in your reserve, but if you lose all of "
        "them you lose the game; the board offers both removals.",
    ),
    Objective(
        "capture-gipf",
        "Take a GIPF piece: capture one of the computer's GIPF pieces with a row of yours.",
        _capture_gipf,
        "A GIPF piece of the computer's in the segment your row removes is yours to take "
        "(the board asks): line your row up so that it reaches one. A player with no GIPF "
        "piece left on the board loses.",
    ),
    Objective(
        "win",
        "Win the game: the computer runs out of pieces to push, or loses its last GIPF piece.",
        lambda step: step.won,
        "Every push costs a piece from the reserve; rows give yours back.",
    ),
)
