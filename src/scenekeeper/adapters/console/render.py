"""How the console shows an outcome: plain text for people, one JSON object per line for tools."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from scenekeeper.app import Outcome
from scenekeeper.engine.aggregate import Table
from scenekeeper.engine.pace import Reminder, since_text

#: What the table reads of a refused sealed command (G7: its reason goes to the sealer only).
REFUSED_PRIVATELY = "Refused; the reason went to its sender only (it may name a sealed choice)."


def as_text(outcome: Outcome, shared_by: str | None = None, how: str | None = None) -> list[str]:
    """The outcome's lines. ``shared_by``: the screen is shared (the interactive console, where
    anyone may type ``@name``), so nothing private is printed (G11) -- one short line says a
    private answer for that person was withheld; ``how``, where given, says how they read it
    (the console gives it the first time only)."""
    if shared_by is not None:
        return _on_shared_screen(outcome, shared_by, how)
    if not outcome.ok:
        return [f"error: {outcome.error}"]
    lines = list(outcome.reply.text)
    lines.extend(f"(only you) {line}" for line in outcome.reply.private)
    return lines


def withholds(outcome: Outcome) -> bool:
    """Whether a shared screen leaves out part of the outcome: a private answer, or the reason
    for a refusal that may name a sealed choice."""
    if outcome.ok:
        return bool(outcome.reply.private)
    return outcome.secret and outcome.public_error is None


def _on_shared_screen(outcome: Outcome, who: str, how: str | None) -> list[str]:
    if not outcome.ok:
        if not outcome.secret:
            return [f"error: {outcome.error}"]
        if outcome.public_error is not None:
            return [f"error: {outcome.public_error}"]
        lines = [f"error: refused; the reason may name a sealed choice, so only {who} reads it."]
    else:
        lines = list(outcome.reply.text)
        if not outcome.reply.private:
            return lines
        lines.append(f"(a private answer for {who} is not shown here.)")
    if how is not None:
        lines.append(f"({who} reads private answers at a screen of their own: {how})")
    return lines


def as_json(line_no: int, actor: str, outcome: Outcome) -> str:
    """One row for tools. What a command sealed (a secret roll, a sealed bid) is only in the
    actor's own ``private`` and ``private_data``: a sealed event's data is left out of
    ``events`` (its row says what the table reads of it), and ``command_text`` hides secret
    values as /history does. The reason a sealed command was refused is private too (G7): its
    ``error`` and ``text`` only say it was refused -- or say the reason, where it names no
    sealed value (the step that is open, an option left out)."""
    events: list[dict[str, Any]] = [
        {"seq": e.seq, "type": e.event.type_name, "sealed": e.event.describe_sealed()}
        if e.event.sealed()
        else {"seq": e.seq, "type": e.event.type_name, **e.event.to_data()}
        for e in outcome.events
    ]
    private = "\n".join(outcome.reply.private)
    error = outcome.error
    if not outcome.ok and outcome.secret:
        # The reason goes to the sender only, unless it names no sealed value (public_error).
        error, private = outcome.public_error or REFUSED_PRIVATELY, outcome.error or ""
    text = "\n".join(outcome.reply.text) if outcome.ok else error
    document = {
        "line": line_no,
        "actor": actor,
        "command": outcome.command,
        "command_text": outcome.text,
        "ok": outcome.ok,
        "error": error,
        "text": text,
        "events": events,
        "data": outcome.reply.data,
        "private": private,
        "private_data": outcome.reply.private_data,
        # Whom the table now waits for, as the reply tells them (engine.waits).
        "mentions": [{"person": m.person, "line": m.line} for m in outcome.mentions],
    }
    return json.dumps(document, ensure_ascii=False)


def reminder_text(table: Table, reminder: Reminder) -> str:
    """A reminder as the console prints it: whom (and "by DM" for who chose it), since
    when, and what for."""
    state = table.state
    who = state.meta.name_of(reminder.person) if state is not None else reminder.person
    if state is not None and reminder.person in state.meta.reminded_by_dm:
        who += " (by DM)"
    return (
        f"Reminder for {who}: the table has waited for you since "
        f"{since_text(reminder.since)}: {reminder.line}"
    )


def as_reminder_json(line_no: int, reminder: Reminder) -> str:
    """A reminder's row for tools (after the line that made it due, or 0 for ``# later:``)."""
    row = {"line": line_no, "reminder": asdict(reminder)}
    return json.dumps(row, ensure_ascii=False)
