# Two commands: `make play` and `make test`. Both build .venv from pyproject.toml first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $(VENV)/.installed $@

play: $(VENV)/.installed
	$(BIN)/narby

test: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -n 2

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .

bench: $(VENV)/.installed
	$(BIN)/python tools/bench_engine.py

clean:
	rm -rf $(VENV) build *.egg-info
