# Everything installs into .venv; `make run` and `make test` work on a fresh machine with Python 3.11.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run check test fuzz bench screenshots clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/tabula

check: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy

test: check
	$(BIN)/pytest -n 2

fuzz: $(STAMP)
	TABULA_FUZZ_GAMES=1000 $(BIN)/pytest -n 2 -k by_the_hundred tests

bench: $(STAMP)
	$(BIN)/python -m tests.bench $(if $(AGAINST),--against $(AGAINST))

screenshots: $(STAMP)
	$(BIN)/python -m tests.screenshots

clean:
	rm -rf $(VENV)
