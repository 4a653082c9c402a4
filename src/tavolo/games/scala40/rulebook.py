"""The rules a Scala 40 move can break, each with the article of the FISCA
regulation quoted in the seed (``raccolta-regole-giochi-di-carte.txt``,
"Regolamento Scala 40 da FISCA.IT"); DECISIONS.md where the seed is silent."""

from __future__ import annotations

from tavolo.engine.errors import Rule, Text

FISCA = "FISCA Scala 40"

GAME_OVER = Rule("game-over", Text("the match is over: one player is left"), f"{FISCA} art. 8")
DEAL_FIRST = Rule("deal-first", Text("the cards must be dealt (or the pozzo reshuffled) first"), f"{FISCA} art. 2, 6.4")
DRAW_FIRST = Rule("draw-first", Text("a turn begins by drawing from the stock or, once opened, taking the last "
                  "discard"), f"{FISCA} art. 5.1")
ONE_DRAW = Rule("one-draw", Text("one draw per turn"), f"{FISCA} art. 5.1")
TAKE_NOT_OPENED = Rule("take-not-opened", Text("only a player who has opened may take the last discard from the pozzo"),
                       f"{FISCA} art. 5.1, 5.4")
TAKE_MUST_USE = Rule("take-must-use", Text("the card taken from the pozzo must be used at once in a meld or attached"),
                     f"{FISCA} art. 5.4")
TAKE_TO_OPEN = Rule("take-to-open", Text("before opening, the last discard may be taken only to open in the same "
                    "turn with melds that use it"), f"{FISCA} art. 9a")
NOT_IN_HAND = Rule("not-in-hand", Text("a player plays only cards from his own hand"), f"{FISCA} art. 5")
MELD_SHAPE = Rule("meld-shape", Text("a meld is a sequence of three or more cards of one suit in order, or a "
                  "combination of three or four cards of one rank in different suits, with at most one joker"),
                  f"{FISCA} art. 3")
OPENING = Rule("opening-40", Text("the melds of an opening must be worth 40 points or more, the joker worth the card "
               "it stands for"), f"{FISCA} art. 4.1")
OPENING_CLEAN = Rule("opening-clean", Text("a joker may be used in an opening only beside melds without a joker "
                     "worth 40 by themselves"), f"{FISCA} art. 9c")
NOT_OPENED = Rule("not-opened", Text("only a player who has opened may attach cards or swap a joker"),
                  f"{FISCA} art. 5.2, 5.3")
NO_SUCH_MELD = Rule("no-such-meld", Text("there is no such meld on the table"), f"{FISCA} art. 5.2")
DOES_NOT_FIT = Rule("does-not-fit", Text("an attached card must extend the sequence or complete the combination"),
                    f"{FISCA} art. 3, 5.2")
SWAP_CARD = Rule("swap-card", Text("a joker is swapped only for the natural card it stands for"), f"{FISCA} art. 5.3")
MUST_USE = Rule("must-use", Text("the card taken from the pozzo, and a joker taken off the table, must be used in a "
                "meld or attached before the discard"), f"{FISCA} art. 5.3, 5.4")
MELD_THE_TAKEN = Rule("meld-the-taken", Text("a card taken to open must be part of the opening's melds"),
                      f"{FISCA} art. 9a")
OPEN_FIRST = Rule("open-first", Text("an opening begun must reach 40 points before the discard"), f"{FISCA} art. 4.1")
DISCARD_ATTACHES = Rule("discard-attaches", Text("before opening, a card that attaches to a meld on the table may not "
                        "be discarded"), f"{FISCA} art. 5.4")
CLOSE_FIRST_ROUND = Rule("close-first-round", Text("no one closes in the first round: every player must have played "
                         "a turn"), f"{FISCA} art. 6.5")
KEEP_A_DISCARD = Rule("keep-a-discard", Text("a player closes only by discarding his last card, so he may not meld his "
                      "whole hand"), f"{FISCA} art. 6.1, 6.2")
DEAD_END = Rule("dead-end", Text("a move may not leave the player without a lawful way to end the turn"),
                "DECISIONS.md, Scala 40")
NO_SUCH_ACTION = Rule("no-such-action", Text("not a Scala 40 action"), "tavolo.games.scala40.actions")
