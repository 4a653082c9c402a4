"""The rules a Burraco move can break, each with the seed article it comes from.

Seeds: ``fedibur-1985`` is ``fedibur-regolamento-1985.txt``, ``estratto`` is
``fibur-regolamento-estratto.txt``, ``codice`` is
``fibur-codice-di-gara-internazionale.txt``; DECISIONS.md where the seeds are
silent.
"""

from __future__ import annotations

from tavolo.engine.errors import Rule, Text

GAME_OVER = Rule("game-over", Text("the game is over"), "estratto, Fine partita")
DEAL_FIRST = Rule("deal-first", Text("the cards must be dealt first"), "fedibur-1985 art. 3")
DRAW_FIRST = Rule("draw-first", Text("a turn begins by drawing from the stock or taking the whole discard pile"),
                  "fedibur-1985 art. 4; estratto, La fase di gioco; codice art. 28")
ONE_DRAW = Rule("one-draw", Text("only one draw or take per turn"), "fedibur-1985 art. 4; estratto, La fase di gioco")
ANTI_STALL = Rule("anti-stall", Text("after every player has twice in a row taken a one-card discard pile, "
                  "the player who began must draw from the stock"), "fedibur-1985 art. 5")
TAKE_NEEDS_MELD = Rule("take-needs-meld", Text("in International Burraco the discard pile may be taken only if a card "
                       "can then be melded or attached"), "codice, Burraco Internazionale regola 3 and art. 8")
MUST_MELD = Rule("must-meld", Text("after taking the discard pile in International Burraco at least one card must "
                 "be melded or attached before discarding"), "codice, Burraco Internazionale regola 3 and art. 8")
NOT_IN_HAND = Rule("not-in-hand", Text("a player plays only cards from his own hand"), "fedibur-1985 art. 4")
ONE_GROUP_PER_RANK = Rule("one-group-per-rank", Text("a side may not open two combinations of the same rank"),
                          "fedibur-1985 art. 5; codice art. 30")
GROUP_RANKS = Rule("group-ranks", Text("in International Burraco combinations are only of aces and threes"),
                   "codice, Burraco Internazionale regola 2; art. 9 and 12")
NO_SUCH_MELD = Rule("no-such-meld", Text("cards are attached only to the side's own melds"), "fedibur-1985 art. 4")
ONE_WILD = Rule("one-wild", Text("a meld holds at most one wild (jolly or pinella), besides a pinella in its "
                "natural place in a sequence"), "fedibur-1985 art. 5; codice art. 9")
DOES_NOT_FIT = Rule("does-not-fit", Text("an attached card must extend the sequence or combination, or replace the "
                    "wild that stands for it"), "fedibur-1985 art. 4-5; codice art. 10-12")
SINGLE_CARD_PILE = Rule("single-card-pile", Text("a one-card discard pile taken may not be discarded in the same "
                        "turn unless the player holds an identical card"),
                        "fedibur-1985 art. 5; estratto, Convenzioni; codice art. 8")
CLOSE_NOT_YET = Rule("close-first-round", Text("no one closes before every player has played once"),
                     "fedibur-1985 art. 5")
CLOSE_NEEDS_BURRACO = Rule("close-needs-burraco", Text("closing needs the pozzetto taken and at least one burraco"),
                           "fedibur-1985 art. 8; estratto, Condizioni di fine round")
CLOSE_NEEDS_CLEAN = Rule("close-needs-clean", Text("in International Burraco closing needs a clean burraco"),
                         "codice, Burraco Internazionale regola 1; art. 16")
CLOSE_WITH_WILD = Rule("close-with-wild", Text("the closing discard may not be a wild"),
                       "fedibur-1985 art. 6; codice art. 14 and 31/B")
KEEP_A_DISCARD = Rule("keep-a-discard", Text("once the side's pozzetto is taken, a player closes only by discarding "
                      "his last card, so he may not meld his whole hand"), "fedibur-1985 art. 6; codice art. 31/C")
DEAD_END = Rule("dead-end", Text("a move may not leave the player without a legal way to end the turn"),
                "DECISIONS.md, Closing")
TIME_OUT_OFF = Rule("time-out-off", Text("this game has no time-out"), "fedibur-1985 art. 10; codice art. 15")
TIME_OUT_TWICE = Rule("time-out-twice", Text("the time-out is announced once"), "fedibur-1985 art. 10")
MELD_SHAPE = Rule("meld-shape", Text("a meld is a sequence of three or more cards of one suit in order, or a "
                  "combination of three or more cards of one rank, with at most one wild"),
                  "fedibur-1985 art. 4; codice art. 9, 11, 12")
NO_WILD_MELDS = Rule("no-wild-melds", Text("no meld may be made of wilds only"),
                     "fedibur-1985 art. 4-5; codice art. 10")
STOCK_END = Rule("stock-end", Text("when two cards are left in the stock the hand is over: they are not drawn and the "
                 "discard pile is not taken"), "fedibur-1985 art. 5; DECISIONS.md, table rules")
PINELLA_NATURAL = Rule("pinella-natural", Text("a pinella of the sequence's suit in the place of the 2, below the 3, is "
                       "the natural 2, not a wild"), "fedibur-1985 art. 4 and 6")
NO_SUCH_ACTION = Rule("no-such-action", Text("not a Burraco action"), "tavolo.games.burraco.actions")
