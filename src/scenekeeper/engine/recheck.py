"""Rebuilding a table from someone else's history, trusting nothing in it.

``/game import`` must make a table indistinguishable from one built by commands. So each
recorded command is taken as if it were typed now, in order: its text is parsed, its actor is
authorised on the state before it (a player's ``/pp give`` is refused here exactly as at the
table), and it is decided again -- with dice that show the faces its own events recorded --
and must decide exactly the events the file holds. Times must parse and never go backwards.
A command that takes a file cannot be decided again without it: its events are checked by its
game (``/char import``) or the shell (``SHELL_FILE_COMMANDS``). A sealed choice an
export withheld (``engine.withheld``) is taken as recorded, once its marks are shown to hold.
The first command that does not hold is named with the reason, and nothing is imported.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from scenekeeper.dice import DiceError
from scenekeeper.engine.aggregate import Table, evolve, replay
from scenekeeper.engine.commands import (
    Attachment,
    CommandRegistry,
    Context,
    Decision,
    OptionType,
)
from scenekeeper.engine.core.pictures import check_recorded as check_picture
from scenekeeper.engine.errors import CorruptHistory, Refusal
from scenekeeper.engine.events import Envelope, Event
from scenekeeper.engine.names import matched_as_before
from scenekeeper.engine.pace import WaitsNoted, noted
from scenekeeper.engine.parse import parse_line
from scenekeeper.engine.roles import authorise
from scenekeeper.engine.state import Person, TableState
from scenekeeper.engine.systems import get_system
from scenekeeper.engine.upgrades import ONE_NAME_RULE, eras
from scenekeeper.engine.withheld import Withheld, check_marks, only_withheld


class Mismatch(Exception):
    """A recorded command that does not hold; the message says why (one line)."""


def recheck(
    envelopes: Sequence[Envelope],
    registry: CommandRegistry,
    said: Callable[[Envelope, tuple[str, ...]], None] | None = None,
    earlier: dict[int, str] | None = None,
) -> Table:
    """The table the commands of ``envelopes`` build, each checked as above; ``Mismatch``
    naming the first that does not hold. ``said``, if given, hears each command's first event
    and what the bot replied to it, made again (nothing for a command that took a file).
    ``earlier``, if given, gets each command (by seq) that only the rules of an earlier version
    decide as recorded, with the change of rules it came before (``engine.upgrades``)."""
    try:
        check_marks(envelopes, registry)
    except Refusal as refusal:
        raise Mismatch(str(refusal).rstrip(".")) from None
    table = Table()
    last_time: float | None = None
    for group in _commands(envelopes):
        first = group[0]
        where = f"#{first.seq} {first.command or '(no command)'}"
        when = _time(first, where)
        if last_time is not None and when < last_time:
            raise Mismatch(f"{where} is dated before the command it follows")
        last_time = when
        if any(e.time != first.time or e.actor != first.actor for e in group):
            raise Mismatch(f"{where}: its events disagree on who made them or when")
        # A paced table's note of its waits (engine.pace) is the table's: checked after the rest.
        note = group.pop() if len(group) > 1 and isinstance(group[-1].event, WaitsNoted) else None
        try:
            # A withheld choice cannot be decided again (check_marks: it was never revealed).
            if only_withheld([e.event for e in group]):
                decided, change = _check_withheld(table, group)
            else:
                decided, change = _check_command(table, group, registry, where)
            if change and earlier is not None:
                earlier[first.seq] = change
            if said is not None:
                said(first, decided.reply.text if decided is not None else ())
            before, table = table, replay(group, table)
            table = _check_note(before, table, group, note)
        except (CorruptHistory, Refusal) as error:
            raise Mismatch(f"{where}: {str(error).rstrip('.')}") from None
    return table


def _check_note(before: Table, after: Table, group: list[Envelope], note: Envelope | None) -> Table:
    """The table after a command's note of its waits: the one ``engine.pace.noted`` makes."""
    made = noted(before.state, after.state, [e.event for e in group], group[0].time)
    if (note.event if note is not None else None) != made:
        raise Refusal("what it notes the table waits for is not what the table waits for")
    return evolve(after, note) if note is not None else after


def _check_withheld(table: Table, group: list[Envelope]) -> tuple[None, str]:
    """A withheld choice is its game's to check: one its actor could have sealed here."""
    state = table.state
    if state is None:
        raise Refusal("a withheld choice cannot come before the table's game")
    actor = Person(group[0].actor, state.meta.name_of(group[0].actor))
    for event in (envelope.event for envelope in group):
        assert isinstance(event, Withheld)
        get_system(state.meta.system).check_withheld(state, actor, event.of, event.kept)
    return None, ""


def _commands(envelopes: Sequence[Envelope]) -> Iterator[list[Envelope]]:
    group: list[Envelope] = []
    for envelope in envelopes:
        if envelope.starts_command and group:
            yield group
            group = []
        group.append(envelope)
    if group:
        yield group


SHELL_FILE_COMMANDS = {"post picture": check_picture}
_ISO = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}:\d{2})"
)


def _time(envelope: Envelope, where: str) -> float:
    """Seconds since 1970 for an ISO 8601 time with a zone, as the app writes them (the engine
    reads times; it never asks a clock)."""
    match = _ISO.fullmatch(envelope.time)
    if match is None:
        raise Mismatch(f"{where}: its time {envelope.time[:40]!r} is not a time")
    year, month, day, hour, minute, second = (int(g) for g in match.groups()[:6])
    fraction, zone = match.group(7) or "0", match.group(8)
    if not (
        1 <= month <= 12
        and 1 <= day <= calendar.monthrange(year, month)[1]
        and hour < 24
        and minute < 60
        and second < 60
    ):
        raise Mismatch(f"{where}: its time {envelope.time!r} is not a time")
    offset = 0 if zone == "Z" else (int(zone[1:3]) * 60 + int(zone[4:6])) * 60
    seconds = calendar.timegm((year, month, day, hour, minute, second, 0, 0, 0))
    return seconds + float(f"0.{fraction}") - (offset if zone[0] != "-" else -offset)


def _check_command(
    table: Table, group: list[Envelope], registry: CommandRegistry, where: str
) -> tuple[Decision | None, str]:
    """The command decided again as recorded, and the change of rules it came before ("" when
    today's rules decide it so)."""
    first = group[0]
    state = table.state
    system = state.meta.system if state is not None else None
    # Refusal names what is wrong. A file's content is not in the history; its command is
    # checked by its game (below), so an empty stand-in lets the command line parse.
    invocation = parse_line(
        first.command,
        registry,
        system,
        lambda path: Attachment(name=path, content=b""),
        recorded=True,
    )
    spec = invocation.spec
    recorded = [e.event for e in group]
    refused: str | None = None
    for name in _names(table, group):
        actor = Person(first.actor, name)
        names_before = _authorise(state, actor, invocation, where, first.actor)
        if any(o.type is OptionType.ATTACHMENT for o in spec.options):
            if state is None:
                raise Mismatch(f"{where} cannot be part of a table's history")
            check = SHELL_FILE_COMMANDS.get(spec.name, get_system(system or "").check_file_command)
            check(state, actor, spec.name, tuple(recorded))
            return None, ""
        # Today's rules first; then, for a command an earlier version made, each earlier
        # version's (engine.upgrades), newest first.
        for change, older in (("", frozenset[str]()), *((u.name, o) for u, o in eras())):
            if names_before and ONE_NAME_RULE.name not in older:
                continue  # its character was found as names were matched before
            try:
                decided = _decide(table, actor, invocation, registry, recorded, older=older)
            except (Refusal, DiceError) as refusal:
                if not older:
                    refused = str(refusal).rstrip(".")
                continue
            if decided is not None and _same(decided.events, recorded):
                return decided, change
    if refused is not None:
        raise Mismatch(f"{where} is refused when made again: {refused}")
    raise Mismatch(f"{where} does not make the events the file says it made")


def _authorise(
    state: TableState | None, actor: Person, invocation: Any, where: str, actor_id: str
) -> bool:
    """Refuse a command its actor could not make; True when only the matching of names before
    ``ONE_NAME_RULE`` finds the character it was made for (so it is decided by those rules)."""
    try:
        authorise(state, actor, invocation.spec, invocation.args)
        return False
    except Refusal as refusal:
        reason = str(refusal).rstrip(".")
    try:
        with matched_as_before(True):
            authorise(state, actor, invocation.spec, invocation.args)
    except Refusal:
        raise Mismatch(f"{where} was not {actor_id}'s to make: {reason}") from None
    return True


def _names(table: Table, group: Sequence[Envelope]) -> list[str]:
    """The names the actor may have had when the command was made: as the table knows them,
    as the command's own events say, their id -- and then any other name its events hold. A
    name is what a person is called where they typed (a Discord nickname changes): it only
    shapes what the events record of it, never what the person may do (``authorise`` reads
    the id), so each the events hold is tried."""
    first = group[0]
    names: list[str] = []
    if table.state is not None and first.actor in table.state.meta.names:
        names.append(table.state.meta.names[first.actor])
    data = first.event.to_data()
    for key in ("name", "gm_name", "by"):
        value = data.get(key)
        if isinstance(value, str):
            names.append(value)
    names.append(first.actor)
    for envelope in group:
        names += _strings(envelope.event.to_data())
    return list(dict.fromkeys(names))


def _strings(data: object) -> Iterator[str]:
    """Every short text in an event's data, in order: the names it may record."""
    if isinstance(data, str):
        if 0 < len(data) <= _MAX_NAME:
            yield data
    elif isinstance(data, Mapping):
        for value in data.values():
            yield from _strings(value)
    elif isinstance(data, list | tuple):
        for item in data:
            yield from _strings(item)


#: The longest name a person may have on Discord (32) with room to spare.
_MAX_NAME = 100


def _decide(
    table: Table,
    actor: Person,
    invocation: Any,
    registry: CommandRegistry,
    recorded: list[Event],
    *,
    older: frozenset[str],
) -> Decision | None:
    ctx = Context(
        table_id="",
        table=table,
        actor=actor,
        dice=RecordedDice(recorded),
        registry=registry,
        history=lambda _after: (),
        older=older,
    )
    try:
        with matched_as_before(ctx.before(ONE_NAME_RULE)):
            decision: Decision = invocation.spec.handler(ctx, invocation.args)
    except _OutOfFaces:
        return None
    return decision


def _same(decided: Sequence[Event], recorded: Sequence[Event]) -> bool:
    written = [(e.type_name, e.to_data()) for e in recorded]
    made: list[Any] = _as_recorded([(e.type_name, e.to_data()) for e in decided], written)
    return made == written


#: Marks added to events after histories could record them, each False in an older history
#: even where the command made again sets it: ``typed`` (faces typed with results:, which the
#: recorded command text still shows) and ``keeps_numbers`` (an undo that keeps the roll
#: numbers it used; an older history replays with the numbers it gave) and ``firearm`` (a
#: METTLE hit from a firearm, which BP armor stops since the bp-armor mod; an older hit was
#: played without it, and replays so). Only that way round is forgiven; a mark the history has
#: and the command does not make is still a mismatch.
_ADDED_MARKS = ("typed", "keeps_numbers", "firearm")
#: Fields added to records since, whose None says "from before this was kept": a Cortex roll's
#: ``beat`` (whether it counts as a beat of the scene; an older roll counted when a player made
#: it). A recorded None stands for whatever the command decides now.
_ADDED_FIELDS = ("beat",)


def _as_recorded(decided: Any, recorded: Any) -> Any:
    """``decided`` read as the older ``recorded`` was written: without the keys it lacks (a
    field added since -- a game state's new setting, a mod a game gained --
    reads as its default where a table loads it, as it did for the version that wrote it),
    with each added mark the older record leaves False set False, and an older form of a
    record as it was (``_older_form``). Only that way round: a key the record has that the
    command does not make, or a value that differs, is still a mismatch."""
    if isinstance(decided, dict) and isinstance(recorded, dict):
        out = {k: _as_recorded(v, recorded[k]) for k, v in decided.items() if k in recorded}
        for mark in _ADDED_MARKS:
            if out.get(mark) is True and recorded.get(mark) is False:
                out[mark] = False
        for name in _ADDED_FIELDS:
            if name in out and recorded[name] is None:
                out[name] = None
        return _older_form(out, recorded)
    if isinstance(decided, list | tuple) and isinstance(recorded, list | tuple):
        if len(decided) != len(recorded):
            return decided
        return type(decided)(_as_recorded(d, r) for d, r in zip(decided, recorded, strict=True))
    return decided


def _older_form(decided: dict[str, Any], recorded: dict[str, Any]) -> dict[str, Any]:
    """Records whose form changed since histories could hold them, read as they were written:
    a test the GM called impossible (Cybergod) once recorded 0 dice; it now records its pool's
    dice, none rolled. Only that way round: the faces must still agree (none)."""
    if (
        decided.get("impossible") is True
        and recorded.get("impossible") is True
        and recorded.get("dice") == 0
        and decided.get("faces") == recorded.get("faces") == []
    ):
        return {**decided, "dice": 0}
    return decided


class _OutOfFaces(Exception):
    """The command rolled more dice than its events recorded."""


class RecordedDice:
    """Dice that show the faces a command's events recorded: die size by die size, in order,
    where the events say the size; faces recorded without their size serve any die after."""

    def __init__(self, events: Sequence[Event]) -> None:
        self._faces: dict[int | None, list[int]] = {}
        for event in events:
            for sides, face in _faces_in(event.to_data()):
                self._faces.setdefault(sides, []).append(face)

    def roll(self, sides: Sequence[int]) -> tuple[int, ...]:
        faces = []
        for size in sides:
            queue = self._faces.get(size) or self._faces.get(None)
            if not queue:
                raise _OutOfFaces(size)
            face = queue.pop(0)
            if not 1 <= face <= size:
                raise _OutOfFaces(size)  # a d8 never shows 99
            faces.append(face)
        return tuple(faces)


def _size(data: Mapping[str, Any]) -> int | None:
    """A rolled die's size as an event records it: ``sides: 8``, ``die: 8`` or ``die: "d8"``."""
    for key in ("sides", "die", "size"):
        value = data.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, str) and value[:1] in "dD" and value[1:].isdigit():
            return int(value[1:])
    return None


def _ints(values: object) -> list[int]:
    if not isinstance(values, list | tuple):
        return []
    return [v for v in values if isinstance(v, int) and not isinstance(v, bool)]


def dice_in(event: Event) -> list[tuple[int | None, int]]:
    """Every die an event recorded, as (its size where the event says it, its face)."""
    return list(_faces_in(event.to_data()))


def _faces_in(data: object) -> Iterator[tuple[int | None, int]]:
    """Every rolled die in an event's data: an object with a ``face`` (or a list of ``faces``)
    and, where the event says it, their size."""
    if isinstance(data, Mapping):
        face = data.get("face")
        if isinstance(face, int) and not isinstance(face, bool):
            yield _size(data), face
        size = _size(data)
        for face in _ints(data.get("faces")):
            yield size, face
        for key, value in data.items():
            if key != "faces":
                yield from _faces_in(value)
    elif isinstance(data, list | tuple):
        for item in data:
            yield from _faces_in(item)
