"""Classroom mode: the free-play boards served by Voila, used offline, by mouse and keyboard."""

from __future__ import annotations

from conftest import offline

from gamekit import coffee


def test_the_coffee_app_plays_offline_with_no_code_shown(page, voila_url, screenshots):
    blocked = offline(page)  # an offline classroom: nothing may come from the internet
    page.goto(f"{voila_url}/voila/render/coffee.ipynb")
    page.wait_for_selector(".gamekit-board svg", timeout=90_000)
    body = page.locator("body")
    assert "CoffeeBoard(" not in body.inner_text()  # the app shows no code

    svg = page.locator(".gamekit-board svg")
    box = svg.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # e5, the centre
    page.wait_for_function("() => document.body.innerText.includes('Stone on e5')")
    page.get_by_role("button", name="/", exact=True).click()
    page.wait_for_function("() => document.body.innerText.includes('Black played e5/')")
    page.screenshot(path=str(screenshots / "demo_coffee.png"))
    # Voila's page template links an icon font on a CDN; nothing on the page depends on it.
    assert all("fontawesome" in u or "font-awesome" in u for u in blocked), blocked


def test_the_coffee_app_can_be_played_with_the_keyboard_alone(page, voila_url):
    offline(page)
    page.goto(f"{voila_url}/voila/render/coffee.ipynb")
    page.wait_for_selector(".gamekit-board svg", timeout=90_000)
    box = page.get_by_placeholder("type a move")
    box.focus()
    page.keyboard.type("e5|")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.body.innerText.includes('Black played e5|')")
    page.wait_for_function("(el) => el.value === ''", arg=box.element_handle())
    legal = coffee.Rules().start().play("e5|").legal_moves()
    page.keyboard.type(str(legal[0]))
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.body.innerText.includes('Orange played {legal[0]}')")
    # Tab moves on from the text box to the Play button; Enter presses it.
    page.keyboard.type("a1/")
    page.keyboard.press("Tab")
    focused = page.evaluate("() => document.activeElement.innerText")
    assert focused.strip() == "Play"
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.body.innerText.includes('a1/ is not allowed')")
