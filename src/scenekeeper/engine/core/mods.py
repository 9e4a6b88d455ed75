"""``/mods``: the rules a table switches on or off (Cortex's mods, allowed house rules)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.engine.commands import CommandSet, Context, Decision, NoOptions, Opt, Permission
from scenekeeper.engine.core.events import ModSwitched, OutputChosen
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.systems import get_system

commands = CommandSet()


@commands.command(
    "mods show",
    help="List this game's mods, which are on, and what each does.",
    permission=Permission.ANYONE,
)
def show_mods(ctx: Context, _args: NoOptions) -> Decision:
    meta = ctx.require_state().meta
    system = get_system(meta.system)
    if not system.mods:
        return Decision(reply=Reply.say(f"{system.title} has no mods to switch."))
    lines = [f"Mods of {system.title} (in the order they apply):"]
    data = {}
    for mod in system.mods:
        on = meta.mods.get(mod.name, mod.default)
        data[mod.name] = on
        lines.append(f"{mod.name}: {'on' if on else 'off'}. {mod.help}")
    return Decision(reply=Reply.say(*lines, data=data))


@dataclass(frozen=True)
class SetMod:
    mod: Annotated[str, Opt("the mod's name (see /mods show)")]
    enabled: Annotated[bool, Opt("true to switch it on, false to switch it off")]


@commands.command(
    "mods set",
    help="Switch one of this game's mods on or off.",
    permission=Permission.GM,
    examples=("/mods set mod:static-difficulty enabled:true",),
)
def set_mod(ctx: Context, args: SetMod) -> Decision:
    meta = ctx.require_state().meta
    system = get_system(meta.system)
    mod = system.mod(args.mod)
    if mod is None:
        names = ", ".join(m.name for m in system.mods) or "none"
        raise Refusal(f"{system.title} has no mod called '{args.mod}' (its mods: {names}).")
    if meta.mods.get(mod.name, mod.default) == args.enabled:
        raise Refusal(f"{mod.name} is {'on' if args.enabled else 'off'} already.")
    return Decision(
        events=(ModSwitched(mod=mod.name, on=args.enabled),),
        reply=Reply.say(
            f"{mod.name} is now on: {mod.help}"
            if args.enabled
            else f"{mod.name} is now off. (When on: {mod.help})"
        ),
    )


@dataclass(frozen=True)
class Output:
    mode: Annotated[
        str,
        Opt(
            "plain: text a screen reader reads well; standard: embeds",
            choices=("plain", "standard"),
        ),
    ]
    everyone: Annotated[bool, Opt("GMs: set it for the whole table")] = False


@commands.command(
    "game output",
    help="Accessible output: plain text (no embeds, tables or emoji; one fact a line) for you, "
    "or (GMs, everyone:true) for the whole table.",
    summary="Accessible output: plain text, one fact a line, for you or (GMs) the whole table.",
    permission=Permission.ANYONE,
    examples=("/game output mode:plain", "/game output mode:plain everyone:true"),
)
def output(ctx: Context, args: Output) -> Decision:
    meta = ctx.require_state().meta
    plain = args.mode == "plain"
    if args.everyone:
        if not meta.is_gm(ctx.actor.id):
            raise Refusal("Only a GM sets the output for the whole table; leave out everyone:.")
        if meta.plain_text == plain:
            raise Refusal(f"The table's output is {args.mode} already.")
        return Decision(
            events=(OutputChosen(person="", plain=plain),),
            reply=Reply.say(f"Everyone at this table now gets {args.mode} output."),
        )
    if (ctx.actor.id in meta.plain_text_people) == plain:
        raise Refusal(f"Your output is {args.mode} already.")
    return Decision(
        events=(OutputChosen(person=ctx.actor.id, plain=plain),),
        reply=Reply.say(f"{ctx.actor.name} now gets {args.mode} output."),
    )
