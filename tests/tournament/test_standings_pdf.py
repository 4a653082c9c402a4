"""The standings PDF fits every column on A4, portrait and landscape: long Italian names with accents and
apostrophes, clubs of 30 characters. Rendered and read back: no word runs past its column into the next, no two
words of a line overlap, and nothing is drawn in the page's right margin ("Premio" was cut there)."""

import re
import subprocess

import pytest
from conftest import make_tournament
from PIL import Image

from tavolo.i18n import catalog
from tavolo.tournament import commands, printing
from tavolo.tournament.simulate import InMemory, play_event

FIRST = ["Pierfrancesco", "Maria Antonietta", "Nicolò", "Gianluca", "Annunziata", "Ludovica"]
LAST = ["Dell’Acqua Sanseverino", "Cantù", "D'Alessandro-Bellavista", "Lo Schiavo", "Santangelo Lucchesi"]
CLUBS = ["Circolo Burraco Città di Sant’E", "ASD Amici del Burraco Pontinò"]
HEADERS = ["Pos.", "N.", "Nome", "Circolo", "G", "R", "Amm.", "VP", "MP", "Punti", "Premio"]
MARGIN = 15 * 72 / 25.4


@pytest.fixture(scope="module")
def evening():
    """25 pairs with long names, 3 rounds played, a warned pair."""
    t = make_tournament(0, "modified:3")
    recorder = InMemory(t)
    for n in range(25):
        players = [f"{FIRST[n % 6]} {LAST[n % 5]}{n}", f"{FIRST[(n + 3) % 6]} {LAST[(n + 2) % 5]}"]
        recorder.record(commands.register(t, players, club=CLUBS[n % 2]))
    play_event(recorder, seed=3)
    recorder.record(commands.warn(t, 1, 3) + commands.warn(t, 2, 3))
    return t


def words_of(pdf):
    html = subprocess.run(["pdftotext", "-bbox", "-f", "1", "-l", "1", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout  # fmt: skip
    width = float(re.search(r'<page width="([\d.]+)"', html).group(1))
    pattern = r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>'
    return width, [(float(a), float(b), float(c), float(d), w) for a, b, c, d, w in re.findall(pattern, html)]


@pytest.mark.parametrize("landscape", [False, True])
def test_every_column_fits_on_a4(evening, tmp_path, landscape):
    pdf = tmp_path / "classifica.pdf"
    printing.standings_sheet(evening, pdf, words=catalog("it", "tournament").get, landscape=landscape)
    width, words = words_of(pdf)
    assert (width > 800) is landscape
    head_y = next(w[1] for w in words if w[4] == "Pos.")
    header = [w for w in words if abs(w[1] - head_y) < 1]
    assert [w[4] for w in header] == HEADERS
    starts = [w[0] - 3 for w in header] + [width - MARGIN]  # each cell's left edge: its text less the padding
    assert header[-1][2] <= width - MARGIN  # "Premio" whole, inside the table
    body = [w for w in words if w[1] > head_y + 1]
    lines: dict[float, list] = {}
    for word in body:
        column = max(i for i, start in enumerate(starts[:-1]) if start <= word[0] + 0.5)
        assert word[2] <= starts[column + 1] + 0.5, f"{word[4]!r} runs from {HEADERS[column]} into the next column"
        lines.setdefault(round(word[1]), []).append(word)
    for line in lines.values():
        line.sort()
        assert all(a[2] <= b[0] + 0.2 for a, b in zip(line, line[1:])), [w[4] for w in line]
    text = " ".join(w[4] for w in body)
    assert "Dell’Acqua" in text and "Nicolò" in text and "Città" in text
    png = tmp_path / "classifica"
    subprocess.run(["pdftoppm", "-r", "72", "-f", "1", "-l", "1", "-png", str(pdf), str(png)], check=True)
    image = Image.open(f"{png}-1.png").convert("L")
    right = range(int(width - MARGIN) + 2, image.width)
    assert all(image.getpixel((x, y)) > 200 for x in right for y in range(image.height)), "drawn in the margin"
