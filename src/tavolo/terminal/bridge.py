"""Bridge in the terminal: the auction as a box of four columns (N E S W), the
contract, your hand by suit, the dummy's once the opening lead is made, the
trick on the table and the tricks each side has won; after each hand its
score, the double-dummy result of the contract and the par of the deal
(``endplay``/DDS). You sit North; when you declare you also play the
dummy's cards (South)."""

from __future__ import annotations

from rich.table import Table

from tavolo.games.bridge import calls as cl
from tavolo.games.bridge.analysis import DENOMINATIONS, Analysis, analyse
from tavolo.games.bridge.cards import hand_text, name, names
from tavolo.games.bridge.observation import BridgeObservation
from tavolo.games.bridge.results import HandResult
from tavolo.games.bridge.state import BridgeState
from tavolo.games.bridge.words import SEAT_WORDS, call_words, contract_words
from tavolo.terminal.table import TerminalTable

HELP = """[bold]Moves[/]: in the auction a bid [bold]1C[/] .. [bold]7NT[/] (also 3SA), [bold]pass[/] (passo),
[bold]X[/] (contro) or [bold]XX[/] (surcontro); then a card, suit first: [bold]SA[/], [bold]HT[/], [bold]play D2[/].
Follow suit when you can. When you declare you also choose the dummy's cards when it is their turn.
Scoring: duplicate (board by board, vulnerability by board number) or rubber (two games of 100 below the line)."""
VULNERABLE = ("none vulnerable", "North-South vulnerable", "East-West vulnerable", "both vulnerable")
"""Who is vulnerable (in seconda), by :data:`~tavolo.games.bridge.scoring.VULNERABILITY_NAMES` index: ``cli`` msgids."""


class TerminalBridge(TerminalTable):
    help_text = HELP
    card_names = staticmethod(names)
    verbs = ("pass", "passo", "contro", "surcontro", "play", "gioca")

    def title(self) -> str:
        o = self.game.options
        if o.scoring == "rubber":
            return self.words("[bold]Bridge[/], rubber scoring (partita libera).")
        return self.words("[bold]Bridge[/], duplicate scoring, boards {first} to {last}.", first=o.board,
                          last=o.board + o.boards - 1)

    def results(self, state: BridgeState) -> list[HandResult]:
        return state.hand_results

    def show(self, obs: BridgeObservation) -> None:
        c = self.console
        c.print(self.words("[dim]Board {board} · dealer {dealer} · {vulnerable} · tricks NS {ns}, EW {ew}[/]",
                           board=obs.board, dealer=self._seat_name(obs.dealer),
                           vulnerable=self.words(VULNERABLE[obs.vulnerability]), ns=obs.tricks_won[0],
                           ew=obs.tricks_won[1]))
        c.print(self._auction_box(obs))
        if obs.contract is not None:
            c.print(self.words("  Contract: [bold]{contract}[/]", contract=self._contract(obs.contract)))
        if obs.dummy_hand:
            c.print(self.words("  Dummy ({name}): {cards}", name=self._seat_name(obs.dummy),
                               cards=hand_text(obs.dummy_hand)))
        if obs.trick:
            played = ", ".join(f"{self._seat_name((obs.leader + i) % 4)} {name(card)}"
                               for i, card in enumerate(obs.trick))
            c.print(self.words("  On the table: [bold]{cards}[/]", cards=played))
        if obs.phase == "play" and obs.to_play != obs.seat:
            c.print(self.words("  Play from {name}'s hand.", name=self._seat_name(obs.to_play)))
        c.print(self.words("  [bold]Your hand[/]: {cards}", cards=hand_text(obs.hand)))

    def _seat_name(self, seat: int) -> str:
        """``Carla (W)``: the name and the seat's initial in the person's language (Ovest: ``O``)."""
        return f"{self.names[seat]} ({self.words(SEAT_WORDS[seat])[0]})"

    def _double_dummy_box(self, analysis: Analysis) -> Table:
        """The tricks each seat takes as declarer in each denomination, in the person's language: the
        suits by their signs, no-trumps as "SA" in Italian, the seats by their initials (N E S O)."""
        signs = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": self.words("NT")}
        table = Table(show_edge=False)
        table.add_column("")
        for denomination in DENOMINATIONS:
            table.add_column(signs[denomination], justify="right")
        for seat in range(4):
            table.add_row(self.words(SEAT_WORDS[seat])[0], *(str(analysis.table[d][seat]) for d in DENOMINATIONS))
        return table

    def _contract(self, contract: cl.Contract | str) -> str:
        """A contract (or as results write it, ``7NTXX by N``) in words: "7 SA surcontrate da Nord"."""
        return self.say(contract_words(contract if isinstance(contract, cl.Contract) else cl.Contract.parse(contract)))

    def _auction_box(self, obs: BridgeObservation) -> Table:
        table = Table(title=self.words("Auction"), show_edge=False)
        for seat in range(4):
            table.add_column(self._seat_name(seat))
        row = [""] * obs.dealer
        for call in obs.calls:
            row.append(self.say(call_words(call)))
            if len(row) == 4:
                table.add_row(*row)
                row = []
        if obs.phase == "auction":
            row.append("?")
        if row:
            table.add_row(*(row + [""] * (4 - len(row))))
        return table

    def show_result(self, result: HandResult) -> None:
        c = self.console
        if result.contract is None:
            c.print(self.words("Board {board}: passed out, no score.", board=result.number))
            return
        c.print(self.words("Board {board}: {contract}, {tricks} tricks. North-South {ns}, East-West {ew}.",
                           board=result.number, contract=self._contract(result.contract), tricks=result.tricks,
                           ns=result.points[0], ew=result.points[1]))
        analysis = analyse(result.deal, result.vulnerability, result.dealer, result.contract)
        c.print(self.words("Double dummy: {tricks} tricks in {contract}; par {score} for North-South ({contracts}).",
                           tricks=analysis.dd_tricks, contract=self._contract(result.contract),
                           score=analysis.par_score,
                           contracts=", ".join(map(self._contract, analysis.par_contracts)) or "-"))
        c.print(self.words("Double dummy: tricks by declarer"))
        c.print(self._double_dummy_box(analysis))
