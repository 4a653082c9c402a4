"""What the rummy games (Burraco, Scala 40, Ramino, Pinnacola) share: the
geometry of sequences (the ace low or high, never both), reading cards as a
meld with a game's own wild cards, numbering the ways one card may join a
meld, and states whose hands are card counts (with the discards reshuffled
into a new stock where the stock may run out).

Each game keeps its own meld values, because the rules differ where it
matters: a Burraco wild may stand free at the end of a sequence and a 2 is a
wild; a Scala 40 joker always stands for one card, and combinations need
different suits.
"""
