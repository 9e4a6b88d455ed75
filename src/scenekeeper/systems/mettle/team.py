"""``/team``: Teamwork (engine.md, Teamwork).

Everyone doing the same thing makes their own Check; the more skilled lend guidance, so anyone
whose pool is lower than the group's highest gets +1D. Whether the group succeeds depends on
the situation: the Guide says if all must succeed (sneaking past a guard), each counts alone
(climbers not roped together) or one success is enough (mechanics on an engine).

Rivals racing (scenes.md, Move, Travel, Race: "Edge compares who got there first") use the
same Check with ``succeed:first``: no +1D, and the highest Edge among the successes arrives
first; a tie between a player's character and a GM character goes to the player's (gaps 4,
mod pc-wins-ties).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal, cast

from scenekeeper.engine.commands import CommandSet, Context, Decision, NoOptions, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.systems import mod_on
from scenekeeper.systems.mettle import events as ev
from scenekeeper.systems.mettle.pools import against, rated
from scenekeeper.systems.mettle.sheet import attribute_named, title
from scenekeeper.systems.mettle.state import MettleState, Team, character, mettle

commands = CommandSet(systems=frozenset({"mettle"}))
RULES = ("all", "each", "any", "first")
_SAY = {
    "all": "the group fails if any one fails",
    "each": "each succeeds or fails alone",
    "any": "the group succeeds if any one does",
    "first": "the highest Edge among the successes gets there first",
}


@dataclass(frozen=True)
class StartTeam:
    characters: Annotated[str, Opt('who does it together, like "Ada, Ben, Cy"')]
    attribute: Annotated[str, Opt("the Attribute everyone Checks, like poise")]
    vs: Annotated[str, Opt("the Difficulty: a number or routine..nigh-impossible")]
    succeed: Annotated[
        str,
        Opt(
            "all must succeed, each counts alone, any one is enough, or first: a race",
            choices=RULES,
        ),
    ] = "all"


@commands.command(
    "team start",
    help="Teamwork: several characters make the same Check; lower pools get +1D; then the "
    "group's result (each member rolls with /check, no pool:).",
    summary="Teamwork: several characters make the same Check, for the group's result.",
    permission=Permission.GM,
    examples=('/team start characters:"Ada, Ben" attribute:poise vs:6 succeed:all',),
)
def start(ctx: Context, args: StartTeam) -> Decision:
    game = mettle(ctx.require_state())
    if game.team is not None and not game.team.done:
        # Starting another would throw this one's rolls away (as /order start refuses); a
        # finished one, its result given, makes way.
        raise Refusal(f"{_under_way(game.team)}; /team end it first.")
    names = [character(ctx, n.strip()).name for n in args.characters.split(",") if n.strip()]
    if len(set(names)) < 2:
        raise Refusal('Teamwork needs two or more characters: characters:"Ada, Ben".')
    attribute = attribute_named(args.attribute)
    if attribute == "frame":
        raise Refusal("Frame is never Checked (characters.md, FRAME); choose another Attribute.")
    pools = {n: rated(character(ctx, n), attribute) for n in names}
    difficulty = against(game, args.vs)
    team = Team(
        members=tuple(dict.fromkeys(names)),
        attribute=attribute,
        difficulty=difficulty.value,
        difficulty_text=difficulty.text,
        succeed=cast(Literal["all", "each", "any", "first"], args.succeed),
    )
    best = max(pools.values())
    helped = [n for n, p in pools.items() if p < best and team.succeed != "first"]
    lines = [
        f"{'Race' if team.succeed == 'first' else 'Teamwork'}: {', '.join(team.members)} each "
        f"Check {title(attribute)} vs "
        f"{difficulty.text}; {_SAY[team.succeed]}.",
        (f"+1D for {', '.join(helped)} (lower than the highest, {best})." if helped else "")
        or (
            "Rivals: no +1D." if team.succeed == "first" else "Everyone's pool is the same: no +1D."
        ),
        "Each rolls with /check (no pool:) when ready.",
    ]
    return Decision(
        events=(ev.TeamChanged(team=team, note=f"teamwork: {', '.join(team.members)}"),),
        reply=Reply.say(*lines),
    )


def _under_way(team: Team) -> str:
    rolled = [m for m in team.members if m in team.results]
    if not rolled:
        return f"A teamwork Check is under way ({', '.join(team.members)}; nobody has rolled yet)"
    return (
        f"A teamwork Check is under way ({', '.join(rolled)} "
        f"{'has' if len(rolled) == 1 else 'have'} rolled)"
    )


def result_lines(team: Team, game: MettleState, pc_wins_ties: bool) -> list[str]:
    """The group's result once every member has rolled."""
    if not team.done:
        left = [m for m in team.members if m not in team.results]
        return [f"Teamwork: waiting for {', '.join(left)} to /check."]
    won = [m for m in team.members if team.results[m]]
    lost = [m for m in team.members if not team.results[m]]
    said = "; ".join(
        f"{', '.join(names)} {verb if len(names) > 1 else verb + 's'}"
        for names, verb in ((won, "succeed"), (lost, "fail"))
        if names
    )
    if team.succeed == "each":
        return [f"Teamwork: {said}; each counts alone."]
    if team.succeed == "first":
        return [f"Race: {said}. {_first(team, game, pc_wins_ties)}"]
    group = all(team.results.values()) if team.succeed == "all" else any(team.results.values())
    return [f"Teamwork: {said}: the group {'succeeds' if group else 'fails'}."]


def _first(team: Team, game: MettleState, pc_wins_ties: bool) -> str:
    """Who gets there first: the highest Edge among the successes."""
    won = [m for m in team.members if team.results[m]]
    if not won:
        return "Nobody gets there."
    top = max(team.edges.get(m, 0) for m in won)
    tied = [m for m in won if team.edges.get(m, 0) == top]
    players = [m for m in tied if (c := game.find(m)) is not None and c.kind == "pc"]
    if len(tied) > 1 and pc_wins_ties and len(players) == 1:
        return f"{players[0]} gets there first (Edge {top}; a tie goes to the player's character)."
    if len(tied) > 1:
        return f"{', '.join(tied)} tie for first (Edge {top})."
    return f"{tied[0]} gets there first (Edge {top})."


@commands.command(
    "team show",
    help="The teamwork Check under way and who has rolled.",
    permission=Permission.ANYONE,
)
def show(ctx: Context, _args: NoOptions) -> Decision:
    state = ctx.require_state()
    game = mettle(state)
    team = game.team
    if team is None:
        return Decision(
            reply=Reply.say("No teamwork is under way; a GM starts it with /team start.")
        )
    rolled = (
        ", ".join(f"{m} {'succeeds' if ok else 'fails'}" for m, ok in team.results.items())
        or "nobody yet"
    )
    return Decision(
        reply=Reply.say(
            f"Teamwork: {', '.join(team.members)}, {title(team.attribute)} vs "
            f"{team.difficulty_text}; {_SAY[team.succeed]}.",
            f"Rolled: {rolled}.",
            *([] if not team.done else result_lines(team, game, mod_on(state, "pc-wins-ties"))),
        )
    )


@commands.command("team end", help="End the teamwork Check.", permission=Permission.GM)
def end(ctx: Context, _args: NoOptions) -> Decision:
    if mettle(ctx.require_state()).team is None:
        return Decision(reply=Reply.say("No teamwork is under way: nothing to end."))
    return Decision(
        events=(ev.TeamChanged(team=None, note="teamwork ended"),),
        reply=Reply.say("The teamwork Check ends."),
    )
