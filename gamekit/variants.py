"""A variant's own rule, asked the same way in every game.

A variant of a game is a subclass of its ``Rules`` with its own ``game`` name (see
:func:`gamekit.register`) and one method, ``extra_rule(state, move)``: the sentence that
refuses ``move`` in ``state``, or ``None`` to allow it. The engine asks it only about moves
its own rules allow, whenever it lists, checks or plays a move. A player whom the variant
leaves no move at all loses at once (in a game played alone, the game ends as it stands):
the variant's ``endings`` gain ``"blocked"`` for that.

Every game's ``Rules`` inherits :class:`Variants`; the engine asks through
:func:`ask`, which checks the answer: ``None`` or ``False`` allows (so
``return move.cell == "e5" and "..."`` works), a sentence refuses, and anything else, an
exception in the rule, or a rule that asks the state for its legal moves while deciding one
raises :class:`~gamekit.errors.VariantRuleError`, which names the hook.

>>> from dataclasses import dataclass
>>> from gamekit import gipf
>>> @dataclass(frozen=True)
... class NoCentre(gipf.Rules):
...     game = "gipf-no-centre-doc"
...     def extra_rule(self, state, move):
...         return "e5" in str(move) and f"{move} is not allowed: nobody pushes into e5"
>>> NoCentre().start().why_illegal("e1-e2") is None, NoCentre.endings
(True, ('no-reserve', 'last-gipf', 'blocked'))
"""

from __future__ import annotations

import threading
import weakref
from typing import Any, ClassVar

from gamekit.errors import VariantRuleError, shown

__all__ = ["BLOCKED", "Variants", "ask", "ask_many"]

#: The ending of a game whose variant rule left the player to move no move.
BLOCKED = "blocked"

_asking = threading.local()
#: Each rules class's answer to ``plain``, with the ``extra_rule`` it was found for.
_PLAIN: weakref.WeakKeyDictionary[type, tuple[Any, bool]] = weakref.WeakKeyDictionary()


class Variants:
    """What every game's ``Rules`` has for variants: ``extra_rule`` (none of its own) and
    ``plain`` (whether these are the game's own rules, with no variant rule)."""

    endings: ClassVar[tuple[str, ...]]

    def extra_rule(self, state: Any, move: Any) -> str | None:
        """A variant's own rule: the sentence that refuses ``move`` in ``state``, or
        ``None`` to allow it. The game itself has none; a variant overrides it."""
        return None

    @property
    def plain(self) -> bool:
        """Whether these are the game's own rules, with no variant rule (what the fast
        paths for players and simulations need)."""
        cls = type(self)
        rule = cls.extra_rule
        known = _PLAIN.get(cls)
        if known is None or known[0] is not rule:  # a rule set on the class later counts too
            known = _PLAIN[cls] = (rule, _own_rule(cls) is None)
        return known[1]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        endings = getattr(cls, "endings", ())
        if _own_rule(cls) is not None and BLOCKED not in endings:
            cls.endings = (*endings, BLOCKED)

    def _variant(self, state: Any, move: Any) -> str | None:
        """The variant's answer on ``move``, checked (see :func:`ask`)."""
        return ask(self, state, move)


def _own_rule(cls: type) -> Any:
    """The ``extra_rule`` a class defines beyond a game's own (``None`` if none)."""
    for base in cls.__mro__:
        if "extra_rule" in base.__dict__:
            rule = base.__dict__["extra_rule"]
            return None if getattr(rule, "_the_games_own", False) else rule
    return None


Variants.extra_rule._the_games_own = True  # type: ignore[attr-defined]


def ask(rules: Any, state: Any, move: Any) -> str | None:
    """What the variant's rule says of ``move`` in ``state``, checked: ``None`` allows (so
    does ``False``), a sentence refuses.

    Raises:
        VariantRuleError: the rule raised, answered anything else (``""``, ``True``, a
            number …), or asked for the legal moves while deciding one.
    """
    if getattr(_asking, "busy", False):
        raise VariantRuleError(
            "extra_rule asked for the legal moves (or the game's end) while the engine was "
            "asking it about a move: a variant's rule may read the position (its pieces, "
            "whose turn it is …) but not the legal moves, which depend on it"
        )
    _asking.busy = True
    try:
        answer: object = rules.extra_rule(state, move)
    except VariantRuleError:
        raise
    except Exception as err:
        raise VariantRuleError(
            f"this variant's extra_rule failed on {move}: "
            f"{type(err).__name__}: {shown(str(err), 160)}"
        ) from err
    finally:
        _asking.busy = False
    if answer is None or answer is False:
        return None
    if isinstance(answer, str) and answer.strip():
        return answer.strip()
    raise VariantRuleError(
        f"extra_rule must return None (or False) to allow a move, or a sentence saying why "
        f"it is refused; on {move} it returned {shown(answer)}"
    )


def ask_many(rules: Any, state: Any, moves: list[Any]) -> list[str | None]:
    """:func:`ask` about each of ``moves`` in one ``state`` (the same checks, the same
    errors), for an engine that asks about many moves of one position at once.

    Raises:
        VariantRuleError: as :func:`ask`.
    """
    if getattr(_asking, "busy", False):
        return [ask(rules, state, move) for move in moves]  # raises, naming the hook
    rule = rules.extra_rule
    _asking.busy = True
    try:
        answers: list[object] = [rule(state, move) for move in moves]
    except Exception:
        answers = []  # asked again one by one below, to name the move that failed
    finally:
        _asking.busy = False
    if len(answers) != len(moves):
        return [ask(rules, state, move) for move in moves]
    out: list[str | None] = []
    for move, answer in zip(moves, answers, strict=True):
        if answer is None or answer is False:
            out.append(None)
        elif isinstance(answer, str) and answer.strip():
            out.append(answer.strip())
        else:
            return [ask(rules, state, move) for move in moves]  # raises, naming the move
    return out
