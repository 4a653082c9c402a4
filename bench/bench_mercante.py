"""Mercante in fiera: engine speed, single core (uniformly random play of whole games at eight
players; a decision is a bid, pass, offer or answer; median of 5 runs), and the time a hand
takes at a web table (issue 23, target under 120 s).

``web.mercante.hand_s``: a hand at the lobby's defaults (eight players, offers before each
prize card) with one person who answers at once (the first legal move: pass, refuse) and seven
"Normal" bots at the service's default pace: every bot move waits ``TableService``'s ``pace``
before it thinks, as ``_bot_turn`` does, so a hand lasts the bot moves times the pace plus the
bots' own thinking (timed here). Median over 5 deals."""

from __future__ import annotations

import inspect
import random
import statistics
import time

from bench.util import note, random_decisions_per_s
from tavolo.games.mercante import make_game


def figures():
    decisions, games = random_decisions_per_s(make_game(players=8), games=30)
    note(f"mercante random play, 8 players: {games:.1f} games/s")
    yield "mercante.random.decisions_per_s", decisions, "/s"
    yield "web.mercante.hand_s", web_hand_seconds(), "s"


def web_hand_seconds(deals: int = 5) -> float:
    """The median paced length of a web hand, in seconds (see the module docstring)."""
    from tavolo.online.service import TableService
    from tavolo.online.views import view_of

    pace = inspect.signature(TableService.__init__).parameters["pace"].default
    view = view_of("mercante")
    game = view.build({})
    hands, moves = [], []
    for deal in range(deals):
        bots = {seat: view.make_bot("simple", game, seat, deal * 100 + seat) for seat in range(1, game.num_players)}
        state, rng = game.new_initial_state(), random.Random(deal)
        bot_moves, thinking = 0, 0.0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_chance(state.sample_chance(rng))
                continue
            seat = state.current_player()
            if seat == 0:
                state.apply(state.legal_actions()[0])
                continue
            start = time.perf_counter()
            action = bots[seat].choose(state.observation(seat), list(state.legal_actions()))
            thinking += time.perf_counter() - start
            state.apply(action)
            bot_moves += 1
        hands.append(bot_moves * pace + thinking)
        moves.append(bot_moves)
    note(f"mercante web hand: {statistics.median(moves):.0f} bot moves at {pace} s each")
    return statistics.median(hands)
