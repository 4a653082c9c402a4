"""The bridge bot: its natural system's calls on textbook hands, legal play from its
observation only, double-dummy card play that takes the tricks a card-reader would, and a
margin over random play measured as duplicate bridge measures it (each board played at two
tables, the bot North-South at one and East-West at the other; IMPs per board)."""

import random
import statistics

import pytest

from tavolo.bots.bridge import BridgeBot, opening, read_auction, solve
from tavolo.bots.random_bot import RandomBot
from tavolo.engine.play import play
from tavolo.games.bridge import calls as cl
from tavolo.games.bridge import make_game
from tavolo.games.bridge.cards import parse_many, parse_pbn_deal
from tavolo.games.bridge.pbn import deck_order
from tavolo.games.bridge.scoring import imps
from tavolo.games import replay as replay_state


@pytest.mark.parametrize("hand, call", [
    ("SA SK S4 HK HQ H3 DA D9 D5 C8 C7 C6 C2", "1NT"),      # 16 balanced
    ("SA SK S7 S5 S4 HK HQ H3 D9 D5 C8 C7 C2", "1S"),       # 12 + a five-card major
    ("SA SK S7 S4 HK HQ H3 D9 D5 D8 C7 C6 C2", "1C"),       # no five-card major, minors 3-3: 1C
    ("S9 S7 S5 S4 H8 H6 H3 D9 D5 D8 CA CK C2", "pass"),     # 7 points
])
def test_openings_of_the_natural_system(hand, call):
    assert cl.call_name(opening(parse_many(hand))) == call


def test_calls_are_read_for_what_they_show():
    calls = [cl.parse_call(t) for t in "1S pass 3S pass".split()]
    shown = read_auction(calls, dealer=0)
    assert (shown[0].points, shown[0].lengths[3]) == (12, 5)
    assert (shown[2].points, shown[2].lengths[3]) == (10, 3)


def test_double_dummy_play_takes_the_cashing_tricks():
    deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    state = make_game().new_initial_state()
    state.apply_chance(deck_order(parse_pbn_deal(deal), 0))
    for call in ("1NT", "pass", "pass", "pass"):
        state.apply_text(call)
    tricks = solve(state)                    # East to lead against 1NT by North
    assert tricks[parse_many("CA")[0]] == 8 and max(tricks.values()) == 8
    assert BridgeBot(seed=1, samples=2).choose(state.observation(1), state.legal_actions()) in tricks


def duplicate_imps(boards, samples=1, seed=0):
    """IMPs per board won by the bot pair against random play, each board at two tables."""
    out = []
    for board in range(1, boards + 1):
        game = make_game(board=board)
        scores = []
        for bot_side in (0, 1):
            agents = [BridgeBot(seed=seed + board * 4 + s, samples=samples) if s % 2 == bot_side
                      else RandomBot(seed=seed + board * 4 + s) for s in range(4)]
            scores.append(play(game, agents, seed=seed + board).result[bot_side])
        out.append(imps(int(scores[0] + scores[1])))
    return out


def test_the_bot_beats_random_play_at_duplicate():
    results = duplicate_imps(boards=3)
    assert statistics.mean(results) > 5 and all(r > 0 for r in results)


def test_the_bot_sees_only_its_observation_and_plays_legally():
    game = make_game(board=2)
    bots = [BridgeBot(seed=s, samples=1) for s in range(4)]
    record = play(game, bots, seed=random.Random(9).randrange(1000))
    assert record.result[0] == -record.result[1] and len(record.actions) >= 4 + 52
    assert replay_state(record).is_terminal()
