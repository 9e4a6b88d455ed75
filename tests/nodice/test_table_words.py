"""What a NoDice table says of itself (the system's own words): the rules in force in /help,
each mod as it is switched; the Trine and its loops in /game show; the board with no Conflict;
and the command to use instead of one NoDice has not."""

from __future__ import annotations

from scenekeeper.app import App
from scenekeeper.engine.state import Person
from tests.nodice.helpers import played

GM, ANA = Person("gm", "gm"), Person("ana", "ana")
SILENT = [
    "- The ante is sealed with the TA card; a commit needs an Attribute to bid from after its own "
    "ante (R35, R36).",
    "- Won tokens go on any Attribute but a dash, all before that Actor's bid (R41).",
    "- A bid is 0 to the AV; face up shows its amount, not the card (R44, R45).",
    "- Same TA card, same AD slot, equal Showdowns: ties, no damage (R13, R16, R53).",
    "- Nobody wins a TD: the pot is the Jackpot (R40).",
    "- Dashes: damage max(1, floor(D x n / 3)); beyond what the TA has is lost (R57, R58).",
    "- Forced spreads are applied at once; a GM may spread with points:auto (R59).",
    "- /hand fold retreats until the Step-2 reveal; no legal ante at Step 6 is out (R33).",
    "- The Conflict ends when no two Actors left oppose each other; AVs return to the sheets "
    "(R27, R67).",
]


def table(*more: tuple[Person, str]) -> App:
    return played([(GM, '/game new system:nodice name:"Words"'), (ANA, "/game join"), *more])


def rules(app: App) -> list[str]:
    text = list(app.handle("t", ANA, "/help").reply.text)
    return text[
        text.index("Rules in force here where the text is silent (docs/rules-notes.md):") + 1 :
    ]


def test_help_gives_the_rules_in_force_with_each_mod_off() -> None:
    assert rules(table()) == [
        *SILENT,
        "- The npc-wildcards mod is off: Wildcards are for PCs only, NPCs have none (R11).",
        "- The clusters mod is off: every Actor listed opposes every Actor of another side (R28).",
        "- The engage mod is off: each Hand keeps the engagement minus those out (R30).",
    ]


def test_help_gives_the_rules_in_force_with_each_mod_on() -> None:
    app = table(
        *(
            (GM, f"/mods set mod:{mod} enabled:true")
            for mod in ("npc-wildcards", "clusters", "engage")
        )
    )
    assert rules(app)[len(SILENT) :] == [
        "- The npc-wildcards mod is on: NPCs may have a WR and play Wildcards (R11).",
        "- The clusters mod is on: a GM may split a Conflict into clusters, each with its own pot "
        "and Jackpot, revealed cluster by cluster; the Hand's steps stay one (R28).",
        "- The engage mod is on: /conflict engage changes who is involved, for this Hand before "
        "its first commit, else from the next Hand (R30).",
    ]


def test_game_show_and_the_board_say_what_nodice_is_and_that_no_conflict_runs() -> None:
    app = table()
    shown = app.handle("t", ANA, "/game show").reply.text
    assert shown[4:6] == (
        "Trine: Mind > Body > Spirit > Mind; AD loops REA > KNO > QUI, STR > FIT > AGI, "
        "WIL > PRE > INT, cross-aspect by the 27-matchup card.",
        "No dice: every outcome is integer arithmetic.",
    )
    board = app.handle("t", ANA, "/board show").reply.text
    assert board[-2:] == ("NoDice:", "  No Conflict running.")


def test_a_command_nodice_has_not_names_the_one_to_use() -> None:
    app = table()
    assert app.handle("t", GM, "/roll pool:d6").error == (
        "There is no /roll at a nodice table: use /hand ante and /hand bid (NoDice never rolls "
        "a die)."
    )
    for name in ("contest start", "order start"):
        error = app.handle("t", GM, f"/{name}").error
        assert error is not None
        assert error.endswith("at this nodice table use /conflict start."), name
