"""A game's examples for the kit's tests, declared in its own folder (its ``examples`` part):
small rules whose whole games are quick, the rules a board is tried on, the invariants its
states keep, and what a fuzzer needs (a variety of rules, the words of its notation, how to
pick moves that get far). The kit's generic tests and benchmarks loop over the registered
games and read these; a game that declares none gets the kit's (:data:`PLAIN`): its rules
made with no arguments, no invariants beyond the contract.

Rules are given as options (``{"size": 4}``), so that a variant, which inherits its game's
examples, makes them with its own rules class.

>>> example_rules("gipf")
gipf.Rules(variant='basic')
>>> examples("gipf").seeded_levels
('random', 'beginner', 'club', 'strong')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gamekit.errors import shown
from gamekit.game import (
    FrozenMap,
    Move,
    Outcome,
    Rules,
    State,
    game_of,
    part,
    rules_class,
    shipped_games,
)

__all__ = ["Examples", "PLAIN", "Pick", "Typed", "examples", "example_rules", "shipped_games"]

#: How a fuzzer lets a game choose among options: ``pick(options)`` returns one of them.
Pick = Callable[[Sequence[Any]], Any]

#: What a game's ``typed`` example returns: its rules class, rules, a state, a move and an
#: outcome, as the contract's Protocols.
Typed = tuple[type[Rules], Rules, State, Move, Outcome]


@dataclass(frozen=True)
class Examples:
    """What a game gives the kit's tests (every field optional):

    - ``small``: options of rules whose whole random games take well under a second;
    - ``board``: options of the rules a board is tried on;
    - ``variety(pick)``: options of rules worth fuzzing, chosen with ``pick`` (every
      variant and board size the game has);
    - ``invariants(state, moves)``: asserts what every state reached by ``moves`` keeps
      (pieces conserved, scores recounted), beyond the contract;
    - ``notation()``: words and symbols of its notation, for near-valid mutations;
    - ``prefer``: ``(word, chance)``: random games pick a move whose notation starts with
      ``word`` with that chance (so they get further);
    - ``max_plies``: plies at most in one random game;
    - ``continues(state, child)``: whether ``child`` still belongs to the turn begun in
      ``state`` (a GIPF push and the removals it causes), which ``play`` may take as one;
    - ``seeded_levels``: the computer levels whose moves the seed alone decides (a search
      on the clock may differ between two runs);
    - ``boards``: more boards to try, name -> (rules options, board options);
    - ``board_actions``: the board's own actions, method name -> the kind of its argument
      (``None``: none), for the board fuzzer;
    - ``places(board)``: the places a learner may click on the game's board, where they
      are not the labels of a grid (a Hex Tiles figure's cells, a Roaster's slots);
    - ``typed(rules, state, move, outcome)``: hands the game's own classes on as the
      contract's Protocols (:data:`Typed`); its annotations name the game's classes, so
      ``make lint``'s mypy checks that they keep the contract, and the tests call it on
      real objects;
    - ``said(state)``: what the words of a position must name, one entry per piece (a
      stone's cell, a tile's colour, a token's name);
    - ``variant_rule(state, move)``: an extra rule for a variant of the game (the sentence
      that refuses a move, or ``None``), which the tests play through the variant hook.

    >>> Examples(small={"size": 3}).small
    FrozenMap({'size': 3})
    """

    small: Mapping[str, Any] = FrozenMap()
    board: Mapping[str, Any] = FrozenMap()
    variety: Callable[[Pick], Mapping[str, Any]] | None = None
    invariants: Callable[[Any, Sequence[str]], None] | None = None
    notation: Callable[[], tuple[str, ...]] | None = None
    prefer: tuple[str, float] | None = None
    max_plies: int = 400
    continues: Callable[[Any, Any], bool] | None = None
    seeded_levels: tuple[str, ...] = ("random", "beginner")
    boards: Mapping[str, tuple[Mapping[str, Any], Mapping[str, Any]]] = FrozenMap()
    board_actions: Mapping[str, str | None] = FrozenMap()
    variant_rule: Callable[[Any, Any], str | None] | None = None
    said: Callable[[Any], Sequence[str]] | None = None
    typed: Callable[..., Typed] | None = None
    places: Callable[[Any], Sequence[str]] | None = None

    def __post_init__(self) -> None:
        for name in ("small", "board", "boards", "board_actions"):
            value = getattr(self, name)
            if not isinstance(value, Mapping):
                raise TypeError(f"an example's {name} is a mapping, not {shown(value)}")
            object.__setattr__(self, name, FrozenMap(value))
        for name in (
            "variety",
            "invariants",
            "notation",
            "continues",
            "variant_rule",
            "said",
            "places",
            "typed",
        ):
            value = getattr(self, name)
            if value is not None and not callable(value):
                raise TypeError(f"an example's {name} is a function, not {shown(value)}")


#: The kit's examples, for a game that declares none.
PLAIN = Examples()


def examples(game: Any) -> Examples:
    """The examples of ``game`` (a name, rules or a state): its own, the game's it extends,
    or :data:`PLAIN`.

    Raises:
        TypeError: ``game`` is no registered game, or its examples part is no
            :class:`Examples`.
    """
    found = part(game, "examples")
    if not isinstance(found, Examples):
        raise TypeError(
            f"a game's examples part is a gamekit.examples.Examples, not {shown(found)}"
        )
    return found


def example_rules(game: Any, which: str = "small", **more: Any) -> Any:
    """The rules of ``game``'s ``which`` example (``"small"`` or ``"board"``), made with its
    own rules class, with ``more`` options on top."""
    if which not in ("small", "board"):
        raise ValueError(f"which is 'small' or 'board', not {shown(which)}")
    name = game if isinstance(game, str) else game_of(game)
    return rules_class(name)(**{**getattr(examples(name), which), **more})
