"""The heuristic Burraco bot: its levels, reproducible play, only legal actions at every table
and rule set, choices made from its seat's observation alone, and the club player's rules it
claims (built on exact positions and on seeded hands)."""

import random

import pytest

from tavolo.bots.heuristic import LEVELS, HeuristicBurracoBot
from tavolo.bots.reading import feeds, next_opponent
from tavolo.bots.registry import make_bot
from tavolo.cards import french as fr
from tavolo.engine.play import play
from tavolo.games.burraco import make_game
from tavolo.games.burraco.actions import DISCARD_BASE, DRAW, OPEN_BASE, TAKE, decode
from tavolo.games.burraco.cards import WILD
from tests.burraco.helpers import position
from tests.bots.helpers import decisions


def choose(bot: HeuristicBurracoBot, state) -> int:
    seat = state.current_player()
    return bot.choose(state.observation(seat), state.legal_actions())


# --- levels and settings ------------------------------------------------------------------------

@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_is_made_by_name_and_through_the_registry(level):
    assert HeuristicBurracoBot(level).level == level
    assert make_bot(f"heuristic:{level}", make_game(), seat=0, seed=1).level == level


def test_the_default_level_is_strong():
    assert HeuristicBurracoBot().level == "strong"
    assert make_bot("heuristic", make_game(), seat=0).level == "strong"


def test_an_unknown_level_is_refused_naming_the_choices():
    with pytest.raises(ValueError, match="choose one of easy, normal, strong"):
        HeuristicBurracoBot("expert")
    with pytest.raises(ValueError, match="'grandmaster'"):
        make_bot("heuristic:grandmaster", make_game(), seat=0)


def test_an_unknown_setting_is_refused():
    with pytest.raises(ValueError, match="unknown setting"):
        make_bot("heuristic:strong,depth=3", make_game(), seat=0)


# --- reproducible, legal, observation only --------------------------------------------------------

def test_the_same_seed_plays_the_same_hand():
    game = make_game("fibur", players=4, target=None)
    records = [play(game, [HeuristicBurracoBot("strong", seed=s) for s in range(4)], seed=11) for _ in range(2)]
    assert records[0].actions == records[1].actions
    assert records[0].result == records[1].result


class Checked:
    """Plays ``bot`` and fails the test at once on an action outside the legal ones."""

    def __init__(self, bot: HeuristicBurracoBot) -> None:
        self.bot = bot

    def choose(self, obs, legal):
        action = self.bot.choose(obs, legal)
        assert action in legal, (obs.to_json(), action)
        return action


@pytest.mark.parametrize("rules", ["fibur", "fedibur1985", "internazionale"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_only_legal_actions_over_whole_hands(rules, players):
    game = make_game(rules, players=players, target=None)
    levels = sorted(LEVELS)
    for seed in range(3):
        agents = [Checked(HeuristicBurracoBot(levels[(seat + seed) % 3], seed=seed * 10 + seat))
                  for seat in range(players)]
        record = play(game, agents, seed=seed)
        assert len(record.result) == players


def test_a_match_to_505_is_played_to_its_end():
    game = make_game("fibur", players=4, target=505)
    record = play(game, [Checked(HeuristicBurracoBot("strong", seed=s)) for s in range(4)], seed=3)
    assert max(record.result) >= 505


@pytest.mark.parametrize("players", [2, 4, 5])
def test_the_bot_chooses_from_its_observation_alone(players):
    """Two states that differ only in the cards the seat cannot see (other hands, pozzetti,
    stock order) give the same choice: nothing hidden leaks into the decision."""
    game = make_game("fibur", players=players, target=None)
    compared = 0
    for i, (state, _, _) in enumerate(decisions(game, seeds=[1, 2])):
        if i % 3:
            continue
        seat = state.current_player()
        obs = state.observation(seat)
        worlds = [game.sample_hidden_state(obs, random.Random(k)) for k in (1, 2)]
        assert worlds[0].to_json() != worlds[1].to_json()
        assert worlds[0].observation(seat) == worlds[1].observation(seat) == obs
        choices = {HeuristicBurracoBot("strong", seed=5).choose(w.observation(seat), w.legal_actions())
                   for w in worlds}
        assert len(choices) == 1
        compared += 1
    assert compared > 50


# --- the club player's rules ----------------------------------------------------------------------

def discarded(state, action: int) -> str:
    assert DISCARD_BASE <= action < OPEN_BASE, state.action_to_string(action)
    return fr.name(action - DISCARD_BASE)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_it_does_not_discard_what_attaches_to_the_next_opponents_melds(level):
    # 5c, the cheapest loner, would go on 6c 7c 8c of the side playing next
    state = position(hands={0: "5c 8h 9h Kd Ks"}, melds={1: ["6c 7c 8c"]}, turn=0)
    assert discarded(state, choose(HeuristicBurracoBot(level), state)) != "5c"
    # with nobody to feed, it is the card to throw
    state = position(hands={0: "5c 8h 9h Kd Ks"}, melds={1: ["6d 7d 8d"]}, turn=0)
    assert discarded(state, choose(HeuristicBurracoBot(level), state)) == "5c"


def test_in_seeded_hands_it_never_feeds_the_next_opponent_when_it_can_help_it():
    game = make_game("fibur", players=4, target=None)
    checked = 0
    for state, legal, action in decisions(game, seeds=range(6)):
        obs = state.observation(state.current_player())
        feeding = feeds(obs, next_opponent(obs))
        safe = [a for a in legal if DISCARD_BASE <= a < OPEN_BASE
                and a - DISCARD_BASE not in feeding and not WILD[a - DISCARD_BASE]]
        if safe and DISCARD_BASE <= action < OPEN_BASE:
            assert action - DISCARD_BASE not in feeding, obs.to_json()
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_it_does_not_discard_a_wild_when_another_card_will_do(level):
    state = position(hands={0: "* 2c Kd Qs"}, melds={1: ["Kh Kc Ks", "Qd Kd Ad"]}, turn=0)
    assert discarded(state, choose(HeuristicBurracoBot(level), state)) in ("Kd", "Qs")


def test_in_seeded_hands_a_wild_is_discarded_only_when_nothing_else_can_be():
    for rules in ("fibur", "internazionale"):
        game = make_game(rules, players=4, target=None)
        for _, legal, action in decisions(game, seeds=range(4), level="easy"):
            if DISCARD_BASE <= action < OPEN_BASE and WILD[action - DISCARD_BASE]:
                assert all(WILD[a - DISCARD_BASE] for a in legal if DISCARD_BASE <= a < OPEN_BASE)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_it_takes_a_big_useful_discard_pile(level):
    state = position(hands={0: "Qs Qh 5c 6d 9c Jd Ad 4s 4h 3c Kh"}, melds={0: ["6h 7h 8h"]},
                     pile="9h Th Qd 5s 5d * 4c", phase="draw", turn=0, stock_size=30)
    assert choose(HeuristicBurracoBot(level), state) == TAKE


def test_strong_leaves_a_pile_of_loners_when_the_stock_is_ending():
    """End-of-stock awareness: with no turn left, cards taken are only points in hand."""
    pile = "Kd Kc 9s Ah 5c"
    hand = "Ks Qh Jh 4c 7d"
    early = position(hands={0: hand}, pile=pile, phase="draw", turn=0, stock_size=30)
    late = position(hands={0: hand}, pile=pile, phase="draw", turn=0, stock_size=4)
    assert choose(HeuristicBurracoBot("strong"), early) == TAKE
    assert choose(HeuristicBurracoBot("strong"), late) == DRAW


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_it_finishes_a_burraco_when_it_can(level):
    state = position(hands={0: "9h Kd Ks 4c 7s"}, melds={0: ["3h 4h 5h 6h 7h 8h", "Qd Qc Qs"]}, turn=0)
    assert decode(choose(HeuristicBurracoBot(level), state))[:3] == ("attach", 0, fr.parse("9h"))


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_it_completes_the_sides_first_burraco_with_a_wild(level):
    """The pozzetto is taken, no burraco yet: the jolly makes one (sporco, 100) and lets the side close."""
    state = position(hands={0: "* Kd 7s 4c 9d", 2: "5h 6s"}, melds={0: ["Jc Jd Js Jh Jc Jd"]},
                     taken={0: True}, turn=0)
    assert decode(choose(HeuristicBurracoBot(level), state)) == ("attach", 0, fr.JOKER, 0)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_it_keeps_its_wild_early_when_it_completes_nothing(level):
    state = position(hands={0: "* Kd 7s 4c 9d Qh", 2: "5h 6s 8c 9h Th"}, melds={0: ["Jc Jd Js"]}, turn=0)
    assert DISCARD_BASE <= choose(HeuristicBurracoBot(level), state) < OPEN_BASE


def test_strong_lays_down_everything_and_closes_when_it_can():
    state = position(hands={0: "9h 7d 4c"}, melds={0: ["3h 4h 5h 6h 7h 8h *", "4d 5d 6d"]},
                     taken={0: True}, turn=0)
    bot = HeuristicBurracoBot("strong")
    while not state.is_terminal():
        assert state.current_player() == 0
        state.apply(choose(bot, state))
    assert state.hand_results[-1].ended_by == "closing"
    assert state.hand_results[-1].sides[0].closing == 100


def test_strong_does_not_hang_on_one_card_without_a_burraco():
    """Pozzetto taken, no burraco: it keeps two cards rather than attach down to one
    (restare appeso: with one card in hand a player can only draw and discard)."""
    state = position(hands={0: "8h Kd 4c"}, melds={0: ["3h 4h 5h 6h 7h", "4d 5d 6d"]},
                     taken={0: True}, turn=0)
    assert DISCARD_BASE <= choose(HeuristicBurracoBot("strong"), state) < OPEN_BASE
    assert decode(choose(HeuristicBurracoBot("easy"), state))[0] == "attach"
