"""Mutation testing with a real tool (mutmut) beside the hand catalogue in ``tools/mutants``:
``make mutants BASE=<commit>`` or ``make mutants AREA=<name>`` (see ``__main__``)."""
