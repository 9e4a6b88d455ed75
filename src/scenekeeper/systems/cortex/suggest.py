"""What a Cortex table suggests as people type (``GameSystem.suggest``): the roller's traits,
assets and complications, the stress types and sets, difficulty levels, rolls in play, the dice
of a roll for ``/pick``, the doom pool's and crisis pools' dice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from scenekeeper.engine.state import TableState
from scenekeeper.engine.systems import Suggested
from scenekeeper.systems.cortex.roll.pools import LEVELS, opposition_names, pool_names
from scenekeeper.systems.cortex.sheets.sheet import DISTINCTIONS, Character, same_name
from scenekeeper.systems.cortex.state import CortexState, RollRecord

DICE = ("d4", "d6", "d8", "d10", "d12")
Source = Callable[[CortexState, "Asked"], Iterable[Suggested]]
#: Options whose value is several names in a row: the last word is completed.
WORD_OPTIONS = frozenset({"pool"})


class Asked:
    """What is being typed: the command, its other options' values, who types."""

    def __init__(
        self, state: TableState, command: str, given: Mapping[str, object], actor_id: str
    ) -> None:
        self.state = state
        self.command = command
        self.given = given
        self.actor_id = actor_id

    def who(self, game: CortexState) -> Character | None:
        """The character the command is about: the character: given, else the one you play."""
        named = self.given.get("character")
        if isinstance(named, str) and named.strip():
            return game.find_character(named)
        mine = [c for c, owner in self.state.meta.owners.items() if owner == self.actor_id]
        return game.find_character(mine[0]) if len(mine) == 1 else None


def suggest(
    state: TableState, command: str, option: str, given: Mapping[str, object], actor_id: str
) -> list[Suggested] | None:
    game = state.game
    if not isinstance(game, CortexState):
        return None
    source = SOURCES.get(option)
    return list(source(game, Asked(state, command, given, actor_id))) if source else None


def _everyone(game: CortexState, who: Character | None) -> list[Character]:
    return [who] if who is not None else list(game.characters.values())


def _named(pick: Callable[[Character], Iterable[str]]) -> Source:
    def source(game: CortexState, asked: Asked) -> Iterable[str]:
        for person in _everyone(game, asked.who(game)):
            yield from pick(person)

    return source


def _rolls(game: CortexState, asked: Asked) -> Iterable[Suggested]:
    who = asked.who(game)
    for roll in reversed(game.rolls):
        if who is None or same_name(roll.roller, who.name):
            yield (f"#{roll.id} {roll.roller}{_against(roll)}", roll.id)


def _against(roll: RollRecord) -> str:
    return f" vs {roll.against}"[:60] if roll.against else ""


def _pool_words(game: CortexState, asked: Asked) -> list[str]:
    who = asked.who(game)
    if who is not None and asked.command not in ("gmroll", "crisis roll", "doom roll"):
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


def _name_option(game: CortexState, asked: Asked) -> Iterable[Suggested]:
    group = asked.command.split()[0]
    if group == "crisis":
        return list(game.crisis_pools)
    if asked.command == "char sfx remove" or (
        asked.command == "pp spend" and asked.given.get("on") == "sfx"
    ):
        return _named(lambda c: c.sfx)(game, asked)
    if group in ("asset", "complication"):
        return _named(lambda c: c.assets if group == "asset" else c.complications)(game, asked)
    return []


def _vs(game: CortexState, asked: Asked) -> Iterable[str]:
    levels = [level.replace(" ", "-") for level in LEVELS]
    doom = ["doom"] if asked.state.meta.mods.get("doom-pool") else []
    # The roller's own complications and stress first: they join the difficulty dice when
    # they apply (Cortex p.27, p.39).
    opposition = [
        name
        for name in opposition_names(game, asked.who(game))
        if name.replace(" ", "-") not in levels
    ]
    return [*levels, *doom, *(f"#{r.id}" for r in reversed(game.rolls)), *opposition]


def _die(game: CortexState, asked: Asked) -> Iterable[str]:
    if asked.command.startswith("doom"):
        return [str(d) for d in sorted(set(game.doom_pool), key=lambda d: d.sides)] or DICE
    name = asked.given.get("name")
    if asked.command.startswith("crisis") and isinstance(name, str):
        pool = next((d for n, d in game.crisis_pools.items() if same_name(n, name)), ())
        return [str(d) for d in sorted(set(pool), key=lambda d: d.sides)] or DICE
    return DICE


def _roll_dice(game: CortexState, asked: Asked) -> Iterable[str]:
    wanted = asked.given.get("roll")
    who = asked.who(game)
    roll = (
        game.roll_by_id(wanted)
        if isinstance(wanted, int)
        else (game.latest_roll(who.name) if who else None)
    )
    if roll is None:
        return []
    names = [d.source.split(" (", 1)[0] for d in roll.dice if d.source]
    return [*names, *(str(d.die) for d in roll.dice)]


SOURCES: dict[str, Source] = {
    "trait": _named(lambda c: [t for traits in c.traits.values() for t in traits]),
    "hinder": _named(lambda c: c.traits.get(DISTINCTIONS, {})),
    "asset": _named(lambda c: c.assets),
    "complication": _named(lambda c: c.complications),
    "push": _named(lambda c: c.stress),
    "trauma": lambda game, asked: [
        *_named(lambda c: c.trauma)(game, asked),
        *game.stress_types,
    ],
    "type": lambda game, _asked: game.stress_types,
    "stress": lambda game, _asked: game.stress_types,
    "set": lambda game, _asked: game.trait_sets,
    "name": _name_option,
    "vs": _vs,
    "die": _die,
    "total": _roll_dice,
    "effect": _roll_dice,
    "roll": _rolls,
    "pool": _pool_words,
}
SUGGESTED = frozenset(SOURCES)
