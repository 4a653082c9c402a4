"""A trick-taking state as JSON and back: every field, the hidden ones
included, cards in notation, so that a saved game resumes exactly. A game
with fields of its own adds them under ``"extra"``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from tavolo.cards import italian as it
from tavolo.games.trick_taking.scoring import RoundResult
from tavolo.games.trick_taking.state import DEAL, PHASE_NAMES, TrickState
from tavolo.games.trick_taking.tricks import bits, cards_of

if TYPE_CHECKING:
    from tavolo.engine.game import Game


def names(cards) -> list[str]:
    """Cards as a JSON list of their notation."""
    return it.names(cards).split()


def parse_names(texts: list[str]) -> list[int]:
    return it.parse_many(" ".join(texts))


def state_to_json(s: TrickState) -> dict[str, Any]:
    return {
        "game": s.game.name, "options": s.game.options_json(), "phase": PHASE_NAMES[s._phase],
        "dealer": s._dealer, "round_number": s._round_no, "turn": s._turn, "leader": s._leader,
        "hands": [names(cards_of(h)) for h in s._hands], "stock": names(s._stock), "trick": names(s._trick),
        "tricks": [[leader, names(cards), winner] for leader, cards, winner in s._tricks],
        "won": list(s._won), "known": [names(cards_of(k)) for k in s._known],
        "trump_card": it.name(s._trump_card) if s._trump_card >= 0 else None,
        "scores": list(s._scores), "results": [r.to_json() for r in s._results],
        "extra": s._extra_to_json(), "history": list(s.history),
    }


def state_from_json(game: Game, data: dict[str, Any]) -> TrickState:
    if data.get("game") != game.name:
        raise ValueError(f"not a {game.name} state: game is {data.get('game')!r}")
    s = cast(TrickState, game.new_initial_state())
    s._phase = PHASE_NAMES.index(data["phase"])
    s._dealer, s._round_no, s._turn, s._leader = data["dealer"], data["round_number"], data["turn"], data["leader"]
    s._hands = [bits(parse_names(h)) for h in data["hands"]]
    s._stock, s._trick = parse_names(data["stock"]), parse_names(data["trick"])
    s._tricks = [(leader, tuple(parse_names(cards)), winner) for leader, cards, winner in data["tricks"]]
    s._won = list(data["won"])
    s._known = [bits(parse_names(k)) for k in data["known"]]
    s._trump_card = it.parse(data["trump_card"]) if data["trump_card"] else -1
    s._scores = list(data["scores"])
    s._results = [RoundResult.from_json(r) for r in data["results"]]
    s._extra_from_json(data["extra"])
    s.history = list(data["history"])
    cards = s.all_cards()
    if (s._phase != DEAL or cards) and cards != game.deck_counts:
        raise ValueError("the state's cards are not exactly the deck's")
    return s
