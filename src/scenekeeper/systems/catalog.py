"""Every game Scenekeeper plays, known by name before its package is imported.

Importing a game builds its models (tens of milliseconds each, half a second for all five),
so a process imports only the games its tables play (``engine.systems.load_game``, and the
command registry when a table playing it is first asked about). What must be known of a game
before that is here: its package, its state's version (snapshots name every game's) and the
names of its commands (so a command of a game not yet loaded is still told apart from a
mistyped one). ``tests/test_game_catalog.py`` checks this against the games themselves and
prints the lines to paste when it is out of date.
"""

from __future__ import annotations

from scenekeeper.engine.systems import KnownGame


def _names(text: str) -> frozenset[str]:
    return frozenset(text.split(", "))


#: Cortex Prime's commands; Scions of the Old Gods has every one of them, and its own.
_CORTEX = _names(
    "action, asset add, asset create, asset remove, asset stepdown, asset stepup, assist,"
    " assist drop, cancel, char approval, char approve, char delete, char import, char "
    "new, char remove, char return, char set, char sfx add, char sfx remove, char show, "
    "char signature, complication add, complication remove, complication stepdown, "
    "complication stepup, contest end, contest givein, contest interfere, contest roll, "
    "contest settle, contest show, contest stand, contest start, counter, crisis add, "
    "crisis hit, crisis roll, crisis show, doom add, doom reset, doom roll, doom show, "
    "doom spend, doom stepdown, doom stepup, drama lead, drama roll, gang end, gang "
    "knock, gang start, gmroll, hitch, odds, opportunity, order add, order end, order "
    "handoff, order interrupt, order next, order remove, order roll, order show, order "
    "start, pick, pp bank, pp give, pp session, pp show, pp spend, react, recover, roll, "
    "scene end, scene show, scene start, stress add, stress remove, stress rest, stress "
    "stepdown, stress stepup, stress types, timed buy, timed end, timed roll, timed show,"
    " timed start, trait sets, trauma add, trauma remove, trauma stepdown, trauma stepup,"
    " xp give, xp show, xp spend"
)


GAMES: dict[str, KnownGame] = {
    "generic": KnownGame("scenekeeper.systems.generic"),
    "cortex": KnownGame("scenekeeper.systems.cortex", commands=_CORTEX),
    "scions": KnownGame(
        "scenekeeper.systems.scions",
        commands=_CORTEX
        | _names(
            "doom boost, doom distinction, doom return, doom scene, legend declare, "
            "legend die, legend persist, legend shift, scene act, stress exchange"
        ),
    ),
    "mettle": KnownGame(
        "scenekeeper.systems.mettle",
        commands=_names(
            "act, char backstory, char delete, char gear, char import, char new, char set, char "
            "show, check, mettle damage, mettle set, mettle stagger, mettle take, odds, order "
            "end, order handoff, order move, order next, order rejoin, order show, order split, "
            "order start, order wait, roll, scene end, scene show, scene start, status add, "
            "status remove, team end, team show, team start, twist, voucher give, voucher spend, "
            "xp give, xp spend"
        ),
    ),
    "cybergod": KnownGame(
        "scenekeeper.systems.cybergod",
        commands=_names(
            "char delete, char import, char new, char set, char show, effect, odds, pick, reload,"
            " resolve refresh, resolve reroll, roll, save, scene downtime, scene end, scene "
            "round, scene show, scene start, test, wound add, wound heal"
        ),
    ),
    "nodice": KnownGame(
        "scenekeeper.systems.nodice",
        state_version=2,
        commands=_names(
            "char delete, char import, char new, char set, char show, conflict end, conflict "
            "engage, conflict show, conflict start, hand ante, hand assign, hand bid, hand fold, "
            "hand spread"
        ),
    ),
}
