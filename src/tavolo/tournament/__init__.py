"""Tournament direction for Burraco, by the federation's code.

The pure domain of a tournament: nothing here touches a database or the game
engine. A tournament is a :class:`~tavolo.tournament.state.Tournament` folded
from its :mod:`~tavolo.tournament.events`; the director's
:mod:`~tavolo.tournament.commands` check a request against that state and
return the events that record it. Around them:

* :mod:`~tavolo.tournament.vp` - VP tables, byes (codice art. 17, 34);
* :mod:`~tavolo.tournament.danish`, :mod:`~tavolo.tournament.mitchell`,
  :mod:`~tavolo.tournament.berger`, :mod:`~tavolo.tournament.seating` - the
  pairing systems of codice art. 2, assembled per phase and group by
  :mod:`~tavolo.tournament.pairing`;
* :mod:`~tavolo.tournament.results` and :mod:`~tavolo.tournament.standings` -
  from score cards and arbiter's decisions to rankings (fedibur art. 9);
* :mod:`~tavolo.tournament.importing`, :mod:`~tavolo.tournament.export`,
  :mod:`~tavolo.tournament.printing`, :mod:`~tavolo.tournament.simulate`.

Persistence lives in :mod:`tavolo.store`, which depends on this package and
never the reverse.
"""
