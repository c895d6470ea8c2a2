"""A design lab: any registered game's behaviour measured, every number with its interval.

- :func:`measure` -> :class:`Measures`: who wins from each seat, draws, completion, endings,
  length, branching, decisions, board coverage and pieces, scores, and the lead;
- :func:`compare`: two variants (or two line-ups of players) on common seeds, by the
  difference and its interval, in words;
- :func:`skill_trace`, :func:`luck`, :func:`restricted`: what skill, the deal and a freedom
  of choice are worth;
- :func:`report` and :func:`fingerprint`: pictures of measurements;
- :func:`class_experiment`: a class's own games of two settings, as the teacher's page
  shows them.

It reads only the contract of :mod:`gamekit.game`, so a variant or a game a class writes
is measured like the shipped ones. ``docs/design.md`` defines every measure.

>>> from gamekit import coffee
>>> m = measure(coffee.Rules(board="square", size=4), games=100, progress=False)
>>> m.decisions.percent()
'90.9 % (89.7–92.1 %)'
"""

from gamekit.design.classroom import ClassExperiment, class_experiment
from gamekit.design.compare import QUANTITIES, Comparison, compare, compare_results, verdict
from gamekit.design.figures import fingerprint, report
from gamekit.design.lead import Lead, SearchJudge
from gamekit.design.measures import LUDII, LUDII_WORDS, Measures, clear_cache, measure
from gamekit.design.skill import (
    Luck,
    Restricted,
    RestrictedPlayer,
    SkillStep,
    allow,
    luck,
    restricted,
    skill_trace,
)

__all__ = [
    "class_experiment",
    "ClassExperiment",
    "measure",
    "Measures",
    "LUDII",
    "LUDII_WORDS",
    "SearchJudge",
    "Lead",
    "clear_cache",
    "compare",
    "compare_results",
    "Comparison",
    "QUANTITIES",
    "verdict",
    "skill_trace",
    "SkillStep",
    "luck",
    "Luck",
    "restricted",
    "Restricted",
    "RestrictedPlayer",
    "allow",
    "report",
    "fingerprint",
]
