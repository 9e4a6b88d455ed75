"""What the bot says is whole and can be followed: a choice it could not pay is said with its
cost, and its own advice can be copied as it stands (play-test items 6 and 7)."""

from __future__ import annotations

from tests.cybergod.helpers import cybergod_table


def test_an_overcome_choice_the_test_cannot_pay_is_said_with_its_cost() -> None:
    driver = cybergod_table()
    said = driver.do(
        '/test pool:"Hacking x Cyber" vs:moderate complications:"Sys Op 1, Trace 2" '
        'overcome:Trace results:"10 5 2 1"',
        "ana",
    ).reply.text
    assert "Complications Sys Op (1), Trace (2): Sys Op, Trace happen." in said
    assert (
        "Not overcome as chosen: Trace (2) costs more than the 1 extra success #1 had for it; "
        "choose again with /pick overcome:<names> (or all, none)."
    ) in said
    # What it can pay, it pays without a note.
    said = driver.do(
        '/test pool:"Hacking x Cyber" vs:moderate complications:"Sys Op 1, Trace 2" '
        'overcome:"Sys Op" results:"10 5 2 1"',
        "ana",
    ).reply.text
    assert "Not overcome" not in said
