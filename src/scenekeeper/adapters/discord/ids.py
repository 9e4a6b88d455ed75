"""Custom ids of the bot's components: which control a click means, in at most 100 characters.

``sk:<kind><mode>:<table>:<seq>:<index>:<mark>`` names the table (a game instance: a channel's
tables are ``C``, ``C:2``, ... and never reused), the seq of the command whose result drew the
control, its place among that result's controls and its fingerprint (``engine.controls``).
``kind`` is ``b`` (a button), ``s`` (a select), ``f`` (a button that opens a form) or ``m`` (the
form's submission); ``mode`` is ``e`` when the answer edits the message the control sits on,
``n`` when it is a new message. Nothing a control acts on is in its id: a click finds the
command again (``engine.offered``), so it works after a restart and is refused once its game
has ended, its command was undone or it no longer matches.

Ids of the buttons made before (``sk:pick:``, ``sk:pp:``, ``sk:hitch:``, ``sk:contest:``,
``sk:undo:``) still match ``OLD``, and are refused with the command to type.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from scenekeeper.adapters.discord.limits import MAX_CUSTOM_ID
from scenekeeper.engine.controls import Control, fingerprint

Kind = Literal["b", "s", "f", "m"]
CONTROL = (
    r"sk:(?P<kind>[bsfm])(?P<mode>[en]):(?P<table>\d+(?::\d+)?):(?P<seq>\d+):(?P<index>\d+)"
    r":(?P<mark>[0-9a-f]{4})"
)
OLD = r"sk:(?P<old>pick|pp|hitch|hitch-modal|contest|undo):(?P<rest>[^ ]*)"
_CONTROL = re.compile(CONTROL)


@dataclass(frozen=True)
class Ref:
    """A control as its id names it."""

    kind: Kind
    edits: bool
    table_id: str
    seq: int
    index: int
    mark: str

    @property
    def custom_id(self) -> str:
        mode = "e" if self.edits else "n"
        text = f"sk:{self.kind}{mode}:{self.table_id}:{self.seq}:{self.index}:{self.mark}"
        if len(text) > MAX_CUSTOM_ID:
            raise ValueError(f"custom id {text!r} is longer than {MAX_CUSTOM_ID} characters")
        return text

    def submitted(self) -> Ref:
        """The id of the form a ``f`` control opens."""
        return Ref("m", self.edits, self.table_id, self.seq, self.index, self.mark)


def ref(table_id: str, seq: int, index: int, control: Control) -> Ref:
    kind: Kind = {"button": "b", "select": "s", "form": "f"}[control.kind]  # type: ignore[assignment]
    return Ref(kind, control.edits, table_id, seq, index, fingerprint(control))


def parse(custom_id: str) -> Ref | None:
    found = _CONTROL.fullmatch(custom_id)
    if found is None:
        return None
    return Ref(
        found["kind"],  # type: ignore[arg-type]
        found["mode"] == "e",
        found["table"],
        int(found["seq"]),
        int(found["index"]),
        found["mark"],
    )


#: What a button made before this id scheme says when clicked.
OLD_BUTTON = "This button is from an older version of the bot; nothing was changed. Type {typed}."
_OLD_TYPED = {
    "pick": "/pick",
    "pp": "/pp spend",
    "hitch": "/hitch",
    "hitch-modal": "/hitch",
    "contest": "/contest givein or /contest stand",
    "undo": "/undo",
}


def old_button(kind: str) -> str:
    return OLD_BUTTON.format(typed=_OLD_TYPED.get(kind, "the command"))
