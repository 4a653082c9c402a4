"""Ratings of the players with an account (classifica), by OpenSkill's
Plackett-Luce model: partners are one team (Burraco in pairs, Briscola in
four), the teams ranked by the match's returns. A seat without an account
(a guest or a bot) plays with the model's default rating and keeps nothing::

    >>> new = rate([(0, 2), (1, 3)], [1.0, -1.0, 1.0, -1.0], ["anna", None, "bruno", "carla"], {})
    >>> sorted(new), new["anna"][0] > 25 > new["carla"][0]
    (['anna', 'bruno', 'carla'], True)
"""

from __future__ import annotations

from collections.abc import Sequence

from openskill.models import PlackettLuce

MODEL = PlackettLuce()


def ordinal(mu: float, sigma: float) -> float:
    """The rating shown to people: ``mu - 3 sigma`` (0 for a new player), one decimal.

    >>> ordinal(25.0, 25 / 3)
    0.0
    """
    return round(MODEL.create_rating([mu, sigma]).ordinal(), 1)


def teams(state: object, players: int) -> list[tuple[int, ...]]:
    """The partnerships of a game's state (its ``sides`` where it has them), else one seat a team."""
    sides = getattr(state, "sides", None)
    if isinstance(sides, (list, tuple)) and sides and all(isinstance(s, tuple) for s in sides):
        return [tuple(s) for s in sides]
    return [(seat,) for seat in range(players)]


def rate(sides: Sequence[tuple[int, ...]], returns: Sequence[float], accounts: Sequence[str | None],
         ratings: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """The new ``(mu, sigma)`` of every account at the table after a match whose
    seats got ``returns``; ``ratings`` holds the accounts' ratings before it
    (an account missing there starts from the default)."""
    def rating(seat: int):
        name = accounts[seat]
        return MODEL.create_rating(list(ratings[name])) if name in ratings else MODEL.rating()

    before = [[rating(seat) for seat in side] for side in sides]
    after = MODEL.rate(before, scores=[returns[side[0]] for side in sides])
    return {accounts[seat]: (new.mu, new.sigma) for side, team in zip(sides, after, strict=True)
            for seat, new in zip(side, team, strict=True) if accounts[seat] is not None}
