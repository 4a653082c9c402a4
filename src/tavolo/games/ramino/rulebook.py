"""The rules a Ramino move can break, each with the passage of the seed
(``raccolta-regole-giochi-di-carte.txt``, "Ramino"); DECISIONS.md where the
seed is silent."""

from __future__ import annotations

from tavolo.engine.errors import Rule, Text

SEED = "raccolta, Ramino"

GAME_OVER = Rule("game-over", Text("the match is over"), f"{SEED}: partita ai 101 punti")
DEAL_FIRST = Rule("deal-first", Text("the cards must be dealt (or the discards reshuffled) first"),
                  f"{SEED}: distribuzione")
FIRST_TAKES = Rule("first-takes", Text("the first player takes the card turned up at the deal, unless he closes "
                   "at once"), f"{SEED}: il primo di mano prende la carta scoperta")
DRAW_FIRST = Rule("draw-first", Text("a turn begins by drawing from the stock or taking the last discard"),
                  f"{SEED}: prendere la prima carta coperta oppure quella scartata")
ONE_DRAW = Rule("one-draw", Text("one draw per turn, then a discard"), f"{SEED}: scartandone poi una")
NOT_IN_HAND = Rule("not-in-hand", Text("a player discards only cards from his own hand"), f"{SEED}: scarta una carta")
RETURN_TAKEN = Rule("return-taken", Text("the discard just taken may not be discarded again in the same turn"),
                    "DECISIONS.md, Ramino")
CLOSE_ZERO = Rule("close-zero", Text("a player closes only with every other card in combinations (a zero)"),
                  f"{SEED}: chiusura a zero")
CLOSE_AT_ONCE = Rule("close-at-once", Text("only the first player, before his first draw, closes with the cards "
                     "he was dealt"), f"{SEED}: immediata chiusura del primo di mano")
NO_SUCH_ACTION = Rule("no-such-action", Text("not a Ramino action"), "tavolo.games.ramino.actions")


def close_points(limit: int) -> Rule:
    """The closing rule of a table that closes "ai punti" with at most ``limit``."""
    return Rule("close-points", Text("a player closes only when his loose cards are worth {limit} points or less",
                                     limit=limit), f"{SEED}: chiusura ai punti")
