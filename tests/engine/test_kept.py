"""``engine.kept``: ``KeptByIdentity`` kept while the parts are the same objects, built again when
any part is another object (even an equal one), and bounded; ``OnePerValue`` one value a key."""

from __future__ import annotations

from scenekeeper.engine.kept import KeptByIdentity, OnePerValue


def test_the_same_parts_answer_what_was_built_without_building_again() -> None:
    kept: KeptByIdentity[list[str]] = KeptByIdentity(texts=1)
    characters = {"Ada": 1}
    built: list[int] = []

    def build() -> list[str]:
        built.append(1)
        return sorted(characters)

    first = kept.get(("Agility", characters), build)
    typed = "".join(["Agi", "lity"])  # made at run time: equal, not the same object
    again = kept.get((typed, characters), build)  # text: by value
    assert again is first
    assert len(built) == 1
    other = kept.get(("Fighting", characters), build)  # other text: built again
    assert len(built) == 2
    assert other is not first


def test_another_object_is_built_again_even_when_equal() -> None:
    kept: KeptByIdentity[str] = KeptByIdentity()
    one, other = {"Ada": 1}, {"Ada": 1}
    assert kept.get((one,), lambda: "one") == "one"
    # A state's change makes a new object; an equal copy is not trusted to be the same.
    assert kept.get((other,), lambda: "other") == "other"
    assert kept.get((one, None), lambda: "with none") == "with none"
    assert kept.get((one,), lambda: "again") == "one"


def test_a_full_map_starts_again() -> None:
    kept: KeptByIdentity[int] = KeptByIdentity(size=2)
    parts = [(object(),) for _ in range(3)]
    for n, part in enumerate(parts):
        kept.get(part, lambda n=n: n)
    assert kept.get(parts[2], lambda: 99) == 2  # the newest kept
    assert kept.get(parts[0], lambda: 99) == 99  # the oldest let go with the rest


def test_one_text_part_is_kept_by_value_and_apart_from_two_parts() -> None:
    kept: KeptByIdentity[str] = KeptByIdentity(texts=1)
    assert kept.get(("Agility",), lambda: "built") == "built"
    typed = "".join(["Agi", "lity"])  # equal, another object
    assert kept.get((typed,), lambda: "again") == "built"
    assert kept.get((typed, typed), lambda: "two") == "two"  # two parts: another entry
    assert kept.get(("Agility",), lambda: "again") == "built"


def test_every_part_of_the_key_counts_texts_by_value_and_the_rest_by_identity() -> None:
    kept: KeptByIdentity[str] = KeptByIdentity(texts=2)
    one, two = {"Ada": 1}, {"Bo": 2}
    assert kept.get(("hard", None, one, two), lambda: "first") == "first"
    # Each part on its own changes the answer: a key missing one would answer "first".
    assert kept.get(("easy", None, one, two), lambda: "text") == "text"
    assert kept.get(("hard", "Cat", one, two), lambda: "second text") == "second text"
    assert kept.get(("hard", None, two, two), lambda: "third part") == "third part"
    assert kept.get(("hard", None, one, one), lambda: "fourth part") == "fourth part"
    same = ("".join(["ha", "rd"]), None, one, two)  # texts equal, the rest the same objects
    assert kept.get(same, lambda: "again") == "first"
    # A text where identity is the rule is held by its entry: an equal copy misses, sound.
    past: KeptByIdentity[str] = KeptByIdentity()
    assert past.get(("hard",), lambda: "by identity") == "by identity"
    assert past.get(("".join(["ha", "rd"]),), lambda: "missed") == "missed"


def test_put_keeps_a_value_as_get_would_find_it() -> None:
    kept: KeptByIdentity[str] = KeptByIdentity(texts=1, size=2)
    parts = {"Ada": 1}
    kept.put(("Agility", parts), "put")
    assert kept.get(("".join(["Agi", "lity"]), parts), lambda: "built") == "put"
    assert kept.get(("Agility", {"Ada": 1}), lambda: "equal, not the same") == "equal, not the same"
    kept.put(("Fighting", parts), "full")  # full: starts afresh with this one
    assert kept.get(("Agility", parts), lambda: "let go") == "let go"


def test_one_per_value_shares_one_value_per_key_and_starts_afresh_when_full() -> None:
    made: list[tuple[int, int]] = []

    def make(key: tuple[int, int]) -> str:
        made.append(key)
        return f"d{key[0]}:{key[1]}"

    dice = OnePerValue[tuple[int, int], str](make, size=2)
    first = dice((6, 3))
    assert dice((6, 3)) is first  # the same value, made once
    assert dice((8, 1)) == "d8:1"
    assert made == [(6, 3), (8, 1)]
    dice((10, 2))  # full: starts afresh with this one
    assert dice((6, 3)) == "d6:3"
    assert made == [(6, 3), (8, 1), (10, 2), (6, 3)]


def test_get_one_shares_its_entries_with_get_and_put_of_one_part() -> None:
    kept: KeptByIdentity[str] = KeptByIdentity()
    dice, other = tuple(range(8, 11)), tuple(range(8, 11))  # equal, not the same object
    kept.put((dice,), "put")
    assert kept.get_one(dice, lambda: "built") == "put"
    assert kept.get_one(other, lambda: "another object") == "another object"
    assert kept.get((other,), lambda: "built") == "another object"
