"""``/game``: starting a table, taking seats, and the GM and co-GM roles."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.engine.commands import CommandSet, Context, Decision, NoOptions, Opt, Permission
from scenekeeper.engine.core.events import (
    CharacterReleased,
    CoGmAdded,
    CoGmRemoved,
    PlayerJoined,
    PlayerLeft,
    TableCreated,
)
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.pace import waiting_since
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.state import Person
from scenekeeper.engine.systems import get_system, system_names

commands = CommandSet()


@dataclass(frozen=True)
class NewGame:
    system: Annotated[str, Opt("the game this table plays", choices=system_names)]
    name: Annotated[str | None, Opt("a name for the table", max_length=80)] = None


@commands.command(
    "game new",
    help="Start a game at this table; you become its GM.",
    permission=Permission.ANYONE,
    needs_table=False,
    examples=('/game new system:generic name:"Friday one-shot"',),
)
def new_game(ctx: Context, args: NewGame) -> Decision:
    if ctx.state is None and ctx.table.seq > 0:
        # An ended table is an archive (engine/core/lifecycle.py); on Discord the channel
        # moves on to a fresh table by itself.
        raise Refusal(
            "This table's game has ended and is kept as an archive; start the new game at "
            "another table (--table at the console)."
        )
    if ctx.state is not None:
        meta = ctx.state.meta
        raise Refusal(
            f"This table already plays '{meta.name}' ({meta.system}), run by "
            f"{meta.name_of(meta.gm)}. Use another channel (or --table at the console) "
            "for a new game."
        )
    system = get_system(args.system)
    name = args.name or ctx.table_id
    event = TableCreated(
        system=system.name,
        name=name,
        gm=ctx.actor.id,
        gm_name=ctx.actor.name,
        mods=dict(system.default_mods),
        game=system.new_state().model_dump(mode="json"),
    )
    return Decision(
        events=(event,),
        reply=Reply.say(
            f"New table '{name}' plays {system.title}. {ctx.actor.name} is the GM.",
            "Players: type /game join to take a seat.",
        ),
    )


@commands.command(
    "game join", help="Take a seat at this table as a player.", permission=Permission.ANYONE
)
def join(ctx: Context, _args: NoOptions) -> Decision:
    meta = ctx.require_state().meta
    who = ctx.actor
    if who.id == meta.gm:
        raise Refusal(f"{who.name}, you are this table's GM already; GMs need not join.")
    if who.id in meta.players:
        raise Refusal(f"{who.name}, you are at this table already.")
    return Decision(
        events=(PlayerJoined(player=who.id, name=who.name),),
        reply=Reply.say(f"{who.name} joins '{meta.name}' as a player."),
    )


@commands.command(
    "game leave", help="Give up your seat at this table.", permission=Permission.PLAYER
)
def leave(ctx: Context, _args: NoOptions) -> Decision:
    meta = ctx.require_state().meta
    who = ctx.actor
    if who.id not in meta.players:
        raise Refusal(f"{who.name}, you have no player seat to leave here.")
    # Leaving gives up the characters too: nobody who has left may still act for them.
    played = sorted(c for c, owner in meta.owners.items() if owner == who.id)
    lines = [f"{who.name} leaves '{meta.name}'."]
    if played:
        lines.append(
            f"{', '.join(played)} no longer {'has' if len(played) == 1 else 'have'} a player; "
            "a GM can hand them on with /game claim character:<name> user:<person>."
        )
    return Decision(
        events=(
            *(CharacterReleased(character=c) for c in played),
            PlayerLeft(player=who.id, name=who.name),
        ),
        reply=Reply.say(*lines),
    )


@commands.command(
    "game show", help="Who is at this table and how it is set up.", permission=Permission.ANYONE
)
def show(ctx: Context, _args: NoOptions) -> Decision:
    meta = ctx.require_state().meta
    system = get_system(meta.system)
    names = [meta.name_of(p) for p in meta.players]
    lines = [
        f"Table '{meta.name}' plays {system.title}.",
        f"GM: {meta.name_of(meta.gm)}.",
        f"Co-GMs: {', '.join(meta.name_of(p) for p in meta.co_gms) or 'none'}.",
        f"Players: {', '.join(names) or 'none yet'}.",
    ]
    lines += system.describe(ctx.require_state().game)
    if meta.owners:
        played = [f"{c} ({meta.name_of(p)})" for c, p in sorted(meta.owners.items())]
        lines.append(f"Characters: {', '.join(played)}.")
    if meta.mods:
        on = [m for m, enabled in sorted(meta.mods.items()) if enabled]
        lines.append(f"Mods on: {', '.join(on) or 'none'}.")
    if meta.typed_dice != "everyone":
        lines.append(f"Typed dice: {meta.typed_dice} (/results).")
    waiting = system.waiting_for(ctx.require_state().game)
    lines += [f"Waiting for: {line}{waiting_since(meta, line)}" for line in waiting]
    if meta.pace_hours:
        lines.append(f"Pace: {meta.pace_hours} hours (/game pace).")
    data = {
        "name": meta.name,
        "system": meta.system,
        "gm": meta.gm,
        "co_gms": list(meta.co_gms),
        "players": list(meta.players),
        "characters": dict(meta.owners),
        "waiting_for": waiting,
        "pace_hours": meta.pace_hours,
        "waiting_since": dict(meta.waiting),
    }
    return Decision(reply=Reply.say(*lines, data=data))


@dataclass(frozen=True)
class Someone:
    user: Annotated[Person, Opt("the person")]


@commands.command(
    "game gm add",
    help="Make someone a co-GM: they can do everything the GM does except manage co-GMs.",
    permission=Permission.HEAD_GM,
    examples=("/game gm add user:bob",),
)
def gm_add(ctx: Context, args: Someone) -> Decision:
    meta = ctx.require_state().meta
    person = args.user
    if person.id == meta.gm:
        raise Refusal(f"{meta.name_of(person.id)} is the GM already.")
    if person.id in meta.co_gms:
        raise Refusal(f"{meta.name_of(person.id)} is a co-GM already.")
    name = meta.names.get(person.id, person.name)
    return Decision(
        events=(CoGmAdded(person=person.id, name=name),),
        reply=Reply.say(f"{name} is now a co-GM of '{meta.name}'."),
    )


@commands.command(
    "game gm remove",
    help="Take the co-GM role away from someone.",
    permission=Permission.HEAD_GM,
    examples=("/game gm remove user:bob",),
    whole_names=True,
)
def gm_remove(ctx: Context, args: Someone) -> Decision:
    meta = ctx.require_state().meta
    person = args.user
    if person.id not in meta.co_gms:
        co_gms = ", ".join(meta.name_of(p) for p in meta.co_gms) or "none"
        raise Refusal(f"{meta.name_of(person.id)} is not a co-GM (co-GMs: {co_gms}).")
    name = meta.name_of(person.id)
    return Decision(
        events=(CoGmRemoved(person=person.id, name=name),),
        reply=Reply.say(f"{name} is no longer a co-GM."),
    )
