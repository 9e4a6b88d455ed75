"""METTLE Core (Planarian Games, CC-BY; the SRD revision in ``shared/rules/mettle/``):
Checks of Score and Edge, Mettle, Soak and statuses, volleyball Initiative, the twelve
Actions, Downtime Vouchers.

This revision needs Score > Difficulty (a tie fails). Defaults for what the texts leave open:
``shared/rules/gaps-and-defaults.md`` section 4, the checklist's section 2.15, and the METTLE
section of docs/rules-notes.md.
"""

from __future__ import annotations

from typing import Any

from scenekeeper.engine.aggregate import Table
from scenekeeper.engine.commands import CommandSet
from scenekeeper.engine.controls import Display, View
from scenekeeper.engine.sheets import commands as sheet_commands
from scenekeeper.engine.sheets.rights import declared
from scenekeeper.engine.state import GameState, TableState
from scenekeeper.engine.systems import BoardSection, GameSystem, Mod, register_system
from scenekeeper.engine.waits import Wait
from scenekeeper.systems.mettle import (
    act,
    check_commands,
    downtime,
    evolve,
    mettle_commands,
    odds_commands,
    ongoing,
    order_commands,
    order_moves,
    rating,
    scenes,
    split,
    status_commands,
    team,
    volley,
)
from scenekeeper.systems.mettle import view as mettle_view
from scenekeeper.systems.mettle.board import board, export, waits
from scenekeeper.systems.mettle.plan import PROCEDURES
from scenekeeper.systems.mettle.sheet_schema import SHEET
from scenekeeper.systems.mettle.state import MettleState
from scenekeeper.systems.mettle.suggest import SUGGESTED, suggest

# The order mods apply in is this order (ARCHITECTURE: mods explicit).
MODS = (
    Mod(
        "repeat-twists",
        "A Check may be Twisted again while it still fails with Edge (off: one Twist per Check).",
    ),
    Mod(
        "restagger",
        "Staggered may be taken again after each later felling blow, 1 more damage each time "
        '(METTLE Core, Staggered: "They can do this again").',
        default=True,
    ),
    Mod(
        "rally-cap",
        "A Rally never raises Mettle above its maximum.",
        default=True,
    ),
    Mod(
        "pc-wins-ties",
        "In a race (/team start succeed:first), equal Edge between a player's character and a "
        "GM character goes to the player's.",
        default=True,
    ),
    Mod(
        "free-round-lead",
        "At a new Round the last to act passes Initiative freely (off: their target goes first "
        "if they have an Action).",
    ),
    Mod(
        "half-pool-offbeat",
        "Concept off its Descriptor rolls half its pool (round up) instead of doubling the "
        "Difficulty (guidance.md, Freeform CONCEPT Descriptors).",
    ),
    Mod(
        "largest-modifier-only",
        "Count only the largest bonus and the largest penalty, to the dice and to the "
        "Difficulty (METTLE Core, Check Modifiers: when modifiers get out of hand).",
    ),
    Mod(
        "npc-staggered",
        "GM characters may take Staggered instead of Fallen too (off: only players' characters).",
    ),
    Mod(
        "bp-armor",
        "BP (bulletproof) armor halves the first firearm damage it takes after Soak, then is "
        "ordinary armor (resources.md, Armor).",
        default=True,
        older_tables=False,
    ),
)

_POINTERS = {
    "/act action:<one of the twelve Actions>": ("action",),
    "/act action:defend (the very next Action after a hit)": ("react", "counter"),
    "/team (teamwork: lower pools get +1D)": (
        "assist",
        "assist drop",
        "gang end",
        "gang knock",
        "gang start",
    ),
    "/act action:rally or /act action:aid": ("recover",),
    "/mettle damage (Mettle and Soak) or /status": (
        "stress add",
        "stress remove",
        "stress rest",
        "stress stepdown",
        "stress stepup",
        "stress exchange",
        "stress types",
    ),
    "/status": ("trauma add", "trauma remove", "trauma stepup", "trauma stepdown"),
    "/voucher (Downtime Vouchers)": ("pp bank", "pp give", "pp session", "pp show", "pp spend"),
    "/check pool:<n> vs:<Difficulty> (the Guide's dice)": (
        "doom add",
        "doom reset",
        "doom roll",
        "doom show",
        "doom spend",
        "doom stepup",
        "doom stepdown",
        "doom boost",
        "doom distinction",
        "doom return",
        "doom scene",
        "gmroll",
        "crisis add",
        "crisis hit",
        "crisis roll",
        "crisis show",
    ),
    "/char gear (items add dice: bonus:)": (
        "asset add",
        "asset create",
        "asset remove",
        "asset stepdown",
        "asset stepup",
    ),
    "/status, or /twist for a consequence": (
        "complication add",
        "complication remove",
        "complication stepdown",
        "complication stepup",
    ),
    '/check vs:"<character> <attribute>" (a passive Difficulty)': (
        "contest end",
        "contest givein",
        "contest interfere",
        "contest roll",
        "contest settle",
        "contest show",
        "contest stand",
        "contest start",
    ),
    "/check or /act: a METTLE Check reads itself (Score and Edge)": ("pick",),
    "/twist": ("hitch", "opportunity"),
    "/order start (Rounds of Initiative)": (
        "timed buy",
        "timed end",
        "timed roll",
        "timed show",
        "timed start",
    ),
    "/order start lead:<name> (Initiative is never rolled)": (
        "drama lead",
        "drama roll",
        "order roll",
    ),
    "/act: a character who Waits interrupts with the Action they hold": ("order interrupt",),
    "/char gear remove:true or /char backstory remove:true": ("char remove",),
    "/scene start (Mettle refills at a new Scene)": ("char return", "scene act"),
    "/char backstory": ("char sfx add", "char sfx remove"),
    "/char new (a METTLE character is in play as soon as it is made)": (
        "char approval",
        "char approve",
    ),
    "/char gear (a signature item is gear)": ("char signature",),
    "/char set attribute:<name>": ("trait sets",),
    "/voucher or /xp": ("legend declare", "legend die", "legend persist", "legend shift"),
    "/char show (XP is on the sheet)": ("xp show",),
    "/order rejoin, or /order end then /order start with everyone": ("order add", "order remove"),
    "/undo, or /order end (nothing here waits to be cancelled)": ("cancel",),
}
INSTEAD = {name: pointer for pointer, names in _POINTERS.items() for name in names}


class MettleSystem(GameSystem):
    def display(self, view: View) -> Display:
        return mettle_view.display(view)

    def control_guard(self, table: Table, guard: str) -> None:
        mettle_view.control_guard(table, guard)

    def describe(self, game: GameState) -> list[str]:
        return [
            "Attributes: Concept, Frame, Motive, Nature, Poise; Mettle = Motive + the highest "
            "non-Frame Attribute.",
            "A Check succeeds when its Score beats the Difficulty (a tie fails).",
        ]

    def waits(self, game: GameState) -> list[Wait]:
        assert isinstance(game, MettleState)
        return waits(game)

    def board(self, state: TableState) -> tuple[BoardSection, ...]:
        return board(state)

    def export(self, game: GameState) -> dict[str, Any]:
        assert isinstance(game, MettleState)
        return export(game)


# The steps one part of the rules asks of another (plan.Procedures: no import circle).
PROCEDURES.pass_on = volley.pass_on
PROCEDURES.round_started = ongoing.round_harm

SYSTEM = register_system(
    MettleSystem(
        **declared(SHEET),
        suggester=suggest,
        name="mettle",
        inline_roll="check pool:",
        title="METTLE Core",
        state_type=MettleState,
        summary="METTLE Core: Score and Edge, Mettle, volleyball Initiative, twelve Actions.",
        mods=MODS,
        instead=INSTEAD,
        suggested_options=SUGGESTED,
    )
)
COMMAND_SETS: tuple[CommandSet, ...] = (
    sheet_commands.for_game("mettle"),
    rating.commands,
    check_commands.commands,
    act.commands,
    order_commands.commands,
    order_moves.commands,
    split.commands,
    scenes.commands,
    mettle_commands.commands,
    status_commands.commands,
    team.commands,
    downtime.commands,
    odds_commands.commands,
)
__all__ = ["COMMAND_SETS", "SYSTEM", "evolve"]
