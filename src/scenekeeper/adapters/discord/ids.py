"""Custom ids of the bot's buttons and modal: the state a click needs, in at most 100 chars.

A button carries everything it acts on (a roll's number, die positions, a command's seq), so a
click works the same after a restart: nothing is kept in memory between the message and the
click. Making an id and its pattern sit side by side here so they cannot drift apart.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass

from scenekeeper.adapters.discord.limits import MAX_CUSTOM_ID

PICK = r"sk:pick:(?P<roll>\d+):(?P<total>\d+(?:\.\d+)*):(?P<effect>(?:\d+(?:\.\d+)*)?)"
SPEND = r"sk:pp:(?P<on>total|effect):(?P<roll>\d+)"
HITCH = r"sk:hitch:(?P<roll>\d+)"
HITCH_MODAL = r"sk:hitch-modal:(?P<roll>\d+)"
CONTEST = r"sk:contest:(?P<step>givein|stand):(?P<contest>[0-9a-f]{8})"
UNDO = r"sk:undo:(?P<seq>\d+)(?::(?P<roll>\d+))?"
#: The text field of the hitch modal.
COMPLICATION_FIELD = "complication"


def _checked(custom_id: str) -> str:
    if len(custom_id) > MAX_CUSTOM_ID:
        raise ValueError(f"custom id {custom_id!r} is longer than {MAX_CUSTOM_ID} characters")
    return custom_id


def pick(roll: int, total: Sequence[int], effect: Sequence[int]) -> str:
    return _checked(f"sk:pick:{roll}:{_dots(total)}:{_dots(effect)}")


def spend(on: str, roll: int) -> str:
    return _checked(f"sk:pp:{on}:{roll}")


def hitch(roll: int) -> str:
    return _checked(f"sk:hitch:{roll}")


def hitch_modal(roll: int) -> str:
    return _checked(f"sk:hitch-modal:{roll}")


def contest(step: str, fingerprint: str) -> str:
    return _checked(f"sk:contest:{step}:{fingerprint}")


def undo(seq: int, roll: int | None = None) -> str:
    return _checked(f"sk:undo:{seq}" + (f":{roll}" if roll is not None else ""))


def fingerprint(names: Sequence[str]) -> str:
    """A short, stable name for a contest (its contestants), so a stale button says so."""
    return f"{zlib.crc32('|'.join(names).casefold().encode()):08x}"


def numbers(dotted: str) -> tuple[int, ...]:
    return tuple(int(p) for p in dotted.split(".") if p)


def _dots(values: Sequence[int]) -> str:
    return ".".join(str(v) for v in values)


@dataclass(frozen=True)
class Control:
    """A button to show: its custom id (from the functions above), label, style and row."""

    custom_id: str
    label: str
    style: str = "secondary"  # primary | secondary | success | danger
    row: int | None = None
