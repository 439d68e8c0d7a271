"""Record files: reads with a bound, and writes that never replace or write into anything but a regular file.

The terminal game's save file (``spades-rules play --save``, ``--resume``), ``spades-rules replay`` and
``spades-rules match --records`` read and write through these three functions, so every path the command
line is given is treated alike:

- :func:`read_text` reads at most a given number of characters: ``/dev/zero``, an endless pipe or a huge
  file is refused with a :class:`~spades_rules.errors.RecordError` naming the limit, never read whole.
  A named pipe (FIFO) is read when something writes to it (``replay <(zcat game.txt.gz)``) and is empty
  otherwise, so opening one never waits forever.
- :func:`save_atomically` writes a whole file through a temporary file in the same folder, renamed over
  the old one, so the file is always the old text or the new one.
- :func:`open_for_writing` opens a file to be written line by line (the records of a match).

Both writers refuse a path that exists and is not a regular file: a device (``/dev/null``), a named pipe,
a folder, a socket, and a **symbolic link**, even one to a regular file. Renaming over a link would
replace the link itself by a file, and writing through it would write to a file the command line was
not given; so a link is refused with a message naming its target, which can be given instead.
A file that cannot be read or written is a :class:`~spades_rules.errors.RecordError` whose
:attr:`~spades_rules.errors.RecordError.where` is the path and whose message says why (the operating
system's reason).
"""

from __future__ import annotations

import os
import stat
import tempfile
from typing import Final, TextIO

from spades_rules._core.messages import clip, describe
from spades_rules.errors import ArgumentTypeError, RecordError

__all__ = ["open_for_writing", "read_text", "save_atomically"]

_NAME_LIMIT: Final = 80
"""How much of a path a message shows."""


def _path(path: object, function: str) -> str:
    """``path`` as a file name: a ``str`` or an ``os.PathLike`` naming one (never a file descriptor, whose
    number ``open`` would accept and whose file it would close afterwards)."""
    if isinstance(path, os.PathLike):
        path = os.fspath(path)
    if type(path) is not str:
        raise ArgumentTypeError(
            f"{function} needs a file name (a str or a path), not {describe(path)}", parameter="path"
        )
    if not path or "\x00" in path:
        raise RecordError("a file name cannot be empty or hold a NUL character", where=describe(path))
    return path


def _where(path: str) -> str:
    return clip(path, _NAME_LIMIT)


def _refuse_special(path: str) -> None:
    """A :class:`RecordError` when ``path`` exists and is not a regular file (a link included)."""
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as error:
        raise RecordError(f"cannot use this file: {error.strerror or error}", where=_where(path)) from None
    if stat.S_ISLNK(found.st_mode):
        target = clip(os.path.realpath(path), _NAME_LIMIT)
        raise RecordError(
            f"is a symbolic link (to {target}): give the file itself; a save never replaces or writes through "
            "a link",
            where=_where(path),
        )
    if not stat.S_ISREG(found.st_mode):
        raise RecordError(f"exists and is {_kind(found.st_mode)}, not a regular file: it is never replaced",
                          where=_where(path))


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def _check_writable(path: object, function: str = "save") -> str:
    """``path`` as a file name a save may write: :class:`RecordError` when it exists and is not a regular
    file (see the module docstring). Called before a game starts, so that a bad path is refused at once.
    ``function`` is the caller's name, used in the messages."""
    if type(function) is not str:
        raise ArgumentTypeError(f"check_writable needs the caller's name as a str, not {describe(function)}",
                                parameter="function")
    name = _path(path, clip(function, 60))
    _refuse_special(name)
    return name


def save_atomically(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder, renamed over it, so that the
    file is always either the old text or the new one, never half of one. Refuses a ``path`` that exists
    and is not a regular file (a device, a named pipe, a folder, a symbolic link) with a
    :class:`~spades_rules.errors.RecordError`, before and again just before the rename."""
    name = _check_writable(path, "save_atomically")
    if type(text) is not str:
        raise ArgumentTypeError(f"save_atomically needs the text as a str, not {describe(text)}", parameter="text")
    folder = os.path.dirname(os.path.abspath(name))
    try:
        handle, temporary = tempfile.mkstemp(prefix=".spades-", suffix=".tmp", dir=folder)
    except OSError as error:
        raise RecordError(f"cannot write in its folder: {error.strerror or error}", where=_where(name)) from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        _refuse_special(name)  # again: the path may have changed while the file was written
        os.replace(temporary, name)
    except BaseException as error:
        if os.path.lexists(temporary):
            os.unlink(temporary)
        if isinstance(error, OSError):
            raise RecordError(f"cannot write: {error.strerror or error}", where=_where(name)) from None
        if isinstance(error, UnicodeEncodeError):  # a lone surrogate: no UTF-8 file can hold the text
            raise ArgumentTypeError(f"save_atomically: the text is not writable as UTF-8 (character {error.start})",
                                    parameter="text") from None
        raise


def open_for_writing(path: str | os.PathLike[str]) -> TextIO:
    """``path`` opened to be written from its start (created, or emptied), refusing what is not a regular
    file (see the module docstring): the check is made on the opened file itself, so a path swapped for a
    link, a device or a named pipe after the check is refused too."""
    name = _check_writable(path, "open_for_writing")
    flags = os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    try:
        handle = os.open(name, flags, 0o666)
    except OSError as error:
        raise RecordError(f"cannot write: {error.strerror or error}", where=_where(name)) from None
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise RecordError("is not a regular file: it is never written", where=_where(name))
        os.set_blocking(handle, True)
        os.ftruncate(handle, 0)
        return open(handle, "w", encoding="utf-8")  # the caller closes it
    except BaseException as error:
        os.close(handle)
        if isinstance(error, OSError):
            raise RecordError(f"cannot write: {error.strerror or error}", where=_where(name)) from None
        if isinstance(error, UnicodeEncodeError):  # a lone surrogate: no UTF-8 file can hold the text
            raise ArgumentTypeError(f"save_atomically: the text is not writable as UTF-8 (character {error.start})",
                                    parameter="text") from None
        raise


def read_text(path: str | os.PathLike[str], limit: int) -> str:
    """The text of the file ``path`` (UTF-8), read with a bound: a :class:`RecordError` naming the limit
    when it holds more than ``limit`` characters (``/dev/zero``, an endless pipe, a huge file are never read
    whole). A named pipe is opened without waiting for a writer (see the module docstring); a file that
    is not UTF-8 text, or cannot be read, is a :class:`RecordError` too."""
    name = _path(path, "read_text")
    if type(limit) is not int or not 0 <= limit <= 1 << 40:
        raise ArgumentTypeError(f"read_text(limit=...) must be an int from 0 to 2**40, not {describe(limit)}")
    try:
        handle = os.open(name, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        raise RecordError(f"cannot read: {error.strerror or error}", where=_where(name)) from None
    try:
        mode = os.fstat(handle).st_mode
        if stat.S_ISDIR(mode):
            raise RecordError("is a folder, not a file", where=_where(name))
        os.set_blocking(handle, True)  # a named pipe with no writer now reads as empty, without waiting
        with open(handle, encoding="utf-8", closefd=False) as stream:
            text = stream.read(limit + 1)
    except OSError as error:
        raise RecordError(f"cannot read: {error.strerror or error}", where=_where(name)) from None
    except UnicodeDecodeError as error:
        raise RecordError(f"is not UTF-8 text (byte {error.start})", where=_where(name)) from None
    finally:
        os.close(handle)
    if len(text) > limit:
        raise RecordError(f"a record is at most {limit:,} characters; this one is longer", where=_where(name))
    return text
