"""NoDice (Joshua DeRoos, Core Rules Alpha, 2026-01-04): the Trine, hidden bids, dominance
loops and the six-step Hand; integer arithmetic only -- nothing here rolls a die (R18).

Rules: ``shared/rules/nodice-core.md`` (the authority) and ``checklists/nodice.md`` (R1-R72,
G1-G12); defaults in the NoDice section of docs/rules-notes.md. Sealed commits are sealed
events (``events``) and secret options (``hand_commands``); the export is refused while any
commit is sealed, and withholds the commits never revealed (``sealing``, G6).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenekeeper.engine.commands import CommandSet
from scenekeeper.engine.controls import Display, View
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.sheets import commands as engine_sheets
from scenekeeper.engine.sheets.rights import declared
from scenekeeper.engine.state import GameState, Person, TableMeta, TableState
from scenekeeper.engine.systems import (
    BoardSection,
    GameSystem,
    Mod,
    Sealing,
    mod_on,
    register_system,
)
from scenekeeper.engine.waits import Wait
from scenekeeper.systems.nodice import (
    conflict_commands,
    evolve,
    hand_commands,
    hand_moves,
    sheet_commands,
)
from scenekeeper.systems.nodice import events as ev
from scenekeeper.systems.nodice import suggest as nodice_suggest
from scenekeeper.systems.nodice import undoing as nodice_undoing
from scenekeeper.systems.nodice import view as nodice_view
from scenekeeper.systems.nodice.conflict_commands import (
    commit_lines,
    face_up_line,
    pot_lines,
    score_lines,
    stack_lines,
    step_text,
)
from scenekeeper.systems.nodice.engagement import CLUSTERS, ENGAGE, engagement_lines
from scenekeeper.systems.nodice.flow import owed_lines
from scenekeeper.systems.nodice.seats import unblock
from scenekeeper.systems.nodice.sheet_schema import SHEET
from scenekeeper.systems.nodice.state import NoDiceState
from scenekeeper.systems.nodice.trine import stakes_text

MODS = (
    Mod(
        conflict_commands.NPC_WILDCARDS,
        "NPCs may have a WR and play Wildcards (the text: an Extension may grant WR to "
        "Featured/Boss NPCs). Off: Wildcards are for PCs only.",
    ),
    Mod(
        CLUSTERS,
        "In big fights the GM splits the Conflict into clusters (Step 1): "
        '/conflict start sides:"Ada | Brute; Bo | Wisp". Only Actors of one cluster oppose '
        "each other; each cluster has its own pot and Jackpot and reveals its own cards.",
    ),
    Mod(
        ENGAGE,
        "The GM changes who is involved, and who opposes whom, between Hands (Step 1): "
        '/conflict engage sides:"Ada | Brute"; Actors left out stand by, new ones join.',
    ),
)

INSTEAD = {
    "roll": "/hand ante and /hand bid (NoDice never rolls a die)",
    "contest start": "/conflict start",
    "order start": "/conflict start",
}


#: The defaults where the text is silent (docs/rules-notes.md, NoDice), for /help.
RULES_IN_FORCE = (
    "The ante is sealed with the TA card; a commit needs an Attribute to bid from after its "
    "own ante (R35, R36).",
    "Won tokens go on any Attribute but a dash, all before that Actor's bid (R41).",
    "A bid is 0 to the AV; face up shows its amount, not the card (R44, R45).",
    "Same TA card, same AD slot, equal Showdowns: ties, no damage (R13, R16, R53).",
    "Nobody wins a TD: the pot is the Jackpot (R40).",
    "Dashes: damage max(1, floor(D x n / 3)); beyond what the TA has is lost (R57, R58).",
    "Forced spreads are applied at once; a GM may spread with points:auto (R59).",
    "/hand fold retreats until the Step-2 reveal; no legal ante at Step 6 is out (R33).",
    "The Conflict ends when no two Actors left oppose each other; AVs return to the sheets (R27, "
    "R67).",
)


#: Events after which no commit of before stands (the Conflict starts, a Hand closes, it ends).
_DISCARDING = frozenset(e.type_name for e in (ev.ConflictStarted, ev.HandClosed, ev.ConflictEnded))


_STEP_OF = {ev.AnteSealed.type_name: "ante", ev.BidSealed.type_name: "bid"}


class NoDiceSystem(GameSystem):
    def display(self, view: View) -> Display:
        return nodice_view.display(view)

    def rules_in_force(self, state: TableState) -> list[str]:
        if state.meta.mods.get(conflict_commands.NPC_WILDCARDS):
            wild = "The npc-wildcards mod is on: NPCs may have a WR and play Wildcards (R11)."
        else:
            wild = "The npc-wildcards mod is off: Wildcards are for PCs only, NPCs have none (R11)."
        clusters = (
            "The clusters mod is on: a GM may split a Conflict into clusters, each with its own "
            "pot and Jackpot, revealed cluster by cluster; the Hand's steps stay one (R28)."
            if mod_on(state, CLUSTERS)
            else "The clusters mod is off: every Actor listed opposes every Actor of another "
            "side (R28)."
        )
        engage = (
            "The engage mod is on: /conflict engage changes who is involved, for this Hand "
            "before its first commit, else from the next Hand (R30)."
            if mod_on(state, ENGAGE)
            else "The engage mod is off: each Hand keeps the engagement minus those out (R30)."
        )
        return [*RULES_IN_FORCE, wild, clusters, engage]

    def describe(self, game: GameState) -> list[str]:
        return [
            "Trine: Mind > Body > Spirit > Mind; AD loops REA > KNO > QUI, STR > FIT > AGI, "
            "WIL > PRE > INT, cross-aspect by the 27-matchup card.",
            "No dice: every outcome is integer arithmetic.",
        ]

    def waits(self, game: GameState) -> list[Wait]:
        assert isinstance(game, NoDiceState)
        c = game.conflict
        if c is None:
            return []
        if c.step == "spread":
            return [
                Wait(line, (d.defender,)) for line, d in zip(owed_lines(c), c.damage, strict=True)
            ]
        command = "/hand ante" if c.step == "ante" else "/hand bid"

        def first(n: str) -> str:  # R41: won tokens are assigned before the bid
            k = c.fighters[n].unassigned if c.step == "bid" else 0
            return (
                f"assign {k} won token{'s' if k != 1 else ''} with /hand assign, then " if k else ""
            )

        return [
            Wait(
                f"{n} to {first(n)}seal with {command}; a GM can {' or '.join(unblock(c, n))}", (n,)
            )
            for n in c.waiting()
        ]

    def board(self, state: TableState) -> tuple[BoardSection, ...]:
        game = state.game
        assert isinstance(game, NoDiceState)
        c = game.conflict
        if c is None:
            return (BoardSection("NoDice", ("No Conflict running.",)),)
        head = f"Hand {c.hand}, {stakes_text(c.es)}, {step_text(c)}"
        face_up = face_up_line(c)
        lines = (
            head,
            *engagement_lines(c),
            *stack_lines(c),
            *pot_lines(c),
            *([face_up] if face_up else []),
        )
        return (
            BoardSection("Conflict", lines),
            BoardSection("Trine Scores", tuple(score_lines(c))),
            BoardSection("Commits", tuple(commit_lines(c))),
        )

    def undoing(
        self, meta: TableMeta, actor: str, events: tuple[Event, ...], *, sealer: bool = True
    ) -> str | None:
        return nodice_undoing.undoing(meta, actor, events, sealer=sealer)

    def redoing(
        self, meta: TableMeta, actor: str, events: tuple[Event, ...], *, sealer: bool = True
    ) -> None:
        nodice_undoing.redoing(meta, actor, events, sealer=sealer)

    def sealed_values(self, game: GameState) -> int:
        assert isinstance(game, NoDiceState)
        return game.conflict.sealed() if game.conflict is not None else 0

    def until_unsealed(self) -> str:
        return "finish the step (every commit in, so it is revealed), or /conflict end"

    def sealing(self, type_name: str, data: Mapping[str, Any]) -> Sealing | None:
        """G6: a commit sits in its Actor's seat until a reveal shows it (a reveal shows every
        standing commit of its step); a retreat, the Hand's close and the Conflict's start or
        end discard what is left unseen. An export withholds the commits never shown."""
        name = data.get("character")
        if type_name == ev.AnteSealed.type_name:
            return Sealing(seat=f"ante {name}", made_by="hand ante")
        if type_name == ev.BidSealed.type_name:
            return Sealing(seat=f"bid {name}", made_by="hand bid")
        if type_name == ev.AspectsRevealed.type_name:
            return Sealing(shows=tuple(f"ante {n}" for n in data.get("cards", {})))
        if type_name == ev.BidsRevealed.type_name:
            return Sealing(shows=tuple(f"bid {n}" for n in data.get("plays", {})))
        if type_name == ev.Retreated.type_name:
            return Sealing(clears=(f"ante {name}", f"bid {name}"))
        if type_name in _DISCARDING:
            return Sealing(clears_all=True)
        return None

    def check_withheld(
        self, state: TableState, actor: Person, type_name: str, kept: Mapping[str, Any]
    ) -> None:
        """A withheld commit was sealed in its step, for an Actor in the Hand, by whoever
        may seal for it (G2), as ``by`` says."""
        game = state.game
        assert isinstance(game, NoDiceState)
        step = _STEP_OF.get(type_name)
        conflict = game.conflict
        if step is None or conflict is None or conflict.step != step:
            raise Refusal(f"no step was open for a {type_name[:40]}")
        name = kept.get("character")
        fighter = conflict.fighters.get(name) if isinstance(name, str) else None
        if fighter is None or fighter.status != "in":
            raise Refusal(f"{str(name)[:40]} was not in the Hand")
        owner = state.meta.owner_of(fighter.name)
        may = owner == actor.id if owner is not None else state.meta.is_gm(actor.id)
        if not may or kept.get("by") != actor.id:
            raise Refusal(f"{fighter.name}'s commit was not {actor.id}'s to seal")

    def export(self, game: GameState) -> dict[str, Any]:
        assert isinstance(game, NoDiceState)
        if game.conflict is not None and game.conflict.sealed():
            # G3: an export made now would carry sealed cards and bids to whoever reads it.
            raise Refusal("A commit is sealed: export after its reveal (or after /conflict end).")
        return game.model_dump(mode="json")


SYSTEM = register_system(
    NoDiceSystem(
        name="nodice",
        inline_roll="",  # NoDice never rolls a die
        title="NoDice",
        state_type=NoDiceState,
        # 2: Jackpots by cluster, engagement and standing by (R28, R30); older snapshots are
        # rebuilt from the events.
        state_version=2,
        summary="NoDice: the Trine, sealed TA cards and bids, dominance loops; no dice.",
        mods=MODS,
        instead=INSTEAD,
        suggested_options=nodice_suggest.SUGGESTED,
        suggester=nodice_suggest.suggest,
        **declared(SHEET),
    )
)
COMMAND_SETS: tuple[CommandSet, ...] = (
    sheet_commands.commands,
    # The shell's /char delete and /char import; /char show is NoDice's own (a Rank is GM-only).
    engine_sheets.for_game("nodice").reused_for("nodice", leaving_out=("char show",)),
    conflict_commands.commands,
    hand_commands.commands,
    hand_moves.commands,
)
__all__ = ["COMMAND_SETS", "SYSTEM", "evolve"]
