"""The playable Coffee Roaster table.

Draw, then choose effects by clicking tokens and slots: click the drawn tokens an effect
uses (they get a blue ring), then the effect's slot on the roast board (an instant effect on
the left, or a pair of flavor slots on the right for Concentrate, Preserve and Spread).
Roast, then continue or stop with the buttons. In the cup test, click the cup or the tray
(or use the buttons); for Select, Two new tokens, Two of five and Exchange, click the tokens
to choose. When the game is over the score appears step by step, each step's cup tokens
ringed in violet. A refused action says why in the message line.

The widget only turns clicks into moves: :mod:`gamekit.roaster` decides what is legal. Every
mouse action has a method (``click``, ``press``, ``type_move``, ``undo`` …), so lessons and
tests drive the table the way a learner does.

>>> board = RoasterBoard(roaster.Rules(seed=3))
>>> board.press("draw"); board.press("roast")
>>> board
<RoasterBoard jamaica-blue-mountain standard seed=3: 2 moves, decide>
>>> board.press("cup"); board.message
"cup is not allowed: now is the step 'decide' (roast another round or stop), where the moves are: continue, stop."
"""

from __future__ import annotations

import html
from collections import Counter
from functools import cache

import ipywidgets as w

from gamekit import roaster
from gamekit.errors import GamekitError
from gamekit.records import Record
from gamekit.render.roaster import RoasterView, caption, layout, score_marks, slot_tokens, styles
from gamekit.widgets.base import GameBoard
from gamekit.widgets.view import BoardView

__all__ = ["RoasterBoard"]

_BUTTONS = ("draw", "roast", "continue", "stop", "cup", "tray", "done")
_CHOOSE = {  # phase -> (area clicked, tokens a choice takes, action)
    "return-two": ("drawn", 2, "return"),
    "two-of-five": ("aside", 2, "discard"),
    "select": ("aside", 1, "keep"),
    "exchange": ("cup", 2, "exchange"),
    "exchange-choose": ("aside", 2, "keep"),
}
_FLAVOR_ACTIONS = {"body": "concentrate", "acidity": "preserve", "aroma": "spread"}
_STEP_NAMES = ("roast", "flavor", "skill", "penalties", "total")


def _names(tokens) -> str:
    return ", ".join(roaster.TOKEN_NAMES[t] for t in tokens)


@cache
def _template(rules: roaster.Rules) -> tuple[str, tuple[float, float, float, float]]:
    view = RoasterView(rules)
    return view.drawing.svg(), view.drawing.svg_transform()


class RoasterBoard(GameBoard):
    """A Coffee Roaster game on a clickable table, with its controls.

    ``RoasterBoard(rules)`` starts a new game; ``RoasterBoard(record=rec)`` continues a saved
    one. Display it as the last line of a notebook cell.
    """

    def __init__(
        self,
        rules: roaster.Rules | None = None,
        *,
        record: Record | None = None,
        width: int = 760,
        peek: bool = True,
    ) -> None:
        self._load(rules, record, roaster.Rules)
        self.selected: list[str] = []
        self.choices: list[roaster.Move] = []
        self.attempt: str | None = None
        self.score_step = 0
        self.message = ""
        self._ok = True

        self.view = BoardView(width=width)
        self.view.on_click(self._on_svg_click)
        self.status = w.HTML()
        self.message_line = w.HTML()
        self.bag_line = w.HTML()
        self.buttons = {}
        for name in _BUTTONS:
            b = w.Button(description=name.capitalize(), layout=w.Layout(width="86px"))
            b.on_click(lambda _b, n=name: self.press(n))
            self.buttons[name] = b
        self.choice_box = w.HBox([])
        self.clear_button = w.Button(description="Clear choice", layout=w.Layout(width="110px"))
        self.clear_button.on_click(lambda _b: self.clear())
        self._history_buttons()
        self.peek_toggle = w.ToggleButton(value=peek, description="Peek in the bag", icon="eye")
        self.peek_toggle.observe(lambda _c: self._refresh(), names="value")
        self.move_box = w.Text(
            placeholder="type a move: draw, more aroma … (Enter)",
            continuous_update=False,
            layout=w.Layout(width="300px"),
        )
        self.move_box.observe(self._on_typed, names="value")
        self.score_html = w.HTML()
        self.next_step_button = w.Button(
            description="Next score step", layout=w.Layout(width="140px")
        )
        self.next_step_button.on_click(lambda _b: self.next_step())
        r = self.rules
        self.card_choice = w.Dropdown(
            options=list(roaster.CARDS),
            value=r.card.id if r.card.id in roaster.CARDS else None,
            description="card",
        )
        self.side_choice = w.Dropdown(
            options=["standard", "beginner"], value=r.side, description="side"
        )
        self.seed_choice = w.BoundedIntText(value=r.seed, min=0, max=10**9, description="seed")
        for c in (self.card_choice, self.side_choice, self.seed_choice):
            c.layout = w.Layout(width="240px")
            c.style = {"description_width": "40px"}
        new_button = w.Button(description="New game", button_style="primary")
        new_button.on_click(lambda _b: self._new_from_controls())
        self.widget = w.VBox(
            [
                self.status,
                self.view,
                w.HBox(list(self.buttons.values())),
                w.HBox([self.clear_button, self.choice_box]),
                self.message_line,
                self.bag_line,
                w.HBox([self.next_step_button]),
                self.score_html,
                w.HBox([self.undo_button, self.redo_button, self.peek_toggle]),
                self.move_box,
                w.HBox([self.card_choice, self.side_choice, self.seed_choice, new_button]),
            ],
            layout=w.Layout(max_width=f"{width + 20}px"),
        )
        self._mount()

    # -- reading -------------------------------------------------------------------------
    @property
    def peek(self) -> bool:
        return self.peek_toggle.value

    def __repr__(self) -> str:
        k = len(self._moves)
        moves = f"{k} move" + ("" if k == 1 else "s")
        o = self.state.outcome
        tail = f"scored {o.total}" if o else self.state.phase
        r = self.rules
        return f"<RoasterBoard {r.card.id} {r.side} seed={r.seed}: {moves}, {tail}>"

    # -- actions -------------------------------------------------------------------------
    def press(self, name: str) -> None:
        """A button: ``draw``, ``roast``, ``continue``, ``stop``, ``cup``, ``tray``, ``done``."""
        self.type_move(name)

    def type_move(self, text: str) -> None:
        """Play a typed move; a bad one is refused with the reason."""
        text = (text or "").strip()
        if not text:
            return
        try:
            move = roaster.Move.parse(text)
            reason = self.state.why_illegal(move)
        except GamekitError as err:
            return self._say(str(err), False)
        if reason is not None:
            return self._say(reason, False)
        self._play(move)

    def click(self, slot: str) -> None:
        """A click on a slot (``"drawn:3"``, ``"pair:sweetness:0"``, ``"cup:2"`` …) or an area
        (``"cup"``, ``"tray"``)."""
        state = self.state
        self.attempt = None
        if state.outcome is not None:
            return self._say(
                f"The game is over: the cup scored {state.outcome.total}. Undo, or start a new game.",
                False,
            )
        area = slot.split(":")[0]
        phase = state.phase
        if phase == "cup" and area in ("cup", "tray"):
            return self.type_move(area)
        if phase in _CHOOSE:
            where, k, action = _CHOOSE[phase]
            if area != where or slot not in slot_tokens(state):
                return self._say(f"Click the tokens to choose from ({where}).", False)
            self._toggle(slot)
            tokens = self._selected_tokens()
            pool = (
                sum((state.aside if where == "aside" else state.drawn).values())
                if where != "cup"
                else k
            )
            if len(tokens) >= min(k, pool):
                self.selected = []
                return self.type_move(str(roaster.Move(action, tuple(tokens))))
            return self._say(
                f"Chosen: {_names(tokens)}. Choose {min(k, pool) - len(tokens)} more.", True
            )
        if phase != "effects":
            return self._say(
                f"Now is the step '{phase}': {roaster.PHASES[phase]}. Use the buttons.", False
            )
        if area in ("drawn", "reserve"):
            if slot not in slot_tokens(state):
                return self._say("That slot is empty.", False)
            self._toggle(slot)
            tokens = self._selected_tokens()
            return self._say(
                (f"Chosen: {_names(tokens)}. Now click an effect's slot.")
                if tokens
                else "Choice cleared.",
                True,
            )
        if area == "instant":
            effect = slot.split(":")[1]
            return self._try(roaster.Move(effect, tuple(self._selected_tokens())), slot)
        if area == "pair":
            return self._flavor_effect(slot.split(":")[1], slot)
        return self._say("Click drawn tokens, then an effect's slot; or roast.", False)

    def choose(self, k: int) -> None:
        """Play the ``k``-th of the offered choices (when a click fits several moves)."""
        if not 0 <= k < len(self.choices):
            return self._say("There is no such choice.", False)
        move = self.choices[k]
        self.choices = []
        self.type_move(str(move))

    def clear(self) -> None:
        """Forget the chosen tokens."""
        self.selected, self.choices, self.attempt = [], [], None
        self._say("Choice cleared.", True)

    def next_step(self) -> None:
        """Show the next step of the score."""
        if self.state.outcome is None:
            return self._say("The score comes at the end of the cup test.", False)
        self.score_step = min(self.score_step + 1, 4)
        self._refresh()

    def undo(self) -> None:
        if not self._moves:
            return self._say("Nothing to undo.", False)
        self._take_back()
        self.selected, self.choices, self.attempt, self.score_step = [], [], None, 0
        self._say(f"Took back {self._redo[-1]}.", True)

    def redo(self) -> None:
        if not self._redo:
            return self._say("Nothing to redo.", False)
        move = self._replay()
        self.selected, self.choices, self.attempt = [], [], None
        self._say(f"Played {move} again.", True)

    def new_game(self, rules: roaster.Rules | None = None, **options) -> None:
        """Start again: ``new_game(card="zambia-kasama-aa", side="beginner", seed=4)``."""
        if rules is None:
            opts = self.rules.to_dict()
            opts.update(options)
            rules = roaster.Rules(**opts)
        self._restart(rules)
        self.selected, self.choices, self.attempt, self.score_step = [], [], None, 0
        self._mount()
        self._say(f"New game: {rules.card.name}, {rules.side} side, seed {rules.seed}. Draw!", True)

    # -- internals -----------------------------------------------------------------------
    def _toggle(self, slot: str) -> None:
        if slot in self.selected:
            self.selected.remove(slot)
        else:
            self.selected.append(slot)
        self.choices = []

    def _selected_tokens(self) -> list[str]:
        shown = slot_tokens(self.state)
        return [shown[s] for s in self.selected if s in shown]

    def _try(self, move: roaster.Move, slot: str) -> None:
        reason = self.state.why_illegal(move)
        if reason is not None:
            self.attempt = slot
            return self._say(reason, False)
        self._play(move)

    def _flavor_effect(self, pair: str, slot: str) -> None:
        tokens = Counter(self._selected_tokens())
        fits = [
            m
            for m in self.state.legal_moves()
            if m.action in _FLAVOR_ACTIONS.values()
            and m.pair == pair
            and Counter(m.tokens) == tokens
        ]
        if len(fits) == 1:
            return self._play(fits[0])
        if fits:
            self.choices = fits
            return self._say("Several effects fit: choose one with the buttons.", True)
        chosen = self._selected_tokens()
        payer = next((t for t in chosen if t in (*_FLAVOR_ACTIONS, "wild")), None)
        if payer is None:
            self.attempt = slot
            return self._say(
                "A flavor effect needs a flavor token: click a body, acidity, aroma or wild token "
                "and the beans, then this slot.",
                False,
            )
        beans = [t for t in chosen if t != payer] if chosen.count(payer) == 1 else chosen[1:]
        action = _FLAVOR_ACTIONS.get(payer) or ("spread" if len(beans) == 1 else "concentrate")
        into = ()
        if (
            action == "spread"
            and beans
            and roaster.level(beans[0])
            and roaster.level(beans[0]) >= 2
        ):
            lvl = roaster.level(beans[0])
            into = ("bean1", f"bean{lvl - 1}")
        self._try(roaster.Move(action, (payer, *beans), into, pair), slot)

    def _play(self, move: roaster.Move) -> None:
        self._states.append(self.state.play(move))
        self._moves.append(str(move))
        self._redo = []
        self.selected, self.choices, self.attempt = [], [], None
        self.score_step = 0
        self._say(" ".join(self.state.events), True)

    def _on_svg_click(self, sx: float, sy: float) -> None:
        ax, bx, ay, by = self._transform
        x, y = (sx - bx) / ax, (sy - by) / ay
        lay = layout(self.rules)
        slot = lay.slot_at(x, y)
        if slot is None:
            slot = lay.area_at(x, y)
        if slot is not None:
            self.click(slot)

    def _on_typed(self, change) -> None:
        text = change["new"]
        if not text:
            return
        try:
            legal = self.state.why_illegal(text) is None
        except GamekitError:
            legal = False
        if legal:
            self.move_box.value = ""
        self.type_move(text)

    def _new_from_controls(self) -> None:
        try:
            rules = roaster.Rules(
                card=self.card_choice.value or self.rules.card,
                side=self.side_choice.value,
                seed=int(self.seed_choice.value),
            )
        except ValueError as err:
            return self._say(str(err), False)
        self.new_game(rules)

    def _mount(self) -> None:
        svg, self._transform = _template(self.rules)
        self.view.label = f"Coffee Roaster table: {self.rules.card.name}"
        self.view.svg = svg
        self._refresh()

    def _refresh(self) -> None:
        state = self.state
        over = state.outcome is not None
        marks = score_marks(state, self.score_step) if over else []
        look = styles(
            state, selected=self.selected, attempt=self.attempt, marks=marks, peek=self.peek
        )
        self.view.styles = {name: s.to_json() for name, s in look.items()}
        self.status.value = f"<b>{html.escape(caption(state))}</b>"
        colour = "#1b6e3a" if self._ok else "#b3261e"
        self.message_line.value = (
            f'<span style="color:{colour}">{html.escape(self.message)}</span>'
            if self.message
            else ""
        )
        if self.peek:
            bag = ", ".join(f"{k} {t}" for t, k in state.bag.items()) or "empty"
            self.bag_line.value = (
                f"<small>In the bag ({state.bag_size}): {html.escape(bag)}</small>"
            )
        else:
            self.bag_line.value = f"<small>{state.bag_size} tokens in the bag (hidden)</small>"
        legal = {m.action for m in state.legal_moves()}
        for name, button in self.buttons.items():
            button.disabled = name not in legal
            button.button_style = "info" if name in legal else ""
        self.choice_box.children = [self._choice_button(k, m) for k, m in enumerate(self.choices)]
        self.clear_button.disabled = not self.selected and not self.choices
        self.undo_button.disabled = not self._moves
        self.redo_button.disabled = not self._redo
        self.next_step_button.layout.display = None if over else "none"
        self.next_step_button.disabled = not over or self.score_step >= 4
        if over:
            rows = []
            for k, step in enumerate(state.score.steps):
                if k > self.score_step:
                    break
                style = "background:#efe3f7;font-weight:bold" if k == self.score_step else ""
                rows.append(f'<div style="{style}">{html.escape(step)}</div>')
            self.score_html.value = "".join(rows)
        else:
            self.score_html.value = ""

    def _choice_button(self, k: int, move: roaster.Move) -> w.Button:
        b = w.Button(description=str(move), layout=w.Layout(width="auto"))
        b.on_click(lambda _b: self.choose(k))
        return b
