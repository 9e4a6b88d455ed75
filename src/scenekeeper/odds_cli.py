"""``scenekeeper odds``: exact odds at the terminal, as text, JSON or a chart, for every game
with dice (``--game``; Cortex Prime by default).

    scenekeeper odds pool:"d8 d8 d10" vs:hard keep:3 --chart odds.png
    scenekeeper odds pool:"d8 d8 d10" --json
    scenekeeper odds --game mettle pool:4 vs:daunting raises:1
    scenekeeper odds --game cybergod pool:4d10 vs:"moderate 3d8" complications:"Sys Op 1"

METTLE and Cybergod are answered by the table's own ``/odds`` (the same words, the same data
for ``--json``), asked at a table of that game made for the question and never stored; ``--mod
NAME`` switches one of its mods on (``--mod NAME=off``: off).

Options are ``name:value`` words like the table's commands (``pool:``, ``vs:``, ``keep:``);
bare dice words join the pool. ``vs:`` is a number, a difficulty level (very-easy..very-hard:
two dice of its size, or its number with ``--static``) or opposing dice. ``--json`` prints
``{"pool", "keep", "denominator", "joint": [[total, effect_size, hitches, count], ...],
"p_beat": {"<difficulty>": "num/den"}}`` (plus ``"against"`` when ``vs:`` is given).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from scenekeeper.dice import DiceError, Pool
from scenekeeper.odds import (
    DEFAULT_KEEP,
    OddsError,
    Opposition,
    Summary,
    cortex,
    opposing,
    summarise,
    summary_lines,
)
from scenekeeper.systems.cortex.roll.pools import LEVELS, STATIC

_KEYS = ("pool", "vs", "keep")
#: The games with dice: Cortex's pools here (Scions rolls them too), the rest at a table.
TABLE_GAMES = ("mettle", "cybergod")
GAMES = ("cortex", "scions", *TABLE_GAMES)


@dataclass
class _Question:
    pool: list[int] = field(default_factory=list)
    vs: str | None = None
    keep: int = DEFAULT_KEEP


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="scenekeeper odds",
        description="Exact odds before a roll: a Cortex pool's totals, effect dice, hitches and "
        "contests; a METTLE Check; a Cybergod test (--game).",
    )
    parser.add_argument(
        "words", nargs="+", metavar="pool:DICE", help='pool:"d8 d8 d10" [vs:hard] [keep:3]'
    )
    parser.add_argument("--json", action="store_true", help="print the joint distribution")
    parser.add_argument("--chart", type=Path, metavar="FILE", help="write a PNG chart to FILE")
    parser.add_argument(
        "--static", action="store_true", help="difficulty levels are numbers (3/7/11/15/19)"
    )
    parser.add_argument(
        "--game",
        choices=GAMES,
        default="cortex",
        help="whose dice: cortex (default; scions rolls the same), mettle or cybergod",
    )
    parser.add_argument(
        "--mod",
        action="append",
        default=[],
        metavar="NAME[=off]",
        help="METTLE and Cybergod: switch a table mod on (or off) for the question",
    )
    args = parser.parse_args(argv)
    if args.game in TABLE_GAMES:
        return _at_a_table(args.game, args.words, args.mod, as_json=args.json, chart=args.chart)
    if args.mod:
        print(
            "scenekeeper odds: --mod is for --game mettle or cybergod; Cortex odds take none.",
            file=sys.stderr,
        )
        return 2
    try:
        question = _read(args.words)
        opposition, label = _against(question.vs, static=args.static)
        summary = summarise(question.pool, question.keep, opposition)
    except (OddsError, DiceError) as error:
        print(f"scenekeeper odds: {error}", file=sys.stderr)
        return 2
    # The Static Difficulty numbers (Cortex p.25): what a number to beat usually is.
    ladder = {f"{name} {n}": n for name, n in STATIC.items()}
    if args.json:
        print(json.dumps(_json(question, summary, label)))
    else:
        for line in summary_lines(summary, ladder, label):
            print(line)
    if args.chart is not None:
        from scenekeeper.odds.chart import chart_marks, chart_png  # noqa: PLC0415 -- lazy

        try:
            args.chart.write_bytes(
                chart_png(summary, marks=chart_marks(ladder, opposition, label), against=label)
            )
        except OSError as error:
            print(f"scenekeeper odds: cannot write {args.chart}: {error.strerror}", file=sys.stderr)
            return 2
        if not args.json:
            print(f"Saved {args.chart}")
    return 0


def _at_a_table(
    game: str, words: Sequence[str], mods: Sequence[str], *, as_json: bool, chart: Path | None
) -> int:
    """The game's own /odds, asked at a scratch table of that game (kept in memory only)."""
    from scenekeeper.app import App  # noqa: PLC0415 -- only for these games
    from scenekeeper.bootstrap import build_registry  # noqa: PLC0415
    from scenekeeper.dice import SeededDice  # noqa: PLC0415
    from scenekeeper.engine.quoting import option  # noqa: PLC0415
    from scenekeeper.engine.state import Person  # noqa: PLC0415
    from scenekeeper.store.memory import MemoryStore  # noqa: PLC0415

    registry = build_registry()
    spec = registry.find("odds", game)
    charted = spec is not None and spec.option("chart") is not None
    if chart is not None and not charted:
        print(f"scenekeeper odds: {game}'s odds have no chart; leave out --chart.", file=sys.stderr)
        return 2
    app = App(store=MemoryStore(), dice=SeededDice(0), registry=registry)
    asker = Person("odds", "odds")
    lines = [f"/game new system:{game} name:odds"]
    for mod in mods:
        name, _, on = mod.partition("=")
        lines.append(f"/mods set mod:{name} enabled:{'false' if on == 'off' else 'true'}")
    asked = []
    for word in words:
        key, colon, value = word.partition(":")
        asked.append(option(key, value) if colon and key.isidentifier() else option("pool", word))
    if charted:
        asked.append(f"chart:{'true' if chart is not None else 'false'}")
    lines.append("/odds " + " ".join(asked))
    for line in lines:
        outcome = app.handle("odds", asker, line)
        if not outcome.ok:
            print(f"scenekeeper odds: {outcome.error}", file=sys.stderr)
            return 2
    reply = outcome.reply
    print(json.dumps(reply.data) if as_json else "\n".join(reply.text))
    if chart is not None and reply.files:
        try:
            chart.write_bytes(reply.files[0].content)
        except OSError as error:
            print(f"scenekeeper odds: cannot write {chart}: {error.strerror}", file=sys.stderr)
            return 2
        if not as_json:
            print(f"Saved {chart}")
    return 0


def _read(words: Sequence[str]) -> _Question:
    question = _Question()
    for word in words:
        key, colon, value = word.partition(":")
        if not colon or key not in _KEYS:
            # A bare word is more of the pool (``scenekeeper odds d8 d8 d10``).
            key, value = "pool", word
        if key == "pool":
            question.pool += [int(d) for d in Pool.parse(value)]
        elif key == "vs":
            question.vs = value
        else:
            try:
                question.keep = int(value)
            except ValueError:
                raise OddsError(f"keep: takes a number of dice, not '{value}'.") from None
    if not question.pool:
        raise OddsError('Name the pool, like pool:"d8 d8 d10".')
    return question


def _against(vs: str | None, *, static: bool) -> tuple[Opposition | None, str | None]:
    if vs is None:
        return None, None
    text = " ".join(vs.replace("-", " ").split()).casefold()
    if text.lstrip("-").isdigit():
        return Opposition.number(int(text)), text
    if text in LEVELS:
        if static:
            return Opposition.number(STATIC[text]), f"{text} ({STATIC[text]})"
        die = int(LEVELS[text])
        return opposing([die, die]), f"{text} (d{die} d{die})"
    sizes = [int(d) for d in Pool.parse(vs)]
    return opposing(sizes), " ".join(f"d{s}" for s in sizes)


def _fraction(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def _json(question: _Question, summary: Summary, label: str | None) -> dict[str, Any]:
    odds = cortex(question.pool, question.keep)
    data: dict[str, Any] = {
        "pool": [f"d{s}" for s in question.pool],
        "keep": question.keep,
        "denominator": odds.denominator,
        "joint": [[t, e, h, count] for (t, e, h), count in odds.joint.items()],
        "p_beat": {str(d): _fraction(p) for d, p in summary.beat.items()},
    }
    chances = summary.chances
    if chances is not None:
        data["against"] = {
            "label": label,
            "success": _fraction(chances.success),
            "tie": _fraction(chances.tie),
            "heroic": _fraction(chances.heroic),
            "effects": {str(s): _fraction(p) for s, p in chances.effects.items()},
        }
    return data


if __name__ == "__main__":
    sys.exit(main())
