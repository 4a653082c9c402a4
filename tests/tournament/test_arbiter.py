"""Score entry, corrections and the arbiter's decisions (codice art. 17-20, 33, 34)."""

import pytest
from conftest import make_tournament

from tavolo.tournament import commands
from tavolo.tournament.config import Kind
from tavolo.tournament.errors import TournamentError
from tavolo.tournament.export import tournament_json
from tavolo.tournament.results import table_outcome
from tavolo.tournament.seating import Seating
from tavolo.tournament.simulate import InMemory, play_event
from tavolo.tournament.standings import history, standings


def run(tournament, events):
    for event in events:
        tournament.apply(event)
    return events


@pytest.fixture
def seated():
    """Four pairs, 3 deals, modified Danish over 6 rounds; round 1: table 1 is 1 v 2, table 2 is 3 v 4."""
    tournament = make_tournament(4, "modified:6")
    run(tournament, commands.seat(tournament, Seating.REGISTRATION))
    return tournament


def outcome(tournament, round_number, table):
    played = tournament.rounds[round_number]
    ns, ew = table_outcome(tournament, played, played.tables[table])
    return (ns.vp, ns.mp, ns.points), (ew.vp, ew.mp, ew.points)


def line(tournament, number):
    return next((row.vp, row.mp, row.points) for row in standings(tournament) if row.number == number)


def test_score_card_gives_mp_difference_and_vp(seated):
    """Codice art. 17 / fedibur art. 9: MP = difference of the totals, VP from the table (1250 v 900: 13-7)."""
    run(seated, commands.enter_score(seated, 1, 1, [600, 400, 250], [300, 300, 300]))
    assert outcome(seated, 1, 1) == ((13, 350, 1250), (7, -350, 900))


@pytest.mark.parametrize(
    "ns, ew, message",
    [
        ([453], [200], "round 1 table 1 N/S: 453 is not a multiple of 5"),
        ([450, 302], [200, 100], "round 1 table 1 N/S deal 2: 302 is not a multiple of 5"),
        ([450], [], "round 1 table 1 E/W: no points entered"),
        ([1, 2, 3, 4], [5], "N/S: 4 deals entered, the round has 3"),
    ],
)
def test_bad_score_cards_are_refused_naming_table_and_side(seated, ns, ew, message):
    with pytest.raises(TournamentError, match=message):
        commands.enter_score(seated, 1, 1, ns, ew)


def test_a_table_is_not_entered_twice_unless_corrected(seated):
    run(seated, commands.enter_score(seated, 1, 1, [900], [500]))
    with pytest.raises(TournamentError, match="entered already .900 / 500.; change it as a correction"):
        commands.enter_score(seated, 1, 1, [500], [900])
    with pytest.raises(TournamentError, match="round 1 table 3 does not exist"):
        commands.enter_score(seated, 1, 3, [500], [900])
    with pytest.raises(TournamentError, match="has no score to correct"):
        commands.correct_score(seated, 1, 2, [500], [900])


def test_correction_after_the_next_pairing_keeps_the_pairing(seated):
    """Codice art. 19 b: once the next round is published the result is corrected, the pairing stays."""
    run(seated, commands.enter_score(seated, 1, 1, [900], [500]))
    run(seated, commands.enter_score(seated, 1, 2, [700], [600]))
    (early,) = commands.correct_score(seated, 1, 2, [800], [600], "somma errata")
    assert not early.pairing_kept
    run(seated, commands.pair(seated))
    tables = dict(seated.rounds[2].tables)
    (late,) = run(seated, commands.correct_score(seated, 1, 1, [500], [900], "punteggi invertiti"))
    assert late.pairing_kept
    assert seated.rounds[2].tables == tables
    assert outcome(seated, 1, 1)[0] == (6, -400, 500)


def test_late_arrival_points_warning_and_forfeit(seated):
    """Codice art. 34: +100 to the opponent after 2 minutes, +50 more and a warning after 5, the match after 10."""
    run(seated, commands.late_arrival(seated, 1, 2, 2))
    run(seated, commands.enter_score(seated, 1, 1, [500], [500]))
    assert outcome(seated, 1, 1)[0] == (10, 0, 500)
    run(seated, commands.late_arrival(seated, 1, 2, 4))
    assert outcome(seated, 1, 1)[0] == (11, 100, 600)
    events = run(seated, commands.late_arrival(seated, 1, 2, 7))
    assert outcome(seated, 1, 1)[0] == (11, 150, 650)
    assert events[1].reason == "ritardo di 7 minuti (codice art. 34)"
    run(seated, commands.late_arrival(seated, 1, 4, 11))
    assert outcome(seated, 1, 2) == ((14, 355, 0), (6, -355, 0))
    with pytest.raises(TournamentError, match="decided by a late arrival"):
        commands.enter_score(seated, 1, 2, [500], [400])


def test_both_sides_over_10_minutes_late_both_lose():
    """Codice art. 34: after 10 minutes both lose, taking 6 VP (8 in 4-deal rounds) and the MP equivalent."""
    tournament = make_tournament(2, "danish:2", deals=4)
    run(tournament, commands.seat(tournament, Seating.REGISTRATION))
    run(tournament, commands.late_arrival(tournament, 1, 1, 12))
    run(tournament, commands.late_arrival(tournament, 1, 2, 15))
    assert outcome(tournament, 1, 1) == ((8, -305, 0), (8, -305, 0))


@pytest.mark.parametrize(
    "justified, left",
    [(False, (0, -1505, 0)), (True, (6, -355, 0))],
)
def test_abandonment(seated, justified, left):
    """Codice art. 33: the side present takes the riposo score; the side that left 0 VP, or 6 if justified."""
    run(seated, commands.abandon(seated, 1, 3, justified=justified))
    assert outcome(seated, 1, 2) == (left, (14, 355, 0))


def test_both_abandon_score_zero(seated):
    """Codice art. 33: "Se entrambe le coppie al tavolo abbandonano ... il punteggio loro attribuito sarà 0"."""
    run(seated, commands.abandon(seated, 1, 3, justified=False))
    run(seated, commands.abandon(seated, 1, 4, justified=True))
    assert outcome(seated, 1, 2) == ((0, 0, 0), (0, 0, 0))


def test_arbitral_score_replaces_the_result(seated):
    """Codice art. 20, 35: a punteggio arbitrale; MP default to the VP's equivalent."""
    run(seated, commands.enter_score(seated, 1, 1, [900], [500]))
    run(seated, commands.arbitral_score(seated, 1, 1, 12, 8, reason="pozzetto irregolare"))
    assert outcome(seated, 1, 1) == ((12, 155, 900), (8, -155, 500))
    with pytest.raises(TournamentError, match="VP go from 0 to 20, not 21"):
        commands.arbitral_score(seated, 1, 1, 21, 0)


def test_two_warnings_cost_one_vp_and_its_mp_without_gain_to_the_opponent(seated):
    """Codice art. 20: la somma di due ammonizioni comporta la perdita di un V.P. ed equivalenti M.P."""
    run(seated, commands.enter_score(seated, 1, 1, [900], [500]))
    run(seated, commands.enter_score(seated, 1, 2, [500], [500]))
    before = line(seated, 1), line(seated, 2)
    run(seated, commands.warn(seated, 1, 1, "commenti"))
    assert (line(seated, 1), line(seated, 2)) == before
    run(seated, commands.warn(seated, 1, 1, "commenti"))
    assert line(seated, 1) == (before[0][0] - 1, before[0][1] - 55, before[0][2])
    assert line(seated, 2) == before[1]
    run(seated, commands.warn(seated, 1, 1))
    assert line(seated, 1)[0] == before[0][0] - 1


def test_withdrawal_gives_the_current_opponent_the_bye_and_keeps_played_results(seated):
    """Codice art. 33: results already played stand; those who were to play the pair take the riposo score."""
    run(seated, commands.enter_score(seated, 1, 1, [900], [500]))
    (event,) = run(seated, commands.withdraw(seated, 4, "malore"))
    assert event.from_round == 1
    assert outcome(seated, 1, 2) == ((14, 355, 0), (0, 0, 0))
    assert outcome(seated, 1, 1)[0] == (14, 400, 900)
    run(seated, commands.pair(seated))
    assert 4 not in {n for s in seated.rounds[2].tables.values() for n in s.ns + s.ew}
    assert len(seated.rounds[2].byes) == 1
    assert [row.note for row in history(seated, 4)][1] == "not playing"


def test_late_pair_completes_the_incomplete_table():
    """Codice art. 34: "qualora esista già il tavolo incompleto" the arbiter may admit the late pair to it."""
    tournament = make_tournament(5, "modified:4")
    run(tournament, commands.seat(tournament, Seating.REGISTRATION))
    assert tournament.rounds[1].byes == [(5,)]
    registered, filled = run(tournament, commands.register(tournament, ["Tardi", "Ritardo"], fill_bye=True))
    assert registered.joined_round == 1 and filled.table.ns == (5,) and filled.table.ew == (6,)
    assert tournament.rounds[1].byes == [] and len(tournament.rounds[1].tables) == 3
    with pytest.raises(TournamentError, match="no tavolo incompleto"):
        commands.register(tournament, ["Altri", "Due"], fill_bye=True)


def test_substitution_until_half_the_rounds(seated):
    """Codice art. 33: a player may be replaced "fintanto che non si sia superata la metà degli incontri"."""
    for number in range(1, 4):
        played = seated.rounds[number]
        run(seated, [e for t in played.tables for e in commands.enter_score(seated, number, t, [500], [400])])
        run(seated, commands.pair(seated))
    (event,) = commands.substitute(seated, 1, "G1.1", "Zeta")
    assert event.from_round == 4
    run(seated, [e for t in seated.rounds[4].tables for e in commands.enter_score(seated, 4, t, [500], [400])])
    with pytest.raises(TournamentError, match="4 of 6 rounds are played: substitutions end after half"):
        commands.substitute(seated, 1, "G1.1", "Zeta")


def test_registration_checks(seated):
    with pytest.raises(TournamentError, match="'G1.2' already plays in entrant 1"):
        commands.register(seated, ["Nuovo", "G1.2"])
    with pytest.raises(TournamentError, match="names 2 players"):
        commands.register(seated, ["Solo"])
    (late,) = commands.register(seated, ["Tardi", "Ritardo"])
    assert late.joined_round == 2


def test_danish_round_waits_for_every_result(seated):
    """Codice art. 19: the next Danish round is paired on the standings, so every table must be in."""
    run(seated, commands.enter_score(seated, 1, 1, [900], [500]))
    with pytest.raises(TournamentError, match="enter round 1's tables 2 first"):
        commands.pair(seated)


def test_manual_swap_names_the_rules_it_breaks(seated):
    """Codice art. 2 b: a swap that brings back the previous round's opponents is recorded with that breach."""
    run(seated, commands.enter_score(seated, 1, 1, [900], [500]))
    run(seated, commands.enter_score(seated, 1, 2, [800], [500]))
    run(seated, commands.pair(seated))
    assert {frozenset((s.ns[0], s.ew[0])) for s in seated.rounds[2].tables.values()} == {
        frozenset((1, 3)),
        frozenset((2, 4)),
    }
    (event,) = run(seated, commands.swap(seated, 2, 3, 2))
    assert any("1 and 2 met in round 1" in rule and "art. 2 b" in rule for rule in event.broken)
    assert any("is not what danese modificato" in rule for rule in event.broken)
    run(seated, commands.enter_score(seated, 2, 1, [500], [500]))
    with pytest.raises(TournamentError, match="round 2 has started"):
        commands.swap(seated, 2, 1, 4)


def test_manual_pairing_that_is_not_a_round_is_refused(seated):
    run(seated, commands.enter_score(seated, 1, 1, [900], [500]))
    run(seated, commands.enter_score(seated, 1, 2, [800], [500]))
    run(seated, commands.pair(seated))
    with pytest.raises(TournamentError, match="seated twice: 1; neither seated nor resting: 4"):
        commands.repair_round(seated, 2, [((1,), (2,)), ((3,), (1,))], [])


def test_a_team_changes_its_pairs_before_each_match():
    """Codice art. 2: a team may "modificare gli accoppiamenti prima dell'inizio di ogni partita"."""

    tournament = make_tournament(4, "roundrobin:3", kind=Kind.TEAMS, deals=4)
    run(tournament, commands.seat(tournament, Seating.REGISTRATION))
    run(tournament, commands.lineup(tournament, 1, 1, [("G1.1", "G1.3"), ("G1.2", "G1.4")]))
    run(tournament, commands.lineup(tournament, 1, 1, [("G1.1", "G1.2"), ("G1.3", "G1.4")]))
    assert tournament_json(tournament)["rounds"][0]["lineups"] == {1: (("G1.1", "G1.2"), ("G1.3", "G1.4"))}
    with pytest.raises(TournamentError, match="two pairs of four different players"):
        commands.lineup(tournament, 1, 1, [("G1.1", "G1.1"), ("G1.3", "G1.4")])
    seat = tournament.rounds[1].table_of(1)
    run(tournament, commands.enter_score(tournament, 1, seat.number, [500] * 8, [400] * 8))
    with pytest.raises(TournamentError, match="the line-up is fixed"):
        commands.lineup(tournament, 1, 1, [("G1.1", "G1.3"), ("G1.2", "G1.4")])
    assert outcome(tournament, 1, seat.number)[0][:2] == (13, 800)  # teams' table: 555-800 is 13-7


def test_a_pair_rests_once_per_session():
    """Codice art. 34: "una coppia può riposare solo una volta per sessione"; a new session starts afresh."""
    tournament = make_tournament(3, "danish:6", sessions=(3, 3))
    play_event(InMemory(tournament), seed=4)
    rests = [side[0] for played in tournament.rounds.values() for side in played.byes]
    assert sorted(rests[:3]) == sorted(rests[3:]) == [1, 2, 3]


def test_a_swap_in_a_mitchells_first_round_moves_the_movement_too():
    """Codice art. 2 c: after the director swaps two pairs at the start, the Mitchell moves on from the
    corrected seating: nobody meets twice and nobody rests twice (art. 34)."""
    tournament = make_tournament(7, "mitchell:4")
    run(tournament, commands.seat(tournament, Seating.REGISTRATION))
    reseated, paired = run(tournament, commands.swap(tournament, 1, 1, 7))
    assert reseated.lines == ((7, 2, 3, 4, 5, 6, 1),) and paired.broken == ()
    play_event_rounds(tournament)
    meetings = [frozenset((s.ns, s.ew)) for r in tournament.rounds.values() for s in r.tables.values()]
    rests = [n for r in tournament.rounds.values() for side in r.byes for n in side]
    assert len(meetings) == len(set(meetings)) and len(rests) == len(set(rests)) == 4


def play_event_rounds(tournament):
    while True:
        played = tournament.last_round
        run(
            tournament,
            [e for t in played.tables for e in commands.enter_score(tournament, played.number, t, [500], [400])],
        )
        if tournament.next_round > tournament.config.rounds:
            return
        run(tournament, commands.pair(tournament))


def test_no_one_has_a_prize_before_the_first_result(seated):
    """Round 1 seated, nothing played: every line ties, and once made everyone '1st, Premio 1'."""
    from tavolo.tournament.public import public_view
    from tavolo.tournament.standings import rankings

    assert rankings(seated)[0].awarded() == {} and public_view(seated)["standings"] == []
    run(seated, commands.enter_score(seated, 1, 1, [900], [500]))
    assert rankings(seated)[0].awarded() == {1: 1, 2: 2, 3: 3, 4: 3} and public_view(seated)["standings"]


def test_a_withdrawn_entrant_is_ranked_after_those_still_playing(seated):
    """Codice art. 33: its results stand, but it is no longer in the running: after every entrant still playing."""
    from tavolo.tournament.standings import rankings

    run(seated, commands.enter_score(seated, 1, 1, [1500], [0]))
    run(seated, commands.enter_score(seated, 1, 2, [600], [500]))
    run(seated, commands.withdraw(seated, 1, "malore"))
    ranking = rankings(seated)[0]
    assert [line.number for line in ranking.lines] == [3, 4, 2, 1] and ranking.lines[-1].withdrawn
    assert ranking.places() == [1, 2, 3, 4] and 1 not in ranking.awarded()
