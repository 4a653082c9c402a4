"""An arena's journal (registro): every duplicate deal written down as it finishes, so a long
run killed at any moment resumes where it stopped.

The file is JSON Lines. The first line names the plan (bots, pairs, table, seed); each further
line is one finished deal of one pair, with the digest of the bots' code that played it. A run
given the journal of the same plan plays only the deals it lacks and reports on all of them; a
journal of another plan is refused with the field that differs, a malformed line with its
number. A last line cut short by a kill is dropped and played again.

    >>> import tempfile
    >>> from pathlib import Path
    >>> from tavolo.arena.runner import make_plan
    >>> plan = make_plan(["simple"], 3, vs="random", players=2)
    >>> path = Path(tempfile.mkdtemp()) / "arena.jsonl"
    >>> journal = Journal.open(path, plan)
    >>> journal.record(("simple", "random"), DuplicateDeal(1, ((120.0, 30.0), (40.0, 90.0))))
    >>> sorted(Journal.open(path, plan).missing(plan))
    [(('simple', 'random'), 0), (('simple', 'random'), 2)]
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tavolo.arena.duplicate import DuplicateDeal
from tavolo.engine.errors import Text

if TYPE_CHECKING:
    from tavolo.arena.runner import ArenaPlan, Pair

FORMAT = "tavolo-arena-journal/1"
PLAN_FIELDS = ("bots", "pairs", "players", "rules", "seed")
"""What a journal's first line names; a run resumes a journal only where every one is the same."""


class JournalError(ValueError):
    """A journal that cannot be resumed: the message (a :class:`Text`) says where and why."""


@lru_cache(maxsize=1)
def code_digest() -> str:
    """A digest of the code that plays a deal: the bots and Burraco's engine, Python and C++
    sources (12 hex digits). Deals played by different code are told apart in the report."""
    from tavolo import bots
    from tavolo.games import burraco

    digest = hashlib.sha256()
    for package in (bots, burraco):
        root = Path(package.__file__).parent
        for path in sorted(root.glob("*")):
            if path.suffix in (".py", ".cpp"):
                digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def _plan_header(plan: ArenaPlan) -> dict[str, Any]:
    return {"format": FORMAT, "bots": list(plan.bots), "pairs": [list(pair) for pair in plan.pairs],
            "players": plan.players, "rules": plan.rules, "seed": plan.seed}


@dataclass
class Journal:
    """The deals a journal holds (``deals[pair][index]``) and the file new ones are appended to."""

    path: Path
    deals: dict[Pair, dict[int, DuplicateDeal]]
    codes: Counter[str] = field(default_factory=Counter)
    """Deals per digest of the code that played them."""

    @classmethod
    def open(cls, path: Path, plan: ArenaPlan) -> Journal:
        """The journal at ``path`` for ``plan``: read and checked where the file exists, started
        (its plan line written) where it does not."""
        journal = cls(path, {pair: {} for pair in plan.pairs})
        if path.exists() and path.stat().st_size:
            journal._read(plan)
        else:
            journal._start(plan)
        return journal

    def _start(self, plan: ArenaPlan) -> None:
        """A new journal: its plan line alone."""
        self.path.write_text(json.dumps(_plan_header(plan)) + "\n", encoding="utf-8")

    def _read(self, plan: ArenaPlan) -> None:
        raw = self.path.read_bytes()
        if not raw.endswith(b"\n"):  # a line cut short by a kill: drop it, its deal is played again
            raw = raw[: raw.rfind(b"\n") + 1]
            with self.path.open("r+b") as file:
                file.truncate(len(raw))
        lines = raw.decode("utf-8", errors="replace").splitlines()
        if not lines:  # killed while writing its plan line
            self._start(plan)
            return
        self._check_header(_parse(lines[0], 1), plan)
        for number, line in enumerate(lines[1:], start=2):
            pair, deal, code = _deal_line(_parse(line, number), number, plan)
            if deal.index in self.deals[pair]:
                raise JournalError(Text("journal {path}, line {line}: deal {index} of {a} against {b} is there twice",
                                        path=str(self.path), line=number, index=deal.index, a=pair[0], b=pair[1]))
            self.deals[pair][deal.index] = deal
            self.codes[code] += 1

    def _check_header(self, header: dict[str, Any], plan: ArenaPlan) -> None:
        if header.get("format") != FORMAT:
            raise JournalError(Text("{path} is not an arena journal (its first line names no {format})",
                                    path=str(self.path), format=FORMAT))
        wanted = _plan_header(plan)
        for name in PLAN_FIELDS:
            if header.get(name) != wanted[name]:
                raise JournalError(Text("journal {path} was started for {field} {theirs}, this run asks {ours}: "
                                        "resume it with the same settings, or start another journal",
                                        path=str(self.path), field=name, theirs=json.dumps(header.get(name)),
                                        ours=json.dumps(wanted[name])))

    def missing(self, plan: ArenaPlan) -> Iterator[tuple[Pair, int]]:
        """The deals of ``plan`` the journal lacks, pair by pair in deal order."""
        for pair in plan.pairs:
            held = self.deals[pair]
            yield from ((pair, index) for index in range(plan.deals) if index not in held)

    def record(self, pair: Pair, deal: DuplicateDeal) -> None:
        """Append one finished deal, on disk before the caller goes on."""
        line = {"pair": list(pair), "index": deal.index, "points": [list(table) for table in deal.points],
                "code": code_digest()}
        with self.path.open("a", encoding="utf-8") as file:
            file.write(json.dumps(line) + "\n")
            file.flush()
            os.fsync(file.fileno())
        self.deals[pair][deal.index] = deal
        self.codes[code_digest()] += 1

    def held(self, plan: ArenaPlan) -> dict[Pair, list[DuplicateDeal]]:
        """The journal's deals of ``plan`` (index below ``plan.deals``) per pair, in deal order."""
        return {pair: [self.deals[pair][i] for i in sorted(self.deals[pair]) if i < plan.deals]
                for pair in plan.pairs}


def _parse(line: str, number: int) -> dict[str, Any]:
    try:
        value = json.loads(line)
    except json.JSONDecodeError as exc:
        raise JournalError(Text("journal line {line}: not JSON ({reason})", line=number, reason=exc.msg)) from None
    if not isinstance(value, dict):
        raise JournalError(Text("journal line {line}: not JSON ({reason})", line=number, reason="no object"))
    return value


def _deal_line(value: dict[str, Any], number: int, plan: ArenaPlan) -> tuple[Pair, DuplicateDeal, str]:
    pair = value.get("pair")
    if not isinstance(pair, list) or tuple(pair) not in plan.pairs:
        return _bad(number, "pair", pair)
    index = value.get("index")
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        return _bad(number, "index", index)
    points = value.get("points")
    if not (isinstance(points, list) and len(points) == 2
            and all(isinstance(t, list) and len(t) == 2 and all(_number(p) for p in t) for t in points)):
        return _bad(number, "points", points)
    code = value.get("code")
    if not isinstance(code, str):
        return _bad(number, "code", code)
    table = tuple(tuple(float(p) for p in t) for t in points)
    return (pair[0], pair[1]), DuplicateDeal(index, table), code  # type: ignore[arg-type]


def _number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _bad(number: int, name: str, value: object) -> Any:
    raise JournalError(Text("journal line {line}: field {field} is wrong ({value})", line=number, field=name,
                            value=json.dumps(value)[:80]))
