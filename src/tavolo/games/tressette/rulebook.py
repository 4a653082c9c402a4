"""The rules a Tressette move can break, citing the seed: ``raccolta`` is
``raccolta-regole-giochi-di-carte.txt``, section "Tressette"."""

from tavolo.engine.errors import Rule, Text
from tavolo.games.trick_taking.rulebook import TrickRulebook

SEED = "raccolta, Tressette"
RULES = TrickRulebook.for_game(SEED, "La partita a quattro")
FOLLOW_SUIT = Rule("follow-suit", Text("a player must answer the suit led (palo) when he holds it; only without "
                   "it (a piombo) may he play another"), f"{SEED}, La partita a quattro")
NO_ACCUSI = Rule("no-accusi", Text("accusi are not played in this game (an option agreed before play)"),
                 f"{SEED}, L'accuso")
ACCUSO_LATE = Rule("accuso-late", Text("an accuso is declared by the player on turn before he plays, within the "
                   "third trick"), f"{SEED}, L'accuso: \"solo entro il terzo turno di presa\"")
ACCUSO_NOT_HELD = Rule("accuso-not-held", Text("an accuso declares cards the player holds: a napoli is A 2 3 of one "
                       "suit, a bongioco three of the aces, twos or threes without the fourth, a superbongioco "
                       "all four"), f"{SEED}, L'accuso")
ACCUSO_TWICE = Rule("accuso-twice", Text("a suit's napoli, or a rank's bongioco or superbongioco, is declared once"),
                    f"{SEED}, L'accuso")
