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


def test_a_sheet_an_engagement_a_face_up_bid_and_a_quiet_close_are_told() -> None:
    app = played(
        (
            *SETUP,
            (GM, '/char set character:Brute trait:"REA -, KNO 2"'),
            (GM, "/mods set mod:engage enabled:true"),
            (GM, '/conflict start sides:"Ada | Brute"'),
            (GM, '/conflict engage sides:"Ada | Brute"'),
            (ANA, "/hand ante aspect:Mind ante:QUI"),
            (GM, "/hand ante character:Brute aspect:Body ante:STR"),
            (ANA, '/hand assign tokens:"QUI 1, REA 1"'),
            (GM, "/hand bid character:Brute action:STR bid:2 face_up:true"),
            (ANA, "/hand bid action:QUI bid:0"),
        )
    )
    public, _ = history(app, GM)
    made = [line.split(" ", 1)[1] for line in app.handle("t", GM, "/history count:25").reply.text]
    assert made[2].endswith(
        "→ character Ada made; ana plays Ada; Ada: REA 4, KNO 5, QUI 7, "
        "STR 3, FIT 3, AGI 3, WIL 2, PRE 2, INT 2, wr 1"
    )
    assert made[3].endswith("→ NPC Brute made; Brute: QUI 1, STR 8, FIT 7, AGI 6, WIL 3")
    assert public[-9:-1] == [
        'gm: /char set trait:"REA -, KNO 2" character:Brute → Brute: REA -, KNO 2',
        "gm: /mods set mod:engage enabled:true → mod engage switched on",
        'gm: /conflict start sides:"Ada | Brute" → Conflict started (ES 1): Ada, Brute',
        'gm: /conflict engage sides:"Ada | Brute" → engagement for Hand 1: Ada, Brute',
        "ana: /hand ante (secret) → Ada committed (sealed)",
        "gm: /hand ante (secret) character:Brute → Brute committed (sealed); Hand 1 TA cards: "
        "Ada Mind (ante QUI), Brute Body (ante STR)",
        'ana: /hand assign tokens:"QUI 1, REA 1" → Ada assigns won tokens: QUI +1, REA +1',
        "gm: /hand bid (secret) character:Brute → Brute committed, bidding 2 face up (sealed card)",
    ]
    assert (
        app.handle("t", GM, "/history")
        .reply.text[-1]
        .endswith(
            "→ Ada committed (sealed); Hand 1 Action cards: Ada QUI bid 0, Brute STR bid 2; "
            "Hand 1 closed: Hand 2 opens"
        )
    )


def test_damage_spread_on_two_attributes_on_none_and_two_out_at_once_are_told() -> None:
    app = played(
        (
            *SETUP,
            (ANA, f"/char new name:Cy {ADA}"),
            (GM, '/char new name:Ogre gmc:true traits:"REA 1 KNO 1 STR 8 FIT 7 AGI 6 WIL 3"'),
            (GM, '/conflict start sides:"Ada | Ogre, Wisp"'),
            (ANA, "/hand ante character:Ada aspect:Mind ante:QUI"),
            (GM, "/hand ante character:Ogre aspect:Body ante:STR"),
            (GM, "/hand ante character:Wisp aspect:Body ante:STR"),  # Ada wins the pot of 3
            (ANA, '/hand assign character:Ada tokens:"REA 2, KNO 1"'),
            (GM, "/hand bid character:Ogre action:STR bid:0"),
            (GM, "/hand bid character:Wisp action:STR bid:0"),
            (ANA, "/hand bid character:Ada action:QUI bid:3"),
        )
    )
    public, _ = history(app, GM)
    assert public[-1] == (
        "ana: /hand bid (secret) character:Ada → Ada committed (sealed); Hand 1 Action cards: "
        "Ada QUI bid 3, Ogre STR bid 0, Wisp STR bid 0; Ogre takes Ada's Mind damage: REA -1, "
        "KNO -1; Wisp takes Ada's Mind damage: QUI -1; Hand 1 closed (Ogre: every Mind "
        "Attribute at 0; Wisp: every Mind Attribute at 0): the Conflict ends"
    )
    # Two damages to one Aspect: the second finds nothing left to take.
    app = played(
        (
            (GM, '/conflict start sides:"Ada, Cy | Brute"'),
            (ANA, "/hand ante character:Ada aspect:Mind ante:QUI"),
            (ANA, "/hand ante character:Cy aspect:Mind ante:QUI"),
            (GM, "/hand ante character:Brute aspect:Body ante:STR"),
            (ANA, '/hand assign character:Ada tokens:"REA 1, KNO 1"'),
            (ANA, '/hand assign character:Cy tokens:"REA 1"'),
            (GM, "/hand bid character:Brute action:STR bid:0"),
            (ANA, "/hand bid character:Ada action:QUI bid:3"),
            (ANA, "/hand bid character:Cy action:QUI bid:3"),
        ),
        app,
    )
    public, _ = history(app, GM)
    assert public[-1].endswith(
        "Brute takes Ada's Mind damage: QUI -1; Brute takes Cy's Mind damage: nothing to take; "
        "Hand 1 closed (Brute: every Mind Attribute at 0): the Conflict ends"
    )
