"""Driving a table through the page as a person does: the action buttons, a
tap on a card or a meld, the list of possible moves; a simple policy that
always picks a legal move and tends to end the hand soon."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page

MAX_MOVES = 400
SCRIPT_ERRORS: dict[Page, list] = {}
"""The script errors each page met: a test ends with none."""
TURN_OR_END = """() => document.querySelectorAll('#legal .legal-move').length > 0
                 || !document.getElementById('overlay').hidden"""
CHANGED = """(seq) => document.getElementById('table').dataset.seq !== seq
             || !document.getElementById('refusal').hidden"""


def new_player(browser: Browser, server: str, name: str, viewport=(1280, 900), locale="it-IT") -> Page:
    """A person with their own browser profile who has told the lobby their name."""
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]}, locale=locale)
    context.add_init_script(f"localStorage.setItem('tavolo.name', {name!r})")
    page = context.new_page()
    errors = SCRIPT_ERRORS[page] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server + "/")
    page.wait_for_selector("#create-game option", state="attached")
    return page


def create_table(page: Page, game: str, options: dict[str, str], bots: dict[int, str], start: bool = True) -> str:
    """Fill the lobby's form, create the table, and start it; the table's id."""
    page.select_option("#create-game", game)
    for name, value in options.items():
        page.select_option(f'#create-options [data-option="{name}"]', value)
    for seat, spec in bots.items():
        page.select_option(f'#create-seats [data-seat="{seat}"]', spec)
    page.click("#create button[type=submit]")
    page.wait_for_url("**/t/*")
    if start:
        page.click("#waiting .start")
        page.wait_for_selector("#legal-box summary")      # a seated player's helpers, once the game is on
    else:
        page.wait_for_selector("#waiting .waiting-seat")
    return page.url.rsplit("/", 1)[1]


def wait_turn(page: Page) -> list[str]:
    """Wait until this seat may act (its possible moves), or the hand is over ([])."""
    page.wait_for_function(TURN_OR_END, timeout=60_000)
    if not page.locator("#overlay").is_hidden():
        return []
    return [move.get_attribute("data-move") for move in page.locator("#legal .legal-move").all()]


def act(page: Page, click) -> None:
    """Do ``click`` and wait for the table to answer (a new state, or a refusal)."""
    seq = page.get_attribute("#table", "data-seq")
    click()
    page.wait_for_function(CHANGED, arg=seq, timeout=60_000)
    refusal = page.locator("#refusal")
    assert refusal.is_hidden(), f"a legal move was refused: {refusal.inner_text()}"


def rummy_move(page: Page, legal: list[str]) -> None:
    """Draw, meld what can be melded, attach, discard: through the buttons and taps."""
    if "draw" in legal:
        return act(page, lambda: page.click(".act-draw"))
    for verb in ("open", "meld"):
        opens = [m for m in legal if m.startswith(verb + " ")]
        if opens:
            return act(page, lambda: exact_legal(page, opens[0]).click())
    attaches = [m for m in legal if m.startswith("attach ") and len(m.split()) == 4]
    if attaches:
        _, card, _, meld = attaches[0].split()
        if "(" not in card:
            page.locator(f'.hand .card[data-card="{card}"]').first.click()
            page.click(".act-attach")
            return act(page, lambda: page.locator(f'.our-side .meld[data-meld="{meld}"], .scala40 .meld[data-meld="{meld}"]').first.click())
    discards = [m for m in legal if m.startswith("discard ")]
    if discards and len(legal) == len(discards):
        card = discards[-1].split()[1]
        page.locator(f'.hand .card[data-card="{card}"]').first.click()
        return act(page, lambda: page.click(".act-discard"))
    return act(page, lambda: exact_legal(page, legal[0]).click())


def trick_move(page: Page, legal: list[str]) -> None:
    """Tap the first card that may be played (accusi and the like from the list)."""
    playable = page.locator(".hand .card.playable")
    if playable.count():
        return act(page, lambda: playable.first.click())
    return act(page, lambda: exact_legal(page, legal[0]).click())


def exact_legal(page: Page, text: str):
    """The list's button of the move whose notation is ``text`` (its label is in words)."""
    return page.locator(f'#legal .legal-move[data-move="{text}"]').first


def play_to_score_screen(page: Page, move, screenshot: tuple[int, Path] | None = None) -> int:
    """Play this seat's moves with ``move`` until the score screen; the moves
    made. ``screenshot``: (after how many moves, where to keep it)."""
    page.click("#legal-box summary")
    return play_hand(page, move, screenshot)


def play_match(page: Page, move) -> tuple[int, int]:
    """Play this seat's moves with ``move`` until the match's end, going on after each hand;
    (the moves made, the hands played). A match of one round of Briscola may take more: a
    round drawn 60-60 does not count and another is played (seed, "Il Vincitore")."""
    made, hands = play_to_score_screen(page, move), 1
    while page.locator(".overlay-box .finished").count() == 0:
        page.click(".overlay-box .continue")
        page.wait_for_selector("#overlay", state="hidden")               # the next hand dealt
        made, hands = made + play_hand(page, move), hands + 1
    return made, hands


def play_hand(page: Page, move, screenshot: tuple[int, Path] | None = None) -> int:
    """:func:`play_to_score_screen` with the list of possible moves already open."""
    for made in range(MAX_MOVES):
        legal = wait_turn(page)
        if screenshot and made == screenshot[0]:
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=screenshot[1])
        if not legal:
            page.wait_for_selector(".overlay-box .breakdown")
            return made
        move(page, legal)
    raise AssertionError(f"no score screen after {MAX_MOVES} moves")
