"""The rules a Briscola move can break, citing the seed: ``raccolta`` is
``raccolta-regole-giochi-di-carte.txt``, section "Briscola". There is no duty
to follow suit (seed, "Le Mani": "Non esiste alcun obbligo ..."), so a card
is refused only when it is not the player's or it is not his turn."""

from tavolo.games.trick_taking.rulebook import TrickRulebook

RULES = TrickRulebook.for_game("raccolta, Briscola", "Le Mani")
