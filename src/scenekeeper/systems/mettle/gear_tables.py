"""The weapons and armor of resources.md, so a sheet may name them ("Sword") and get their
numbers. Specials are kept by name; the ones the bot plays: Stun, Stun (only), Soft, Wrap,
Defend +n, Shield +n, Range n, BP (armor) and Firearm (a gun of one's own)."""

from __future__ import annotations

import difflib

from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.names import fold
from scenekeeper.systems.mettle.sheet import Gear, same_name

#: The most a special's number (Range, Defend +n, Shield +n), a Hit, Soak or Load, and a DM
#: may be, by command or by file: far above the tables'.
MAX_SPECIAL = 20
MAX_GEAR = 20
MAX_DM = 99


def _w(name: str, hit: int, dm: str, specials: str = "", load: int = 0) -> Gear:
    frame = dm.startswith("Frame")
    number = int(dm.removeprefix("Frame").removeprefix("+") or 0)
    words = [s.strip() for s in specials.split(",") if s.strip()]
    return parse_specials(Gear(name=name, hit=hit, dm=number, frame_dm=frame, load=load), words)


def parse_specials(gear: Gear, words: list[str]) -> Gear:
    """Specials as the tables write them: "Range 4", "Defend +1", "Stun (only)"."""
    update: dict[str, object] = {}
    kept: list[str] = []
    for word in words:
        lower = word.casefold().replace("(", " ").replace(")", " ").replace("+", " ")
        parts = lower.split()
        if not parts:
            continue
        head, number = parts[0], next((int(p) for p in parts[1:] if p.isdigit()), None)
        played = head in ("range", "defend", "shield")
        if played and number is not None and number > MAX_SPECIAL:
            raise Refusal(f"{word.strip()}: a special's number is 0 to {MAX_SPECIAL}.")
        if head == "range" and number is not None:
            update["range"] = number
        elif head in ("defend", "shield") and number is not None:
            update[head] = number
        elif head == "stun" and "only" in parts:
            kept.append("stun-only")
        else:
            kept.append("-".join(parts) if number is None else f"{head} {number}")
    update["specials"] = tuple(dict.fromkeys((*gear.specials, *kept)))
    return gear.model_copy(update=update)


WEAPONS = (
    _w("Axe", 1, "Frame+3", load=1),
    _w("Axe, great", 1, "Frame+4", "2H", 2),
    _w("Bow", 0, "Frame+2", "2H, Range 4, Ammo 12", 2),
    _w("Brass Knuckles", 0, "Frame", "Stun"),
    _w("Bullwhip", 0, "Frame", "Reach, Wrap, Grapple", 1),
    _w("Club", 1, "Frame+1", "Stun", 1),
    _w("Crossbow", 0, "6", "2H, Range 4, Ammo 1", 2),
    _w("Dagger", 1, "Frame+1", "Range 0"),
    _w("Knife", 1, "Frame+1", "Range 0"),
    _w("Dynamite stick", 0, "7", "Range 1, Blast, Ammo 1"),
    _w("Flail", 1, "Frame+2", "Wrap", 1),
    _w("Flail, great", 1, "Frame+3", "2H, Wrap", 2),
    _w("Garrote", 0, "Frame+1", "Grapple"),
    _w("Grenade, frag.", 0, "8", "Range 1, Blast"),
    _w("Hatchet", 1, "Frame+1", "Range 0", 1),
    _w("Lance", 1, "Frame+3", "2H, Reach", 2),
    _w("Machete", 1, "Frame+2", "Tool", 1),
    _w("Net", 0, "Frame", "Entangle", 1),
    _w("Pistol", 0, "5", "Range 2, Ammo 6"),
    _w("Polearm", 1, "Frame+4", "2H, Reach", 2),
    _w("Quarterstaff", 2, "Frame+2", "2H, Stun", 2),
    _w("Revolver", 0, "5", "Range 2, Ammo 9"),
    _w("Rifle", 0, "7", "2H, Ammo 5, Range 6, Scoped", 1),
    _w("Rifle, assault", 0, "7", "2H, Burst, Ammo 30, Range 5", 1),
    _w("Shield, large", 0, "Frame", "Shield +2", 2),
    _w("Shield, medium", 0, "Frame", "Defend +1, Shield +1", 1),
    _w("Shield, small", 0, "Frame", "Defend +2"),
    _w("Shotgun", 2, "8", "2H, Range 2", 1),
    _w("Sling", 0, "Frame+1", "Range 3"),
    _w("SMG", 0, "5", "2H, Range 3, Full Auto, Ammo 30"),
    _w("Spear", 1, "Frame+2", "Range 1, Reach", 2),
    _w("Stun gun", 0, "6", "Stun (only)"),
    _w("Sword", 2, "Frame+2", load=1),
    _w("Sword, great", 2, "Frame+3", "2H", 2),
    _w("Taser", 0, "6", "Stun (only), Reach"),
)
ARMOR = (
    Gear(name="Leather", soak=1, load=1),
    Gear(name="Chain", soak=2, load=2),
    Gear(name="Plate", soak=3, load=3),
    Gear(name="Kevlar vest", soak=1, load=0, specials=("bp",)),
    Gear(name="Flak Jacket", soak=2, load=1),
    Gear(name="Riot gear", soak=3, load=2),
)


#: resources.md, Weapons: the guns (BP armor halves the first firearm damage). A weapon of
#: one's own is a firearm with the special "Firearm".
FIREARMS = ("Pistol", "Revolver", "Rifle", "Rifle, assault", "Shotgun", "SMG")


#: The rows as resources.md § Armor writes them: the game's own words name the item too.
BOOK_NAMES = {
    "Light (Leather)": "Leather",
    "Medium (Chain)": "Chain",
    "Heavy (Plate)": "Plate",
    "Kevlar vest (BP)": "Kevlar vest",
}


def known(name: str) -> Gear | None:
    """The table's numbers for ``name`` (any case; the book's row name too), or None."""
    name = next((ours for book, ours in BOOK_NAMES.items() if same_name(book, name)), name)
    return next((g for g in (*WEAPONS, *ARMOR) if same_name(g.name, name)), None)


def like(name: str) -> list[str]:
    """The table items a name not on the tables probably means ("Kevlar": Kevlar vest;
    "Shield": the three shields), by their start, a word of them, or their spelling."""
    names = [g.name for g in (*WEAPONS, *ARMOR)]
    wanted = fold(name)
    if not wanted:
        return []
    starts = [n for n in names if fold(n).startswith(wanted)]
    words = [n for n in names if wanted in fold(n).replace(",", " ").split()]
    if starts or words:
        return list(dict.fromkeys([*starts, *words]))
    by_fold = {fold(n): n for n in names}
    return [by_fold[c] for c in difflib.get_close_matches(wanted, list(by_fold), n=2, cutoff=0.75)]


def is_firearm(gear: Gear) -> bool:
    return "firearm" in gear.specials or any(same_name(gear.name, f) for f in FIREARMS)


def parse_dm(text: str) -> dict[str, object]:
    """A weapon's damage as written: a number, or Frame+n (the wielder's Frame plus n)."""
    word = text.strip().replace(" ", "").casefold()
    frame = word.startswith("frame")
    number = word.removeprefix("frame").removeprefix("+") if frame else word
    if not (number or frame) or (number and not number.isdigit()):
        raise Refusal(f"dm: '{text}' is not damage; write a number or Frame+n, like dm:Frame+2.")
    dm = int(number or 0)
    if dm > MAX_DM:
        raise Refusal(f"dm: {dm} is more damage than any weapon does; write 0 to {MAX_DM}.")
    return {"dm": dm, "frame_dm": frame}


def made_item(
    name: str,
    *,
    hit: int | None = None,
    dm: str | None = None,
    soak: int | None = None,
    load: int | None = None,
    specials: list[str] | None = None,
) -> Gear:
    """An item with the numbers given: a table name starts from the table's numbers and the
    ones given replace them ("Sword" with hit:3 keeps its DM); any other name starts from none.
    A weapon (a Hit) needs its damage."""
    item = (known(name) or Gear(name=name)).model_copy(update={"name": name})
    for field, value in (("hit", hit), ("soak", soak), ("load", load)):
        if value is not None:
            if not 0 <= value <= MAX_GEAR:
                raise Refusal(f"{field}: is 0 to {MAX_GEAR}, not {value}.")
            item = item.model_copy(update={field: value})
    if dm is not None:
        item = item.model_copy(update=parse_dm(dm))
    elif item.hit and item.dm is None:
        raise Refusal("A weapon needs its damage too: dm:<n or Frame+n>.")
    if specials:
        item = parse_specials(item, specials)
    return item
