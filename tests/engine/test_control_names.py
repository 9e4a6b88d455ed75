"""What names a control for good and what a control shows: the fingerprint a message keeps
across versions of the bot (a button drawn before an upgrade still works after it), and names
people typed shown as themselves inside Markdown."""

from __future__ import annotations

from scenekeeper.engine.controls import Control, fingerprint, literal


def test_a_fingerprint_is_the_same_in_every_version() -> None:
    """Stored in every drawn button's id: changing how it is made would refuse every button on
    every message drawn before an upgrade."""
    assert fingerprint(Control("↩ Undo", "undo", (("seq", "3"),))) == "9ab3"
    assert fingerprint(Control("Undo", "undo", (("seq", "3"),), row=4)) == "9ab3"  # not the look
    twist = Control("Another Twist…", "twist", (("character", "Viktor"),), choose="kind")
    assert fingerprint(twist) == "4a47"


def test_names_people_typed_are_shown_as_themselves() -> None:
    assert literal("Xena the_*Bold*") == "Xena the\\_\\*Bold\\*"
    assert literal("a\\b ~c~ `d` |e|") == "a\\\\b \\~c\\~ \\`d\\` \\|e\\|"
    assert literal("XX plain 123") == "XX plain 123"
