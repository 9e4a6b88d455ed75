"""Upgrade steps: the rules that changed under tables already played, so that a command an
earlier version decided can be decided again today exactly as that version did.

``/game import`` decides every recorded command again (``engine.recheck``). When a rule changes
-- a refusal added, a rule read anew -- a command an earlier version made can be refused or
decided otherwise today, and a table played before the change could no longer move. Each such
change is written down here once, and the code that changed keeps its earlier path behind
``Context.before(<upgrade>)``: a recorded command that today's rules do not reproduce is decided
again under the rules of each earlier version in turn (newest first: ``eras``), and taken when
one of them reproduces it exactly.

That admits nothing a table of that version could not have had -- each earlier path is what the
bot itself did then -- and a file edited by hand still decides nothing any version decided, so
it is still refused. ``docs/export-format.md`` gives the reasoning; ``tests/compat/`` holds
tables each earlier version made, and fails when a change breaks one without an upgrade here.

A change of what is *recorded* (a mark added to events, a mod added to a game) needs no step
here: ``engine.recheck`` reads an older record's silence as the default it had.

Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class Upgrade:
    #: A stable name (never reused).
    name: str
    #: When the rule changed: the version, with the date and commit where it came before
    #: versions were numbered.
    since: str
    #: What changed, and what an earlier command keeps (CHANGELOG.md says the same).
    what: str


SCIONS_DOOM_TOTAL = Upgrade(
    "scions-doom-total",
    "0.1.0 (2026-11-26, 795c5ce)",
    "Scions: /doom spend on:total gives way to /doom boost (a die added to the roll itself); "
    "an earlier spend on:total stands as made: the die spent, its face shown to add by hand.",
)
METTLE_DEAD = Upgrade(
    "mettle-dead",
    "0.1.0 (2026-11-26, 7c480a3)",
    "METTLE: the Dead are out of play (R83): death ends Fallen, Staggered, Incapacitated and "
    "stable; an earlier failed Aid stands as decided (Staggered and Fallen lost, Dead gained).",
)
METTLE_STABLE = Upgrade(
    "mettle-stable",
    "0.1.0 (2026-11-26, 15be8d8)",
    'METTLE: a new felling blow ends an earlier Aid\'s "stable" and starts the death clock '
    "again, and stable ends with Staggered above 0 Mettle (R65, D17/D18); an earlier felling "
    "or Aid stands as decided: the character stays stable.",
)
SEALER_UNDO = Upgrade(
    "sealer-undo",
    "0.1.0 (2026-11-26, b1e677a)",
    "NoDice: only its sealer takes back or puts back a sealed commit (G2, G8); an earlier GM's "
    "undo or redo of one stands.",
)
HEAD_GM_UNDO = Upgrade(
    "head-gm-undo",
    "0.1.0 (2026-11-26, 85dd0f0)",
    "Only the GM who runs the table takes back what only that GM may do (hand the table on, "
    "add co-GMs), and a player's command made as a GM only a GM; an earlier undo or redo by "
    "another stands.",
)
GM_RULING_REDO = Upgrade(
    "gm-ruling-redo",
    "0.1.0 (2026-11-23, ff95285)",
    "A GM's undo is a ruling: only a GM puts the command back; an earlier player's redo of one "
    "stands.",
)

ONE_NAME_RULE = Upgrade(
    "one-name-rule",
    "0.2.0",
    "One rule matches every typed name (engine.names.resolve): accents no longer matter and "
    "a command that deletes, ends, removes or hands over something takes no beginning of a "
    "name; an earlier command resolves its names as it did (case-free, a unique beginning or "
    "word, accents kept).",
)

#: Every upgrade, newest first.
UPGRADES: tuple[Upgrade, ...] = (
    ONE_NAME_RULE,
    METTLE_DEAD,
    SCIONS_DOOM_TOTAL,
    METTLE_STABLE,
    SEALER_UNDO,
    HEAD_GM_UNDO,
    GM_RULING_REDO,
)


def eras() -> Iterator[tuple[Upgrade, frozenset[str]]]:
    """The rules of each earlier version, newest first, as the changes they came before: the
    version before the newest change, then before the two newest, and so on -- each with the
    change it is the first to come before (what makes a command decided there stand)."""
    for count in range(1, len(UPGRADES) + 1):
        yield UPGRADES[count - 1], frozenset(upgrade.name for upgrade in UPGRADES[:count])
