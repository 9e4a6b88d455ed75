"""Commands and options that were renamed, and their old names, which keep working.

What people typed, saved in scripts and recorded in histories is an interface: a renamed
command or option answers to its old name in typed lines (with one short line naming the new
one), in console scripts, and in recorded commands that ``/game import`` and ``/game log``
decide again. "Did you mean" offers what an old option name became (``engine.mistyped``).
On Discord only today's names are shown: a slash command is what the bot last synced.

To rename a command: add ``old name: new name`` to ``RENAMED_COMMANDS``; an option: add
``(command, old name): new name`` to ``RENAMED``; and say so in CHANGELOG.md.
"""

from __future__ import annotations

from collections.abc import Mapping

#: Commands renamed since a history could have recorded them, old name -> new name.
RENAMED_COMMANDS: Mapping[str, str] = {
    # Issue 35: a game's commands live under its own names, so that a server is shown only
    # what its tables can use (/game is every table's; these were some games' alone).
    "game stress": "stress types",  # Cortex and Scions
    "game sets": "trait sets",  # Cortex and Scions
    "game act": "scene act",  # Scions
    "game results": "results",  # every table that rolls dice (NoDice's roll none)
    "game mods show": "mods show",  # every game with mods (a dice-only table has none)
    "game mods set": "mods set",
}

#: Options renamed since a history could have recorded them, (command, old name) -> new name
#: (one name per meaning: docs/architecture.md).
RENAMED: Mapping[tuple[str, str], str] = {
    ("doom spend", "note"): "what",
    ("pp spend", "reason"): "what",
    ("history", "limit"): "count",
    # Issue 22: one type per option name across every command.
    ("mods set", "on"): "enabled",  # on: is what a spend buys (/pp spend on:total)
    ("char approval", "on"): "enabled",
    ("xp spend", "on"): "what",  # what a spend buys, in words
    ("char new", "pool"): "npc_pool",  # METTLE's NPC pool (a number); pool: is what to roll
    ("mettle damage", "amount"): "damage",  # a number or a Roll; amount: is a number
    ("mettle damage", "soak"): "soak_with",  # which Soak; soak: is armor's Soak (a number)
    ("save", "dice"): "count",  # how many dice; dice: is dice themselves ("d8 d8")
    ("test", "mod"): "modifier",  # Cybergod's Modifiers; mod: is a mod's name
    ("odds", "mod"): "modifier",
    ("wound add", "scale"): "damage_scale",  # Cybergod's Damage Scale; scale: is scale dice
}


#: Options renamed in one game's version of a command, (game, command, old name) -> new name.
RENAMED_AT: Mapping[tuple[str, str, str], str] = {
    # Issue 32: /char set's first option is trait: at every table (NoDice's took traits:).
    ("nodice", "char set", "traits"): "trait",
}


def old_names(command: str, systems: frozenset[str] | None = None) -> dict[str, str]:
    """A command's old option names, each with what it is called now (``systems``: the games
    whose version of it this is; None: every game's)."""
    found = {old: new for (name, old), new in RENAMED.items() if name == command}
    for (system, name, old), new in RENAMED_AT.items():
        if name == command and (not systems or system in systems):
            found[old] = new
    return found


def renamed_note(command: str, old: str, new: str) -> str:
    """The one line a typed old name gets: the command still runs."""
    return f"({old}: is now {new}: in /{command}; the old name still works.)"


def current_command(name: str) -> str:
    """What the command once called ``name`` is called now (``name`` itself if not renamed)."""
    return RENAMED_COMMANDS.get(name, name)


def renamed_command_note(old: str, new: str) -> str:
    """The one line a typed old command name gets: the command still runs."""
    return f"(/{old} is now /{new}; the old name still works.)"
