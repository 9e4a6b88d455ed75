"""The command registry: every command the engine knows, by name and game (games' commands
included when a table playing them first asks, where the registry is lazy).

It comes before ``engine.commands`` (which declares the commands and names the registry of
them ``CommandRegistry``): it holds any spec with a name, its games and its options
(``Spec``), so it needs nothing of how a command is decided -- the order a command flows in
is the order the modules import each other (options -> registry -> commands).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from scenekeeper.engine.options import Option, OptionType
from scenekeeper.engine.renamed import RENAMED_COMMANDS

_NAME = re.compile(r"[a-z][a-z0-9_-]{0,31}")
#: The most recorded lines whose command ``spec_of`` keeps (then it starts afresh).
LINES_KEPT = 4096


@dataclass(frozen=True)
class SharedText:
    """What a name says where every game's version of it is one command (Discord shows one
    description for all of them): written for every table, never in one game's words
    (docs/architecture.md, "One command scheme"). ``options``: the same for the options whose
    versions say different things."""

    help: str
    options: Mapping[str, str] = field(default_factory=dict)


class Spec(Protocol):
    """What the registry reads of a command (``commands.CommandSpec``)."""

    @property
    def name(self) -> str: ...

    @property
    def systems(self) -> frozenset[str] | None: ...

    @property
    def options(self) -> tuple[Option, ...]: ...


S = TypeVar("S", bound=Spec)
S_co = TypeVar("S_co", bound=Spec, covariant=True)


class SpecSet(Protocol[S_co]):
    """The commands one module declares (``commands.CommandSet``)."""

    @property
    def systems(self) -> frozenset[str] | None: ...

    def __iter__(self) -> Iterator[S_co]: ...

    def shared_texts(self) -> Mapping[str, SharedText]: ...

    def left_out(self) -> tuple[str, ...]: ...


class SpecRegistry(Generic[S]):
    """Every command the engine knows, by name; a game may have its own version of a name.

    Given ``games`` (each game's command names) and ``load`` (a game's command sets), a game's
    commands are included only when a table playing it is first asked about (``find``,
    ``names``), or when every command is (``all_specs``): the registry answers for the others
    from their names, as if they were included. Loading holds a lock, but a registry that
    still has games to load is for one asking thread (the console); the bot's loads them all
    at start-up."""

    def __init__(
        self,
        games: Mapping[str, frozenset[str]] | None = None,
        load: Callable[[str], Iterable[SpecSet[S]]] | None = None,
    ) -> None:
        self._lazy: dict[str, frozenset[str]] = dict(games or {}) if load is not None else {}
        self._load = load
        self._loading = threading.RLock()
        self._specs: dict[str, list[S]] = {}
        self._max_words = 1
        #: Each option name's type and the first command that declared it.
        self._option_types: dict[str, tuple[OptionType, str]] = {}
        self._shared: dict[str, SharedText] = {}
        #: Every-table command name -> the games whose tables do without it (NoDice: /roll).
        self._without: dict[str, set[str]] = {}
        #: What ``find`` answered, by name and game: every command line asks, often several
        #: times (parse, the secrets' read-back, /history). Emptied whenever a command is added.
        self._found: dict[tuple[str, str | None], S | None] = {}
        #: What ``names`` answered, by game (a line of bare words asks it: issue 36); emptied
        #: with ``_found``.
        self._names: dict[str | None, tuple[str, ...]] = {}
        #: What ``spec_of`` answered, by recorded line and game: a line in the undo window is
        #: read back by each /undo, /redo and /history that names it. Emptied with ``_found``.
        self._lines: dict[tuple[str, str | None], S | None] = {}
        for names in self._lazy.values():
            self._max_words = max([self._max_words, *(len(n.split()) for n in names)])

    def load(self, system: str | None) -> None:
        """Include ``system``'s commands now, if they wait to be (a no-op otherwise)."""
        if system is None or system not in self._lazy or self._load is None:
            return
        with self._loading:
            if system in self._lazy:
                for commands in self._load(system):
                    self.include(commands)
                del self._lazy[system]

    def load_all(self) -> None:
        """Include every game's commands, in the order the games were given."""
        for system in tuple(self._lazy):
            self.load(system)

    def add(self, spec: S) -> None:
        for word in spec.name.split():
            if not _NAME.fullmatch(word):
                raise TypeError(f"command word {word!r} must be lowercase letters, digits, - or _")
        for option in spec.options:
            if not _NAME.fullmatch(option.name):
                raise TypeError(f"/{spec.name}: option name {option.name!r} is not valid")
        for other in self._specs.get(spec.name, []):
            # A game may have its own version of an every-table command; two versions for
            # the same game (or two every-table versions) would be ambiguous.
            if (other.systems is None and spec.systems is None) or (
                other.systems and spec.systems and other.systems & spec.systems
            ):
                raise TypeError(f"/{spec.name} is declared twice for the same game")
        # The command scheme (docs/architecture.md, rule 6): one option name means one thing,
        # of one type, in every command of every game (the versions of a name are one slash
        # command on Discord, and people carry a name's meaning from one command to the next).
        for option in spec.options:
            kind, first = self._option_types.get(option.name, (option.type, spec.name))
            if kind is not option.type:
                raise TypeError(
                    f"/{spec.name} {option.name}: is {option.type.value} here but {kind.value} "
                    f"in /{first}; one option name has one type everywhere: use another name"
                )
        for option in spec.options:
            self._option_types.setdefault(option.name, (option.type, spec.name))
        self._specs.setdefault(spec.name, []).append(spec)
        self._max_words = max(self._max_words, len(spec.name.split()))
        self._found.clear()
        self._names.clear()
        self._lines.clear()

    def include(self, commands: SpecSet[S]) -> None:
        for spec in commands:
            self.add(spec)
        for name, text in commands.shared_texts().items():
            if name in self._shared:
                raise TypeError(f"/{name}: its every-table text is declared twice")
            self._shared[name] = text
        for name in commands.left_out():
            self._without.setdefault(name, set()).update(commands.systems or ())
        self._found.clear()
        self._names.clear()
        self._lines.clear()

    def shared_text(self, name: str) -> SharedText | None:
        """The every-table text declared for ``name`` (``CommandSet.shared``), if any."""
        return self._shared.get(name)

    def names(self, system: str | None = None) -> list[str]:
        """Every command name at a table playing ``system``, sorted."""
        self.load(system)
        kept = self._names.get(system)
        if kept is None:
            kept = tuple(sorted(n for n in self._specs if self.find(n, system) is not None))
            if len(self._names) >= 64:
                self._names.clear()  # a bound, whatever game names are asked about
            self._names[system] = kept
        return list(kept)

    def find(self, name: str, system: str | None) -> S | None:
        """The command called ``name`` at a table playing ``system`` (None: no table yet); an
        old name (``engine.renamed``) finds the command it became."""
        self.load(system)
        if name in RENAMED_COMMANDS and name not in self._specs:
            return self.find(RENAMED_COMMANDS[name], system)
        key = (name, system)
        try:
            return self._found[key]
        except KeyError:
            specs = self._specs.get(name)
            if specs is None:
                return None  # not a command: not kept (what people mistype has no end)
            if len(self._found) >= 4096:
                self._found.clear()  # a bound, whatever game names are asked about
            found = self._found[key] = self._find(specs, name, system)
            return found

    def _find(self, specs: list[S], name: str, system: str | None) -> S | None:
        if system is None:
            # No table yet: only commands that need none, or the all-games version.
            return next((s for s in specs if s.systems is None), None)
        own = next((s for s in specs if s.systems and system in s.systems), None)
        if own is not None or self.left_out_at(name, system):
            return own
        return next((s for s in specs if s.systems is None), None)

    def left_out_at(self, name: str, system: str | None) -> bool:
        """Whether ``system``'s tables do without the every-table command ``name``."""
        self.load(system)
        return system is not None and system in self._without.get(name, ())

    def games_of(self, name: str) -> list[str] | None:
        """The games a command name belongs to ([] for every game); None if no such command."""
        if name in RENAMED_COMMANDS and name not in self._specs:
            name = RENAMED_COMMANDS[name]
        specs = self._specs.get(name, [])
        waiting = {g for g, names in tuple(self._lazy.items()) if name in names}
        if not specs and not waiting:
            return None
        return sorted({g for s in specs for g in (s.systems or ())} | waiting)

    def spec_of(self, command: str, system: str | None) -> S | None:
        """The command a recorded line (``/game gm add user:bob``) is, at a ``system`` table."""
        key = (command, system)
        try:
            return self._lines[key]
        except KeyError:
            pass
        spec = self._spec_of(command, system)
        if len(self._lines) >= LINES_KEPT:
            self._lines.clear()  # a bound, whatever lines are read back
        self._lines[key] = spec
        return spec

    def lines_kept(self) -> int:
        """How many recorded lines' commands ``spec_of`` holds (at most ``LINES_KEPT``)."""
        return len(self._lines)

    def _spec_of(self, command: str, system: str | None) -> S | None:
        words = command.removeprefix("/").split(maxsplit=self._max_words)[: self._max_words]
        for at, word in enumerate(words):
            if ":" in word:  # an option (name:value): no command's name goes past it
                del words[at:]
                break
        for end in range(len(words), 0, -1):
            spec = self.find(" ".join(words[:end]), system)
            if spec is not None:
                return spec
        return None

    def max_words(self) -> int:
        """The most words a command name has (a line's words past it are never a name)."""
        return self._max_words

    def all_specs(self) -> list[S]:
        self.load_all()
        return [spec for name in sorted(self._specs) for spec in self._specs[name]]

    def word_tree(self) -> set[tuple[str, ...]]:
        """Every command name and every prefix of one, as word tuples (for parsing)."""
        prefixes: set[tuple[str, ...]] = set()
        for name in {*self._specs, *(n for names in tuple(self._lazy.values()) for n in names)}:
            words = tuple(name.split())
            for end in range(1, len(words) + 1):
                prefixes.add(words[:end])
        return prefixes
