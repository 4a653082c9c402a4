"""Campione, the search through the protocol (issue 40, "What must hold"): no search ever sees a
hidden card (its choice is the same from two true deals its seat cannot tell apart), it plays only
legal moves and replays from its seed, it keeps its budget counted in deals, and it beats the
random player."""

from __future__ import annotations

import random

import pytest

from tavolo.bots.briscola import SimpleBriscolaBot
from tavolo.bots.campione import CampioneBot
from tavolo.bots.random_bot import RandomBot
from tavolo.bots.registry import make_bot
from tavolo.bots.tarocchi import SimpleTarocchiBot
from tavolo.bots.tressette import SimpleTressetteBot
from tavolo.engine.play import play
from tavolo.games import briscola, burraco, make_game, tressette

TABLES = [
    (briscola.make_game(players=2), SimpleBriscolaBot),
    (briscola.make_game(players=4), SimpleBriscolaBot),
    (tressette.make_game(players=4, target=None), SimpleTressetteBot),
    (tressette.make_game(players=2, target=None), SimpleTressetteBot),
    (make_game("tarocchi", players=3), SimpleTarocchiBot),
]
UNLIMITED = 1e9
"""A time budget no test reaches: the deals counted are the only budget."""


def positions(game, rule_bot, seed: int, every: int = 5):
    """Copies of the positions met every ``every`` decisions of a round the rule bots play."""
    rng = random.Random(seed)
    bots = [rule_bot(seed + seat) for seat in range(game.num_players)]
    state = game.new_initial_state()
    state.apply_chance(state.sample_chance(rng))
    found, decisions = [], 0
    while not (state.is_chance_node() or state.is_terminal()):
        if decisions % every == 0:
            found.append(state.clone())
        seat = state.current_player()
        state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
        decisions += 1
    return found


@pytest.mark.parametrize("game, rule_bot", TABLES, ids=lambda t: getattr(t, "name", ""))
def test_the_choice_does_not_change_with_a_redeal_of_the_hidden_cards(game, rule_bot):
    redealt = 0
    met = positions(game, rule_bot, seed=11, every=1)
    for position in met[1::len(met) // 6]:
        seat = position.current_player()
        seen = position.observation(seat)
        truths = [game.sample_hidden_state(seen, random.Random(deal)) for deal in (1, 2)]
        assert all(truth.observation(seat) == seen for truth in truths)
        redealt += truths[0].to_json() != truths[1].to_json()  # the same in all the seat sees
        choices = set()
        for truth in truths:
            bot = CampioneBot(game, seat, seed=7, samples=3, time=UNLIMITED)
            choices.add((bot.choose(truth.observation(seat), truth.legal_actions()), bot.last_samples))
        assert len(choices) == 1
    assert redealt >= 2


@pytest.mark.parametrize("game, rule_bot", [TABLES[0], TABLES[3]], ids=lambda t: getattr(t, "name", ""))
def test_it_plays_a_whole_round_legally_and_replays_from_its_seed(game, rule_bot):
    def round_played():
        bots = [make_bot("campione:samples=2", game, seat, seed=20 + seat) for seat in range(game.num_players)]
        return play(game, bots, seed=5)

    first, second = round_played(), round_played()
    assert first.actions == second.actions and first.result == second.result


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


def a_decision(game=TABLES[2][0], rule_bot=SimpleTressetteBot):
    """A Tressette position with several legal cards, and its seat."""
    position = next(p for p in positions(game, rule_bot, seed=3) if len(p.legal_actions()) > 2)
    return position, position.current_player()


def test_the_time_budget_stops_the_search_inside_the_deal_that_runs_over():
    position, seat = a_decision()
    ticking = Ticking(position.game)
    bot = CampioneBot(ticking, seat, seed=1, time=3.5, samples=100, clock=lambda: ticking.now)
    bot.choose(position.observation(seat), position.legal_actions())
    assert bot.last_samples == 3  # the fourth deal, dealt at 4 s, is dropped half tried


def test_a_starved_search_still_finishes_one_deal():
    position, seat = a_decision()
    readings = iter([0.0])  # the budget starts at 0 s; every later reading is long past it
    bot = CampioneBot(position.game, seat, seed=1, time=0.001, samples=100, clock=lambda: next(readings, 1e6))
    bot.choose(position.observation(seat), position.legal_actions())
    assert bot.last_samples == 1


def test_the_deal_count_caps_the_search_when_time_is_plenty():
    position, seat = a_decision()
    bot = CampioneBot(position.game, seat, seed=1, time=UNLIMITED, samples=4)
    assert bot.choose(position.observation(seat), position.legal_actions()) in position.legal_actions()
    assert bot.last_samples == 4


def test_it_beats_the_random_player_at_briscola():
    game = briscola.make_game(players=2)
    wins = 0
    for deal in range(6):
        for campione in (0, 1):
            bots = [RandomBot(deal), RandomBot(deal)]
            bots[campione] = CampioneBot(game, campione, seed=deal, samples=3, time=UNLIMITED)
            wins += play(game, bots, seed=deal).result[campione] == 1.0
    assert wins >= 10  # of 12 games, the same 6 deals seated both ways


def test_a_round_is_valued_for_each_side_once_it_is_scored():
    game = briscola.make_game(players=4)
    last = positions(game, SimpleBriscolaBot, seed=2, every=1)[-1]
    assert game.position_value(last) is None
    seat = last.current_player()
    last.apply(SimpleBriscolaBot(0).choose(last.observation(seat), last.legal_actions()))
    value = game.position_value(last)
    assert value[0] == value[2] == pytest.approx(-value[1]) == pytest.approx(-value[3])
    assert abs(value[0]) > 1  # a round won or lost, and by how many points


@pytest.mark.parametrize("spec, game, message", [
    ("campione:depth=2", briscola.make_game(players=2), "unknown setting 'depth'"),
    ("campione:time=0", briscola.make_game(players=2), "time must be a number of seconds > 0"),
    ("campione:samples=0", tressette.make_game(), "samples must be a whole number >= 1"),
    ("campione", burraco.make_game(players=2), "plays briscola, tarocchi, tressette, not yet burraco"),
    ("campione", make_game("peppa", target=None), "not yet peppa"),
])
def test_a_bad_campione_spec_is_refused_with_what_is_wrong(spec, game, message):
    with pytest.raises(ValueError, match=message):
        make_bot(spec, game, seat=0, seed=1)
