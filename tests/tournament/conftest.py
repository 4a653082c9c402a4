"""Shared helpers: a tournament in memory with its field registered."""

from __future__ import annotations

from tavolo.tournament.config import Kind, TournamentConfig, parse_phase
from tavolo.tournament.simulate import InMemory, register_field
from tavolo.tournament.state import Tournament


def make_tournament(entrants: int, *phases: str, kind: Kind = Kind.PAIRS, deals: int = 3, **options) -> Tournament:
    """A tournament in memory with ``entrants`` made-up entrants registered."""
    config = TournamentConfig("Prova", kind, deals, phases=tuple(parse_phase(p) for p in phases), **options)
    tournament = Tournament(config)
    InMemory(tournament).record(register_field(tournament, entrants))
    return tournament
