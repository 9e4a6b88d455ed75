"""The nine changes issue 20 found that the whole suite let through, and the redo cases."""

from __future__ import annotations

from tools.mutants.mutant import Mutant

MUTANTS = (
    Mutant(
        "aggregate.slide-wrong-end",
        "engine/aggregate.py",
        "    return (*window[drop:], record)\n",
        "    return (*window[: len(window) - drop], record)\n",
        "past 100 commands, the newest command leaves the window instead of the oldest: /undo "
        "takes back the wrong command",
        ("tests/engine/test_undo.py", "tests/test_transcripts.py"),
    ),
    Mutant(
        "aggregate.no-fold-into-base",
        "engine/aggregate.py",
        "                pending = (*pending, oldest)\n",
        "                pending = pending\n",
        "past 100 commands, a restart loses everything older than the window",
        ("tests/engine/test_undo.py", "tests/test_transcripts.py"),
    ),
    Mutant(
        "chain.hash-without-predecessor",
        "store/chain.py",
        'hashlib.sha256(prev.encode("ascii") + b"\\n" + body)',
        "hashlib.sha256(body)",
        "an event copied from another table reads back as this table's own",
        ("tests/store",),
    ),
    Mutant(
        "chain.data-not-an-object",
        "store/chain.py",
        "            if not isinstance(mapping, Mapping):\n"
        '                raise TypeError("event data is not a JSON object")\n',
        "",
        "stored data that is JSON but not an object crashes instead of reading as damage",
        ("tests/store", "tests/app/test_damage.py"),
    ),
    Mutant(
        "chain.no-reread-before-hash",
        "store/chain.py",
        "        encoded.append(Encoded(event, text, _body(event, text)))\n",
        "        encoded.append(\n"
        "            Encoded(event, text, _body(event, canonical(event.data).decode()))\n"
        "        )\n",
        "a nested read-only mapping or mixed keys in event data crash every write",
        ("tests/store",),
    ),
    Mutant(
        "resolve.guard-drops-answers",
        "systems/cybergod/resolve.py",
        "    if test.effects or answers:\n",
        "    if test.effects:\n",
        "a Resolve re-roll after the opponent spent EP on the opposed answer",
        ("tests/cybergod", "tests/test_transcripts.py"),
    ),
    Mutant(
        "saves.death-dice-greater",
        "systems/cybergod/saves.py",
        "if args.count is not None and args.count != lethal:",
        "if args.count is not None and args.count > lethal:",
        "with 3 Lethal wounds a Death Save with count:1 is taken",
        ("tests/cybergod", "tests/test_transcripts.py"),
    ),
    Mutant(
        "saves.death-once-a-round-any-mode",
        "systems/cybergod/saves.py",
        '        and scene.mode == "turn-based"\n',
        "",
        "outside turn-based scenes a second Death Save is refused",
        ("tests/cybergod", "tests/test_transcripts.py"),
    ),
    Mutant(
        "checks.difficulty-sign-unread",
        "systems/mettle/checks.py",
        'if word.lstrip("-").isdigit():',
        "if word.isdigit():",
        "vs:-2 is refused instead of floored to 0",
        ("tests/mettle", "tests/test_transcripts.py"),
    ),
    Mutant(
        "aggregate.redo-refolds-from-base",
        "engine/aggregate.py",
        "    state = _fold(table.state, (target,))\n",
        "    state = _fold(table.base, (*table.window, target)) if table.window else table.state\n",
        "a redo with nothing left standing in the window loses the redone command",
        ("tests/engine/test_undo.py",),
    ),
    Mutant(
        "aggregate.redo-pops-oldest",
        "engine/aggregate.py",
        "        redo=table.redo[:-1],\n",
        "        redo=table.redo[1:],\n",
        "after /redo of one of several undone commands, the next /redo puts back the wrong one",
        ("tests/engine/test_undo.py",),
    ),
)
