"""Tavolo's games registered in OpenSpiel as ``tavolo_<game>`` (``tavolo_briscola``, ``tavolo_hearts``
...): importing this module registers them. See :mod:`tavolo.rl.openspiel` and docs/research.md;
needs the ``research`` extra (``pip install tavolo[research]``)."""

from tavolo.rl.openspiel import GAMES, TavoloGame, TavoloState, short_name

__all__ = ["GAMES", "TavoloGame", "TavoloState", "short_name"]
