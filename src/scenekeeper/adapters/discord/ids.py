"""Custom ids of the bot's buttons and modal: the state a click needs, in at most 100 chars.

A button carries everything it acts on (a roll's number, die positions, a command's seq), so a
click works the same after a restart: nothing is kept in memory between the message and the
click. Making an id and its pattern sit side by side here so they cannot drift apart.

A roll's number comes back after ``/undo`` (the next roll takes it again), so a roll's buttons
name it as ``#roll@seq``: the roll made by command ``seq``. A seq is never reused, so a button
of an undone roll is refused instead of acting on the new roll with its number (``identity``).
A contest is named by the seq of the command that started it, for the same reason. Buttons made
before seqs were added (no ``@seq``) still match, and are refused with the command to type.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scenekeeper.adapters.discord.limits import MAX_CUSTOM_ID

_ROLL = r"(?P<roll>\d+)(?:@(?P<seq>\d+))?"
PICK = rf"sk:pick:{_ROLL}:(?P<total>\d+(?:\.\d+)*):(?P<effect>(?:\d+(?:\.\d+)*)?)"
SPEND = rf"sk:pp:(?P<on>total|effect):{_ROLL}"
HITCH = rf"sk:hitch:{_ROLL}"
HITCH_MODAL = rf"sk:hitch-modal:{_ROLL}"
CONTEST = r"sk:contest:(?P<step>givein|stand):(?:(?P<contest>[0-9a-f]{8})|@(?P<seq>\d+))"
UNDO = r"sk:undo:(?P<seq>\d+)(?::(?P<roll>\d+))?"
#: The text field of the hitch modal.
COMPLICATION_FIELD = "complication"


def _checked(custom_id: str) -> str:
    if len(custom_id) > MAX_CUSTOM_ID:
        raise ValueError(f"custom id {custom_id!r} is longer than {MAX_CUSTOM_ID} characters")
    return custom_id


def pick(roll: int, seq: int, total: Sequence[int], effect: Sequence[int]) -> str:
    return _checked(f"sk:pick:{roll}@{seq}:{_dots(total)}:{_dots(effect)}")


def spend(on: str, roll: int, seq: int) -> str:
    return _checked(f"sk:pp:{on}:{roll}@{seq}")


def hitch(roll: int, seq: int) -> str:
    return _checked(f"sk:hitch:{roll}@{seq}")


def hitch_modal(roll: int, seq: int) -> str:
    return _checked(f"sk:hitch-modal:{roll}@{seq}")


def contest(step: str, seq: int) -> str:
    """The next step of the contest started by command ``seq``."""
    return _checked(f"sk:contest:{step}:@{seq}")


def undo(seq: int, roll: int | None = None) -> str:
    return _checked(f"sk:undo:{seq}" + (f":{roll}" if roll is not None else ""))


def seq_of(fields: dict[str, str]) -> int | None:
    """The command seq a button names (None: a button made before buttons carried one)."""
    seq = fields.get("seq")
    return int(seq) if seq else None


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
