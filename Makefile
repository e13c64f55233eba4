# Two commands: `make play` and `make test`. Both build .venv from pyproject.toml first.
# Shipping (issue 20): `make wheel`, `make bundle` (dist/narby/, no Python needed),
# `make bundle-test`, `make install-desktop` (the menu entry for this user).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test lint bench clean wheel wheel-test bundle bundle-test install-desktop translations

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $(VENV)/.installed $@

$(VENV)/.installed-bundle: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[bundle]"
	touch $(VENV)/.installed $@

play: $(VENV)/.installed
	$(BIN)/narby

# PYTHONDONTWRITEBYTECODE (set in many containers) would make every pytest worker and
# every tool the tests start compile the game and rewrite the test modules' asserts from
# source on every run (~5 s a worker); the test run keeps its bytecode in __pycache__.
test: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/mypy
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n 2 --dist worksteal

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/mypy

bench: $(VENV)/.installed
	$(BIN)/python tools/bench_engine.py

# The wheel as a player gets it: built, installed in a fresh venv outside the repository
# and run (.ci/run calls it after `make test`, which stays quick).
wheel-test: $(VENV)/.installed-test
	PYTHON=$(PYTHON) bash tools/wheel_smoke.sh

wheel: $(VENV)/.installed
	$(BIN)/python -m pip wheel --quiet --no-deps --wheel-dir dist .
	@ls dist/*.whl

bundle: $(VENV)/.installed-bundle
	bash tools/build_bundle.sh

# Builds and runs the bundle when PyInstaller can be installed here (else says so).
bundle-test:
	@if $(MAKE) --no-print-directory $(VENV)/.installed-bundle; then \
		$(MAKE) --no-print-directory bundle && bash tools/bundle_smoke.sh; \
	else echo "bundle-test: skipped, PyInstaller cannot be installed here"; fi

install-desktop: $(VENV)/.installed
	$(BIN)/narby install-desktop

clean:
	rm -rf $(VENV) build dist *.egg-info

# Translations (issue 38, docs/TRANSLATING.md): extract each catalog's template from the
# marked strings, merge it into every language's catalog, compile the .mo files that ship.
translations: $(VENV)/.installed-test
	$(BIN)/python tools/translations.py all
