"""Tavolo: Italian card games with Burraco at its heart.

Layers, each depending only on those before it: ``cards`` (decks, notation),
``engine`` (the game protocol), ``games.<name>`` (rules, state, scoring,
notation of each game), then ``bots``, ``tournament``, ``store``, and the user
interfaces (``terminal``, ``cli``).
"""

__version__ = "0.1.0"
