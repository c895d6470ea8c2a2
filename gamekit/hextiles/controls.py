"""The controls of the Hex Tiles board: the market and reserve rows, the chosen tile, the
turn buttons, Keep, End turn, Score step, the player tabs, the game settings and the layout
built for a :class:`~gamekit.hextiles.board.HexTilesBoard` by its constructor:
:func:`tile_controls`, :func:`settings` and :func:`layout` make the widgets and set them
on the board, which then reacts to them with its own methods.

>>> from gamekit.hextiles.board import HexTilesBoard
>>> [b.tooltip for b in HexTilesBoard().rotate_buttons]
['turn the tile anticlockwise (key l or ←)', 'turn the tile clockwise (key r or →)']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import ipywidgets as w

from gamekit.hextiles.tilerow import TileRow
from gamekit.widgets.base import MAX_DEAL

if TYPE_CHECKING:
    from gamekit.hextiles.board import HexTilesBoard

_LEFTOVER_OPTIONS = [
    ("to the first player", "first"),
    ("back to the pool", "pool"),
    ("out of the game", "discard"),
]
_HELP = {
    "players": "How many players (takes effect at New game).",
    "seed": "The deal of the tiles: the same number deals the same game. New game deals "
    "anew unless you type a number here.",
    "leftover": "The market tile nobody took at the end of a round: the first player gets "
    "it, it goes back into the pool, or it leaves the game (takes effect at New game).",
    "contact": "A variant: a mark may touch another mark (never a blank side). Off: no "
    "mark may touch another tile (takes effect at New game).",
}


def tile_controls(board: HexTilesBoard) -> None:
    """The market and the reserve (rows of tiles to pick), the chosen tile with its
    turn buttons, Keep and End turn, the figure's tabs and the score step."""
    board.info_line = w.HTML(layout=w.Layout(min_height="1.5em"))
    board.market_row = TileRow(empty="(the market is empty)")
    board.market_row.on_pick(lambda i: board.pick_market(board.market_row.patterns[i]))
    board.reserve_row = TileRow(empty="(nothing in your reserve)")
    board.reserve_row.on_pick(lambda i: board.pick_reserve(board.reserve_row.patterns[i]))
    board.market_label = w.HTML()
    board.reserve_label = w.HTML()
    # The figure shown, read tile by tile (and its border walked), for a reader without
    # the picture: an accordion, so it stays open while the game goes on.
    board.reading = w.HTML()
    board.reading.add_class("gamekit-reading")
    board.reading_box = w.Accordion(
        children=[board.reading], titles=("The figure in words",), selected_index=None,
        layout=w.Layout(width="100%"),
    )  # fmt: skip
    board.reading_box.add_class("gamekit-reading-box")
    # A fixed size, so the buttons beside it never move while its words change (a
    # second click on ⟳ once landed on ⟲ when "turned once clockwise" grew the caption).
    board.chosen_html = w.HTML(
        layout=w.Layout(width="200px", min_width="200px", height="52px", overflow="hidden")
    )
    board.chosen_html.add_class("gamekit-chosen")
    board.player_tabs = w.ToggleButtons(
        options=[],
        tooltip="whose figure the board shows (yours when it is your turn)",
        style={"button_width": "80px"},
    )
    board.player_tabs.observe(board._on_tab, names="value")
    left = w.Button(
        description="⟲",
        tooltip="turn the tile anticlockwise (key l or ←)",
        layout=w.Layout(width="44px"),
    )
    right = w.Button(
        description="⟳", tooltip="turn the tile clockwise (key r or →)",
        layout=w.Layout(width="44px"),
    )  # fmt: skip
    left.on_click(lambda _b: board.rotate(-1))
    right.on_click(lambda _b: board.rotate(1))
    board.rotate_buttons = (left, right)
    board.keep_button = w.Button(
        description="Keep",
        tooltip="leave the chosen tile in your reserve for later (key k)",
        layout=w.Layout(width="70px"),
    )
    board.end_button = w.Button(
        description="End turn",
        tooltip="pass to the next player (once you have taken a tile; Enter)",
    )
    board.keep_button.on_click(lambda _b: board.keep())
    board.end_button.on_click(lambda _b: board.end_turn())
    board.score_button = w.Button(
        description="Score step",
        tooltip="count the score of the figure shown, one step at a time",
        layout=w.Layout(width="100px"),
    )
    board.score_button.on_click(lambda _b: board.next_score_step())


def settings(board: HexTilesBoard) -> list[w.Widget]:
    """The new game's choices: players, deal, leftover tile and the contact variant."""
    r = board.rules
    board.players_choice = w.Dropdown(
        options=[2, 3, 4], value=r.players, description="players", tooltip=_HELP["players"]
    )
    board.seed_choice = w.BoundedIntText(
        value=min(r.seed, MAX_DEAL),
        min=0,
        max=MAX_DEAL,
        description="deal",
        tooltip=_HELP["seed"],
    )
    board._shown_seed = board.seed_choice.value
    board.leftover_choice = w.Dropdown(
        options=_LEFTOVER_OPTIONS,
        value=r.leftover,
        description="leftover",
        tooltip=_HELP["leftover"],
    )
    board.contact_choice = w.Checkbox(
        value=r.marked_contact,
        description="marks may touch marks",
        tooltip=_HELP["contact"],
        indent=False,
        layout=w.Layout(width="190px"),
    )
    board._new_game_button("start again with the players, deal and rules chosen here")
    for c in (board.players_choice, board.seed_choice, board.leftover_choice):
        c.layout = w.Layout(width="175px")
        c.style = {"description_width": "58px"}
    board.leftover_choice.layout.width = "235px"

    computer = board.computer.controls(board._seat_options())
    cast(w.Dropdown, board.seats_choice).observe(board._on_seats_choice, names="value")
    return [
        computer,
        w.HBox([board.players_choice, board.leftover_choice]),
        w.HBox([board.seed_choice, board.contact_choice]),
        w.HBox([board.new_button]),
        board.move_box,
    ]


def layout(board: HexTilesBoard, width: int, chosen: list[w.Widget]) -> w.Box:
    """The figure's tabs, the board and its info line; beside it the puzzle's panel or
    the tiles, then the settings (the scores beside the board, so the page fits a
    screen)."""
    figure_of = w.HBox(
        [w.HTML('<span style="font-size:13px">Figure of</span>'), board.player_tabs],
        layout=w.Layout(align_items="center"),
    )
    tiles = [
        w.HBox([board.market_label, board.market_row]),
        w.HBox([board.reserve_label, board.reserve_row]),
        w.HBox([board.chosen_html, *board.rotate_buttons, board.keep_button, board.end_button]),
    ]
    if board.puzzle is not None:
        if board.puzzle.kind == "cells":  # answered by clicking cells: no tile to handle
            tiles = [w.HBox([board.reserve_label, board.reserve_row])]
        return board._assemble(
            [figure_of, board.view, board.info_line, board.reading_box, board.move_box],
            [*board._puzzle_panel(), *tiles, w.HBox([board.score_button])],
            width=width,
            panel_width=430,
        )
    return board._assemble(
        [figure_of, board.view, board.info_line, board.reading_box],
        [
            *tiles,
            w.HBox([board.undo_button, board.redo_button, board.hint_toggle, board.score_button]),
        ],
        chosen,
        width=width,
        panel_width=430,
        score_beside_board=True,  # the room under the figure, so the page fits a screen
    )
