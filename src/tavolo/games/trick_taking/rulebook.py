"""The rules every trick-taking game shares, cited from each game's own seed.

    >>> rules = TrickRulebook.for_game("raccolta, Briscola", "Le Mani")
    >>> rules.not_in_hand.source
    'raccolta, Briscola, Le Mani'
"""

from __future__ import annotations

from dataclasses import dataclass

from tavolo.engine.errors import Rule, Text


@dataclass(frozen=True)
class TrickRulebook:
    """One game's copy of the shared rules, each citing that game's seed."""

    game_over: Rule
    deal_first: Rule
    not_in_hand: Rule
    no_such_action: Rule

    @classmethod
    def for_game(cls, seed: str, play_section: str) -> TrickRulebook:
        """``seed`` names the game's section of the seed file; ``play_section``
        the part that says how a card is played."""
        return cls(
            game_over=Rule("game-over", Text("the game is over"), seed),
            deal_first=Rule("deal-first", Text("the cards must be dealt first"), seed),
            not_in_hand=Rule("not-in-hand", Text("a player plays one card of his own hand, in turn"),
                             f"{seed}, {play_section}"),
            no_such_action=Rule("no-such-action", Text("not an action of this game"), seed),
        )
