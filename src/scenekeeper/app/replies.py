"""A reply in the table's own words: the game's vocabulary, and the note on typed dice."""

from __future__ import annotations

import dataclasses

from scenekeeper.engine.aggregate import Table
from scenekeeper.engine.commands import Decision
from scenekeeper.engine.parse import Invocation
from scenekeeper.engine.systems import GameSystem, get_system
from scenekeeper.engine.typed import typed_note


def words(table: Table, line: str) -> str:
    state = table.state
    return get_system(state.meta.system).translate(line) if state is not None else line


def translated(table: Table, decision: Decision) -> Decision:
    """The reply in the table's game's own words (see ``GameSystem.translate``)."""
    state = table.state
    if state is None:
        return decision
    system = get_system(state.meta.system)
    if type(system).translate is GameSystem.translate:
        return decision  # a game in its own words: nothing to translate (most)
    reply = decision.reply
    text = tuple(system.translate(line) for line in reply.text)
    private = tuple(system.translate(line) for line in reply.private)
    if text == reply.text and private == reply.private:
        return decision
    return dataclasses.replace(
        decision, reply=dataclasses.replace(reply, text=text, private=private)
    )


def marked(decision: Decision, table: Table, invocation: Invocation) -> Decision:
    """A reply to a command whose dice were typed says so, unless the game's own words do; a
    line that used an option's old name is told the new one (``engine.renamed``)."""
    if invocation.notes:
        reply = dataclasses.replace(decision.reply, text=(*decision.reply.text, *invocation.notes))
        decision = dataclasses.replace(decision, reply=reply)
    # Each check below leaves the reply as it is: the cheapest first.
    if not decision.events:
        return decision
    note = typed_note(invocation.args)
    if note is None:
        return decision
    state = table.state
    if state is not None and get_system(state.meta.system).marks_typed_faces:
        return decision
    if isinstance(decision.reply.data, dict) and decision.reply.data.get("typed"):
        return decision  # the reply marks its typed faces in its own words
    reply = dataclasses.replace(decision.reply, text=(*decision.reply.text, note))
    return dataclasses.replace(decision, reply=reply)
