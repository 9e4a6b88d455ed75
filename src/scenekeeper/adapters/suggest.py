"""Autocomplete: names that come from the table, by option name -- the shell's own (commands,
mods, characters) and what the table's game suggests from its state (``GameSystem.suggest``:
Cortex's traits and assets, METTLE's weapons, Cybergod's skills ...).

Pure: a function of the table's state and what has been typed so far; nothing is decided here
(the engine checks whatever is finally sent). Options whose names are new (``/asset add
name:``) get no suggestions. Nothing here knows a game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from scenekeeper.adapters.discord.limits import MAX_CHOICE_NAME, MAX_CHOICES
from scenekeeper.engine.commands import CommandRegistry, Option, OptionType
from scenekeeper.engine.state import TableState
from scenekeeper.engine.systems import Suggested, get_system, system_names

Suggestion = tuple[str, str | int]


@dataclass(frozen=True)
class Ask:
    """One autocomplete request: the command, the option being typed, what is typed so far,
    the other options' values, and who asks."""

    command: str
    option: str
    current: str
    given: Mapping[str, object]
    actor_id: str
    registry: CommandRegistry | None = None


_CHARACTER_OPTIONS = {"character", "target", "to", "lead"}
_SHELL_OPTIONS = {"command", "mod"}
_LIST_OPTIONS = {"against", "characters"}  # comma-separated names
#: (command, option) pairs that name something new: nothing to suggest.
_NEW_NAMES = {
    ("asset add", "name"),
    ("asset create", "name"),
    ("complication add", "name"),
    ("char new", "name"),
    ("char sfx add", "name"),
    ("crisis add", "name"),
    ("game new", "name"),
    ("game claim", "character"),
}


def _games_suggest() -> set[str]:
    return {o for name in system_names() for o in get_system(name).suggested_options}


def autocompleted(command: str, option: Option) -> bool:
    """Whether ``/command option:`` gets suggestions (any game's, or the shell's own)."""
    if (command, option.name) in _NEW_NAMES or option.choices:
        return False
    games = _games_suggest()
    if option.type is OptionType.INTEGER:
        return option.name in games
    if option.type is not OptionType.STRING:
        return False
    return option.name in _CHARACTER_OPTIONS | _LIST_OPTIONS | _SHELL_OPTIONS | games


def suggestions(state: TableState | None, ask: Ask) -> list[Suggestion]:
    """At most 25 suggestions for what is typed, best first; only what the table's game uses
    (Discord shows one command for every game's version: docs/architecture.md, rule 5)."""
    if (ask.command, ask.option) in _NEW_NAMES:
        return []
    system = state.meta.system if state else None
    if ask.option == "command" and ask.registry is not None:
        return _rank(ask.registry.names(system), ask.current)
    if state is None:
        return []
    if ask.registry is not None:
        spec = ask.registry.find(ask.command, system)
        if spec is None or spec.option(ask.option) is None:
            return []  # another game's command or option: nothing of this table fits
    game = get_system(state.meta.system)
    if ask.option == "mod":
        return _rank((m.name for m in game.mods), ask.current)
    if ask.option in _CHARACTER_OPTIONS:
        return _rank(_characters(state), ask.current)
    if ask.option in _LIST_OPTIONS:
        return _listed(_characters(state), ask.current)
    # What is typed so far is the option's own value (Discord's namespace has it; the console
    # gives it apart): a game completing the last item of a list reads it there.
    given = {**ask.given, ask.option: ask.current}
    own = game.suggest(state, ask.command, ask.option, given, ask.actor_id)
    if own is None:
        return []
    if ask.option in game.word_options:
        return _completed((str(s) for s in own if isinstance(s, str)), ask.current)
    return _rank(own, ask.current)


def _rank(names: Iterable[Suggested], current: str) -> list[Suggestion]:
    """Names containing what is typed (any case), those starting with it first; a (label,
    value) pair is matched on its label and its value."""
    typed = " ".join(current.split()).casefold()
    pairs: dict[str, Suggestion] = {}
    for name in names:
        label, value = (name, name) if isinstance(name, str) else name
        if label and len(label) <= MAX_CHOICE_NAME and label not in pairs:
            pairs[label] = (label, value)
    found = [p for p in pairs.values() if typed in p[0].casefold() or typed == str(p[1])]
    found.sort(key=lambda p: not p[0].casefold().startswith(typed))
    return found[:MAX_CHOICES]


def _listed(names: Iterable[str], current: str) -> list[Suggestion]:
    """Complete the last name of a comma-separated list."""
    done, comma, last = current.rpartition(",")
    prefix = f"{done.strip()}, " if comma else ""
    chosen = {p.strip().casefold() for p in done.split(",")}
    left = [n for n in names if n.casefold() not in chosen]
    return _whole((f"{prefix}{v}", f"{prefix}{v}") for v in _values(_rank(left, last)))


def _completed(words: Iterable[str], current: str) -> list[Suggestion]:
    """Complete the last word (or words) of a value like "Fighting Agi"."""
    words = list(words)
    typed = current.split()
    found: list[str] = []
    for start in range(len(typed) + 1):
        head, tail = " ".join(typed[:start]), " ".join(typed[start:]).casefold()
        for word in words:
            if word.casefold().startswith(tail) and word.casefold() != tail:
                found.append(f"{head} {word}".strip())
        if found:
            break
    if current.strip() and not found:
        found = [current.strip()]
    return _whole((f, f) for f in dict.fromkeys(found))


def _values(found: list[Suggestion]) -> list[str]:
    return [str(value) for _, value in found]


def _whole(pairs: Iterable[tuple[str, str]]) -> list[Suggestion]:
    found: list[Suggestion] = [(label, value) for label, value in pairs if len(value) <= 100]
    return found[:MAX_CHOICES]


def _characters(state: TableState) -> list[str]:
    known = get_system(state.meta.system).known_characters(state.game)
    return list(known) if known is not None else list(state.meta.owners)
