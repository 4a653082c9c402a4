# Tavolo: two commands do everything on a fresh machine: `make run` and `make test`.
# `make run` installs only what a player needs; `make test` adds the test tools, Debian's
# chromium, PostgreSQL and Redis when they are missing (tools/ensure-test-services.sh).
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: setup setup-dev services run play test bench clean

setup: $(STAMP)

$(STAMP): pyproject.toml setup.py src/tavolo/games/burraco/_core.cpp src/tavolo/games/burraco/_strong.cpp src/tavolo/games/burraco/_easy.cpp src/tavolo/games/burraco/_search.cpp src/tavolo/games/burraco/_pimc.cpp src/tavolo/games/burraco/_vec.cpp
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $(STAMP)

setup-dev: $(DEVSTAMP)

$(DEVSTAMP): $(STAMP)
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(DEVSTAMP)

services:
	bash tools/ensure-test-services.sh

run: setup
	$(VENV)/bin/tavolo serve --host $(HOST) --port $(PORT)

play: setup
	$(VENV)/bin/tavolo play burraco

test: setup-dev services
	$(PY) -m pytest -n 2 -q

bench: setup-dev
	$(PY) -m bench

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .hypothesis
