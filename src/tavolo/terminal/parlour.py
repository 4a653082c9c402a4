"""The parlour games in the terminal (Petrangola, Perlina, Mercante in fiera): a round
table of many seats drawn from the person's observation only, each hand's or
card's outcome as it comes, the tokens after it. Every sentence comes from the cli
catalog (``self.words``)."""

from __future__ import annotations

from typing import Any

from tavolo.cards import french, italian
from tavolo.games.mercante import figures
from tavolo.games.perlina.ranking import describe_parts as perlina_hand, hand_key as perlina_key, rank_function
from tavolo.games.petrangola.ranking import describe_parts as petrangola_hand, hand_key as petrangola_key
from tavolo.terminal.table import NAMES, TerminalTable

MORE_NAMES = ("Franco", "Gina", "Ivo", "Lia", "Marco", "Nora", "Oscar", "Pia", "Rita", "Sara", "Tino", "Ugo",
              "Vera", "Zeno", "Alba", "Bice", "Ciro", "Dora")
ALL_NAMES = NAMES + MORE_NAMES


class TerminalParlour(TerminalTable):
    """A parlour game's table: everyone's tokens in one line, the game's own lines below."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.names = [self.words(ALL_NAMES[0]) if s == self.seat else ALL_NAMES[(s - self.seat) % len(ALL_NAMES)]
                      for s in range(self.game.num_players)]

    def _named(self, parts: tuple[str, dict[str, object]]) -> str:
        """A hand's name (``describe_parts``) in the reader's language."""
        msgid, params = parts
        return self.words(msgid, **{k: self.words(v) if isinstance(v, str) else v for k, v in params.items()})

    def tokens_line(self, obs: Any, pot: str) -> str:
        seats = " · ".join(f"{self.names[s]} {t}" for s, t in enumerate(obs.tokens))
        return "[dim]" + self.words("tokens: {seats} · {pot}", seats=seats, pot=pot) + "[/]"

    def results(self, state: Any) -> list[Any]:
        return state.hand_results


class TerminalPetrangola(TerminalParlour):
    help_text = ("[bold]Moves[/]: the dealer says [bold]keep[/] or [bold]refuse[/] (the monte); then "
                 "[bold]trade 3c 5b for Kd Ad[/] (one to three cards with the three face up) or [bold]knock[/] "
                 "(bussa: no trade, the comparison after one last round). Petrangole (tris, lowest best but the "
                 "aces; sequences, highest best) beat points of one suit (figures 10, ace 11). Cards: ranks "
                 "A 2-7 J C K, suits c d b s.")
    card_names = staticmethod(italian.names)

    def title(self) -> str:
        o = self.game.options
        return self.words("[bold]Petrangola[/], {players} players, {tokens} tokens each (la puglia).",
                          players=o.players, tokens=o.tokens)

    def after_chance(self, state: Any) -> None:
        if state.phase == "choice":
            self.console.rule(self.words("Hand {number}: {name} deals", number=len(state.hand_results) + 1,
                                         name=self.names[state.dealer]))

    def show(self, obs: Any) -> None:
        say = self.console.print
        say(self.tokens_line(obs, self.words("table {count}", count=obs.table)))
        if obs.knocker >= 0:
            say("  " + self.words("{name} knocked: last round.", name=self.names[obs.knocker]))
        if obs.monte:
            say("  " + self.words("Face up (il monte): {cards}", cards=f"[bold]{italian.names(obs.monte)}[/]"))
        if obs.monte_seen:
            seen = f"[bold]{italian.names(obs.monte_seen)}[/]"
            say("  " + self.words("The monte, seen by you alone: {cards}", cards=seen))
        if obs.hand:
            hand = f"{italian.names(obs.hand)} ({self._named(petrangola_hand(petrangola_key(obs.hand)))})"
            say("  " + self.words("[bold]Your hand[/]: {cards}", cards=hand))

    def show_result(self, result: Any) -> None:
        shown = ", ".join(f"{self.names[s]} {italian.names(h)} ({self._named(petrangola_hand(petrangola_key(h)))})"
                          for s, h in enumerate(result.hands) if h)
        paid = ", ".join(self.names[s] for s in result.payers) or self.words("nobody")
        line = self.words("Hands: {shown}. {names} pays the table.", shown=shown, names=f"[magenta]{paid}[/]")
        if result.bonus >= 0:
            line += " " + self.words("{name} takes a token for the Petrangolone.", name=self.names[result.bonus])
        self.console.print("  " + line)


class TerminalPerlina(TerminalParlour):
    help_text = ("[bold]Moves[/]: [bold]stand[/] (servito), [bold]change Kh[/] (pay the stake, draw one), "
                 "[bold]extra[/] then [bold]drop Kh[/] (pay twice the stake); the dealer says [bold]ace 1[/] or "
                 "[bold]ace 11[/] for an ace in the middle; then [bold]check[/], [bold]bet 5[/] (never above "
                 "the pot), [bold]call[/], [bold]fold[/]; after a tie who folded says [bold]match[/] (pay the "
                 "bet, play on) or [bold]sit out[/] (until the pot is won). Reach the middle's sum with your "
                 "three cards: Perlina (its three ranks) > Tris > Punto (the sum) > one off.")

    @property
    def card_names(self):  # type: ignore[override]
        return french.names if self.game.options.deck == "french" else italian.names

    def title(self) -> str:
        o = self.game.options
        return self.words("[bold]Perlina[/], {players} players, {deck} deck, {tokens} tokens, stake {stake}.",
                          players=o.players, deck=self.words(o.deck), tokens=o.tokens, stake=o.stake)

    def show(self, obs: Any) -> None:
        say, names = self.console.print, self.card_names
        say(self.tokens_line(obs, self.words("pot {count}", count=obs.pot)))
        ace = " " + self.words("(aces count {value})", value=obs.ace) if obs.ace else ""
        say("  " + self.words("Middle: {cards}", cards=f"[bold]{names(obs.middle)}[/]") + ace)
        if obs.bet:
            say("  " + self.words("{name} bet {count}.", name=self.names[obs.bettor], count=obs.bet))
        if obs.sitting_out:
            out = ", ".join(self.names[s] for s in obs.sitting_out)
            say("  " + self.words("Sitting out until the pot is won: {names}", names=out))
        if obs.hand:
            key = perlina_key(obs.hand, obs.middle, obs.ace or 1, rank_function(obs.deck))
            hand = f"{names(obs.hand)} ({self._named(perlina_hand(key))})"
            say("  " + self.words("[bold]Your hand[/]: {cards}", cards=hand))

    def show_result(self, result: Any) -> None:
        names = self.card_names
        shown = ", ".join(f"{self.names[s]} {names(h)}" for s, h in result.shown) or self.words("no showdown")
        who = (self.words("{name} takes {count}", name=self.names[result.winner], count=result.pot)
               if result.winner >= 0 else self.words("a tie: the pot stays"))
        self.console.print("  " + self.words("Middle {cards}; {shown}.", cards=names(result.middle), shown=shown)
                           + f" [magenta]{who}[/].")


class TerminalMercante(TerminalParlour):
    help_text = ("[bold]Moves[/]: at the auction [bold]bid 1[/] (2, 5, 10: raise the price) or [bold]pass[/]; "
                 "while the red deck is turned [bold]offer 5 for gallo[/] (buy a card from its holder) or "
                 "[bold]pass[/]; to an offer [bold]accept[/] or [bold]refuse[/]. A figure is written by its "
                 "Italian name, as the table shows it.")
    card_names = staticmethod(lambda cards: " ".join(figures.name(c) for c in cards))

    def title(self) -> str:
        o = self.game.options
        who = self.words("the house is the mercante") if o.mercante == "house" else self.words(
            "{name} is the mercante", name=self.names[o.mercante_seat])
        return self.words("[bold]Mercante in fiera[/], {players} players, {tokens} tokens, stake {stake}, "
                          "{prizes} prizes; {who}.", players=o.players, tokens=o.tokens, stake=o.stake,
                          prizes=o.prizes, who=who)

    def results(self, state: Any) -> list[Any]:
        return state.prizes_won

    def show(self, obs: Any) -> None:
        say = self.console.print
        say(self.tokens_line(obs, self.words("pot {count}", count=obs.pot)))
        if obs.auction:
            lot = obs.auction
            leader = " " + self.words("({name} leads)", name=self.names[lot.leader]) if lot.leader >= 0 else ""
            say("  " + self.words("On sale: {figure} at {price}; {count} more lots",
                                  figure=f"[bold]{figures.name(lot.lot)}[/]", price=lot.price,
                                  count=len(obs.lots) - 1) + leader)
        if obs.prizes:
            say("  " + self.words("Prizes: {prizes}; red cards to turn: {count}",
                                  prizes=", ".join(map(str, obs.prizes)), count=obs.unturned))
        for seat, held in enumerate(obs.held):
            if held:
                say(f"  {self.names[seat]}: {self.card_names(held)}")
        if obs.offer:
            buyer, figure, price = obs.offer
            say("  [bold]" + self.words("{name} offers {price} for your {figure}", name=self.names[buyer], price=price,
                                        figure=figures.name(figure)) + "[/]")

    def show_result(self, result: Any) -> None:
        holder = self.names[result.holder] if result.holder >= 0 else self.words("the house")
        self.console.print("  [magenta]" + self.words("Prize {value}: {figure}, {name}", value=result.value,
                                                      figure=figures.name(result.figure), name=holder) + "[/]")
