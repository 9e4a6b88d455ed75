"""Turning what a person typed into a command: ``/group verb option:value option:"two words"``.

The console uses ``parse_line``; the Discord adapter gets typed option values from Discord and
uses ``build_invocation`` directly. Both end in the same conversion and the same errors.
"""

from __future__ import annotations

import dataclasses
import difflib
import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scenekeeper.engine import quoting
from scenekeeper.engine.command_names import did_you_mean, not_here
from scenekeeper.engine.commands import (
    Attachment,
    CommandRegistry,
    CommandSpec,
    Option,
    OptionType,
)
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.mistyped import (
    echo,
    misquoted,
    quote,
    stray_public,
    stray_word,
    unknown_option,
    unknown_public,
    usage,
)
from scenekeeper.engine.quick import quick_init
from scenekeeper.engine.renamed import (
    current_command,
    old_names,
    renamed_command_note,
    renamed_note,
)
from scenekeeper.engine.state import Person
from scenekeeper.engine.values import MAX_LINE, ReadFile, check_text, convert

# Where they were first (callers import them from here too).
__all__ = ["MAX_LINE", "Invocation", "ReadFile", "build_invocation", "check_text", "convert"]


@quick_init
@dataclass(frozen=True)
class Invocation:
    """A parsed command: which one, its typed options, and its canonical text for history."""

    spec: CommandSpec[Any]
    args: Any
    text: str
    #: One line for each old option name the line used (``engine.renamed``), said after the
    #: reply.
    notes: tuple[str, ...] = ()


def tokenize(line: str) -> list[str]:
    """Split on spaces; double quotes group words (``name:"two words"``); ``\\"`` escapes."""
    return [text for text, _ in quoted_tokens(line)]


def quoted_tokens(line: str) -> list[tuple[str, bool]]:
    """:func:`tokenize`, with whether each token began with a quote (a value, whatever colons
    it holds: ``"Attributes: Agility d10"`` is not an option called Attributes)."""
    if '"' not in line:
        return [(token, False) for token in line.split()]  # what the walk below makes of it
    if "\\" not in line:
        # No escapes: every quote opens or closes, so a token is a run of quoted parts and
        # unquoted non-space characters -- what the walk below makes of it, in a few calls
        # rather than two a character (issue 36: most quoted lines have no backslash).
        if line.count('"') % 2:
            raise Refusal(_NOT_CLOSED, public=True)
        return [(found.replace('"', ""), found[0] == '"') for found in _TOKEN.findall(line)]
    return _walked(line)


#: A token of a line with no backslash: quoted parts (spaces and all) and unquoted runs of
#: non-space characters, back to back. ``\s`` is what ``str.isspace`` is (the same table).
_TOKEN = re.compile(r'(?:"[^"]*"|[^\s"]+)+')
_NOT_CLOSED = 'A quote (") is not closed; close it, like name:"two words".'


def _walked(line: str) -> list[tuple[str, bool]]:
    """:func:`quoted_tokens` a character at a time: the reference, and the way for a line with
    a backslash (an escape, inside quotes)."""
    tokens: list[tuple[str, bool]] = []
    current: list[str] = []
    in_token = quoted = opened = False
    chars = iter(line)
    for char in chars:
        if quoted:
            if char == "\\":
                nxt = next(chars, "")
                current.append(nxt if nxt in {'"', "\\"} else "\\" + nxt)
            elif char == '"':
                quoted = False
            else:
                current.append(char)
        elif char == '"':
            opened = opened or not in_token
            quoted = in_token = True
        elif char.isspace():
            if in_token:
                tokens.append(("".join(current), opened))
                current, in_token, opened = [], False, False
        else:
            current.append(char)
            in_token = True
    if quoted:
        raise Refusal(_NOT_CLOSED, public=True)
    if in_token:
        tokens.append(("".join(current), opened))
    return tokens


#: The longest line a command may be: Discord allows 6,000 characters of options, so nothing a
#: slash command could carry is refused, and a pasted novel is refused at once.
def parse_line(
    line: str,
    registry: CommandRegistry,
    system: str | None,
    read_file: ReadFile | None = None,
    people: Mapping[str, str] | None = None,
    *,
    recorded: bool = False,
) -> Invocation:
    """The command ``line`` types. ``recorded``: a line from a table's history, which may use
    an option's older name (``RENAMED``). ``people``: the table's seated people (id -> name), so a
    person option may name one as people say names (``user:Ana`` for ``ana``)."""
    if len(line) > MAX_LINE:
        raise Refusal(
            f"That line is {len(line):,} characters; a command is at most {MAX_LINE:,} "
            "(Discord's own limit). Shorten it.",
            public=True,
        )
    check_text(line)
    line = quoting.straightened(line.strip())
    tokens, opened = _split(line)
    if not tokens:
        raise Refusal("Type a command, like /help.", public=True)
    tokens[0] = tokens[0].removeprefix("/")
    words = _name_words(tokens, opened, registry.max_words() + 1)
    spec, used = _match(words, registry, system)
    # What misquoted looks for has an = or a ' in it: most lines have neither.
    wrong = ("=" in line or "'" in line) and misquoted(
        spec, [t for t, began in zip(tokens[used:], opened[used:], strict=True) if not began], line
    )
    if wrong:
        raise Refusal(
            wrong,
            public='Options look like name:value, with a colon; values with spaces in "quotes".',
        )
    raw: dict[str, str] = {}
    notes: list[str] = []
    typed = " ".join(words[:used])
    if typed != spec.name and not recorded:
        notes.append(renamed_command_note(typed, spec.name))  # an old name (engine.renamed)
    rest = tokens[used:]
    bare = _bare_words(tokens[used:], opened[used:])
    if bare:
        raw.update(_main_option(spec, rest[:bare], registry, system))
        rest = rest[bare:]
    skip = 0
    for at, token in enumerate(rest):
        if skip:
            skip -= 1
            continue
        name, colon, value = token.partition(":")
        if not colon:
            strays = list(itertools.takewhile(lambda t: ":" not in t, rest[at:]))
            first = spec.options[0] if spec.options else None
            if not bare and first is not None and first.name not in raw and _takes_text(first):
                # Bare words after named options are the first option's too, as before them:
                # ``/char set character:Thug Body d8`` is ``/char set Body d8 character:Thug``.
                raw[first.name] = " ".join(strays)
                bare = len(strays)
                skip = len(strays) - 1
                continue
            raise Refusal(stray_word(spec, token, raw, strays[1:]), public=stray_public(spec))
        name = name.strip().lower()
        option = spec.option(name)
        if option is None:
            name = _current_name(spec, name, None if recorded else notes)
            option = spec.option(name)
        if option is None:
            raise Refusal(unknown_option(spec, name), public=unknown_public(spec))
        if name in raw:
            raise Refusal(
                f"{name}: is given twice; give each option once. Usage: {spec.usage()}",
                public=True,
            )
        raw[name] = value
    invocation = build_invocation(spec, raw, read_file, people, checked=True)
    return dataclasses.replace(invocation, notes=tuple(notes)) if notes else invocation


def _split(line: str) -> tuple[list[str], list[bool]]:
    """:func:`quoted_tokens` as two lists: the tokens, and whether each began with a quote."""
    if '"' not in line:  # as quoted_tokens splits it, without making the pairs
        tokens = line.split()
        return tokens, [False] * len(tokens)
    marked = quoted_tokens(line)
    return [text for text, _ in marked], [began for _, began in marked]


def _name_words(tokens: list[str], opened: list[bool], most: int) -> list[str]:
    """The first ``most`` words before an option or a quoted value, lower case: the words a
    command's name may be."""
    words: list[str] = []
    for at in range(min(len(tokens), most)):
        token = tokens[at]
        if ":" in token or opened[at]:
            break
        words.append(token.lower())
    return words


def _current_name(spec: CommandSpec[Any], name: str, notes: list[str] | None) -> str:
    """An option's name as the command has it now: an old name keeps working (engine.renamed),
    and a person typing it is told the new one (``notes``; None for a recorded line)."""
    new = old_names(spec.name, spec.systems).get(name) if spec.option(name) is None else None
    if new is None:
        return name
    if notes is not None:
        notes.append(renamed_note(spec.name, name, new))
    return new


def build_invocation(
    spec: CommandSpec[Any],
    raw: Mapping[str, object],
    read_file: ReadFile | None = None,
    people: Mapping[str, str] | None = None,
    *,
    checked: bool = False,
) -> Invocation:
    """Check and convert option values (strings or already-typed values) into the command.
    ``checked``: the values are from a line ``parse_line`` checked (its length and characters)
    and split by the command's own option names."""
    values: dict[str, Any] = {}
    shown = [f"/{spec.name}"]
    # Given secret:true, every value but the label is secret (engine.secrets).
    secret = raw.get("secret")
    whole = spec.secret or (secret is not None and str(secret).strip().lower() in ("true", "yes"))
    for option in spec.options:
        given = raw.get(option.name)  # None: not given
        if given is None:
            if option.required:
                raise Refusal(
                    f"/{spec.name} needs {option.name}: ({option.help}). {usage(spec)}",
                    public=True,
                )
            continue
        sealed = option.meta.secret or (whole and option.name not in ("secret", "label"))
        value = _converted(spec, option, given, read_file, people, sealed=sealed, checked=checked)
        values[option.name] = value
        shown.append(f"{option.name}:{quote(_show(value))}")
    # Every name given was an option's unless some went unused (parse_line's are the spec's).
    unknown = [] if checked else [name for name in raw if spec.option(name) is None]
    if unknown:
        raise Refusal(unknown_option(spec, min(unknown)), public=unknown_public(spec))
    return Invocation(spec=spec, args=spec.build(values), text=" ".join(shown))


def _converted(
    spec: CommandSpec[Any],
    option: Option,
    raw: object,
    read_file: ReadFile | None,
    people: Mapping[str, str] | None,
    *,
    sealed: bool,
    checked: bool,
) -> Any:
    """``convert``, whose refusal the table may read when the option is not ``sealed`` (its
    value is read back in /history anyway); of a sealed one only which option it was."""
    try:
        return convert(spec, option, raw, read_file, people, checked=checked)
    except Refusal as refusal:
        if refusal.public is not None:
            raise
        if sealed:
            public = f"{option.name}: was given a value it does not take ({option.help})."
            raise Refusal(str(refusal), public=public) from None
        raise Refusal(str(refusal), public=True) from None


def _match(
    words: list[str], registry: CommandRegistry, system: str | None
) -> tuple[CommandSpec[Any], int]:
    for end in range(len(words), 0, -1):
        name = current_command(" ".join(words[:end]))
        spec = registry.find(name, system)
        if spec is not None:
            return spec, end
        if registry.games_of(name) is not None:
            raise Refusal(not_here(registry, name, system), public=True)
    if words and tuple(words) in registry.word_tree():
        nexts = [n for n in registry.names(system) if n.split()[: len(words)] == words]
        listed = ", ".join(f"/{n}" for n in nexts) or "(none at this table)"
        raise Refusal(f"/{' '.join(words)} needs one more word: {listed}.", public=True)
    typed = echo(" ".join(words)) or "(nothing)"
    hint = did_you_mean(typed, registry.names(system))
    # What was typed is not repeated to the table: it may be a sealed line mistyped.
    raise Refusal(
        f"Unknown command /{typed}.{hint} Type /help for the list.",
        public=f"Unknown command.{hint} Type /help for the list.",
    )


def _bare_words(tokens: list[str], opened: list[bool]) -> int:
    """How many tokens before the first ``name:value`` are bare words (a quoted token, one
    ``opened`` with a quote, is a value, colons and all)."""
    for at, text in enumerate(tokens):
        if ":" in text and not opened[at]:
            return at
    return len(tokens)


def _main_option(
    spec: CommandSpec[Any], words: list[str], registry: CommandRegistry, system: str | None
) -> dict[str, str]:
    """Bare words typed right after the command are its first option's value when that option
    takes text or a person (``/roll d8 d10 vs:hard`` is ``/roll pool:"d8 d10" vs:hard``): the
    option a Discord slash command puts first. A word that looks like a mistyped subcommand
    is refused instead of being taken as a value."""
    typed = " ".join(words)
    subcommands = [
        n.split()[len(spec.name.split())]
        for n in registry.names(system)
        if n.startswith(spec.name + " ")
    ]
    close = difflib.get_close_matches(words[0].lower(), subcommands, n=1, cutoff=0.75)
    if close and words[0].lower() not in subcommands:
        raise Refusal(
            f"Unknown command /{spec.name} {echo(words[0])}. Did you mean /{spec.name} {close[0]}?",
            public=f"Unknown command /{spec.name} .... Did you mean /{spec.name} {close[0]}?",
        )
    first = spec.options[0] if spec.options else None
    if first is None or not _takes_text(first, len(words)):
        raise Refusal(stray_word(spec, typed, {}), public=stray_public(spec))
    return {first.name: typed}


def _takes_text(option: Option, words: int = 1) -> bool:
    """Whether bare words can be ``option``'s value: text, or one word naming a person."""
    return option.type is OptionType.STRING or (option.type is OptionType.USER and words == 1)


def _show(value: object) -> str:
    if type(value) is str:  # most values
        return value
    if isinstance(value, Person):
        return value.id
    if isinstance(value, Attachment):
        return value.name
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
