"""``docs/commands.md``, generated from the command schema (``scenekeeper docs --write``)."""

from __future__ import annotations

from scenekeeper.engine.commands import CommandRegistry
from scenekeeper.engine.systems import get_system, system_names


def commands_markdown(registry: CommandRegistry) -> str:
    lines = [
        "# Commands",
        "",
        "Generated from the command schema by `make docs`; do not edit by hand.",
        "The same schema drives the console parser, `/help` and the Discord slash commands.",
        'Type options as `name:value`; quote values with spaces: `name:"two words"`.',
        "",
        "Games: " + ", ".join(f"`{n}` ({get_system(n).title})" for n in system_names()) + ".",
        "",
    ]
    for spec in registry.all_specs():
        games = (
            ", ".join(sorted(spec.systems)) if spec.systems else _every_table(registry, spec.name)
        )
        lines += [f"## /{spec.name}", "", spec.help, "", f"- Usage: `{spec.usage()}`"]
        lines.append(
            f"- Who: {spec.permission.label}; where: {games}"
            + ("" if spec.needs_table else " (works before a game is started)")
        )
        for option in spec.options:
            need = "required" if option.required else "optional"
            choices = (
                f" One of: {', '.join(f'`{c}`' for c in option.choices)}." if option.choices else ""
            )
            lines.append(
                f"- `{option.name}` ({option.type.value}, {need}): {option.help}.{choices}"
            )
        lines.extend(f"- Example: `{example}`" for example in spec.examples)
        lines.append("")
    return "\n".join(lines)


def _every_table(registry: CommandRegistry, name: str) -> str:
    """Where an every-table command works: every table, but a game's that does without it."""
    without = [game for game in system_names() if registry.left_out_at(name, game)]
    return "every table" + (f" but {', '.join(without)}" if without else "")
