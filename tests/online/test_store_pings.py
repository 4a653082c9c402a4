"""The online store's PostgreSQL connections are pinged before use only when they rested in the
pool (tavolo.store.online.ping_when_idle): a database restarted while they rested costs no
request, and a busy server sends no ``SELECT 1`` before each stored move."""

from __future__ import annotations

import time

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import OperationalError

from tavolo.store.online import OnlineStore, ping_when_idle
from tavolo.store.migrate import upgrade
from tests.tournament.conftest import postgres_url  # noqa: F401  (the fixture)

REST_S = 0.2


def cut_off(url: str, store: OnlineStore) -> None:
    """End the server side of the pool's connection, as a database restart does."""
    with store.engine.connect() as connection:
        pid = connection.execute(text("select pg_backend_pid()")).scalar()
    killer = create_engine(url)
    with killer.begin() as connection:
        connection.execute(text("select pg_terminate_backend(:pid)"), {"pid": pid})
    killer.dispose()


@pytest.mark.postgres
def test_a_connection_cut_off_while_it_rested_is_replaced_before_use_and_a_busy_one_is_not_pinged(
        postgres_url):  # noqa: F811
    engine = create_engine(postgres_url, pool_size=1)
    ping_when_idle(engine, idle_s=REST_S)
    upgrade(engine)
    store = OnlineStore(engine)
    cut_off(postgres_url, store)
    time.sleep(REST_S * 2)
    assert store.table("none") is None  # pinged, found dead, replaced: the request is served
    cut_off(postgres_url, store)
    with pytest.raises(OperationalError):  # used at once, not pinged: the dead connection answers
        store.table("none")
    assert store.table("none") is None  # that failure threw the pool away
    engine.dispose()
