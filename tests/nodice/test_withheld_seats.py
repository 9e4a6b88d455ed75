"""A withheld commit in an imported history must have been sealable where it stands (G2, G6):
in the step it belongs to, for an Actor still in the Hand, by whoever may seal for that Actor,
as its ``by`` says. A forged one is refused with what does not hold, in full."""

from __future__ import annotations

import json

import pytest

from tests.nodice.test_leaks import GM, T, import_file, play_both_conflicts, setup_table

HOLD = "leaks.json does not hold as a table's history: "


@pytest.mark.parametrize(
    ("line", "actor", "kept", "says"),
    [
        # Ada's replaced ante, sealed by her player as the file says, for an Actor not there.
        ("/hand ante aspect:Body ante:KNO", None, {"character": "Zed"}, "Zed was not in the Hand"),
        # ... by her player, the file's by naming another.
        (
            "/hand ante aspect:Body ante:KNO",
            None,
            {"by": "ben"},
            "Ada's commit was not ana's to seal",
        ),
        # ... by another player, who does not play Ada.
        (
            "/hand ante aspect:Body ante:KNO",
            "ben",
            {"by": "ben"},
            "Ada's commit was not ben's to seal",
        ),
    ],
)
def test_a_withheld_commit_sealed_where_no_one_could_is_refused_saying_why(
    line: str, actor: str | None, kept: dict[str, str], says: str
) -> None:
    table = setup_table()
    play_both_conflicts(table)
    doc = table.do(GM, "/game export").reply.private_data
    seq = next(e.seq for e in table.app.store.read(T) if e.command == line)
    for event in doc["events"]:
        if event["command_seq"] == seq:
            event["actor"] = actor or event["actor"]
            event["data"]["kept"].update(kept)
    refused = import_file(table, "forged", json.dumps(doc).encode())
    assert refused.error == (
        f"{HOLD}#{seq} /hand ante (withheld): {says}. Import only files /game export made, "
        "unchanged."
    )
    assert table.app.table("forged").seq == 0


def test_a_withheld_npc_commit_a_gm_sealed_imports() -> None:
    """An NPC has no player: any GM may seal for it, so its replaced commit imports."""
    table = setup_table()
    for line in (
        "/hand ante character:Brute aspect:Body ante:STR",
        "/hand ante character:Brute aspect:Mind ante:REA",  # the first is withheld
        "/conflict end",
    ):
        assert table.do(GM, line).ok, line
    exported = table.do(GM, "/game export")
    (file,) = exported.reply.files
    assert json.loads(file.content)["withheld"]["commands"]
    imported = import_file(table, "copy", file.content)
    assert imported.ok, imported.error


def test_a_forged_withheld_commits_long_name_is_cut_in_the_refusal() -> None:
    table = setup_table()
    play_both_conflicts(table)
    doc = table.do(GM, "/game export").reply.private_data
    line = "/hand ante aspect:Body ante:KNO"
    seq = next(e.seq for e in table.app.store.read(T) if e.command == line)
    for event in doc["events"]:
        if event["command_seq"] == seq:
            event["data"]["kept"]["character"] = "Z" * 60
    refused = import_file(table, "forged", json.dumps(doc).encode())
    assert refused.error == (
        f"{HOLD}#{seq} /hand ante (withheld): {'Z' * 40} was not in the Hand. Import only files "
        "/game export made, unchanged."
    )
