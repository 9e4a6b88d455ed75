"""Building a Check's pool and Difficulty from the sheets (engine.md, Check Modifiers, Mettle
Surges; characters.md, CONCEPT).

Die bonuses and penalties change the pool; situations change the Difficulty. Penalties from
several sources do not stack (engine.md, Status Effects): the largest of a typed ``penalty:``
and Staggered's negative Mettle counts. Concept may stand in for another Attribute on the
active side if it is higher; Frame is never Checked. A Surge (only while Initiative runs)
spends Mettle for dice: at most Motive, and never down to 0.
"""

from __future__ import annotations

from dataclasses import replace

from scenekeeper.engine.errors import Refusal
from scenekeeper.systems.mettle.checks import Difficulty, Pool, difficulty_named
from scenekeeper.systems.mettle.plan import Plan
from scenekeeper.systems.mettle.sheet import Character, attribute_named, title
from scenekeeper.systems.mettle.state import MettleState, named


def rated(who: Character, attribute: str) -> int:
    if who.rating(attribute) is None:
        raise Refusal(
            f"{who.name} has no {title(attribute)} rating yet: /char set "
            f'character:"{who.name}" attribute:{attribute} value:<1-6>.'
        )
    return who.current(attribute)


def choose(who: Character, default: str, asked: str | None, what: str) -> str:
    """The Attribute a Check rolls: ``default``, or Concept in its place if higher."""
    if asked is None:
        return default
    attribute = attribute_named(asked)
    if attribute == default:
        return default
    if attribute == "frame":
        raise Refusal("Frame is never Checked (characters.md, FRAME); it Soaks and carries.")
    if attribute != "concept":
        raise Refusal(
            f"{what} rolls {title(default)} (or a higher, fitting Concept), not "
            f"{title(attribute)}; leave out pool: or use pool:concept."
        )
    concept, base = rated(who, "concept"), rated(who, default)
    if concept <= base:
        raise Refusal(
            f"Concept stands in only when it is higher: {who.name}'s Concept {concept} is not "
            f"higher than {title(default)} {base}; leave out pool:."
        )
    return "concept"


def attribute_pool(who: Character, attribute: str) -> Pool:
    return Pool(((title(attribute), rated(who, attribute)),))


def with_modifiers(
    pool: Pool, who: Character | None, *, bonus: int, penalty: int, surge: int
) -> Pool:
    pool = pool.plus("bonus", bonus)
    staggered = who.penalty() if who else 0
    if staggered >= penalty:
        pool = pool.plus("Staggered", -staggered)
    else:
        pool = pool.plus("penalty", -penalty)
    return pool.plus("Surge", surge)


def check_surge(game: MettleState, who: Character | None, surge: int) -> None:
    if not surge:
        return
    if who is None:
        raise Refusal("A Surge spends a character's Mettle; name the character: character:<name>.")
    if game.initiative is None:
        raise Refusal("A Mettle Surge works only while Initiative is in play (/order start).")
    most = max(0, min(who.rated("motive"), who.mettle - 1))
    if surge > most:
        raise Refusal(
            f"{who.name} may Surge at most {most}: no more than Motive ({who.rated('motive')}) "
            f"and Mettle ({who.mettle}) must stay above 0."
        )


def roller_difficulty(difficulty: Difficulty, who: Character | None, modifier: int) -> Difficulty:
    """The roller's own conditions: Blinded (+3, checklist D41), a tranquilizer's Dose."""
    difficulty = difficulty.plus("modifier", modifier)
    if who is not None and who.has("blinded"):
        difficulty = difficulty.plus("Blinded", 3)
    if who is not None and who.affliction and who.affliction.kind == "tranquilizer":
        # The raise is the Dose - Frame, and the Dose is the Guide's secret (R154).
        difficulty = difficulty.plus("tranquilizer", who.affliction.raise_by, secret=True)
    return difficulty


def finish(
    plan: Plan, pool: Pool, difficulty: Difficulty | None, *, offbeat: bool
) -> tuple[Pool, Difficulty | None]:
    """The table's mods on a Check's modifiers. Off its Descriptor (or out of character),
    Concept doubles the final Difficulty (characters.md, CONCEPT; checklist D23) -- or, with
    the half-pool-offbeat mod, rolls half its pool, rounded up (guidance.md). With the
    largest-modifier-only mod only the largest bonus and raise count (engine.md)."""
    if plan.mod("largest-modifier-only"):
        kept = Pool(_largest(pool.parts))
        dropped = [p for p in pool.parts if p not in kept.parts]
        pool = kept
        dropped_hidden: tuple[str, ...] = ()
        if difficulty is not None:
            kept_parts = _largest(difficulty.parts)
            hidden = tuple(h for h in difficulty.hidden if h in dict(kept_parts))
            dropped += [p for p in difficulty.parts if p not in kept_parts]
            dropped_hidden = difficulty.hidden
            difficulty = replace(difficulty, parts=kept_parts, hidden=hidden)
        if dropped:
            left_out = ", ".join(
                label if label in dropped_hidden else f"{label} {n:+d}" for label, n in dropped
            )
            plan.say(f"Only the largest modifiers count (largest-modifier-only): not {left_out}.")
    if offbeat and plan.mod("half-pool-offbeat"):
        pool = pool.plus("off the Descriptor", -(pool.dice - (pool.dice + 1) // 2))
    elif offbeat and difficulty is not None:
        difficulty = replace(difficulty, doubled=True)
    return pool, difficulty


def _largest(parts: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
    """The first part (the Attribute or base Difficulty), the largest plus and minus."""
    first, *rest = parts
    ups = [p for p in rest if p[1] > 0]
    downs = [p for p in rest if p[1] < 0]
    kept = [max(ups, key=lambda p: p[1])] if ups else []
    kept += [min(downs, key=lambda p: p[1])] if downs else []
    return (first, *kept)


def against(game: MettleState, text: str) -> Difficulty:
    """``vs:`` as typed: a number, a rung of the ladder, or a character's Attribute ("Thug
    poise", "Thug's Poise"): a passive Difficulty, never rolled."""
    ladder = difficulty_named(text)
    if ladder is not None:
        return ladder
    words = text.replace("'s ", " ").split()
    if len(words) >= 2:
        last = words[-1].casefold()
        try:
            attribute = attribute_named(last)
        except Refusal:
            attribute = None
        if attribute is not None:
            who = named(game, " ".join(words[:-1]))
            return Difficulty(((f"{who.name}'s {title(attribute)}", rated(who, attribute)),))
    raise Refusal(
        f"vs: '{text}' is not a Difficulty: give a number, routine, challenging, daunting, "
        'formidable or nigh-impossible, or a character\'s Attribute like vs:"Thug poise".'
    )
