# The two commands people run (see README): `make play` and `make check`.
# Both create the virtual environment and install the pinned dependencies on first use.

VENV   := .venv
BIN    := $(VENV)/bin
HASH   := $(shell cat pyproject.toml requirements.lock | cksum | cut -d' ' -f1)
# What `make play` needs (the bot and the console) and what `make check` adds (test tools).
STAMP  := $(VENV)/.installed-run-$(HASH)
DEV    := $(VENV)/.installed-dev-$(HASH)
# The first Python >= 3.11 on PATH (override: make PYTHON=/path/to/python3.12 check).
PYTHON ?= $(shell for p in python3.13 python3.12 python3.11 python3; do \
            command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null \
            && { command -v $$p; break; }; done)

.PHONY: play check lint types docs-check test bench bench-board screenshots fuzz mutants mutants-catalogue docs lock clean

$(STAMP):
	@test -n "$(PYTHON)" || { echo "Scenekeeper needs Python 3.11 or newer on PATH (or make PYTHON=/path/to/python3.11)."; exit 1; }
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -c requirements.lock -e .
	@rm -f $(VENV)/.installed-run-* && touch $(STAMP)

$(DEV): $(STAMP)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -c requirements.lock -e '.[dev]'
	@rm -f $(VENV)/.installed-dev-* && touch $(DEV)

## Open the console table on the embedded SQLite file (ARGS="--table campaign --seed 7" to pass options).
play: $(STAMP)
	$(BIN)/scenekeeper play $(ARGS)

## Everything CI checks: lint, format, types, generated docs, tests.
check: lint types docs-check test

lint: $(DEV)
	$(BIN)/ruff check src tests benchmarks tools
	$(BIN)/ruff format --check src tests benchmarks tools

types: $(DEV)
	$(BIN)/mypy

docs-check: $(DEV)
	$(BIN)/scenekeeper docs --check docs/commands.md

test: $(DEV)
	$(BIN)/pytest $(PYTEST_ARGS)

## Regenerate docs/commands.md from the command schema.
docs: $(DEV)
	$(BIN)/scenekeeper docs --write docs/commands.md

## Benchmarks: their own command, never part of the test suite (PEER=/path/to/a checkout of
## cortex-discord-2 to measure the peer Cortex bot next to us; without it, ours alone). A missed
## odds target is printed ("MISSED") and the run goes on to the rest.
bench: $(DEV)
	$(BIN)/python benchmarks/command_path.py
	$(BIN)/python -m benchmarks.cpu_per_command
	-$(BIN)/python benchmarks/odds.py
	-$(BIN)/python -m benchmarks.odds_games
	-$(BIN)/python -m benchmarks.odds_fresh
	$(BIN)/python benchmarks/import_export.py
	$(BIN)/python benchmarks/memory.py
	$(BIN)/python -m benchmarks.cold_load
	$(BIN)/python -m benchmarks.many_tables
	$(BIN)/python -m benchmarks.many_processes
	$(BIN)/python -m benchmarks.peer $(if $(PEER),--peer $(PEER))
	$(BIN)/python -m benchmarks.startup

## The board page under load: 500 open pages on one table, 100 tables with pages open
## (update latency p50/p99 from command to page, the server's extra memory); not part of check.
bench-board: $(DEV)
	$(BIN)/python benchmarks/board_page.py

## The board page's screenshots in docs/ (needs Debian's chromium: apt-get install -y chromium).
screenshots: $(DEV)
	$(BIN)/python -m tools.board_screenshots

## The whole fuzz run (100,000 made-up lines at Cortex and Scions tables); not part of check.
fuzz: $(DEV)
	$(BIN)/python benchmarks/fuzz.py

## Mutation testing (mutmut): the src/ files changed since BASE=<commit>, or an AREA=<name>
## (AREA=all: every area a table depends on); TESTS="tests/nodice ..." runs only those tests (a
## lower bound, far sooner). Report in .mutation/report.md; docs/testing.md.
mutants: $(DEV)
	$(BIN)/python -m tools.mutation $(if $(BASE),--base $(BASE)) $(if $(AREA),--area $(AREA)) \
		$(foreach t,$(TESTS),--tests $(t)) $(ARGS)

## The hand catalogue of changes a table would feel (tools/mutants): does the suite catch each?
mutants-catalogue: $(DEV)
	$(BIN)/python -m tools.mutants $(ARGS)

## Re-pin every dependency after editing pyproject.toml.
lock:
	rm -rf /tmp/scenekeeper-lock && $(PYTHON) -m venv /tmp/scenekeeper-lock
	/tmp/scenekeeper-lock/bin/pip install --quiet -e '.[dev]'
	{ sed -n '1,3p' requirements.lock; /tmp/scenekeeper-lock/bin/pip freeze --exclude-editable | grep -v '^-e'; } > requirements.lock.new
	mv requirements.lock.new requirements.lock

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
