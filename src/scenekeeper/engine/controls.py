"""What a result shows beyond its reply lines, declared by the game: a display of its dice (named
fields and a tone) and the controls it offers -- buttons, a select, a button that asks a form
first -- each of which is an ordinary command run through ``App.handle``.

A game declares them (``GameSystem.display``) as plain data; an adapter draws them (Discord's
buttons, selects and modals). A control is named by the table, the seq of the command whose
result drew it, its place in that result's list and its ``fingerprint``, never by anything it
acts on: a click finds the command again in the table's undo window and asks the game for the
same list (``engine.offered``).

Pure: no discord, no I/O.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from scenekeeper.engine.aggregate import CommandRecord, Table

Style = Literal["primary", "secondary", "success", "danger"]
Tone = Literal["success", "heroic", "failure", "botch", "undone"]
#: The most entries a select offers (Discord's limit; a game offers the likeliest first).
MAX_CHOICES = 25


@dataclass(frozen=True)
class Choice:
    """One entry of a select: what it reads and the option value it sends."""

    label: str
    value: str


@dataclass(frozen=True)
class Ask:
    """A form field asked before the command runs; its answer is option ``name``'s value.
    With ``choices`` (at most ``MAX_CHOICES``) it is a select of them, not typed text."""

    name: str
    label: str
    hint: str = ""
    placeholder: str = ""
    required: bool = True
    max_length: int = 100
    choices: tuple[Choice, ...] = ()


@dataclass(frozen=True)
class Control:
    """A next step: the command ``command`` with ``options`` (option name -> value as typed).

    A plain control is a button. With ``choices`` it is a select whose chosen value becomes
    option ``choose``; with ``form`` it is a button that asks those fields first (a Discord
    modal, a prompt at a terminal). ``edits``: the click's answer goes into the message the
    control sits on (a roll brought up to date) rather than a new one. ``guard`` is handed to
    the game's ``control_guard`` on a click, for what the command cannot check by itself (the
    contest the button was shown with is the one running).
    """

    label: str
    command: str
    options: tuple[tuple[str, str], ...] = ()
    style: Style = "secondary"
    row: int | None = None
    edits: bool = False
    choices: tuple[Choice, ...] = ()
    choose: str = ""
    form: tuple[Ask, ...] = ()
    form_title: str = ""
    guard: str = ""

    @property
    def kind(self) -> Literal["button", "select", "form"]:
        if self.choices:
            return "select"
        return "form" if self.form else "button"

    def raw(self, answers: Mapping[str, str] | None = None) -> dict[str, object]:
        """The command's options as an adapter hands them to the parser (name -> text)."""
        given: dict[str, object] = dict(self.options)
        for name, value in (answers or {}).items():
            if value.strip():
                given[name] = value.strip()
        return given


def literal(text: str) -> str:
    """Text people typed (a name), shown as itself inside a field's Markdown."""
    return "".join(f"\\{c}" if c in "\\*_~`|" else c for c in text)


@dataclass(frozen=True)
class Field:
    """A named part of a result's display (a roll's faces, its total); the value is Markdown."""

    name: str
    value: str
    inline: bool = False


@dataclass(frozen=True)
class Display:
    """How one command's result shows: fields (a dice display), the tone of its outcome, the
    reply lines the fields stand for (by their start), and its controls."""

    fields: tuple[Field, ...] = ()
    tone: Tone | None = None
    replaces: tuple[str, ...] = ()
    controls: tuple[Control, ...] = ()
    #: The controls are the table's standing panel (NoDice's Hand panel), not this result's
    #: own: an undo or redo's reply offers them again, for the table as it now is.
    panel: bool = False


@dataclass(frozen=True)
class View:
    """What a game is asked to display: the table just after the command whose result it is
    (``Table.just_after``: its window ends with that command) -- never the table now, so the
    same command always displays the same controls -- and whether output is plain."""

    table: Table
    #: Accessible output: plain labels, no emoji.
    plain: bool = False

    @property
    def record(self) -> CommandRecord:
        assert self.table.window, "a view is of a standing command"
        return self.table.window[-1]


def fingerprint(control: Control) -> str:
    """Four hex digits naming what a control does (not its label): a click whose control no
    longer matches is refused rather than running another command in its place."""
    text = "\x1f".join([control.command, *(f"{k}={v}" for k, v in control.options), control.choose])
    return hashlib.blake2s(text.encode("utf-8"), digest_size=2).hexdigest()
