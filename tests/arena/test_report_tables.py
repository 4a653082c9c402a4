"""The arena's, the tuner's and the exploitability's tables speak the reader's language (Italian first, from the
``cli`` catalog). Their JSON takes no language: tests/arena/test_cli.py checks it is the same from either."""

import pytest
from rich.console import Console
from rich.table import Table

from tavolo.arena.duplicate import DuplicateDeal
from tavolo.arena.exploit import BEST_RESPONSE, ExploitReport, ExploitRow
from tavolo.arena.report import pair_table, rating_table, tuning_table
from tavolo.arena.runner import ArenaPlan
from tavolo.arena.summary import summarize
from tavolo.arena.tuning import Trial, TuningResult
from tavolo.terminal.words import Words

PLAN = ArenaPlan(bots=("A", "B"), pairs=(("A", "B"),), deals=2, players=2)
REPORT = summarize(PLAN, {("A", "B"): [DuplicateDeal(i, ((400.0, 100.0), (200.0, 300.0))) for i in range(2)]})
BEST = Trial({"pile": 1.5}, 40.0, 10.0, 70.0, (60.0, 20.0))
TUNED = TuningResult(BEST, (Trial({"pile": 0.5}, -5.0, -30.0, 20.0, (5.0, -15.0)), BEST), deals=2, players=2,
                     opponent="simple")
ROWS = (ExploitRow("always-take", "deviant:always-take,base=simple", 30.0, 12.0, 48.0, 0.6, 100),
        ExploitRow(BEST_RESPONSE, "policy:path=p.npz", -3.0, -20.0, 14.0, 0.45, 100))
EXPLOIT = ExploitReport("simple", 2, 100, 0, ROWS)


def shown(table: Table) -> tuple[str, list[str], str]:
    """The title, the column headers and the whole table as text."""
    console = Console(record=True, width=200)
    console.print(table)
    return str(table.title), [str(column.header) for column in table.columns], console.export_text()


def test_the_pair_and_rating_tables_in_italian_and_english():
    title, headers, _ = shown(pair_table(REPORT, Words("it")))
    assert title == "Smazzate duplicate: 2 giocatori, regole fibur, partite a 2005"
    assert headers == ["A", "B", "smazzate", "A−B/smazzata", "intervallo al 95%", "smazzate V/P/S", "partite vinte"]
    title, headers, _ = shown(rating_table(REPORT, Words("it")))
    assert (title, headers) == ("Classifica (scala Elo, media 1500)", ["bot", "punteggio", "intervallo al 95%"])
    title, headers, _ = shown(pair_table(REPORT, Words("en")))
    assert title == "Duplicate deals: 2 players, fibur rules, matches to 2005" and headers[2:4] == ["deals", "A−B/deal"]


def test_a_pair_with_no_match_ended_says_so_in_italian():
    *_, text = shown(pair_table(REPORT, Words("it")))
    assert "nessuna finita" in text and "+100.0" in text


def test_the_tuning_table_in_italian():
    title, headers, text = shown(tuning_table(TUNED, "heuristic:strong,pile={pile}", Words("it")))
    assert title == ("Le prove migliori di heuristic:strong,pile={pile} contro simple: 2 smazzate duplicate "
                     "ciascuna, 2 giocatori")
    assert headers == ["prova", "pile", "A−B/smazzata", "intervallo al 95%", "− la migliore, appaiata"]
    assert text.index("+40.0") < text.index("-5.0")  # best first
    assert "-45.0 (-172 … +82)" in text  # -55 and -35 on the same deals: -45, ± t(1) 12.706 × s 14.14 / √2


@pytest.mark.parametrize(("lang", "title", "headers", "marks"), [
    ("it", "Sfruttabilità di simple a 2 giocatori: 12 punti per smazzata (100 smazzate duplicate, seme 0)",
     ["sfidante", "media per smazzata", "intervallo al 95%", "smazzate vinte", "batte il bersaglio"],
     ["miglior risposta", "sì", "no"]),
    ("en", "Exploitability of simple at 2 players: 12 points per deal (100 duplicate deals, seed 0)",
     ["challenger", "mean per deal", "95% interval", "deals won", "beats the target"], ["best response", "yes", "no"]),
])
def test_the_exploitability_table(lang, title, headers, marks):
    shown_title, shown_headers, text = shown(EXPLOIT.table(Words(lang)))
    assert (shown_title, shown_headers) == (title, headers)
    assert all(mark in text for mark in marks) and "always-take" in text  # a habit's name is a spec word

