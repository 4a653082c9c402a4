"""Playing a table as a person on a phone does: taps and Italian buttons only (issue 23).

A test made with these helpers plays a whole hand at 390×844 and fails when it opens the list
of possible moves (``#legal-box``) or types notation (``#typed``): :func:`phone_player` installs
a watch on both before the page loads and :func:`assert_by_taps` reads it. It also checks what
a person reads (:func:`assert_no_notation`), that nothing is wider than the screen
(:func:`assert_fits`), the accessibility of the page (:func:`assert_accessible`, axe-core
vendored in ``vendor/``), and keeps a phone screenshot per game (:func:`keep_screenshot`).

    page = phone_player(browser, server, "Anna")
    create_table(page, "briscola", {"players": "2"}, {1: "heuristic"})
    ... taps ...
    assert_by_taps(page); assert_no_notation(page); assert_fits(page)
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page

from tests.browser.conftest import SCREENSHOTS
from tests.browser.play import SCRIPT_ERRORS

PHONE = (390, 844)
DESKTOP = (1366, 768)
AXE = Path(__file__).parent / "vendor" / "axe-4.14.1.min.js"

WATCH = """
window.__helpers = [];
document.addEventListener("toggle", (e) => {
  if (e.target.id === "legal-box" && e.target.open) window.__helpers.push("opened the list of moves");
}, true);
document.addEventListener("submit", (e) => {
  if (e.target.id === "typed") window.__helpers.push("typed notation");
}, true);
document.addEventListener("click", (e) => {
  if (e.target.closest && e.target.closest("#legal")) window.__helpers.push("tapped a move in the list");
}, true);
"""
"""Records any use of the helpers a person need not use: the list of moves and the notation box."""

NOTATION_WORDS = re.compile(
    r"\b(draw|take|discard|open|attach|meld|lay|play|pass|bid|call|fold|stand|check|bet|raise|trade|keep|"
    r"double|redouble|close|go out|knock|offer|accept|refuse|change|drop|by [NESW]|to \d+|points|off)\b"
    r"|\b\d?[2-9TJQKA][hdcs]\b|\b[1-7](C|D|H|S|NT)\b")
"""English notation words and card codes (``3h``, ``Qs``, ``1NT``) that no Italian line carries."""


def phone_player(browser: Browser, server: str, name: str, viewport: tuple[int, int] = PHONE) -> Page:
    """A person on a phone (390×844, Italian, touch) who has told the lobby their name; every
    use of the move list or the notation box is recorded (:func:`assert_by_taps`)."""
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]}, locale="it-IT",
                                  has_touch=viewport == PHONE, is_mobile=viewport == PHONE)
    context.add_init_script(f"localStorage.setItem('tavolo.name', {name!r})")
    context.add_init_script(WATCH)
    page = context.new_page()
    errors = SCRIPT_ERRORS[page] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server + "/")
    page.wait_for_selector("#create-game option", state="attached")
    return page


IN_SIGHT = """(selector) => {
  const node = document.querySelector(selector);
  const box = node.getBoundingClientRect();
  if (box.top < 0 || box.bottom > innerHeight) return `off the screen: ${box.top}..${box.bottom} of ${innerHeight}`;
  for (const y of [box.top + 4, (box.top + box.bottom) / 2, box.bottom - 4]) {
    const hit = document.elementFromPoint((box.left + box.right) / 2, y);
    if (!node.contains(hit)) return `covered at ${Math.round(y)} px by #${hit && hit.closest('[id]')?.id}`;
  }
  return "";
}"""
"""Why ``selector``'s element is not in sight (off the screen, or under another element at its top,
middle or bottom), or ""."""


def assert_in_sight(page: Page, selector: str) -> None:
    """``selector``'s element is on the screen and nothing covers it (the hand's bar sticks to the
    bottom of a phone's screen over what scrolls under it)."""
    hidden = page.evaluate(IN_SIGHT, selector)
    assert not hidden, f"{selector} is not in sight: {hidden}"


def assert_by_taps(page: Page) -> None:
    """The page was played without the move list or typed notation, and with no script error."""
    used = page.evaluate("window.__helpers")
    assert not used, f"a person had to use a helper: {sorted(set(used))}"
    assert not SCRIPT_ERRORS.get(page), SCRIPT_ERRORS.get(page)


def person_reads(page: Page) -> list[str]:
    """The texts a person reads on the table now: the log, the buttons, the labels and the
    announcements (the move list and the notation box left out: they are the helpers)."""
    return page.evaluate("""() => {
      const seen = [];
      for (const node of document.querySelectorAll('#log .event, #announce .moment, #table button, #table .label, #overlay h2, #overlay p, #refusal')) {
        if (node.closest('#legal-box') || node.closest('#typed')) continue;
        const text = node.innerText.trim();
        if (text && node.offsetParent !== null) seen.push(text);
      }
      return seen;
    }""")


def assert_no_notation(page: Page, allowed: tuple[str, ...] = ()) -> None:
    """No line a person reads carries an English notation word or a card code (``allowed``:
    words of the game's own Italian that happen to match, said why at the call)."""
    for text in person_reads(page):
        for match in NOTATION_WORDS.finditer(text):
            if match.group(0) not in allowed:
                raise AssertionError(f"English notation {match.group(0)!r} in {text!r}")


def assert_fits(page: Page) -> None:
    """No page is wider than its screen (nothing needs horizontal scrolling), and nothing a person
    reads on the table sticks out of the screen on either side (a seat's chip off the left edge
    widens no page)."""
    width, screen = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= screen, f"the page is {width} px wide on a {screen} px screen"
    outside = page.evaluate("""() => {
      const out = [];
      const clipped = (node) => {            // inside a box that scrolls or clips sideways (checked itself)
        for (let up = node.parentElement; up && up.id !== 'table'; up = up.parentElement) {
          if (getComputedStyle(up).overflowX !== 'visible') return true;
        }
        return false;
      };
      for (const node of document.querySelectorAll('#table *')) {
        if (node.offsetParent === null || node.closest('svg') !== null && node.tagName !== 'svg') continue;
        if (clipped(node)) continue;
        const box = node.getBoundingClientRect();
        if (box.width && (box.left < -1 || box.right > window.innerWidth + 1)) {
          out.push(`${node.tagName.toLowerCase()}.${[...node.classList].join('.')} ${Math.round(box.left)}..${Math.round(box.right)}: ${(node.innerText || '').slice(0, 30)}`);
        }
      }
      return out.slice(0, 5);
    }""")
    assert not outside, f"off a {screen} px screen: {outside}"


def assert_accessible(page: Page, what: str) -> None:
    """axe-core (vendored) finds no serious or critical violation on the page."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => {
      const result = await axe.run(document, { resultTypes: ['violations'] });
      return result.violations.filter((v) => ['serious', 'critical'].includes(v.impact))
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.length}× e.g. ${v.nodes[0].target.join(' ')}`);
    }""")
    assert not found, f"{what}: accessibility violations: {found}"


def keep_screenshot(page: Page, game: str, kind: str = "phone") -> Path:
    """A screenshot of the page as it is, kept as ``docs/screenshots/<kind>-<game>.png`` for the
    README's gallery."""
    path = SCREENSHOTS / f"{kind}-{game}.png"
    page.screenshot(path=path)
    return path
