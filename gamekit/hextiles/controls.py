"""The controls of the Hex Tiles board: the market and reserve rows, the chosen tile, the
turn buttons, Keep, End turn, Score step, the player tabs, the game settings and the layout
(:class:`TileControls`, which :class:`~gamekit.hextiles.board.HexTilesBoard` inherits).

>>> from gamekit.hextiles.board import HexTilesBoard
>>> [b.tooltip for b in HexTilesBoard().rotate_buttons]
['turn the tile anticlockwise (key l or ←)', 'turn the tile clockwise (key r or →)']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as w

from gamekit.hextiles.tilerow import TileRow
from gamekit.widgets.base import MAX_DEAL

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


class TileControls:
    """The widgets of a Hex Tiles board, built once (see :class:`~gamekit.hextiles.board.HexTilesBoard`)."""

    if TYPE_CHECKING:  # the rest of the board (HexTilesBoard and GameBoard define it)
        rules: Any
        puzzle: Any
        view: Any
        move_box: Any
        hint_toggle: Any
        new_button: Any
        undo_button: Any
        redo_button: Any
        end_button: Any
        keep_button: Any
        score_button: Any
        _assemble: Any
        computer: Any
        seats_choice: Any
        _on_seats_choice: Any
        _new_game_button: Any
        _on_tab: Any
        _puzzle_panel: Any
        _seat_options: Any
        end_turn: Any
        keep: Any
        next_score_step: Any
        pick_market: Any
        pick_reserve: Any
        rotate: Any

    def _tile_controls(self) -> None:
        """The market and the reserve (rows of tiles to pick), the chosen tile with its
        turn buttons, Keep and End turn, the figure's tabs and the score step."""
        self.info_line = w.HTML(layout=w.Layout(min_height="1.5em"))
        self.market_row = TileRow(empty="(the market is empty)")
        self.market_row.on_pick(lambda i: self.pick_market(self.market_row.patterns[i]))
        self.reserve_row = TileRow(empty="(nothing in your reserve)")
        self.reserve_row.on_pick(lambda i: self.pick_reserve(self.reserve_row.patterns[i]))
        self.market_label = w.HTML()
        self.reserve_label = w.HTML()
        # A fixed size, so the buttons beside it never move while its words change (a
        # second click on ⟳ once landed on ⟲ when "turned once clockwise" grew the caption).
        self.chosen_html = w.HTML(
            layout=w.Layout(width="200px", min_width="200px", height="52px", overflow="hidden")
        )
        self.chosen_html.add_class("gamekit-chosen")
        self.player_tabs = w.ToggleButtons(
            options=[],
            tooltip="whose figure the board shows (yours when it is your turn)",
            style={"button_width": "80px"},
        )
        self.player_tabs.observe(self._on_tab, names="value")
        left = w.Button(
            description="⟲",
            tooltip="turn the tile anticlockwise (key l or ←)",
            layout=w.Layout(width="44px"),
        )
        right = w.Button(
            description="⟳", tooltip="turn the tile clockwise (key r or →)",
            layout=w.Layout(width="44px"),
        )  # fmt: skip
        left.on_click(lambda _b: self.rotate(-1))
        right.on_click(lambda _b: self.rotate(1))
        self.rotate_buttons = (left, right)
        self.keep_button = w.Button(
            description="Keep",
            tooltip="leave the chosen tile in your reserve for later (key k)",
            layout=w.Layout(width="70px"),
        )
        self.end_button = w.Button(
            description="End turn",
            tooltip="pass to the next player (once you have taken a tile; Enter)",
        )
        self.keep_button.on_click(lambda _b: self.keep())
        self.end_button.on_click(lambda _b: self.end_turn())
        self.score_button = w.Button(
            description="Score step",
            tooltip="count the score of the figure shown, one step at a time",
            layout=w.Layout(width="100px"),
        )
        self.score_button.on_click(lambda _b: self.next_score_step())

    def _settings(self) -> list[w.Widget]:
        """The new game's choices: players, deal, leftover tile and the contact variant."""
        r = self.rules
        self.players_choice = w.Dropdown(
            options=[2, 3, 4], value=r.players, description="players", tooltip=_HELP["players"]
        )
        self.seed_choice = w.BoundedIntText(
            value=min(r.seed, MAX_DEAL),
            min=0,
            max=MAX_DEAL,
            description="deal",
            tooltip=_HELP["seed"],
        )
        self._shown_seed = self.seed_choice.value
        self.leftover_choice = w.Dropdown(
            options=_LEFTOVER_OPTIONS,
            value=r.leftover,
            description="leftover",
            tooltip=_HELP["leftover"],
        )
        self.contact_choice = w.Checkbox(
            value=r.marked_contact,
            description="marks may touch marks",
            tooltip=_HELP["contact"],
            indent=False,
            layout=w.Layout(width="190px"),
        )
        self._new_game_button("start again with the players, deal and rules chosen here")
        for c in (self.players_choice, self.seed_choice, self.leftover_choice):
            c.layout = w.Layout(width="175px")
            c.style = {"description_width": "58px"}
        self.leftover_choice.layout.width = "235px"

        computer = self.computer.controls(self._seat_options())
        self.seats_choice.observe(self._on_seats_choice, names="value")
        return [
            computer,
            w.HBox([self.players_choice, self.leftover_choice]),
            w.HBox([self.seed_choice, self.contact_choice]),
            w.HBox([self.new_button]),
            self.move_box,
        ]

    def _layout(self, width: int, settings: list[w.Widget]) -> w.Box:
        """The figure's tabs, the board and its info line; beside it the puzzle's panel or
        the tiles, then the settings (the scores beside the board, so the page fits a
        screen)."""
        figure_of = w.HBox(
            [w.HTML('<span style="font-size:13px">Figure of</span>'), self.player_tabs],
            layout=w.Layout(align_items="center"),
        )
        tiles = [
            w.HBox([self.market_label, self.market_row]),
            w.HBox([self.reserve_label, self.reserve_row]),
            w.HBox([self.chosen_html, *self.rotate_buttons, self.keep_button, self.end_button]),
        ]
        if self.puzzle is not None:
            if self.puzzle.kind == "cells":  # answered by clicking cells: no tile to handle
                tiles = [w.HBox([self.reserve_label, self.reserve_row])]
            return self._assemble(
                [figure_of, self.view, self.info_line, self.move_box],
                [*self._puzzle_panel(), *tiles, w.HBox([self.score_button])],
                width=width,
                panel_width=430,
            )
        return self._assemble(
            [figure_of, self.view, self.info_line],
            [
                *tiles,
                w.HBox([self.undo_button, self.redo_button, self.hint_toggle, self.score_button]),
            ],
            settings,
            width=width,
            panel_width=430,
            score_beside_board=True,  # the room under the figure, so the page fits a screen
        )
