"""Several ratings typed in a row (``engine.sheets.several``): ``/char set Concept 3 Frame 4``
rates each trait in turn, in one command (one undo), in every game whose ``/char set`` rates
one trait; a row with a refused part rates nothing."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from scenekeeper.dice import SeededDice
from scenekeeper.engine.commands import Context, Decision
from scenekeeper.engine.core.events import DiceRolled, RolledDie
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.sheets.several import is_rating, one_by_one, rated_parts
from scenekeeper.engine.state import Person
from tests.support import TableDriver


@dataclass(frozen=True)
class _Typed:
    trait: str


@pytest.mark.parametrize(
    ("typed", "parts"),
    [
        ("Concept 3 Frame 4", ["Concept 3", "Frame 4"]),
        ("Reflex d10, Hacking 2", ["Reflex d10", "Hacking 2"]),
        ("Reflex d10,Mind -", ["Reflex d10", "Mind -"]),
        ("Close Combat d8 Fast Hands d6", ["Close Combat d8", "Fast Hands d6"]),
        ("Poise 4", ["Poise 4"]),
        ("Cold Hands, Warm Heart", ["Cold Hands, Warm Heart"]),
        ("Hacker d8 Elite", ["Hacker d8 Elite"]),
        ("Concept 3, Frame", ["Concept 3, Frame"]),
        ("3 4", ["3 4"]),
        ("Concept 3 4", ["Concept 3 4"]),
        ("Concept 3,, Frame 4", ["Concept 3", "Frame 4"]),
        (" Poise  4 ", [" Poise  4 "]),
        ("", [""]),
    ],
)
def test_a_row_is_a_list_only_when_every_part_is_a_name_and_a_rating(
    typed: str, parts: list[str]
) -> None:
    assert rated_parts(typed) == parts


def test_a_rating_is_a_die_a_number_or_a_dash() -> None:
    assert [w for w in ("d8", "D12", "4", "-", "dx", "d", "--", "4d6") if is_rating(w)] == [
        "d8",
        "D12",
        "4",
        "-",
    ]


def _table(game: str) -> TableDriver:
    driver = TableDriver()
    driver.do(f"/game new system:{game} name:Rows")
    driver.do("/game join", "ana")
    driver.do("/char new name:Kit", "ana")
    return driver


def test_mettle_rates_a_row_of_attributes_in_one_command() -> None:
    driver = _table("mettle")
    said = driver.do("/char set Concept 3 Frame 4", "ana").reply.text
    assert said == ("Kit: Concept 3; maximum Mettle 3.", "Kit: Frame 4; maximum Mettle 3.")
    driver.do("/char set Motive 2, Nature 5", "ana")
    assert "Concept 3, Frame 4, Motive 2, Nature 5." in driver.do("/char show", "ana").reply.text
    driver.do("/undo", "ana")
    assert "Concept 3, Frame 4." in driver.do("/char show", "ana").reply.text


def test_a_row_with_a_refused_part_rates_nothing() -> None:
    driver = _table("mettle")
    refused = driver.refused("/char set Concept 3 Poise 0", "ana")
    assert refused == "Poise is at least 1 (1-6 to start): value:1 or more."
    assert "Not yet rated: Concept, Frame, Motive, Nature, Poise." in (
        driver.do("/char show", "ana").reply.text
    )


def test_a_descriptor_is_for_one_attribute() -> None:
    driver = _table("mettle")
    refused = driver.refused('/char set Concept 3 Frame 4 descriptor:"Old soldier"', "ana")
    assert "not an Attribute" in refused


def test_cybergod_rates_a_row_of_dice_and_numbers() -> None:
    driver = _table("cybergod")
    said = driver.do("/char set Reflex d10 Hacking 2", "ana").reply.text
    assert said == ("Kit: Reflex D10.", "Kit: Hacking 2 (with Technical 0: 2 dice).")
    driver.do("/char set Technical 1, Mind -", "ana")
    shown = driver.do("/char show", "ana").reply.text
    assert "Attributes: Body D6, Reflex D10, Mind -, Cyber D6." in shown
    assert "Technical 1: Design 0, Hacking 2, Troubleshooting 0 (tests roll 1, 3, 1 dice)." in shown


def test_each_part_reads_the_table_the_parts_before_it_left_and_every_line_is_kept() -> None:
    driver = TableDriver()
    driver.do("/game new system:generic name:Rows")
    table = driver.app.table(driver.table_id)
    ctx = Context(
        table_id=driver.table_id,
        table=table,
        actor=Person("gm", "gm"),
        dice=SeededDice(1),
        registry=driver.app.registry,
        history=lambda after: (),
    )
    seen: list[int] = []

    def rate(ctx: Context, args: _Typed) -> Decision:
        seen.append(ctx.table.seq)
        rolled = DiceRolled(
            expression="d6", dice=(RolledDie(sides=6, face=4),), total=4, by=args.trait
        )
        reply = Reply(text=(f"{args.trait} said",), private=(f"{args.trait} alone",))
        return Decision(events=(rolled, rolled), reply=reply)

    decision = one_by_one(ctx, _Typed("row"), ["A 1", "B 2"], rate)
    assert seen == [table.seq, table.seq + 2]
    assert [e.by for e in decision.events] == ["A 1", "A 1", "B 2", "B 2"]  # type: ignore[attr-defined]
    assert decision.reply.text == ("A 1 said", "B 2 said")
    assert decision.reply.private == ("A 1 alone", "B 2 alone")
