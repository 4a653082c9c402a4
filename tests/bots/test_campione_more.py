"""Campione beyond the trick games (issue 40), at the games measured for it (bench/campione.py,
docs/bots.md), each with its rule bot playing out: no search sees a hidden card (its choice is the
same from two true deals its seat cannot tell apart, its own seed fixed), a seeded game with
Campione at a seat plays to its end legally and replays, its budget holds, a play-out is cut where
the game says the position is worth its score so far (the hand's end), and a guarded search keeps
the rule bot's move until the deals tell it better. Campione does not sit at these games yet (it
did not beat their rule bots at 0.05 s a move): ``campione`` there is refused."""

from __future__ import annotations

import random

import pytest

from tavolo.bots.campione import PLAYOUT_BOTS, CampioneBot
from tavolo.bots.canasta import SimpleCanastaBot
from tavolo.bots.mercante import ValueMercanteBot
from tavolo.bots.perlina import SimplePerlinaBot
from tavolo.bots.petrangola import SimplePetrangolaBot
from tavolo.bots.pinnacola import SimplePinnacolaBot
from tavolo.bots.registry import make_bot
from tavolo.bots.scala40 import SimpleScala40Bot
from tavolo.engine.game import Game
from tavolo.engine.play import play
from tavolo.games import make_game

OPTIONS = {
    "scala40": {"players": 2, "elimination": None},
    "pinnacola": {"players": 4, "target": None},
    "canasta": {"players": 4, "target": None},
    "mercante": {"players": 4},
    "petrangola": {"players": 3},
    "perlina": {"players": 3, "hands": 2},
}
"""The tables of the games Campione sits at besides the trick games, small enough for a test."""
RULE_BOTS = {
    "scala40": SimpleScala40Bot, "pinnacola": SimplePinnacolaBot, "canasta": SimpleCanastaBot,
    "mercante": ValueMercanteBot, "petrangola": SimplePetrangolaBot, "perlina": SimplePerlinaBot,
}
"""Each game's rule bot, its play-out bot (as bench/campione.py measures it)."""
GAMES = list(OPTIONS)
CUT = [name for name in GAMES if type(make_game(name, **OPTIONS[name])).position_value is not Game.position_value]
"""The games whose play-outs stop at the hand's end (their ``position_value``)."""
UNLIMITED = 1e9
"""A time budget no test reaches: the deals counted are the only budget."""


def positions(game, seed: int) -> list:
    """Copies of the decisions of one game its play-out bots play, where the seat on turn has a
    choice and the game's sampler deals its hidden cards (during a hand)."""
    rng = random.Random(seed)
    make = RULE_BOTS[game.name]
    bots = [make(seed + seat) for seat in range(game.num_players)]
    state, found = game.new_initial_state(), []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_chance(state.sample_chance(rng))
            continue
        seat = state.current_player()
        seen, legal = state.observation(seat), state.legal_actions()
        if len(legal) > 1 and _samplable(game, seen):
            found.append(state.clone())
        state.apply(bots[seat].choose(seen, legal))
    return found


def _samplable(game, observation) -> bool:
    try:
        game.sample_hidden_state(observation, random.Random(0))
    except ValueError:
        return False
    return True


@pytest.mark.parametrize("name", GAMES)
def test_the_choice_does_not_change_with_a_redeal_of_the_hidden_cards(name):
    game = make_game(name, **OPTIONS[name])
    met = positions(game, seed=11)
    redealt = 0
    for position in met[1::max(1, len(met) // 5)]:
        seat = position.current_player()
        seen = position.observation(seat)
        truths = [game.sample_hidden_state(seen, random.Random(deal)) for deal in (1, 2)]
        assert all(truth.observation(seat) == seen for truth in truths)
        redealt += truths[0].to_json() != truths[1].to_json()  # the same in all the seat sees
        choices = set()
        for truth in truths:
            bot = CampioneBot(game, seat, seed=7, samples=2, time=UNLIMITED, playout=RULE_BOTS[name])
            choices.add((bot.choose(truth.observation(seat), truth.legal_actions()), bot.last_samples))
        assert len(choices) == 1
    assert redealt >= 2


class Checked:
    """A bot whose every choice is checked against the legal actions it was offered."""

    def __init__(self, bot) -> None:
        self._bot = bot

    def choose(self, observation, legal):
        action = self._bot.choose(observation, legal)
        assert action in legal
        return action


@pytest.mark.parametrize("name", GAMES)
def test_a_seeded_game_plays_to_its_end_legally_and_replays(name):
    game = make_game(name, **OPTIONS[name])

    def game_played():
        make = RULE_BOTS[game.name]
        bots = [Checked(make(30 + seat)) for seat in range(game.num_players)]
        bots[0] = Checked(CampioneBot(game, 0, seed=30, samples=1, playout=make))
        return play(game, bots, seed=4)

    first, second = game_played(), game_played()
    assert first.actions and first.actions == second.actions and first.result == second.result


class Ticking:
    """A game whose every dealt sample costs one second on :attr:`now`: a clock the test drives."""

    def __init__(self, game) -> None:
        self._game = game
        self.now = 0.0

    def sample_hidden_state(self, observation, rng):
        self.now += 1.0
        return self._game.sample_hidden_state(observation, rng)

    def __getattr__(self, name):
        return getattr(self._game, name)


@pytest.mark.parametrize("name", GAMES)
def test_the_time_budget_stops_the_search_inside_the_deal_that_runs_over(name):
    game = make_game(name, **OPTIONS[name])
    position = positions(game, seed=3)[2]
    seat = position.current_player()
    ticking = Ticking(game)
    bot = CampioneBot(ticking, seat, seed=1, time=2.5, samples=100, clock=lambda: ticking.now,
                      playout=RULE_BOTS[name])
    assert bot.choose(position.observation(seat), position.legal_actions()) in position.legal_actions()
    assert bot.last_samples == 2  # the third deal, dealt at 3 s, is dropped half tried


@pytest.mark.parametrize("name", CUT)
def test_a_play_out_is_cut_at_the_hands_end_with_the_score_so_far(name):
    game = make_game(name, **OPTIONS[name])
    state = positions(game, seed=5)[0]
    assert game.position_value(state) is None  # in the middle of a hand: play on
    make = RULE_BOTS[game.name]
    bots = [make(seat) for seat in range(game.num_players)]
    rng = random.Random(5)
    while (value := game.position_value(state)) is None:
        if state.is_chance_node():
            state.apply_chance(state.sample_chance(rng))
        else:
            seat = state.current_player()
            state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
    assert len(value) == game.num_players and value != [0.0] * game.num_players  # someone gained


@pytest.mark.parametrize("name", GAMES)
def test_a_guarded_search_of_one_deal_keeps_the_rule_bots_move(name):
    game = make_game(name, **OPTIONS[name])
    for position in positions(game, seed=8)[:3]:
        seat = position.current_player()
        seen, legal = position.observation(seat), position.legal_actions()
        own = RULE_BOTS[game.name](random.Random(7).getrandbits(64)).choose(seen, legal)
        bot = CampioneBot(game, seat, seed=7, samples=1, time=UNLIMITED, guard=2.0, playout=RULE_BOTS[name])
        assert bot.choose(seen, legal) == own and bot.last_samples == 1


def test_a_bad_guard_is_refused_in_words():
    with pytest.raises(ValueError, match="guard must be a number >= 0"):
        make_bot("campione:guard=-1", make_game("briscola", players=2), seat=0, seed=1)


@pytest.mark.parametrize("name", [name for name in GAMES if name not in PLAYOUT_BOTS])
def test_campione_is_refused_where_it_did_not_beat_the_rule_bot(name):
    with pytest.raises(ValueError, match=f"not yet {name}"):
        make_bot("campione", make_game(name, **OPTIONS[name]), seat=0, seed=1)
