"""The rules a Canasta move can break, each with the passage of the seed
(``raccolta-regole-giochi-di-carte.txt``, "Canasta"); DECISIONS.md where the seed is
silent."""

from __future__ import annotations

from tavolo.engine.errors import Rule, Text

SEED = "raccolta, Canasta"

GAME_OVER = Rule("game-over", Text("the match is over"), f"{SEED}: Scopo")
DEAL_FIRST = Rule("deal-first", Text("the cards must be dealt first"), f"{SEED}: il mazziere distribuisce 15 carte")
NO_SUCH_ACTION = Rule("no-such-action", Text("not a Canasta action"), "tavolo.games.canasta.actions")
DRAW_FIRST = Rule("draw-first", Text("a turn begins by drawing two cards from the stock or taking the pozzo, "
                  "unless the player opens first"), f"{SEED}: deve pescare due carte dal mazzo coperto")
ONE_DRAW = Rule("one-draw", Text("one draw per turn: a player who opened before drawing draws one card, "
                "otherwise two"), f"{SEED}: dopo l'apertura pesca dal mazzo una sola carta")
TAKE_POZZO = Rule("take-pozzo", Text("the pozzo is taken whole with two cards equal to its top, three when the "
                  "top is a pinella or a joker, never when a black 3 tops it"),
                  f"{SEED}: solo se si possiedono in mano almeno due carte uguali all'ultima scartata")
NOT_IN_HAND = Rule("not-in-hand", Text("a player lays and discards only cards from his own hand"),
                   f"{SEED}: scartare una carta")
BAD_MELD = Rule("bad-meld", Text("a combination is of one rank: at least two naturals, one wild with a pair, "
                "at most two with three or more"), f"{SEED}: combinazioni ... solo da serie di carte dello stesso valore")
NO_THREES = Rule("no-threes", Text("3s never form a combination: a red 3 is set aside at once, a black 3 is only "
                 "discarded"), f"{SEED}: toglie i 3 rossi ... e li mette da parte; DECISIONS.md, Canasta")
CLOSING = Rule("closing", Text("a side closes only with two canaste, one of them clean"),
               f"{SEED}: non è comunque possibile chiudere prima di aver realizzato almeno due canaste")
KEEP_A_CARD = Rule("keep-a-card", Text("a player keeps a card to discard: he closes by discarding"),
                   f"{SEED}: finire le proprie carte in mano scartando una carta sul pozzo")
NOTHING_TO_RETRACT = Rule("nothing-to-retract", Text("only an opening short of its minimum is taken back, "
                          "once a turn"), "DECISIONS.md, Canasta")
AFTER_RETRACT = Rule("after-retract", Text("an opening taken back is not tried again in the same turn"),
                     "DECISIONS.md, Canasta")


def opening(points: int) -> Rule:
    """The opening minimum of a side, by its score (50, 90, 120, 160, 180, 200)."""
    return Rule("opening", Text("an opening must reach {points} points", points=points),
                f"{SEED}: aprire solo se il valore delle carte ... raggiunge minimo i cinquanta punti; Scopo")
