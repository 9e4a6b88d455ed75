"""Cortex Prime: the core roll, tests, contests, plot points, and the Prime Scenes chapter.

Rules: ``shared/rules/gaps-and-defaults.md`` section 1 and ``cortex-prime-scenes.md``.
"""

from __future__ import annotations

from typing import Any

from scenekeeper.engine.aggregate import Table
from scenekeeper.engine.commands import CommandSet
from scenekeeper.engine.controls import Display, View
from scenekeeper.engine.sheets import commands as sheet_commands
from scenekeeper.engine.sheets.rights import declared
from scenekeeper.engine.state import GameState
from scenekeeper.engine.systems import GameSystem, Mod, register_system
from scenekeeper.engine.waits import Wait
from scenekeeper.systems.cortex import evolve, waiting
from scenekeeper.systems.cortex import suggest as cortex_suggest
from scenekeeper.systems.cortex import view as cortex_view
from scenekeeper.systems.cortex.board import board as cortex_board
from scenekeeper.systems.cortex.order import (
    action_order,
    actions,
    counter,
    drama,
    initiative,
    order_moves,
)
from scenekeeper.systems.cortex.procedures import contest_outcomes, contests, gang, scenes, timed
from scenekeeper.systems.cortex.procedures.scene_rules import scene_export
from scenekeeper.systems.cortex.roll import hitches, odds_commands, picks, rolling
from scenekeeper.systems.cortex.sheets import drafts, plot_points, trait_commands, xp
from scenekeeper.systems.cortex.sheets.sheet_schema import SHEET
from scenekeeper.systems.cortex.state import CortexState
from scenekeeper.systems.cortex.troubles import (
    crisis,
    doom,
    recovery,
    stress_commands,
    trauma_commands,
    troubles,
)

# The order mods apply in is this order, not registration order (ARCHITECTURE: mods explicit).
MODS = (
    Mod(
        "stress",
        "Harm is stress instead of being taken out: stress types per game, stepped up past "
        "d12 stresses a character out (Cortex p.39).",
        default=True,
    ),
    Mod(
        "trauma",
        "Stressed out gives d6 trauma of that type; while stressed out, more stress goes to "
        "trauma; trauma past d12 is out for good (Cortex p.41).",
        default=True,
    ),
    Mod(
        "pushing-stress",
        "A player may spend 1 PP to add their own stress die to their pool (/roll push:<type>); "
        "it steps up after the roll (Cortex p.40).",
    ),
    Mod(
        "shaken-stricken",
        "Stress lands on traits of one set (/stress types set:): stress larger than the trait "
        "leaves a character shaken (one die for a total); shaken twice or stress past d12 is "
        "stricken, taken out (Cortex p.42).",
    ),
    Mod(
        "taking-initiative",
        "The action order is rolled or rated instead of handed off: everyone rolls, fixed "
        "ratings from two traits, or ratings plus a d6 (/order start method:) (Cortex p.99).",
    ),
    Mod(
        "multi-level-scale",
        "Scale dice from d4 to d12, relative to the opponent's scale and split into smaller "
        "dice at will; still only one extra die kept (roll scale:) (Cortex p.100).",
    ),
    Mod(
        "reaction-effect",
        "Action-based resolution: when a reaction wins, the reactor may pay 1 PP to use its "
        "effect die against the actor (off: a winning reaction only stops the action).",
        default=True,
    ),
    Mod(
        "doom-pool",
        "The GM's doom pool: it replaces difficulty dice for tests (vs:doom), its dice are "
        "spent on trouble, and with hitches-to-doom-pool on hitches feed it (Cortex p.27, /doom).",
    ),
    Mod(
        "limited-doom-pool",
        "Tests use normal difficulty; the doom pool is only spent (Cortex p.27).",
    ),
    Mod(
        "crisis-pools",
        "Pools of dice for local problems, worn down by effect dice (/crisis).",
    ),
    Mod(
        "let-the-dice-fall",
        "The total is always the two highest dice and the effect die the largest left "
        "(Cortex p.17 option). Off: the bot suggests the best total and offers alternatives.",
    ),
    Mod(
        "static-difficulty",
        "Difficulty levels are numbers: very easy 3, easy 7, challenging 11, hard 15, "
        "very hard 19 (Cortex p.25). Off: they are rolled as two dice.",
    ),
    Mod(
        "hitches-to-doom-pool",
        "The GM turns a player's hitches into doom dice (one per hitch, the size of the "
        "hitched die) instead of a complication; the player still earns 1 PP (Cortex p.27).",
    ),
)


class CortexSystem(GameSystem):
    board = cortex_board  # the board of a Cortex table (systems/cortex/board.py)

    def display(self, view: View) -> Display:
        return cortex_view.display(view)

    def control_guard(self, table: Table, guard: str) -> None:
        cortex_view.control_guard(table, guard)

    def describe(self, game: GameState) -> list[str]:
        assert isinstance(game, CortexState)
        return [
            f"Prime trait sets: {', '.join(game.trait_sets)}.",
            f"Stress types: {', '.join(game.stress_types)}.",
        ]

    def waits(self, game: GameState) -> list[Wait]:
        assert isinstance(game, CortexState)
        return waiting.waits(game)

    def export(self, game: GameState) -> dict[str, Any]:
        """The state as documented in docs/export-format.md: every asset reads as its die
        (``"assets": {"Sword": "d8"}``), with how long each lasts beside it."""
        assert isinstance(game, CortexState)
        data = game.model_dump(mode="json")
        data["scene"] = scene_export(game.scene)
        for sheet in data["characters"].values():
            _flatten_assets(sheet, "assets")
        _flatten_assets(data, "scene_assets")
        return data


def _flatten_assets(holder: dict[str, Any], key: str) -> None:
    assets = holder[key]
    holder[key] = {name: asset["die"] for name, asset in assets.items()}
    holder[f"{key.removesuffix('assets')}asset_durations"] = {
        name: asset["duration"] + (", open" if asset["open"] else "")
        for name, asset in assets.items()
    }


SYSTEM = register_system(
    CortexSystem(
        **declared(SHEET),
        suggester=cortex_suggest.suggest,
        name="cortex",
        inline_roll="roll pool:",
        marks_typed_faces=True,
        suggested_options=cortex_suggest.SUGGESTED,
        word_options=cortex_suggest.WORD_OPTIONS,
        title="Cortex Prime",
        state_type=CortexState,
        summary="Cortex Prime: trait pools, plot points, complications, contests.",
        mods=MODS,
    )
)
COMMAND_SETS: tuple[CommandSet, ...] = (
    sheet_commands.for_game("cortex"),
    drafts.commands,
    trait_commands.commands,
    rolling.commands,
    picks.commands,
    plot_points.commands,
    hitches.commands,
    troubles.commands,
    contests.commands,
    contest_outcomes.commands,
    stress_commands.commands,
    trauma_commands.commands,
    recovery.commands,
    doom.commands,
    crisis.commands,
    scenes.commands,
    action_order.commands,
    order_moves.commands,
    initiative.commands,
    odds_commands.commands,
    actions.commands,
    counter.commands,
    timed.commands,
    gang.commands,
    drama.commands,
    waiting.commands,
    xp.commands,
)
__all__ = ["COMMAND_SETS", "SYSTEM", "evolve"]
