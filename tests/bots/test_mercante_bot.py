"""Mercante in fiera's bot bids and trades by what a card can win (raccolta, Mercante in fiera,
"Regole": the lots "vendute all'asta", "compravendita delle carte rimaste tra i giocatori"; issue 40),
from its seat's observation only."""

import random
from dataclasses import replace

from tavolo.bots.mercante import ValueMercanteBot, lot_worth
from tavolo.engine.play import play
from tavolo.games.mercante import make_game
from tavolo.games.mercante.hidden import sample_hidden_state
from tavolo.games.mercante.state import ACCEPT, OFFER_FIRST, PASS, PRICES, RAISES, REFUSE

from tests.mercante.baseline import OldValueMercanteBot


def dealt(players=8, seed=1, **options):
    game = make_game(players=players, **options)
    state = game.new_initial_state()
    state.apply_chance(state.sample_chance(random.Random(seed)))
    return game, state


def test_it_bids_the_opening_price_on_the_first_lot():
    """Eight players: the pot of 24 stakes and 16 lots to sell make a card worth one token, and a lot
    more to a seat whose three cards take back part of the price: the bot bids the opening price."""
    game, state = dealt()
    seat = state.current_player()
    obs = state.observation(seat)
    assert obs.auction.bid_for(RAISES[0]) == 1 and lot_worth(obs) > 1
    assert ValueMercanteBot(seed=0).choose(obs, state.legal_actions()) == 0
    assert OldValueMercanteBot(seed=0).choose(obs, state.legal_actions()) == PASS


def test_it_passes_on_a_price_beyond_its_appetite_for_the_lot():
    """Twice a lot's worth (APPETITE) is as far as it goes."""
    game, state = dealt()
    state.apply(0)  # the opener bids 1
    bot = ValueMercanteBot(seed=0)
    for _ in range(12):  # the price climbs by one while each next seat raises
        state.apply(0)
    obs = state.observation(state.current_player())
    assert obs.auction.bid_for(RAISES[0]) > 2 * lot_worth(obs)
    assert bot.choose(obs, state.legal_actions()) == PASS


def test_it_never_bids_or_offers_more_tokens_than_it_holds():
    """A poor seat's purse caps its bids and offers (rules.py, AFFORD)."""
    game = make_game(players=4, tokens=6, stake=3)
    for seed in range(20):
        state = game.new_initial_state()
        state.apply_chance(state.sample_chance(random.Random(seed)))
        bots = [ValueMercanteBot(seed=seed * 4 + s, appetite=5) for s in range(4)]
        while not state.is_terminal():
            seat = state.current_player()
            obs = state.observation(seat)
            action = bots[seat].choose(obs, state.legal_actions())
            assert action in state.legal_actions()
            if action < PASS:
                assert obs.auction.bid_for(RAISES[action]) <= obs.tokens[seat]
            elif OFFER_FIRST <= action < ACCEPT:
                assert PRICES[(action - OFFER_FIRST) % len(PRICES)] <= obs.tokens[seat]
            state.apply(action)


def test_its_choice_does_not_depend_on_the_cards_it_cannot_see():
    """The lots' order and the red deck are hidden (observation.py): deal them again around the same
    observation and the bot, with the same seed, chooses the same at every decision of a hand."""
    game = make_game(players=6)
    state = game.new_initial_state()
    state.apply_chance(state.sample_chance(random.Random(5)))
    bots = [ValueMercanteBot(seed=s) for s in range(6)]
    decisions = 0
    while not state.is_terminal():
        seat = state.current_player()
        obs = state.observation(seat)
        again = sample_hidden_state(game, obs, random.Random(decisions))
        assert again.observation(seat) == obs
        choice = ValueMercanteBot(seed=decisions).choose(obs, state.legal_actions())
        assert ValueMercanteBot(seed=decisions).choose(again.observation(seat), again.legal_actions()) == choice
        state.apply(bots[seat].choose(obs, state.legal_actions()))
        decisions += 1
    assert decisions > 100


def test_a_hand_of_bots_is_an_auction():
    """Eight bots: every lot is bid on, some more than once, and no lot goes back to the house;
    the bot it replaces let every lot go to the house without a bid."""
    game = make_game(players=8)
    for seed in range(3):
        new = play(game, [ValueMercanteBot(seed * 8 + s) for s in range(8)], seed=seed)
        old = play(game, [OldValueMercanteBot(seed * 8 + s) for s in range(8)], seed=seed)
        assert sum(a.startswith("bid") for a in new.actions) > 16
        assert not any(a.startswith("bid") for a in old.actions)


def test_it_sells_above_what_its_card_is_worth_to_it_and_keeps_it_below():
    """Before the last prize card the one live card wins that prize for sure: its holder sells above
    the prize and keeps the card below it."""
    game = make_game(players=8)
    state = game.new_initial_state()
    state.apply_chance(state.sample_chance(random.Random(3)))
    bots = [ValueMercanteBot(seed=s) for s in range(8)]
    while state.observation(0).unturned > 1:
        seat = state.current_player()
        state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
    holder = next(s for s in range(8) if state.observation(0).held[s])
    obs = state.observation(holder)
    prize, figure = obs.prizes[-1], obs.hand[0]
    for price in (prize - 1, prize + 1):
        offered = replace(obs, phase="answer", offer=((holder + 1) % 8, figure, price))
        assert bots[holder].choose(offered, [REFUSE, ACCEPT]) == (ACCEPT if price > prize else REFUSE)


def test_its_offers_to_its_like_are_taken():
    """A bot offers the price the holder, weighing it as it does, would take: among bots no offer is
    refused, and no turn goes by in offers made to be refused (the bot it replaces made about 15 a hand,
    every one refused)."""
    game = make_game(players=8)
    trades = 0
    for seed in range(10):
        actions = play(game, [ValueMercanteBot(seed * 8 + s) for s in range(8)], seed=seed).actions
        assert "refuse" not in actions
        trades += actions.count("accept")
    old = play(game, [OldValueMercanteBot(s) for s in range(8)], seed=0).actions
    assert trades > 0 and old.count("refuse") > 5
