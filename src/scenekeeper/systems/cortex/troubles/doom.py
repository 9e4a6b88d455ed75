"""``/doom``: the doom pool (mod). The GM's dice, grown from the players' hitches and spent on
trouble (gaps-and-defaults 1.6).

With the doom pool mod the pool replaces difficulty dice for tests (``vs:doom``: roll the whole
pool, keep two); with Limited Doom Pool tests use normal difficulty and the pool is only spent.
A new session starts it at d6 d6. Spends: a die's face added to a GM total; a die added to a
GMC's pool; a d6 counted as 1 PP; a complication, asset or scene distinction (d8 or larger);
interrupting the action order (a die at least the next PC's largest relevant trait); bringing in
a GMC; splitting the group (d10 or d12); ending the scene (two d12s).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.dice import DiceError, Die, Pool, roll_dice, step_down, step_up
from scenekeeper.engine.commands import CommandSet, Context, Decision, NoOptions, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.quoting import listed, quoted, split_listed
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.systems import mod_on, require_mod
from scenekeeper.engine.upgrades import SCIONS_DOOM_TOTAL
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.procedures.scenes import scene_ended
from scenekeeper.systems.cortex.roll.rolling import gm_dice_roll
from scenekeeper.systems.cortex.roll.terms import Term
from scenekeeper.systems.cortex.sheets.sheet import die_named
from scenekeeper.systems.cortex.state import character, cortex
from scenekeeper.systems.cortex.troubles.stepping import StepsOpt

commands = CommandSet(systems=frozenset({"cortex"}))
#: What a doom die can buy, and the smallest die that buys it (gaps 1.6).
SPENDS: dict[str, tuple[Die, str]] = {
    "total": (Die.D4, "roll it and add its face to a GM total"),
    "gmc-pool": (Die.D4, "add it to a GMC's pool"),
    "pp": (Die.D6, "count it as 1 PP for the GM"),
    "complication": (Die.D8, "create a complication of its size"),
    "asset": (Die.D8, "create a GMC asset of its size"),
    "distinction": (Die.D8, "create a scene distinction"),
    "interrupt": (Die.D4, "interrupt the action order (at least the next PC's largest trait)"),
    "gmc": (Die.D4, "bring in a GMC"),
    "split": (Die.D10, "split the group"),
    "end-scene": (Die.D12, "end the scene (two d12s)"),
}


def _doom_mod(ctx: Context) -> None:
    state = ctx.require_state()
    if not mod_on(state, "limited-doom-pool"):
        require_mod(state, "doom-pool")


def _pool_text(dice: tuple[Die, ...]) -> str:
    return " ".join(str(d) for d in sorted(dice)) or "empty"


@dataclass(frozen=True)
class DoomDice:
    dice: Annotated[str, Opt('dice to add, like "d6" or "d6 d8"')]


@commands.command(
    "doom add",
    help="Add dice to the doom pool.",
    permission=Permission.GM,
    examples=('/doom add dice:"d6 d6"',),
)
def add(ctx: Context, args: DoomDice) -> Decision:
    _doom_mod(ctx)
    game = cortex(ctx.require_state())
    try:
        extra = Pool.parse(args.dice).dice
    except DiceError as error:
        raise Refusal(str(error)) from None
    dice = (*game.doom_pool, *extra)
    return Decision(
        events=(ev.DoomPoolChanged(dice=dice, reason=f"added {_pool_text(extra)}"),),
        reply=Reply.say(f"Doom pool: {_pool_text(dice)}."),
    )


@dataclass(frozen=True)
class DoomDie:
    die: Annotated[str, Opt("which doom die, by size, like d8")]


def take_doom_die(dice: tuple[Die, ...], wanted: str) -> tuple[Die, tuple[Die, ...]]:
    """The doom die named, and the pool without it (refused when the pool has none)."""
    die = die_named(wanted)
    if die not in dice:
        held = f"it holds {_pool_text(dice)}" if dice else "it is empty; /doom add dice:<dice>"
        raise Refusal(f"The doom pool has no {die} ({held}).")
    rest = list(dice)
    rest.remove(die)
    return die, tuple(rest)


@dataclass(frozen=True)
class StepDoomDie:
    die: Annotated[str, Opt("which doom die, by size, like d8")]
    steps: StepsOpt = 1


@commands.command(
    "doom stepup",
    help="Step up one doom die (by steps:, one by default; to d12 at most).",
    permission=Permission.GM,
)
def stepup(ctx: Context, args: StepDoomDie) -> Decision:
    _doom_mod(ctx)
    game = cortex(ctx.require_state())
    die, rest = take_doom_die(game.doom_pool, args.die)
    if die is Die.D12:
        raise Refusal("A d12 doom die cannot step up; add a die instead.")
    higher = step_up(die, args.steps)
    top = higher if isinstance(higher, Die) else Die.D12  # doom dice stop at d12
    dice = (*rest, top)
    return Decision(
        events=(ev.DoomPoolChanged(dice=dice, reason=f"{die} stepped up to {top}"),),
        reply=Reply.say(f"Doom pool: {_pool_text(dice)}."),
    )


@commands.command(
    "doom stepdown",
    help="Step down one doom die (by steps:, one by default; below d4 it leaves the pool).",
    permission=Permission.GM,
)
def stepdown(ctx: Context, args: StepDoomDie) -> Decision:
    _doom_mod(ctx)
    game = cortex(ctx.require_state())
    die, rest = take_doom_die(game.doom_pool, args.die)
    lower = step_down(die, args.steps)
    if isinstance(lower, Die):
        dice, said = (*rest, lower), f"{die} stepped down to {lower}"
    else:
        dice, said = rest, f"{die} stepped down and out of the pool"
    return Decision(
        events=(ev.DoomPoolChanged(dice=dice, reason=said),),
        reply=Reply.say(f"The doom {said}. Doom pool: {_pool_text(dice)}."),
    )


#: Scions: a spent doom d12 rewards the affected players (any command that spends one).
D12Players = Annotated[
    str | None, Opt('a spent d12 (Scions): the affected players\' characters, "Ada, Ben"')
]
D12Reward = Annotated[
    str | None, Opt("a spent d12 (Scions): each gains 1 point or 1 XP", choices=("pp", "xp"))
]


@dataclass(frozen=True)
class DoomSpend:
    die: Annotated[str, Opt("the doom die spent, like d8 (end-scene: d12)")]
    on: Annotated[str, Opt("what it buys", choices=tuple(SPENDS))]
    what: Annotated[str | None, Opt("what happens, as the GM tells it", max_length=120)] = None
    results: Annotated[str | None, Opt("total: the face you rolled for it")] = None
    players: D12Players = None
    reward: D12Reward = None


@commands.command(
    "doom spend",
    help="Spend a doom die: on:total (roll it, add its face), gmc-pool, pp (a d6 = 1 PP), "
    "complication, asset or distinction (d8+), interrupt, gmc, split (d10+), end-scene (d12 d12).",
    summary="Spend a doom die: on a roll's total, a GMC's pool, plot points, an interrupt, ending "
    "the scene.",
    permission=Permission.GM,
    examples=(
        '/doom spend die:d8 on:complication what:"The bridge gives way"',
        "/doom spend die:d12 on:end-scene",
    ),
)
def spend(ctx: Context, args: DoomSpend) -> Decision:
    _doom_mod(ctx)
    game = cortex(ctx.require_state())
    if args.on == "total" and game.rules.doom_boosts and not ctx.before(SCIONS_DOOM_TOTAL):
        # Scions: a doom die adds one of the roll's own dice to a GM roll's total, on the roll
        # (the contest it decides then goes the way the new total says); a face added by hand
        # would leave the table's contest as it was, the die spent for nothing.
        raise Refusal(
            "Here a doom die adds a die to a GM roll's total: /doom boost roll:<number> "
            "on:total die:<doom die>."
        )
    die, rest = take_doom_die(game.doom_pool, args.die)
    smallest, what = SPENDS[args.on]
    if die < smallest:
        raise Refusal(f"{args.on} needs a doom die of {smallest} or larger; {die} is too small.")
    lines = [f"The GM spends a doom {die} to {what}."]
    ended: list[Event] = []
    if args.on == "end-scene":
        # Gaps 1.6: ending the scene takes two d12s -- and it ends.
        if Die.D12 not in rest:
            raise Refusal("Ending the scene takes two d12 doom dice.")
        _, rest = take_doom_die(rest, "d12")
        ended, said = scene_ended(ctx.require_state())
        lines = ["The GM spends two doom d12s to end the scene.", *said]
    reason = f"spent {die} on {args.on}" + (f": {args.what}" if args.what else "")
    lent = (*game.doom_lent, die) if args.on == "gmc-pool" else None
    events: list[Event] = [ev.DoomPoolChanged(dice=rest, reason=reason, lent=lent)]
    if args.on == "total":
        face = roll_dice(ctx.dice, [die.sides], args.results)[0]
        typed = " (typed)" if args.results is not None else ""
        lines.append(f"It shows {face}{typed}: add {face} to the GM's total.")
    if args.on == "pp":
        events.append(ev.GmBankChanged(delta=1, reason=f"doom {die} spent as a plot point"))
    follow = {
        "complication": "Write it on the sheet: /complication add character:<who> "
        f"name:<what> die:{die}",
        "asset": f"Write it on the GMC's sheet: /asset add character:<GMC> name:<what> die:{die}",
        "distinction": "Name the scene distinction; it is in play for the scene.",
        "gmc-pool": f'Add it to the GMC\'s roll: /gmroll character:<GMC> pool:"... {die}"',
    }.get(args.on)
    if follow:
        lines.append(follow if follow.endswith(".") else follow + ".")
    if args.what:
        lines.append(args.what)
    spent_d12s = 2 if args.on == "end-scene" else int(die is Die.D12)
    rewarded, said = d12_rewards(ctx, spent_d12s, args.players, args.reward)
    events += [*rewarded, *ended]
    lines += said
    lines.append(f"Doom pool: {_pool_text(rest)}.")
    return Decision(events=tuple(events), reply=Reply.say(*lines))


def d12_rewards(
    ctx: Context,
    count: int,
    players: str | None,
    reward: str | None,
    *,
    affected: tuple[str, ...] = (),
) -> tuple[list[Event], list[str]]:
    """Scions: every d12 the GM spends gives each affected player 1 point or 1 XP; ``count``
    d12s were spent (none: nothing to reward, or a game without the rule). ``affected``: the
    players' characters the spend plainly affects, when ``players:`` is left out."""
    game = cortex(ctx.require_state())
    if count == 0 or not game.rules.d12_rewards:
        return [], []
    names = (
        [character(ctx, n).name for n in split_listed(players, game.characters)]
        if players
        else list(affected)
    )
    if not names or not reward:
        who = f"players:{quoted(listed(names))} " if names else 'players:"Ada, Ben" '
        raise Refusal(
            f"A spent d12 rewards the affected players: add {who}reward:pp (a point each) or "
            "reward:xp (an XP each)."
        )
    if reward not in ("pp", "xp"):
        raise Refusal("reward: is pp (a point each) or xp (an XP each).")
    who = names[0] if len(names) == 1 else f"{', '.join(names)} each"
    gains = "gains" if len(names) == 1 else "gain"
    per = f"{count} " if count > 1 else "1 "
    why = "for the spent d12" if count == 1 else f"for the {count} spent d12s"
    reason = f"the GM spent {count} doom d12"
    if reward == "xp":
        xp: list[Event] = [ev.XpChanged(character=n, delta=count, reason=reason) for n in names]
        return xp, [f"{who} {gains} {per}XP {why}."]
    events: list[Event] = [
        ev.PlotPointsChanged(character=n, delta=count, reason=reason) for n in names
    ]
    return events, [f"{who} {gains} {per}PP {why}."]


@commands.command("doom show", help="The doom pool's dice.", permission=Permission.ANYONE)
def show(ctx: Context, _args: NoOptions) -> Decision:
    game = cortex(ctx.require_state())
    return Decision(
        reply=Reply.say(
            f"Doom pool: {_pool_text(game.doom_pool)}.", data=[str(d) for d in game.doom_pool]
        )
    )


@dataclass(frozen=True)
class Start:
    dice: Annotated[
        str | None, Opt('bigger stakes: the starting dice, up to four of up to d10, like "d8 d8"')
    ] = None


@commands.command(
    "doom reset",
    help="Start the doom pool afresh at its start (d6 d6 unless set), or set a bigger start "
    "for bigger stakes.",
    permission=Permission.GM,
)
def reset(ctx: Context, args: Start) -> Decision:
    _doom_mod(ctx)
    start = cortex(ctx.require_state()).doom_start_dice()
    chosen = None
    if args.dice is not None:
        try:
            start = Pool.parse(args.dice).dice
        except DiceError as error:
            raise Refusal(str(error)) from None
        # Gaps 2: from the usual 2d6 up to 4d10 for bigger stakes.
        if len(start) > 4 or max(start) > Die.D10:
            raise Refusal('A doom pool starts at up to four dice of up to d10, like "d8 d8 d8".')
        chosen = start
    said = " It starts there from now on." if chosen is not None else ""
    return Decision(
        events=(ev.DoomPoolChanged(dice=start, reason="a fresh start", start=chosen, lent=()),),
        reply=Reply.say(f"Doom pool: {_pool_text(start)}.{said}"),
    )


@dataclass(frozen=True)
class DoomRoll:
    results: Annotated[str | None, Opt("faces rolled, one per doom die, smallest die first")] = None


@commands.command(
    "doom roll",
    help="Roll the whole doom pool as the opposition (keep two for the total), with the game's "
    "scene dice (Scions: d6 d6); players then roll vs:#<its number>, or use vs:doom.",
    summary="Roll the whole doom pool as the opposition (keep two for the total), with the scene "
    "dice.",
    permission=Permission.GM,
)
def roll(ctx: Context, args: DoomRoll) -> Decision:
    state = ctx.require_state()
    require_mod(state, "doom-pool")
    if mod_on(state, "limited-doom-pool"):
        raise Refusal(
            "With the limited doom pool, tests use normal difficulty; doom is only spent."
        )
    game = cortex(state)
    # The same opposition as vs:doom: the pool, plus the game's scene dice (Scions: d6 d6).
    scene = tuple(Term(d, "scene", "dice") for d in game.doom_scene_dice())
    return gm_dice_roll(ctx, tuple(sorted(game.doom_pool)), "doom", args.results, scene)
