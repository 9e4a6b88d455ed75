"""What the table is told matches what happens: damage reduced by dashes says so (R58), and
refusals name the real reason."""

from __future__ import annotations

from scenekeeper.app import App
from scenekeeper.engine.state import Person
from tests.nodice.helpers import played

GM, ANA, ZOE = Person("gm", "gm"), Person("ana", "ana"), Person("zoë", "zoë")


def table(sides: str) -> App:
    script = (
        (GM, '/game new system:nodice name:"Wording"'),
        (ANA, "/game join"),
        (ZOE, "/game join"),
        (ANA, '/char new name:Ada traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2 PRE 2 INT 2"'),
        (ZOE, '/char new name:Zoë traits:"REA 3 KNO 3 QUI 3 STR 2 FIT 2 AGI - WIL 6 PRE 5 INT 5"'),
        (GM, '/char new name:Brute gmc:true rank:12 traits:"QUI 1 STR 8 FIT 7 AGI 6 WIL 3"'),
        (GM, f'/conflict start sides:"{sides}"'),
    )
    return played(script)


def play(app: App, *lines: tuple[Person, str]) -> list[str]:
    said: list[str] = []
    for who, line in lines:
        outcome = app.handle("t", who, line)
        assert outcome.ok, (line, outcome.error)
        said.extend(outcome.reply.text)
    return said


def test_damage_reduced_by_dashes_is_announced_with_what_is_taken() -> None:
    app = table("Zoë | Brute")
    said = play(
        app,
        (ZOE, "/hand ante aspect:Body ante:STR"),
        (GM, "/hand ante character:Brute aspect:Body ante:AGI"),
        (ZOE, "/hand bid action:FIT bid:0"),
        (GM, "/hand bid character:Brute action:STR bid:7"),
    )
    assert any(line.endswith("5 Body damage to Zoë, 3 after 1 dash.") for line in said), said
    assert any("STR -1, FIT -2" in line for line in said)


def test_game_end_while_a_commit_is_sealed_says_what_to_do() -> None:
    """D14: /game end waits for the sealed commit (its export would carry it), and says so."""
    app = table("Ada | Brute")
    play(app, (ANA, "/hand ante aspect:Spirit ante:PRE"))
    refused = app.handle("t", GM, "/game end confirm:true")
    assert refused.error == (
        "/game end waits until nothing is sealed: finish the step (every commit in, so it is "
        "revealed), or /conflict end first, then end the game."
    )
    assert app.handle("t", GM, "/conflict end").ok
    assert app.handle("t", GM, "/game end confirm:true").ok


def test_replacing_a_commit_seen_at_an_undone_reveal_does_not_say_unseen() -> None:
    """D15: after a GM undid the reveal, everyone saw the commit that is replaced."""
    app = table("Ada | Brute")
    play(
        app,
        (ANA, "/hand ante aspect:Mind ante:QUI"),
        (GM, "/hand ante character:Brute aspect:Body ante:STR"),
        (GM, "/undo"),
    )
    again = app.handle("t", ANA, "/hand ante aspect:Spirit ante:WIL")
    assert again.ok, again.error
    assert again.reply.private == (
        "Sealed for Ada (replacing the earlier one, which everyone saw before the reveal was "
        "undone): Spirit card, ante WIL.",
    )
    # A commit sealed since, and never shown, is replaced unseen again.
    once_more = app.handle("t", ANA, "/hand ante aspect:Mind ante:REA")
    assert once_more.reply.private == (
        "Sealed for Ada (replacing the earlier one, unseen): Mind card, ante REA.",
    )


def test_an_npc_wildcard_refusal_names_the_mod_not_a_spent_wildcard() -> None:
    """D16: with npc-wildcards off an NPC never had a Wildcard; a PC with WR 0 neither."""
    app = table("Ada | Brute")
    play(
        app,
        (ANA, "/hand ante aspect:Mind ante:QUI"),
        (GM, "/hand ante character:Brute aspect:Body ante:STR"),
        (ANA, '/hand assign tokens:"QUI 2"'),
    )
    refused = app.handle("t", GM, "/hand bid character:Brute action:STR bid:3 wildcard:true")
    assert refused.error == (
        "NPCs have no Wildcards (the npc-wildcards mod is off): leave out wildcard:."
    )
    refused = app.handle("t", ANA, "/hand bid action:QUI bid:3 wildcard:true")
    assert refused.error == "Ada has WR 0, so no Wildcards: leave out wildcard:."
