"""The other side of a roll: what it is against (a difficulty level, a number, an opposition
pool, an earlier roll, the doom pool) and what the opposition's dice cost.

Cortex p.25 (difficulty), p.39 (one stress die per target), gaps 1.6 (doom pool).
"""

from __future__ import annotations

import re

from scenekeeper.dice import roll_dice
from scenekeeper.engine.commands import Context
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.kept import KeptByIdentity
from scenekeeper.engine.systems import mod_on
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.roll.pools import BuiltPool, opposition_pool
from scenekeeper.systems.cortex.roll.rolls import GM_ROLLER, make_roll, reading_of
from scenekeeper.systems.cortex.state import CortexState, RollRecord

_ROLL_REF = re.compile(r"#?([0-9]{1,9})")
#: A difficulty typed as a number (ASCII digits: int() reads them all the same).
NUMBER = re.compile(r"-?[0-9]{1,9}")
_TOO_LARGE = re.compile(r"-?[0-9]{10,}")


#: The mods an opposition is read by, kept while the table's set-up (its meta, where the mods
#: are set) is the same object: a roll reads them for its odds line and again to roll it
#: (issue 36).
_MODS: KeptByIdentity[tuple[bool, bool]] = KeptByIdentity(16)


def opposition_mods(ctx: Context) -> tuple[bool, bool]:
    """Static Difficulty (a level is a number), and the doom pool as opposition (the doom-pool
    mod, and not limited-doom-pool)."""
    state = ctx.require_state()
    return _MODS.get_one(
        state.meta,
        lambda: (
            mod_on(state, "static-difficulty"),
            mod_on(state, "doom-pool") and not mod_on(state, "limited-doom-pool"),
        ),
    )


def opposition_of(ctx: Context, game: CortexState, text: str) -> tuple[BuiltPool, int]:
    static, doom = opposition_mods(ctx)
    return opposition_pool(text, game, static=static, doom=doom)


def paid_for_stress(events: list[Event]) -> list[str]:
    lines = [
        f"The GM pays {e.character} {e.delta} PP for the {e.reason}."
        for e in events
        if isinstance(e, ev.PlotPointsChanged) and e.reason.endswith("in the opposition")
    ]
    lines += [
        f"The GM spends {-e.delta} from the bank for {e.reason}."
        for e in events
        if isinstance(e, ev.GmBankChanged) and e.reason.startswith(BOTH_STRESS_AND_TRAUMA)
    ]
    return lines


BOTH_STRESS_AND_TRAUMA = "adding both stress and trauma of "


def extra_stress_cost(game: CortexState, pool: BuiltPool) -> list[Event]:
    """Cortex p.39: one stress die joins the opposition against a character at a time; for
    each more, the GM pays that character's player 1 PP (from the unlimited pile)."""
    per_target: dict[str, int] = {}
    for term in pool.terms:
        if term.kind == "stress" and term.owner and term.owner != "scene":
            per_target[term.owner] = per_target.get(term.owner, 0) + 1
    events: list[Event] = []
    if game.rules.stress_or_trauma:
        both = {t.owner for t in pool.terms if t.kind == "stress"} & {
            t.owner for t in pool.terms if t.kind == "trauma"
        }
        if both and game.gm_bank < len(both):
            raise Refusal(
                f"Stress and trauma of {', '.join(sorted(both))} together cost the GM 1 point each "
                f"and the GM bank has {game.gm_bank}; add one or the other."
            )
        if both:
            reason = BOTH_STRESS_AND_TRAUMA + ", ".join(sorted(both))
            events.append(ev.GmBankChanged(delta=-len(both), reason=reason))
    for owner, count in per_target.items():
        who = game.find_character(owner)
        if count > 1 and who is not None and who.kind == "pc":
            reason = f"{count - 1} extra stress die in the opposition"
            events.append(ev.PlotPointsChanged(character=owner, delta=count - 1, reason=reason))
    return events


def difficulty_of(
    ctx: Context,
    game: CortexState,
    vs: str | None,
    vs_results: str | None,
    roller: str,
) -> tuple[int | None, str, RollRecord | None, list[Event]]:
    """The number to beat, how it reads, the opposition's roll (if dice were rolled), and the
    events recording that roll."""
    if vs is None:
        if vs_results is not None:
            raise Refusal("vs_results: gives faces for vs: dice, but there is no vs:.")
        return None, "", None, []
    text = vs.strip()
    if NUMBER.fullmatch(text):
        if vs_results is not None:
            raise Refusal(f"vs:{text} is a number, so there are no dice for vs_results:.")
        return int(text), f"difficulty {text}", None, []
    if _TOO_LARGE.fullmatch(text):
        raise Refusal(f"vs:{text} is too large; a difficulty number has at most nine digits.")
    reference = _ROLL_REF.fullmatch(text)
    if reference or text.casefold() == "last":
        earlier = _earlier_roll(game, reference.group(1) if reference else None, roller)
        total = reading_of(earlier).total
        return total, f"{earlier.roller}'s roll", earlier, []
    static = opposition_mods(ctx)[0]
    pool, number = opposition_of(ctx, game, text)
    if not pool.terms:
        return number, f"{text} (static)", None, []
    cost = extra_stress_cost(game, pool)
    faces = roll_dice(ctx.dice, tuple(map(int, pool.dice)), vs_results, "vs_results")
    roll_id = game.roll_count + 1
    record = make_roll(
        roll_id,
        "gm",
        GM_ROLLER,
        ctx.actor.id,
        pool,
        faces,
        policy=policy(ctx),
        against=f"difficulty for {roller}",
        typed=vs_results is not None,
    )
    # Static Difficulty (Cortex p.25): a complication joining the opposition is rolled and
    # added to the number; otherwise the opposition's dice make a total like any roll.
    # (A 1 on a complication die is an opportunity, as on any GM die, and adds nothing.)
    if static:
        difficulty = number + sum(d.face for d in record.dice if d.face != 1)
    else:
        difficulty = reading_of(record).total
    return difficulty, text, record, [*cost, ev.Rolled.trusted(roll=record)]


def _earlier_roll(game: CortexState, number: str | None, roller: str) -> RollRecord:
    if number is not None:
        found = game.roll_by_id(int(number))
        if found is None:
            live = ", ".join(f"#{r.id} ({r.roller})" for r in game.rolls) or "none"
            raise Refusal(f"There is no roll #{number} in play (rolls in play: {live}).")
        return found
    others = [r for r in game.rolls if r.roller != roller]
    if not others:
        raise Refusal("There is no earlier roll by anyone else to beat.")
    return max(others, key=lambda r: r.id)


def mod(ctx: Context, name: str) -> bool:
    return mod_on(ctx.require_state(), name)


def policy(ctx: Context) -> str:
    return "fall" if mod(ctx, "let-the-dice-fall") else "best"
