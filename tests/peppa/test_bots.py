"""The Peppa bots, each level against the one below on duplicate deals (tests/bot_margin.py): the
simple bot beats uniformly random play at the seed's Peppa one hand at a time (Peppa 13, hearts by
rank: raccolta, "Peppa-Chat noir-Hearts", "Punteggio"), in the match to 50 where a trick scores
("Regole": "Vince chi per primo supera i 50 punti di gioco") and at Hearts; the sampling bot beats
the simple bot. The lower end of each 95% interval must be above zero. The simple bot stops a
clean sweep only while one is still possible ("Prendere tutti i cuori e la Donna di picche": a
heart discarded in a pair rules it out). Both play reproducibly from their seed."""

from tavolo.bots.peppa import SamplingPeppaBot, SimplePeppaBot
from tavolo.cards import french as fr
from tavolo.engine.play import play
from tavolo.games.peppa import make_game
from tavolo.games.trick_taking.anydeck import DeckObservation

from tests.bot_margin import duplicate_margin


def test_the_simple_bot_beats_random_play_at_peppa_hand_by_hand():
    mean, half = duplicate_margin(make_game(target=None), SimplePeppaBot, deals=200)
    assert mean - half > 0, (mean, half)  # measured: +2.1 ± 0.34 points a hand


def test_the_simple_bot_beats_random_play_in_the_match_to_50():
    mean, half = duplicate_margin(make_game(target=50), SimplePeppaBot, deals=200)
    assert mean - half > 0, (mean, half)  # measured: +14.8 ± 4.9 game points a match


def test_the_simple_bot_beats_random_play_at_hearts():
    mean, half = duplicate_margin(make_game(rules="hearts", target=None), SimplePeppaBot, deals=40)
    assert mean - half > 0, (mean, half)


def test_the_sampling_bot_beats_the_simple_bot_in_the_match_to_50():
    game = make_game(target=50)
    mean, half = duplicate_margin(game, lambda seed: SamplingPeppaBot(game, seed=seed, samples=4), deals=20,
                                  base=SimplePeppaBot)
    assert mean - half > 0, (mean, half)


def void_at_the_last_seat(out: str) -> DeckObservation:
    """Seat 0 answers last to a club trick it cannot follow, holding ``Ah 2d``; seat 1 took
    Peppa in the first trick and every point so far; ``out`` the cards discarded in pairs."""
    first = tuple(zip((1, 2, 3, 0), fr.parse_many("As Qs 2s 3s")))
    trick = tuple(zip((1, 2, 3), fr.parse_many("4c 5c 6c")))
    return DeckObservation(
        game="peppa", seat=0, players=4, phase="play", current_player=0, round_number=0, dealer=3,
        sides=((0,), (1,), (2,), (3,)), hand=tuple(fr.parse_many("Ah 2d")), hand_sizes=(2, 3, 3, 3), leader=1,
        trick=trick, tricks=((first, 1),), out=tuple(fr.parse_many(out)), secret=(), secret_sizes=(0,) * 4,
        known=((),) * 4, round_points=(0, 13, 0, 0), scores=(0,) * 4,
        extra={"rules": "peppa", "hearts_broken": False, "draws_left": 0, "trick_points": 0})


def test_the_simple_bot_feeds_no_heart_to_a_sweep_still_possible():
    obs = void_at_the_last_seat("")
    assert SimplePeppaBot(0).choose(obs, list(obs.hand)) == fr.parse("2d")


def test_the_simple_bot_throws_its_costliest_heart_once_a_heart_is_out():
    obs = void_at_the_last_seat("7h 7d")
    assert SimplePeppaBot(0).choose(obs, list(obs.hand)) == fr.parse("Ah")


def test_the_bots_play_reproducibly_from_their_seed():
    game = make_game(players=6, target=None)
    records = [play(game, [SamplingPeppaBot(game, seed=1, samples=2)] + [SimplePeppaBot(s) for s in range(5)],
                    seed=9) for _ in range(2)]
    assert records[0].actions == records[1].actions
