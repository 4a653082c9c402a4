"""The VP tables of codice art. 17, reproduced exactly at every boundary; byes of art. 34."""

import pytest

from tavolo.tournament.errors import TournamentError
from tavolo.tournament.vp import (
    FOUR_DEALS,
    TEAMS,
    THREE_DEALS,
    TWO_DEALS,
    bye_score,
    equivalent_mp,
    table_for,
    victory_points,
)

# Codice art. 17, "LE TABELLE": the MP band of each result from 10-10 to 19-1, then "oltre".
CODE_TABLES = {
    "2 deals": (TWO_DEALS, [(0, 40), (45, 120), (125, 200), (205, 300), (305, 400), (405, 500), (505, 620),
                            (625, 740), (745, 870), (875, 1000)], 1000),
    "3 deals": (THREE_DEALS, [(0, 50), (55, 150), (155, 250), (255, 350), (355, 500), (505, 650), (655, 800),
                              (805, 1000), (1005, 1250), (1255, 1500)], 1500),
    "4 deals": (FOUR_DEALS, [(0, 100), (105, 300), (305, 500), (505, 700), (705, 900), (905, 1100), (1105, 1300),
                             (1305, 1500), (1505, 1700), (1705, 2000)], 2000),
    "teams": (TEAMS, [(0, 150), (155, 350), (355, 550), (555, 800), (805, 1050), (1055, 1300), (1305, 1600),
                      (1605, 1900), (1905, 2200), (2205, 2500)], 2500),
}  # fmt: skip


@pytest.mark.parametrize("name", CODE_TABLES)
def test_every_band_boundary_gives_the_codes_vp(name):
    """Codice art. 17: both ends of every band, and the first difference past the last one."""
    table, bands, beyond = CODE_TABLES[name]
    for winner, (low, high) in enumerate(bands, start=10):
        for mp in (low, high):
            assert victory_points(mp, table) == (winner, 20 - winner), (name, mp)
            assert victory_points(-mp, table) == (20 - winner, winner), (name, -mp)
    assert victory_points(beyond + 5, table) == (20, 0)
    assert victory_points(-(beyond + 5), table) == (0, 20)
    assert victory_points(100_000, table) == (20, 0)


@pytest.mark.parametrize("name", CODE_TABLES)
def test_every_multiple_of_5_falls_in_exactly_its_band(name):
    """Codice art. 17: the bands leave no gap and do not overlap (steps of 5 MP)."""
    table, bands, beyond = CODE_TABLES[name]
    for mp in range(0, beyond + 505, 5):
        expected = next((10 + i for i, (low, high) in enumerate(bands) if low <= mp <= high), 20)
        assert victory_points(mp, table)[0] == expected


def test_the_3_deal_table_is_fedibur_art_9s():
    """fedibur art. 9 prints the same table as the codice's 3 deals; its example: 1250 v 900 gives 13-7."""
    assert victory_points(1250 - 900, THREE_DEALS) == (13, 7)
    assert victory_points(1505, THREE_DEALS) == (20, 0)


def test_a_difference_not_in_fives_is_refused():
    with pytest.raises(TournamentError, match="352 is not a multiple of 5"):
        victory_points(352, THREE_DEALS)


def test_byes_score_as_codice_art_34():
    """Codice art. 34: 2 deals 14 VP/305 MP, 3 deals 14/355, 4 deals 12/305, teams 12/355."""
    assert bye_score(TWO_DEALS) == (14, 305)
    assert bye_score(THREE_DEALS) == (14, 355)
    assert bye_score(FOUR_DEALS) == (12, 305)
    assert bye_score(TEAMS) == (12, 355)


def test_equivalent_mp_is_the_floor_of_the_vp_band():
    assert [equivalent_mp(v, THREE_DEALS) for v in (20, 14, 11, 10, 9, 6, 0)] == [1505, 355, 55, 0, -55, -355, -1505]


def test_internazionale_uses_the_table_of_one_deal_more():
    """Codice art. 17, last line: 2 deals on the 3-deal table, 3 deals on the 4-deal table."""
    assert table_for(2, internazionale=True) is THREE_DEALS
    assert table_for(3, internazionale=True) is FOUR_DEALS
    assert table_for(4, internazionale=True) is FOUR_DEALS
    assert table_for(3, teams=True, internazionale=True) is TEAMS


def test_only_2_3_or_4_deals():
    with pytest.raises(TournamentError, match="2, 3 or 4 deals"):
        table_for(5)


def test_score_card_prints_the_table():
    assert THREE_DEALS.rows()[4] == ("355 - 500", "14-6")
    assert THREE_DEALS.rows()[-1] == ("oltre 1500", "20-0")


@pytest.mark.parametrize(
    "args, printed",
    [
        (["350", "--deals", "3"], "13-7"),
        (["-350", "--deals", "3"], "13-7"),
        (["350", "--deals", "2"], "14-6"),
        (["350", "--deals", "4"], "12-8"),
        (["350", "--teams"], "11-9"),
        (["350", "--deals", "2", "--internazionale"], "13-7"),
    ],
)
def test_cli_vp_lookup(cli, args, printed):
    """Codice art. 17 at the table: `tavolo tournament vp 350 --deals 3` prints exactly 13-7."""
    assert cli("vp", *args).output == printed + "\n"


def test_cli_vp_refuses_a_difference_not_in_fives(cli):
    result = cli("vp", "352", ok=False)
    assert result.exit_code == 1
    assert "352 is not a multiple of 5" in result.output
