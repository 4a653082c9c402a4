"""The parlour games' terminal tables (tavolo/terminal/parlour.py) beyond what every game's
terminal shows (tests/test_terminal_games.py): a name for every one of many seats, and no hand but
the person's on the table before the comparison."""

import io

from rich.console import Console

from tavolo.bots.mercante import ValueMercanteBot
from tavolo.bots.petrangola import SimplePetrangolaBot
from tavolo.cards import italian
from tavolo.games import make_game
from tavolo.terminal.parlour import TerminalMercante, TerminalPetrangola


def test_every_one_of_many_seats_has_its_own_name():
    game = make_game("mercante", players=24)
    table = TerminalMercante(game, {s: ValueMercanteBot(seed=s) for s in range(1, 24)}, seat=0,
                             console=Console(file=io.StringIO()), read=lambda prompt: "quit", seed=1, lang="it")
    assert len(set(table.names)) == 24 and table.names[0] == "Tu"


def test_the_person_does_not_see_other_hands():
    """Petrangola: the table shows the person's own hand and the three face up, no other hand
    until the comparison."""
    game = make_game("petrangola", players=4)
    out = io.StringIO()
    table = TerminalPetrangola(game, {s: SimplePetrangolaBot(seed=s) for s in range(1, 4)}, seat=0,
                               console=Console(file=out, width=200), read=lambda prompt: "quit", seed=3)
    table.run()
    shown = out.getvalue().split("You left")[0]
    assert italian.names(table.state.hand_cards(0)) in shown or table.state.dealer == 0
    for seat in (1, 2, 3):
        assert italian.names(table.state.hand_cards(seat)) not in shown
