"""Each deviation plays its one habit and otherwise its base bot's game (issue 12: "a bank of
simple deviations: always take, never take, always close when possible, keep every wild,
discard the highest ..."), on built positions and on seeded hands."""

import random

import pytest

from tavolo.bots.deviations import HABITS, DeviantBot, discards_wild, lays_wild
from tavolo.bots.reading import took_pozzetto
from tavolo.bots.registry import make_bot
from tavolo.games.burraco import make_game
from tavolo.games.burraco.actions import ATTACH_BASE, DISCARD_BASE, DRAW, OPEN_BASE, TAKE
from tavolo.games.burraco.cards import POINTS
from tests.bots.helpers import CLOSE_POSITION, play_turn
from tests.burraco.helpers import position

def seeded_decisions(spec, hands=3, players=2, opponent="simple"):
    """Every (observation, legal actions, choice) of ``spec`` at seat 0 over seeded hands."""
    game = make_game("fibur", players=players, target=None)
    for hand in range(hands):
        state = game.new_initial_state()
        state.apply_chance(state.sample_chance(random.Random(100 + hand)))
        bots = [make_bot(spec if seat == 0 else opponent, game, seat, seed=hand * 8 + seat) for seat in range(players)]
        while not state.is_terminal():
            seat, legal = state.current_player(), state.legal_actions()
            obs = state.observation(seat)
            action = bots[seat].choose(obs, legal)
            assert action in legal
            if seat == 0:
                yield obs, legal, action, state
            state.apply(action)


def test_always_take_takes_the_pile_whenever_it_may():
    """fedibur-1985 art. 4: draw from the stock or take the whole pile; this habit always takes."""
    draws = [(legal, action) for obs, legal, action, _ in seeded_decisions("deviant:always-take,base=simple")
             if obs.phase == "draw"]
    assert any(TAKE in legal for legal, _ in draws)
    assert all(action == (TAKE if TAKE in legal else DRAW) for legal, action in draws)


def test_never_take_always_draws_from_the_stock():
    draws = [(legal, action) for obs, legal, action, _ in seeded_decisions("deviant:never-take,base=simple")
             if obs.phase == "draw"]
    assert any(TAKE in legal for legal, _ in draws) and {action for _, action in draws} == {DRAW}


def test_keep_wilds_neither_discards_nor_lays_a_wild_while_it_has_another_move():
    checked = 0
    for obs, legal, action, _ in seeded_decisions("deviant:keep-wilds,base=simple", hands=4):
        tame = [a for a in legal if not (discards_wild(a) or lays_wild(obs, a))]
        if tame:
            assert action in tame
            checked += len(tame) < len(legal)
    assert checked  # some decisions had a wild to keep


def test_discard_highest_throws_the_dearest_card():
    discards = 0
    for _, legal, action, _ in seeded_decisions("deviant:discard-highest,base=simple"):
        if DISCARD_BASE <= action < OPEN_BASE:
            top = max(POINTS[a - DISCARD_BASE] for a in legal if DISCARD_BASE <= a < OPEN_BASE)
            assert POINTS[action - DISCARD_BASE] == top
            discards += 1
    assert discards > 10


def test_meld_everything_never_discards_while_it_could_meld():
    melded = 0
    for obs, legal, action, _ in seeded_decisions("deviant:meld-everything,base=simple"):
        if obs.phase == "play":
            assert action >= OPEN_BASE or not any(a >= OPEN_BASE for a in legal)
            melded += action >= OPEN_BASE
    assert melded


def test_always_close_closes_where_its_base_does_not():
    """fedibur-1985 art. 6: with the pozzetto and a burraco, closing is being left without
    cards by discarding a non-wild: open Kh Kh 2d, discard Ts. heuristic:easy attaches the
    2d instead; the same player with the habit of closing finds the close."""
    game = make_game("fibur", players=4, target=None)
    easy = position(**CLOSE_POSITION)
    assert play_turn(make_bot("heuristic:easy", game, 0, seed=1), easy)[0] == "attach 2d to 2"
    state = position(**CLOSE_POSITION)
    assert play_turn(make_bot("deviant:always-close,base=heuristic:easy", game, 0, seed=1), state) == [
        "open Kh Kh 2d", "discard Ts"]
    assert state.hand_results[-1].ended_by == "closing"


def test_hold_opens_only_to_go_out():
    """Before its pozzetto, hold keeps a meld in hand; it opens when that empties the hand
    (open 7h 8h 9h, discard the 4c: to the pozzetto, fedibur-1985 art. 6)."""
    game = make_game("fibur", players=4, target=None)
    base = "heuristic:easy"
    kept = position(hands={0: "7h 8h 9h Qs Qd 4c 6s"}, turn=0)
    assert play_turn(make_bot(base, game, 0, seed=1), kept)[0].startswith("open")
    kept = position(hands={0: "7h 8h 9h Qs Qd 4c 6s"}, turn=0)
    assert play_turn(make_bot(f"deviant:hold,base={base}", game, 0, seed=1), kept)[0].startswith("discard")
    out = position(hands={0: "7h 8h 9h 4c"}, turn=0)
    assert play_turn(make_bot(f"deviant:hold,base={base}", game, 0, seed=1), out) == ["open 7h 8h 9h", "discard 4c"]
    assert out.side_took_pozzetto(0)


def test_hold_opens_nothing_before_the_pozzetto_on_seeded_hands():
    for obs, legal, action, state in seeded_decisions("deviant:hold,base=simple"):
        if OPEN_BASE <= action < ATTACH_BASE and not took_pozzetto(obs, obs.my_side):
            after = state.clone()
            after.apply(action)
            rest = play_turn(make_bot("deviant:hold,base=simple", state.game, 0, seed=1), after)
            assert after.side_took_pozzetto(0), rest


@pytest.mark.parametrize("habit", HABITS)
def test_a_deviation_replays_exactly_from_its_seed(habit):
    spec = f"deviant:{habit},base=simple"
    first = [action for *_, action, _ in seeded_decisions(spec, hands=1)]
    assert first == [action for *_, action, _ in seeded_decisions(spec, hands=1)]


def test_the_default_base_is_heuristic_strong():
    bot = make_bot("deviant:always-take", make_game(players=2, target=None), 0, seed=1)
    assert isinstance(bot, DeviantBot) and getattr(bot.base, "level", None) == "strong"


@pytest.mark.parametrize("spec, message", [
    ("deviant:always-lie", "choose one of always-take, never-take"),
    ("deviant", "name a habit"),
    ("deviant:hold,depth=2", "unknown setting"),
    ("deviant:hold,base=chess", "bot 'chess'"),
])
def test_a_bad_deviation_is_refused_with_the_list(spec, message):
    with pytest.raises(ValueError, match=message):
        make_bot(spec, make_game(players=2, target=None), 0, seed=1)
