"""METTLE at a live table (issue 21): the split Action, handoffs, the held hit, Surprise, gear
and ratings, whose turn a command means, and what a player's sheet file may not set. The
console transcript mettle/i-live-table.txt plays most of these; here, the edges."""

from __future__ import annotations

import json

import pytest

from scenekeeper.engine.errors import Refusal
from scenekeeper.systems.mettle.sheet_schema import read_file
from scenekeeper.systems.mettle.state import MettleState
from tests.engine.test_transfer import export, import_into
from tests.mettle.helpers import game, import_file, mettle_table, sheet
from tests.support import TableDriver


def _state(driver: TableDriver) -> object:
    return driver.app.table(driver.table_id).state


def unchanged(driver: TableDriver, line: str, actor: str = "gm") -> str:
    before = driver.app.store.head(driver.table_id), _state(driver)
    message = driver.refused(line, actor)
    assert (driver.app.store.head(driver.table_id), _state(driver)) == before
    return message


# -- Split Actions ---------------------------------------------------------------------------


def test_a_splitter_passing_between_parts_still_has_their_action() -> None:
    driver = mettle_table()
    driver.do('/order start lead:Kirin characters:"Kirin, Viktor, Thug"')
    driver.do('/order split parts:"use, move"', "troy")
    driver.do('/act action:use vs:1 results:"1 1 1"', "troy")
    exported = json.loads(driver.do("/game export").reply.files[0].content)
    assert "Kirin" in exported["initiative"]["has_action"]
    assert exported["initiative"]["acted"] == []
    message = unchanged(driver, "/act action:move", "troy")
    assert message == (
        "Kirin has taken a part of their split Action; pass Initiative first "
        "(/order handoff to:<name>; to:Kirin goes on with the rest)."
    )


def test_who_has_acted_and_is_passing_is_read_as_having_acted_and_waited_for_once() -> None:
    driver = mettle_table()
    driver.do('/order start lead:Kirin characters:"Kirin, Viktor, Thug"')
    driver.do('/act action:know vs:1 results:"3 1 2 5"', "troy")
    shown = driver.do("/order show").reply.text
    assert "Kirin has acted and passes Initiative (/order handoff to:<name>)." in shown
    assert "With an Action still: Viktor, Thug." in shown
    assert "Acted: Kirin." in shown
    board = driver.do("/board show").reply.text
    assert "Acted: Kirin." in "\n".join(board)
    assert [line for line in board if line.startswith("Waiting for")] == ["Waiting for:"]


def test_a_split_without_a_defend_part_does_not_hold_a_hit_for_a_defend() -> None:
    driver = mettle_table()
    driver.do('/order start lead:Kirin characters:"Kirin, Viktor, Thug"')
    driver.do('/order split parts:"use, move"', "troy")
    driver.do('/act action:use vs:1 results:"1 1 1"', "troy")
    driver.do("/order handoff to:Thug", "troy")
    # Viktor may Defend Kirin; Kirin's own Action is split into Use and Move only.
    out = driver.do('/act character:Thug action:attack target:Kirin results:"3 3 3 4"')
    assert "The hit waits for a Defend by Viktor (/act action:defend)" in "\n".join(out.reply.text)


# -- Handoffs --------------------------------------------------------------------------------


def test_a_handoff_to_someone_who_acted_names_how_the_round_ends() -> None:
    driver = mettle_table()
    driver.do('/order start lead:Kirin characters:"Kirin, Thug"')
    driver.do("/act action:use", "troy")  # passes to the Thug, the only one left
    message = unchanged(driver, "/order handoff to:Kirin")
    assert message == (
        "Nobody else has an Action this Round: leave out to: (/order handoff) and Round 1 ends."
    )
    assert "pass to ." not in message


def test_handing_off_to_oneself_before_acting_says_to_act() -> None:
    driver = mettle_table()
    driver.do('/order start lead:Kirin characters:"Kirin, Thug, Viktor"')
    message = unchanged(driver, "/order handoff to:Kirin", "troy")
    assert message == (
        "It is Kirin's turn already: take the Action (/act), or give it up and pass to Thug|Viktor."
    )


# -- Whose turn a command means --------------------------------------------------------------


def test_a_player_with_two_characters_needs_no_name_on_either_ones_turn() -> None:
    driver = mettle_table()
    driver.do("/char new name:Mika owner:troy concept:3 frame:3 motive:3 nature:3 poise:3")
    driver.do('/order start lead:Mika characters:"Kirin, Mika, Thug"')
    out = driver.do('/act action:know vs:1 results:"1 1 1"', "troy")
    assert out.reply.text[1].startswith("Mika: Know #1")
    # Not their turn: still asked to name one.
    driver.do("/order handoff to:Thug", "troy")
    message = unchanged(driver, '/act action:know vs:1 results:"1 1 1"', "troy")
    assert message == "Name the character: add character:<name> (you play Kirin, Mika)."


def test_the_gm_needs_no_name_on_a_gm_characters_turn() -> None:
    driver = mettle_table()
    driver.do('/order start lead:Thug characters:"Kirin, Thug, Boss"')
    out = driver.do('/act action:attack target:Kirin results:"1 1 4 5"')
    assert out.reply.text[1].startswith("Thug: Attack #1 (Club)")


def test_a_defend_defaults_to_the_players_one_defender() -> None:
    driver = mettle_table()
    driver.do("/char new name:Mika owner:troy concept:3 frame:3 motive:3 nature:3 poise:3")
    driver.do('/order start lead:Thug characters:"Kirin, Mika, Thug"')
    driver.do('/act character:Thug action:attack target:Kirin results:"3 3 3 4"')
    # Kirin is the target and has his Action: troy's Kirin and Mika may both Defend.
    message = unchanged(driver, '/act action:defend results:"1 1 1 1 1"', "troy")
    assert message.startswith("Name the character")
    driver.do('/act character:Mika action:defend results:"1 1 1"', "troy")


# -- The held hit ----------------------------------------------------------------------------


def test_outside_initiative_any_action_or_check_lands_the_held_hit() -> None:
    driver = mettle_table()
    out = driver.do('/act action:attack target:Thug results:"1 1 1 1 1"', "dana")
    said = "\n".join(out.reply.text)
    assert "The hit waits for a Defend by Thug or Boss (/act action:defend); the next other " in (
        said
    )
    out = driver.do('/check character:Kirin pool:poise vs:2 results:"1 1 1 1 1"', "troy")
    assert out.reply.text[0] == "The held hit lands first (no Defend)."
    assert game(driver).held_hit is None


@pytest.mark.parametrize(
    "line",
    [
        "/char set character:Thug attribute:frame value:9",
        "/status add character:Thug status:partial-cover",
        "/mettle set character:Thug value:3",
        "/mettle damage character:Thug damage:1",
        "/char gear character:Thug item:Plate",
        "/order start lead:Kirin",
    ],
)
def test_a_held_hit_never_outlives_a_change_to_its_target(line: str) -> None:
    driver = mettle_table()
    driver.do('/act action:attack target:Thug results:"3 3 3 4 5"', "dana")
    hit = game(driver).held_hit
    assert hit is not None
    assert hit.damage == 7  # Sword DM Frame+2 = 5, + Edge 2
    out = driver.do(line)
    assert out.reply.text[0] == "The held hit lands first (no Defend)."
    assert out.reply.text[1].startswith("Viktor's hit on Thug: 7 damage - Soak 5 (Frame 5) = 2")
    assert game(driver).held_hit is None


def test_a_change_to_someone_else_leaves_the_held_hit_waiting() -> None:
    driver = mettle_table()
    driver.do('/act action:attack target:Thug results:"3 3 3 4 5"', "dana")
    driver.do("/status add character:Kirin status:blinded")
    assert game(driver).held_hit is not None


# -- Surprise --------------------------------------------------------------------------------


def test_surprised_given_in_round_one_loses_that_rounds_action_only() -> None:
    driver = mettle_table()
    driver.do('/order start lead:Kirin characters:"Kirin, Viktor, Thug"')
    out = driver.do("/status add character:Thug status:surprised")
    assert "Thug loses their Action this Round (Surprised)." in out.reply.text
    driver.do("/order end")
    assert not sheet(driver, "Thug").has("surprised")


def test_surprised_is_refused_once_the_first_round_is_past() -> None:
    driver = mettle_table()
    driver.do('/order start lead:Kirin characters:"Kirin, Thug"')
    driver.do("/act action:use", "troy")
    driver.do("/act character:Thug action:use")
    driver.do("/order next lead:Kirin")
    message = unchanged(driver, "/status add character:Viktor status:surprised")
    assert message.startswith(
        "Surprised takes the Action of an Initiative's first Round; this one is in Round 2."
    )


# -- Gear and ratings ------------------------------------------------------------------------


def test_a_name_like_a_table_item_is_refused_with_the_item() -> None:
    driver = mettle_table()
    message = unchanged(driver, "/char gear character:Viktor item:kevlar", "dana")
    assert message.startswith('kevlar is not on the gear tables; did you mean item:"Kevlar vest"?')


def test_a_table_item_with_some_numbers_keeps_the_rest() -> None:
    driver = mettle_table()
    out = driver.do("/char gear character:Viktor item:Sword hit:3", "dana")
    assert out.reply.text == ("Viktor carries Sword (Hit +3D, DM Frame+2, Load 1).",)


def test_bp_armor_is_a_mod_and_off_for_tables_from_before_it() -> None:
    driver = mettle_table()
    driver.do("/mods set mod:bp-armor enabled:false")
    driver.do('/char gear character:Viktor item:"Kevlar vest"', "dana")
    driver.do("/char gear character:Thug item:Pistol")
    driver.do('/act character:Thug action:attack target:Viktor weapon:Pistol results:"3 3 5"')
    out = driver.do("/mettle take", "dana")
    assert "halved" not in "\n".join(out.reply.text)


def test_an_attribute_above_six_is_warned_in_every_way_it_is_written() -> None:
    driver = mettle_table()
    out = driver.do("/char set character:Viktor attribute:nature value:8", "dana")
    assert out.reply.text[1].startswith("Above 6 (Nature 8): Attributes run 1-6")
    outcome = import_file(driver, "ana.yaml", "name: Ana\nconcept: 7\nnature: 3\n", "dana")
    assert outcome.ok, outcome.error
    assert any(line.startswith("Above 6 (Concept 7)") for line in outcome.reply.text)


# -- Sheet files -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("name: A\nconcept: 1000000000000000000000000000000\n", "concept: a whole number from 1 "),
        ("name: A\nnature: 3000000\n", "nature: a whole number from 1 to 30, not 3000000"),
        ("name: A\nkind: gmc\npool: 31\n", "pool: a whole number from 1 to 30, not 31"),
        ("name: A\nmettle: 100\n", "mettle: a whole number from -99 to 99, not 100"),
        ("name: A\ncredit: 7\n", "credit: a whole number from 0 to 6, not 7"),
        ("name: A\nvouchers: -1\n", "vouchers: a whole number from 0 to 99, not -1"),
        (f"name: {'A' * 61}\n", "a name is at most 60 characters"),
        ("name: A\nconcept: {rating: 3, descriptor: " + "x" * 81 + "}\n", "at most 80"),
        ("name: A\nbackstories: ['" + "x" * 201 + "']\n", "each is at most 200 characters"),
        ("name: A\ngear: {Sword: {hit: 21}}\n", "Sword: hit: a whole number from 0 to 20"),
        ("name: A\ngear: {Gun: {dm: 100}}\n", "Gun: dm: 100 is more damage than any weapon"),
        ("name: A\ngear: {Gun: {dm: 5, special: Range 99}}\n", "a special's number is 0 to 20"),
        ("name: A\ngear: {Whip: {hit: 1}}\n", "Whip: A weapon needs its damage too"),
        ("name: A\nstatuses: {partial-cover: 99}\n", "a whole number from 0 to 20, not 99"),
    ],
)
def test_a_sheet_file_has_the_ranges_the_commands_have(text: str, expected: str) -> None:
    with pytest.raises(Refusal) as caught:
        read_file(text.encode(), "bad.yaml", MettleState())
    assert expected in str(caught.value)


def test_a_sword_written_with_its_hit_keeps_its_damage_and_attacks() -> None:
    driver = mettle_table()
    text = '{"name": "Ana", "nature": 3, "poise": 3, "gear": [{"name": "Sword", "hit": 2}]}'
    outcome = import_file(driver, "ana.json", text, "dana")
    assert outcome.ok, outcome.error
    sword = sheet(driver, "Ana").weapon("Sword")
    assert sword is not None
    assert (sword.hit, sword.dm, sword.frame_dm) == (2, 2, True)
    out = driver.do('/act character:Ana action:attack target:Thug weapon:Sword results:"1 1 1 1 1"')
    assert (
        out.reply.text[1]
        == "Ana: Attack #1 (Sword), Nature 3 + Sword 2 = 5 dice vs Thug's Poise 3."
    )


def test_a_players_sheet_file_sets_no_status() -> None:
    driver = mettle_table()
    driver.do("/status add character:Viktor status:blinded")
    driver.do("/status add character:Viktor status:rattled")
    driver.do('/status add character:Viktor status:afflicted kind:poison dose:2d6 results:"6 6"')
    before = sheet(driver, "Viktor")
    for text in (
        '{"name": "Viktor", "statuses": {}}',
        '{"name": "Viktor", "statuses": {"partial-cover": 9}}',
    ):
        outcome = import_file(driver, "v.json", text, "dana")
        assert outcome.ok, outcome.error
        assert outcome.reply.text[1].startswith(
            "Kept as they were, since the Guide and play set them: statuses (the file says"
        )
        after = sheet(driver, "Viktor")
        assert after.statuses == before.statuses
        assert after.affliction == before.affliction
    # A GM's file sets them.
    outcome = import_file(driver, "v.json", '{"name": "Viktor", "statuses": {}}')
    assert outcome.ok, outcome.error
    assert sheet(driver, "Viktor").statuses == {}


# -- The Guide's secret Dose ------------------------------------------------------------------


def test_a_poison_dose_and_its_faces_are_never_shown_again() -> None:
    driver = mettle_table()
    line = (
        '/status add character:Viktor status:afflicted kind:poison dose:7d6 results:"6 6 6 6 6 6 5"'
    )
    out = driver.do(line)
    assert out.reply.private == (
        "Dose 7d6 (6 6 6 6 6 6 5) = 41 - Frame 3 = 38 (kept from the players).",
    )
    seen = list(driver.do("/history count:1", "dana").reply.text)
    log = driver.do("/game log", "dana").reply.files[0].content.decode()
    seen += list(driver.do("/undo").reply.text)
    seen += list(driver.do("/redo").reply.text)
    seen += list(driver.do("/history count:3", "dana").reply.text)
    for text in (*seen, log):
        assert "7d6" not in text
        assert "6 6 6" not in text
    assert seen[0] == (
        "#13 Gemma: /status add character:Viktor status:afflicted kind:poison (secret) "
        "→ Viktor is afflicted (poison)"
    )
    assert "kind:poison (secret)" in log
    assert seen[1].startswith("Undid #13 /status add character:Viktor status:afflicted")


def test_a_sheet_files_gear_like_a_table_item_is_refused_and_unknown_items_are_said() -> None:
    with pytest.raises(Refusal) as caught:
        read_file(b"name: A\ngear: [Kevlar]\n", "a.yaml", MettleState())
    assert str(caught.value) == (
        "a.yaml: A: gear: Kevlar: not on the gear tables; did you mean Kevlar vest? For an "
        "item of your own, give its numbers (name: {soak:, load:, hit:, dm:, special:})."
    )
    driver = mettle_table()
    outcome = import_file(driver, "a.yaml", "name: Ana\nnature: 3\ngear: [Rope, Sword]\n", "dana")
    assert outcome.ok, outcome.error
    assert "Not on the gear tables, so with no numbers: Rope." in outcome.reply.text


def test_a_rating_from_before_the_ranges_is_refused_at_the_check_not_crashed() -> None:
    driver = mettle_table()
    assert import_file(driver, "a.yaml", "name: Ana\nconcept: 5\n").ok
    doc = export(driver)
    for entry in doc["events"]:
        if entry["type"].startswith("mettle.sheet_imported"):
            entry["data"]["character"]["attributes"]["concept"] = 10**30
    doc["characters"]["Ana"]["attributes"]["concept"] = 10**30
    doc["characters"]["Ana"]["mettle"]["max"] = 10**30  # Motive + the highest
    old = TableDriver(app=driver.app, table_id="old")
    outcome = import_into(old, "old", doc)
    assert outcome.ok, outcome.error
    message = old.refused("/check character:Ana pool:concept vs:3")
    assert message.startswith("A Check of 1000000000000000000000000000000 dice is more than any")
