"""Output files checked before the long work that fills them, and kept when writing them fails all the same.

A command that plays a game, runs an arena or prints a PDF writes its file at
the end; a path it cannot write must be refused at the start, not after the
work. :func:`writable_file` and :func:`writable_folder` say why a path will
not do as an :class:`UnwritablePath` whose ``message`` is a :class:`Text`
(English, translated at the edge like every refusal); :func:`save` writes a
file at the end, and if that fails after all (the folder removed meanwhile, a
full disk) keeps the work in a temporary file and says where::

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> writable_file(folder / "game.json") == folder / "game.json"
    True
    >>> writable_file(folder)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tavolo.engine.files.UnwritablePath: cannot write ...: it is a folder
    >>> writable_file(folder / "no" / "game.json")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tavolo.engine.files.UnwritablePath: cannot write .../no/game.json: the folder .../no does not exist
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from tavolo.engine.errors import Text


class UnwritablePath(ValueError):
    """A path an output cannot be written to; ``message`` says why (a :class:`Text`)."""

    def __init__(self, message: Text) -> None:
        self.message = message
        super().__init__(str(message))


def writable_file(path: Path) -> Path:
    """``path`` if a file can be written there now, else :class:`UnwritablePath` saying why.

    A new file is tried for real (made, then removed), so a read-only disk or a folder without
    write permission is caught as well as a missing folder."""
    if path.is_dir():
        raise UnwritablePath(Text("cannot write {path}: it is a folder", path=path))
    folder = path.parent
    if not folder.exists():
        raise UnwritablePath(Text("cannot write {path}: the folder {folder} does not exist", path=path,
                                  folder=folder))
    if not folder.is_dir():
        raise UnwritablePath(Text("cannot write {path}: {folder} is not a folder", path=path, folder=folder))
    try:
        if path.exists():
            if not os.access(path, os.W_OK):
                raise PermissionError(13, os.strerror(13))
        else:
            path.open("x").close()
            path.unlink()
    except OSError as exc:
        raise UnwritablePath(Text("cannot write {path}: {reason}", path=path, reason=exc.strerror)) from None
    return path


def writable_folder(path: Path) -> Path:
    """``path`` if files can be written into it (made, with its parents, when missing), else
    :class:`UnwritablePath` saying why; nothing is made here."""
    if path.exists() and not path.is_dir():
        raise UnwritablePath(Text("cannot write into {path}: it is a file, not a folder", path=path))
    existing = next(p for p in (path, *path.parents) if p.exists())
    if not existing.is_dir():
        raise UnwritablePath(Text("cannot write into {path}: {folder} is not a folder", path=path,
                                  folder=existing))
    try:
        tempfile.TemporaryFile(dir=existing).close()
    except OSError as exc:
        raise UnwritablePath(Text("cannot write into {path}: {reason}", path=path, reason=exc.strerror)) from None
    return path


def save(path: Path, write: Callable[[Path], object], folder: bool = False) -> None:
    """``write(path)``; when that fails, ``write`` into a temporary file (``folder``: a temporary folder)
    instead and raise :class:`UnwritablePath` naming both, so that the work is not lost."""
    try:
        write(path)
    except OSError as exc:
        kept = Path(tempfile.mkdtemp(prefix="tavolo-") if folder else _temporary_file(path.suffix))
        write(kept)
        raise UnwritablePath(Text("cannot write {path}: {reason}; saved to {kept} instead", path=path,
                                  reason=exc.strerror, kept=kept)) from None


def _temporary_file(suffix: str) -> str:
    handle, name = tempfile.mkstemp(prefix="tavolo-", suffix=suffix)
    os.close(handle)
    return name
