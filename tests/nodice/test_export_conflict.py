"""What an export made mid-Conflict holds of it (NoDiceSystem.export): the Conflict as it
stands, an Actor out with its status and reason, for whoever reads the file."""

from __future__ import annotations

from tests.nodice.helpers import played
from tests.nodice.test_history_words import ANA, GM, SETUP


def test_an_export_mid_conflict_keeps_who_is_out_and_why() -> None:
    """The export's conflict (NoDiceSystem.export) is read back by a person or a script: an
    Actor eliminated at a Hand's close is there as eliminated, with its reason."""
    app = played(
        (
            *SETUP,
            (GM, '/char new name:Ogre gmc:true traits:"REA 1 KNO 1 STR 8 FIT 7 AGI 6 WIL 3"'),
            (GM, '/char new name:Thug gmc:true traits:"REA 3 KNO 3 QUI 3 STR 8 FIT 7 AGI 6 WIL 3"'),
            (GM, '/conflict start sides:"Ada | Ogre, Thug"'),
            (ANA, "/hand ante aspect:Mind ante:QUI"),
            (GM, "/hand ante character:Ogre aspect:Body ante:STR"),
            (GM, "/hand ante character:Thug aspect:Body ante:STR"),  # Ada wins the pot of 3
            (ANA, '/hand assign tokens:"REA 2, KNO 1"'),
            (GM, "/hand bid character:Ogre action:STR bid:0"),
            (GM, "/hand bid character:Thug action:STR bid:0"),
            (ANA, "/hand bid action:QUI bid:3"),  # 2 Mind damage to each: Ogre out
            (GM, "/hand spread character:Thug points:auto"),
        )
    )
    exported = app.handle("t", GM, "/game export").reply.private_data
    assert exported is not None
    ogre = exported["conflict"]["fighters"]["Ogre"]
    assert (ogre["status"], ogre["reason"]) == ("eliminated", "every Mind Attribute at 0")
    assert exported["conflict"]["hand"] == 2
