"""What the rummy games (Burraco, Scala 40) share: the geometry of sequences
(the ace low or high, never both), reading cards as a meld with a game's own
wild cards, and numbering the ways one card may join a meld.

Each game keeps its own meld values, because the rules differ where it
matters: a Burraco wild may stand free at the end of a sequence and a 2 is a
wild; a Scala 40 joker always stands for one card, and combinations need
different suits.
"""
