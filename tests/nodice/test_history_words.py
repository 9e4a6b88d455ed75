"""How /history tells each NoDice event (events.describe): what the table reads of a commit,
a reveal, an engagement, damage and a Hand's close; what only the sealer, or only a GM, reads
of a sealed one (a commit's values, a Rank, an imported sheet's Rank)."""

from __future__ import annotations

from scenekeeper.app import App
from scenekeeper.engine.commands import Attachment
from scenekeeper.engine.state import Person
from tests.nodice.helpers import played

GM, ANA = Person("gm", "gm"), Person("ana", "ana")
ADA = 'traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2 PRE 2 INT 2, wr 1"'
NPC = 'gmc:true traits:"QUI 1 STR 8 FIT 7 AGI 6 WIL 3"'
SETUP = (
    (GM, '/game new system:nodice name:"History"'),
    (ANA, "/game join"),
    (ANA, f"/char new name:Ada {ADA}"),
    (GM, f"/char new name:Brute {NPC}"),
    (GM, f"/char new name:Wisp {NPC}"),
)


def history(app: App, who: Person) -> tuple[list[str], list[str]]:
    """The lines everyone reads, and the lines only ``who`` reads, each without its number."""
    reply = app.handle("t", who, "/history").reply
    return [line.split(" ", 1)[1] for line in reply.text], list(reply.private)


def test_a_hand_is_told_as_the_table_reads_it_and_as_each_sealer_does() -> None:
    app = played(
        (
            *SETUP,
            (GM, "/mods set mod:engage enabled:true"),
            (GM, '/conflict start sides:"Ada | Brute"'),
            (ANA, "/hand ante aspect:Mind ante:QUI"),
            (GM, "/hand ante character:Brute aspect:Body ante:STR"),  # Ada wins 2 tokens
            (GM, '/conflict engage sides:"Ada | Brute, Wisp"'),
            (ANA, '/hand assign tokens:"QUI 2"'),
            (GM, "/hand bid character:Brute action:STR bid:2"),
            (ANA, "/hand bid action:QUI bid:3 wildcard:true face_up:true"),
        )
    )
    public, gm_only = history(app, GM)
    assert public[-7:] == [
        'gm: /conflict start sides:"Ada | Brute" → Conflict started (ES 1): Ada, Brute',
        "ana: /hand ante (secret) → Ada committed (sealed)",
        "gm: /hand ante (secret) character:Brute → Brute committed (sealed); Hand 1 TA cards: "
        "Ada Mind (ante QUI), Brute Body (ante STR)",
        'gm: /conflict engage sides:"Ada | Brute, Wisp" → engagement for Hand 2: Ada, Brute, '
        "Wisp; joining: Wisp",
        'ana: /hand assign tokens:"QUI 2" → Ada assigns won tokens: QUI +2',
        "gm: /hand bid (secret) character:Brute → Brute committed (sealed)",
        "ana: /hand bid (secret) → Ada committed, bidding 3 + Wildcard face up (sealed card); "
        "Hand 1 Action cards: Ada QUI bid 3 + Wildcard, Brute STR bid 2; Brute takes Ada's Mind "
        "damage: QUI -1; Hand 1 closed (Brute: every Mind Attribute at 0): Hand 2 opens",
    ]
    assert any(line.endswith("as you may read it: Brute sealed STR, bid 2") for line in gm_only)
    _, anas = history(app, ANA)
    assert any(line.endswith("as you may read it: Ada sealed Mind, ante QUI") for line in anas)
    assert any(
        "as you may read it: Ada sealed QUI, bid 3 + Wildcard face up; Hand 1" in line
        for line in anas
    )


def test_a_retreat_an_end_a_rank_an_import_and_a_delete_are_told() -> None:
    app = played(
        (
            *SETUP,
            (GM, "/char set character:Brute rank:3"),
            (GM, '/conflict start sides:"Ada | Brute, Wisp"'),
            (GM, "/hand fold character:Wisp"),
            (GM, "/conflict end"),
            (GM, "/char delete character:Wisp"),
        )
    )
    sheet = b'{"name": "Zed", "rank": 4, "avs": {"QUI": 2}}'
    imported = app.handle(
        "t", GM, "/char import file:s.json", read_file=lambda _p: Attachment("s.json", sheet)
    )
    assert imported.ok, imported.error
    public, gm_only = history(app, GM)
    assert public[-6:] == [
        "gm: /char set (secret) character:Brute → Brute's Rank set (GMs only)",
        'gm: /conflict start sides:"Ada | Brute, Wisp" → Conflict started (ES 1): Ada, Brute, Wisp',
        "gm: /hand fold character:Wisp → Wisp retreats",
        "gm: /conflict end → Conflict ended (ended by a GM)",
        "gm: /char delete character:Wisp → Wisp deleted",
        "gm: /char import file:s.json → sheet of Zed imported",
    ]
    assert [line.split(" ", 1)[1] for line in gm_only] == [
        "as you may read it: Brute: Rank 3",
        "as you may read it: sheet of Zed imported (Rank 4)",
    ]
    assert history(app, ANA) == (public, [])
