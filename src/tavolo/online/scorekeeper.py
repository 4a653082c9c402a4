"""The score keeper (segnapunti) of a Burraco match played at a real table.

A match has its sides, rule set, players and target; each hand is entered as
the sides' totals, or through the calculator: the score sheet of
:mod:`tavolo.games.burraco.scoresheet` (melds, closing, pozzetto, cards left),
checked and scored by the engine, its breakdown kept with the hand. The points
are always the engine's, never the browser's.

The match ends at the end of a hand where a side reaches the target and the
top score is not shared; both over the target, the higher wins; a tie plays
another hand (estratto "Fine partita": "la vittoria va comunque assegnata ...
al punteggio più alto"; DECISIONS.md)::

    >>> winner_after([[600, 100]], 505), winner_after([[600, 600]], 505), winner_after([[400, 700]], 505)
    (0, None, 1)

Whoever holds the edit token (returned once at creation, stored only as its
SHA-256) adds, edits and deletes hands until the match ends; anyone with the
match's link reads it.
"""

from __future__ import annotations

import hmac
import json
import secrets
from itertools import accumulate
from typing import Any

from tavolo.games.burraco.rules import RULE_SETS
from tavolo.games.burraco.scoresheet import MOST_SIDES, SheetError, parse_sheet_json, score_sheet
from tavolo.online.messages import Refusal
from tavolo.online.tokens import token_hash
from tavolo.store.scorekeeper import ScoreMatch, ScoreStore

TARGETS = (505, 1005, 2005, 3005, 5005)
"""Turbo, semiturbo, standard (the default), lunga, maratona (estratto, "si vince a 505 punti ...")."""
MOST_HANDS = 200
MOST_POINTS = 20_000
"""No real hand scores more (or loses more) than this."""


def sides_for(players: int) -> int:
    """Sides of a match: pairs or teams of three with 2, 4, 6 players; with 3 and 5
    everyone keeps their own score (partners of a hand share its points: enter each one's)."""
    return 2 if players in (2, 4, 6) else players


def create(store: ScoreStore, sides: list[str], players: int, target: int, rules: str) -> tuple[ScoreMatch, str]:
    """A new match and its edit token (shown once)."""
    rules = rules.strip().lower()
    if rules not in RULE_SETS:
        raise Refusal("bad_message", "Unknown rule set {rules}", field="rules", rules=rules)
    if players not in MOST_SIDES:
        raise Refusal("bad_message", "Between 2 and 6 players", field="players")
    if target not in TARGETS:
        raise Refusal("bad_message", "The target is one of {targets}", field="target",
                      targets=", ".join(map(str, TARGETS)))
    names = [name.strip() for name in sides]
    if len(names) != sides_for(players) or not all(names):
        raise Refusal("bad_message", "{players} players make {count} sides, each with a name", field="sides",
                      players=players, count=sides_for(players))
    token = secrets.token_urlsafe(32)
    match = ScoreMatch(secrets.token_urlsafe(12), token_hash(token), rules, players, target, names)
    store.create(match)
    return match, token


def load(store: ScoreStore, match_id: str) -> ScoreMatch:
    match = store.get(match_id[:32])
    if match is None:
        raise Refusal("not_found", "No score keeper match {match}", match=match_id[:32])
    return match


def editable(store: ScoreStore, match_id: str, token: str | None) -> ScoreMatch:
    """The match, if ``token`` is its edit token and it has not ended."""
    match = load(store, match_id)
    if not token or not hmac.compare_digest(token_hash(token), match.edit_hash):
        raise Refusal("forbidden", "This link only shows the match: the edit link changes it")
    if match.winner is not None:
        raise Refusal("conflict", "The match is over: its hands can no longer change")
    return match


def hand_of(match: ScoreMatch, entry: dict[str, Any]) -> dict[str, Any]:
    """A hand as stored: ``{"totals": [...]}``, or from the calculator's ``sheet``
    (per side ``closed``, ``pozzetto``, ``melds``, ``hands``) the totals and breakdown."""
    if (entry.get("totals") is None) == (entry.get("sheet") is None):
        raise Refusal("bad_message", "Give either the totals or the calculator's sheet", field="totals")
    if entry.get("sheet") is not None:
        return sheet_hand(match, entry["sheet"])
    totals = entry["totals"]
    if len(totals) != len(match.sides):
        raise Refusal("bad_message", "One total for each of the {count} sides", field="totals",
                      count=len(match.sides))
    for i, total in enumerate(totals):
        if total % 5 or abs(total) > MOST_POINTS:
            raise Refusal("bad_message", "{total} cannot be a hand's score: points go by fives", field=f"totals[{i}]",
                          total=total)
    return {"totals": list(totals)}


def sheet_hand(match: ScoreMatch, sides: list[dict[str, Any]]) -> dict[str, Any]:
    if len(sides) != len(match.sides):
        raise Refusal("bad_message", "One total for each of the {count} sides", field="sheet",
                      count=len(match.sides))
    data = {"rules": match.rules, "players": match.players,
            "sides": [{"name": name, **side} for name, side in zip(match.sides, sides)]}
    try:
        sheet = parse_sheet_json(json.dumps(data))
    except SheetError as exc:
        raise Refusal("bad_message", "{detail}", field=f"sheet.{exc.where}", error=exc) from None
    scores = score_sheet(sheet)
    return {"totals": [s.total for s in scores], "sheet": sides, "breakdown": [s.to_json() for s in scores]}


def winner_after(totals: list[list[int]], target: int) -> int | None:
    """The winning side after these hands' totals, or None while the match goes on."""
    running = [sum(column) for column in zip(*totals)]
    best = max(running, default=0)
    if best < target or running.count(best) > 1:
        return None
    return running.index(best)


def change(store: ScoreStore, match: ScoreMatch, hands: list[dict[str, Any]]) -> ScoreMatch:
    """Store the match with ``hands``; refused if it would have ended before its last hand,
    or if someone else changed it meanwhile."""
    totals = [hand["totals"] for hand in hands]
    for number in range(1, len(hands)):
        if winner_after(totals[:number], match.target) is not None:
            raise Refusal("conflict", "The match would have ended after hand {number}: delete the hands after it first",
                          number=number)
    winner = winner_after(totals, match.target)
    if not store.save(match.id, match.version, hands, winner):
        raise Refusal("conflict", "Someone changed the match meanwhile: reload it")
    return load(store, match.id)


def add_hand(store: ScoreStore, match_id: str, token: str | None, entry: dict[str, Any]) -> ScoreMatch:
    match = editable(store, match_id, token)
    if len(match.hands) >= MOST_HANDS:
        raise Refusal("conflict", "A match has at most {count} hands", count=MOST_HANDS)
    return change(store, match, [*match.hands, hand_of(match, entry)])


def edit_hand(store: ScoreStore, match_id: str, token: str | None, number: int, entry: dict[str, Any]) -> ScoreMatch:
    match = editable(store, match_id, token)
    index = hand_index(match, number)
    return change(store, match, [*match.hands[:index], hand_of(match, entry), *match.hands[index + 1:]])


def delete_hand(store: ScoreStore, match_id: str, token: str | None, number: int) -> ScoreMatch:
    match = editable(store, match_id, token)
    index = hand_index(match, number)
    return change(store, match, match.hands[:index] + match.hands[index + 1:])


def hand_index(match: ScoreMatch, number: int) -> int:
    if not 1 <= number <= len(match.hands):
        raise Refusal("not_found", "No hand {number} in this match", number=number)
    return number - 1


def match_json(match: ScoreMatch) -> dict[str, Any]:
    """What the page shows: the match, every hand with the running totals after it, the winner."""
    running = list(accumulate(([*h["totals"]] for h in match.hands), lambda a, b: [x + y for x, y in zip(a, b)]))
    return {"id": match.id, "rules": match.rules, "players": match.players, "target": match.target,
            "sides": match.sides, "totals": running[-1] if running else [0] * len(match.sides),
            "hands": [{"number": i + 1, **hand, "running": running[i]} for i, hand in enumerate(match.hands)],
            "winner": match.winner, "finished": match.winner is not None, "version": match.version}
