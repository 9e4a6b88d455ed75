"""What a command answers, independent of where it is shown (Discord, console, screen reader).

``text`` is public, one fact per line; ``private`` is shown only to the person who acted (a
NoDice bid, a GM-only note); ``data`` is the command's structured result (``--json``,
buttons) as the table may read it, ``private_data`` what only the person who acted may;
``files`` are attachments: shown with the public reply (an odds chart for the
table), or only to the person who acted when ``File.private`` (an export).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from scenekeeper.engine.quick import quick_init


@dataclass(frozen=True)
class File:
    """An attachment: Discord uploads it, the console writes it to a file.

    A file that takes long to make (an odds chart: 0.2-0.8 s) is made ``later``: the command
    returns how to draw it, and the app draws it once the table's lock is released, so no
    other command at the table waits for a picture."""

    name: str
    content: bytes = b""
    #: Only for the person who acted (an export holds hidden information), not the table.
    private: bool = False
    #: How to make ``content``, when it is still to be made (pure: no table state is read).
    draw: Callable[[], bytes] | None = field(default=None, compare=False, repr=False)

    @classmethod
    def later(cls, name: str, draw: Callable[[], bytes]) -> File:
        return cls(name, draw=draw)

    def drawn(self) -> File:
        """This file with its content made (itself when there was nothing to draw)."""
        if self.draw is None:
            return self
        return replace(self, content=self.draw(), draw=None)


@quick_init
@dataclass(frozen=True)
class Reply:
    text: tuple[str, ...] = ()
    private: tuple[str, ...] = ()
    data: Any = None
    files: tuple[File, ...] = ()
    private_data: Any = None

    @classmethod
    def say(cls, *lines: str, data: Any = None) -> Reply:
        return cls(text=tuple(lines), data=data)


log = logging.getLogger(__name__)

#: Said in place of a file that could not be drawn (the reply's words stand without it).
NOT_DRAWN = "The chart could not be drawn; the answer above stands."


def drawn(reply: Reply) -> Reply:
    """``reply`` with every file still to be made made (``File.later``); a file that fails to
    draw is left off, logged, and said in one line."""
    if not any(f.draw is not None for f in reply.files):
        return reply
    files = []
    failed = False
    for file in reply.files:
        try:
            files.append(file.drawn())
        except Exception:
            log.exception("drawing %s failed", file.name)
            failed = True
    text = (*reply.text, NOT_DRAWN) if failed else reply.text
    return replace(reply, files=tuple(files), text=text)
