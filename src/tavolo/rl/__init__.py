"""Reinforcement-learning interface to Burraco (needs the ``rl`` extra).

* :mod:`tavolo.rl.tensors`: observations as fixed-size tensors filled in place,
  and the legal-action mask;
* :mod:`tavolo.rl.burraco_env`: a PettingZoo AEC environment, one agent per seat;
* :mod:`tavolo.rl.gym_env`: a Gymnasium environment for one learner, the other
  seats played by a bot.

Every game (docs/research.md): :mod:`tavolo.rl.observation` (any observation as a tensor),
:mod:`tavolo.rl.openspiel` (``tavolo_<game>`` in OpenSpiel, the ``research`` extra) and
:mod:`tavolo.pettingzoo` (an AEC environment per game), over :mod:`tavolo.rl.catalog`.
"""
