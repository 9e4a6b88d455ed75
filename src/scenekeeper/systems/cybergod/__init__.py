"""Cybergod: Reborn: success pools by its core chapter (0x02 Core Mechanics).

Rules: ``shared/rules/cybergod-core-mechanics.md`` (the authority), the corebook facts and
defaults of ``gaps-and-defaults.md`` section 3, and docs/rules-notes.md "Cybergod: Reborn".
Tests are ``/test`` and saves ``/save`` (the game's own words); ``/char``, ``/scene``,
``/pick`` and ``/odds`` are its versions of the shared names.
"""

from __future__ import annotations

from typing import Any

from scenekeeper.engine.commands import CommandSet
from scenekeeper.engine.controls import Display, View
from scenekeeper.engine.sheets import commands as sheet_commands
from scenekeeper.engine.sheets.rights import declared
from scenekeeper.engine.state import GameState, TableState
from scenekeeper.engine.systems import BoardSection, GameSystem, Mod, register_system
from scenekeeper.engine.waits import Wait
from scenekeeper.systems.cybergod import (
    board,
    complications,
    effects,
    evolve,
    odds_commands,
    plain_roll,
    rating,
    resolve,
    saves,
    scenes,
    testing,
    wounds,
)
from scenekeeper.systems.cybergod import suggest as cybergod_suggest
from scenekeeper.systems.cybergod import view as cybergod_view
from scenekeeper.systems.cybergod.export import export_state
from scenekeeper.systems.cybergod.sheet_schema import SHEET
from scenekeeper.systems.cybergod.state import CybergodState

# The order mods apply in is this order (ARCHITECTURE: mods explicit).
MODS = (
    Mod(
        "modifier-cap",
        "Modifiers on one test count at most +-3 dice in all, wound penalties included "
        "(Core Mechanics, Modifiers: they 'should not exceed' that). Off: any net modifier "
        "(10 dice at most).",
        default=True,
    ),
    Mod(
        "resolve",
        "Resolve from Engrams: burn 1 before a test to succeed (/test burn:true), spend 1 after "
        "for a re-roll (/resolve reroll), refreshed by session and downtime (corebook 05).",
        default=True,
    ),
    Mod(
        "wounds",
        "Wound slots by Body: /wound add makes Bruise, Minor (-1D), Major (-2D), Lethal "
        "(dying, Death Saves each round) or Overkill wounds (corebook 07).",
        default=True,
    ),
    Mod(
        "stress",
        "Stress is kept: each failed Mental Save die is 1 Stress and calls for a Stress Save "
        "of the tier's dice; a highest face is a Mental Breakdown (corebook 07).",
        default=True,
    ),
    Mod(
        "stress-per-point",
        "One Stress Save per point of Stress gained (each with the Stress held by then), "
        "instead of one per gain with all the Stress held.",
    ),
)

#: Another game's command at this table -> the Cybergod way (docs/architecture.md).
_OPPOSED = '/test vs:"#<roll>" (an opposed test answers an earlier test)'
_TEST = '/test pool:"Skill x Attribute" vs:<difficulty>'
INSTEAD = {
    "gmroll": "/test pool:4d10 (a GM tests raw dice, or a GM character's sheet with character:)",
    "action": _OPPOSED,
    "react": _OPPOSED,
    "contest start": _OPPOSED,
    "contest roll": _OPPOSED,
    "complication add": '/test complications:"<name> <1-5>" (each test has its own)',
    "stress add": "/save kind:mental count:<n> (Stress comes from Mental Saves)",
    "pp spend": "/test burn:true or /resolve reroll (Resolve)",
    "pp show": "/char show (Resolve is on the sheet)",
    "asset create": '/effect name:"<effect>" cost:<EP> lasts:<duration>',
    "hitch": "/test (a 1 is just a 1: Cybergod has no hitches)",
    "opportunity": "/test (a 1 is just a 1: Cybergod has no hitches)",
    "recover": "/wound heal",
    "order start": "/scene start type:turn-based (Rounds)",
    "order next": "/scene round",
    "check": _TEST,
    "act": _TEST,
}
#: The rest by what does their work here, grouped (every other game's command has a pointer:
#: tests/cybergod/test_instead.py).
_POINTERS: dict[str, tuple[str, ...]] = {
    '/effect (EP from a test buy what an asset would give: /effect name:"..." cost:<EP>)': (
        "asset add",
        "asset remove",
        "asset stepdown",
        "asset stepup",
        "status add",
        "status remove",
    ),
    "/test modifier:<dice> (help and numbers are modifiers on the test)": (
        "assist",
        "assist drop",
        "gang start",
        "gang end",
        "gang knock",
        "team start",
        "team end",
        "team show",
    ),
    "/undo (nothing here waits to be cancelled)": ("cancel",),
    "/char set (a Cybergod sheet is Attributes, Aptitudes, Skills and Engrams)": (
        "char approval",
        "char approve",
        "char backstory",
        "char gear",
        "char remove",
        "char return",
        "char sfx add",
        "char sfx remove",
        "char signature",
        "trait sets",
    ),
    "/test complications: (each test has its own complications)": (
        "complication remove",
        "complication stepdown",
        "complication stepup",
    ),
    _OPPOSED: (
        "contest end",
        "contest givein",
        "contest interfere",
        "contest settle",
        "contest show",
        "contest stand",
        "counter",
    ),
    "/test (the GM opposes with tests of its own; there is no doom or crisis pool)": (
        "crisis add",
        "crisis hit",
        "crisis roll",
        "crisis show",
        "doom add",
        "doom boost",
        "doom distinction",
        "doom reset",
        "doom return",
        "doom roll",
        "doom scene",
        "doom show",
        "doom spend",
        "doom stepdown",
        "doom stepup",
    ),
    "/scene start type:turn-based (Rounds; /scene round moves on)": (
        "drama lead",
        "drama roll",
        "order add",
        "order end",
        "order handoff",
        "order interrupt",
        "order move",
        "order rejoin",
        "order remove",
        "order roll",
        "order show",
        "order split",
        "order wait",
        "timed buy",
        "timed end",
        "timed roll",
        "timed show",
        "timed start",
    ),
    "/scene start (a new scene)": ("scene act",),
    "/save kind:mental (Stress comes from Mental Saves; /scene downtime rests)": (
        "stress types",
        "stress exchange",
        "stress remove",
        "stress rest",
        "stress stepdown",
        "stress stepup",
    ),
    "/wound add (harm is Wounds; /wound heal takes them off)": (
        "mettle damage",
        "mettle set",
        "mettle stagger",
        "mettle take",
        "trauma add",
        "trauma remove",
        "trauma stepdown",
        "trauma stepup",
    ),
    "/resolve reroll (Resolve is Cybergod's spend; /resolve refresh gives it back)": (
        "legend declare",
        "legend die",
        "legend persist",
        "legend shift",
        "pp bank",
        "pp give",
        "pp session",
        "twist",
    ),
    "/scene downtime (what happens between scenes)": (
        "voucher give",
        "voucher spend",
        "xp give",
        "xp show",
        "xp spend",
    ),
}
INSTEAD.update({name: pointer for pointer, names in _POINTERS.items() for name in names})


class CybergodSystem(GameSystem):
    def display(self, view: View) -> Display:
        return cybergod_view.display(view)

    def describe(self, game: GameState) -> list[str]:
        assert isinstance(game, CybergodState)
        return [
            "Tests: Skill x Attribute dice, 5+ one success, 10+ two; Easy 1, Moderate 2, "
            "Hard 3, Very Hard 4 successes (/test).",
        ]

    def board(self, state: TableState) -> tuple[BoardSection, ...]:
        assert isinstance(state.game, CybergodState)
        return board.board(state, state.game)

    def waits(self, game: GameState) -> list[Wait]:
        assert isinstance(game, CybergodState)
        return board.waits(game)

    def export(self, game: GameState) -> dict[str, Any]:
        assert isinstance(game, CybergodState)
        return export_state(game)


SYSTEM = register_system(
    CybergodSystem(
        **declared(SHEET),
        suggester=cybergod_suggest.suggest,
        name="cybergod",
        inline_roll="test pool:",
        title="Cybergod: Reborn",
        state_type=CybergodState,
        summary="Cybergod: Reborn: success pools, Effect Points, complications, saves.",
        mods=MODS,
        instead=INSTEAD,
        suggested_options=cybergod_suggest.SUGGESTED,
    )
)
COMMAND_SETS: tuple[CommandSet, ...] = (
    sheet_commands.for_game("cybergod"),
    rating.commands,
    testing.commands,
    complications.commands,
    effects.commands,
    saves.commands,
    resolve.commands,
    wounds.commands,
    scenes.commands,
    odds_commands.commands,
    plain_roll.commands,
)
__all__ = ["COMMAND_SETS", "SYSTEM", "evolve"]
