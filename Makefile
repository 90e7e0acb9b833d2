# Everything installs into .venv; `make run` and `make test` work on a fresh machine with Python 3.11.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run check test fuzz bench screenshots i18n clean

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

# The message catalogues (engine/i18n): the rules' Say templates and the texts marked _() / N_()
# extracted into messages.pot, merged into each language's .po; then how many lack a translation.
i18n: $(STAMP)
	$(BIN)/pybabel -q extract -F babel.cfg -k Say -k counted:1,2 --no-location --sort-output \
		--project=Tabula -o engine/i18n/messages.pot .
	$(BIN)/pybabel -q update -i engine/i18n/messages.pot -o engine/i18n/ja.po -l ja --no-wrap
	$(BIN)/python -m engine.i18n.untranslated

clean:
	rm -rf $(VENV)
