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

# the phones' browser tests drive Debian's chromium through chromedriver (tests/phones)
CHROMIUM := /usr/bin/chromium /usr/bin/chromedriver

$(CHROMIUM):
	@if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver; \
	else echo "chromium/chromedriver missing: the browser tests will be skipped (apt-get install chromium chromium-driver)"; fi

test: $(STAMP) | $(CHROMIUM)
	$(PY) -m ruff check .
	$(HEADLESS) $(PY) -m pytest -n $(TEST_WORKERS) --dist loadfile

bench: $(STAMP)
	$(HEADLESS) $(PY) -m tools.bench

# many thousand random and bot games per engine, invariants after every move, replay after
# every game (tools/soak.py), then the screens' random-input tests at ten times the frames;
# `make test` runs a small sample of both (tests/test_soak.py, the *_fuzz.py tests)
SOAK_GAMES ?= 3000
SOAK_FUZZ_FRAMES ?= 10000
soak: $(STAMP)
	$(HEADLESS) nice -n 10 $(PY) -m tools.soak --games $(SOAK_GAMES)
	$(HEADLESS) ATLANTIS_FUZZ_FRAMES=$(SOAK_FUZZ_FRAMES) nice -n 10 $(PY) -m pytest -n $(TEST_WORKERS) \
		tests/scenes/test_scene_fuzz.py tests/scenes/guards/test_guards_fuzz.py \
		tests/scenes/finding/test_finding_fuzz.py

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
