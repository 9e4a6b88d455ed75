"""Rolling a Check and recording it with every face (engine.md, Checks), for ``/act`` and
``/check`` alike; the odds are shown first when the Difficulty is known."""

from __future__ import annotations

from scenekeeper.systems.mettle import events as ev
from scenekeeper.systems.mettle.checks import Difficulty, Pool, odds_line, reading_lines, roll
from scenekeeper.systems.mettle.plan import Plan
from scenekeeper.systems.mettle.sheet import Character, title
from scenekeeper.systems.mettle.state import CheckRecord, HeldHit


def make_check(
    plan: Plan,
    roller: Character | None,
    action: str,
    pool: Pool,
    difficulty: Difficulty | None,
    *,
    raises: int = 0,
    results: str | None = None,
    surge: int = 0,
    label: str = "",
    weapon: str = "",
    target: str | None = None,
    involved: tuple[str, ...] = (),
    dm: int | None = None,
    hit: HeldHit | None = None,
    team: bool = False,
) -> CheckRecord:
    faces = roll(plan.ctx.dice, pool.dice, raises, results)
    game = plan.game
    before = {n: plan.get(n) for n in involved}
    if roller is not None and roller.name in before:
        # The Surge is spent before the dice; a Twist does not give it back.
        before[roller.name] = roller.model_copy(update={"mettle": roller.mettle - surge})
    record = CheckRecord(
        id=game.checks + 1,
        roller=roller.name if roller else "",
        action=action,
        label=label,
        target=target,
        pool_text=pool.text,
        dice=pool.dice,
        raises=raises if pool.dice > 0 else 0,
        faces=faces if pool.dice > 0 else (),
        difficulty=difficulty.value if difficulty else None,
        difficulty_text=difficulty.text if difficulty else "",
        secret=bool(difficulty and difficulty.hidden),
        before=before,
        held_before=game.held_hit,
        dm=dm,
        hit=hit,
        team=team,
    )
    repeat = plan.mod("repeat-twists")
    if record.secret:
        plan.say("Odds: not shown (the Difficulty is raised in secret).")
    else:
        plan.say(odds_line(pool.dice, raises, record.difficulty, repeat=repeat) or "")
    who = roller.name if roller else "The GM"
    what = title(action) if action not in ("check", "other") else "Check"
    topic = (f" ({weapon})" if weapon else "") + (f" for {label}" if label else "")
    against = f" vs {record.difficulty_text}" if difficulty else ""
    plan.say(f"{who}: {what} #{record.id}{topic}, {pool.text}{against}.")
    if surge and roller is not None:
        plan.say(
            f"Surge: {roller.name} spends {surge} Mettle "
            f"({roller.mettle} -> {roller.mettle - surge})."
        )
    plan.add(ev.CheckRolled(check=record, surge=surge))
    plan.say(*reading_lines(record, twist_allowed=True))
    return record
