"""Building exact Briscola and Tressette positions for rule tests.

``position`` lays out the hands, the stock and the trick on the table as a test names
them; every other card of the deck is in tricks already taken by ``taken_by`` (three or
four cards a trick), whose points count for that seat's side, or, for positions at the
start of a round, in the hand of seat ``rest_to``."""

from __future__ import annotations

from tavolo.cards import italian as it
from tavolo.games import make_game


def _names(text: str) -> list[str]:
    return it.names(it.parse_many(text)).split()


def position(name: str, *, hands: dict[int, str], stock: str = "", trick: str = "", leader: int = 0,
             trump: str | None = None, taken_by: int = 0, rest_to: int | None = None, round_number: int = 0,
             extra: dict | None = None, **options):
    """``hands`` by seat; ``stock`` bottom card first (the Briscola trump card first);
    ``trick`` the cards on the table, played from ``leader``."""
    game = make_game(name, **options)
    state = game.new_initial_state()
    n = game.num_players
    named = set(it.parse_many(" ".join([*hands.values(), stock, trick])))
    rest = [c for c in game.deck if c not in named]
    hands = {s: hands.get(s, "") for s in range(n)}
    if rest_to is not None:
        hands[rest_to] += " " + it.names(rest)
        rest = []
    tricks = [[taken_by, it.names(rest[i:i + n]).split(), taken_by] for i in range(0, len(rest), n)]
    won = [0] * len(state.sides)
    won[state.side_of(taken_by)] = sum(state.points[c] for c in rest)
    data = {
        "game": name, "options": game.options_json(), "phase": "play", "dealer": n - 1,
        "round_number": round_number, "turn": (leader + len(it.parse_many(trick))) % n, "leader": leader,
        "hands": [_names(hands[s]) for s in range(n)], "stock": _names(stock), "trick": _names(trick),
        "tricks": tricks, "won": won, "known": [[] for _ in range(n)], "trump_card": trump,
        "scores": [0] * len(state.sides), "results": [], "extra": {**state._extra_to_json(), **(extra or {})},
        "history": [],
    }
    return game.state_from_json(data)


def texts(state) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def play(state, *moves: str) -> None:
    for move in moves:
        state.apply(state.parse_action(move))
