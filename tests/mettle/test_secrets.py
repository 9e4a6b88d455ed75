"""What the players may not see (scenes.md, Affliction; checklist R154): a tranquilizer's
Dose, and so its raise to the victim's Difficulties, stays the Guide's secret."""

from __future__ import annotations

from tests.mettle.helpers import game, mettle_table

TRANQ = '/status add character:Kirin status:afflicted kind:tranquilizer dose:2d6 results:"5 4"'


def test_a_tranquilizer_raise_is_never_shown_as_a_number() -> None:
    driver = mettle_table()
    driver.do(TRANQ)  # Dose 9 - Frame 2: +7 to Kirin's Difficulties
    out = driver.do('/check pool:nature vs:1 results:"1 1 4"', "troy")
    public = "\n".join(out.reply.text)
    assert "tranquilizer (secret)" in public
    assert "7" not in public
    assert "8" not in public
    assert "does not beat the Difficulty (raised in secret)" in public
    last = game(driver).last_check
    assert last is not None
    assert (last.difficulty, last.secret) == (8, True)
    twisted = "\n".join(driver.do('/twist results:"1"', "troy").reply.text)
    assert "8" not in twisted


def test_a_secret_raise_stays_secret_with_the_largest_modifier_only_mod() -> None:
    driver = mettle_table()
    driver.do("/mods set mod:largest-modifier-only enabled:true")
    driver.do(TRANQ)
    out = driver.do('/check pool:nature vs:1 modifier:9 results:"1 1 1"', "troy")
    public = "\n".join(out.reply.text)
    assert "not tranquilizer." in public
    assert "7" not in public
