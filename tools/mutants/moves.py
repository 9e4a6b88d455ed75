"""Small changes to the modules the next issues move: the undo window, the hash chain, the
sheets and the Discord controls. Each is a slip a refactor could make; each ``bug`` says what
a table would feel.

Left out as equivalent (no test can tell them from the code as it is): dropping
``chain._check_text`` (the hash of the same fields fails on the same lone surrogates first);
naming a trait rolled twice by its name instead of its size on a reading button
(``cortex_view``: a trait's dice are all one size, and /pick matches a name or a size among the
same dice, highest face for the total). ``render.edited`` no longer clears an undone message's
controls itself: ``displayed`` already draws none for an undo, so the branch was dead.
Cybergod's "no Re-roll once the test's own EP are spent" in ``cybergod_view``: a test's controls
are drawn as the table stood just after it, before any EP of it could be spent (the guard stays,
as the rule of /resolve reroll that refuses such a click).
"""

from __future__ import annotations

from tools.mutants.mutant import Mutant

UNDO = ("tests/engine/test_undo.py", "tests/test_transcripts.py")
CHAIN = ("tests/store", "tests/app/test_damage.py")
SHEETS = (
    "tests/engine/test_trust_rights.py",
    "tests/engine/test_authorisation_matrix.py",
    "tests/engine/test_import_trust.py",
    "tests/engine/test_gm_only_parts.py",
    "tests/engine/test_whose_sheet.py",
)
BUTTONS = ("tests/discord",)

UNDO_WINDOW = (
    Mutant(
        "aggregate.window-one-short",
        "engine/aggregate.py",
        "        full = len(table.window) >= UNDO_DEPTH  #",
        "        full = len(table.window) >= UNDO_DEPTH - 1  #",
        "undo reaches back 99 commands, not the 100 the help promises",
        UNDO,
    ),
    Mutant(
        "aggregate.undo-back-to-base",
        "engine/aggregate.py",
        "    state = _state_after(table, window)\n",
        "    state = table.start\n",
        "/undo takes the table back past every command in the window",
        UNDO,
    ),
    Mutant(
        "aggregate.continuation-as-new-record",
        "engine/aggregate.py",
        "        window=(*table.window[:-1], extended),\n",
        "        window=(*table.window, extended),\n",
        "a command of two events is undone in halves",
        UNDO,
    ),
    Mutant(
        "aggregate.fresh-start-keeps-window",
        "engine/aggregate.py",
        "        return Table(seq=seq, state=state, base=state)\n",
        "        return Table(seq=seq, state=state, base=state, window=table.window)\n",
        "after a new game in the same place, /undo reaches into the game before",
        UNDO,
    ),
    Mutant(
        "aggregate.command-keeps-redo",
        "engine/aggregate.py",
        "        return Table(seq=seq, state=state, base=base, window=window, redo=(), "
        "pending=pending)\n",
        "        return Table(\n"
        "            seq=seq, state=state, base=base, window=window, redo=table.redo, "
        "pending=pending\n"
        "        )\n",
        "/redo puts back an undone command on top of newer ones",
        UNDO,
    ),
    Mutant(
        "aggregate.snapshot-window-without-after",
        "engine/aggregate.py",
        "            window = _pushed(window, record.holding(state))\n",
        "            window = _pushed(window, record)\n",
        "a table loaded from a snapshot keeps no checkpoints: each undo folds its whole window",
        UNDO,
    ),
    Mutant(
        "aggregate.snapshot-forgets-numbers",
        "engine/aggregate.py",
        '        state = keeping_numbers(state, data.get("numbers") or {})\n',
        "",
        "after a restart, a roll number undone before it comes back",
        UNDO,
    ),
    Mutant(
        "aggregate.undo-forgets-numbers",
        "engine/aggregate.py",
        "    window = _newest_keeps(window, state)\n"
        "    if event.keeps_numbers:\n"
        "        state = keeping_numbers(state, _numbers_of(table.state, state))\n",
        "    window = _newest_keeps(window, state)\n",
        "after /undo of a roll, the next roll takes its number again",
        UNDO,
    ),
    Mutant(
        "undo.count-one-short",
        "engine/core/undo.py",
        "    if args.count > len(window):\n",
        "    if args.count >= len(window):\n",
        "/undo count:N with exactly N commands standing is refused",
        UNDO,
    ),
    Mutant(
        "undo.seq-not-checked",
        "engine/core/undo.py",
        "if args.seq is not None and (args.count != 1 or window[-1].seq != args.seq):",
        "if args.seq is not None and args.count != 1:",
        "an Undo button takes back a newer command than the one it was shown with",
        (*UNDO, *BUTTONS),
    ),
    Mutant(
        "undo.only-first-target-checked",
        "engine/core/undo.py",
        "    for target in targets:\n        spec = ctx.registry.spec_of(",
        "    for target in targets[:1]:\n        spec = ctx.registry.spec_of(",
        "a player's /undo count:2 takes back another player's command",
        UNDO,
    ),
    Mutant(
        "undo.gm-ruling-first-only",
        "engine/core/undo.py",
        "ruled = next((t for t in targets if t.undone_by",
        "ruled = next((t for t in targets[:1] if t.undone_by",
        "a player's /redo count:2 puts back a command a GM undid",
        UNDO,
    ),
    Mutant(
        "undo.redo-oldest-first",
        "engine/core/undo.py",
        "    targets = list(reversed(stack[-args.count :]))\n",
        "    targets = list(stack[-args.count :])\n",
        "/redo count:2 fails with an internal error",
        UNDO,
    ),
    Mutant(
        "snapshots.not-tied-to-event",
        "app/snapshots.py",
        "        if [r.hash for r in folded_from] != [event_hash]:\n",
        "        if not folded_from:\n",
        "a snapshot of another history is taken as this table's state",
        ("tests/app", "tests/store"),
    ),
    Mutant(
        "snapshots.version-ignored",
        "app/snapshots.py",
        "    if snapshot is None or snapshot.version != snapshot_version():\n",
        "    if snapshot is None:\n",
        "a snapshot in an older layout is loaded as if it were current",
        ("tests/app", "tests/store"),
    ),
)

HASH_CHAIN = (
    Mutant(
        "chain.hash-omits-command-seq",
        "store/chain.py",
        '        f"{text(record.time)},{int(record.command_seq)},{text(record.command)}]"\n',
        '        f"{text(record.time)},{text(record.command)}]"\n',
        "an event moved into another command reads back as true (undo takes the wrong events)",
        CHAIN,
    ),
    Mutant(
        "chain.hash-omits-actor",
        "store/chain.py",
        '        f"[{int(record.seq)},{text(record.type)},{data},{text(record.actor)},"\n',
        '        f"[{int(record.seq)},{text(record.type)},{data},"\n',
        "a command's author can be changed without the table noticing",
        CHAIN,
    ),
    Mutant(
        "chain.gap-not-reported",
        "store/chain.py",
        "        if seq != expected_seq:\n"
        '            raise DamagedTable(table_id, expected_seq, "the event is missing")\n',
        "",
        "a missing event is reported as a changed one",
        CHAIN,
    ),
    Mutant(
        "chain.missing-start-of-read",
        "store/chain.py",
        "        if not body or body[0][0] != after:\n",
        "        if not body:\n",
        "a read after a missing event skips it and reads on as if whole",
        CHAIN,
    ),
    Mutant(
        "chain.prev-not-advanced",
        "store/chain.py",
        "        records.append(record)\n        prev = stored\n",
        "        records.append(record)\n",
        "every table of more than one event reads as damaged",
        CHAIN,
    ),
    Mutant(
        "sqlite.head-from-oldest",
        "store/sqlite.py",
        '"SELECT seq, hash FROM events WHERE table_id = ? ORDER BY seq DESC LIMIT 1"',
        '"SELECT seq, hash FROM events WHERE table_id = ? ORDER BY seq LIMIT 1"',
        "appends chain from the first event, so every table reads as damaged",
        CHAIN,
    ),
    Mutant(
        "sqlite.read-after-exclusive",
        "store/sqlite.py",
        'query = f"SELECT {_EVENT_COLUMNS} FROM events WHERE table_id = ? AND seq >= ?"',
        'query = f"SELECT {_EVENT_COLUMNS} FROM events WHERE table_id = ? AND seq > ?"',
        "reading on from a snapshot reports damage",
        CHAIN,
    ),
    Mutant(
        "postgres.head-from-oldest",
        "store/postgres_sql.py",
        '"SELECT seq, hash FROM {schema}.events WHERE table_id = %s ORDER BY seq DESC LIMIT 1"',
        '"SELECT seq, hash FROM {schema}.events WHERE table_id = %s ORDER BY seq LIMIT 1"',
        "on PostgreSQL, appends chain from the first event",
        CHAIN,
    ),
)

SHEETS_MUTANTS = (
    Mutant(
        "sheet_rights.import-keeps-nothing",
        "engine/sheets/rights.py",
        "    kept = imported.model_copy(update={part: getattr(before, part) for part in gm_only})"
        "\n",
        "    kept = imported\n",
        "a player's sheet file gives their character plot points, assets, wounds ...",
        SHEETS,
    ),
    Mutant(
        "sheet_rights.recorded-parts-unchecked",
        "engine/sheets/rights.py",
        "            if getattr(before, part) != getattr(sheet, part):\n",
        "            if False:\n",
        "an imported history where a player's /char import gave GM-held parts is accepted",
        SHEETS,
    ),
    Mutant(
        "sheet_rights.recorded-others-sheet",
        "engine/sheets/rights.py",
        "        if found is not None and meta.owner_of(name) != actor.id:\n",
        "        if found is not None and meta.owner_of(name) not in (None, actor.id):\n",
        "an imported history where a player's /char import rewrote a GMC is accepted",
        SHEETS,
    ),
    Mutant(
        "cortex.gm-only-pp-dropped",
        "systems/cortex/sheets/sheet_schema.py",
        '    "pp": "only a GM gives plot points (/pp give)",\n',
        "",
        "a player's Cortex sheet file sets their plot points",
        SHEETS,
    ),
    Mutant(
        "cybergod.gm-only-saves-due-dropped",
        "systems/cybergod/sheet_schema.py",
        '    "stress_saves_due": "Stress Saves come from play",\n',
        "",
        "a player's Cybergod sheet file clears the Stress Saves they owe",
        SHEETS,
    ),
    Mutant(
        "mettle.gm-only-affliction-dropped",
        "systems/mettle/sheet_schema.py",
        '    "affliction": "Afflictions come from play",\n',
        "",
        "a player's METTLE sheet file clears an Affliction",
        SHEETS,
    ),
    Mutant(
        "sheets.player-imports-gmc",
        "engine/sheets/commands.py",
        '        if sheet.kind == "gmc" and not is_gm and not schema.players_kind_kept:\n',
        "        if False:\n",
        "a player imports a GMC",
        SHEETS,
    ),
    Mutant(
        "sheets.player-imports-for-others",
        "engine/sheets/commands.py",
        "    if args.owner is not None and not is_gm:\n",
        "    if False:\n",
        "a player imports characters for someone else",
        SHEETS,
    ),
    Mutant(
        "sheets.gm-import-claims",
        "engine/sheets/commands.py",
        "    player = args.owner or (None if is_gm else ctx.actor)\n",
        "    player = args.owner or ctx.actor\n",
        "a GM's sheet import makes the GM the player of every PC in it",
        SHEETS,
    ),
    Mutant(
        "cortex.import-no-start-points",
        "systems/cortex/sheets/sheet_schema.py",
        '    return data.character.model_copy(update={"pp": game.rules.start_points})\n',
        "    return data.character\n",
        "a Cortex character imported without plot points starts with none",
        SHEETS,
    ),
    Mutant(
        "cortex.gmc-gets-start-points",
        "systems/cortex/sheets/trait_commands.py",
        "pp=0 if args.gmc else game.rules.start_points,",
        "pp=game.rules.start_points,",
        "a new GMC starts with the players' plot points",
        SHEETS,
    ),
    Mutant(
        "cybergod.rating-top-open",
        "systems/cybergod/rating.py",
        "    if number is not None and not low <= number <= high:\n",
        "    if number is not None and not low <= number:\n",
        "a Cybergod Skill of 40 is taken",
        SHEETS,
    ),
    Mutant(
        "who.unowned-is-anyones",
        "engine/who.py",
        "    owner = meta.owner_of(character)\n    if owner != actor_id:\n",
        "    owner = meta.owner_of(character)\n    if owner is not None and owner != actor_id:\n",
        "a player acts for a GM character",
        SHEETS,
    ),
    Mutant(
        "who.whose-sheet-first",
        "engine/who.py",
        "    mine = [c for c, owner in meta.owners.items() if owner == actor_id]\n"
        "    if len(mine) == 1:\n",
        "    mine = [c for c, owner in meta.owners.items() if owner == actor_id]\n    if mine:\n",
        "/char show of a player with two characters shows one of them without asking",
        SHEETS,
    ),
    Mutant(
        "sheets.own-character-first",
        "engine/sheets/finding.py",
        "    if len(mine) == 1:\n",
        "    if mine:\n",
        "a command of a player with two characters acts for one without asking",
        SHEETS,
    ),
)

DISCORD_CONTROLS = (
    Mutant(
        "offered.any-standing-command",
        "engine/offered.py",
        "    for record in reversed(table.window):\n        if record.seq == seq:\n"
        "            return record\n",
        "    for record in reversed(table.window):\n        return record\n",
        "a button of an undone or old command acts on the newest command's result",
        BUTTONS,
    ),
    Mutant(
        "offered.fingerprint-unchecked",
        "engine/offered.py",
        "    if control is None or fingerprint(control) != mark:\n",
        "    if control is None:\n",
        "a button whose result now offers other controls runs whatever took its place",
        ("tests/engine/test_offered_controls.py", *BUTTONS),
    ),
    Mutant(
        "offered.guard-skipped",
        "engine/offered.py",
        "    get_system(table.state.meta.system).control_guard(table, control.guard)\n",
        "",
        "a Give in of an ended contest gives in the next one; an old Twist twists the newest Check",
        BUTTONS,
    ),
    Mutant(
        "offered.choice-unchecked",
        "engine/offered.py",
        "        if chosen not in {c.value for c in control.choices}:\n",
        "        if chosen is None:\n",
        "a forged select value runs a command the select never offered",
        BUTTONS,
    ),
    Mutant(
        "offered.undo-any-newest",
        "engine/offered.py",
        '        (("seq", str(record.seq)),),\n',
        "        (),\n",
        "an Undo button takes back whatever is newest, not its own command",
        BUTTONS,
    ),
    Mutant(
        "aggregate.just-after-is-now",
        "engine/aggregate.py",
        "                state = _state_after(self, window)\n",
        "                state = self.state\n",
        "a message's controls are worked out from the table now, so a click meets other ones",
        BUTTONS,
    ),
    Mutant(
        "ids.every-click-a-new-message",
        "adapters/discord/ids.py",
        '        mode = "e" if self.edits else "n"\n',
        '        mode = "n"\n',
        "a plot-point button posts a new message instead of bringing the roll up to date",
        BUTTONS,
    ),
    Mutant(
        "runner.any-channel",
        "adapters/discord/runner.py",
        "        return home in (interaction.channel_id, parent_of(interaction))\n",
        "        return True\n",
        "a button copied into another channel acts on the first channel's table",
        BUTTONS,
    ),
    Mutant(
        "cortex_view.gm-roll-buttons",
        "systems/cortex/view.py",
        "    if game.roll_by_id(roll.id) is None or roll.roller == GM_ROLLER:\n",
        "    if game.roll_by_id(roll.id) is None:\n",
        "the GM's own rolls offer plot-point buttons",
        BUTTONS,
    ),
    Mutant(
        "cortex_view.hitch-button-after-activated",
        "systems/cortex/view.py",
        'if roll.side == "player" and count and not roll.hitches_activated:',
        'if roll.side == "player" and count:',
        "the hitch button stays after the GM activated the hitches",
        BUTTONS,
    ),
    Mutant(
        "cortex_view.contest-seq-not-compared",
        "systems/cortex/view.py",
        "    if not running or start != seq:\n",
        "    if not running:\n",
        "a Give in button of an ended contest gives in the next contest",
        BUTTONS,
    ),
    Mutant(
        "cortex_view.stand-and-givein-swapped",
        "systems/cortex/view.py",
        "    if contest.short is not None:\n",
        "    if contest.short is None:\n",
        "a contest offers Let it stand where it should offer Give in",
        BUTTONS,
    ),
    Mutant(
        "cortex_view.hitch-guard-dropped",
        "systems/cortex/view.py",
        "        if roll is not None and roll.hitches_activated:\n",
        "        if False:\n",
        "the GM types a complication for hitches already activated, for nothing",
        BUTTONS,
    ),
    Mutant(
        "mettle_view.twist-any-check",
        "systems/mettle/view.py",
        "        if check is None or check.id != wanted:\n",
        "        if check is None:\n",
        "an old message's Twist twists the newest Check",
        BUTTONS,
    ),
    Mutant(
        "mettle_view.held-any-hit",
        "systems/mettle/view.py",
        "        if game.held_hit is None or _held_by(table) != int(guard.removeprefix(HELD)):\n",
        "        if game.held_hit is None:\n",
        "an old hit's Let it land lands a hit held later",
        BUTTONS,
    ),
    Mutant(
        "mettle_view.handoff-candidates-all",
        "systems/mettle/view.py",
        "        left = candidates(init, current, finished=not init.parts_left(current))\n",
        "        left = list(init.order.participants)\n",
        "the handoff select offers people who have acted this Round",
        BUTTONS,
    ),
    Mutant(
        "secrets.secret-roll-shown",
        "engine/secrets.py",
        "        if option.meta.secret or (whole and option.name not in _SHOWN_IN_SECRET):\n",
        "        if option.meta.secret:\n",
        "a GM's secret roll shows its dice expression in the footer and /history",
        (*BUTTONS, "tests/engine"),
    ),
    Mutant(
        "runner.secret-public-defer",
        "adapters/discord/runner.py",
        "                deferred = await send.defer(interaction, thinking=True, ephemeral=True)\n",
        "                deferred = await send.defer(interaction, thinking=True)\n",
        "a secret command's answer starts as a public message",
        BUTTONS,
    ),
    Mutant(
        "history.sealed-shown",
        "engine/core/history.py",
        "    if not event.visible_to(ctx.require_state().meta, ctx.actor.id, envelope.actor):\n",
        "    if False:\n",
        "/history shows players the dice of the GM's secret roll",
        (*BUTTONS, "tests/engine"),
    ),
)


MUTANTS = (*UNDO_WINDOW, *HASH_CHAIN, *SHEETS_MUTANTS, *DISCORD_CONTROLS)
