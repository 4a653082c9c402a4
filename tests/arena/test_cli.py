"""``tavolo arena`` end to end: tables on the terminal (Italian by default, English with TAVOLO_LANG=en), JSON and
PNG files."""

import json

from typer.testing import CliRunner

from tavolo.cli import app

runner = CliRunner(env={"TAVOLO_LANG": None})  # Italian, whatever the shell says
PNG = b"\x89PNG\r\n\x1a\n"


def test_an_arena_run_writes_its_json_and_its_pictures(tmp_path):
    out, plots = tmp_path / "arena.json", tmp_path / "plots"
    result = runner.invoke(app, ["arena", "random", "simple", "--deals", "4", "--players", "4", "--seed", "1",
                                 "--workers", "1", "--json", str(out), "--plots", str(plots)])
    assert result.exit_code == 0, result.output
    said = _words(result.output)
    assert "Classifica (scala Elo, media 1500)" in said and "random" in said
    assert f"Risultati salvati in {out}" in said and "Grafici salvati:" in said
    data = json.loads(out.read_text())
    (pair,) = data["pairs"]
    assert (pair["a"], pair["b"], pair["deals"], data["players"], data["rules"]) == ("random", "simple", 4, 4, "fibur")
    scores = [((a1 - b1) + (a2 - b2)) / 2 for a1, b1, a2, b2 in pair["tables"]]
    assert pair["mean_difference"] == sum(scores) / 4
    low, high = pair["ci95"]
    assert low <= pair["mean_difference"] <= high
    assert sum(pair["deals_won_tied_lost"]) == 4
    assert {r["name"] for r in data["ratings"]} == {"random", "simple"}
    for name in ("ratings.png", "differences.png"):
        assert (plots / name).read_bytes().startswith(PNG)


def test_the_same_seed_gives_the_same_json_in_either_language(tmp_path):
    paths = [tmp_path / "one.json", tmp_path / "two.json"]
    said = {}
    for path, workers, lang in zip(paths, ("1", "2"), ("it", "en")):
        result = runner.invoke(app, ["arena", "simple", "--vs", "random", "--deals", "3", "--players", "2",
                                     "--seed", "4", "--workers", workers, "--json", str(path)],
                               env={"TAVOLO_LANG": lang})
        assert result.exit_code == 0, result.output
        said[lang] = _words(result.output)
    assert paths[0].read_text() == paths[1].read_text()
    assert "Smazzate duplicate: 2 giocatori, regole fibur, partite a 2005" in said["it"]
    assert "Duplicate deals: 2 players, fibur rules, matches to 2005" in said["en"]
    assert f"Results saved to {paths[1]}" in said["en"] and "Ratings (Elo scale, mean 1500)" in said["en"]


def test_a_bad_bot_spec_is_refused_clearly():
    result = runner.invoke(app, ["arena", "random", "grandmaster", "--deals", "2"])
    assert result.exit_code == 2
    assert "bot 'grandmaster': scegli tra" in _words(result.output)  # then the registry's names


def test_three_players_are_refused_clearly():
    result = runner.invoke(app, ["arena", "random", "simple", "--players", "3"])
    assert result.exit_code == 2
    assert "l'arena gioca in 2, 4 o 6" in _words(result.output)


def _words(output: str) -> str:
    """The text of Rich's error box, its frame and line breaks gone."""
    return " ".join(output.replace("│", " ").split())
