"""Scions of the Old Gods: a Cortex Plus hack, played on the Cortex engine.

Everything the hack does not say is Cortex (shared/rules/gaps-and-defaults.md section 2). So
this package holds only what is its own: its set-up (``rules``: trait categories, stress
types, legend points, the doom pool's habits, the Cortex mods it switches on) and the
commands Cortex does not have (``legend``). Every other command is Cortex's own, reused.
"""

from __future__ import annotations

import re
from typing import Any

from scenekeeper.engine.commands import CommandSet
from scenekeeper.engine.sheets.rights import declared
from scenekeeper.engine.state import GameState
from scenekeeper.engine.systems import register_system
from scenekeeper.systems.cortex import COMMAND_SETS as CORTEX_COMMANDS
from scenekeeper.systems.cortex import CortexSystem
from scenekeeper.systems.cortex import suggest as cortex_suggest
from scenekeeper.systems.cortex.sheets.sheet_schema import SHEET
from scenekeeper.systems.cortex.state import CortexState
from scenekeeper.systems.scions import doom_habits, legend
from scenekeeper.systems.scions.rules import MODS, new_state

# Scions' words for Cortex's terms, in every reply.
_WORDS = (
    (re.compile(r"\bplot points\b"), "legend points"),
    (re.compile(r"\bplot point\b"), "legend point"),
    (re.compile(r"\bPP\b"), "legend"),
)


class ScionsSystem(CortexSystem):
    def new_state(self) -> GameState:
        return new_state()

    def translate(self, line: str) -> str:
        for pattern, words in _WORDS:
            line = pattern.sub(words, line)
        return line

    def export(self, game: GameState) -> dict[str, Any]:
        """Cortex's export, with "legend" in place of "pp"."""
        data = super().export(game)
        for sheet in data["characters"].values():
            sheet["legend"] = sheet.pop("pp")
        return data


SYSTEM = register_system(
    ScionsSystem(
        **declared(SHEET),
        suggester=cortex_suggest.suggest,
        name="scions",
        inline_roll="roll pool:",
        marks_typed_faces=True,
        suggested_options=cortex_suggest.SUGGESTED,
        word_options=cortex_suggest.WORD_OPTIONS,
        title="Scions of the Old Gods",
        state_type=CortexState,
        summary="The Cortex hack of Scion: legend points, trauma, the doom pool.",
        mods=MODS,
    )
)
COMMAND_SETS: tuple[CommandSet, ...] = (
    *(c.reused_for("scions", leaving_out=legend.OWN_VERSIONS) for c in CORTEX_COMMANDS),
    legend.commands,
    doom_habits.commands,
)
__all__ = ["COMMAND_SETS", "SYSTEM"]
