"""Tuning a bot's settings in the arena: reproducible, on common deals, each trial paired with the best on
them, the settings in use played first, bad input refused."""

import json
import random

import pytest
from typer.testing import CliRunner

from tavolo.arena import ArenaError
from tavolo.arena.duplicate import deal_seed, play_duplicate
from tavolo.arena.stats import mean_interval
from tavolo.arena.tuning import TUNING_SEED, parse_space, parse_start, tune
from tavolo.bots.random_bot import RandomBot
from tavolo.bots.registry import BOTS
from tavolo.bots.simple import SimpleBurracoBot
from tavolo.cli import app


class MixBot:
    """Plays the simple bot's move with probability ``p``, else a random one: the
    higher ``p``, the stronger, so a tuner has something to find."""

    def __init__(self, p: float, seed: int | None) -> None:
        self.p, self.rng = p, random.Random(seed)
        self.simple, self.random = SimpleBurracoBot(self.rng.getrandbits(32)), RandomBot(self.rng.getrandbits(32))

    def choose(self, observation, legal_actions):
        bot = self.simple if self.rng.random() < self.p else self.random
        return bot.choose(observation, legal_actions)


def _mix(game, seat, seed, settings):
    return MixBot(float(settings.pop("p")), seed)


@pytest.fixture(autouse=True)
def mix_bot(monkeypatch):
    monkeypatch.setitem(BOTS, "mix", _mix)


def quick(**options):
    options = {"opponent": "random", "players": 2, "deals": 3, "trials": 4, "workers": 1, **options}
    return tune("mix:p={p}", {"p": (0.0, 1.0)}, **options)


def test_the_same_seed_gives_the_same_trials_and_the_best_is_the_highest_mean():
    first, second = quick(), quick()
    assert first == second
    assert first.best == max(first.trials, key=lambda t: t.mean)
    assert (first.deals, first.players, first.opponent, len(first.trials)) == (3, 2, "random", 4)
    assert all(t.low <= t.mean <= t.high for t in first.trials)
    assert quick(seed=TUNING_SEED + 1).trials != first.trials


def test_every_trial_plays_the_same_deals_so_equal_settings_score_equal_means():
    # every value in this range is written 0.5 (4 significant digits): four trials of one setting
    result = tune("mix:p={p}", {"p": (0.49999, 0.50001)}, opponent="random", players=2, deals=3, trials=4, workers=1)
    assert {t.params["p"] for t in result.trials} == {0.5}
    assert len({(t.mean, t.low, t.high) for t in result.trials}) == 1


def test_a_trial_is_scored_on_the_tuning_deals_not_the_evaluation_deals():
    result = tune("mix:p={p}", {"p": (0.49999, 0.50001)}, opponent="random", players=2, deals=3, trials=1, workers=1)
    scores = [play_duplicate("mix:p=0.5", "random", deal_seed(TUNING_SEED, i), rules="fibur", players=2).score
              for i in range(3)]
    assert result.best.mean == mean_interval(scores).estimate


def test_each_trial_keeps_its_deals_and_the_start_is_played_first():
    result = quick(start={"p": 0.25}, trials=3)
    assert result.trials[0].params == {"p": 0.25}
    replayed = [play_duplicate("mix:p=0.25", "random", deal_seed(TUNING_SEED, i), rules="fibur", players=2).score
                for i in range(3)]
    assert result.trials[0].scores == tuple(replayed)
    assert all(mean_interval(t.scores).estimate == t.mean for t in result.trials)


def test_a_trial_is_paired_with_the_best_deal_by_deal():
    result = quick(start={"p": 0.0}, trials=3)
    start = result.trials[0]
    paired = result.against_best(start)
    differences = [mine - best for mine, best in zip(start.scores, result.best.scores)]
    assert paired == mean_interval(differences)
    assert paired.estimate == start.mean - result.best.mean  # the same deals: the means' difference
    assert result.against_best(result.best).estimate == 0  # a trial against itself: zero


def test_equal_settings_are_paired_to_a_zero_difference():
    result = tune("mix:p={p}", {"p": (0.49999, 0.50001)}, opponent="random", players=2, deals=3, trials=2, workers=1)
    assert result.against_best(result.trials[1]) == mean_interval([0.0, 0.0, 0.0])


def test_a_stronger_setting_scores_higher_than_a_weaker_one():
    # p=1 is the simple bot, p=0 a random one: against random, the first is far ahead
    strong = tune("mix:p={p}", {"p": (0.9999, 1.0)}, opponent="random", players=2, deals=4, trials=1, workers=1)
    weak = tune("mix:p={p}", {"p": (0.0, 0.0001)}, opponent="random", players=2, deals=4, trials=1, workers=1)
    assert strong.best.mean > weak.best.mean


@pytest.mark.parametrize("template, space, message", [
    ("mix:p={p", {"p": (0, 1)}, "expected '}'"),
    ("mix:p=0.5", {"p": (0, 1)}, "no placeholder"),
    ("mix:p={}", {"p": (0, 1)}, "plain names"),
    ("mix:p={p}", {}, "space is empty"),
    ("mix:p={p},q={q}", {"p": (0, 1)}, "with no range: q"),
    ("mix:p={p}", {"p": (0, 1), "r": (0, 1)}, "for no placeholder of the template: r"),
    ("mix:p={p}", {"p": (1, 1)}, "low end 1 must be below the high end 1"),
    ("mix:p={p}", {"p": (2, 1)}, "low end 2 must be below"),
    ("mixx:p={p}", {"p": (0, 1)}, "bot 'mixx': choose one of"),
])
def test_bad_input_is_refused_with_the_reason(template, space, message):
    with pytest.raises(ArenaError, match=message.replace("{", r"\{").replace("}", r"\}")):
        tune(template, space, opponent="random", players=2, deals=2, trials=1, workers=1)


@pytest.mark.parametrize("start, message", [
    ({}, "no value for: p"),
    ({"p": 0.5, "q": 1}, "for no placeholder of the template: q"),
    ({"p": 1.5}, "start p=1.5 is outside its range 0:1"),
])
def test_a_bad_start_is_refused_before_any_deal(start, message, monkeypatch):
    monkeypatch.setattr("tavolo.arena.tuning.run_plan", lambda *a, **k: pytest.fail("a deal was played"))
    with pytest.raises(ArenaError, match=message):
        quick(start=start)


@pytest.mark.parametrize("item", ["p", "=1", "p=a", "p=", "1.5"])
def test_a_start_is_written_name_value(item):
    with pytest.raises(ArenaError, match="write name=value"):
        parse_start([item])


def test_a_bad_opponent_or_table_is_refused_before_any_deal():
    with pytest.raises(ArenaError, match="bot 'nobody'"):
        quick(opponent="nobody")
    with pytest.raises(ArenaError, match="2, 4 or 6 players"):
        quick(players=3)
    with pytest.raises(ArenaError, match="at least two deals"):
        quick(deals=1)


@pytest.mark.parametrize("item", ["p", "p=1", "p=a:b", "=0:1"])
def test_a_range_is_written_name_low_high(item):
    with pytest.raises(ArenaError, match="write name=low:high"):
        parse_space([item])


def test_the_tune_command_prints_the_best_trials_and_saves_them(tmp_path):
    out = tmp_path / "tune.json"
    result = CliRunner(env={"TAVOLO_LANG": None}).invoke(app, ["tune", "mix:p={p}", "--space", "p=0:1", "--vs",
                                                               "random", "--players", "2", "--deals", "2", "--trials",
                                                               "3", "--workers", "1", "--json", str(out)])
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "Le prove migliori di mix:p={p} contro random" in said and f"Prove salvate in {out}" in said
    data = json.loads(out.read_text())
    assert (data["template"], data["opponent"], data["deals"], data["seed"]) == ("mix:p={p}", "random", 2, TUNING_SEED)
    assert len(data["trials"]) == 3 and data["best"] in data["trials"]


def test_the_tune_command_starts_from_the_settings_in_use_and_pairs_the_trials_with_the_best(tmp_path):
    out = tmp_path / "tune.json"
    result = CliRunner(env={"TAVOLO_LANG": None}).invoke(app, ["tune", "mix:p={p}", "--space", "p=0:1", "--start",
                                                               "p=0.125", "--vs", "random", "--players", "2",
                                                               "--deals", "2", "--trials", "3", "--workers", "1",
                                                               "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert "− la migliore, appaiata" in " ".join(result.output.split())
    data = json.loads(out.read_text())
    assert data["trials"][0]["params"] == {"p": 0.125}
    assert all(len(trial["scores"]) == 2 for trial in data["trials"])


def test_the_tune_command_refuses_a_bad_range_without_a_traceback():
    result = CliRunner(env={"TAVOLO_LANG": "en"}).invoke(app, ["tune", "mix:p={p}", "--space", "p=1:0",
                                                               "--vs", "random"])
    assert result.exit_code != 0
    assert "low end 1 must be below" in result.output
    assert "Traceback" not in result.output
    assert "0/" not in result.output                       # refused before the progress bar, not under it
