"""How Cortex things read in a reply: one fact a line, plain words, no tables."""

from __future__ import annotations

from scenekeeper.systems.cortex.sheet import Character


def sheet_lines(who: Character, owner: str | None, trait_sets: tuple[str, ...] = ()) -> list[str]:
    kind = "GMC" if who.kind == "gmc" else "character"
    played = f", played by {owner}" if owner else ""
    status = who.status.replace("_", " ")
    pp = "" if who.kind == "gmc" else f", {who.pp} PP"
    lines = [f"{who.name} ({kind}{played}){pp}, {status}."]
    ordered = [s for s in trait_sets if s in who.traits] + [
        s for s in who.traits if s not in trait_sets
    ]
    for set_name in ordered:
        traits = ", ".join(f"{t} {d}" for t, d in who.traits[set_name].items())
        lines.append(f"{set_name}: {traits}.")
    lines.extend(f"SFX {name}: {text}" for name, text in who.sfx.items())
    if who.assets:
        assets = ", ".join(
            f"{name} {a.die} ({a.duration}{', open' if a.open else ''})"
            for name, a in who.assets.items()
        )
        lines.append(f"Assets: {assets}.")
    for label, dice in (
        ("Complications", who.complications),
        ("Stress", who.stress),
        ("Trauma", who.trauma),
    ):
        if dice:
            lines.append(f"{label}: {', '.join(f'{n} {d}' for n, d in dice.items())}.")
    return lines
