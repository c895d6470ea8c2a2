"""The playable Coffee Roaster table.

Draw, then choose effects by clicking tokens and slots: click the drawn tokens an effect
uses (they get a blue ring), then the effect's slot on the roast board (an instant effect on
the left, or a pair of flavor slots on the right for Concentrate, Preserve and Spread).
Roast, then continue or stop with the buttons. In the cup test, click the cup or the tray
(or use the buttons); for Select, Two new tokens, Two of five and Exchange, click the tokens
to choose. When the game is over the score appears step by step, each step's cup tokens
ringed in violet. A refused action says why in the message line.

Beside the table: the turn line with what to do now, the message line, the buttons, the
log of every action in words, and the card (its roast table with the best total marked, the
flavors it wants) with a forecast of the cup's score if the cup test began now.

The widget only turns clicks into moves: :mod:`gamekit.roaster` decides what is legal. Every
mouse action has a method (``click``, ``press``, ``type_move``, ``undo`` …), so lessons and
tests drive the table the way a learner does.

>>> board = RoasterBoard(roaster.Rules(seed=3))
>>> board.press("draw"); board.press("roast")
>>> board
<RoasterBoard jamaica-blue-mountain standard seed=3: 2 moves, decide>
>>> board.press("cup"); board.message
"Put the token in the cup is not allowed: now is the step 'decide' (roast another round or stop), where the moves are: continue, stop."
"""

from __future__ import annotations

import html
import re
from collections import Counter
from functools import cache
from typing import ClassVar, cast

import ipywidgets as w

from gamekit import roaster
from gamekit.errors import shown
from gamekit.puzzles import Puzzle
from gamekit.records import Record
from gamekit.roaster.bag import say
from gamekit.roaster.effects import EFFECT_NAMES, EFFECT_RULES
from gamekit.roaster.notation import FLAVOR_EFFECTS
from gamekit.roaster.odds import cup_forecast, smoke_chance
from gamekit.roaster.picture import (
    STEP_WORDS,
    RoasterView,
    layout,
    score_marks,
    slot_tokens,
    styles,
)
from gamekit.roaster.puzzles import SCORING_GOALS, slot_words
from gamekit.roaster.words import gerund, move_words, tokens_words, with_article
from gamekit.roaster.words import position_words as roaster_words
from gamekit.widgets.base import MAX_DEAL, GameBoard, folding
from gamekit.widgets.puzzle import capitalise_sentences

__all__ = ["RoasterBoard", "cup_forecast", "effects_legend"]

_BUTTONS = ("draw", "roast", "continue", "stop", "cup", "tray", "done")
_BUTTON_TIPS = {
    "draw": "draw this round's tokens from the bag",
    "roast": "end the round: every bean drawn and not used goes up one roast level",
    "continue": "heat up and roast another round",
    "stop": "stop roasting and start the cup test",
    "cup": "put the drawn token in the next cup slot",
    "tray": "put the drawn token on the tray (tray tokens never score)",
    "done": "keep the cup as it is (no exchange)",
}
_CHOOSE = {  # phase -> (area clicked, tokens a choice takes, action)
    "return-two": ("drawn", 2, "return"),
    "two-of-five": ("aside", 2, "discard"),
    "select": ("aside", 1, "keep"),
    "exchange": ("cup", 2, "exchange"),
    "exchange-choose": ("aside", 2, "keep"),
}
#: The flavor effect each flavor token pays for (the engine's table, turned round).
_FLAVOR_ACTIONS = {flavor: effect for effect, flavor in FLAVOR_EFFECTS.items()}
_PLAIN = {  # moves whose engine events say all there is
    "draw": "",
    "roast": "",
    "continue": "",
    "stop": "",
    "cup": "",
    "tray": "",
    "keep": "",
    "discard": "",
    "return": "",
    "exchange": "",
    "done": "",
}
_ROMAN = {1: "I", 2: "II", 3: "III"}
#: Token ids that may appear in the engine's reasons, put in words there.
_TOKEN_IDS = re.compile(r"\b(bean[0-4]|extra-bean)\b")


def _distinct_labels(texts: list[str]) -> list[str]:
    """Each text from where it first differs from the others ("…making 2 level-2 beans"),
    so that buttons cut short still tell apart; a lone text as it is.

    >>> _distinct_labels(["use Spread on a bean, making a and b", "use Spread on a bean, making c"])
    ['…making a and b', '…making c']
    """
    if len(texts) < 2:
        return list(texts)
    split = [t.split(" ") for t in texts]
    k = 0
    while all(len(s) > k + 1 for s in split) and len({s[k] for s in split}) == 1:
        k += 1
    k = max(0, k - 1)  # from the word before: "making …", not "…"
    return ["…" + " ".join(s[k:]) if k else t for s, t in zip(split, texts, strict=True)]


def effects_legend(rules: roaster.Rules) -> str:
    """Every effect of the roast board in one line each (HTML): the instant effects on the
    left, the flavor effects and how to use one, and the cup effect each pair of flavor slots
    unlocks, with the colour it takes."""
    start = rules.start()
    instant = "".join(
        f"<li><b>{EFFECT_NAMES[e]}</b>: {html.escape(EFFECT_RULES[e])}.</li>"
        for e in ("wild", "more", "new", "five", "remove")
    )
    flavor = "".join(
        f"<li>{html.escape(with_article(f))} → <b>{EFFECT_NAMES[e]}</b>: {html.escape(EFFECT_RULES[e])}.</li>"
        for e, f in FLAVOR_EFFECTS.items()
    )
    pairs = "".join(
        f"<li><b>{html.escape(roaster.TOKEN_NAMES[e])}</b> (takes "
        f"{'any flavor' if colour == 'any' else colour}): {html.escape(EFFECT_RULES[e])}.</li>"
        for e, colour, _ in start.pairs
    )
    return (
        '<div style="font-size:13px;line-height:1.35">'
        "<b>Instant effects</b> (left of the roast board; each once a game): click the "
        f"tokens that pay, then the effect's row.<ul style='margin:2px 0 4px 0'>{instant}</ul>"
        "<b>Flavor effects</b>: click the beans, then the flavor token, then a free slot of a "
        "pair that takes its colour (right of the roast board). The wild flavor pays for any "
        f"of them.<ul style='margin:2px 0 4px 0'>{flavor}</ul>"
        "<b>Cup effects</b>: when both slots of a pair are full, the effect named beside it "
        f"helps in the cup test.<ul style='margin:2px 0 0 0'>{pairs}</ul></div>"
    )


@cache
def _template(rules: roaster.Rules) -> tuple[str, tuple[float, float, float, float]]:
    view = RoasterView(rules)
    return view.drawing.svg(), view.drawing.svg_transform()


_AREA_WORDS = {
    "drawn": "Drawn token",
    "aside": "Set-aside token",
    "reserve": "Reserve token",
    "cup": "Cup place",
    "tray": "Tray place",
}


def _place_words(name: str, token: str | None, chosen: bool) -> str:
    """A slot or area of the table, and its token, in words (for the keyboard's ring)."""
    parts = name.split(":")
    if len(parts) == 1:
        return {"cup": "The cup: end the roast here", "tray": "The tray: roast once more"}.get(
            name, name
        )
    if parts[0] == "instant":
        place = f"{EFFECT_NAMES.get(parts[1], parts[1])} effect, cost {int(parts[2]) + 1}"
    elif parts[0] == "pair":
        place = f"{EFFECT_NAMES.get(parts[1], parts[1])} pair, slot {int(parts[2]) + 1}"
    else:
        place = f"{_AREA_WORDS.get(parts[0], parts[0])} {int(parts[1]) + 1}"
    held = with_article(token) if token else "empty"
    return f"{place}: {held}{', chosen' if chosen else ''}"


class RoasterBoard(GameBoard):
    """A Coffee Roaster game on a clickable table, with its controls.

    ``RoasterBoard(rules)`` starts a new game; ``RoasterBoard(record=rec)`` continues a saved
    one. Display it as the last line of a notebook cell. Rules without a seed get their
    deal from the board's own generator, seeded by ``seed``: the same board gives the same
    games, and each new game a new deal.

    >>> RoasterBoard(roaster.Rules(), seed=0).rules.seed < 10**9
    True

    ``RoasterBoard(puzzle=p)`` (what ``p.board()`` gives) shows a Coffee Roaster puzzle in
    puzzle mode (see :mod:`gamekit.widgets.puzzle`): an effect used as in a game is the
    answer, or a choice's button (the table's Cup, Tray, Continue or Stop too).

    Raises:
        TypeError, ValueError: ``seed`` is not a whole number of 0 or more (or ``None``);
            ``puzzle`` is not a Coffee Roaster puzzle, or comes with ``rules`` or ``record``.
    """

    goal = (
        "Fill a cup whose beans' roast levels add up to the card's best total, with the "
        "flavors the card wants."
    )
    lesson = "10_roaster_rules.ipynb"

    #: What a person does to move (refused while the computer is to move).
    person_actions: ClassVar[tuple[str, ...]] = ("press", "type_move", "click", "choose")

    def __init__(
        self,
        rules: roaster.Rules | None = None,
        *,
        record: Record | None = None,
        width: int = 820,
        peek: bool = True,
        seed: int | None = 0,
        puzzle: Puzzle | None = None,
    ) -> None:
        self._begin(rules, record, puzzle, seed, roaster.Rules, deal=True)
        self.selected: list[str] = []
        self.choices: list[roaster.Move] = []
        self.attempt: str | None = None
        self.score_step = 0
        self._board_view(width)
        self._table_controls()
        self._history_buttons()
        self.peek_toggle = w.ToggleButton(
            value=peek,
            description="Peek in the bag",
            icon="eye",
            tooltip="show what is in the bag (the real game hides it)",
            layout=w.Layout(width="150px"),
        )
        self.peek_toggle.observe(lambda _c: self._refresh(), names="value")
        self._move_controls(
            "or type a move: draw, more aroma … (Enter)",
            "moves in the game's notation (lesson 10 names them), for those who know it",
            "300px",
        )
        self.next_step_button = w.Button(
            description="Next score step",
            tooltip="explain the score one part at a time",
            layout=w.Layout(width="140px"),
        )
        self.next_step_button.on_click(lambda _b: self.next_step())
        self._settings()
        self.widget = self._layout(width)
        self._mount()

    def _table_controls(self) -> None:
        """The bag's line, a button per action, the choices of the move being made."""
        self.bag_line = w.HTML()
        self.buttons = {}
        for name in _BUTTONS:
            b = w.Button(
                description=name.capitalize(),
                tooltip=_BUTTON_TIPS[name],
                layout=w.Layout(width="86px"),
            )
            b.on_click(lambda _b, n=name: self.press(n))
            self.buttons[name] = b
        self.choice_box = w.HBox([], layout=w.Layout(flex_flow="row wrap"))
        self.clear_button = w.Button(
            description="Clear choice",
            tooltip="forget the tokens you clicked",
            layout=w.Layout(width="110px"),
        )
        self.clear_button.on_click(lambda _b: self.clear())

    def _settings(self) -> None:
        """The new game's choices: card, side and deal."""
        r = self.rules
        self.card_choice = w.Dropdown(
            options=[(f"{c.name} ({c.difficulty})", cid) for cid, c in roaster.CARDS.items()],
            value=r.card.id if r.card.id in roaster.CARDS else None,
            description="card",
            tooltip="the coffee to roast (for a new game): its bag, flavors and roast table",
        )
        self.side_choice = w.Dropdown(
            options=[("standard", "standard"), ("beginner (easier)", "beginner")],
            value=r.side,
            description="side",
            tooltip="the board's side (for a new game): the beginner side sets one body, "
            "acidity and aroma token beside the board to use in any round",
        )
        self.seed_choice = w.BoundedIntText(
            value=min(r.seed, MAX_DEAL),
            min=0,
            max=MAX_DEAL,
            description="seed",
            tooltip="the deal's number: type one to replay a deal; otherwise New game deals anew",
        )
        self._shown_seed = self.seed_choice.value
        for c in (self.card_choice, self.side_choice, self.seed_choice):
            c.layout = w.Layout(width="330px")
            c.style = {"description_width": "40px"}
        self._new_game_button(
            "start again with the card and side above (a new deal unless you typed a seed)"
        )

    def _layout(self, width: int) -> w.Box:
        """The table with the bag's line; beside it the puzzle's panel or the actions, the
        effects, the score steps, then the move box and the new game (folded away)."""
        buttons = list(self.buttons.values())
        table = [w.HBox(buttons[:4]), w.HBox([*buttons[4:], self.clear_button]), self.choice_box]
        self.effects_help = folding("What the effects do", w.HTML(effects_legend(self.rules)))
        if self.puzzle is not None:
            if self.puzzle.kind == "choice":  # its buttons answer: no second Cup or Stop
                table = []
            return self._assemble(
                board=[self.view, self.bag_line],
                actions=[*self._puzzle_panel(), *table, self.effects_help, self.peek_toggle],
                settings=[self.move_box],
                width=width,
                panel_width=400,
                log_height="130px",
            )
        # The new game's choices fold away (open by a click or a key): the page fits a
        # 1280x800 screen.
        self.new_game_box = folding(
            "New game: card, side, deal",
            w.VBox(
                [
                    self.card_choice,
                    w.HBox([self.side_choice]),
                    w.HBox([self.seed_choice]),
                    self.new_button,
                ]
            ),  # fmt: skip
        )
        return self._assemble(
            board=[self.view, self.bag_line],
            actions=[
                *table,
                self.effects_help,
                self.next_step_button,
                w.HBox([self.undo_button, self.redo_button, self.peek_toggle]),
            ],
            settings=[self.move_box, self.new_game_box],
            width=width,
            panel_width=400,
            log_height="130px",
        )

    # -- reading -------------------------------------------------------------------------
    @property
    def peek(self) -> bool:
        return self.peek_toggle.value

    def __repr__(self) -> str:
        k = len(self._moves)
        moves = f"{k} move" + ("" if k == 1 else "s")
        o = self.state.outcome
        tail = (
            self.state.phase if o is None else "over" if self.score_hidden else f"scored {o.total}"
        )
        r = self.rules
        return (
            f"<RoasterBoard {r.card.id} {r.side} seed={r.seed}: {moves}, {tail}"
            f"{self._puzzle_repr()}>"
        )

    def describe(self, before: roaster.State, move: roaster.Move, after: roaster.State) -> str:
        """One action in words: the engine's account of what happened, after the effect
        used and what paid for it."""
        if isinstance(move, str):
            move = roaster.Move.parse(move)
        events = " ".join(after.events)
        if move.action in _PLAIN:
            return events or f"You chose to {move_words(move)}."
        text = f"You {move_words(move)}."
        return f"{text} {events}" if events else text

    def turn_text(self) -> str:
        """``"Round 2"`` while the game goes on, ``"Game over"`` at the end."""
        state = self.state
        return "Game over" if state.outcome is not None else f"Round {state.round}"

    def instruction(self) -> str:
        return STEP_WORDS.get(self.state.phase, self.state.phase)

    @property
    def score_hidden(self) -> bool:
        """Whether the board hides the cup's score: a puzzle asks about it and waits for the
        answer (the banner, the score steps, the words and the picture would give it away)."""
        p = self.puzzle
        if p is None or p.goal not in SCORING_GOALS or self.attempts is None:
            return False
        return not (self.solved or self.attempts.revealed)

    def position_text(self) -> str:
        """The position in words, without the cup's score while a puzzle asks for it."""
        return roaster_words(self.state, score=not self.score_hidden)

    def banner_text(self) -> tuple[str, str]:
        """The cup's score, what it is made of, and the title it reaches."""
        outcome = self.state.outcome
        if outcome is None or self.score_hidden:
            return "", "neutral"
        s = outcome.score
        title = roaster.title(s.total)
        text = (
            f"Your cup scores {s.total}: {title}. Roast {s.roast}, flavor {s.flavor}, "
            f"skill {s.skill}, penalties {s.penalty}."
        )
        nxt = next(
            (low for low, name, _ in roaster.TITLES if low > s.total and name != title), None
        )
        if nxt is not None:
            text += f" {nxt} or more would make you a {roaster.title(nxt)}."
        return text, "win" if s.total >= roaster.TITLES[1][0] else "neutral"

    def score_html(self) -> str:
        """The card: its roast table (the best total marked), the flavors it wants, and
        a forecast of the cup's score if the cup test began now."""
        state = self.state
        card = state.rules.card
        best = card.optimum
        cells = []
        for total, points in card.roast_table.items():
            style = "padding:1px 4px;text-align:center;border:1px solid #d8cbb3;"
            if total == best:
                style += "background:#c6ead6;font-weight:bold;border:2px solid #009e73;"
            cells.append(f'<td style="{style}">{total}<br>{points}</td>')
        table = (
            '<table style="border-collapse:collapse;font-size:12px;margin:2px 0">'
            '<tr><td style="padding:1px 4px;color:#6b6250">total<br>points</td>'
            f"{''.join(cells)}</tr></table>"
        )
        wanted = say(t for t, k in card.flavors.items() for _ in range(k))
        lines = [
            f"<b>{html.escape(card.name)}</b> <span style='color:#6b6250'>"
            f"({card.difficulty}, roast class {_ROMAN.get(card.roast_class, card.roast_class)})"
            "</span>",
            "<b>Roast table</b>: the cup's bean levels added up score "
            f"(best: <b>{best}</b>; other totals score 0){table}",
            f"<b>Flavors wanted</b>: {html.escape(wanted)} "
            "<span style='color:#6b6250'>(a wild flavor stands in for one)</span>",
        ]
        if state.outcome is None:
            mean, low, high, beans = cup_forecast(state)
            lines.append(
                f"<b>If the cup test began now</b>: about {mean:.0f} points (8 cups in 10 "
                f"score {low} to {high}); its beans would add up to about {beans:.0f}."
            )
            chance = smoke_chance(state) if self.puzzle is None else None
            if chance is not None:
                lines.append(f"<b>If you roast on</b>: {_smoke_words(chance)}")
        elif self.score_hidden:
            lines.append("<b>Your cup's score</b> shows here once you have answered.")
        else:
            lines.append(f"<b>Your cup's score</b>, step by step:{self._steps_html()}")
        return (
            '<div style="font-size:13px;line-height:1.35;border:1px solid #d8cbb3;'
            'border-radius:6px;padding:4px 8px;background:#fffaf0;margin-top:4px">'
            + "".join(f"<div>{line}</div>" for line in lines)
            + "</div>"
        )

    def _steps_html(self) -> str:
        """The final score's steps shown so far (``score_step``), the last one marked."""
        rows = []
        for k, step in enumerate(self.state.score.steps):
            if k > self.score_step:
                break
            style = "background:#efe3f7;font-weight:bold;" if k == self.score_step else ""
            rows.append(f'<div class="gk-step" style="{style}">{html.escape(step)}</div>')
        return "".join(rows)

    # -- actions -------------------------------------------------------------------------
    def press(self, name: str) -> None:
        """A button: ``draw``, ``roast``, ``continue``, ``stop``, ``cup``, ``tray``, ``done``.

        Raises:
            TypeError: ``name`` is not text.
        """
        if not isinstance(name, str):
            raise TypeError(f"name must be a button's name such as 'draw', not {shown(name)}")
        self.type_move(name)

    def click(self, slot: str) -> None:
        """A click on a slot (``"drawn:3"``, ``"pair:sweetness:0"``, ``"cup:2"`` …) or an area
        (``"cup"``, ``"tray"``).

        Raises:
            TypeError: ``slot`` is not text.
        """
        if not isinstance(slot, str):
            raise TypeError(f"slot must be a slot's name such as 'cup:2', not {shown(slot)}")
        if self.puzzle is not None and self.puzzle.kind == "move" and not self._puzzle_gate():
            return
        state = self.state
        self.attempt = None
        if self.puzzle is not None and self.puzzle.kind == "cells":
            if self.puzzle.cell(slot) is not None:  # a token the task asks about
                return self.toggle_cell(slot)
            return self._say(f"Click {self.puzzle.about or 'the tokens the task names'}.", False)
        if state.outcome is not None:
            return self._say(
                f"The game is over: the cup scored {state.outcome.total}. Undo, or start a "
                "new game.",
                False,
            )
        area = slot.split(":")[0]
        phase = state.phase
        if phase == "cup" and area in ("cup", "tray"):
            return self.type_move(area)
        if phase in _CHOOSE:
            where, k, action = _CHOOSE[phase]
            if area != where or slot not in slot_tokens(state):
                place = {"drawn": "drawn", "aside": "set-aside", "cup": "cup"}[where]
                return self._say(f"Click the {place} tokens to choose.", False)
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
                f"Chosen: {tokens_words(tokens)}. Choose {min(k, pool) - len(tokens)} more.", True
            )
        if phase != "effects":
            return self._say(
                f"Now: {STEP_WORDS.get(phase, phase)}. Use the buttons beside the table.", False
            )
        if area in ("drawn", "reserve"):
            if slot not in slot_tokens(state):
                return self._say("That slot is empty.", False)
            self._toggle(slot)
            tokens = self._selected_tokens()
            help_ = self._effect_help()
            return self._say(
                (f"Chosen: {tokens_words(tokens)}. " + (help_ or "Now click an effect's slot."))
                if tokens
                else "Choice cleared.",
                True,
            )
        named = slot.split(":")[1] if slot.count(":") >= 1 else ""
        if area in ("instant", "pair") and not named:
            return self._say(
                f"Click one of the {'instant' if area == 'instant' else 'flavor'} effects' "
                f"slots (such as '{area}:{'remove' if area == 'instant' else 'sweetness:0'}').",
                False,
            )
        if area == "instant":
            paid = tuple(self._selected_tokens())
            if not paid and self.puzzle is not None and named in EFFECT_RULES:
                # An empty action is a question, not a try: say what the effect does.
                return self._say(
                    f"{EFFECT_NAMES[named]}: {EFFECT_RULES[named]}. Choose the drawn tokens "
                    "first (the flavor token that pays, and any beans), then click its slot. "
                    "A question costs no try.",
                    True,
                )
            return self._try(roaster.Move(named, paid), slot)
        if area == "pair":
            return self._flavor_effect(named, slot)
        return self._say("Click drawn tokens, then an effect's slot; or roast.", False)

    def choose(self, k: int) -> None:
        """Play the ``k``-th of the offered choices (when a click fits several moves).

        Raises:
            TypeError: ``k`` is not a whole number.
        """
        if isinstance(k, bool) or not isinstance(k, int):
            raise TypeError(f"k must be the number of a choice (0 for the first), not {shown(k)}")
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
        if self.score_hidden:
            return self._say("Answer first: the score steps come after your answer.", False)
        self.score_step = min(self.score_step + 1, 4)
        self._refresh()

    def new_game(self, rules: roaster.Rules | None = None, **options) -> None:
        """Start again: ``new_game(card="zambia-kasama-aa", side="beginner", seed=4)``.
        Without a seed (in ``rules`` or the options) it is a new deal from the board's
        generator.

        Raises:
            ValueError: an option's value is not allowed.
        """
        if self.puzzle is not None:
            return self._say("This board shows a puzzle: Try again starts it anew.", False)
        if rules is not None:
            self._check_new_rules(rules)
        if rules is None:
            opts = self.rules.to_dict()
            opts["seed"] = None
            opts.update(options)
            rules = roaster.Rules(**opts)
        rules = self._dealt(rules)
        self._restart(rules)
        self.selected, self.choices, self.attempt, self.score_step = [], [], None, 0
        self.seed_choice.value = min(cast(int, rules.seed), MAX_DEAL)  # dealt: it has one
        self._shown_seed = self.seed_choice.value
        self._mount()
        self._say(
            f"New game: {rules._card.name}, {rules.side} side (deal {rules.seed}). Press Draw!",
            True,
        )
        self.computer.turn()  # a computer set to play the card plays it

    # -- internals -----------------------------------------------------------------------
    def _clear_choice(self) -> None:
        self.selected, self.choices, self.attempt, self.score_step = [], [], None, 0

    def _in_words(self, text: str) -> str:
        """A puzzle's words with every move's notation put in words ("using Preserve (pay
        an acidity token into the Exchange pair) on a level-1 bean and a level-4 bean"),
        token names for token ids, cup slots counted from 1 (``cup:3`` is "cup slot 4").
        Moves, never sentences: a move whose notation is a plain word ("cup", "tray") is
        left as the word it is, so the prose around it stays as written."""
        mode = self.puzzle_mode
        if mode is None:
            return text
        tried = mode.tried or ()
        moves = {str(m): m for m in (*mode.puzzle.start().legal_moves(), *tried)}
        for notation in sorted(moves, key=len, reverse=True):
            if notation.isalpha():  # "cup", "tray", "stop": a move named by an English word
                continue  # reads as itself; put in words, it would rewrite the prose around it
            if notation in text and isinstance(moves[notation], roaster.Move):
                words = gerund(move_words(moves[notation]))
                # whole notations only: "roast" is a move, "roasting" a word
                whole = rf"(?<![\w-]){re.escape(notation)}(?![\w-])"
                text = re.sub(whole, words.replace("\\", "\\\\"), text)
        text = _TOKEN_IDS.sub(lambda m: roaster.TOKEN_NAMES[m.group(0)], text)
        text = re.sub(r"(?:cup|drawn):\d+", lambda m: slot_words(m[0]), text)  # cup:3: cup slot 4
        return capitalise_sentences(text)

    def _refusal(self, move: roaster.Move, reason: str) -> str:
        """The engine's reason, with the move's notation at its start put in words."""
        head = str(move)
        if reason.startswith(head):
            words = move_words(move)
            reason = words[:1].upper() + words[1:] + reason[len(head) :]
        return _TOKEN_IDS.sub(lambda m: roaster.TOKEN_NAMES[m.group(0)], reason)

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
        if self.puzzle is not None:
            return self._puzzle_answer(move, attempt=slot)
        reason = self.state.why_illegal(move)
        if reason is not None:
            self.attempt = slot
            return self._say(self._refusal(move, reason), False)
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
        payer = self._payer()
        if payer is None:
            self.attempt = slot
            return self._say(
                "A flavor effect needs a flavor token: click a body, acidity, aroma or wild token "
                "and the beans, then this slot.",
                False,
            )
        beans = [t for t in chosen if t != payer] if chosen.count(payer) == 1 else chosen[1:]
        action = _FLAVOR_ACTIONS.get(payer) or ("spread" if len(beans) == 1 else "concentrate")
        into: tuple[str, ...] = ()
        lvl = roaster.level(beans[0]) if action == "spread" and beans else None
        if lvl is not None and lvl >= 2:
            into = ("bean1", f"bean{lvl - 1}")
        self._try(roaster.Move(action, (payer, *beans), into, pair), slot)

    def _move_cells(self, move) -> tuple[str, ...]:
        """The slots a puzzle mark shows a move on: those of the effect it uses (an
        instant effect's row, or the pair of flavor slots it pays into)."""
        m = roaster.Move.parse(move)
        if m.pair:
            return (f"pair:{m.pair}:0", f"pair:{m.pair}:1")
        costs = self.rules.start().board.instant_costs.get(m.action, ())
        return tuple(f"instant:{m.action}:{j}" for j in range(len(costs)))

    def _on_svg_click(self, sx: float, sy: float) -> None:
        ax, bx, ay, by = self._transform
        x, y = (sx - bx) / ax, (sy - by) / ay
        lay = layout(self.rules)
        slot = lay.slot_at(x, y)
        if slot is None:
            slot = lay.area_at(x, y)
        if slot is not None:
            self.click(slot)

    def _new_from_controls(self) -> None:
        """The "New game" button: a new deal, unless a seed was typed in the seed box."""
        typed = self.seed_choice.value
        try:
            rules = roaster.Rules(
                card=self.card_choice.value or self.rules.card,
                side=self.side_choice.value,
                seed=int(typed) if typed != self._shown_seed else None,
            )
        except ValueError as err:
            return self._say(str(err), False)
        self.new_game(rules)

    def _key_targets(self) -> dict[str, tuple[float, float]]:
        """For the keyboard's ring: every slot that holds a token, every effect's slot a
        token is paid into, and the cup and the tray (the last step's choice)."""
        lay = layout(self.rules)
        filled = slot_tokens(self.state)
        out = {
            name: centre
            for name, centre in zip(lay.slots, lay.centres, strict=True)
            if name in filled or name.startswith(("pair:", "instant:"))
        }
        for name, (x0, _y0, x1, y1) in (("cup", lay.cup_box), ("tray", lay.tray_box)):
            out[name] = ((x0 + x1) / 2, y1 + 0.25)  # the box's label, above its tokens
        return out

    def _target_words(self) -> dict[str, str]:
        """Each place in words: "Drawn token 3: a level-2 bean, chosen", "Sweetness pair,
        first slot: empty"."""
        filled = slot_tokens(self.state)
        out = {}
        for name in self._key_targets():
            out[name] = _place_words(name, filled.get(name), name in self.selected)
        return out

    def _mount(self) -> None:
        svg, self._transform = _template(self.rules)
        self.view.label = f"Coffee Roaster table: {self.rules.card.name}"
        self.view.svg = svg
        self._refresh()

    def _picture_highlight(self) -> dict:
        if self.score_hidden:
            return {"peek": self.peek, "scores": False}
        return {"peek": self.peek}

    def _payer(self) -> str | None:
        """The flavor token (body, acidity, aroma or wild) among the chosen tokens, if any:
        what pays for a flavor effect."""
        return next((t for t in self._selected_tokens() if t in (*_FLAVOR_ACTIONS, "wild")), None)

    def _usable(self) -> list[str]:
        """With a flavor token chosen: the drawn beans it can work on and the free pair
        slots it can be paid into (ringed), from the legal moves."""
        state = self.state
        payer = self._payer()
        if payer is None or state.phase != "effects" or state.outcome is not None:
            return []
        moves = [
            m
            for m in state.legal_moves()
            if m.action in FLAVOR_EFFECTS and m.tokens and m.tokens[0] == payer
        ]
        beans = {t for m in moves for t in m.tokens[1:]}
        pairs = {m.pair for m in moves}
        shown = slot_tokens(state)
        out = [s for s, t in shown.items() if s.startswith(("drawn:", "reserve:")) and t in beans]
        out += [
            s
            for s in layout(self.rules).slots
            if s.startswith("pair:") and s.split(":")[1] in pairs and s not in shown
        ]
        return [s for s in out if s not in self.selected]

    def _effect_help(self) -> str:
        """What a chosen flavor token can do, in words ("" with none chosen)."""
        payer = self._payer()
        if payer is None:
            return ""
        if payer == "wild":
            effects = ", or ".join(f"{EFFECT_NAMES[e]} ({EFFECT_RULES[e]})" for e in FLAVOR_EFFECTS)
            what = f"The wild flavor pays for any flavor effect: {effects}."
        else:
            effect = _FLAVOR_ACTIONS[payer]
            what = f"{with_article(payer).capitalize()} pays for {EFFECT_NAMES[effect]}: {EFFECT_RULES[effect]}."
        if not self._usable():
            return what + " Nothing drawn now can use it."
        return what + " The beans it works on and the slots it can go to are ringed in violet."

    def _refresh(self) -> None:
        state = self.state
        over = state.outcome is not None
        if over:
            marks = [] if self.score_hidden else score_marks(state, self.score_step)
        else:
            marks = self._usable()
        look = styles(
            state,
            selected=self.selected,
            attempt=self.attempt,
            marks=marks,
            peek=self.peek,
            verdicts=self.puzzle_marks(),
        )
        self.view.styles = {name: s.to_json() for name, s in look.items()}
        if self.peek:
            self.bag_line.value = (
                f"<span style='font-size:13px'>In the bag ({state.bag_size} tokens): "
                f"{html.escape(say(t for t, k in state.bag.items() for _ in range(k)))}</span>"
            )
        else:
            self.bag_line.value = (
                f"<span style='font-size:13px'>{state.bag_size} tokens in the bag (hidden)</span>"
            )
        legal = {m.action for m in state.legal_moves()}
        for name, button in self.buttons.items():
            button.disabled = name not in legal
            button.button_style = "primary" if name in legal else ""  # white on blue, 4.6:1
        self.choice_box.children = [self._choice_button(k, m) for k, m in enumerate(self.choices)]
        self.clear_button.disabled = not self.selected and not self.choices
        self.next_step_button.layout.display = None if over else "none"
        self.next_step_button.disabled = not over or self.score_step >= 4 or self.score_hidden
        self._refresh_panel()

    def _choice_button(self, k: int, move: roaster.Move) -> w.Button:
        """The button of the ``k``-th offered choice: it starts with what sets it apart from
        the others (two Spread choices differ only in the beans they make), the whole move
        in its tooltip."""
        words = move_words(move)
        label = _distinct_labels([move_words(m) for m in self.choices])[k]
        b = w.Button(
            description=label[:1].upper() + label[1:],
            tooltip=words[:1].upper() + words[1:],
            layout=w.Layout(width="auto"),
        )
        b.on_click(lambda _b: self.choose(k))
        return b


def _smoke_words(chance: float) -> str:
    """The chance of smoke in the next roast's draw, in words.

    >>> _smoke_words(0.0), _smoke_words(0.004), _smoke_words(0.456)
    ('no smoke token can come out in the next draw (none is in the bag yet).', 'the next draw brings at least one smoke token with a chance below 1 %.', 'the next draw brings at least one smoke token with a chance of 46 %.')
    """
    if chance <= 0:
        return "no smoke token can come out in the next draw (none is in the bag yet)."
    said = "below 1 %" if chance < 0.005 else f"of {round(100 * chance)} %"
    return f"the next draw brings at least one smoke token with a chance {said}."
