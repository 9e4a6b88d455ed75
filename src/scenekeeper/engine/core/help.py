"""``/help``: generated from the command schema, so it always matches what the parser accepts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from scenekeeper.engine.command_names import did_you_mean
from scenekeeper.engine.commands import CommandSet, CommandSpec, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.systems import get_system

commands = CommandSet()
_GMS = (Permission.GM, Permission.HEAD_GM)


@dataclass(frozen=True)
class HelpTopic:
    command: Annotated[str | None, Opt('a command, like "game new" or roll')] = None


def describe_command(spec: CommandSpec[Any]) -> list[str]:
    lines = [spec.usage(), spec.help, f"Who may use it: {spec.permission.label}."]
    for option in spec.options:
        if option.required:
            need = "required"
        elif option.default is None:
            need = "optional"
        else:
            need = f"optional, default {option.default!r}"
        extra = f" One of: {', '.join(option.choices)}." if option.choices else ""
        lines.append(f"  {option.name}: {option.help} ({need}).{extra}")
    lines.extend(f"Example: {example}" for example in spec.examples)
    return lines


@commands.command(
    "help",
    help="List the commands you can use here, or explain one.",
    permission=Permission.ANYONE,
    needs_table=False,
    examples=("/help", '/help command:"game new"'),
)
def help_command(ctx: Context, args: HelpTopic) -> Decision:
    system = ctx.state.meta.system if ctx.state else None
    if args.command:
        name = " ".join(args.command.removeprefix("/").lower().split())
        spec = ctx.registry.find(name, system)
        if spec is None:
            names = ctx.registry.names(system)
            matches = [n for n in names if n.startswith(name)]
            if not matches:
                # As a mistyped command is answered (engine.parse): the close names, if any.
                hint = did_you_mean(name, names)
                raise Refusal(f"There is no /{name} here.{hint} Type /help for the list.")
            specs = [s for n in matches if (s := ctx.registry.find(n, system)) is not None]
            lines = [f"/{s.name}: {s.help}" for s in specs]
            return Decision(reply=Reply.say(*lines))
        lines = describe_command(spec)
        if ctx.state is not None:
            on = [m for m, enabled in sorted(ctx.state.meta.mods.items()) if enabled]
            if on:
                lines.append(f"Mods on at this table: {', '.join(on)} (/mods show).")
        return Decision(reply=Reply.say(*lines))
    where = f"at this {system} table" if system else "here (no game yet)"
    lines = [f"Commands {where}; /help command:<name> explains one:"]
    # A player is shown what they may use; the GM's own commands are counted, not listed.
    players_only = ctx.state is not None and not ctx.state.meta.is_gm(ctx.actor.id)
    left_out = 0
    for name in ctx.registry.names(system):
        spec = ctx.registry.find(name, system)
        if spec is None:
            continue
        if players_only and spec.permission in _GMS:
            left_out += 1
            continue
        lines.append(f"/{name}: {spec.help}")
    if left_out:
        lines.append(
            f"And {left_out} commands for the GM and co-GMs only, not listed here "
            "(/help command:<name> explains any of them)."
        )
    if ctx.state is not None:
        rules = get_system(ctx.state.meta.system).rules_in_force(ctx.state)
        if rules:
            lines.append("Rules in force here where the text is silent (docs/rules-notes.md):")
            lines.extend(f"- {rule}" for rule in rules)
    return Decision(reply=Reply.say(*lines))
