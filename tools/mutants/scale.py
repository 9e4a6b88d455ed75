"""Small changes to what issue 24's second pass made faster: each a slip that would keep the
speed and lose a guarantee; each ``bug`` says what a table would feel.

Left out as equivalent: forgetting a table's kept events on a store failure
(``RecentEvents.forget``): kept events answer only when they end at the table's head as this
process knows it, so after another process's write they no longer do anyway. A known head taken
for a head it is not (``Heads.get``): the one statement checks the head and its hash itself and
inserts nothing, and the transaction then does the append.
"""

from __future__ import annotations

from tools.mutants.mutant import Mutant

RECENT = ("tests/app/test_recent.py",)
RUNNER = ("tests/discord/test_tables_runner.py",)

MUTANTS: tuple[Mutant, ...] = (
    Mutant(
        "recent.reach-one-short",
        "app/recent.py",
        "tail[0].seq > after + 1:",
        "tail[0].seq > after + 2:",
        "/history answers from kept events that miss the oldest event it shows",
        RECENT,
    ),
    Mutant(
        "recent.any-head",
        "app/recent.py",
        "if not tail or tail[-1].seq != upto or",
        "if not tail or",
        "/history shows events past what the table it answers for has seen",
        RECENT,
    ),
    Mutant(
        "runner.two-workers-a-table",
        "adapters/discord/tables.py",
        "            first = queue is None\n",
        "            first = True\n",
        "two workers run one table's commands at once, out of order",
        RUNNER,
    ),
    Mutant(
        "runner.no-batch-limit",
        "adapters/discord/tables.py",
        "                if done == BATCH:\n",
        "                if done == BATCH * 1000:\n",
        "a busy table keeps its worker and other tables wait behind all of its work",
        RUNNER,
    ),
    Mutant(
        "dice.kept-evaluation-any-faces",
        "dice/expression.py",
        "if last is not None and last[0] == faces:",
        "if last is not None and len(last[0]) == len(faces):",
        "a roll's event is checked (or a roll read) with another roll's total",
        ("tests/dice/test_expression.py",),
    ),
    Mutant(
        "undo.withheld-scan-skipped-where-it-counts",
        "engine/core/undo.py",
        "    if type(system).sealing is GameSystem.sealing:\n",
        "    if type(system).sealing is not GameSystem.sealing:\n",
        "an imported NoDice table's undo brings back a sealed choice its export withheld",
        ("tests/nodice",),
    ),
    Mutant(
        "parse.quotes-ignored",
        "engine/parse.py",
        "    if '\"' not in line:\n",
        "    if True:\n",
        'label:"two words" splits into two tokens and the command is refused',
        ("tests/engine/test_parse.py",),
    ),
    Mutant(
        "secrets.people-not-named",
        "engine/commands.py",
        'o.meta.secret or o.name == "secret" or o.type is OptionType.USER for o in self.options',
        'o.meta.secret or o.name == "secret" for o in self.options',
        "a command read back names people by Discord id, not by their names at the table",
        ("tests/discord/test_game_controls.py", "tests/engine"),
    ),
    Mutant(
        "store.nul-in-text",
        "store/base.py",
        '            if type(value) is not str or "\\x00" in value:',
        "            if type(value) is not str:",
        "a NUL in an actor or command is stored by SQLite and refused later by PostgreSQL",
        ("tests/store",),
    ),
    Mutant(
        "sqlite.one-statement-never-checks-hash",
        "store/sqlite_append.py",
        "WHERE table_id = ? AND seq = ? AND hash = ?))",
        "WHERE table_id = ? AND seq = ? AND hash != ?))",
        "every lone append after the first takes the transaction's longer way (no harm, but the "
        "one statement is never used)",
        ("tests/store/test_sqlite_group.py",),
    ),
    Mutant(
        "sqlite.group-checks-each-row-alone",
        "store/sqlite_append.py",
        'f"SELECT table_id, {EVENT_COLUMNS} FROM v WHERE NOT EXISTS (SELECT 1 FROM v AS w WHERE "',
        'f"SELECT table_id, {EVENT_COLUMNS} FROM v AS w WHERE NOT ("',
        "a group with one stale append stores the others, then finds them in the way and "
        "refuses them as conflicts: commands answered as failed that were stored",
        ("tests/store/test_sqlite_group.py",),
    ),
    Mutant(
        "sqlite.group-two-appends-to-one-table",
        "store/sqlite_append.py",
        "    if too_many or len({p.table_id for p in group}) < len(group):\n",
        "    if too_many:\n",
        "two appends to one table in a group: the second is checked against the head before "
        "the first and refused",
        ("tests/store/test_sqlite_group.py",),
    ),
    Mutant(
        "sqlite.group-acknowledged-when-nothing-written",
        "store/sqlite_append.py",
        "    return conn.execute(group_statement(count), params).rowcount == count\n",
        "    conn.execute(group_statement(count), params)\n    return True\n",
        "a group whose check failed is acknowledged though nothing of it was stored",
        ("tests/store/test_sqlite_group.py",),
    ),
)
