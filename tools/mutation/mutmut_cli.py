"""mutmut, taught to mutate the functions our registries decorate.

mutmut leaves every decorated function alone: a decorator runs when the function is defined,
and the copies mutmut makes of a function (its original and each mutant, beside the trampoline
that picks one at call time) would run it again. Here nearly every rule is such a function --
each command handler is ``@commands.command(...)``, each state update ``@evolves(...)`` -- so
the score would leave out the code a table depends on most.

Those decorators only register the function and return it unchanged, so they are safe to keep
on the trampoline alone: the registry then holds the trampoline, which calls the original or the
mutant under test. This module lets mutmut mutate a function whose every decorator is one of
them, and strips those decorators from the copies (so each registers once). Everything else is
mutmut's own. Run as ``python -m tools.mutation.mutmut_cli run ...`` (``tools.mutation`` does).

Written against mutmut 3.8.1 (pinned in requirements.lock); ``check()`` fails loudly if the
parts it patches are not where it expects them.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from typing import Any

import libcst as cst
from libcst.metadata import PositionProvider
from mutmut.mutation import file_mutation

#: ``@<anything>.command(...)``: a command set's registration (engine.commands).
REGISTERING_METHODS = frozenset({"command"})
#: ``@evolves(...)`` and ``@starts_table(...)``: the evolvers' registration (engine.evolve).
REGISTERING_FUNCTIONS = frozenset({"evolves", "starts_table"})


def registers(decorator: cst.Decorator) -> bool:
    """Whether a decorator is one of ours that registers the function and returns it."""
    call = decorator.decorator
    if not isinstance(call, cst.Call):
        return False
    func = call.func
    if isinstance(func, cst.Attribute):
        return func.attr.value in REGISTERING_METHODS
    return isinstance(func, cst.Name) and func.value in REGISTERING_FUNCTIONS


def registered(node: cst.CSTNode) -> bool:
    return (
        isinstance(node, cst.FunctionDef)
        and bool(node.decorators)
        and all(registers(d) for d in node.decorators)
    )


_skip = file_mutation.MutationVisitor._skip_node_and_children
_arrange = file_mutation.function_trampoline_arrangement


def _skip_node_and_children(self: Any, node: cst.CSTNode) -> bool:
    if not registered(node):
        return bool(_skip(self, node))
    assert isinstance(node, cst.FunctionDef)
    # mutmut's own checks for a function, less the one against decorators.
    position = self.get_metadata(PositionProvider, node, None)
    if position and position.start.line in self._ignored_node_lines:
        self.ignored_functions.add(node.name.value)
        return True
    return node.name.value in file_mutation.NEVER_MUTATE_FUNCTION_NAMES


def _function_trampoline_arrangement(
    function: cst.FunctionDef, mutants: Iterable[Any], class_name: str | None
) -> tuple[Sequence[Any], Sequence[Any], Sequence[Any], Sequence[str]]:
    declared, nodes, assigned, names = _arrange(function, mutants, class_name)
    if not registered(function):
        return declared, nodes, assigned, names
    # The first node is the trampoline, which keeps the decorators; the copies do not.
    trampoline, *copies = nodes
    bare = [c.with_changes(decorators=[]) if isinstance(c, cst.FunctionDef) else c for c in copies]
    return declared, [trampoline, *bare], assigned, names


def check() -> None:
    """The patched parts are where this module expects them (else mutmut was upgraded)."""
    visitor = file_mutation.MutationVisitor
    if not callable(getattr(visitor, "_skip_node_and_children", None)):
        raise SystemExit("mutmut changed: MutationVisitor._skip_node_and_children is gone")
    if not callable(getattr(file_mutation, "function_trampoline_arrangement", None)):
        raise SystemExit("mutmut changed: function_trampoline_arrangement is gone")
    if not hasattr(file_mutation, "NEVER_MUTATE_FUNCTION_NAMES"):
        raise SystemExit("mutmut changed: NEVER_MUTATE_FUNCTION_NAMES is gone")


def patch() -> None:
    check()
    file_mutation.MutationVisitor._skip_node_and_children = _skip_node_and_children  # type: ignore[method-assign]
    file_mutation.function_trampoline_arrangement = _function_trampoline_arrangement


def main(argv: Sequence[str] | None = None) -> None:
    patch()
    from mutmut.__main__ import cli  # noqa: PLC0415 (after the patch, as mutmut's own entry)

    cli(args=list(sys.argv[1:] if argv is None else argv))


if __name__ == "__main__":
    main()
