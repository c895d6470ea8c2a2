"""``make html``: a lesson exported as a web page shows its boards as pictures, offline.

One lesson is run and exported (with :func:`gamekit.export.export`, as ``make html
HTML_OPTIONS=--execute`` does) into a temporary folder and opened from disk; every request
outside this computer is blocked and recorded (conftest), and there must be none.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import WIDGET_MIME

from gamekit.export import export

ROOT = Path(__file__).resolve().parents[2]
LESSON = ROOT / "notebooks" / "01_coffee_rules.ipynb"


PICTURES_SHOWN = """() => [...document.querySelectorAll('img[src^="data:image/png"]')].map(img => {
  const box = img.getBoundingClientRect();
  return {complete: img.complete, natural: img.naturalWidth, width: box.width,
          height: box.height};
})"""


def pictures_and_boards(notebook: Path) -> tuple[int, int]:
    """(outputs that are pictures or boards, outputs that are boards) stored in a lesson."""
    nb = json.loads(notebook.read_text())
    outputs = [o.get("data", {}) for c in nb["cells"] for o in c.get("outputs", [])]
    boards = sum(WIDGET_MIME in d for d in outputs)
    return sum(WIDGET_MIME in d or "image/png" in d for d in outputs), boards


def test_an_exported_lesson_shows_its_boards_as_pictures_offline(
    page, screenshots, outside_requests, tmp_path
):
    index = export([LESSON], tmp_path / "html", execute=True)
    assert {p.name for p in index.parent.iterdir()} == {"index.html", f"{LESSON.stem}.html"}
    expected, boards = pictures_and_boards(LESSON)
    assert boards >= 1

    page.goto(index.as_uri())
    link = page.get_by_role("link", name=re.compile(r"^Coffee, lesson 01"))
    assert link.get_attribute("href") == f"{LESSON.stem}.html"
    link.click()
    page.wait_for_url(f"**/{LESSON.stem}.html")
    page.wait_for_load_state("load")
    assert page.title().startswith("Coffee, lesson 01")

    text = page.locator("body").inner_text()
    assert not re.search(r"<CoffeeBoard \w+", text)  # every board is a picture, not its repr
    pictures = page.evaluate(PICTURES_SHOWN)
    assert len(pictures) >= expected, (len(pictures), expected)
    for p in pictures:
        assert p["complete"] and p["natural"] > 200, p  # decoded, a full-size picture
        assert p["width"] > 100 and p["height"] > 100, p  # laid out, visible
    assert page.locator('img[src^="data:image/png"]').first.is_visible()
    page.screenshot(path=str(screenshots / f"html_{LESSON.stem}.png"), full_page=True)
    assert outside_requests == []  # no script, style or font from a CDN
