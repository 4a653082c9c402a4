"""The director's desk and the hall in the browser: a tournament run from a laptop, scores from phones.

Three kinds of pages, all over :mod:`tavolo.store` (the tournament's event
log) and :mod:`tavolo.tournament` (every rule; nothing here decides one), one module each:

* :mod:`~tavolo.server.director.public`, public and read-only: the live standings and round
  (``/torneo/{name}``), the projector view (``/torneo/{name}/proiettore``), the seat-finder; they
  show :func:`tavolo.tournament.public.public_view` and nothing more, and update within a second
  through server-sent events (``/api/torneo/{name}/live``);
* :mod:`~tavolo.server.director.phone`, a table's phone page (``/torneo/{name}/tavolo/{table}``, the
  score card's QR code): one side enters the points with its code, the other confirms with its own;
  without a code nothing changes;
* :mod:`~tavolo.server.director.desk`, the director's desk (``/direttore``), for the accounts the
  tournament made director or arbiter (the creator is its director): create an event, register or
  import the list with a preview, seat round 1 by draw (the seed shown), in registration order or by
  the director's choice, publish rounds, enter and correct scores, the round clock, printouts (in
  the page's language) and a backup.

What they share (the router, the ``Refused`` error, the origin check, the tournaments kept between
requests, the renderer, the server's directors) is :mod:`~tavolo.server.director.common`.

The web app needs two names from here: :func:`install`, which adds every page and the error handler,
and :data:`OWN_BODY_LIMITS`, the desk's uploads that read their body within their own limits. Anything
else is imported from the module that defines it.
"""

from tavolo.server.director import desk, phone, public  # noqa: F401  (importing them registers their routes)
from tavolo.server.director.common import install
from tavolo.server.director.desk import OWN_BODY_LIMITS

__all__ = ["OWN_BODY_LIMITS", "install"]
