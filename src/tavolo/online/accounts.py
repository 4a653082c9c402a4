"""Optional accounts (account): a name and a password, kept as its argon2 hash.

An account adds a player's history and rating; nobody needs one to play::

    >>> from tavolo.store.online import OnlineStore, make_online_engine
    >>> store = OnlineStore(make_online_engine("sqlite://"))
    >>> register(store, " Anna  Rossi ", "segreta1")
    'Anna Rossi'
    >>> log_in(store, "Anna Rossi", "segreta1")
    'Anna Rossi'
    >>> log_in(store, "Anna Rossi", "sbagliata")
    Traceback (most recent call last):
    tavolo.online.messages.Refusal: Wrong name or password
"""

from __future__ import annotations

import time
from collections import deque
from functools import cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from tavolo.online.messages import Refusal
from tavolo.online.ratings import MODEL
from tavolo.store.online import Account, OnlineStore

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


def register(store: OnlineStore, name: str, password: str) -> str:
    """A new account with the default rating; returns its name. Refused when the
    name is taken or the password is shorter than :data:`PASSWORD_LENGTH`."""
    name = account_name(name)
    if len(password) < PASSWORD_LENGTH:
        raise Refusal("bad_message", "The password needs at least {count} characters", field="password",
                      count=PASSWORD_LENGTH)
    start = MODEL.rating()
    if not store.create_account(Account(name, HASHER.hash(password), start.mu, start.sigma)):
        raise Refusal("conflict", "Name taken", field="name")
    return name


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


def log_in(store: OnlineStore, name: str, password: str, guard: LoginGuard | None = None) -> str:
    """The account's name when ``password`` is its password, else :class:`Refusal`
    ``unauthorized`` (or ``too_fast`` once ``guard`` has seen too many wrong ones)."""
    name = " ".join(str(name).split())
    if guard is not None:
        guard.check(name)
    account = store.account(name)
    try:
        HASHER.verify(account.password_hash if account else _nobody(), password)
    except (VerificationError, InvalidHashError):
        account = None
    if account is None:
        if guard is not None:
            guard.failed(name)
        raise Refusal("unauthorized", "Wrong name or password")
    return account.name
