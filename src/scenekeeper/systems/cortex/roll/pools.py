"""Building a Cortex pool from what a person types: trait names, assets, complications,
stress and raw dice, in any mix (``"Fighting Agility Grandfather's Sword d6"``).

Cortex p.16-17: a pool takes one trait from each prime set (a second from the same set costs a
plot point); assets and the opposition's complications and stress add dice; a d4 complication
or d4 stress of your own goes in your own pool and earns a plot point (p.27, p.39).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from scenekeeper.dice import DiceError, Die, Pool
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.kept import KeptByIdentity
from scenekeeper.engine.names import resolve
from scenekeeper.engine.quick import quick_init
from scenekeeper.engine.quoting import quoted
from scenekeeper.systems.cortex.roll.terms import Candidates, Term, fold
from scenekeeper.systems.cortex.sheets.sheet import Character
from scenekeeper.systems.cortex.state import CortexState

_DICE_WORD = re.compile(r"\d*[dD]\d+")
#: Cortex p.25: difficulty levels and the two dice each one rolls.
LEVELS = {
    "very easy": Die.D4,
    "easy": Die.D6,
    "challenging": Die.D8,
    "hard": Die.D10,
    "very hard": Die.D12,
}
#: Static Difficulty mod (Cortex p.25): the levels as numbers.
STATIC = {"very easy": 3, "easy": 7, "challenging": 11, "hard": 15, "very hard": 19}


@quick_init
@dataclass(frozen=True)
class BuiltPool:
    terms: tuple[Term, ...]

    @property
    def dice(self) -> tuple[Die, ...]:
        return tuple([t.die for t in self.terms])

    def extra_traits(self) -> list[tuple[str, list[str]]]:
        """Sets with more than one trait, and those traits (each after the first costs 1 PP)."""
        by_set: dict[str, list[str]] = {}
        for term in self.terms:
            if term.trait_set is not None:
                by_set.setdefault(term.trait_set, []).append(term.name)
        return [(s, names) for s, names in by_set.items() if len(names) > 1]

    def extra_trait_cost(self) -> int:
        return sum(len(names) - 1 for _, names in self.extra_traits())

    def pp_earned(self) -> int:
        return sum(1 for t in self.terms if t.earns_pp)


def player_pool(
    text: str, roller: Character, game: CortexState, hinder: str | None = None
) -> BuiltPool:
    """The pool of a character acting (a PC, or a GMC the GM rolls for)."""
    if hinder:
        # As people say names: "hinder:Cat" for Cat Burglar.
        hinder = (
            resolve(roller.traits.get(game.rules.hinder_set, {}), hinder, "distinction") or hinder
        )
    candidates = _player_candidates(roller, game, hinder)
    terms = _expand_gang(_resolve(text, candidates, f"{roller.name}'s pool"), game)
    if hinder and not any(t.kind == "trait" and t.earns_pp for t in terms):
        hindered = _hindered(roller, hinder, game.rules.hinder_set)
        terms = (*terms, hindered)
    return BuiltPool(terms)


def pool_names(game: CortexState, roller: Character) -> list[str]:
    """Every name ``roller``'s pool accepts, as people type it (for suggestions): their
    traits, assets and troubles, the opposition's complications and stress, open and scene
    assets."""
    return _player_candidates(roller, game, None).names()


def opposition_names(game: CortexState, roller: Character | None = None) -> list[str]:
    """Every name an opposition pool accepts, as people type it (for suggestions), with the
    complications and stress of ``roller`` -- the one the difficulty is for -- first: they
    join the difficulty dice when they apply (Cortex p.27, p.39)."""
    names = _opposition_candidates(game).names()
    if roller is None:
        return names
    theirs = [
        *(n for n, d in roller.complications.items() if d is not Die.D4),
        *(f"{roller.name}'s {n} stress" for n, d in roller.stress.items() if d is not Die.D4),
        *(f"{roller.name}'s {n} trauma" for n in roller.trauma),
    ]
    return [*theirs, *(n for n in names if n not in theirs)]


def _player_candidates(roller: Character, game: CortexState, hinder: str | None) -> Candidates:
    gang = game.scene.gang if game.scene is not None else None
    parts = (roller, game.characters, game.scene_assets, game.scene_complications, gang)
    return _PLAYERS.get(
        (game.rules.hinder_set, hinder, *parts), lambda: _players(roller, game, hinder)
    )


#: The names of pools kept by the parts of the state they are built from (``engine.kept``).
_PLAYERS: KeptByIdentity[Candidates] = KeptByIdentity(texts=2)  # the hinder set, the hinder
_OPPOSITIONS: KeptByIdentity[Candidates] = KeptByIdentity()


def _players(roller: Character, game: CortexState, hinder: str | None) -> Candidates:
    candidates = Candidates()
    _own(candidates, roller, hinder, game.rules.hinder_set)
    for other in game.characters.values():
        if other.name == roller.name:
            continue
        # The opposition's complications and stress help whoever acts against them.
        for name, die in other.complications.items():
            term = Term(
                die, f"{name} ({other.name}'s complication)", "complication", name, other.name
            )
            candidates.add(name, term)
            candidates.add(f"{other.name}'s {name}", term)
        for name, die in other.stress.items():
            candidates.stress(other, name, die, typed=False)
        for name, die in other.trauma.items():
            candidates.stress(other, name, die, "trauma", typed=False)
        for name, asset in other.assets.items():
            if asset.open:
                candidates.add(
                    name, Term(asset.die, f"{name} (open asset)", "asset", name, other.name)
                )
    for name, asset in game.scene_assets.items():
        candidates.add(name, Term(asset.die, f"{name} (scene asset)", "asset", name, "scene"))
    if roller.kind == "gmc":
        # The scene's complications hinder the PCs: a GMC acting against them may add one.
        for name, die in game.scene_complications.items():
            candidates.add(
                name, Term(die, f"{name} (scene complication)", "complication", name, "scene")
            )
    _gang(candidates, game)
    return candidates


def _own(candidates: Candidates, who: Character, hinder: str | None, hinder_set: str) -> None:
    for set_name, traits in who.traits.items():
        for name, die in traits.items():
            if set_name == hinder_set and hinder and fold(hinder) == fold(name):
                candidates.add(name, _hindered(who, name, hinder_set))
                continue
            candidates.add(name, Term(die, f"{name} ({set_name})", "trait", name, "", set_name))
    for name, asset in who.assets.items():
        candidates.add(name, Term(asset.die, f"{name} (asset)", "asset", name))
    for name, die in who.complications.items():
        candidates.add(
            name, Term(die, f"{name} (complication)", "complication", name, earns_pp=die is Die.D4)
        )
    for name, die in who.stress.items():
        term = Term(die, f"{name} stress", "stress", name, earns_pp=die is Die.D4)
        candidates.add(f"{name} stress", term)


def _hindered(who: Character, name: str, hinder_set: str) -> Term:
    # Cortex p.18 (Hinder): roll a distinction as a d4 and earn a plot point (a game built on
    # Cortex may name another set: Scions hinders aspects).
    traits = who.traits.get(hinder_set, {})
    found = next((d for d in traits if fold(d) == fold(name)), None)
    if found is None:
        known = ", ".join(traits) or "none"
        raise Refusal(f"{who.name} has no {hinder_set} trait called {name} (those: {known}).")
    return Term(Die.D4, f"{found} (hindered)", "trait", found, "", hinder_set, True)


#: An opposition as built from a text and the parts of a game state it reads (the same
#: objects): a roll reads it twice, for its odds line and to roll it, and the next roll
#: against it finds them unchanged -- a roll changes none of them (issue 36).
_BUILT: KeptByIdentity[tuple[BuiltPool, int]] = KeptByIdentity(texts=3)  # text, static, doom


def opposition_pool(
    text: str, game: CortexState, *, static: bool, doom: bool = False
) -> tuple[BuiltPool, int]:
    """The GM's side of a test: difficulty levels, raw dice, and complications or stress of
    anyone at the table. With the Static Difficulty mod a level is a number instead of dice:
    it is returned as the second value (0 when there is none)."""
    gang = game.scene.gang if game.scene is not None else None
    # Everything _opposition reads of the game: the names (_opposition_candidates), the gang,
    # the doom pool and the scene dice it adds.
    parts = (game.characters, game.scene_complications, gang, game.doom_pool)
    return _BUILT.get(
        (text, static, doom, *parts, game.doom_scene_dice()),
        lambda: _opposition(text, game, static, doom),
    )


def _opposition(text: str, game: CortexState, static: bool, doom: bool) -> tuple[BuiltPool, int]:
    candidates = _opposition_candidates(game)
    terms = _expand_gang(_resolve(text, candidates, "the opposition's pool"), game)
    for term in terms:
        if term.kind in ("complication", "stress") and term.die is Die.D4 and term.owner != "scene":
            # Cortex p.27, p.39: a d4 complication or d4 stress goes in its owner's own pool.
            raise Refusal(
                f"{term.source} is a d4: it goes in {term.owner}'s own pool (earning them 1 PP), "
                "not the opposition's."
            )
    number = 0
    dice: list[Term] = []
    if any(t.kind == "doom" for t in terms) and not doom:
        raise Refusal(
            "vs:doom needs the doom-pool mod (and not limited-doom-pool, where tests use normal "
            "difficulty); use a difficulty like vs:hard."
        )
    for term in terms:
        if term.kind == "doom":
            dice += [Term(d, "doom", "dice") for d in sorted(game.doom_pool)]
            # A game may add scene dice to the doom pool as generic opposition (Scions).
            dice += [Term(d, "scene", "dice") for d in game.doom_scene_dice()]
        elif term.kind == "difficulty":
            if static:
                number += STATIC[term.name]
            else:
                # Cortex p.25: a difficulty level is two dice of its size.
                dice += [term, term]
        else:
            dice.append(term)
    return BuiltPool(tuple(dice)), number


def _opposition_candidates(game: CortexState) -> Candidates:
    gang = game.scene.gang if game.scene is not None else None
    parts = (game.characters, game.scene_complications, gang)
    return _OPPOSITIONS.get(parts, lambda: _oppositions(game))


def _oppositions(game: CortexState) -> Candidates:
    candidates = Candidates()
    for level, die in LEVELS.items():
        candidates.add(level, Term(die, "", "difficulty", level))
    # Doom pool mod (gaps 1.6): the doom pool replaces difficulty dice for tests.
    candidates.add("doom", Term(Die.D4, "doom pool", "doom", "doom"))
    for who in game.characters.values():
        for name, die in who.complications.items():
            term = Term(die, f"{name} ({who.name}'s complication)", "complication", name, who.name)
            candidates.add(name, term)
            candidates.add(f"{who.name}'s {name}", term)
        for name, die in who.stress.items():
            candidates.stress(who, name, die)
        for name, die in who.trauma.items():
            # Cortex p.41: trauma works like stress, so it joins the opposition the same way.
            candidates.stress(who, name, die, "trauma")
    for name, die in game.scene_complications.items():
        candidates.add(
            name, Term(die, f"{name} (scene complication)", "complication", name, "scene")
        )
    _gang(candidates, game)
    return candidates


#: A pool's text as resolved against a set of names (the same object): the same pool is typed
#: roll after roll, and its names change only when what they are built from does (issue 36).
_RESOLVED: KeptByIdentity[tuple[Term, ...]] = KeptByIdentity(texts=1)  # the text


def _resolve(text: str, candidates: Candidates, whose: str) -> tuple[Term, ...]:
    # ``whose`` only names the pool in a refusal, and a refusal is not kept.
    return _RESOLVED.get((text, candidates), lambda: _resolved(text, candidates, whose))


def _resolved(text: str, candidates: Candidates, whose: str) -> tuple[Term, ...]:
    words = text.replace(",", " ").split()
    if not words:
        raise Refusal(f'{whose} is empty; name traits or dice, like pool:"Fighting Agility d6".')
    terms: list[Term] = []
    at = 0
    while at < len(words):
        found = candidates.longest(words, at)
        if found is not None:
            options, at = found
            if len({(t.owner, t.name, t.kind) for t in options}) > 1:
                raise Refusal(_ambiguous(options))
            terms.append(options[0])
            continue
        word = words[at]
        if _DICE_WORD.fullmatch(word):
            try:
                pool = Pool.parse(word)
            except DiceError as error:
                raise Refusal(str(error)) from None
            terms += [Term(d, str(d), "dice") for d in pool]
            at += 1
            continue
        # As people say names: the start of one is enough when only that name starts so.
        started = candidates.starting(words, at)
        if started is not None:
            options, at = started
            terms.append(options[0])
            continue
        raise Refusal(_unknown(word, candidates, whose))
    return tuple(terms)


def _unknown(word: str, candidates: Candidates, whose: str) -> str:
    names = candidates.names()
    close = difflib.get_close_matches(word.casefold(), [n.casefold() for n in names], n=1)
    hint = ""
    if close:
        hint = " Did you mean " + next(n for n in names if n.casefold() == close[0]) + "?"
    listed = ", ".join(names[:20]) or "none"
    return (
        f"'{word}' is not a trait, asset, complication or die for {whose}.{hint} Known: {listed}."
    )


def _ambiguous(options: list[Term]) -> str:
    meanings = []
    for term in options:
        whose = f"{term.owner}'s " if term.owner and term.owner != "scene" else ""
        meanings.append(f"{whose}{term.kind}")

    def typed_as(term: Term) -> str:
        kind = f" {term.kind}" if term.kind in ("stress", "trauma") else ""
        return f"{term.owner}'s {term.name}{kind}"

    example = next(
        (typed_as(t) for t in options if t.owner and t.owner != "scene"),
        f"{options[0].name} {options[-1].kind}",
    )
    return (
        f"'{options[0].name}' could be {' or '.join(dict.fromkeys(meanings))}; say which, "
        f"like {quoted(example)}."
    )


def _gang(candidates: Candidates, game: CortexState) -> None:
    if game.scene is not None and game.scene.gang is not None:
        candidates.add("gang", Term(Die.D4, "gang", "gang", "gang"))


def _expand_gang(terms: tuple[Term, ...], game: CortexState) -> tuple[Term, ...]:
    """Cortex p.100: each opponent beyond the lead adds one die (their highest trait)."""
    if not any(t.kind == "gang" for t in terms):
        return terms
    gang = game.scene.gang if game.scene is not None else None
    support = gang.support if gang is not None else ()
    out: list[Term] = []
    for term in terms:
        if term.kind == "gang":
            out += [Term(die, f"{name} (gang)", "dice", name) for name, die in support]
        else:
            out.append(term)
    return tuple(out)
