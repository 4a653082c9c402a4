"""A bridge state as JSON and back: every field, the hidden ones included,
cards and calls in notation, so that a saved game resumes exactly."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from tavolo.games.bridge import calls as cl
from tavolo.games.bridge.cards import names, parse_many
from tavolo.games.bridge.results import HandResult
from tavolo.games.bridge.rubber import RubberSheet
from tavolo.games.bridge.state import DEAL, PHASE_NAMES, BridgeState
from tavolo.games.trick_taking.tricks import bits, cards_of

if TYPE_CHECKING:
    from tavolo.engine.game import Game


def _names(cards) -> list[str]:
    return names(cards).split()


def state_to_json(s: BridgeState) -> dict[str, Any]:
    return {
        "game": s.game.name, "options": s.game.options_json(), "phase": PHASE_NAMES[s._phase],
        "dealer": s._dealer, "hand_number": s._hand_no, "turn": s._turn, "leader": s._leader,
        "hands": [_names(cards_of(h)) for h in s._hands], "calls": [cl.call_name(c) for c in s._calls],
        "contract": None if s._contract is None else str(s._contract), "trick": _names(s._trick),
        "tricks": [[leader, _names(cards), winner] for leader, cards, winner in s._tricks],
        "won": list(s._won), "scores": list(s._scores), "sheet": s._sheet.to_json(),
        "results": [r.to_json() for r in s._results], "history": list(s.history),
    }


def state_from_json(game: Game, data: dict[str, Any]) -> BridgeState:
    if data.get("game") != game.name:
        raise ValueError(f"not a {game.name} state: game is {data.get('game')!r}")
    s = cast(BridgeState, game.new_initial_state())
    s._phase = PHASE_NAMES.index(data["phase"])
    s._dealer, s._hand_no, s._turn, s._leader = data["dealer"], data["hand_number"], data["turn"], data["leader"]
    s._hands = [bits(parse_many(" ".join(h))) for h in data["hands"]]
    s._calls = [cl.parse_call(c) for c in data["calls"]]
    s._contract = cl.Contract.parse(data["contract"]) if data["contract"] else None
    s._trick = parse_many(" ".join(data["trick"]))
    s._tricks = [(leader, tuple(parse_many(" ".join(cards))), winner) for leader, cards, winner in data["tricks"]]
    s._won = list(data["won"])
    s._scores = list(data["scores"])
    s._sheet = RubberSheet.from_json(data["sheet"])
    s._results = [HandResult.from_json(r) for r in data["results"]]
    s.history = list(data["history"])
    cards = s.all_cards()
    if s._phase not in (DEAL,) and cards != game.deck_counts:
        raise ValueError("the state's cards are not exactly the deck's")
    return s
