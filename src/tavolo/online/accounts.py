"""Optional accounts (account): a name and a password, kept as its argon2 hash.

An account adds a player's history and rating; nobody needs one to play. Names are one name
whatever their case (``anna`` logs in as ``Anna Rossi``'s ``anna rossi`` too, and cannot register
beside it)::

    >>> from tavolo.store.online import OnlineStore, make_online_engine
    >>> store = OnlineStore(make_online_engine("sqlite://"))
    >>> register(store, " Anna  Rossi ", "segreta1")
    SignedIn(name='Anna Rossi', generation=0, former_name=None)
    >>> log_in(store, "anna rossi", "segreta1").name
    'Anna Rossi'
    >>> log_in(store, "Anna Rossi", "sbagliata")
    Traceback (most recent call last):
    tavolo.online.messages.Refusal: Wrong name or password

A session is signed with the account's session generation (generazione della sessione): logging
out, or a new password, bumps it, and every device's session ends::

    >>> log_out(store, "Anna Rossi"); session_generation(store, "Anna Rossi")
    1
    >>> change_password(store, "Anna Rossi", "segreta1", "segreta2")
    SignedIn(name='Anna Rossi', generation=2, former_name=None)
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass
from functools import cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import select, update

from tavolo.online.messages import Refusal
from tavolo.online.ratings import MODEL
from tavolo.store.models import name_key
from tavolo.store.online import Account, AccountRow, OnlineStore

PASSWORD_LENGTH = 8
"""The fewest characters of a password."""
NAME_LENGTH = 40
HASHER = PasswordHasher()


@cache
def _nobody() -> str:
    """A hash checked for an unknown name, so that a wrong name takes as long as a wrong password."""
    return HASHER.hash("a password no account has")


def account_name(name: str) -> str:
    """``name`` with its spaces tidied; :class:`Refusal` when nothing is left or it is too long."""
    tidy = " ".join(str(name).split())
    if not tidy or len(tidy) > NAME_LENGTH:
        raise Refusal("bad_message", "A name of 1 to {count} characters is needed", field="name", count=NAME_LENGTH)
    return tidy


@dataclass(frozen=True)
class SignedIn:
    """Who a session is: the account's name and the session generation its cookie is signed with;
    ``former_name``: the name logged in with, where migration 0006 renamed the account (another,
    older account had the same name but for case)."""

    name: str
    generation: int
    former_name: str | None = None


def register(store: OnlineStore, name: str, password: str) -> SignedIn:
    """A new account with the default rating. Refused when the name is taken (in any case: ``anna``
    beside ``Anna``) or the password is shorter than :data:`PASSWORD_LENGTH`."""
    name = account_name(name)
    check_password(password)
    start = MODEL.rating()
    if not store.create_account(Account(name, HASHER.hash(password), start.mu, start.sigma)):
        raise Refusal("conflict", "Name taken", field="name")
    return SignedIn(name, 0)


def check_password(password: str, field: str = "password") -> None:
    """:class:`Refusal` naming ``field`` when ``password`` is shorter than :data:`PASSWORD_LENGTH`."""
    if len(password) < PASSWORD_LENGTH:
        raise Refusal("bad_message", "The password needs at least {count} characters", field=field,
                      count=PASSWORD_LENGTH)


class LoginGuard:
    """At most ``tries`` wrong passwords for one name in ``window`` seconds; then
    logging in as that name waits (against guessing passwords)::

        >>> guard = LoginGuard(tries=2, window=60)
        >>> guard.failed("anna", now=0); guard.failed("anna", now=1)
        >>> guard.check("anna", now=30)
        Traceback (most recent call last):
        tavolo.online.messages.Refusal: Too many wrong passwords: try again in a minute
        >>> guard.check("anna", now=61), guard.check("bruno", now=30)
        (None, None)
    """

    def __init__(self, tries: int = 5, window: float = 60.0) -> None:
        self.tries = tries
        self.window = window
        self.failures: dict[str, deque[float]] = {}

    def check(self, name: str, now: float | None = None) -> None:
        """:class:`Refusal` ``too_fast`` while ``name`` has used up its tries."""
        now = time.monotonic() if now is None else now
        times = self.failures.get(name)
        while times and now - times[0] >= self.window:
            times.popleft()
        if times is not None and not times:
            del self.failures[name]
        elif times is not None and len(times) >= self.tries:
            raise Refusal("too_fast", "Too many wrong passwords: try again in a minute")

    def failed(self, name: str, now: float | None = None) -> None:
        self.failures.setdefault(name, deque()).append(time.monotonic() if now is None else now)


def log_in(store: OnlineStore, name: str, password: str, guard: LoginGuard | None = None) -> SignedIn:
    """The account whose name is ``name`` (in any case) when ``password`` is its password, or else
    the one renamed from ``name`` whose password it is; :class:`Refusal` ``unauthorized`` (or
    ``too_fast`` once ``guard`` has seen too many wrong ones)."""
    name = " ".join(str(name).split())
    if guard is not None:
        guard.check(name_key(name))
    account = store.account(name)
    if _verified(account.password_hash if account else _nobody(), password):
        return SignedIn(account.name, session_generation(store, account.name) or 0)
    for renamed, password_hash, generation in _renamed_from(store, name):
        if _verified(password_hash, password):
            return SignedIn(renamed, generation, former_name=name)
    if guard is not None:
        guard.failed(name_key(name))
    raise Refusal("unauthorized", "Wrong name or password")


def _verified(password_hash: str, password: str) -> bool:
    try:
        return HASHER.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def _renamed_from(store: OnlineStore, name: str) -> list[tuple[str, str, int]]:
    """The accounts (name, password hash, session generation) that were called ``name`` (in any
    case) before migration 0006 renamed them."""
    query = select(AccountRow.name, AccountRow.password_hash, AccountRow.session_generation,
                   AccountRow.former_name).where(AccountRow.former_name.is_not(None))
    with store.engine.connect() as connection:
        rows = connection.execute(query).all()
    return [(r.name, r.password_hash, r.session_generation) for r in rows if name_key(r.former_name) == name_key(name)]


def session_generation(store: OnlineStore, name: str) -> int | None:
    """The session generation of the account called exactly ``name`` (None: no such account)."""
    with store.engine.connect() as connection:
        return connection.scalar(select(AccountRow.session_generation).where(AccountRow.name == name))


def log_out(store: OnlineStore, name: str) -> None:
    """End every session of ``name``, on every device (its session generation moves on)."""
    _next_generation(store, name)


def change_password(store: OnlineStore, name: str, password: str, new_password: str,
                    guard: LoginGuard | None = None) -> SignedIn:
    """Give ``name`` the password ``new_password`` when ``password`` is its password now; every
    other session of the account ends, and the one returned is the only one signed in."""
    check_password(new_password, "new_password")
    if log_in(store, name, password, guard).name != name:
        raise Refusal("unauthorized", "Wrong name or password")
    return SignedIn(name, _next_generation(store, name, HASHER.hash(new_password)))


def _next_generation(store: OnlineStore, name: str, password_hash: str | None = None) -> int:
    """Bump ``name``'s session generation (and set its password hash, when given); the new one."""
    values = {"session_generation": AccountRow.session_generation + 1}
    if password_hash is not None:
        values["password_hash"] = password_hash
    with store.engine.begin() as connection:
        connection.execute(update(AccountRow).where(AccountRow.name == name).values(values))
        return connection.scalar(select(AccountRow.session_generation).where(AccountRow.name == name)) or 0
