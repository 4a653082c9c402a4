"""The rules a Tarocchi move can break; ``raccolta`` is
``raccolta-regole-giochi-di-carte.txt``, section "Gioco dei tarocchi"."""

from tavolo.engine.errors import Rule, Text
from tavolo.games.trick_taking.rulebook import TrickRulebook

SEED = "raccolta, Gioco dei tarocchi"
RULES = TrickRulebook.for_game(SEED, "Svolgimento del gioco")
FOLLOW_SUIT = Rule("follow-suit", Text("a player must answer the suit led when he can"),
                   f"{SEED}, Svolgimento del gioco")
MUST_TRUMP = Rule("must-trump", Text("without the suit led a player must play a trump (il taglio)"),
                  f"{SEED}, Casi particolari")
DISCARD = Rule("dealer-discard", Text("the dealer discards cards of his hand, neither trumps nor the Matto, until "
                                      "he holds as many as the others"), f"{SEED}, Svolgimento del gioco")
DISCARD_NO_KINGS = Rule("dealer-discard", Text("the dealer discards cards of his hand, neither kings nor trumps nor "
                                               "the Matto, until he holds as many as the others"),
                        f"{SEED}, Svolgimento del gioco (option: no kings in the discard)")
