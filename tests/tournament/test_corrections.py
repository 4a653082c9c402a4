"""Correcting a result of any round (codice art. 19): the old points, the new and the reason stay in the log, the
standings recompute, and the published pairings the corrected standings would have made otherwise are named,
never re-paired ("correggendo il risultato, ma lasciando l'accoppiamento così com'era", art. 19 b)."""

import pytest
from conftest import make_tournament

from tavolo.tournament import commands
from tavolo.tournament.errors import TournamentError
from tavolo.tournament.events import from_json, to_json
from tavolo.tournament.journal import describe
from tavolo.tournament.seating import Seating
from tavolo.tournament.standings import standings


def run(tournament, events):
    for event in events:
        tournament.apply(event)
    return events


def played_rounds(system, pairs=8, rounds=3):
    """``pairs`` pairs, ``rounds`` rounds paired and scored (N/S win by 100 more at each table), the last round
    paired and scored too."""
    t = make_tournament(pairs, f"{system}:4")
    run(t, commands.seat(t, Seating.REGISTRATION))
    for number in range(1, rounds + 1):
        if number > 1:
            run(t, commands.pair(t))
        for table in t.rounds[number].tables:
            run(t, commands.enter_score(t, number, table, [500 + 100 * table], [400]))
    return t


def test_a_round_one_result_corrected_after_round_three_keeps_old_and_new_and_the_pairings():
    t = played_rounds("danish")
    pairings = {n: dict(r.tables) for n, r in t.rounds.items()}
    before = [line.number for line in standings(t)]
    (event,) = run(t, commands.correct_score(t, 1, 4, [200], [1400], "punteggi invertiti (codice art. 19)"))
    assert (event.old_ns, event.old_ew, event.ns, event.ew) == ((900,), (400,), (200,), (1400,))
    assert event.reason == "punteggi invertiti (codice art. 19)" and event.pairing_kept
    assert from_json(*to_json(event)) == event  # the log keeps it all
    assert {n: dict(r.tables) for n, r in t.rounds.items()} == pairings  # nothing re-paired
    assert [line.number for line in standings(t)] != before  # the standings recompute
    affected = dict(event.affected)
    assert set(affected) <= {2, 3} and affected, event.affected
    for number, tables in affected.items():
        assert set(tables) <= set(t.rounds[number].tables)
    text = describe(event)
    assert "round 1 table 4 corrected: 900 / 400 -> 200 / 1400 (reason: punteggi invertiti" in text
    assert "codice art. 19 b" in text


def test_a_correction_that_moves_no_one_affects_no_pairing():
    t = played_rounds("danish")
    (event,) = commands.correct_score(t, 1, 1, [605], [400], "somma errata")  # 5 more for the winner: same order
    assert event.affected == () and event.pairing_kept


def test_mitchell_pairings_do_not_depend_on_the_results():
    """Art. 19: "in una fase di gioco indipendente dai punteggi acquisiti (mitchell ...) si procederà alla
    correzione": nothing is affected."""
    t = played_rounds("mitchell")
    (event,) = commands.correct_score(t, 1, 1, [200], [1400], "punteggi invertiti")
    assert event.affected == () and not event.pairing_kept


def test_a_correction_must_change_the_points():
    t = played_rounds("danish", rounds=1)
    with pytest.raises(TournamentError, match="these are the points entered already"):
        commands.correct_score(t, 1, 1, [600], [400], "nulla")


def test_a_correction_logged_before_the_old_points_were_kept_still_reads():
    """Logs written before ``old_ns``/``old_ew``/``affected`` existed fold and read as before."""
    old = from_json("ScoreCorrected", {"round": 1, "table": 2, "ns": [505], "ew": [500], "reason": "somma",
                                       "pairing_kept": False})  # fmt: skip
    assert old.old_ns == () and old.affected == ()
    assert describe(old) == "round 1 table 2 corrected: ? -> 505 / 500 (reason: somma)"
