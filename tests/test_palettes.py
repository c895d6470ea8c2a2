"""Colour: every game's colours that mean different things side by side stay apart for every
colour vision, and the boards' text reads at WCAG AA.

Each game's picture declares its groups (``DISTINCT``: meaning -> colour). Every two colours
of a group are compared in CAM02-UCS (colorspacious) as seen with normal vision and under
simulated protanopia, deuteranopia and tritanopia (Machado et al. 2009 at full severity):
their distance must be at least :data:`LEAST`. A distance of about 1 is the smallest a
viewer notices; 8 and more reads as two colours at a glance.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from colorspacious import cspace_convert
from matplotlib.colors import to_rgb

from gamekit.export import contrast
from gamekit.game import facts, games, part

LEAST = 8.0
VISIONS = ("normal", "protanomaly", "deuteranomaly", "tritanomaly")


def seen(colour: str, vision: str) -> np.ndarray:
    """``colour`` as someone with ``vision`` sees it (sRGB, 0 to 1)."""
    rgb = np.array(to_rgb(colour))
    if vision == "normal":
        return rgb
    cvd = {"name": "sRGB1+CVD", "cvd_type": vision, "severity": 100}
    return np.clip(cspace_convert(rgb, cvd, "sRGB1"), 0, 1)


def distance(a: np.ndarray, b: np.ndarray) -> float:
    ua, ub = cspace_convert(a, "sRGB1", "CAM02-UCS"), cspace_convert(b, "sRGB1", "CAM02-UCS")
    return float(np.linalg.norm(ua - ub))


#: The shipped games' pictures (tests register games of their own, with or without one).
PICTURES = {
    game: picture
    for game in games()
    if facts(game).picture is not None
    and (picture := part(game, "picture")).__name__.startswith("gamekit.")
}
GROUPS = [
    (game, name, group)
    for game, picture in PICTURES.items()
    for name, group in getattr(picture, "DISTINCT", {}).items()
]


def test_every_game_declares_its_colours_that_must_differ():
    assert len(PICTURES) >= 4
    assert {game for game, _, _ in GROUPS} == set(PICTURES)


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize(("game", "name", "group"), GROUPS, ids=lambda g: str(g)[:30])
def test_colours_of_a_group_stay_apart_for_every_colour_vision(game, name, group, vision):
    looks = {meaning: seen(colour, vision) for meaning, colour in group.items()}
    close = [
        (a, b, round(distance(looks[a], looks[b]), 1))
        for a, b in itertools.combinations(looks, 2)
        if distance(looks[a], looks[b]) < LEAST
    ]
    assert close == [], f"{game}, {name}, {vision}: {close}"


def test_a_simulation_changes_what_it_should():
    """The check can fail: red and green, far apart for most, meet under deuteranopia."""
    red, green = "#d62728", "#2ca02c"
    assert distance(seen(red, "normal"), seen(green, "normal")) > 30
    assert distance(seen(red, "deuteranomaly"), seen(green, "deuteranomaly")) < LEAST


@pytest.mark.parametrize(
    ("text", "background"),
    [
        ("#4b5563", "#ffffff"),  # the keys' help line under a board
        ("#6b7280", "#ffffff"),  # "No moves yet.", the log's numbers
        ("#ffffff", "#1976d2"),  # a highlighted button (JupyterLab's primary)
        ("#595959", "#ffffff"),  # prompts on an exported page
    ],
)
def test_the_boards_text_reads_at_aa(text, background):
    assert contrast(text, background) >= 4.5


def test_marks_drawn_over_a_board_reach_three_to_one():
    """Non-text marks (WCAG 1.4.11): a white GIPF piece's outline, an orange Coffee stone's
    edge and its dot, on the board's cells."""
    from gamekit.coffee.picture import PALETTE as COFFEE
    from gamekit.gipf.picture import PALETTE as GIPF

    assert contrast(GIPF["white_edge"], GIPF["board"]) >= 3
    assert contrast(COFFEE["orange_edge"], COFFEE["cell"]) >= 3
    assert contrast(COFFEE["orange_dot"], COFFEE["orange"]) >= 3
