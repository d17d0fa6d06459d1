# taxlogic: `make demo` sets everything up and runs the main job; `make test` sets up and runs the tests
# (the long sweeps marked `slow` sample deterministically there, and run whole with CI=true, as CI runs it, or with `make test-all`).
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
# SARA source for `taxlogic data install`: ../shared/sara when present, else the public archive.
SARA_SOURCE ?= $(if $(wildcard ../shared/sara/cases),../shared/sara,)
DEMO_CASE ?= tax_case_1
# llama.cpp's default -march=native build crashes on some CPUs (AMX); see FIELD-NOTES.
export CMAKE_ARGS ?= -DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_BMI2=ON

.PHONY: setup system-deps data demo first-look test test-all test-sweeps bench clean

setup: system-deps $(BIN)/.installed data

system-deps:
	@bash scripts/system-deps.sh

$(BIN)/.installed: pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev,llm,crosscheck]'
	@touch $@

data: $(BIN)/.installed
	$(BIN)/taxlogic data install $(if $(SARA_SOURCE),--from $(SARA_SOURCE))

# The demo's one model call, sized for the embedded SmolLM2-135M on 2 CPU cores (issue 51): one
# translation (--budget 0: no repair round) from SARA's prompt without its utilities code
# (--no-utilities: 2,576 prompt tokens instead of 5,668 on tax_case_1), at most 256 tokens out, no
# retry (a retried call to the local server queues behind the first), a client timeout that fits a
# loaded machine, and a server on one thread: on 2 cores shared with other work, llama.cpp's two
# threads wait for each other at every step (measured at load ~5: 2 tokens/s generated, 79 prompt
# tokens/s, 172 s for the call; one thread: 25 and 111, 40 s). The whole prompt's call took 274 s.
DEMO_SERVE_ENV ?= TAXLOGIC_SERVE_THREADS=1
DEMO_LLM_ENV ?= TAXLOGIC_LLM_TIMEOUT=600 TAXLOGIC_LLM_MAX_RETRIES=0 TAXLOGIC_LLM_MAX_TOKENS=256
# the embedded model is expected to abstain (exit code 3): the demo goes on to the explained gold answer
demo: setup
	$(DEMO_SERVE_ENV) $(BIN)/taxlogic llm serve
	$(DEMO_LLM_ENV) $(BIN)/taxlogic solve --case $(DEMO_CASE) --budget 0 --no-utilities || test $$? -eq 3
	$(BIN)/taxlogic solve --case $(DEMO_CASE) --translator gold --explain

# A first look in about a minute (README): no llama.cpp build and no model; one SARA case answered
# from its gold facts and explained. Needs SWI-Prolog 9 only.
first-look:
	@command -v swipl >/dev/null 2>&1 || { echo "first-look needs SWI-Prolog 9 (Debian: sudo apt-get install swi-prolog-nox; macOS: brew install swi-prolog)" >&2; exit 1; }
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q -e .
	$(BIN)/taxlogic data install $(if $(SARA_SOURCE),--from $(SARA_SOURCE))
	$(BIN)/taxlogic solve --case $(DEMO_CASE) --translator gold --explain

# Two pytest processes (pytest-xdist), each test file whole in one of them (its module fixtures built
# once): run one after another the suite keeps 1.2 of 2 cores busy (issue 48: 13 min quiet on this
# machine). TEST_WORKERS=0 runs it in one process.
TEST_WORKERS ?= 2
PYTEST_PAR := $(if $(filter 0,$(TEST_WORKERS)),,-n $(TEST_WORKERS) --dist loadfile)
# CI sets CI=true: then the slow sweeps run whole too (.ci/run calls exactly `make test`)
test: setup
	$(BIN)/python scripts/lint_imports.py
	$(BIN)/pytest -q $(PYTEST_PAR) -m "$(if $(CI),not sweep,not slow and not sweep)"

test-all: setup
	$(BIN)/python scripts/lint_imports.py
	$(BIN)/pytest -q $(PYTEST_PAR) -m "not sweep"

# the determinism sweeps (issue 48): each release's whole omission sweep quiet and under a CPU hog, compared
# variant by variant; one process (its quiet half must be quiet: nothing else of the suite beside it)
test-sweeps: setup
	$(BIN)/pytest -q -m sweep

bench: setup
	$(BIN)/python bench/gold_speed.py

clean:
	rm -rf $(VENV) build *.egg-info
