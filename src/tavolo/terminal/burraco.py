"""Burraco in the terminal: a person against bots, drawn with Rich.

The person sees only what their seat may know: the seating; their own hand,
sorted, in suit colours; both sides' melds, one a line, numbered (attachments
name the meld by its number), each burraco marked with its kind and a free
wild marked free; the whole discard pile; the cards in the stock and in each
pozzetto; the scores. A pozzetto taken, a burraco made and a closing are
announced; at the end of a hand every hand is shown, with who closed, and the
table waits for Enter. Moves are typed in the notation of
:mod:`tavolo.games.burraco.notation`; a wrong move is explained and nothing is
played.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.markup import escape
from rich.table import Table

from tavolo.cards import french as fr
from tavolo.games.burraco import BurracoState
from tavolo.games.burraco.actions import DRAW, TAKE
from tavolo.games.burraco.cards import JOKER
from tavolo.games.burraco.melds import KIND_NAMES, NOT_BURRACO, Meld, Run, burraco_kind, meld_cards
from tavolo.games.burraco.notation import QUALIFIERS, VERBS
from tavolo.games.burraco.observation import BurracoObservation
from tavolo.games.burraco.scoring import HandResult, SideScore
from tavolo.games.rummy.sequences import position_card
from tavolo.terminal.table import TerminalTable
from tavolo.terminal.words import Words

HELP = """[bold]Moves[/]:
  draw / take                       draw from the stock (tallone) / take the whole discard pile
  open 5h 6h 7h                     open a meld; a wild may say its rank: open 5h *(6) 7h
  attach 8h to 1                    attach to your side's meld 1; several cards: attach 8h 9h to 1
  attach Ah to 2 high               an ace low/high, a pinella natural/wild, where both are possible
  discard Qs                        ends your turn; emptying your hand takes the pozzetto
Cards: ranks A 2-9 T J Q K, suits h d c s (cuori quadri fiori picche), * is the joker (jolly).
A free wild (libera) lies below its meld and moves to the end you attach to."""
WINDS = ("East", "South", "West", "North")
SUIT_STYLES = ("red", "red", "default", "default")


def card_markup(card: int) -> str:
    """A card in notation, in its suit's colour (the joker magenta)."""
    style = "bold magenta" if card == JOKER else SUIT_STYLES[fr.suit(card)]
    return f"[{style}]{escape(fr.name(card))}[/]"


def cards_markup(cards: Sequence[int]) -> str:
    return " ".join(card_markup(c) for c in cards)


def meld_markup(meld: Meld, words: Words) -> str:
    """A meld in colour, low to high: a fixed wild with the rank it stands for,
    a free wild first and marked free (libera)."""
    if type(meld) is not Run:
        return cards_markup(meld_cards(meld))
    s, lo, hi, wild, gap = meld
    parts = [f"{card_markup(wild)}[dim]({words('free')})[/]"] if wild >= 0 and gap == 0 else []
    for p in range(lo, hi + 1):
        parts.append(f"{card_markup(wild)}[dim]({fr.rank_name(p)})[/]" if p == gap
                     else card_markup(position_card(s, p)))
    return " ".join(parts)


class TerminalBurraco(TerminalTable):
    """One person at ``seat`` against ``bots`` (one per other seat). While it
    runs, ``state`` is the game being played (for tests and tools)."""

    help_text = HELP
    draw_action = DRAW
    card_names = staticmethod(fr.names)
    verbs = (*VERBS, *QUALIFIERS)
    move_words = ("draw", "take", "open", "attach", "discard", "to", "low", "high", "natural", "wild")

    def title(self) -> str:
        o = self.game.options
        target = self.words("to {target}", target=o.target) if o.target else self.words("one hand")
        return self.words("[bold]Burraco[/] ({rules}), {players} players, {target}.", rules=o.rule_set,
                          players=o.players, target=target)

    def after_chance(self, state: BurracoState) -> None:
        dealer = state.dealer
        self.console.rule(self.words("Hand {number}", number=len(state.hand_results) + 1) + ": "
                          + self.subject(dealer, "you deal", "{name} deals"))
        self.console.print(self._seating(state.observation(self.seat)))

    def _seating(self, obs: BurracoObservation) -> str:
        order = [(obs.dealer + k) % obs.players for k in range(1, obs.players + 1)]
        seats = ", ".join(self.names[s] + (f" ({self.words(WINDS[s])})" if obs.players == 4 else "")
                          for s in order)
        line = self.words("Seats, in the order of play: {seats}", seats=seats)
        pairs = [" & ".join(self.names[s] for s in side) for side in obs.sides if len(side) > 1]
        if pairs:
            return line + ". " + self.words("Partners: {pairs}.", pairs="; ".join(pairs))
        if obs.players in (3, 5) and len(obs.sides) == obs.players and obs.pozzetti[0].size == 18:
            return line + ". " + self.words("Everyone alone until a pozzetto is taken: the first takes the 18 "
                                            "and plays alone against the others.")
        return line + "."

    def results(self, state: BurracoState) -> list[HandResult]:
        return state.hand_results

    # --- drawing the table -----------------------------------------------------------------------

    def show(self, obs: BurracoObservation) -> None:
        c = self.console
        c.print(self._status_line(obs))
        for side, seats in enumerate(obs.sides):
            c.print(f"  [bold]{self._side_name(seats)}[/]" + ("" if obs.melds[side] else
                                                              f": [dim]{self.words('no melds')}[/]"))
            for i, meld in enumerate(obs.melds[side], start=1):
                c.print(f"    [bold]{i}[/]) {meld_markup(meld, self.words)}{self._kind_mark(meld, obs)}")
        others = []
        for s in range(obs.players):
            if s != obs.seat:
                took = " " + self.words("(took {cards})", cards=cards_markup(obs.known[s])) if obs.known[s] else ""
                others.append(f"{self.names[s]} {obs.hand_sizes[s] + obs.pending_pozzetto[s]}{took}")
        c.print("  " + self.words("Cards in hand: {counts}", counts=", ".join(others)))
        pile = cards_markup(obs.pile) if obs.pile else self.words("empty")
        c.print("  " + self.words("Discard pile (monte scarti), top last: {cards}", cards=pile))
        c.print("  " + self.words("[bold]Your hand[/]: {cards}", cards=cards_markup(obs.hand)) + self._warnings(obs))

    def _side_name(self, seats: Sequence[int]) -> str:
        return " & ".join(self.names[s] for s in seats)

    def _kind_mark(self, meld: Meld, obs: BurracoObservation) -> str:
        kind = burraco_kind(meld, self.game.options.semiclean)
        return f"  [bold green]★ burraco {KIND_NAMES[kind]}[/]" if kind != NOT_BURRACO else ""

    def _status_line(self, obs: BurracoObservation) -> str:
        scores = " · ".join(f"{self._side_name(seats)} {obs.scores[seats[0]]:g}" for seats in obs.sides)
        pozzetti = ", ".join(f"{p.size}" + (" " + self.words("taken") if p.taken else "") for p in obs.pozzetti)
        line = self.words("Stock (tallone) {stock} · pozzetti {pozzetti} · scores {scores}", stock=obs.stock_size,
                          pozzetti=pozzetti, scores=scores)
        return f"[dim]{line}" + (" · " + self.words("last turn") if obs.last_turn else "") + "[/]"

    def _warnings(self, obs: BurracoObservation) -> str:
        notes = []
        if obs.single_pile_card >= 0 and obs.hand.count(obs.single_pile_card) == 1:
            notes.append(self.words("you may not discard {card} back", card=fr.name(obs.single_pile_card)))
        if obs.must_meld:
            notes.append(self.words("meld or attach before discarding"))
        return f"  [yellow]({'; '.join(notes)})[/]" if notes else ""

    # --- what happens -------------------------------------------------------------------------------

    def describe(self, state: BurracoState, action: int) -> str:
        if action == TAKE:
            pile = state.observation(self.seat).pile
            return self.words("take the discard pile ({cards})", cards=cards_markup(pile))
        return super().describe(state, action)

    def announce(self, before: BurracoObservation, after: BurracoObservation, seat: int) -> list[str]:
        """The pozzetto taken, each burraco made (with its kind)."""
        news = []
        if sum(p.taken for p in after.pozzetti) > sum(p.taken for p in before.pozzetti):
            news.append(self.subject(seat, "You take the pozzetto!", "{name} takes the pozzetto!"))
        if before.sides == after.sides:
            semiclean = self.game.options.semiclean
            for side, melds in enumerate(after.melds):
                old = before.melds[side]
                for i, meld in enumerate(melds):
                    kind = burraco_kind(meld, semiclean)
                    if kind > (burraco_kind(old[i], semiclean) if i < len(old) else NOT_BURRACO):
                        news.append(self.words("Burraco {kind} for {side}!", kind=KIND_NAMES[kind],
                                               side=self._side_name(after.sides[side])))
            news += self._free_wild_notes(before, after, seat)
        return news

    def _free_wild_notes(self, before: BurracoObservation, after: BurracoObservation, seat: int) -> list[str]:
        """A wild the person just laid free at an end of a sequence: it has no rank yet (fedibur-1985 art. 5)."""
        side = after.side_of[seat]
        if seat != self.seat or before.sides != after.sides:
            return []
        return [self.words("{card} is free (libera): it stands at either end until you attach, and moves to the "
                           "end you attach to", card=card_markup(m.wild))
                for m in after.melds[side][len(before.melds[side]):]
                if type(m) is Run and m.wild >= 0 and m.gap == 0]

    def show_result(self, result: HandResult) -> None:
        state = self.state
        if result.ended_by == "closing" and state.closed_by >= 0:
            how = self.subject(state.closed_by, "you closed", "{name} closed")
        else:
            how = self.words({"stock": "the stock ran out", "time-out": "time-out"}.get(result.ended_by,
                                                                                       result.ended_by))
        title = self.words("Hand {number}", number=result.number + 1) + ": " + how
        self.console.print(f"[bold magenta]{title}[/]")
        for seat in range(self.game.num_players):
            cards = state.cards_left(seat)
            left = cards_markup(sorted(cards)) if cards else self.words("no cards")
            self.console.print("  " + self.subject(seat, "you held: {cards}", "{name} held: {cards}", cards=left))
        columns = [self._side_name(side.seats) for side in result.sides]
        self.console.print(score_table(title, columns, result.sides, self.words))


def score_table(title: str, columns: Sequence[str], scores: Sequence[SideScore], words: Words) -> Table:
    """The breakdown of a hand, one column per side."""
    table = Table(title=title)
    table.add_column("")
    for name in columns:
        table.add_column(name, justify="right")
    rows: Sequence[tuple[str, Callable[[SideScore], object]]] = (
        ("closing (chiusura)", lambda s: s.closing),
        ("burraci", lambda s: f"{', '.join(s.burraci) or '-'} {s.burraco_bonus}"),
        ("cards melded", lambda s: s.melded),
        ("cards in hand", lambda s: s.in_hand),
        ("pozzetto", lambda s: s.pozzetto),
        ("total", lambda s: f"[bold]{s.total}[/]"),
    )
    for label, value in rows:
        table.add_row(words(label), *(str(value(s)) for s in scores))
    return table
