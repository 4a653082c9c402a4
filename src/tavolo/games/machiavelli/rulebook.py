"""The rules a Machiavelli move can break, each with the passage of the seed
(``raccolta-regole-giochi-di-carte.txt``, "Machiavelli"); DECISIONS.md where the
seed is silent."""

from __future__ import annotations

from tavolo.engine.errors import Rule, Text

SEED = "raccolta, Machiavelli"

GAME_OVER = Rule("game-over", Text("the match is over"), "DECISIONS.md, Machiavelli")
DEAL_FIRST = Rule("deal-first", Text("the cards must be dealt first"), f"{SEED}: il mazziere distribuisce 13 carte")
NO_SUCH_ACTION = Rule("no-such-action", Text("not a Machiavelli action"), "tavolo.games.machiavelli.actions")
NOT_IN_HAND = Rule("not-in-hand", Text("a player lays only cards from his own hand"),
                   f"{SEED}: può decidere di depositarle sul tavolo")
NO_GROUP = Rule("no-combination", Text("that combination is not on the table"), f"{SEED}: scale o gruppi")
OPEN_FIRST = Rule("open-first", Text("until he has opened, a player lays only new combinations of his own cards; "
                  "from his next turn he may add to and rearrange the table"),
                  f"{SEED}: i giocatori che hanno aperto ... possono anche aggiungere le loro carte")
VALID_TABLE = Rule("valid-table", Text("a turn ends only with every combination on the table valid: runs of three "
                   "or more cards of one suit, groups of three or four of one rank in different suits"),
                   f"{SEED}: purché rimangano sempre gruppi di minimo di tre carte")
LAY_OR_DRAW = Rule("lay-or-draw", Text("a player who lays no card of his own draws one from the stock"),
                   f"{SEED}: se il giocatore non deposita carte sul tavolo deve necessariamente pescare")
STOCK_EMPTY = Rule("stock-empty", Text("the stock is empty: a player who lays nothing passes"),
                   "DECISIONS.md, Machiavelli")
STOCK_LEFT = Rule("stock-left", Text("a player passes only when the stock is empty; otherwise he draws"),
                  f"{SEED}: deve necessariamente pescare una carta dal mazzo")
NOTHING_TO_UNDO = Rule("nothing-to-undo", Text("no move of this turn to undo"), "DECISIONS.md, Machiavelli")
TURN_MOVES = Rule("turn-moves", Text("a turn has at most twice as many moves as the cards on the table and in hand "
                  "at its start: end it, undo or draw"), "DECISIONS.md, Machiavelli")
TABLE_FULL = Rule("table-full", Text("the table holds at most 48 combinations during a turn"),
                  "DECISIONS.md, Machiavelli")
