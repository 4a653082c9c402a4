"""Cards as players say them (le carte dette a parole): the names a person types in the move box,
read into the notation's tokens. The move log says a card in words ("gioca fante di coppe",
"scarta 3♥", "gioca il Matto"); a player who types what the log says, or says it as people do
at the table ("gioca il fante di coppe", "scarta tre di cuori", "the queen of spades"), names
the same card.

Each deck has its names, Italian and English alike, in any case, accents tolerated, with or
without the article (il, lo, l', la, i, un, una, the) and with or without "di"/"of":

- Italian cards (``"italian"``): asso/uno (or 1), due..sette (or 2-7), fante, cavallo, re, and
  the suits coppe, denari, bastoni, spade (ace, jack, knight, king; cups, coins, batons or clubs,
  swords or spades);
- French cards (``"french"``): asso, due..dieci (or 2-10), fante, donna, re (or J, Q, K, A), and
  the suits cuori, quadri, fiori, picche or their symbols ♥ ♦ ♣ ♠ ("3♥", "10 ♥"); the jolly (joker);
- tarot cards (``"tarot"``): the suited ones as the Italian cards and the donna; the trumps by
  their numeral ("XXI", "trionfo XXI", "trionfo 21", "il 21") or their figure as the table shows
  it ("il Bagatto", "l'Angelo", "il Mondo", "the World"), and the Matto ("il Matto", "the Fool").

A card in notation ("3h", "Jc", "XXI") is read too. :func:`rewrite` gives a typed move with its
cards in notation, for the game's own reader; :func:`words` gives its words as the move box
compares them with a move's words, each card as ``§`` and its token::

    >>> rewrite("gioca il fante di coppe", "italian")
    'gioca Jc'
    >>> rewrite("Scarta il tre di Cuori", "french"), rewrite("gioca l'asso di picche", "french")
    ('Scarta 3h', 'gioca As')
    >>> rewrite("gioca il Matto", "tarot"), rewrite("play trump 21", "tarot"), rewrite("gioca la Ruota della Fortuna", "tarot")
    ('gioca 0', 'play XXI', 'gioca X')
    >>> words("Cala il 5 di cuori, 6♥ e 7 ♥", "french")
    ('cala', '§5h', '§6h', '§7h')
    >>> words("meld 2♥ 4♥ 5♥ with 2♥ as a wild", "french")
    ('meld', '§2h', '§4h', '§5h', 'with', '§2h', 'as', 'a', 'wild')

A word names a card only where it cannot be read otherwise: a rank needs its suit ("l'asso vale
11" names no card), a letter rank is written upper case ("as a wild" is not the ace of spades),
a lone Roman numeral too ("i" is an article).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from tavolo.cards import french, italian, tarocchi
from tavolo.cards.tarocchi import ROMAN

__all__ = ["CARD_MARK", "canonical", "rewrite", "words"]

CARD_MARK = "§"
"""What :func:`words` puts before a card's token, so that no word reads as a card."""

ARTICLES = frozenset({"il", "lo", "l'", "la", "i", "gli", "le", "un", "un'", "una", "the", "a", "an"})
"""The articles a card may be said with."""
OF = frozenset({"di", "of"})
AND = frozenset({"e", "and", ","})
"""The words that may join two cards said one after the other ("5 di cuori, 6 di cuori e 7 di cuori")."""

_NUMBERS = {"uno": 1, "one": 1, "due": 2, "two": 2, "tre": 3, "three": 3, "quattro": 4, "four": 4,
            "cinque": 5, "five": 5, "sei": 6, "six": 6, "sette": 7, "seven": 7, "otto": 8, "eight": 8,
            "nove": 9, "nine": 9, "dieci": 10, "ten": 10}
_TEN = {10: "T"}


def _ranks(numbers: range, figures: dict[str, str]) -> dict[str, str]:
    """A deck's rank names (a word or a number, lower case) to its rank letter."""
    named = {word: _TEN.get(n, "A" if n == 1 else str(n)) for word, n in _NUMBERS.items() if n in numbers}
    written = {str(n): _TEN.get(n, "A" if n == 1 else str(n)) for n in numbers}
    return named | written | figures


_ACE = {"asso": "A", "ace": "A"}
_KING = {"re": "K", "king": "K"}
_JACK = {"fante": "J", "jack": "J", "knave": "J"}
_KNIGHT = {"cavallo": "C", "knight": "C"}
_QUEEN = {"donna": "Q", "regina": "Q", "queen": "Q"}
_ITALIAN_SUITS = {"coppe": "c", "cups": "c", "denari": "d", "danari": "d", "coins": "d", "bastoni": "b",
                  "batons": "b", "clubs": "b", "spade": "s", "swords": "s", "spades": "s"}
_SYMBOLS = {"♥": "h", "♡": "h", "♦": "d", "♢": "d", "♣": "c", "♧": "c", "♠": "s", "♤": "s"}

RANKS = {
    "french": _ranks(range(2, 11), _ACE | _JACK | _QUEEN | _KING),
    "italian": _ranks(range(1, 8), _ACE | _JACK | _KNIGHT | _KING),
    "tarot": _ranks(range(1, 11), _ACE | _JACK | _KNIGHT | _QUEEN | _KING),
}
"""Each deck's ranks by name, as its notation writes them (``T`` the 10)."""
SUITS = {
    "french": {"cuori": "h", "hearts": "h", "quadri": "d", "diamonds": "d", "fiori": "c", "clubs": "c",
               "picche": "s", "spades": "s"} | _SYMBOLS,
    "italian": _ITALIAN_SUITS,
    "tarot": _ITALIAN_SUITS,
}
"""Each deck's suits by name (lower case), as its notation writes them."""
LETTERS = {"french": "AJQK", "italian": "AJCK", "tarot": "AJCQK"}
"""The figures a deck writes by letter: a letter names a rank upper case (``J di cuori``), and
``j``, ``q``, ``k`` in lower case too (no word is spelt so; ``a`` and ``c`` are)."""
JOKERS = frozenset({"jolly", "joker", "*"})
FOOL = frozenset({"matto", "fool"})
TRUMP = frozenset({"trionfo", "tarocco", "trump"})
_FIGURES = (
    ("bagatto", "bagattino", "mago", "magician"), ("papessa", "popess", "high priestess"),
    ("imperatrice", "empress"), ("imperatore", "emperor"), ("papa", "pope"),
    ("amanti", "innamorati", "lovers"), ("carro", "chariot"), ("giustizia", "justice"),
    ("eremita", "hermit"), ("ruota", "ruota della fortuna", "wheel", "wheel of fortune"),
    ("forza", "strength"), ("appeso", "impiccato", "hanged man"), ("morte", "death"),
    ("temperanza", "temperance"), ("diavolo", "devil"), ("torre", "tower"), ("stella", "star"),
    ("luna", "moon"), ("sole", "sun"), ("angelo", "giudizio", "angel", "judgement", "judgment"),
    ("mondo", "world"),
)
TRUMP_FIGURES = {tuple(name.split()): ROMAN[number] for number, names in enumerate(_FIGURES, 1) for name in names}
"""The trumps by their figure (lower case, without accents), Italian and English, I to XXI: the
names the tarot table shows ("XXI, il Mondo"), and a few more said at the table (il Mago, il
Giudizio)."""
_LONGEST_FIGURE = max(map(len, TRUMP_FIGURES))

_PARSERS = {"french": french.parse, "italian": italian.parse, "tarot": tarocchi.parse}
_NAMERS = {"french": french.name, "italian": italian.name, "tarot": tarocchi.name}
_NOTATION = {
    "french": re.compile(r"^(10|[2-9TJQKA])([hdcs])$"),
    "italian": re.compile(r"^([2-7AJCK])([cdbs])$"),
    "tarot": re.compile(r"^(10|[2-9TJCQKA])([cdbs])$"),
}
"""A card in notation as typed: rank letter upper case, suit letter lower case."""
_WITH_SYMBOL = re.compile(r"^(10|[2-9TJQKAjqka])([♥♡♦♢♣♧♠♤])$")
_PUNCTUATION = ",;:.!?()\"«»"
_TOKEN = re.compile(rf"[^\s{re.escape(_PUNCTUATION)}']+'?|[{re.escape(_PUNCTUATION)}]|'")
"""A word (an elided one keeps its apostrophe: ``l'``, ``all'``), or a mark of punctuation."""
_QUOTES = str.maketrans({"’": "'", "‘": "'", "`": "'", "´": "'", "\ufe0f": None})
_DECLARED = re.compile(r"^\S+\(\w+\)$")
"""A wild written with the rank it stands for (``*(6)``, ``2h(7)``): the notation's own, kept whole."""


def canonical(token: str, deck: str) -> str:
    """The notation of a card ``token`` of ``deck`` as its deck writes it (a wild's declared rank
    left out): ``canonical("10h", "french")`` is ``'Th'``, ``canonical("21", "tarot")`` ``'XXI'``."""
    code = token.split("(", 1)[0].strip()
    return "*" if deck == "french" and code.startswith("*") else _NAMERS[deck](_PARSERS[deck](code))


def fold(word: str) -> str:
    """``word`` lower case, its accents left out: ``fold("Però")`` is ``'pero'``."""
    decomposed = unicodedata.normalize("NFD", word.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _tokens(text: str) -> list[str]:
    """The words and marks of ``text``; a declared wild (``*(6)``) stays one word."""
    out: list[str] = []
    for chunk in unicodedata.normalize("NFC", text.translate(_QUOTES)).split():
        out.extend([chunk] if _DECLARED.match(chunk) else _TOKEN.findall(chunk))
    return out


def _notation(token: str, deck: str) -> str | None:
    """The card a token in notation names ("3h", "10♥", "Jc", "XXI", "*"), or None."""
    if token.startswith(CARD_MARK) and len(token) > 1:
        return token[1:]
    symbol = _WITH_SYMBOL.match(token) if deck == "french" else None
    match = symbol or _NOTATION[deck].match(token)
    if match:
        suit = _SYMBOLS.get(match[2], match[2])
        return canonical(match[1].upper() + suit, deck)
    if deck == "french" and fold(token) in JOKERS:
        return "*"
    if deck == "tarot" and (token in ROMAN[1:] or (len(token) > 1 and token.upper() in ROMAN)):
        return token.upper()
    if deck == "tarot" and fold(token) in FOOL:
        return "0"
    return None


def _rank(token: str, deck: str) -> str | None:
    """The rank a word names ("tre", "10", "fante", "J"), or None."""
    if len(token) == 1 and token.upper() in LETTERS[deck] and (token.isupper() or token in "jqk"):
        return token.upper()
    return RANKS[deck].get(fold(token))


def _trump(token: str) -> str | None:
    """A trump by number ("21", "XXI"), or None."""
    if token.isascii() and token.isdigit() and 1 <= int(token) <= 21:
        return ROMAN[int(token)]
    return token.upper() if token.upper() in ROMAN[1:] else None


def _figure(tokens: list[str], i: int) -> tuple[str, int] | None:
    """The trump whose figure is named from ``tokens[i]`` on (the longest name), and the index
    after it; None when none is."""
    for length in range(_LONGEST_FIGURE, 0, -1):
        said = tuple(fold(token) for token in tokens[i:i + length])
        if len(said) == length and said in TRUMP_FIGURES:
            return TRUMP_FIGURES[said], i + length
    return None


def _card_at(tokens: list[str], i: int, deck: str, after_article: bool) -> tuple[str, int] | None:
    """The card said from ``tokens[i]`` on, and the index after it; None when none is."""
    token = tokens[i]
    said = _notation(token, deck)
    if said is not None:
        return said, i + 1
    if deck == "tarot" and fold(token) in TRUMP and i + 1 < len(tokens) and _trump(tokens[i + 1]):
        return _trump(tokens[i + 1]), i + 2
    if deck == "tarot" and (figure := _figure(tokens, i)):
        return figure
    rank = _rank(token, deck)
    if rank is not None:
        at = i + 1 + (i + 1 < len(tokens) and fold(tokens[i + 1]) in OF)
        suit = SUITS[deck].get(fold(tokens[at])) if at < len(tokens) else None
        if suit is not None:
            return canonical(rank + suit, deck), at + 1
    if deck == "tarot" and after_article and _trump(token):
        return _trump(token), i + 1
    return None


def _read(text: str, deck: str | None) -> Iterator[tuple[bool, str]]:
    """``text`` as (is a card, token or word) pairs: each card said by its notation, an article
    before a card left out, and so the words that join two cards."""
    tokens = _tokens(text)
    said: list[tuple[bool, str]] = []
    i = 0
    while i < len(tokens):
        found = None
        if deck is not None:
            article = fold(tokens[i]) in ARTICLES and i + 1 < len(tokens)
            found = (article and _card_at(tokens, i + 1, deck, True)) or _card_at(tokens, i, deck, False)
        if found:
            said.append((True, found[0]))
            i = found[1]
        else:
            said.append((False, tokens[i]))
            i += 1
    for k, (card, word) in enumerate(said):
        joins = 0 < k < len(said) - 1 and said[k - 1][0] and said[k + 1][0]
        if card or not (joins and fold(word) in AND):
            yield card, word


def rewrite(text: str, deck: str) -> str:
    """``text`` with every card it says in the notation of ``deck`` (the article before a card and
    the words that join cards left out); the other words as typed. A text that says no card comes
    back as it is.

        >>> rewrite("accusa il bongioco di tre (manca coppe)", "italian")
        'accusa il bongioco di tre (manca coppe)'
    """
    said = list(_read(text, deck))
    return " ".join(word for _, word in said) if any(card for card, _ in said) else text


def words(text: str, deck: str | None) -> tuple[str, ...]:
    """The words of ``text`` as the move box compares them: each card as :data:`CARD_MARK` and its
    token (its article and the words that join cards left out), the other words lower case
    without accents, commas left out; every other word and mark counts ("pesca." is not "pesca").
    A ``deck`` of None: the game names no cards.

        >>> words("Prende l’ultima carta del pozzo.", "french")
        ('prende', "l'", 'ultima', 'carta', 'del', 'pozzo', '.')
    """
    out = []
    for card, word in _read(text, deck):
        if card:
            out.append(CARD_MARK + word)
        elif word != ",":
            out.append(fold(word) or word)
    return tuple(out)
