"""Commands as the table may read them back: the values of options a command declares secret
(``Opt(secret=True)``: a GM's poison Dose and the faces typed for it), of every option of a
command declared secret as a whole (``CommandSpec.secret``: a sealed bid), and of a command
given ``secret:true`` (a GM's secret roll: all but its label) are never shown again -- not in
``/history``, the session log, what ``/undo`` and ``/redo`` answer, a reply's footer, the
console's echo, JSON rows or history file. The record keeps them (an import decides the command
again from them); only the GM's export holds them.
"""

from __future__ import annotations

import re
from typing import Any

from scenekeeper.engine.commands import CommandRegistry, CommandSpec

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
    whole = spec.secret or (
        spec.option("secret") is not None and re.search(r"(?<!\S)secret:true\b", command)
    )
    for option in spec.options:
        if option.meta.secret or (whole and option.name not in _SHOWN_IN_SECRET):
            pattern = rf"(?<!\S){re.escape(option.name)}:{_VALUE}"
            command = re.sub(pattern, f"{option.name}:{SECRET}", command)
    return command


#: What a command given secret:true still shows: that it was secret, and what it was for.
_SHOWN_IN_SECRET = frozenset({"secret", "label"})


def is_secret(spec: CommandSpec[Any], args: object) -> bool:
    """Whether a command as given holds a secret: declared secret as a whole, given
    ``secret:true``, or given a value for an option declared secret. Its answer is private
    from the first byte (Discord) and its values are never echoed (the console)."""
    if spec.secret or getattr(args, "secret", False) is True:
        return True
    return any(o.meta.secret and getattr(args, o.name, None) is not None for o in spec.options)
