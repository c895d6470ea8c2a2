"""The design lab's charts and controls: :func:`plot_shares` (shares of games as bars with
their intervals, the chart described in words) and :func:`experiment_panel` (controls a
class can move to run an experiment again, with a new seed).

>>> from gamekit.stats import wilson
>>> ax = plot_shares({"Black wins": wilson(55, 100)})
>>> ax.get_xlabel()
'% of games (bars: 95 % intervals)'
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from gamekit.render import describe, figure_words
from gamekit.stats import Interval, error_bars

__all__ = ["plot_shares", "experiment_panel"]


def plot_shares(
    shares: Mapping[str, Interval],
    ax: Any = None,
    title: str = "",
    reference: float | None = 0.5,
    color: str = "#8c6d46",
) -> Any:
    """Horizontal bars of ``shares`` (label -> :class:`Interval`) in percent, each with its
    interval as an error bar and its value written beside it, and a dashed line at
    ``reference`` (``None``: no line). Draws on ``ax`` (a new figure if ``None``) and returns
    the matplotlib ``Axes``.

    >>> from gamekit.stats import wilson
    >>> ax = plot_shares({"Black wins": wilson(55, 100), "blocked": wilson(20, 100)})
    >>> [t.get_text() for t in ax.get_yticklabels()], [t.get_text() for t in ax.texts]
    (['Black wins', 'blocked'], ['55.0 %', '20.0 %'])

    Raises:
        TypeError: ``shares`` is not a mapping of labels to intervals.
    """
    import matplotlib.pyplot as plt

    if not isinstance(shares, Mapping):
        raise TypeError(f"shares must map labels to Interval objects, not {shares!r}")
    labels = [str(k) for k in shares]
    items = list(shares.values())
    bars = error_bars(items)
    if ax is None:
        _, ax = plt.subplots(figsize=(6.5, 0.45 * len(items) + 1.1))
    rows = np.arange(len(items))[::-1]  # the first label on top
    values = [100 * i.value for i in items]
    ax.barh(rows, values, xerr=bars, capsize=4, color=color, height=0.6)
    for row, item in zip(rows, items, strict=True):
        ax.text(100 * item.high + 1.5, row, f"{100 * item.value:.1f} %", va="center", fontsize=8)
    if reference is not None:
        ax.axvline(100 * reference, color="grey", linestyle="--", linewidth=1)
    ax.set_yticks(rows, labels)
    ax.set_xlim(0, 113)  # room for the label of a share near 100 %
    ax.set_xticks(range(0, 101, 20))
    ax.set_xlabel("% of games (bars: 95 % intervals)")
    if title:
        ax.set_title(title, fontsize=10)

    said = "; ".join(f"{label} {item.percent()}" for label, item in zip(labels, items, strict=True))
    words = f"A bar chart{': ' + title if title else ''}. {said} (95 % intervals)."
    before = figure_words(ax.figure)
    describe(ax.figure, f"{before} {words}".strip())
    return ax


def experiment_panel(
    run: Callable[..., Any], button: str = "Play the games", live: bool = False, **controls: Any
) -> Any:
    """Controls a class can move, a button and an output area (ipywidgets): pressing the
    button calls ``run(**values)`` with each control's value and shows what it prints and
    draws (or the matplotlib figure it returns) in the output area, replacing the previous
    run. With ``live=True`` there is no button: every change of a control runs it again
    (for quick runs, such as odds worked out exactly), and it runs once at the start. A
    setting ``run`` refuses with a ``ValueError`` shows the error's sentence instead of a
    traceback.

    When ``run`` takes a ``seed`` (and no control is given for it), the panel shows the seed
    (0 at first) and a second button, "Run again with a new seed", which plays the same
    experiment on new games: a class sees how much a second run of the same size differs.

    >>> import ipywidgets as widgets
    >>> panel = experiment_panel(lambda games: print(games), games=widgets.IntSlider(100))
    >>> panel.children[0].children
    (IntSlider(value=100), Button(button_style='primary', description='Play the games', style=ButtonStyle()))

    Raises:
        TypeError: ``run`` is not callable, or a control is not an ipywidgets widget with a
            ``value``.
    """
    import ipywidgets as widgets

    if not callable(run):
        raise TypeError(f"run must be a function of the controls' values, not {run!r}")
    for name, control in controls.items():
        if not isinstance(control, widgets.ValueWidget):
            raise TypeError(f"control {name} must be an ipywidgets control, not {control!r}")
    output = widgets.Output()
    go = widgets.Button(description=button, button_style="primary")
    extra: list[Any] = []
    if "seed" not in controls and _takes_seed(run):
        seed = widgets.BoundedIntText(
            0, min=0, max=10**9, description="seed", layout=widgets.Layout(width="10em")
        )
        again = widgets.Button(  # as wide as its words (the default width clips them)
            description="Run again with a new seed", layout=widgets.Layout(width="auto")
        )
        controls = {**controls, "seed": seed}
        extra.append(again)

        def reseeded(_: Any = None) -> None:
            seed.value += 1
            if live:
                return  # the new value runs it
            pressed()

        again.on_click(reseeded)

    def pressed(_: Any = None) -> None:
        with output:
            output.clear_output(wait=True)
            try:
                drawn = run(**{name: control.value for name, control in controls.items()})
            except ValueError as problem:
                print(problem)
            else:
                if callable(getattr(drawn, "savefig", None)):
                    from IPython.display import display

                    display(drawn)  # type: ignore[no-untyped-call]

    go.on_click(pressed)
    if live:
        for control in controls.values():
            control.observe(lambda _change: pressed(), names="value")
    parts = [*controls.values(), *extra] if live else [*controls.values(), go, *extra]
    row = widgets.HBox(parts, layout=widgets.Layout(flex_flow="row wrap"))

    class Panel(widgets.VBox):  # type: ignore[misc]
        """The panel, with a still copy of its first run for pages without widgets."""

        def _repr_mimebundle_(self, **kwargs: Any) -> Any:
            bundle = super()._repr_mimebundle_(**kwargs)
            if isinstance(bundle, tuple):
                bundle = bundle[0]
            bundle = dict(bundle or {})
            text, png, words = _still_run(run, {name: c.value for name, c in controls.items()})
            settings = ", ".join(f"{name} {c.value}" for name, c in controls.items())
            act = "move" if live else "set"
            then = "" if live else f" and press “{button}”"
            bundle["text/plain"] = (
                f"An experiment to run in the notebook: {act} {', '.join(controls)}{then}. "
                f"With the settings as they stand ({settings}):\n{text}"
            ).rstrip()
            if png is not None:
                bundle["image/png"] = png
                shown = words or "a chart (no description given)."
                alt = bundle["text/plain"] + ("\n" if text else " ") + shown
                return bundle, {"image/png": {"alt": alt}}
            return bundle

    if live:  # the first run shown at once: set as the area's outputs, not captured
        text, png, words = _still_run(run, {name: c.value for name, c in controls.items()})
        first: list[dict[str, Any]] = []
        if text:
            first.append({"output_type": "stream", "name": "stdout", "text": text + "\n"})
        if png is not None:
            first.append(
                {
                    "output_type": "display_data",
                    "data": {"image/png": png, "text/plain": "<Figure>"},
                    "metadata": {"image/png": {"alt": words}} if words else {},
                }
            )
        output.outputs = tuple(first)
    return Panel([row, output])


def _takes_seed(run: Callable[..., Any]) -> bool:
    """Whether ``run`` has a parameter named ``seed``."""

    try:
        return "seed" in inspect.signature(run).parameters
    except (TypeError, ValueError):
        return False


def _still_run(run: Callable[..., Any], values: dict[str, Any]) -> tuple[str, str | None, str]:
    """Run an experiment once, for a page without widgets: (what it printed, its last
    picture as base64 PNG or ``None``, that picture's words or "")."""
    import base64
    import contextlib
    import io

    import matplotlib.pyplot as plt

    printed = io.StringIO()
    pictures: list[bytes] = []
    said: list[str] = []
    show = plt.show

    def keep(*_args: Any, **_kwargs: Any) -> None:
        for number in plt.get_fignums():
            buffer = io.BytesIO()
            plt.figure(number).savefig(buffer, format="png", dpi=72, bbox_inches="tight")
            pictures.append(buffer.getvalue())
            said.append(figure_words(plt.figure(number)))
        plt.close("all")

    plt.show = keep
    try:
        with contextlib.redirect_stdout(printed):
            try:
                drawn = run(**values)
            except ValueError as problem:
                print(problem)
            else:
                if callable(getattr(drawn, "savefig", None)):  # run returned its picture
                    buffer = io.BytesIO()
                    drawn.savefig(buffer, format="png", dpi=72, bbox_inches="tight")
                    pictures.append(buffer.getvalue())
                    said.append(figure_words(drawn))
        keep()
    finally:
        plt.show = show
    png = base64.b64encode(pictures[-1]).decode("ascii") if pictures else None
    return printed.getvalue().strip(), png, said[-1] if said else ""
