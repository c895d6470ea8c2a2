"""Every picture gamekit puts in a notebook carries a text alternative: the position in
words, in the output's ``{"image/png": {"alt": ...}}`` metadata, and ``make html`` writes it
on the ``<img>``."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from suite import GAMES, dealt, example_rules

from gamekit import coffee, hextiles, roaster
from gamekit.export import export_lesson
from gamekit.game import shipped_games
from gamekit.render import _figure_bundle, alt_text, show
from gamekit.widgets import board_for
from gamekit.words import position_words

#: Every game's rules, as its boards are tried.
STARTS = {game: dealt(example_rules(game, "board")) for game in GAMES}


@pytest.mark.parametrize("game", list(STARTS))
def test_a_position_shows_its_picture_with_the_position_in_words(game: str) -> None:
    state = STARTS[game].start(seed=1)
    data, metadata = state._repr_mimebundle_()
    assert data["image/png"].startswith(b"\x89PNG")
    assert data["text/plain"] == repr(state)
    assert metadata["image/png"]["alt"] == position_words(state)
    assert state._repr_png_() == data["image/png"]
    if game in shipped_games():  # slotted states: the picture mixin keeps them so
        assert not hasattr(state, "__dict__")


@pytest.mark.parametrize("game", list(STARTS))
def test_a_board_shows_its_picture_with_the_game_and_the_position_in_words(game: str) -> None:
    board = board_for(STARTS[game])
    data, metadata = board._repr_mimebundle_()
    alt = metadata["image/png"]["alt"]
    assert base64.b64decode(data["image/png"]).startswith(b"\x89PNG")
    assert alt.startswith("A ") and " board. " in alt
    assert position_words(board.state) in alt


def test_a_figure_show_draws_carries_its_words_and_other_figures_do_not() -> None:
    state = coffee.Rules(size=3).start()
    figure = show(state, legal=True)
    assert alt_text(state) == position_words(state)
    assert figure._gamekit_alt == position_words(state) + " Tinted: where the next move may go."
    import matplotlib.pyplot as plt

    other = plt.figure()
    plt.close(other)
    assert _figure_bundle(other) is None  # IPython draws it as before
    assert _figure_bundle(figure) is None  # and outside a notebook there is nothing to do
    assert alt_text("not a position") == ""


def _run(cells: list[str], folder: Path) -> dict:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    NotebookClient(
        nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(folder)}}
    ).execute()
    return json.loads(nbformat.writes(nb))


def test_in_a_notebook_the_stored_outputs_carry_the_words_and_the_page_shows_them(
    tmp_path, monkeypatch
) -> None:
    monkeypatch.delenv("MPLBACKEND", raising=False)  # the kernel draws inline, as in JupyterLab
    nb = _run(
        [
            "from gamekit import coffee\ncoffee.Rules(size=3).start()",
            "from gamekit.render import show\nshow(coffee.Rules(size=3).start().play('b2|'))",
            "import matplotlib.pyplot as plt\nplt.plot([1, 2])\nplt.show()",
        ],
        tmp_path,
    )
    outputs = [
        o for cell in nb["cells"] for o in cell["outputs"] if "image/png" in o.get("data", {})
    ]
    assert len(outputs) == 3
    state_alt = outputs[0]["metadata"]["image/png"]["alt"]
    shown_alt = outputs[1]["metadata"]["image/png"]["alt"]
    assert state_alt.startswith("Coffee on a hexagonal board, 3 cells a side")
    assert "Black stones: b2" in shown_alt
    assert "alt" not in outputs[2].get("metadata", {}).get("image/png", {})  # a chart of its own
    (tmp_path / "lesson.ipynb").write_text(json.dumps(nb))
    _, page = export_lesson(tmp_path / "lesson.ipynb", tmp_path / "out")
    html = page.read_text()
    assert f'alt="{state_alt[:40]}' in html
    assert html.count("<img") == 3 and html.count(' alt="') >= 3
    assert 'alt="A picture of the lesson (no description given)."' in html


@pytest.mark.parametrize("game", list(STARTS))
def test_a_boards_accessible_name_follows_the_position(game: str) -> None:
    board = board_for(STARTS[game])
    assert board.view.position == position_words(board.state)
    board.play_moves([str(board.state.legal_moves()[0])])
    assert board.view.position == position_words(board.state) != ""


def test_the_diagrams_of_the_lessons_say_what_they_show() -> None:
    from gamekit.hextiles.picture import draw_tiles
    from gamekit.roaster.diagrams import draw_card, draw_cup, draw_move, draw_tokens

    s = roaster.Rules(seed=3).arrange({"body": 1, "bean1": 1, "bean3": 1, "bean2": 2})
    move = draw_move(s, "concentrate body bean1 bean3 for tray")._gamekit_alt
    assert move.startswith("A move drawn: use Concentrate") and "level-1 bean" in move
    refused = draw_move(s, "concentrate body bean1 bean1 for tray")._gamekit_alt
    assert refused.startswith("A refused move")
    card = draw_card("zambia-kasama-aa", total=17)._gamekit_alt
    assert card.startswith("The card Zambia Kasama AA") and "roast total of 17" in card
    assert "an acidity token" in draw_tokens([("flavor", ["body", "acidity"])])._gamekit_alt
    assert draw_cup(s)._gamekit_alt.startswith("The cup test. Coffee Roaster")
    assert draw_tiles(hextiles.PATTERNS[:1])._gamekit_alt == "Tiles: a red tile (one mark)."
    figure = hextiles.Figure().place("100000", (0, 1), 0)
    assert (
        alt_text(figure) == "A Hex Tiles figure of 2 tiles (the starter and 1 red tile), scoring 2."
    )
    assert show(figure)._gamekit_alt == alt_text(figure)


def test_a_chart_of_shares_says_its_numbers() -> None:
    from gamekit.design.panel import plot_shares
    from gamekit.stats import wilson

    ax = plot_shares({"Black wins": wilson(55, 100)}, title="Coffee")
    assert (
        ax.figure._gamekit_alt
        == "A bar chart: Coffee. Black wins 55.0 % (45.2–64.4 %) (95 % intervals)."
    )


def test_every_picture_stored_in_the_lessons_and_apps_has_alt_text_of_a_sentence() -> None:
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    pictures, short = 0, []
    for notebook in sorted([*root.glob("notebooks/*.ipynb"), *root.glob("apps/*.ipynb")]):
        for k, cell in enumerate(json.loads(notebook.read_text())["cells"]):
            for output in cell.get("outputs", ()):
                if "image/png" not in output.get("data", {}):
                    continue
                pictures += 1
                alt = output.get("metadata", {}).get("image/png", {}).get("alt", "")
                if len(alt.split()) < 5 or alt.rstrip().endswith(":"):  # no sentence cut short
                    short.append((notebook.name, k, alt[:60]))
    assert pictures > 200 and short == []


def test_jupyterlab_gets_the_alt_text_through_the_extension_built_from_its_source() -> None:
    """The committed build of jupyterlab-alt-text/ holds the code of its index.js, and the
    installed environment has it (pyproject's shared-data)."""
    import json
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "jupyterlab-alt-text"
    built = json.loads((root / "labextension" / "package.json").read_text())
    assert built["name"] == "gamekit-alt-text" and built["jupyterlab"]["mimeExtension"]
    code = "".join(p.read_text() for p in (root / "labextension" / "static").glob("*.js"))
    source = (root / "index.js").read_text()
    for in_source, in_built in [
        ('id: "gamekit-alt-text:images"', "gamekit-alt-text:images"),
        ("img.alt = meta.alt", ".alt=t.alt"),
        ("const RANK = 89;", "defaultRank:89"),
    ]:
        assert in_source in source and in_built in code, (in_source, in_built)
    installed = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "gamekit-alt-text"
    assert (installed / "package.json").exists()
