"""Exported pages (make html) of lessons with widgets: an experiment panel shows a still
copy of its first run, a puzzle its task, picture and a closed answer (issue #21)."""

from __future__ import annotations

import json

import ipywidgets as widgets
import matplotlib.pyplot as plt

from gamekit import puzzles
from gamekit.design.panel import experiment_panel
from gamekit.export import _puzzle_page


def run(games: int) -> None:
    print(f"{games} games played")
    fig, ax = plt.subplots(figsize=(3, 2))
    ax.plot([0, games], [0, 1])
    plt.show()


def test_an_experiment_panel_carries_a_still_copy_of_its_run_for_pages_without_widgets():
    panel = experiment_panel(run, games=widgets.IntSlider(value=300, min=100, max=500))
    bundle, metadata = panel._repr_mimebundle_()
    text = bundle["text/plain"]
    # the picture's words: the settings and the run, then what the chart shows
    assert metadata["image/png"]["alt"] == text + "\na chart (no description given)."
    assert text.startswith("An experiment to run in the notebook: set games and press")
    assert "(games 300):\n300 games played" in text
    assert "VBox(" not in text and bundle["image/png"]
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert plt.get_fignums() == []  # the copy's figure is closed, not left to show again


def test_a_stored_puzzle_board_becomes_task_picture_and_a_closed_answer():
    p = puzzles.get("hextiles-turn-1")
    bundle, alt = p.board()._repr_mimebundle_()
    output = {"output_type": "execute_result", "data": json.loads(json.dumps(bundle))}
    _puzzle_page(output)
    page = output["data"]["text/html"]
    assert "<b>Puzzle</b> (level 2)" in page and "below your starter" in page
    assert "(0,-1)" not in page  # in words, as on the board
    assert '<img src="data:image/png;base64,' in page
    assert "<details><summary>Show the answer</summary>" in page
    assert page.index("Show the answer") > page.index("<img")


def test_an_experiment_panels_chart_with_words_gives_them_to_the_still_copy():
    from gamekit.render import describe

    def described(games: int) -> None:
        fig, ax = plt.subplots(figsize=(3, 2))
        ax.plot([0, games], [0, 1])
        describe(fig, f"A straight line up to {games} games.")
        plt.show()

    panel = experiment_panel(described, games=widgets.IntSlider(value=300, min=100, max=500))
    _bundle, metadata = panel._repr_mimebundle_()
    assert metadata["image/png"]["alt"].endswith("(games 300): A straight line up to 300 games.")


def test_a_live_panel_has_no_button_shows_its_first_run_and_runs_again_on_each_change():
    calls = []

    def odds(drawn: int) -> None:
        calls.append(drawn)
        print(f"{drawn} drawn")
        fig, ax = plt.subplots(figsize=(3, 2))
        ax.bar([0, 1], [drawn, 1])
        plt.show()

    slider = widgets.IntSlider(value=4, min=1, max=9)
    panel = experiment_panel(odds, live=True, drawn=slider)
    row, output = panel.children
    assert row.children == (slider,)  # no button
    kinds = [o["output_type"] for o in output.outputs]
    assert kinds == ["stream", "display_data"] and output.outputs[0]["text"] == "4 drawn\n"
    slider.value = 6  # a change runs it again
    assert calls[-1] == 6
    bundle, _ = panel._repr_mimebundle_()
    assert bundle["text/plain"].startswith("An experiment to run in the notebook: move drawn.")
    assert plt.get_fignums() == []
