"""Results a director should look at twice before the next round is paired.

Nothing here refuses a result (the commands do that); it points at what is
legal but unlikely, as a club's arbiter would on reading the score cards:

* an arbitral score whose VP do not add up to 20 (a 15-15, codice art. 20, 35);
* a margin no round of so few deals plausibly produces (more than
  :data:`PLAUSIBLE_MARGIN` points a deal on average);
* a table entered twice with different scores: corrected at the desk, or
  proposed from the table with other points than those entered::

    >>> from tavolo.tournament import commands
    >>> from tavolo.tournament.config import TournamentConfig
    >>> from tavolo.tournament.seating import Seating
    >>> from tavolo.tournament.simulate import InMemory, register_field
    >>> t = Tournament(TournamentConfig("Prova"))
    >>> InMemory(t).record(register_field(t, 4))
    >>> InMemory(t).record(commands.seat(t, Seating.REGISTRATION))
    >>> InMemory(t).record(commands.arbitral_score(t, 1, 2, 15, 15))
    >>> [(f.table, f.kind) for f in flags(t, 1)]
    [(2, 'arbitral')]
"""

from __future__ import annotations

from dataclasses import dataclass

from tavolo.tournament.errors import Message
from tavolo.tournament.state import Tournament
from tavolo.tournament.vp import MAX_VP

PLAUSIBLE_MARGIN = 1500
"""Points a deal: a side that closes with several burraci rarely wins a deal by more."""


@dataclass(frozen=True)
class Flag:
    table: int
    kind: str
    message: Message


def flags(tournament: Tournament, round_number: int) -> list[Flag]:
    """What looks wrong in a round's results, table by table."""
    played = tournament.round(round_number)
    deals = tournament.config.deals
    found = []
    for table, arbitral in sorted(played.arbitral.items()):
        if arbitral.ns_vp + arbitral.ew_vp != MAX_VP:
            found.append(Flag(table, "arbitral", Message(
                "table {table}: arbitral score {ns}-{ew} (the VP do not add up to 20)",
                table=table, ns=arbitral.ns_vp, ew=arbitral.ew_vp)))  # fmt: skip
    for table, (ns, ew) in sorted(played.scores.items()):
        margin = abs(sum(ns) - sum(ew))
        if margin > PLAUSIBLE_MARGIN * deals:
            found.append(Flag(table, "margin", Message(
                "table {table}: a margin of {margin} in {deals} deals is unlikely: check the card",
                table=table, margin=margin, deals=deals)))  # fmt: skip
        if played.corrections.get(table):
            found.append(Flag(table, "twice", Message("table {table}: entered twice with different scores (corrected)",
                                                      table=table)))  # fmt: skip
    return found
