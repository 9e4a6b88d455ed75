"""Harm that goes on by itself each Round: poison and tranquilizers (scenes.md, Affliction)
and fire on the Burning (scenes.md, Fire).

Checklist D34: an affliction's damage has no Soak and ticks at the start of each new Round (a
disease's daily damage is the Guide's, with /mettle damage); D39: the Burning take the same
dice again each Round, soaked by Frame and armor.
"""

from __future__ import annotations

from scenekeeper.engine.core.events import DiceRolled, RolledDie
from scenekeeper.systems.mettle import events as ev
from scenekeeper.systems.mettle.damage import harm, soak_of
from scenekeeper.systems.mettle.plan import Plan

SIDES = 6


def round_harm(plan: Plan) -> None:
    for name in list(plan.game.characters):
        who = plan.get(name)
        if who.has("dead"):
            continue
        sick = who.affliction
        if sick is not None and sick.kind != "disease" and sick.left > 0:
            harm(plan, name, 1, soak=None, source=f"{sick.kind.capitalize()}")
            left = sick.model_copy(update={"left": sick.left - 1})
            plan.add(ev.AfflictionChanged(character=name, affliction=left))
            if left.left <= 0:
                plan.say(f"The {sick.kind} in {name} has run its course.")
        dice = plan.get(name).statuses.get("burning", 0)
        if dice > 0:
            faces = plan.ctx.dice.roll([SIDES] * dice)
            shown = " ".join(str(f) for f in faces)
            # Every face is recorded, even when no damage gets through Soak.
            plan.add(
                DiceRolled(
                    expression=f"{dice}d{SIDES}",
                    dice=tuple(RolledDie(sides=SIDES, face=f) for f in faces),
                    total=sum(faces),
                    by=name,
                    label="Burning",
                )
            )
            harm(
                plan,
                name,
                sum(faces),
                soak=soak_of(plan.get(name)),
                source=f"Burning {dice}d6 ({shown})",
            )
