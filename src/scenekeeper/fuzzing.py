"""A grammar-aware fuzzer for the command path: lines built from the command schema with
mutated, huge, Unicode and injection-like values, plus random bytes, run against real tables.

It checks what issue 11 asks of every line a person could type: no internal error, no refused
command that changed anything, and (for ``make fuzz``) no line slower than a second. The test
suite runs a small fixed-seed sample (tests/engine/test_fuzz.py); ``make fuzz`` runs 100,000.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

from scenekeeper.app import App
from scenekeeper.engine.commands import CommandRegistry, OptionType
from scenekeeper.engine.state import Person

PEOPLE = ("gm", "ana", "ben", "zed")
NAMES = (
    "Ada",
    "Brick",
    "Thug",
    "ada",
    "\u0410da",
    'Tomas "Rook" Reyes',
    "Cold Hands, Warm Heart",
)
WORDS = (
    "Agility",
    "Fighting",
    "Physical",
    "Mental",
    "d4",
    "d6",
    "d8",
    "d10",
    "d12",
    "d7",
    "2d6",
    "hard",
    "challenging",
    "doom",
    "#1",
    "#99",
    "last",
    "all",
    "true",
    "false",
    "0",
    "-1",
    "1",
    "3",
    "25",
    # NoDice's words: its TA cards and Attributes, and a dash.
    "Mind",
    "Body",
    "Spirit",
    "QUI",
    "STR",
    "WIL",
    "-",
    "auto",
)
NASTY = (
    "",
    " ",
    '"',
    "\\",
    "'; DROP TABLE events; --",
    "${jndi:ldap://x}",
    "{{7*7}}",
    "<script>alert(1)</script>",
    "@everyone",
    "%s%s%s%n",
    "../../etc/passwd",
    "\u202e\u0644\u0627",
    "\U0001f3b2" * 30,
    "Z\u0351\u0352\u0353" * 20,
    "\ufeff",
    "\u00a0",
    "9" * 5000,
    "-" + "9" * 40,
    "1e308",
    "NaN",
    "x" * 300,
    "a:b:c",
    "name:value",
)


TERMINAL = frozenset({"game end"})


@dataclass
class Findings:
    lines: int = 0
    internal_errors: list[str] = field(default_factory=list)
    refused_but_changed: list[str] = field(default_factory=list)
    slow: list[tuple[float, str]] = field(default_factory=list)
    slowest: float = 0.0

    @property
    def clean(self) -> bool:
        return not (self.internal_errors or self.refused_but_changed or self.slow)


class LineMaker:
    """Lines a person (or an attacker) might type at a table playing ``system``."""

    def __init__(self, registry: CommandRegistry, system: str, seed: int) -> None:
        self._random = random.Random(seed)
        self._specs = [
            spec
            for name in registry.names(system)
            if (spec := registry.find(name, system)) is not None
            and not any(o.type is OptionType.ATTACHMENT for o in spec.options)
            # Ending the table ends the run: every later line would only be refused.
            and spec.name not in TERMINAL
        ]

    def lines(self, count: int) -> Iterator[tuple[str, str]]:
        for _ in range(count):
            yield self._random.choice(PEOPLE), self._line()

    def _line(self) -> str:
        roll = self._random.random()
        if roll < 0.05:
            return self._bytes()
        if roll < 0.10:
            return self._nasty()
        spec = self._random.choice(self._specs)
        words = [f"/{spec.name}"]
        if self._random.random() < 0.05:
            words[0] = self._mutate(words[0])
        for option in spec.options:
            if option.required or self._random.random() < 0.4:
                value = self._quoted(self._value(option.type, option.choices))
                words.append(f"{self._option_name(option.name)}:{value}")
        if self._random.random() < 0.05:
            words.append(self._nasty())
        return " ".join(words)

    def _option_name(self, name: str) -> str:
        return self._mutate(name) if self._random.random() < 0.03 else name

    def _value(self, kind: OptionType, choices: tuple[str, ...]) -> str:
        pick = self._random.random()
        if pick < 0.15:
            return self._nasty()
        if choices and pick < 0.6:
            return self._random.choice(choices)
        if kind is OptionType.INTEGER:
            return str(self._random.choice((0, 1, 2, 3, -1, 99, 10**6, 2**63)))
        if kind is OptionType.BOOLEAN:
            return self._random.choice(("true", "false", "yes", "maybe"))
        if kind is OptionType.USER:
            return self._random.choice(PEOPLE)
        if pick < 0.5:
            return self._random.choice(NAMES)
        count = self._random.randint(1, 4)
        return " ".join(self._random.choice(WORDS) for _ in range(count))

    def _quoted(self, text: str) -> str:
        if self._random.random() < 0.1:
            return text  # unquoted, spaces and all
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'

    def _mutate(self, text: str) -> str:
        if not text:
            return text
        at = self._random.randrange(len(text))
        return text[:at] + self._random.choice('xé\u0430_ :/"') + text[at + 1 :]

    def _nasty(self) -> str:
        return self._random.choice(NASTY)

    def _bytes(self) -> str:
        raw = bytes(self._random.randrange(256) for _ in range(self._random.randint(1, 60)))
        return raw.decode("utf-8", "surrogateescape")


def fuzz(
    app: App, table_id: str, system: str, count: int, *, seed: int, slow_after: float = 1.0
) -> Findings:
    """Run ``count`` made-up lines at ``table_id`` and report what went wrong."""
    findings = Findings()
    maker = LineMaker(app.registry, system, seed)
    for who, line in maker.lines(count):
        before_head = app.store.head(table_id)
        before = app.table(table_id).state
        started = time.perf_counter()
        outcome = app.handle(table_id, Person(who, who), line)
        spent = time.perf_counter() - started
        findings.lines += 1
        findings.slowest = max(findings.slowest, spent)
        if spent > slow_after:
            findings.slow.append((spent, line[:200]))
        error = outcome.error or ""
        if error.startswith(("Something went wrong", "The table's storage")):
            findings.internal_errors.append(f"{who}: {line[:200]!r} -> {error}")
        if not outcome.ok and (
            app.store.head(table_id) != before_head or app.table(table_id).state != before
        ):
            findings.refused_but_changed.append(f"{who}: {line[:200]!r}")
    return findings


SETUP = (
    ("gm", "/game new system:{system} name:Fuzz"),
    ("ana", "/game join"),
    ("ben", "/game join"),
    ("ana", "/char new name:Ada"),
    ("ben", "/char new name:Brick"),
    ("gm", "/char new name:Thug gmc:true"),
    ("gm", '/char new name:"Tomas \\"Rook\\" Reyes" gmc:true'),
    ("ana", "/char set character:Ada trait:Agility die:d8 set:{second}"),
    ("ben", "/char set character:Brick trait:Agility die:d6 set:{second}"),
    ("gm", "/char set character:Thug trait:Agility die:d10 set:{second}"),
    ("gm", "/scene start type:action"),
    ("ana", "/roll pool:Agility"),
)


#: NoDice has no trait sets, scenes or rolls: its table worth fuzzing is a Conflict in a Hand.
NODICE_SETUP = (
    ("gm", "/game new system:{system} name:Fuzz"),
    ("ana", "/game join"),
    ("ben", "/game join"),
    ("ana", '/char new name:Ada traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2 PRE 2 wr 1"'),
    ("ben", '/char new name:Brick traits:"REA 2 KNO 2 QUI 2 STR 6 FIT 5 AGI 4 WIL 3 PRE 3 INT 3"'),
    ("gm", '/char new name:Thug gmc:true traits:"REA 2 KNO 2 QUI 2 STR 8 FIT 7 AGI - WIL 3"'),
    ("gm", '/conflict start sides:"Ada, Brick | Thug"'),
    ("ana", "/hand ante aspect:Mind ante:QUI"),
)
SETUPS = {"nodice": NODICE_SETUP}


def set_up(app: App, table_id: str, system: str) -> None:
    """A table worth fuzzing: players, their characters, a GMC, traits, a scene, a roll (or
    the game's own set-up, ``SETUPS``)."""
    second = "Attributes"
    for who, line in SETUPS.get(system, SETUP):
        outcome = app.handle(table_id, Person(who, who), line.format(system=system, second=second))
        if not outcome.ok:
            raise RuntimeError(f"fuzz set-up: {line}: {outcome.error}")
        state = app.table(table_id).state
        sets: tuple[str, ...] = getattr(state.game, "trait_sets", ()) if state else ()
        if len(sets) > 1:
            second = sets[1]
