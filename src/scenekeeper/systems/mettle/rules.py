"""The twelve Actions (scenes.md, Actions): what each rolls, against what, and who it aims at.

Each rule reads the sheets and the options of ``/act`` and returns a ``Setup``; refusals say
what was wrong (a wrong Attribute, a target in Total Cover, a Rally a status forbids).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from scenekeeper.engine.errors import Refusal
from scenekeeper.systems.mettle.checks import Difficulty, Pool
from scenekeeper.systems.mettle.gear_tables import is_firearm
from scenekeeper.systems.mettle.pools import against, attribute_pool, choose, rated
from scenekeeper.systems.mettle.sheet import UNARMED, Character, Gear, attribute_named, title
from scenekeeper.systems.mettle.state import HeldHit, MettleState, named, names_list, same_side

#: scenes.md, Actions: the twelve, and "other" for a Check the list does not name.
ACTIONS = (
    "aid",
    "attack",
    "defend",
    "know",
    "move",
    "parley",
    "race",
    "rally",
    "rattle",
    "sneak",
    "travel",
    "use",
    "other",
)
#: The Attribute each Action Checks ("FOCUS" in the Scenes page is Concept, gaps 4).
BASE = {
    "aid": "concept",
    "attack": "nature",
    "defend": "poise",
    "know": "concept",
    "move": "poise",
    "parley": "nature",
    "race": "concept",
    "rally": "motive",
    "rattle": "nature",
    "sneak": "poise",
    "travel": "concept",
    "use": "concept",
}


class ActArgs(Protocol):
    @property
    def target(self) -> str | None: ...
    @property
    def pool(self) -> str | None: ...
    @property
    def vs(self) -> str | None: ...
    @property
    def weapon(self) -> str | None: ...
    @property
    def stun(self) -> bool: ...
    @property
    def zones(self) -> int | None: ...


@dataclass(frozen=True)
class Setup:
    """What an Action rolls (None: no Check), against what, and whom it aims at."""

    pool: Pool | None
    difficulty: Difficulty | None
    #: Initiative's target (the target goes next); None for none or a group.
    target: str | None = None
    #: Whose sheets the outcome may change (a Twist puts them back first).
    involved: tuple[str, ...] = ()
    dm: int | None = None
    hit: HeldHit | None = None
    note: str = ""


Rule = Callable[[MettleState, Character, ActArgs], Setup]


def one(game: MettleState, name: str | None, action: str) -> Character:
    if not name:
        raise Refusal(f"{title(action)} needs a target: target:<name>.")
    if "," in name:
        raise Refusal(f"{title(action)} aims at one character; name one in target:.")
    found = named(game, name)
    if found.has("dead") and action != "know":
        raise Refusal(f"{found.name} is dead.")
    return found


def group(game: MettleState, names: str | None, action: str) -> list[Character]:
    if not names:
        raise Refusal(f'{title(action)} needs target:<name> (or a group: target:"Thug, Boss").')
    return [one(game, n.strip(), action) for n in names.split(",") if n.strip()]


def guide_difficulty(
    game: MettleState, args: ActArgs, action: str, *, needed: bool
) -> Difficulty | None:
    if args.vs is None:
        if needed:
            raise Refusal(
                f"{title(action)} is against the Guide's Difficulty: add vs:<number or "
                "routine|challenging|daunting|formidable|nigh-impossible>."
            )
        return None
    return against(game, args.vs)


def no_vs(args: ActArgs, action: str, made_by: str) -> None:
    if args.vs is not None:
        raise Refusal(
            f"{title(action)} is against {made_by}; leave out vs: (modifier: changes it)."
        )


def _pool(who: Character, args: ActArgs, action: str) -> Pool:
    return attribute_pool(who, choose(who, BASE[action], args.pool, title(action)))


def weapon_of(who: Character, name: str | None) -> Gear:
    """The weapon named, the only one carried, or Unarmed when none is."""
    if name is not None:
        found = who.weapon(name)
        if found is None or not found.is_weapon:
            listed = ", ".join(g.name for g in who.weapons()) or "none"
            raise Refusal(
                f"{who.name} has no weapon called {name} (weapons: {listed}; or Unarmed)."
            )
        return found
    weapons = who.weapons()
    if len(weapons) > 1:
        listed = "|".join(g.name for g in weapons)
        raise Refusal(f"{who.name} carries several weapons: add weapon:<{listed}|Unarmed>.")
    return weapons[0] if weapons else UNARMED


def range_step(weapon: Gear, zones: int | None) -> int:
    """scenes.md, Attack; resources.md, Range: +1 Difficulty per Zone past the Range, up to
    twice the Range; Range 0 reaches the next Zone at +1; melee reaches its own Zone."""
    if zones is None or zones == 0:
        return 0
    reach = weapon.range
    if reach is None:
        raise Refusal(f"{weapon.name} strikes in its own Zone only; the target is {zones} away.")
    most = max(2 * reach, 1)
    if zones > most:
        raise Refusal(
            f"{weapon.name} reaches {most} Zone(s) at most (Range {reach}); the target is "
            f"{zones} away."
        )
    return max(0, zones - reach)


def attack(game: MettleState, who: Character, args: ActArgs) -> Setup:
    target = one(game, args.target, "attack")
    no_vs(args, "attack", "the target's Poise")
    if target.name == who.name:
        raise Refusal("An Attack aims at someone else: target:<another character>.")
    if target.statuses.get("total-cover") == 0:
        raise Refusal(
            f"{target.name} is in Total Cover: they cannot be targeted (scenes.md, Cover)."
        )
    weapon = weapon_of(who, args.weapon)
    pool = _pool(who, args, "attack").plus(weapon.name, weapon.hit)
    difficulty = Difficulty(((f"{target.name}'s Poise", rated(target, "poise")),))
    cover = target.statuses.get("partial-cover", 0)
    if "total-cover" in target.statuses:  # popped out: Partial until their next Action
        cover = max(cover, 2)
    difficulty = difficulty.plus("cover", cover)
    if "wrap" not in weapon.specials:
        difficulty = difficulty.plus("shield", sum(g.shield for g in target.gear))
    difficulty = difficulty.plus("range", range_step(weapon, args.zones))
    dm = (weapon.dm or 0) + (who.rated("frame") if weapon.frame_dm else 0)
    hit = HeldHit(
        attacker=who.name,
        target=target.name,
        damage=dm,
        soft="soft" in weapon.specials,
        stun=args.stun,
        stun_weapon="stun" in weapon.specials or "stun-only" in weapon.specials,
        stun_only="stun-only" in weapon.specials,
        firearm=is_firearm(weapon),
    )
    return Setup(pool, difficulty, target.name, (target.name,), dm=dm, hit=hit, note=weapon.name)


def defend(game: MettleState, who: Character, args: ActArgs) -> Setup:
    hit = game.held_hit
    if hit is None:
        raise Refusal(
            "Defend answers a successful Attack, as the very next Action: no hit waits for one."
        )
    no_vs(args, "defend", "the attacker's Nature")
    target = game.find(hit.target)
    if who.name == hit.attacker or target is None:
        raise Refusal(f"{who.name} made the Attack; the target or an ally Defends.")
    if who.name != target.name and not same_side(who, target):
        raise Refusal(
            f"{who.name} is not {target.name}'s ally; only the target or an ally Defends."
        )
    attacker = game.find(hit.attacker)
    weapon = weapon_of(who, args.weapon)
    pool = _pool(who, args, "defend").plus(weapon.name, weapon.hit).plus("Defend", weapon.defend)
    nature = rated(attacker, "nature") if attacker else 0
    difficulty = Difficulty(((f"{hit.attacker}'s Nature", nature),))
    involved = tuple(dict.fromkeys((who.name, target.name)))
    return Setup(pool, difficulty, hit.attacker, involved, hit=hit)


def aid(game: MettleState, who: Character, args: ActArgs) -> Setup:
    patient = one(game, args.target, "aid")
    no_vs(args, "aid", "the patient's Mettle")
    if not (patient.has("staggered") or patient.has("fallen")):
        raise Refusal(f"Aid works only on the Staggered or Fallen; {patient.name} is neither.")
    # scenes.md, Aid: current (0 or negative) Mettle, treated as positive.
    label = f"{patient.name}'s Mettle" + (
        f" {patient.mettle}, as positive" if patient.mettle < 0 else ""
    )
    difficulty = Difficulty(((label, abs(patient.mettle)),))
    return Setup(_pool(who, args, "aid"), difficulty, patient.name, (patient.name,))


def rally(game: MettleState, who: Character, args: ActArgs) -> Setup:
    no_vs(args, "rally", "your own current Mettle")
    blocked = next((s for s in ("staggered", "afflicted", "burning") if who.has(s)), None)
    if blocked:
        raise Refusal(
            f"{who.name} is {title(blocked)} and cannot Rally (engine.md, Status Effects)."
        )
    if who.mettle <= 0:
        raise Refusal(
            f"A Rally cannot restore Mettle at 0 or below (scenes.md, Rally); {who.name} is at "
            f"{who.mettle}: that takes Aid."
        )
    pool = _pool(who, args, "rally")
    passer = (
        game.find(game.initiative.passed_by)
        if game.initiative and game.initiative.passed_by
        else None
    )
    if args.pool is None and passer and passer.name != who.name and same_side(passer, who):
        nature = passer.current("nature")
        if nature > pool.parts[0][1]:
            # scenes.md, Rally: a gracious ally who passed Initiative lends a higher Nature.
            pool = Pool(((f"{passer.name}'s Nature", nature),))
    difficulty = Difficulty(((f"{who.name}'s Mettle", who.mettle),)).plus(
        "Rattled", who.statuses.get("rattled", 0)
    )
    return Setup(pool, difficulty, None, (who.name,))


def rattle(game: MettleState, who: Character, args: ActArgs) -> Setup:
    target = one(game, args.target, "rattle")
    no_vs(args, "rattle", "the target's current Mettle")
    difficulty = Difficulty(((f"{target.name}'s Mettle", max(0, target.mettle)),))
    return Setup(_pool(who, args, "rattle"), difficulty, target.name, (target.name,))


def motive_of_group(game: MettleState, who: Character, args: ActArgs, action: str) -> Setup:
    """Parley and Sneak: against the target's Motive, or the highest Motive of a group."""
    no_vs(args, action, "the highest Motive of those it is aimed at")
    people = group(game, args.target, action)
    best = max(people, key=lambda c: rated(c, "motive"))
    label = f"{best.name}'s Motive" + (
        f" (highest of {names_list([c.name for c in people])})" if len(people) > 1 else ""
    )
    difficulty = Difficulty(((label, rated(best, "motive")),))
    target = people[0].name if len(people) == 1 else None
    return Setup(_pool(who, args, action), difficulty, target, ())


def know(game: MettleState, who: Character, args: ActArgs) -> Setup:
    if args.target:
        no_vs(args, "know", "the person's Motive")
        person = one(game, args.target, "know")
        difficulty = Difficulty(((f"{person.name}'s Motive", rated(person, "motive")),))
        return Setup(_pool(who, args, "know"), difficulty, person.name, ())
    if args.vs is None:
        raise Refusal(
            "Know is against the Guide's Difficulty (vs:<n>) or a person's Motive (target:<name>)."
        )
    return Setup(_pool(who, args, "know"), guide_difficulty(game, args, "know", needed=True))


def by_guide(action: str, *, needed: bool) -> Rule:
    """Move, Race, Travel, Use: against the Guide's Difficulty; Move and Use need no Check
    without one (scenes.md: "usually unchecked")."""

    def rule(game: MettleState, who: Character, args: ActArgs) -> Setup:
        if args.target:
            raise Refusal(f"{title(action)} aims at no one; leave out target:.")
        difficulty = guide_difficulty(game, args, action, needed=needed)
        if difficulty is None:
            return Setup(None, None)
        return Setup(_pool(who, args, action), difficulty)

    return rule


def other(game: MettleState, who: Character, args: ActArgs) -> Setup:
    if args.pool is None:
        raise Refusal(
            "An Action not on the list takes a likely Attribute: pool:<attribute> (and vs:)."
        )
    attribute = attribute_named(args.pool)
    if attribute == "frame":
        raise Refusal("Frame is never Checked (characters.md, FRAME); it Soaks and carries.")
    pool = attribute_pool(who, attribute)
    target = one(game, args.target, "other").name if args.target else None
    return Setup(pool, guide_difficulty(game, args, "other", needed=True), target, ())


RULES: dict[str, Rule] = {
    "aid": aid,
    "attack": attack,
    "defend": defend,
    "know": know,
    "move": by_guide("move", needed=False),
    "parley": lambda g, w, a: motive_of_group(g, w, a, "parley"),
    "race": by_guide("race", needed=True),
    "rally": rally,
    "rattle": rattle,
    "sneak": lambda g, w, a: motive_of_group(g, w, a, "sneak"),
    "travel": by_guide("travel", needed=True),
    "use": by_guide("use", needed=False),
    "other": other,
}
