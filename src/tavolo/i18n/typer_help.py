"""Typer's ``--help`` in the reader's language: every help text of an app looked up in a catalog.

Typer builds ``--help`` from texts held by the app: its own help, each command's
``help`` (or the command function's docstring), each option's and argument's
``help=`` (given as ``Annotated[..., typer.Option(help=...)]`` or as a default value
``x: int = typer.Option(..., help=...)``), and the same for every sub-group
(``add_typer``). :func:`help_texts` walks them; :func:`localize_help` replaces each
by its translation, once: an app (or an option shared by several commands) already
translated is left alone, so a sub-app translated in its own catalog keeps it.

    >>> app = typer.Typer(help="Measure bots.")
    >>> @app.command()
    ... def arena(deals: int = typer.Option(10, help="Deals per pair.")) -> None:
    ...     '''Play duplicate deals.'''
    >>> localize_help(app, {"Measure bots.": "Misura i bot.", "Deals per pair.": "Smazzate per coppia."}.get)
    >>> sorted(text for _, text in help_texts(app))
    ['Misura i bot.', 'Play duplicate deals.', 'Smazzate per coppia.']
"""

from __future__ import annotations

import inspect
import typing
import weakref
from collections.abc import Callable, Iterator
from typing import Protocol

import typer
from typer.models import CommandInfo, ParameterInfo

Lookup = Callable[[str], "str | None"]
"""A catalog lookup: the English msgid's translation (``None`` or the msgid itself when there is none)."""


class HasHelp(Protocol):
    """What holds a help text: an app's or group's info, a command's info, an option or argument."""

    help: typing.Any


_translated: weakref.WeakSet[object] = weakref.WeakSet()
"""Apps and help holders already translated (by any catalog)."""


def localize_help(app: typer.Typer, words: Lookup) -> None:
    """Put every help text of ``app`` (its own, its commands' docstrings, their options' and arguments', its
    groups') in the language of ``words``. Typer builds ``--help`` from these when the app runs, so call this
    once the commands are registered."""
    if app in _translated:
        return
    _translated.add(app)
    for holder, text in help_texts(app):
        if holder not in _translated:
            _translated.add(holder)
            holder.help = words(text) or text


def help_texts(app: typer.Typer) -> Iterator[tuple[HasHelp, str]]:
    """Every help text ``--help`` can show for ``app`` and its groups, with what holds it. A command's docstring
    is given with its info (where Typer looks first); the app's own help outranks its callback's."""
    if app.info.help:
        yield app.info, app.info.help
    callback = app.registered_callback
    for info in [*app.registered_commands, *([callback] if callback and callback.callback else [])]:
        text = info.help or inspect.cleandoc(info.callback.__doc__ or "")
        if text and not (info is callback and app.info.help):
            yield info, text
        yield from ((parameter, parameter.help) for parameter in _parameters(info) if parameter.help)
    for group in app.registered_groups:
        if group.help:
            yield group, group.help
        yield from help_texts(group.typer_instance)


def _parameters(info: CommandInfo) -> Iterator[ParameterInfo]:
    """The ``typer.Option``/``typer.Argument`` of a command's function, written either way."""
    function = inspect.unwrap(info.callback)  # Typer reads the signature of the function a decorator wraps
    # evaluated once and kept, so that Typer reads the very options translated here (string annotations would
    # build new ones each time they are evaluated)
    function.__annotations__ = typing.get_type_hints(function, include_extras=True)
    for parameter in inspect.signature(function).parameters.values():
        if isinstance(parameter.default, ParameterInfo):
            yield parameter.default
        yield from (meta for meta in getattr(function.__annotations__.get(parameter.name), "__metadata__", ())
                    if isinstance(meta, ParameterInfo))
