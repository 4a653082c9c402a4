"""The rules a Pinnacola move can break, each with the passage of the seed
(``raccolta-regole-giochi-di-carte.txt``, "Pinnacola"); DECISIONS.md where the
seed is silent."""

from __future__ import annotations

from tavolo.engine.errors import Rule, Text

SEED = "raccolta, Pinnacola"

GAME_OVER = Rule("game-over", Text("the match is over"), f"{SEED}: vince la coppia che raggiunge per prima i punti")
DEAL_FIRST = Rule("deal-first", Text("the cards must be dealt first"), f"{SEED}: il mazziere distribuisce")
DRAW_FIRST = Rule("draw-first", Text("a turn begins by drawing from the stock or taking from the pozzo"),
                  f"{SEED}: ogni giocatore a turno deve pescare")
ONE_DRAW = Rule("one-draw", Text("one draw per turn"), f"{SEED}: pescare una carta dal mazzo")
TAKE_ROW = Rule("take-row", Text("taking a card from the pozzo takes every card discarded after it, and the first "
                "of them must be melded at once"), f"{SEED}: le carte scartate vanno poste in fila")
NOT_IN_HAND = Rule("not-in-hand", Text("a player plays only cards from his own hand"), f"{SEED}: calare")
MELD_SHAPE = Rule("meld-shape", Text("a meld is a run of three or more cards of one suit in order, or a tris or "
                  "poker of one rank in different suits, with at most one wild"), f"{SEED}: le combinazioni")
NOT_OPENED = Rule("not-opened", Text("a player attaches cards, or moves a wild of his side's runs, only after laying "
                  "a combination of three of his own"), f"{SEED}: se non ha calato almeno una combinazione di tre carte")
NO_SUCH_MELD = Rule("no-such-meld", Text("there is no such meld of your side on the table"), f"{SEED}: attaccarsi "
                    "alle sue combinazioni")
DOES_NOT_FIT = Rule("does-not-fit", Text("an attached card must extend the run or complete the tris"),
                    f"{SEED}: attaccarsi alle combinazioni")
SWAP_CARD = Rule("swap-card", Text("a matta is taken only by putting the card it stands for in its place; a mattino "
                 "only moves within its meld"), f"{SEED}: la matta può essere prelevata da chiunque")
MUST_MELD = Rule("must-meld", Text("the first card taken from the pozzo (and a matta taken, where agreed) must be "
                 "melded before the discard"), f"{SEED}: l'obbligo di formare la combinazione")
ONE_SHIFT = Rule("one-shift", Text("a wild at an end of one of your side's runs moves to its other end, once a turn"),
                 f"{SEED}: se un giocatore sbaglia a posizionare una matta può cambiare la sua posizione")
CLOSE_NEEDS = Rule("close-needs", Text("closing needs a poker and a pinnacola among the side's melds"),
                   f"{SEED}: una variante prevede l'impossibilità di chiusura")
NO_SUCH_ACTION = Rule("no-such-action", Text("not a Pinnacola action"), "tavolo.games.pinnacola.actions")
