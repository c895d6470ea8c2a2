"""The lessons as web pages that need neither Jupyter nor the internet (``make html``).

Every lesson in ``notebooks/`` becomes one HTML file in ``build/html/``, with an
``index.html`` that links them by title. Pictures are inline (``data:`` URIs): a board shows
the PNG stored beside its live widget, since a page has no kernel to run the widget. The
page template is nbconvert's ``lab`` one without its ``<script>`` tags, which would fetch
require.js, MathJax, Mermaid and the widget manager from a CDN; the lessons use none of them
(no maths, no diagrams, no widget state). Links from one lesson to another
(``01_coffee_rules.ipynb``) point to the exported page (``01_coffee_rules.html``).

``python -m gamekit.export`` exports the outputs stored in the notebooks (what GitHub shows);
``--execute`` runs each lesson first, in a kernel of this environment, so the pages show
what the current code draws.
"""

from __future__ import annotations

import argparse
import html
import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

__all__ = ["contrast", "export", "export_lesson", "lesson_title", "main", "readable_code_css"]

WIDGET_STATE_KEY = "widgets"

# nbconvert's lab page, minus everything it would load from another server.
_OFFLINE_TEMPLATE = """\
{%- extends 'lab/index.html.j2' -%}
{%- block html_head_js -%}{%- endblock html_head_js -%}
{%- block jupyter_widgets -%}{%- endblock jupyter_widgets -%}
{%- block html_head_js_mathjax -%}{%- endblock html_head_js_mathjax -%}
{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}
{%- block extra_css -%}
<style>
/* Every reader: prompts readable (4.5:1 on white) and links told from text by more than
   colour. */
.jp-InputPrompt, .jp-OutputPrompt { color: #595959 !important; opacity: 1 !important; }
.jp-RenderedHTMLCommon a, main a { text-decoration: underline !important; }
</style>
{%- endblock extra_css -%}
{%- block data_png scoped -%}
<div class="jp-RenderedImage jp-OutputArea-output {{ extra_class }}">
<img src="data:image/png;base64,{{ output.data['image/png'] | escape_html }}"
 alt="{{ ((output | get_metadata('alt', 'image/png')) or 'A picture of the lesson (no description given).') | escape_html }}">
</div>
{%- endblock data_png -%}
"""


def lesson_title(nb: Any) -> str:
    """The text of the lesson's first heading ("" if it has none).

    >>> from nbformat.v4 import new_markdown_cell, new_notebook
    >>> lesson_title(new_notebook(cells=[new_markdown_cell("# Coffee, `lesson` 1\\nText")]))
    'Coffee, lesson 1'
    """
    for cell in nb.cells:
        if cell.cell_type != "markdown":
            continue
        for line in cell.source.splitlines():
            if line.startswith("#"):
                text = line.lstrip("#").strip()
                return re.sub(r"[`*_]", "", text)
    return ""


_PUZZLE_IN_REPR = re.compile(r"puzzle ([a-z]+(?:-[a-z0-9]+)+) \(")


def _puzzle_page(output: Any) -> None:
    """Give a stored puzzle board's output (its picture and its text, ``<GipfBoard …:
    puzzle gipf-row-1 (0 tries, open)>``) an HTML form for the page: the task in words, the
    picture, and the answer in a closed ``<details>`` (a page has no board to click)."""
    data = output.get("data") if isinstance(output, dict) else None
    if not isinstance(data, dict) or "image/png" not in data:
        return
    found = _PUZZLE_IN_REPR.search(str(data.get("text/plain", "")))
    if found is None:
        return
    from gamekit import puzzles

    try:
        puzzle = puzzles.get(found.group(1))
    except (KeyError, ValueError):
        return
    board = puzzle.board()
    words = board._in_words
    png = data["image/png"]
    png = "".join(png) if isinstance(png, list) else str(png)
    data["text/html"] = (
        '<div class="gamekit-puzzle-page">'
        f"<p><b>Puzzle</b> (level {puzzle.level}): {html.escape(words(puzzle.task))}</p>"
        f'<img src="data:image/png;base64,{png.strip()}" alt="{html.escape(words(puzzle.task))}">'
        "<p><i>In the notebook you answer on the board itself. Here, work out your answer, "
        "then open the answer below.</i></p>"
        f"<details><summary>Hint</summary><p>{html.escape(words(puzzle.hint))}</p></details>"
        "<details><summary>Show the answer</summary>"
        f"<p>{html.escape(words(puzzle.solution()))}</p></details></div>"
    )


def _exporter() -> Any:
    from jinja2 import DictLoader
    from nbconvert import HTMLExporter

    exporter = HTMLExporter(
        template_name="lab",
        template_file="gamekit_offline.html.j2",
        extra_loaders=[DictLoader({"gamekit_offline.html.j2": _OFFLINE_TEMPLATE})],
        embed_images=True,
        exclude_anchor_links=True,
    )
    return exporter


def _luminance(rgb: tuple[float, float, float]) -> float:
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours (``"#rrggbb"``), from 1 to 21.

    >>> round(contrast("#000000", "#ffffff"), 1), round(contrast("#408080", "#f5f5f5"), 2)
    (21.0, 4.17)
    """
    from matplotlib.colors import to_rgb

    la, lb = sorted((_luminance(to_rgb(a)), _luminance(to_rgb(b))), reverse=True)
    return (la + 0.05) / (lb + 0.05)


_EDITOR_COLOUR = re.compile(r"(--jp-mirror-editor-[a-z-]+-color):\s*(#[0-9a-fA-F]{3,6})\b")


def readable_code_css(page: str, background: str = "#f5f5f5", least: float = 4.6) -> str:
    """CSS that darkens each colour of the code's highlighting defined in ``page`` (the
    theme's ``--jp-mirror-editor-…-color`` variables) that reads at less than ``least`` : 1
    on the code cells' background.

    >>> readable_code_css(":root { --jp-mirror-editor-number-color: #080; }")
    ':root { --jp-mirror-editor-number-color: #008000; }'
    """
    from matplotlib.colors import to_hex, to_rgb

    found = dict(_EDITOR_COLOUR.findall(page))
    darker = {}
    for name, colour in sorted(found.items()):
        (r, g, b), k = to_rgb(colour), 1.0
        while k > 0 and contrast(to_hex((r * k, g * k, b * k)), background) < least:
            k -= 0.02
        if k < 1.0:
            darker[name] = to_hex((r * k, g * k, b * k))
    if not darker:
        return ""
    return ":root { " + " ".join(f"{n}: {c};" for n, c in darker.items()) + " }"


def _execute(nb: Any, folder: Path, timeout: int) -> None:
    """Run every cell of ``nb`` in place, as ``make notebooks`` does (the inline backend:
    ``MPLBACKEND`` unset; no widget state stored)."""
    from nbclient import NotebookClient

    env = {k: v for k, v in os.environ.items() if k != "MPLBACKEND"}
    client = NotebookClient(
        nb, timeout=timeout, resources={"metadata": {"path": str(folder)}}, store_widget_state=False
    )
    client.execute(env=env)


def _link_pages(page: str, names: Iterable[str]) -> str:
    """Links to other lessons (``NAME.ipynb``, maybe with ``#anchor``) go to their pages;
    links into the repository (``../docs/...``) keep pointing there from ``build/html/``.

    >>> _link_pages('<a href="02_b.ipynb#end">x</a> <a href="c.ipynb">', ["02_b.ipynb"])
    '<a href="02_b.html#end">x</a> <a href="c.ipynb">'
    >>> _link_pages('<a href="../docs/rules/gipf.md">rules</a>', [])
    '<a href="../../docs/rules/gipf.md">rules</a>'
    """
    stems = {Path(n).stem for n in names}

    def fix(m: re.Match[str]) -> str:
        stem = m.group(2)
        return f"{m.group(1)}{stem}.html" if stem in stems else m.group(0)

    page = re.sub(r'(href=")([\w.-]+)\.ipynb(?=[#"])', fix, page)
    return page.replace('href="../docs/', 'href="../../docs/')


def export_lesson(
    notebook: Path,
    out_dir: Path,
    *,
    execute: bool = False,
    timeout: int = 600,
    siblings: Sequence[str] = (),
) -> tuple[str, Path]:
    """Write ``notebook`` as ``out_dir/<name>.html``; return (its title, the page's path).
    ``siblings``: names of the other notebooks exported alongside (for the links)."""
    import nbformat

    notebook = Path(notebook)
    nb = nbformat.read(notebook, as_version=4)
    if execute:
        _execute(nb, notebook.parent, timeout)
    # Without widget state nbconvert falls back to the PNG stored beside each widget.
    nb.metadata.pop(WIDGET_STATE_KEY, None)
    # Code that JupyterLab folds away (a rules lesson's cells) is left off the page too.
    for cell in nb.cells:
        metadata = cell.get("metadata")
        shown_as = metadata.get("jupyter") if isinstance(metadata, dict) else None
        if isinstance(metadata, dict) and "jupyter" in metadata and not isinstance(shown_as, dict):
            del metadata["jupyter"]  # a display hint that is not one: the cell shows as usual
        elif isinstance(shown_as, dict) and shown_as.get("source_hidden") is True:
            transient = metadata.setdefault("transient", {})
            if not isinstance(transient, dict):
                transient = metadata["transient"] = {}
            transient["remove_source"] = True
    for cell in nb.cells:  # a puzzle's board: its task, picture and the answer kept closed
        for output in cell.get("outputs", ()):
            _puzzle_page(output)
    title = lesson_title(nb) or notebook.stem
    nb.metadata["title"] = title
    resources = {"metadata": {"name": notebook.stem, "path": str(notebook.parent)}}
    body, _ = _exporter().from_notebook_node(nb, resources=resources)
    body = _link_pages(body, [notebook.name, *siblings])
    code_css = readable_code_css(body)  # last in the head, so it wins
    if code_css:
        body = body.replace("</head>", f"<style>{code_css}</style>\n</head>", 1)
    out_dir.mkdir(parents=True, exist_ok=True)
    page = out_dir / f"{notebook.stem}.html"
    page.write_text(body, encoding="utf-8")
    return title, page


def _index(pages: Sequence[tuple[str, Path]]) -> str:
    items = "\n".join(
        f'    <li><a href="{html.escape(p.name)}">{html.escape(t)}</a></li>' for t, p in pages
    )
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <title>gamekit lessons</title>
  <style>
    body {{ font-family: system-ui, sans-serif; max-width: 46em; margin: 2em auto;
           padding: 0 1em; line-height: 1.5; color: #222; }}
    li {{ margin: 0.3em 0; }}
  </style>
</head>
<body>
<main>
  <h1>gamekit lessons</h1>
  <p>Each lesson as it was last run, with pictures of its boards. To play on the boards,
  open the notebooks in JupyterLab (<code>make lab</code>).</p>
  <ol>
{items}
  </ol>
</main>
</body>
</html>
"""


def export(
    notebooks: Sequence[Path],
    out_dir: Path,
    *,
    execute: bool = False,
    timeout: int = 600,
) -> Path:
    """Export every notebook into ``out_dir`` and write ``out_dir/index.html`` linking them;
    return the index's path."""
    out_dir = Path(out_dir)
    names = [Path(n).name for n in notebooks]
    pages = []
    for nb in notebooks:
        print(f"exporting {nb}", flush=True)
        pages.append(
            export_lesson(Path(nb), out_dir, execute=execute, timeout=timeout, siblings=names)
        )
    index = out_dir / "index.html"
    index.write_text(_index(pages), encoding="utf-8")
    return index


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m gamekit.export", description="The lessons as offline web pages."
    )
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: notebooks/*.ipynb")
    parser.add_argument("-o", "--out", type=Path, default=Path("build/html"))
    parser.add_argument("--execute", action="store_true", help="run each lesson first")
    args = parser.parse_args(argv)
    notebooks = args.notebooks or sorted(Path("notebooks").glob("*.ipynb"))
    if not notebooks:
        parser.error("no notebooks given, and none in ./notebooks")
    index = export(notebooks, args.out, execute=args.execute)
    print(f"{len(notebooks)} lessons; open {index}")


if __name__ == "__main__":
    main()
