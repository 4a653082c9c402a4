"""The rules a bridge call or card can break, citing the seed: ``raccolta`` is
``raccolta-regole-giochi-di-carte.txt``, section "Bridge"; where the seed is
silent the Laws of Duplicate Bridge 2017 are cited (DECISIONS.md)."""

from tavolo.engine.errors import Rule, Text

SEED = "raccolta, Bridge"
GAME_OVER = Rule("game-over", Text("the game is over"), SEED)
DEAL_FIRST = Rule("deal-first", Text("the cards must be dealt first"), f"{SEED}, Regole")
NO_SUCH_ACTION = Rule("no-such-action", Text("not an action of this game"), SEED)
CALL_IN_AUCTION = Rule("call-in-auction", Text("calls are made during the auction, before the first card"),
                       f"{SEED}, Regole: \"Prima di iniziare la vera e propria parte giocata\"")
CARD_IN_PLAY = Rule("card-in-play", Text("cards are played once the auction is over"),
                    f"{SEED}, Regole: \"Dopo queste indicazioni iniziali si comincia\"")
BID_TOO_LOW = Rule("bid-too-low", Text("a bid must be higher than the last bid: more tricks, or as many in a higher "
                                       "denomination (clubs, diamonds, hearts, spades, notrump)"),
                   f"{SEED}, Regole: \"può dichiarare 2 picche ... e non 2 fiori\"")
DOUBLE = Rule("double", Text("a double (contro) is of the opponents' last bid, not yet doubled"),
              f"{SEED}, Regole: \"il contre\"; Laws 2017, Law 19A")
REDOUBLE = Rule("redouble", Text("a redouble (surcontro) is of one's own side's bid doubled by the opponents"),
                f"{SEED}, Punteggio: \"surcontrato\"; Laws 2017, Law 19B")
NOT_IN_HAND = Rule("not-in-hand", Text("a card is played from the hand whose turn it is; declarer plays dummy's"),
                   f"{SEED}, Regole: \"Il suo compagno ... diventando così il morto\"")
FOLLOW_SUIT = Rule("follow-suit", Text("a player must follow the suit led when he can"),
                   f"{SEED}, Regole: \"La regola principale consiste nel rispondere ... stesso seme\"")
