"""The authorisation matrix (issue 11): every command in the schema, at a table of every game,
tried by the GM, a co-GM, the owning player, another player, someone not seated and a player
who left -- for their own character and for a GMC. Whatever succeeds must be allowed to that
person: 0 unauthorised writes, 0 unauthorised reads.

Each try starts from the same table (the store is cut back after it), so one command's effects
never decide another's.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from scenekeeper.app import App
from scenekeeper.bootstrap import build_registry
from scenekeeper.engine.commands import CommandSpec, OptionType, Permission
from scenekeeper.engine.systems import system_names
from scenekeeper.store.memory import MemoryStore
from tests.support import GM, TableDriver, make_app, person

ROLES = ("gm", "cogm", "ana", "ben", "zed", "lea")
#: Who each permission lets act (the character named is ana's Ada, or the GMC Thug).
ALLOWED = {
    Permission.ANYONE: set(ROLES),
    Permission.PLAYER: {"gm", "cogm", "ana", "ben"},
    Permission.OWNER: {"gm", "cogm", "ana"},
    Permission.GM: {"gm", "cogm"},
    Permission.HEAD_GM: {"gm"},
}
#: Commands whose character: names someone the command is about, not who acts: anyone
#: permitted may name any character (reading a sheet, the odds of its traits, claiming).
ABOUT_NOT_BY = {"char show", "odds", "game claim"}


@dataclass(frozen=True)
class Setting:
    game: str
    trait_set: str
    stress: str


def build(game: str) -> tuple[App, Setting]:
    driver = TableDriver(app=make_app(MemoryStore(), seed=5))
    driver.do(f"/game new system:{game} name:Matrix")
    for who in ("cogm", "ana", "ben", "lea"):
        driver.do("/game join", who)
    driver.do("/game gm add user:cogm")
    state = driver.app.table("t1").state
    assert state is not None
    sets = getattr(state.game, "trait_sets", ("Attributes",))
    stress = getattr(state.game, "stress_types", ("Physical",))
    setting = Setting(game, sets[1] if len(sets) > 1 else sets[0], stress[0])
    if game != "generic":
        # The same table in every game with sheets; the lines a game words otherwise (its
        # traits, its scenes) are tried one way, then another, and may be left out.
        for name, who in (("Ada", "ana"), ("Brick", "ben"), ("Lee", "lea")):
            driver.do(f"/char new name:{name}", who)
        driver.do("/char new name:Thug gmc:true")
        for name in ("Ada", "Brick", "Lee", "Thug"):
            _first_that_works(
                driver,
                f"/char set character:{name} trait:Agility die:d8 set:{setting.trait_set}",
                f"/char set character:{name} trait:Agility value:d8",
                f"/char set character:{name} trait:Frame value:2",
                f'/char set character:{name} traits:"REA 3 KNO 3 QUI 3 STR 3 FIT 3 AGI 3"',
            )
        _first_that_works(driver, "/scene start type:action", "/scene start")
        _first_that_works(driver, '/roll pool:Agility results:"4"', actor="ana")
        # NoDice: a Conflict in Step 2, so its /hand commands have a Hand to act on.
        _first_that_works(driver, '/conflict start sides:"Ada, Brick | Thug"')
    driver.do("/game leave", "lea")
    return driver.app, setting


def _first_that_works(driver: TableDriver, *lines: str, actor: str = "gm") -> None:
    for line in lines:
        if driver.try_(line, actor).ok:
            return


def value(option: str, kind: OptionType, choices: tuple[str, ...], setting: Setting) -> object:
    if setting.game == "nodice" and option in NODICE:
        return NODICE[option]
    if choices:
        return choices[0]
    if kind is OptionType.INTEGER:
        return 1
    if kind is OptionType.BOOLEAN:
        return "false"
    if kind is OptionType.USER:
        return "ben"
    return {
        "target": "Brick",
        "to": "Brick",
        "lead": "Ada",
        "characters": '"Ada, Brick"',
        "players": '"Ada, Brick"',
        "die": "d8",
        "dice": "d6",
        "size": "d6",
        "pool": "Agility",
        "trait": "Agility",
        "traits": "Agility",
        "set": setting.trait_set,
        "stress": setting.stress,
        "type": setting.stress,
        "types": setting.stress,
        "vs": "hard",
        "mod": "stress",
        "system": "generic",
    }.get(option, "Something")


def lines(spec: CommandSpec[Any], setting: Setting) -> Iterator[tuple[str, str]]:
    """The command as typed, once for each character it may name."""
    has_character = spec.option("character") is not None
    for who in ("Ada", "Thug") if has_character else ("",):
        parts = [f"/{spec.name}"]
        for option in spec.options:
            if option.name == "character":
                parts.append(f"character:{who}")
            elif option.required:
                parts.append(
                    f"{option.name}:{value(option.name, option.type, option.choices, setting)}"
                )
        yield " ".join(parts), who


def allowed(spec: CommandSpec[Any], role: str, character: str) -> bool:
    if role not in ALLOWED[spec.permission]:
        return False
    if not character or spec.name in ABOUT_NOT_BY or role in ("gm", "cogm"):
        return True
    # A player acts only for their own character (ana's Ada), never for a GMC.
    return role == "ana" and character == "Ada"


#: NoDice's sealed and spread options, as a Hand in Step 2 takes them.
NODICE = {"aspect": "Mind", "ante": "QUI", "action": "QUI", "tokens": '"QUI 1"', "points": "auto"}
REGISTRY = build_registry()
GAMES = [g for g in system_names() if g != "scheme-test"]


@pytest.mark.parametrize("game", GAMES)
def test_no_one_does_what_their_seat_does_not_allow(game: str) -> None:
    app, setting = build(game)
    store = app.store
    assert isinstance(store, MemoryStore)
    kept = list(store._events["t1"])
    head = len(kept)
    violations = []
    tried = succeeded = 0
    for name in REGISTRY.names(game):
        spec = REGISTRY.find(name, game)
        assert spec is not None
        if any(o.type is OptionType.ATTACHMENT for o in spec.options) or not spec.needs_table:
            continue  # file commands: tests/engine/test_trust_rights.py; table-less: no seat
        for line, character in lines(spec, setting):
            for role in ROLES:
                actor = GM if role == "gm" else person(role)
                outcome = app.handle("t1", actor, line)
                tried += 1
                wrote = store.head("t1") != head
                if outcome.ok:
                    succeeded += 1
                    if not allowed(spec, role, character):
                        violations.append(f"{role}: {line} -> {outcome.reply.text[:1]}")
                else:
                    assert not wrote, f"{role}: {line} was refused but wrote events"
                    assert not (outcome.error or "").startswith("Something went wrong"), (
                        f"{role}: {line}: {outcome.error}"
                    )
                if wrote:
                    store._events["t1"] = list(kept)
                    app._forget("t1")
    assert violations == []
    assert tried > 50
    print(f"{game}: {tried} tries, {succeeded} allowed and done")
    assert succeeded > 10  # the matrix must exercise real successes, not only refusals


#: What the rule texts give the GM alone (gaps-and-defaults 1.5-1.7, Prime Scenes): a command
#: that changes it must be declared for GMs, whatever else the matrix finds.
GM_ONLY_BY_THE_RULES = {
    "pp give",
    "pp bank",
    "pp session",
    "asset add",
    "asset remove",
    "asset stepup",
    "asset stepdown",
    "complication add",
    "complication remove",
    "complication stepup",
    "complication stepdown",
    "stress remove",
    "stress rest",
    "stress stepdown",
    "trauma add",
    "trauma remove",
    "doom add",
    "doom spend",
    "doom roll",
    "doom reset",
    "doom stepup",
    "crisis add",
    "crisis hit",
    "crisis roll",
    "char delete",
    "char return",
    "scene start",
    "scene end",
    "order start",
    "order end",
    "timed start",
    "timed end",
    "gang start",
    "gang end",
    "trait sets",
    "stress types",
    "hitch",
    "gmroll",
    "drama lead",
    "game export",
    "mods set",
}


@pytest.mark.parametrize("game", ["cortex", "scions"])
def test_what_the_rules_give_the_gm_is_declared_for_gms(game: str) -> None:
    loose = [
        name
        for name in sorted(GM_ONLY_BY_THE_RULES)
        if (spec := REGISTRY.find(name, game)) is not None
        and spec.permission not in (Permission.GM, Permission.HEAD_GM)
    ]
    assert loose == []
    assert all(REGISTRY.find(n, game) is not None for n in ("pp give", "doom add", "hitch"))
