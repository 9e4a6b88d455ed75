"""Autocomplete: names that come from the table (characters, traits, assets, complications,
stress types, difficulty levels, rolls in play), by option name.

Pure: a function of the table's state and what has been typed so far; nothing is decided here
(the engine checks whatever is finally sent). Options whose names are new (``/asset add
name:``) get no suggestions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from scenekeeper.adapters.discord.limits import MAX_CHOICE_NAME, MAX_CHOICES
from scenekeeper.engine.commands import CommandRegistry, Option, OptionType
from scenekeeper.engine.state import TableState
from scenekeeper.engine.systems import get_system
from scenekeeper.systems.cortex.pools import LEVELS, opposition_names, pool_names
from scenekeeper.systems.cortex.sheet import DISTINCTIONS, Character, same_name
from scenekeeper.systems.cortex.state import CortexState, RollRecord

DICE = ("d4", "d6", "d8", "d10", "d12")
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


Source = Callable[[TableState, Ask], Iterable[str]]
_CHARACTER_OPTIONS = {"character", "target", "to", "lead"}
#: Options suggested by code of their own below (not from ``_SOURCES``).
_OWN_SOURCES = {"command", "mod", "pool", "roll"}
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


def autocompleted(command: str, option: Option) -> bool:
    """Whether ``/command option:`` gets suggestions."""
    if (command, option.name) in _NEW_NAMES or option.choices:
        return False
    if option.type is OptionType.INTEGER:
        return option.name == "roll"
    if option.type is not OptionType.STRING:
        return False
    return option.name in _CHARACTER_OPTIONS | _LIST_OPTIONS | set(_SOURCES) | _OWN_SOURCES


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
    if ask.option == "mod":
        return _rank((m.name for m in get_system(state.meta.system).mods), ask.current)
    if ask.option in _CHARACTER_OPTIONS:
        return _rank(_characters(state), ask.current)
    if ask.option in _LIST_OPTIONS:
        return _listed(_characters(state), ask.current)
    own = get_system(state.meta.system).suggest(
        state, ask.command, ask.option, ask.given, ask.actor_id
    )
    if own is not None:
        return _rank(own, ask.current)  # the game's own words (METTLE's weapons, ...)
    game = state.game
    if not isinstance(game, CortexState):
        return []
    if ask.option == "roll":
        return _rolls(game, _who(state, game, ask), ask.current)
    if ask.option == "pool":
        return _completed(_pool_words(state, game, ask), ask.current)
    source = _SOURCES.get(ask.option)
    return _rank(source(state, ask), ask.current) if source else []


def _rank(names: Iterable[str], current: str) -> list[Suggestion]:
    """Names containing what is typed (any case), those starting with it first."""
    typed = " ".join(current.split()).casefold()
    unique = list(dict.fromkeys(n for n in names if n and len(n) <= MAX_CHOICE_NAME))
    found = [n for n in unique if typed in n.casefold()]
    found.sort(key=lambda n: not n.casefold().startswith(typed))
    return [(n, n) for n in found[:MAX_CHOICES]]


def _listed(names: Iterable[str], current: str) -> list[Suggestion]:
    """Complete the last name of a comma-separated list."""
    done, comma, last = current.rpartition(",")
    prefix = f"{done.strip()}, " if comma else ""
    chosen = {p.strip().casefold() for p in done.split(",")}
    left = [n for n in names if n.casefold() not in chosen]
    return _whole((f"{prefix}{n}", f"{prefix}{n}") for n in _names(_rank(left, last)))


def _completed(words: Iterable[str], current: str) -> list[Suggestion]:
    """Complete the last word (or words) of a pool like "Fighting Agi"."""
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


def _names(found: list[Suggestion]) -> list[str]:
    return [str(value) for _, value in found]


def _whole(pairs: Iterable[tuple[str, str]]) -> list[Suggestion]:
    found: list[Suggestion] = [(label, value) for label, value in pairs if len(value) <= 100]
    return found[:MAX_CHOICES]


def _characters(state: TableState) -> list[str]:
    known = get_system(state.meta.system).known_characters(state.game)
    return list(known) if known is not None else list(state.meta.owners)


def _who(state: TableState, game: CortexState, ask: Ask) -> Character | None:
    """The character the command is about: the character: given, else the one you play."""
    named = ask.given.get("character")
    if isinstance(named, str) and named.strip():
        return game.find_character(named)
    mine = [c for c, owner in state.meta.owners.items() if owner == ask.actor_id]
    return game.find_character(mine[0]) if len(mine) == 1 else None


def _everyone(game: CortexState, who: Character | None) -> list[Character]:
    return [who] if who is not None else list(game.characters.values())


def _rolls(game: CortexState, who: Character | None, current: str) -> list[Suggestion]:
    rolls = [r for r in reversed(game.rolls) if who is None or same_name(r.roller, who.name)]
    typed = current.strip().lstrip("#")
    found: list[Suggestion] = [
        (f"#{r.id} {r.roller}{_against(r)}", r.id) for r in rolls if typed in str(r.id)
    ]
    return found[:MAX_CHOICES]


def _against(roll: RollRecord) -> str:
    return f" vs {roll.against}"[:60] if roll.against else ""


def _pool_words(state: TableState, game: CortexState, ask: Ask) -> list[str]:
    who = _who(state, game, ask)
    if who is not None and ask.command not in ("gmroll", "crisis roll", "doom roll"):
        # Exactly what this roller's pool accepts, in the words people use for it: an
        # opponent's stress as "Physical" or "Kessler's Physical", open and scene assets.
        return [*pool_names(game, who), *DICE]
    words: list[str] = []
    for person in _everyone(game, who):
        for traits in person.traits.values():
            words += traits
        words += person.assets
        words += [f"{name} stress" for name in person.stress]
    words += game.scene_assets
    return [*words, *DICE]


def _game_of(state: TableState) -> CortexState:
    assert isinstance(state.game, CortexState)
    return state.game


def _named(pick: Callable[[Character], Iterable[str]]) -> Source:
    def source(state: TableState, ask: Ask) -> Iterable[str]:
        game = _game_of(state)
        for person in _everyone(game, _who(state, game, ask)):
            yield from pick(person)

    return source


def _name_option(state: TableState, ask: Ask) -> Iterable[str]:
    game = _game_of(state)
    group = ask.command.split()[0]
    if group == "crisis":
        return list(game.crisis_pools)
    if ask.command == "char sfx remove" or (
        ask.command == "pp spend" and ask.given.get("on") == "sfx"
    ):
        return _named(lambda c: c.sfx)(state, ask)
    if group in ("asset", "complication"):
        return _named(lambda c: c.assets if group == "asset" else c.complications)(state, ask)
    return []


def _vs(state: TableState, ask: Ask) -> Iterable[str]:
    game = _game_of(state)
    levels = [level.replace(" ", "-") for level in LEVELS]
    doom = ["doom"] if state.meta.mods.get("doom-pool") else []
    # The roller's own complications and stress first: they join the difficulty dice when
    # they apply (Cortex p.27, p.39).
    opposition = [
        name
        for name in opposition_names(game, _who(state, game, ask))
        if name.replace(" ", "-") not in levels
    ]
    return [*levels, *doom, *(f"#{r.id}" for r in reversed(game.rolls)), *opposition]


def _die(state: TableState, ask: Ask) -> Iterable[str]:
    game = _game_of(state)
    if ask.command.startswith("doom"):
        return [str(d) for d in sorted(set(game.doom_pool), key=lambda d: d.sides)] or DICE
    if ask.command.startswith("crisis") and isinstance(ask.given.get("name"), str):
        pool = next(
            (d for n, d in game.crisis_pools.items() if same_name(n, str(ask.given["name"]))), ()
        )
        return [str(d) for d in sorted(set(pool), key=lambda d: d.sides)] or DICE
    return DICE


def _roll_dice(state: TableState, ask: Ask) -> Iterable[str]:
    game = _game_of(state)
    wanted = ask.given.get("roll")
    who = _who(state, game, ask)
    roll = (
        game.roll_by_id(wanted)
        if isinstance(wanted, int)
        else (game.latest_roll(who.name) if who else None)
    )
    if roll is None:
        return []
    names = [d.source.split(" (", 1)[0] for d in roll.dice if d.source]
    return [*names, *(str(d.die) for d in roll.dice)]


_SOURCES: dict[str, Source] = {
    "trait": _named(lambda c: [t for traits in c.traits.values() for t in traits]),
    "hinder": _named(lambda c: c.traits.get(DISTINCTIONS, {})),
    "asset": _named(lambda c: c.assets),
    "complication": _named(lambda c: c.complications),
    "push": _named(lambda c: c.stress),
    "trauma": lambda state, ask: [
        *_named(lambda c: c.trauma)(state, ask),
        *_game_of(state).stress_types,
    ],
    "type": lambda state, _ask: _game_of(state).stress_types,
    "stress": lambda state, _ask: _game_of(state).stress_types,
    "set": lambda state, _ask: _game_of(state).trait_sets,
    "name": _name_option,
    "vs": _vs,
    "die": _die,
    "total": _roll_dice,
    "effect": _roll_dice,
}
