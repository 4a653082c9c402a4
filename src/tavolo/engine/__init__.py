"""The game protocol every Tavolo game implements, and what is built on it:
game records, replay, the play loop and the agent interface."""

from tavolo.engine.agent import Agent
from tavolo.engine.errors import (
    ActionError,
    AmbiguousActionError,
    IllegalActionError,
    NotationError,
    Rule,
)
from tavolo.engine.game import CHANCE, TERMINAL, CardGame, DealtState, Game, State, resolve_chance, shuffled
from tavolo.engine.record import GameRecord, replay

__all__ = [
    "CHANCE", "TERMINAL", "ActionError", "Agent", "AmbiguousActionError", "CardGame", "DealtState", "Game",
    "GameRecord", "IllegalActionError", "NotationError", "Rule", "State", "replay", "resolve_chance", "shuffled",
]
