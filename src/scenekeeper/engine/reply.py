"""What a command answers, independent of where it is shown (Discord, console, screen reader).

``text`` is public, one fact per line; ``private`` is shown only to the person who acted (a
NoDice bid, a GM-only note); ``data`` is the command's structured result (``--json``,
buttons) as the table may read it, ``private_data`` what only the person who acted may;
``files`` are attachments: shown with the public reply (an odds chart for the
table), or only to the person who acted when ``File.private`` (an export).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class File:
    """An attachment: Discord uploads it, the console writes it to a file."""

    name: str
    content: bytes
    #: Only for the person who acted (an export holds hidden information), not the table.
    private: bool = False


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
