"""A saved game's file, read safely: bounded reading, JSON with limits, and the checksum.

Whatever a file claims, :func:`read_file` reads at most :data:`MAX_FILE_BYTES` plus one byte, and
only from a plain file: a device (``/dev/zero``), a pipe or a folder is refused at once, before it
is opened for reading. :func:`read_json` then refuses, before parsing, text that nests deeper than
:data:`MAX_DEPTH`; while parsing, numbers longer than :data:`MAX_NUMBER_DIGITS` digits and a key
given twice in one object (found in time proportional to the number of keys). Each refusal is a
:class:`~dday.errors.SaveFileError` saying what is wrong.

:func:`checksum` is the SHA-256 of a saved game's content (every key but ``checksum``, written as
canonical JSON: keys sorted, no spaces), so reformatting a file does not change it but any edit of
a value does. It catches a file changed by hand, by a tool or by damage; it is not a signature
(anyone can compute it again), so a file from a stranger is still replayed and checked in full.

>>> data = {"format": "dday-game", "seed": 1, "players": {}}
>>> checksum(data) == checksum({"players": {}, "seed": 1, "format": "dday-game"})
True
>>> checksum(data) == checksum({**data, "seed": 999})
False
>>> checksum(data)[:7]
'sha256:'
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

import numpy as np

from ..errors import SaveFileError
from ..rules.actions import quote

MAX_FILE_BYTES: Final = 2_000_000
"""Bytes in a saved game's file: the longest game of the longest rule set saves to about 60 KB."""
MAX_DEPTH: Final = 20
"""Levels of nesting: a save nests about 6 deep; deeper is damage (or an attack on the parser)."""
MAX_NUMBER_DIGITS: Final = 20
"""Digits in a number: numbers in a save are small (seeds, faces, counts)."""
CHECKSUM_KEY: Final = "checksum"

__all__ = ["CHECKSUM_KEY", "MAX_DEPTH", "MAX_FILE_BYTES", "MAX_NUMBER_DIGITS", "checksum", "read_file", "read_json"]


def checksum(data: Mapping[str, Any]) -> str:
    """``"sha256:"`` and the SHA-256 (hex) of ``data``'s canonical JSON, leaving out its ``checksum`` key."""
    content = {k: v for k, v in data.items() if k != CHECKSUM_KEY}
    try:
        text = json.dumps(content, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError) as exc:
        raise SaveFileError(f"the saved game cannot be written as JSON: {quote(str(exc))}") from None
    return "sha256:" + hashlib.sha256(text.encode("ascii")).hexdigest()


def read_file(path: str | os.PathLike[str], limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a plain file, at most ``limit``; more, or anything but a plain file, is refused.

    Reads at most ``limit + 1`` bytes whatever the file system says of its size (a ``/proc`` file
    says 0), and never opens a device or a pipe for reading (which could never end, or block).
    """
    where = quote(str(path))
    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            raise SaveFileError(f"{where} is a folder, not a saved game")
        if not stat.S_ISREG(info.st_mode):
            raise SaveFileError(f"{where} is not a plain file (a device, a pipe or a socket); a saved game is a file")
        if info.st_size > limit:
            raise SaveFileError(f"{where} is {info.st_size:,} bytes; a saved game is at most {limit:,} (refused unread)")
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
        with os.fdopen(os.open(path, flags), "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):  # swapped for a pipe since the check above
                raise SaveFileError(f"{where} is not a plain file; a saved game is a file")
            data = f.read(limit + 1)
    except OSError as exc:
        raise SaveFileError(f"cannot read saved game {where}: {exc.strerror or exc}") from None
    except ValueError as exc:  # a NUL character in the path
        raise SaveFileError(f"cannot read saved game {where}: {exc}") from None
    if len(data) > limit:
        raise SaveFileError(f"{where} is more than {limit:,} bytes; a saved game is at most {limit:,}")
    return data


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """True if JSON ``text`` nests brackets deeper than ``limit`` (strings skipped).

    At C speed and in little memory: the brackets' depth is summed a million at a time.

    >>> too_deep('{"a": [[1]], "b": "[[[["}', 3), too_deep("[[[]]]", 2)
    (False, True)
    """
    plain = re.sub(r'"(?:[^"\\]|\\.)*"', "", text)
    brackets = np.frombuffer(re.sub(r"[^\[\]{}]", "", plain).encode("ascii"), dtype=np.uint8)
    depth = 0
    for i in range(0, brackets.size, 1_000_000):
        chunk = brackets[i : i + 1_000_000]
        running = np.cumsum(np.where((chunk == ord("[")) | (chunk == ord("{")), 1, -1).astype(np.int32)) + depth
        if running.max() > limit:
            return True
        depth = int(running[-1])
    return False


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """The object of JSON ``pairs``; a key given twice is refused (one pass over the keys)."""
    data = dict(pairs)
    if len(data) < len(pairs):
        twice = sorted(k for k, n in Counter(k for k, _ in pairs).items() if n > 1)
        raise SaveFileError(
            f"the key{'s' if len(twice) > 1 else ''} {', '.join(quote(k, 40) for k in twice[:5])} appear{'' if len(twice) > 1 else 's'} twice in one object"
        )
    return data


def _small_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise SaveFileError(f"a number of {len(text)} digits: no number in a saved game is that long")
    return int(text)


def read_json(source: Any) -> dict[str, Any]:
    """The saved game's JSON object from a dict, JSON text (str or bytes) or a path; refuse anything else.

    Text is taken as a file's content when it starts with ``{`` or ``[`` (after spaces), else as a path.
    """
    if isinstance(source, dict):
        return source
    if isinstance(source, bytes | bytearray):
        raw, where = bytes(source), "the text"
    elif isinstance(source, str) and source.lstrip().startswith(("{", "[")):
        raw, where = None, "the text"
    elif isinstance(source, str | os.PathLike):
        raw, where = read_file(source), quote(str(Path(source)))
    else:
        raise SaveFileError(f"a saved game is read from a path, JSON text or a dict, not {type(source).__name__} {quote(source)}")
    if raw is None:
        text = source
    else:
        if len(raw) > MAX_FILE_BYTES:
            raise SaveFileError(f"{where} is {len(raw):,} bytes; a saved game is at most {MAX_FILE_BYTES:,}")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise SaveFileError(f"{where} is not a UTF-8 text file" if where != "the text" else "the bytes given are not UTF-8 text") from None
    if len(text) > MAX_FILE_BYTES:
        raise SaveFileError(f"{where} is {len(text):,} characters; a saved game is at most {MAX_FILE_BYTES:,}")
    if too_deep(text):
        raise SaveFileError(f"{where} nests deeper than {MAX_DEPTH} levels; a saved game never does (refused before parsing)")
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_int=_small_int)
    except SaveFileError:  # a key twice, a number too long
        raise
    except json.JSONDecodeError as exc:
        raise SaveFileError(f"{where} is not valid JSON (truncated or corrupted?): {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    except (RecursionError, ValueError) as exc:  # ValueError: float overflow and the like
        raise SaveFileError(f"{where} cannot be read as JSON: {quote(str(exc))}") from None
    if not isinstance(data, dict):
        raise SaveFileError(f"{where} does not hold a saved game (a JSON object), but a {type(data).__name__}")
    return data
