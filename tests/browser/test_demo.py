"""Classroom mode: the free-play boards served by Voila, used offline, by mouse and keyboard.

Every page here runs with every request outside 127.0.0.1 blocked and recorded (conftest's
``outside_requests``): an offline classroom gets the same page."""

from __future__ import annotations

from gamekit import coffee

# True once the icon font of the widgets' buttons has loaded (from Voila, not a CDN).
ICON_FONT_LOADED = """async () => {
  await document.fonts.ready;
  const icon = document.querySelector('.widget-button i.fa');
  const family = icon && getComputedStyle(icon).fontFamily;
  return !!family && family.includes('Font Awesome')
    && document.fonts.check('900 16px "Font Awesome 5 Free"');
}"""


def with_a_friend(page) -> None:
    """The apps start against the computer (club); these tests play both sides."""
    page.get_by_role("button", name="a friend", exact=True).click()
    page.wait_for_function(
        "() => document.querySelector('.gamekit-side select').value.includes('nobody')"
    )


def test_the_coffee_app_plays_offline_with_no_code_shown(
    page, voila_url, screenshots, outside_requests
):
    page.goto(f"{voila_url}/voila/render/coffee.ipynb")
    page.wait_for_selector(".gamekit-board svg", timeout=90_000)
    with_a_friend(page)
    body = page.locator("body")
    assert "CoffeeBoard(" not in body.inner_text()  # the app shows no code

    svg = page.locator(".gamekit-board svg")
    box = svg.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # e5, the centre
    page.wait_for_function("() => document.body.innerText.includes('Stone on e5')")
    page.get_by_role("button", name="/", exact=True).click()
    page.wait_for_function(
        "() => document.body.innerText.includes('Black put a stone on e5 and laid the rod "
        "along the rising diagonal')"
    )
    page.wait_for_function(ICON_FONT_LOADED, timeout=15_000)  # Undo, Redo, Hints icons
    page.screenshot(path=str(screenshots / "demo_coffee.png"))
    assert outside_requests == []  # not even the icon font comes from a CDN


def test_the_coffee_app_can_be_played_with_the_keyboard_alone(page, voila_url):
    page.goto(f"{voila_url}/voila/render/coffee.ipynb")
    page.wait_for_selector(".gamekit-board svg", timeout=90_000)
    with_a_friend(page)
    box = page.get_by_placeholder("type a move")
    box.focus()
    page.keyboard.type("e5|")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.body.innerText.includes('Black put a stone on e5 and laid the rod "
        "vertically')"
    )
    page.wait_for_function("(el) => el.value === ''", arg=box.element_handle())
    legal = coffee.Rules().start().play("e5|").legal_moves()
    page.keyboard.type(str(legal[0]))
    page.keyboard.press("Enter")
    page.wait_for_function(  # the move in words in the log, its notation in the row's tooltip
        "(m) => [...document.querySelectorAll('.gamekit-log tr[title]')].some(r => r.title === m)",
        arg=str(legal[0]),
    )
    assert "Orange put a stone on" in page.locator(".gamekit-log").inner_text()
    # Tab moves on from the text box to the Play button; Enter presses it.
    page.keyboard.type("a1/")
    page.keyboard.press("Tab")
    focused = page.evaluate("() => document.activeElement.innerText")
    assert focused.strip() == "Play"
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.body.innerText.includes('a1/ is not allowed')")


def test_the_list_of_apps_opens_offline(page, voila_url, screenshots, outside_requests):
    page.goto(f"{voila_url}/")  # the first page `make demo` shows: a card per app
    for title in ("Coffee", "GIPF", "Hex Tiles", "Coffee Roaster", "Puzzles"):
        page.get_by_role("heading", name=title, exact=True).wait_for(timeout=60_000)
    page.screenshot(path=str(screenshots / "demo_app_list.png"))
    page.get_by_role("link", name="GIPF").click()  # a card opens its app
    page.wait_for_selector(".gamekit-board svg", timeout=90_000)
    assert "/voila/render/gipf.ipynb" in page.url
    assert outside_requests == []


def test_the_roaster_effects_panel_opens_with_the_keyboard(page, voila_url, screenshots):
    """The folding parts of a board are buttons: Tab reaches them, Space opens them (the
    Accordion header they replaced could not be reached by keyboard)."""
    page.goto(f"{voila_url}/voila/render/roaster.ipynb")
    page.wait_for_selector(".gamekit-board svg", timeout=90_000)
    legend = page.get_by_text("click the tokens that pay, then the effect's row")
    assert not legend.is_visible()
    page.get_by_role("button", name="Clear choice", exact=True).focus()
    for _ in range(8):
        page.keyboard.press("Tab")
        focused = page.evaluate("() => document.activeElement.innerText").strip()
        if focused == "What the effects do":
            break
    assert focused == "What the effects do"
    page.keyboard.press("Space")
    legend.wait_for(state="visible", timeout=30_000)
    page.screenshot(path=str(screenshots / "demo_roaster_effects_by_keyboard.png"))
