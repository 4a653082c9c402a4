"""Properties of every pairing system over whole simulated events (codice art. 2, 34; fedibur art. 9)."""

import itertools
from collections import Counter

import pytest
from conftest import make_tournament
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tavolo.tournament import commands
from tavolo.tournament.berger import berger_round, berger_rounds
from tavolo.tournament.config import Kind
from tavolo.tournament.errors import TournamentError
from tavolo.tournament.groups import phase_groups
from tavolo.tournament.mitchell import running_sums
from tavolo.tournament.pairing import forbidden_meetings, rests_in_session
from tavolo.tournament.seating import Seating
from tavolo.tournament.simulate import InMemory, play_event
from tavolo.tournament.standings import standings


def play(entrants, *phases, seed=1, **options):
    tournament = make_tournament(entrants, *phases, **options)
    play_event(InMemory(tournament), seed=seed)
    return tournament


def sides(played):
    return [side for seat in played.tables.values() for side in (seat.ns, seat.ew)] + list(played.byes)


def opponents(played):
    return [frozenset((seat.ns[0], seat.ew[0])) for seat in played.tables.values()]


def check_everyone_plays_or_rests_once(tournament):
    """Every entrant playing a round sits at exactly one table or rests; no one sits twice."""
    for played in tournament.rounds.values():
        seated = Counter(n for side in sides(played) for n in side)
        assert all(count == 1 for count in seated.values()), played.number
        assert set(seated) == set(tournament.playing(played.number)), played.number


def check_byes(tournament):
    """Codice art. 34: a bye only for an odd field, and nobody rests twice while others have not rested."""
    rested = Counter()
    for played in tournament.rounds.values():
        assert len(played.byes) == len(tournament.playing(played.number)) % 2
        for side in played.byes:
            (n,) = side
            assert rested[n] == 0 or all(rested[m] > 0 for m in tournament.playing(played.number)), played.number
            rested[n] += 1


danish_systems = st.sampled_from(["danish", "modified"])


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 30), st.integers(1, 8), danish_systems, st.integers(0, 10**6))
def test_danish_rounds(entrants, rounds, system, seed):
    """Codice art. 2 a-b: everyone plays or rests, no rematch of the previous round but in the last."""
    tournament = play(entrants, f"{system}:{rounds}", seed=seed)
    check_everyone_plays_or_rests_once(tournament)
    check_byes(tournament)
    for number in range(2, rounds + (system == "danish")):
        if system == "modified":
            assert not set(opponents(tournament.rounds[number])) & set(opponents(tournament.rounds[number - 1]))


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 12), st.integers(1, 7), st.integers(0, 10**6))
def test_no_rematch_option_never_repeats_a_meeting_unless_impossible(entrants, rounds, seed):
    """The stricter Danish: no two pairs meet twice; a round relaxes the rule only when no bye choice and
    no pairing could keep it (checked by brute force), and says so."""
    tournament = make_tournament(entrants, f"strict:{rounds}")
    recorder = InMemory(tournament)
    play_event(recorder, seed=seed)
    for played in list(tournament.rounds.values())[1:]:
        earlier = {m for r in range(1, played.number) for m in opponents(tournament.rounds[r])}
        if played.broken:
            assert "no pairing keeps" in played.broken[0]
            assert not any(_completable(tournament, played.number, bye) for bye in _byes(tournament, played.number))
        else:
            assert not set(opponents(played)) & earlier


def _byes(tournament, round_number):
    """Who may rest: nobody in an even field, else those who rested least this session (codice art. 34)."""
    playing = tournament.playing(round_number)
    if len(playing) % 2 == 0:
        return [None]
    rested = rests_in_session(tournament, round_number)
    fewest = min(rested.get(n, 0) for n in playing)
    return [n for n in playing if rested.get(n, 0) == fewest]


def _completable(tournament, round_number, bye):
    """Whether ``round_number`` could be paired without a repeat, ``bye`` resting (brute force)."""
    field = [n for n in tournament.playing(round_number) if n != bye]
    if len(field) % 2:
        return False
    banned = forbidden_meetings(tournament, tournament.config.phases[0].system, round_number)

    def pairable(units):
        if not units:
            return True
        top, rest = units[0], units[1:]
        return any((v,) not in banned.get((top,), set()) and pairable([u for u in rest if u != v]) for v in rest)

    return pairable(field)


@settings(max_examples=30, deadline=None)
@given(st.integers(4, 40), st.integers(0, 10**6))
def test_danish_bye_is_the_lowest_ranked_that_has_not_rested(entrants, seed):
    """Codice art. 34 (as DECISIONS reads it): the bye is chosen before pairing, from the bottom up."""
    tournament = play(entrants | 1, "danish:5", seed=seed)
    for played in list(tournament.rounds.values())[1:]:
        ranking = [line.number for line in standings(tournament, through=played.number - 1)]
        rested = {n for r in range(1, played.number) for side in tournament.rounds[r].byes for n in side}
        expected = next(n for n in reversed(ranking) if n not in rested)
        assert played.byes == [(expected,)]


@settings(max_examples=30, deadline=None)
@given(st.integers(4, 40), st.integers(2, 6), st.integers(0, 10**6))
@example(30, 3, 3283)  # pairs 25 and 28 drew in round 1: tied on VP, MP and points, and may not meet again
def test_stronger_tables_first(entrants, rounds, seed):
    """fedibur art. 9: the best-placed entrants play at the first tables. Placed by the ranking's
    criteria (VP, MP, points): entrants tied on all three are placed alike, whichever the standings
    list first."""
    tournament = play(entrants, f"modified:{rounds}", seed=seed)
    for played in list(tournament.rounds.values())[1:]:
        key = {line.number: line.key for line in standings(tournament, through=played.number - 1)}
        best = [max(key[seat.ns[0]], key[seat.ew[0]]) for _, seat in sorted(played.tables.items())]
        assert best == sorted(best, reverse=True)


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 40), st.integers(1, 3), st.integers(0, 10**6))
def test_mitchell_never_repeats_a_meeting(entrants, shift, seed):
    """Codice art. 2 c; ARCA: N/S stay, E/W move by the shift; no two pairs meet twice in the phase."""
    tables = (entrants + 1) // 2
    rounds = min(tables, 5)
    try:
        tournament = play(entrants, f"mitchell:{rounds}:shifts={shift}", seed=seed)
    except TournamentError as error:  # a plan that would repeat a meeting is refused before round 1
        assert "repeats round" in str(error)
        return
    check_everyone_plays_or_rests_once(tournament)
    met = [meeting for played in tournament.rounds.values() for meeting in opponents(played)]
    assert len(met) == len(set(met))
    ns_line = tournament.phases[0].lines[0][0::2]
    for played in tournament.rounds.values():  # the N/S pairs stay at their tables
        assert all(seat.ns == (ns_line[seat.number - 1],) for seat in played.tables.values())
    rested = Counter(n for played in tournament.rounds.values() for side in played.byes for n in side)
    assert all(count == 1 for count in rested.values())


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 16), st.sampled_from([Kind.PAIRS, Kind.TEAMS]), st.integers(0, 10**6))
def test_round_robin_meets_everyone_once(entrants, kind, seed):
    """Codice art. 2 d: all'italiana, every pair or team meets every other exactly once."""
    tournament = play(entrants, f"roundrobin:{berger_rounds(entrants)}", kind=kind, seed=seed)
    check_everyone_plays_or_rests_once(tournament)
    met = Counter(meeting for played in tournament.rounds.values() for meeting in opponents(played))
    assert set(met) == {frozenset(p) for p in itertools.combinations(range(1, entrants + 1), 2)}
    assert set(met.values()) == {1}


def test_berger_tables_for_six():
    """The classic Berger table (as FIDE prints it), round by round, first named at N/S."""
    units = [1, 2, 3, 4, 5, 6]
    assert [berger_round(units, r) for r in range(1, 6)] == [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]


@settings(max_examples=25, deadline=None)
@given(st.integers(4, 21), st.integers(0, 10**6))
def test_individuals_never_partner_twice_while_possible(players, seed):
    """Codice art. 2: individuals change partner every round; no two partner twice in the first n-1 rounds."""
    rounds = min(berger_rounds(players), 8)
    tournament = play(players, f"danish:{rounds}", kind=Kind.INDIVIDUAL, seed=seed)
    partnerships = [
        frozenset(side) for played in tournament.rounds.values() for side in sides(played) if len(side) == 2
    ]
    assert len(partnerships) == len(set(partnerships))
    for played in tournament.rounds.values():
        seated = Counter(n for side in sides(played) for n in side)
        assert set(seated) == set(range(1, players + 1)) and set(seated.values()) == {1}


@settings(max_examples=20, deadline=None)
@given(st.integers(12, 60), st.integers(2, 4), st.integers(0, 10**6))
def test_groups_play_apart_after_the_split(entrants, groups, seed):
    """ARCA: after the Mitchell phase the field is split by standings; each group pairs within itself."""
    tournament = play(entrants, "mitchell:3", f"modified:3:groups={groups}", seed=seed)
    check_everyone_plays_or_rests_once(tournament)
    for number in (4, 5):  # the last round may repeat; earlier ones only where a group has no other way
        repeated = set(opponents(tournament.rounds[number])) & set(opponents(tournament.rounds[number - 1]))
        assert not repeated or tournament.rounds[number].broken
    split = tournament.phases[1]
    ranking = [line.number for line in standings(tournament, through=3)]
    assert [n for line in split.lines for n in line] == ranking
    for number in (4, 5, 6):
        group_of = {n: g for g, members in enumerate(phase_groups(tournament, split, number)) for n in members}
        for seat in tournament.rounds[number].tables.values():
            assert group_of[seat.ns[0]] == group_of[seat.ew[0]]


def test_later_danish_rounds_know_the_mitchell_meetings():
    """The no-rematch Danish after a Mitchell phase avoids the Mitchell opponents too."""
    tournament = play(20, "mitchell:4", "strict:4", seed=3)
    met = [meeting for played in tournament.rounds.values() for meeting in opponents(played)]
    assert len(met) == len(set(met))


@pytest.mark.parametrize("shift, rounds", [(2, 3), (4, 2)])
def test_mitchell_plan_that_repeats_is_refused_or_repaired(shift, rounds):
    """ARCA: E/W move 2, 3 or more tables "so that the same pairs never meet"; on 4 tables shifts 2 or 4 fail."""
    tournament = make_tournament(8, f"mitchell:{rounds}:shifts={shift}")
    with pytest.raises(TournamentError, match="bring the E/W pairs back"):
        commands.seat(tournament, Seating.REGISTRATION)
    started, _ = commands.seat(tournament, Seating.REGISTRATION, repair=True)
    sums = running_sums(started.shifts[0], 4)
    assert len(set(sums)) == len(sums) == rounds
