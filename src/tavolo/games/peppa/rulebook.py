"""The rules a Peppa or Hearts move can break. ``raccolta`` is
``raccolta-regole-giochi-di-carte.txt``, section "Peppa-Chat noir-Hearts";
the classic Hearts rules are those of OpenSpiel's ``hearts`` game (its
defaults: pass three cards, the 2 of clubs leads, no points on the first
trick, hearts must be broken, the queen of spades breaks them). A refusal shows a
rule's source to the player, so the Hearts rules cite them in words, the seed's
naming of the game first ("All'estero questo gioco è conosciuto sotto il nome di
Hearts"), never the rule set's internal names (``pass_cards``, ``no_pts_on_first_trick``)."""

from tavolo.engine.errors import Rule, Text
from tavolo.games.trick_taking.rulebook import TrickRulebook

SEED = "raccolta, Peppa-Chat noir-Hearts"
HEARTS = f"{SEED}, Varianti del nome; regole classiche di Hearts"
RULES = TrickRulebook.for_game(SEED, "Regole")
FOLLOW_SUIT = Rule("follow-suit", Text("a player must answer the suit led when he can"), f"{SEED}, Regole")
DRAW_POSITION = Rule("draw-position", Text("draw one card from the fanned hand offered to you, by its place"),
                     f"{SEED}, Regole")
KEEP_ONE = Rule("keep-one", Text("of three cards of a rank a player discards a pair and keeps the card he chooses"),
                f"{SEED}, Regole")
PASS_THREE = Rule("pass-three", Text("each player passes three cards of his hand"), f"{HEARTS}, il passaggio")
TWO_OF_CLUBS_LEADS = Rule("two-of-clubs-leads", Text("the 2 of clubs leads the first trick"),
                          f"{HEARTS}, l'uscita col 2 di fiori")
NO_POINTS_FIRST = Rule("no-points-first-trick", Text("no heart nor the queen of spades on the first trick "
                                                     "unless the hand holds nothing else"),
                       f"{HEARTS}, la prima presa")
HEARTS_BROKEN = Rule("hearts-broken", Text("hearts may not be led until a heart or the queen of spades has been "
                                           "played, unless the hand holds only hearts"),
                     f"{HEARTS}, i cuori rotti")
