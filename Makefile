# The two commands a new player or engineer needs: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
# test files run in parallel, one file per worker at a time (module fixtures such as the frozen
# build are made once); TEST_WORKERS=0 runs them in this process
TEST_WORKERS ?= auto

.PHONY: play test bench soak build screenshots lint format clean

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(PY) pyproject.toml
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,build]'
	touch $(STAMP)

play: $(STAMP)
	$(PY) main.py

test: $(STAMP)
	$(PY) -m ruff check .
	$(HEADLESS) $(PY) -m pytest -n $(TEST_WORKERS) --dist loadfile

bench: $(STAMP)
	$(HEADLESS) $(PY) -m tools.bench

# many thousand random and bot games per engine, invariants after every move, replay after
# every game (tools/soak.py); `make test` runs a small sample of it (tests/test_soak.py)
SOAK_GAMES ?= 3000
soak: $(STAMP)
	$(HEADLESS) nice -n 10 $(PY) -m tools.soak --games $(SOAK_GAMES)

build: $(STAMP)
	$(HEADLESS) $(PY) build/build.py --selftest

screenshots: $(STAMP)
	$(PY) -m tools.screenshots

lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

format: $(STAMP)
	$(PY) -m ruff format .
	$(PY) -m ruff check --fix .

clean:
	rm -rf $(VENV) build/work build/dist .pytest_cache .hypothesis
