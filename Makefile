# taxlogic: `make demo` sets everything up and runs the main job; `make test` sets up and runs the tests
# (the long sweeps marked `slow` sample deterministically there; `make test-all` runs them whole, as CI does).
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
# SARA source for `taxlogic data install`: ../shared/sara when present, else the public archive.
SARA_SOURCE ?= $(if $(wildcard ../shared/sara/cases),../shared/sara,)
DEMO_CASE ?= tax_case_1
# llama.cpp's default -march=native build crashes on some CPUs (AMX); see FIELD-NOTES.
export CMAKE_ARGS ?= -DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_BMI2=ON

.PHONY: setup system-deps data demo test test-all bench clean

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

# the embedded model is expected to abstain (exit code 3): the demo goes on to the explained gold answer
demo: setup
	$(BIN)/taxlogic llm serve
	$(BIN)/taxlogic solve --case $(DEMO_CASE) || test $$? -eq 3
	$(BIN)/taxlogic solve --case $(DEMO_CASE) --translator gold --explain

test: setup
	$(BIN)/python scripts/lint_imports.py
	$(BIN)/pytest -q -m "not slow"

test-all: setup
	$(BIN)/python scripts/lint_imports.py
	$(BIN)/pytest -q

bench: setup
	$(BIN)/python bench/gold_speed.py

clean:
	rm -rf $(VENV) build *.egg-info
