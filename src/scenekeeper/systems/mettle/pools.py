"""Building a Check's pool and Difficulty from the sheets (engine.md, Check Modifiers, Mettle
Surges; characters.md, CONCEPT).

Die bonuses and penalties change the pool; situations change the Difficulty. Penalties from
several sources do not stack (engine.md, Status Effects): the largest of a typed ``penalty:``
and Staggered's negative Mettle counts. Concept may stand in for another Attribute on the
active side if it is higher; Frame is never Checked. A Surge (only while Initiative runs)
spends Mettle for dice: at most Motive, and never down to 0.
"""

from __future__ import annotations

from scenekeeper.engine.errors import Refusal
from scenekeeper.systems.mettle.checks import Difficulty, Pool, difficulty_named
from scenekeeper.systems.mettle.names import attribute_named, title
from scenekeeper.systems.mettle.sheet import Character
from scenekeeper.systems.mettle.state import MettleState


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


def roller_difficulty(
    difficulty: Difficulty, who: Character | None, modifier: int, offbeat: bool
) -> Difficulty:
    """The roller's own conditions: Blinded (+3, checklist D41), a tranquilizer's Dose."""
    difficulty = difficulty.plus("modifier", modifier)
    if who is not None and who.has("blinded"):
        difficulty = difficulty.plus("Blinded", 3)
    if who is not None and who.affliction and who.affliction.kind == "tranquilizer":
        difficulty = difficulty.plus("tranquilizer", who.affliction.raise_by)
    if offbeat:
        difficulty = Difficulty(difficulty.parts, doubled=True)
    return difficulty


def against(game: MettleState, text: str) -> Difficulty:
    """``vs:`` as typed: a number, a rung of the ladder, or a character's Attribute ("Thug
    poise", "Thug's Poise"): a passive Difficulty, never rolled."""
    named = difficulty_named(text)
    if named is not None:
        return named
    words = text.replace("'s ", " ").split()
    if len(words) >= 2:
        last = words[-1].casefold()
        try:
            attribute = attribute_named(last)
        except Refusal:
            attribute = None
        if attribute is not None:
            who = game.find(" ".join(words[:-1]))
            if who is not None:
                return Difficulty(((f"{who.name}'s {title(attribute)}", rated(who, attribute)),))
    raise Refusal(
        f"vs: '{text}' is not a Difficulty: give a number, routine, challenging, daunting, "
        'formidable or nigh-impossible, or a character\'s Attribute like vs:"Thug poise".'
    )
