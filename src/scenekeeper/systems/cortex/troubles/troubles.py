"""Complications and assets: ``/complication`` and ``/asset``, and the rules every command
that adds or steps one shares.

Cortex p.22, p.27, p.35: no double jeopardy -- a complication of a kind already there steps
that one up instead; a complication stepped past d12 takes the character out; stepping a die
below d4 removes it; an asset steps up to d12 at most.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from scenekeeper.dice import Beyond, Die, step_down, step_up
from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.names import resolve
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.state import TableState
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.roll.choices import roll_in_play
from scenekeeper.systems.cortex.roll.rolls import outcome_of, reading_of
from scenekeeper.systems.cortex.sheets.sheet import Asset, Character, clean_name, die_named
from scenekeeper.systems.cortex.state import character, cortex, may_act_for, own_character
from scenekeeper.systems.cortex.troubles.stepping import StepsOpt, stepped

commands = CommandSet(systems=frozenset({"cortex"}))


def complication_events(
    who: Character, name: str, die: Die, steps: int = 0
) -> tuple[list[Event], str]:
    """Give ``who`` a complication: a new one at ``die`` stepped up ``steps`` times, or, when
    one of that name is there already, that one stepped up once more than ``steps``."""
    existing = who.find_complication(name)
    if existing is not None and die > who.complications[existing]:
        # A larger one of the same kind replaces it, as stress does (docs/rules-notes.md).
        before = who.complications[existing]
        stepped = step_up(die, steps) if steps else die
        label, how = existing, f"{existing} grows from {before}"
    elif existing is not None:
        before = who.complications[existing]
        stepped = step_up(before, 1 + steps)
        label, how = existing, f"{existing} steps up from {before}"
    else:
        stepped = step_up(die, steps) if steps else die
        label = clean_name(name)
        how = f"{label} is a new complication"
    if stepped is Beyond.PAST_D12:
        # Cortex p.22: a complication stepped past d12 takes the character out (one already
        # out -- stressed out, or removed -- stays as they are).
        events: list[Event] = [ev.ComplicationSet(owner=who.name, name=label, die=Die.D12)]
        if who.status != "active":
            return events, f"{who.name}: {how}, past d12 (already out of the scene)."
        reason = f"{label} past d12"
        events.append(ev.StatusChanged(character=who.name, status="taken_out", reason=reason))
        return events, f"{who.name}: {how}, past d12: {who.name} is taken out."
    assert isinstance(stepped, Die)
    joined = "to" if existing is not None else "at"
    return [ev.ComplicationSet(owner=who.name, name=label, die=stepped)], (
        f"{who.name}: {how} {joined} {stepped}."
    )


def _die(text: str | None, default: Die) -> Die:
    return die_named(text) if text else default


@dataclass(frozen=True)
class AddComplication:
    character: Annotated[str, Opt("who is complicated")]
    name: Annotated[str, Opt("what the complication is", max_length=60)]
    die: Annotated[str | None, Opt("its die (default d6)")] = None


@commands.command(
    "complication add",
    help="Give a character a complication (the same one again steps it up: no double jeopardy).",
    permission=Permission.GM,
    examples=('/complication add character:"Ada Lark" name:"Sprained Ankle" die:d6',),
)
def add_complication(ctx: Context, args: AddComplication) -> Decision:
    who = character(ctx, args.character)
    events, line = complication_events(who, args.name, _die(args.die, Die.D6))
    return Decision(events=tuple(events), reply=Reply.say(line))


Step = Literal["stepup", "stepdown", "remove"]


@dataclass(frozen=True)
class ChangeComplication:
    character: Annotated[str, Opt("whose complication")]
    name: Annotated[str, Opt("the complication")]


@dataclass(frozen=True)
class StepComplication:
    character: Annotated[str, Opt("whose complication")]
    name: Annotated[str, Opt("the complication")]
    steps: StepsOpt = 1


def _change_complication(
    ctx: Context, who_name: str, wanted: str, how: Step, times: int = 1
) -> Decision:
    who = character(ctx, who_name)
    # Taking it away takes its whole name (engine.names.resolve).
    whole = "complication remove" if how == "remove" else None
    name = resolve(who.complications, wanted, "complication", whole=whole, option="name")
    if name is None:
        known = ", ".join(who.complications) or "none"
        raise Refusal(f"{who.name} has no complication called {wanted} (complications: {known}).")

    def once(now: TableState) -> tuple[list[Event], list[str]] | None:
        found = cortex(now).find_character(who.name)
        if found is None or name not in found.complications:
            return None
        if how == "stepup":
            if found.status == "taken_out" and found.complications[name] is Die.D12:
                return None  # past d12 already: taken out (Cortex p.22)
            events, line = complication_events(found, name, found.complications[name])
            return events, [line]
        lowered = step_down(found.complications[name]) if how == "stepdown" else Beyond.BELOW_D4
        if isinstance(lowered, Die):
            return [ev.ComplicationSet(owner=who.name, name=name, die=lowered)], [
                f"{who.name}: {name} steps down to {lowered}."
            ]
        # Cortex p.37: a complication stepped below d4 is gone.
        return [ev.ComplicationRemoved(owner=who.name, name=name)], [f"{who.name}: {name} is gone."]

    events, lines = stepped(ctx.require_state(), times, once)
    return Decision(events=tuple(events), reply=Reply.say(*lines))


@commands.command(
    "complication stepup",
    help="Step a complication up (by steps:, one by default; past d12 takes the character out).",
    permission=Permission.GM,
)
def stepup_complication(ctx: Context, args: StepComplication) -> Decision:
    return _change_complication(ctx, args.character, args.name, "stepup", args.steps)


@commands.command(
    "complication stepdown",
    help="Step a complication down (by steps:, one by default; below d4 it is gone).",
    permission=Permission.GM,
)
def stepdown_complication(ctx: Context, args: StepComplication) -> Decision:
    return _change_complication(ctx, args.character, args.name, "stepdown", args.steps)


@commands.command("complication remove", help="Take a complication away.", permission=Permission.GM)
def remove_complication(ctx: Context, args: ChangeComplication) -> Decision:
    return _change_complication(ctx, args.character, args.name, "remove")


DURATIONS = ("beat", "scene", "session", "signature")


@dataclass(frozen=True)
class AddAsset:
    character: Annotated[str, Opt("who has the asset")]
    name: Annotated[str, Opt("what the asset is", max_length=60)]
    die: Annotated[str | None, Opt("its die (default d6)")] = None
    duration: Annotated[str, Opt("how long it lasts", choices=DURATIONS)] = "scene"
    open: Annotated[bool, Opt("true if anyone may use it")] = False


@commands.command(
    "asset add",
    help="Give a character an asset for free (a GM's award, or an effect die from a test); "
    "to buy one with plot points use /pp spend on:asset.",
    summary="Give a character an asset for free: a GM's award, or an effect die from a test.",
    permission=Permission.GM,
    examples=('/asset add character:"Ada Lark" name:"Cover of Darkness" die:d8',),
)
def add_asset(ctx: Context, args: AddAsset) -> Decision:
    who = character(ctx, args.character)
    if who.find_asset(args.name) is not None:
        raise Refusal(
            f"{who.name} has {who.find_asset(args.name)} already; step it with /asset stepup "
            "or /asset stepdown, or remove it first."
        )
    name = clean_name(args.name)
    asset = Asset.model_validate(
        {"die": _die(args.die, Die.D6), "duration": args.duration, "open": args.open}
    )
    return Decision(
        events=(ev.AssetSet(owner=who.name, name=name, asset=asset),),
        reply=Reply.say(f"{who.name}: asset {name} {asset.die} ({_lasting(asset)})."),
    )


@dataclass(frozen=True)
class ChangeAsset:
    character: Annotated[str, Opt("whose asset")]
    name: Annotated[str, Opt("the asset")]


@dataclass(frozen=True)
class StepAsset:
    character: Annotated[str, Opt("whose asset")]
    name: Annotated[str, Opt("the asset")]
    steps: StepsOpt = 1


def _move(die: Die, how: Step, times: int) -> Die | Beyond:
    if how == "stepup":
        return step_up(die, times)
    return step_down(die, times) if how == "stepdown" else Beyond.BELOW_D4


def _change_asset(ctx: Context, who_name: str, wanted: str, how: Step, times: int = 1) -> Decision:
    who = character(ctx, who_name)
    whole = "asset remove" if how == "remove" else None
    name = resolve(who.assets, wanted, "asset", whole=whole, option="name")
    if name is None:
        known = ", ".join(who.assets) or "none"
        raise Refusal(f"{who.name} has no asset called {wanted} (assets: {known}).")
    asset = who.assets[name]
    moved = _move(asset.die, how, times)
    if moved is Beyond.PAST_D12:
        if asset.die is Die.D12:
            raise Refusal(f"{name} is a d12 already; assets go no higher (Cortex p.35).")
        moved = Die.D12  # assets stop at d12 (Cortex p.35)
    if isinstance(moved, Die):
        new = asset.model_copy(update={"die": moved})
        event: Event = ev.AssetSet(owner=who.name, name=name, asset=new)
        return Decision(events=(event,), reply=Reply.say(f"{who.name}: {name} is now {moved}."))
    event = ev.AssetRemoved(owner=who.name, name=name)
    return Decision(events=(event,), reply=Reply.say(f"{who.name}: {name} is gone."))


@commands.command(
    "asset stepup",
    help="Step an asset up (by steps:, one by default; to d12 at most).",
    permission=Permission.GM,
)
def stepup_asset(ctx: Context, args: StepAsset) -> Decision:
    return _change_asset(ctx, args.character, args.name, "stepup", args.steps)


@commands.command(
    "asset stepdown",
    help="Step an asset down (by steps:, one by default; below d4 it is gone).",
    permission=Permission.GM,
)
def stepdown_asset(ctx: Context, args: StepAsset) -> Decision:
    return _change_asset(ctx, args.character, args.name, "stepdown", args.steps)


@commands.command("asset remove", help="Take an asset away.", permission=Permission.GM)
def remove_asset(ctx: Context, args: ChangeAsset) -> Decision:
    return _change_asset(ctx, args.character, args.name, "remove")


def _lasting(asset: Asset) -> str:
    return f"{asset.duration}, open" if asset.open else asset.duration


@dataclass(frozen=True)
class Return:
    character: Annotated[str, Opt("who comes back")]
    complication: Annotated[str | None, Opt("what they come back with (taken out: required)")] = (
        None
    )
    die: Annotated[str | None, Opt("its die, d6 or more (default d6)")] = None


@commands.command(
    "char return",
    help="Bring a taken-out or stressed-out character back into play; back from being taken "
    "out, they carry at least a d6 complication.",
    summary="Bring a taken-out or stressed-out character back into play.",
    permission=Permission.GM,
    examples=('/char return character:"Ada Lark" complication:"Bandaged Ribs"',),
)
def come_back(ctx: Context, args: Return) -> Decision:
    who = character(ctx, args.character)
    if who.status == "active":
        raise Refusal(f"{who.name} is in play already.")
    if who.status == "removed":
        raise Refusal(f"{who.name} is out of the game for good (trauma past d12).")
    events: list[Event] = [
        ev.StatusChanged(character=who.name, status="active", reason="back in play")
    ]
    lines = [f"{who.name} is back in play."]
    if who.status == "taken_out" or args.complication:
        if not args.complication:
            raise Refusal(
                f"Back from being taken out, {who.name} carries a complication: "
                'add complication:"...".'
            )
        die = _die(args.die, Die.D6)
        if die < Die.D6:
            raise Refusal("Coming back from being taken out brings at least a d6 complication.")
        # Cortex p.22: at least d6; an existing one of that name steps up (no double jeopardy).
        made, line = complication_events(who, args.complication, die)
        if any(isinstance(e, ev.StatusChanged) for e in made):
            raise Refusal(f"That steps {args.complication} past d12; choose another complication.")
        events += made
        lines.append(line)
    return Decision(events=tuple(events), reply=Reply.say(*lines))


@dataclass(frozen=True)
class CreateAsset:
    name: Annotated[str, Opt("what the asset is", max_length=60)]
    roll: Annotated[int | None, Opt("the successful test (default: your newest roll)")] = None
    character: Annotated[str | None, Opt("whose test (default: the character you play)")] = None
    duration: Annotated[
        str | None,
        Opt("how long it lasts (default: the game's, a scene in Cortex)", choices=DURATIONS),
    ] = None


@commands.command(
    "asset create",
    help="Make an asset from a successful test: the effect die is the asset (no larger than "
    "the largest difficulty die).",
    summary="Make an asset from a successful test: its effect die becomes the asset.",
    permission=Permission.PLAYER,
    examples=('/asset create name:"Cover of Darkness"',),
)
def create_asset(ctx: Context, args: CreateAsset) -> Decision:
    game = cortex(ctx.require_state())
    who = own_character(ctx, args.character)
    may_act_for(ctx, who)
    roll = roll_in_play(ctx, who, args.roll)
    read = reading_of(roll)
    result = outcome_of(roll, read)
    if result is None or not result.succeeded:
        raise Refusal(f"Roll #{roll.id} is not a successful test, so it makes no asset.")
    if who.find_asset(args.name) is not None:
        raise Refusal(f"{who.name} has {who.find_asset(args.name)} already; step it up instead.")
    die = result.effect if isinstance(result.effect, Die) else Die.D12
    note = ""
    opposition = game.roll_by_id(roll.against_roll) if roll.against_roll is not None else None
    if opposition is not None and opposition.dice:
        # Gaps 1.7: the difficulty dice cap the asset's size.
        cap = max(d.die for d in opposition.dice)
        if die > cap:
            die, note = cap, f" (the difficulty dice cap it at {cap})"
    duration = args.duration or game.rules.effect_asset_duration
    asset = Asset.model_validate({"die": die, "duration": duration})
    name = clean_name(args.name)
    return Decision(
        events=(ev.AssetSet(owner=who.name, name=name, asset=asset),),
        reply=Reply.say(f"{who.name} makes {name} {die} {_span(duration)}{note}."),
    )


def _span(duration: str) -> str:
    return "for one use" if duration == "beat" else f"for the {duration}"
