"""NoDice's reply data, whole (issue 32): a script or the board page reads every key, so each
reveal's, pair's, spread's and Hand's data is compared entire, and the open step's too."""

from __future__ import annotations

from tests.nodice.test_data import ANA, GM, table


def test_each_replys_data_whole_from_step_2_to_the_end() -> None:
    app = table()
    first = app.handle("t", ANA, "/hand ante aspect:Mind ante:REA")
    assert first.reply.data == {"hand": 1, "step": "ante", "waiting": ["Brute"], "pot": 1}
    revealed = app.handle("t", GM, "/hand ante character:Brute aspect:Body ante:STR")
    assert revealed.reply.data == {
        "hand": 1,
        "step": "bid",
        "waiting": ["Ada", "Brute"],
        "pot": None,
        "ta_revealed": {
            "hand": 1,
            "cluster": 0,
            "cards": {"Ada": "Mind", "Brute": "Body"},
            "antes": {"Ada": "REA", "Brute": "STR"},
            "td_wins": {"Ada": 1, "Brute": 0},
            "pot": 2,
            "paid": {"Ada": 2},
            "jackpot": 0,
        },
    }
    assert app.handle("t", ANA, '/hand assign tokens:"QUI 2"').ok
    bid = app.handle("t", ANA, "/hand bid action:QUI bid:5")
    assert bid.reply.data == {"hand": 1, "step": "bid", "waiting": ["Brute"], "pot": None}
    assert bid.reply.private_data == {
        "character": "Ada",
        "action": "QUI",
        "bid": 5,
        "wildcard": False,
        "face_up": False,
    }
    shown = app.handle("t", GM, "/hand bid character:Brute action:FIT bid:1")
    assert shown.reply.data == {
        "conflict": "ended",
        "bids_revealed": {
            "hand": 1,
            "cluster": 0,
            "plays": {
                "Ada": {"card": "Mind", "action": "QUI", "bid": 5, "wildcard": False},
                "Brute": {"card": "Body", "action": "FIT", "bid": 1, "wildcard": False},
            },
            "pairs": [
                {
                    "actors": ["Ada", "Brute"],
                    "ad": "Brute",
                    "sweep": None,
                    "showdown": [5, 2],
                    "winner": "Ada",
                    "margin": 3,
                    "damage": {"defender": "Brute", "aspect": "Mind", "amount": 1, "taken": 1},
                }
            ],
        },
        "spreads": [
            {
                "character": "Brute",
                "aspect": "Mind",
                "spread": {"QUI": 1},
                "forced": True,
                "avs": {"REA": 0, "KNO": 0, "QUI": 0},
                "seriously_wounded": ["QUI"],
            }
        ],
        "hand_closed": {
            "hand": 1,
            "eliminated": {"Brute": "every Mind Attribute at 0"},
            "ended": True,
        },
        "conflict_ended": {"standing": ["Ada"]},
    }
