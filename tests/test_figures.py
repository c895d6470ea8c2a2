"""Tests of gamekit.figures: the pictures in figures/ are exactly what the code draws."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from matplotlib.testing.compare import compare_images
from suite import GAMES

from gamekit import figures
from gamekit.game import facts

ROOT = Path(__file__).resolve().parent.parent
COMMITTED = ROOT / "figures"
# RMS difference allowed between a fresh picture and the committed one (0-255 scale). Tinting
# one more cell of the hexhex-5 picture measures 1.9, a red cross on one cell 4.5, the last
# rod laid along another axis 14.8; so 1.5 catches any changed cell while leaving room for
# anti-aliasing noise; the same matplotlib draws these files byte for byte.
TOLERANCE = 1.5


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> list[Path]:
    return figures.make_figures(tmp_path_factory.mktemp("figures"))


def test_make_figures_writes_one_png_per_picture(made) -> None:
    assert [p.name for p in made] == [f.filename for f in figures.FIGURES]
    assert all(p.read_bytes().startswith(b"\x89PNG\r\n\x1a\n") for p in made)


def test_every_committed_figure_is_made_and_nothing_is_stale(made) -> None:
    assert sorted(p.name for p in COMMITTED.glob("*.png")) == sorted(p.name for p in made)


@pytest.mark.parametrize("name", [f.filename for f in figures.FIGURES])
def test_a_fresh_picture_matches_the_committed_one(made, name) -> None:
    expected, actual = COMMITTED / name, next(p for p in made if p.name == name)
    assert expected.exists(), f"figures/{name} is missing: run `make figures`"
    result = compare_images(str(expected), str(actual), tol=TOLERANCE)
    assert result is None, f"{result}\nIf the change is wanted, run `make figures`."


def test_pictures_carry_no_software_tag_or_date(made) -> None:
    for path in made:
        data = path.read_bytes()
        assert b"Software" not in data and b"tIME" not in data, path.name


def test_drawing_twice_gives_the_same_bytes(tmp_path) -> None:
    first = figures.make_figures(tmp_path / "one")
    second = figures.make_figures(tmp_path / "two")
    assert [p.read_bytes() for p in first] == [p.read_bytes() for p in second]


def test_each_picture_shows_what_its_name_says() -> None:
    by_name = {f.name: f.state() for f in figures.FIGURES}
    hex5 = by_name["coffee_hex5"]
    assert hex5.outcome is None and hex5.rules.name == "hex5" and hex5.stone_count >= 10
    blocked = by_name["coffee_square5_blocked"]
    assert blocked.rules.name == "square5" and blocked.rules.n == 4
    assert blocked.outcome is not None and blocked.outcome.line == ()
    assert blocked.outcome.loser == "black"  # Black, to move, is the one blocked
    win = by_name["coffee_hex4_win"]
    assert win.outcome is not None and len(win.outcome.line) >= 4
    rod = by_name["coffee_square5_start_rod"]
    assert rod.rod is not None and rod.stone_count == 1
    row = by_name["gipf_standard_row"]
    assert row.phase == "remove" and row.gipf_pieces("white") == ["b4", "e5", "h5"]
    tiles = by_name["hextiles_scored_figure"]
    assert len(tiles) == 7 and tiles.tile_at((0, 0)).value == 0
    roast = by_name["roaster_round3"]
    assert roast.round == 3 and "wild" in roast.drawn and roast.outcome is None


def test_the_readme_shows_only_pictures_that_exist() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = re.findall(r"\]\((figures/[^)]+\.png)\)", readme)
    assert "figures/coffee_hex5.png" in shown
    for rel in shown:
        assert (ROOT / rel).exists(), rel


def test_every_rules_sheet_shows_a_picture_that_exists() -> None:
    sheets = sorted((ROOT / "docs" / "rules").glob("*.md"))
    titled = {p.name: p.read_text("utf-8").splitlines()[0] for p in sheets}
    games = {
        name
        for name, head in titled.items()
        for g in GAMES
        if head.startswith(f"# {facts(g).title}: the rules")
    }
    assert len(games) == len(GAMES), titled
    for sheet in sheets:
        shown = re.findall(r"\]\((\.\./\.\./figures/[^)]+\.png)\)", sheet.read_text("utf-8"))
        assert shown or sheet.name not in games, f"{sheet.name} shows no picture"
        for rel in shown:
            assert (sheet.parent / rel).resolve().exists(), (sheet.name, rel)


def test_the_command_line_writes_into_the_folder_given(tmp_path, capsys) -> None:
    assert figures.main([str(tmp_path)]) == 0
    printed = capsys.readouterr().out.split()
    assert sorted(Path(p).name for p in printed) == sorted(f.filename for f in figures.FIGURES)
