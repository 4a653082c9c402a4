"""A Burraco state as JSON and back: every field, the hidden ones included,
so that a saved game resumes exactly (cards in notation, melds as their
fields plus a readable ``text``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tavolo.cards import french as fr
from tavolo.games.burraco.melds import Group, Meld, Run, is_valid, meld_text
from tavolo.games.burraco.observation import mask_cards
from tavolo.games.burraco.scoring import HandResult
from tavolo.games.burraco.state import PHASE_NAMES, BurracoState

if TYPE_CHECKING:
    from tavolo.engine.game import CardGame


def _cards(cards) -> list[str]:
    return [fr.name(c) for c in cards]


def _parse_cards(names: list[str]) -> list[int]:
    return [fr.parse(n) for n in names]


def meld_to_json(meld: Meld) -> dict[str, Any]:
    if type(meld) is Run:
        return {"run": list(meld), "text": meld_text(meld)}
    return {"group": [meld.rank, list(meld.counts), meld.wild], "text": meld_text(meld)}


def meld_from_json(data: dict[str, Any]) -> Meld:
    if "run" in data:
        meld: Meld = Run(*data["run"])
    else:
        rank, counts, wild = data["group"]
        meld = Group(rank, tuple(counts), wild)
    if not is_valid(meld):
        raise ValueError(f"not a valid meld: {data}")
    return meld


def state_to_json(s: BurracoState) -> dict[str, Any]:
    return {
        "game": "burraco",
        "options": s.game.options_json(),
        "phase": PHASE_NAMES[s._phase], "turn": s._turn, "turn_number": s._turn_no, "dealer": s._dealer,
        "hand_number": s._hand_no, "scores": list(s._scores), "everyone_alone": s._alone,
        "hands": [_cards(s.hand_cards(seat)) for seat in range(s._n)],
        "pending": [_cards(p) for p in s._pending],
        "known": [_cards(c for c in range(len(k)) for _ in range(k[c])) for k in s._known],
        "shunned": [_cards(mask_cards(mask)) for mask in s._shunned],
        "stock": _cards(s._stock), "pile": _cards(s._pile),
        "pozzetti": [{"cards": _cards(p), "side": o, "taken": t}
                     for p, o, t in zip(s._pozzetti, s._pozz_owner, s._pozz_taken)],
        "sides": [list(seats) for seats in s._sides], "sides_formed": s._formed,
        "melds": [[meld_to_json(m) for m in side] for side in s._melds],
        "single_pile_card": s._single, "must_meld": s._must_meld, "stall_streak": s._stall,
        "last_turn": s._last_turn, "closed_by": s._closed_by,
        "time_out": s._timeout, "plays_left": s._plays_left,
        "results": [r.to_json() for r in s._results],
        "history": list(s.history),
    }


def state_from_json(game: CardGame, data: dict[str, Any]) -> BurracoState:
    if data.get("game") != "burraco":
        raise ValueError(f"not a Burraco state: game is {data.get('game')!r}")
    s = BurracoState(game)
    n = s._n
    s._phase = PHASE_NAMES.index(data["phase"])
    s._turn, s._turn_no, s._dealer = data["turn"], data["turn_number"], data["dealer"]
    s._hand_no, s._scores, s._alone = data["hand_number"], list(data["scores"]), data["everyone_alone"]
    for seat, names in enumerate(data["hands"]):
        for card in _parse_cards(names):
            s._add(seat, card)
    s._pending = [_parse_cards(p) for p in data["pending"]]
    for seat, names in enumerate(data["known"]):
        for card in _parse_cards(names):
            s._known[seat][card] += 1
    for seat, names in enumerate(data.get("shunned", ())):  # a game saved before the record: none
        for card in _parse_cards(names):
            s._shunned[seat] |= 1 << card
    s._stock, s._pile = _parse_cards(data["stock"]), _parse_cards(data["pile"])
    s._pozzetti = [_parse_cards(p["cards"]) for p in data["pozzetti"]]
    s._pozz_owner = [p["side"] for p in data["pozzetti"]]
    s._pozz_taken = [p["taken"] for p in data["pozzetti"]]
    s._sides = [tuple(seats) for seats in data["sides"]]
    s._formed = data["sides_formed"]
    s._side_of = [0] * n
    for side, seats in enumerate(s._sides):
        for seat in seats:
            s._side_of[seat] = side
    s._melds = [[meld_from_json(m) for m in side] for side in data["melds"]]
    s._refresh_side_pozzetti()
    s._single, s._must_meld, s._stall = data["single_pile_card"], data["must_meld"], data["stall_streak"]
    s._last_turn, s._closed_by = data["last_turn"], data["closed_by"]
    s._timeout, s._plays_left = data["time_out"], data["plays_left"]
    s._results = [HandResult.from_json(r) for r in data["results"]]
    s.history = list(data["history"])
    if s._phase != 0 and s.all_cards() != game.deck_counts:
        raise ValueError("the state's cards are not exactly the deck's")
    return s
