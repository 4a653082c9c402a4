"""The compiled Burraco core against the reference engine (issue 27): the same deals and the
same uniformly random actions through both, requiring after every action the same legal
actions and the same JSON state (every field, hidden ones included: hands, stock, pile,
pozzetti, melds, history: every field the JSON is made of compared after every action, the
JSON itself every few actions), and at every hand's end the same scores, to the type (the
JSON text compared), and the same returns.

Over 100,000 decisions in all: 2 to 6 players (rules.py plays 2 to 6: the 3 and 5 player
tables with the lone player and the pairs, estratto "Il gioco in 3", "Il gioco in 5"),
every rule set (fibur, fedibur1985, internazionale: codice art. 8 and 13), single hands and
matches to a target (several deals; the "everyone alone" threshold and the pair's share,
estratto "Il gioco in 3"), time-outs (codice art. 15; fedibur-1985 art. 10), and illegal
actions refused with the same rule.

The compiled core is built by ``pip install -e .`` (``make setup``): these tests require it.
"""

from __future__ import annotations

import json
import random

import pytest

from tavolo.engine.errors import IllegalActionError
from tavolo.games.burraco import BurracoState, make_game, native
from tavolo.games.burraco.actions import ATTACH_BASE, NUM_ACTIONS, TEMPLATES, TIME_OUT
from tavolo.games.burraco.cards import WILDS
from tavolo.games.burraco.melds import Group, Run, attachments, burraco_kind, is_valid, meld_points, meld_size

# (rules, players, target, decisions, time-out every so many matches (0: never), other options)
TABLES = [
    ("fibur", 2, None, 16_000, 0, {}),
    ("fibur", 3, None, 12_000, 0, {}),
    ("fibur", 4, None, 16_000, 0, {}),
    ("fibur", 5, None, 8_000, 0, {}),
    ("fibur", 6, None, 14_000, 0, {}),
    ("internazionale", 4, None, 8_000, 0, {}),
    ("fedibur1985", 3, 1005, 8_000, 3, {}),
    ("fibur", 5, 505, 6_000, 4, {}),
    ("fibur", 4, 505, 6_000, 5, {}),
    ("fibur", 3, 1005, 4_000, 0, {"alone_threshold": 100, "pair_share": "full"}),
    ("fibur", 5, None, 4_000, 0, {"lone_vs_pairs": False}),
]
TOTAL_DECISIONS = sum(t[3] for t in TABLES)


def test_the_tables_make_at_least_100000_decisions():
    assert TOTAL_DECISIONS >= 100_000
    assert {players for _, players, *_ in TABLES} == {2, 3, 4, 5, 6}
    assert {rules for rules, *_ in TABLES} == {"fibur", "fedibur1985", "internazionale"}


def test_the_core_is_built():
    """CI installs with ``pip install -e .``, which builds it: a failed build fails here."""
    assert native.available(), native.BUILD_ERROR


JSON_FIELDS = ("_phase", "_turn", "_turn_no", "_dealer", "_hand_no", "_scores", "_alone", "_hands", "_pending",
               "_known", "_shunned", "_stock", "_pile", "_pozzetti", "_pozz_owner", "_pozz_taken", "_sides", "_formed",
               "_melds", "_single", "_must_meld", "_stall", "_last_turn", "_closed_by", "_timeout", "_plays_left", "_results",
               "history")
"""Every field ``serial.state_to_json`` reads: equal fields make equal JSON."""
JSON_EVERY = 8
"""The JSON itself is built and compared every so many decisions (and at every hand's end)."""


def test_json_fields_are_every_field_the_json_reads():
    import inspect

    from tavolo.games.burraco import serial

    source = inspect.getsource(serial.state_to_json)
    read = {name for name in BurracoState.__slots__ if f"s.{name}" in source}
    read |= {"_hands"} if "hand_cards" in source else set()
    read -= {"_n", "game"}  # the game and its players, which both states share
    assert "s.game.options_json()" in source
    assert read | {"history"} == set(JSON_FIELDS)


def _same(ref, fast, where: str, json_too: bool = True) -> None:
    """The same seat to act, legal actions and state: every JSON field of the reference state
    the compiled one converts to equal, and the JSON itself when ``json_too``."""
    assert fast.current_player() == ref.current_player(), where
    assert fast.legal_actions() == ref.legal_actions(), where
    mirror = fast.to_python()
    for name in JSON_FIELDS:
        assert getattr(mirror, name) == getattr(ref, name), f"{where}: {name}"
    if json_too:
        assert fast.to_json() == ref.to_json(), where
    _same_observations(ref, fast, where, every_seat=json_too)


def _same_observation(ref, fast, seat: int, where: str) -> None:
    """The compiled state's own observation of ``seat`` (built from the core, not from a
    Python copy) is the reference's: the same JSON, and the scores of the same types."""
    mine, theirs = fast.observation(seat), ref.observation(seat)
    assert mine.to_json() == theirs.to_json(), f"{where}: observation of seat {seat}"
    assert list(map(type, mine.scores)) == list(map(type, theirs.scores)), f"{where}: score types, seat {seat}"


def _same_observations(ref, fast, where: str, every_seat: bool) -> None:
    """The acting seat's observation after every decision (seat 0 between hands and at the
    end), every seat's when ``every_seat``."""
    if every_seat:
        for seat in range(ref.game.num_players):
            _same_observation(ref, fast, seat, where)
    else:
        _same_observation(ref, fast, max(ref.current_player(), 0), where)


def _same_text(ref, fast, where: str) -> None:
    """Equal JSON text: ints stay ints and floats floats (scores, credited points), in the
    state and in every seat's observation."""
    assert json.dumps(fast.to_json()) == json.dumps(ref.to_json()), where
    for seat in range(ref.game.num_players):
        assert json.dumps(fast.observation(seat).to_json()) == json.dumps(ref.observation(seat).to_json()), where
    assert repr(fast.returns()) == repr(ref.returns()), where
    if ref.hands_played:
        credited = ref.last_hand_credited()
        assert credited == ref.hand_results[-1].credited, where
        assert repr(fast.last_hand_credited()) == repr(credited), where


def _refusal(state, action):
    try:
        state.apply(action)
    except IllegalActionError as error:
        return error.rule.code, str(error)
    return None


def play_side_by_side(rules: str, players: int, target: int | None, decisions: int, time_out_every: int,
                      seed: int, **options) -> int:
    """Play matches through both engines until ``decisions`` actions have been compared (the
    last match stops there: random play may take a match to a target very long)."""
    game = make_game(rules, players=players, target=target, **options)
    deals, moves = random.Random(seed), random.Random(seed + 1)
    made = matches = 0
    while made < decisions:
        ref, fast = game.new_initial_state(), native.NativeBurracoState(game)
        matches += 1
        call_time_at = moves.randrange(50, 400) if time_out_every and matches % time_out_every == 0 else -1
        in_match = 0
        while not ref.is_terminal() and made < decisions:
            where = f"{rules} {players}p match {matches} decision {made}"
            if ref.is_chance_node():
                outcome = ref.sample_chance(deals)
                ref.apply_chance(outcome)
                fast.apply_chance(outcome)
                _same(ref, fast, where)
                continue
            legal = ref.legal_actions()
            assert fast.legal_actions() == legal, where
            if in_match == call_time_at:
                ref.apply(TIME_OUT)
                fast.apply(TIME_OUT)
                call_time_at = -1
            elif moves.random() < 0.01:  # an illegal action: both refuse it with the same rule
                wrong = moves.randrange(NUM_ACTIONS)
                if wrong not in legal:
                    assert _refusal(fast, wrong) == _refusal(ref, wrong), where
            else:
                action = legal[int(moves.random() * len(legal))]
                hands_before = ref.hands_played
                ref.apply(action)
                fast.apply(action)
                made += 1
                in_match += 1
                if ref.hands_played > hands_before:
                    _same_text(ref, fast, where)
            _same(ref, fast, where, json_too=made % JSON_EVERY == 0)
        assert fast.is_terminal() == ref.is_terminal()
        _same_text(ref, fast, f"{rules} {players}p match {matches} end")
    return made


@pytest.mark.parametrize(("rules", "players", "target", "decisions", "time_out_every", "options"), TABLES,
                         ids=[f"{r}-{p}p-{t or 'hand'}{'-' if o else ''}{'-'.join(o)}" for r, p, t, _, _, o in TABLES])
def test_random_play_is_the_same_in_both_engines(rules, players, target, decisions, time_out_every, options):
    seed = players * 97 + len(rules) + len(options)
    assert play_side_by_side(rules, players, target, decisions, time_out_every, seed, **options) >= decisions


def _all_melds():
    """Every meld value the rules allow (runs of any span and wild, groups of 2-8 naturals)."""
    for s in range(4):
        for lo in range(1, 15):
            for hi in range(lo + 1, 15):
                for wild in (-1, *WILDS):
                    for gap in (0, *range(lo + 1, hi)):
                        run = Run(s, lo, hi, wild, gap)
                        if is_valid(run):
                            yield run
    for rank in (1, *range(3, 14)):
        for a in range(4):
            for b in range(4):
                for c in range(4):
                    for d in range(4):
                        for wild in (-1, *WILDS):
                            group = Group(rank, (a, b, c, d), wild)
                            if is_valid(group):
                                yield group


def test_meld_checks_are_the_same_for_every_meld():
    """Attachments (card, variant, meld after), size, points and burraco kind, with and without
    the semi-clean burraco (codice art. 13), for every valid meld."""
    from tavolo.games.burraco import _core

    checked = 0
    for meld in _all_melds():
        word = native.pack_meld(meld)
        assert native.unpack_meld(word) == meld
        fast = [(card, variant, native.unpack_meld(after)) for card, variant, after in _core.attachments(word)]
        assert fast == list(attachments(meld)), meld
        for semiclean in (True, False):
            assert _core.meld_facts(word, semiclean) == (meld_size(meld), meld_points(meld),
                                                         burraco_kind(meld, semiclean)), meld
        checked += 1
    assert checked > 5000


def test_templates_keep_their_action_ids():
    assert ATTACH_BASE == 2 + 53 + len(TEMPLATES)
    for t in TEMPLATES:
        assert native.unpack_meld(native.pack_meld(t.meld)) == t.meld


def test_a_clone_plays_on_alone():
    game = make_game(players=4, target=None)
    state = native.NativeBurracoState(game)
    state.apply_chance(state.sample_chance(random.Random(5)))
    for _ in range(40):
        state.apply(state.legal_actions()[-1])
    before = state.to_json()
    copy = state.clone()
    copy.playout(11)
    assert copy.is_terminal() and not state.is_terminal()
    assert state.to_json() == before
    ref = game.state_from_json(copy.to_json())  # a native playout is a legal game of the reference
    assert ref.is_terminal() and ref.returns() == copy.returns()


def test_a_native_playout_replays_in_the_reference_engine():
    """The whole-hand playout inside the core takes only legal actions: replayed action by action
    in the Python engine it reaches the same end and scores."""
    for players in (2, 3, 4, 5, 6):
        game = make_game(players=players, target=None)
        deal = game.new_initial_state().sample_chance(random.Random(players))
        fast = native.NativeBurracoState(game)
        fast.apply_chance(deal)
        made = fast.playout(players)
        ref = game.new_initial_state()
        ref.apply_chance(deal)
        for action in fast.history:
            ref.apply(action)
        assert made == len(fast.history) and ref.is_terminal()
        assert ref.to_json() == fast.to_json()


def test_the_engine_is_chosen_by_tavolo_engine(monkeypatch):
    game = make_game(players=2, target=None)
    monkeypatch.setenv("TAVOLO_ENGINE", "python")
    assert type(native.new_state(game)).__name__ == "BurracoState"
    monkeypatch.setenv("TAVOLO_ENGINE", "native")
    assert isinstance(native.new_state(game), native.NativeBurracoState)
    monkeypatch.setenv("TAVOLO_ENGINE", "fast")
    with pytest.raises(ValueError, match="TAVOLO_ENGINE"):
        native.engine()


def test_without_the_core_the_python_engine_plays_with_a_warning(monkeypatch):
    """A machine whose compiler failed still installs and plays: a warning, not a crash."""
    monkeypatch.setattr(native, "_core", None)
    monkeypatch.setattr(native, "_warned", False)
    monkeypatch.delenv("TAVOLO_ENGINE", raising=False)
    with pytest.warns(RuntimeWarning, match="not built"):
        assert native.engine() == "python"
    monkeypatch.setenv("TAVOLO_ENGINE", "native")
    with pytest.raises(RuntimeError, match="not built"):
        native.engine()


def test_the_compiled_state_is_smaller_than_the_python_one():
    from bench.bench_burraco import python_state_bytes

    game = make_game(players=4, target=None)
    ref, fast = game.new_initial_state(), native.NativeBurracoState(game)
    deal = ref.sample_chance(random.Random(1))
    ref.apply_chance(deal)
    fast.apply_chance(deal)
    assert fast.native_bytes() < python_state_bytes(ref)


@pytest.mark.parametrize("a, b", [("random", "random"), ("simple", "heuristic:normal"),
                                  ("heuristic:easy", "deviant:always-take")])
def test_the_arena_plays_alike_in_both_engines(monkeypatch, a, b):
    """The arena deals its tables in the compiled core: bots that never read the observation and
    bots that do choose there as on the reference engine, the same points deal by deal."""
    from tavolo.arena.duplicate import deal_seed, play_duplicate

    def deals(engine: str) -> list:
        monkeypatch.setenv("TAVOLO_ENGINE", engine)
        return [play_duplicate(a, b, deal_seed(3, i), rules=rules, players=players).points
                for rules, players in (("fibur", 2), ("fibur", 4), ("internazionale", 6)) for i in range(4)]

    python = deals("python")
    assert deals("native") == python
    from tavolo.arena.duplicate import Seating, arena_game, dealt

    assert isinstance(dealt(arena_game("fibur", 2), Seating(1, ("random", "random")), compiled=True),
                      native.NativeBurracoState)
    assert len({p for deal in python for p in deal}) > 4  # real, differing hands


STRONG_HANDS = 50
"""Hands of ``heuristic:strong`` at each of 2, 3, 4 and 6 players: 200 in all."""


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_strong_bots_choose_alike_in_both_engines(players):
    """200 hands of ``heuristic:strong`` in every seat, one copy of each bot reading the
    reference state and one the compiled state: the same choice at every decision, and the
    same hand (its JSON) at the end."""
    from tavolo.bots.registry import make_bot

    game = make_game(players=players, target=None)
    decisions = 0
    for hand in range(STRONG_HANDS):
        deal = game.new_initial_state().sample_chance(random.Random(hand * 7 + players))
        ref, fast = game.new_initial_state(), native.NativeBurracoState(game)
        ref.apply_chance(deal)
        fast.apply_chance(deal)
        seeds = [hand * 10 + seat for seat in range(players)]
        ref_bots = [make_bot("heuristic:strong", game, seat, seed) for seat, seed in enumerate(seeds)]
        fast_bots = [make_bot("heuristic:strong", game, seat, seed) for seat, seed in enumerate(seeds)]
        while not ref.is_terminal():
            seat = ref.current_player()
            chosen = ref_bots[seat].choose(ref.observation(seat), ref.legal_actions())
            assert fast_bots[seat].choose(fast.observation(seat), fast.legal_actions()) == chosen, \
                f"{players}p hand {hand} decision {decisions}"
            ref.apply(chosen)
            fast.apply(chosen)
            decisions += 1
        assert fast.is_terminal() and fast.to_json() == ref.to_json()
    assert decisions > STRONG_HANDS * 50


@pytest.mark.parametrize(("rules", "players", "target"), [("fibur", 2, None), ("fibur", 3, 505), ("fibur", 5, None),
                                                          ("internazionale", 4, None), ("fedibur1985", 6, 1005)])
def test_a_reference_position_loads_into_the_core(rules, players, target):
    """``NativeBurracoState.from_python`` copies any position of the reference engine (a search's
    determinization too): the same JSON and legal actions, and the same play from there."""
    game = make_game(rules, players=players, target=target)
    rng = random.Random(players)
    ref = game.new_initial_state()
    loaded = 0
    while not ref.is_terminal() and loaded < 60:
        if ref.is_chance_node():
            ref.apply_chance(ref.sample_chance(rng))
            continue
        if rng.random() < 0.1:
            fast = native.NativeBurracoState.from_python(ref)
            assert fast.to_json() == ref.to_json() and fast.legal_actions() == ref.legal_actions()
            copy = ref.clone()
            for _ in range(30):
                if copy.current_player() < 0:
                    break
                action = rng.choice(copy.legal_actions())
                copy.apply(action)
                fast.apply(action)
                assert fast.to_json() == copy.to_json() and fast.legal_actions() == copy.legal_actions()
            seat = ref.current_player()
            hidden = game.sample_hidden_state(ref.observation(seat), rng)
            assert native.NativeBurracoState.from_python(hidden).to_json() == hidden.to_json()
            loaded += 1
        legal = ref.legal_actions()
        ref.apply(legal[int(rng.random() * len(legal))])
    assert loaded >= 10


def test_the_core_refuses_a_state_out_of_range():
    """``_load`` checks every seat, card and index before the core trusts them."""
    game = make_game(players=4, target=None)
    ref = game.new_initial_state()
    ref.apply_chance(ref.sample_chance(random.Random(2)))
    good = native.raw_of(ref)
    for key, bad in (("sides", [[0, 2], [1, 9]]), ("stock", [60]), ("turn", 7),
                     ("pozzetti", [([], 5, False), ([], 1, False)]), ("history", [NUM_ACTIONS + 1])):
        fast = native.NativeBurracoState(game)
        with pytest.raises(ValueError):
            fast._load({**good, key: bad})
        assert fast.is_chance_node() and fast.legal_actions() == []  # left as a new match
    fast = native.NativeBurracoState(game)
    fast._load(good)
    assert fast.to_json() == ref.to_json()


def test_the_observation_is_built_in_the_core_without_a_python_copy(monkeypatch):
    """``NativeBurracoState.observation`` reads the core's fields: it never builds the reference
    state (``to_python``), refuses a seat not at the table as the reference does, and is equal,
    field for field, to the reference's observation (the melds as ``Run``/``Group`` values)."""
    game = make_game(players=4, target=None)
    ref, fast = game.new_initial_state(), native.NativeBurracoState(game)
    deal = ref.sample_chance(random.Random(9))
    ref.apply_chance(deal)
    fast.apply_chance(deal)
    rng = random.Random(9)
    while not any(ref.observation(0).melds):  # play until someone has melded
        action = rng.choice(ref.legal_actions())
        ref.apply(action)
        fast.apply(action)
    monkeypatch.setattr(native.NativeBurracoState, "to_python", lambda self: pytest.fail("copied to Python"))
    for seat in range(4):
        assert fast.observation(seat) == ref.observation(seat)
    for seat in (-1, 4):
        with pytest.raises(ValueError, match="not at this table"):
            fast.observation(seat)
