"""Commands as the table may read them back: the values of options a command declares secret
(``Opt(secret=True)``: a GM's poison Dose and the faces typed for it) are never shown again --
not in ``/history``, the session log, or what ``/undo`` and ``/redo`` answer. The record keeps
them (an import decides the command again from them); only the GM's export holds them.
"""

from __future__ import annotations

import re

from scenekeeper.engine.commands import CommandRegistry

SECRET = "(secret)"
#: A value as a recorded command writes it: "in quotes" (with \" escapes) or one word.
_VALUE = r'(?:"(?:[^"\\]|\\.)*"|\S+)'


def shown(command: str, registry: CommandRegistry, system: str | None) -> str:
    """``command`` (as recorded) with its secret options' values hidden."""
    words = command.removeprefix("/").split()
    for end in range(min(len(words), registry.max_words()), 0, -1):
        spec = registry.find(" ".join(words[:end]), system)
        if spec is not None:
            break
    else:
        return command
    for option in spec.options:
        if option.meta.secret:
            pattern = rf"(?<!\S){re.escape(option.name)}:{_VALUE}"
            command = re.sub(pattern, f"{option.name}:{SECRET}", command)
    return command
