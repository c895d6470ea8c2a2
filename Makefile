# gamekit: two commands do everything. `make lab` opens the lessons, `make test` checks it all.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
NBVAL  := --nbval --nbval-current-env --nbval-sanitize-with notebooks/nbval_sanitize.cfg

.PHONY: labextension help install lab demo hub hub-install html bench-browser bench-guided bench-classroom bench-class test test-unit test-notebooks test-browser fuzz lint figures bench notebooks clean

help:
	@echo "make lab        open the lessons in JupyterLab (installs on first use)"
	@echo "make test       ruff, mypy, unit tests and every notebook under nbval (strict)"
	@echo "make test-browser  every lesson run and clicked in JupyterLab + headless Chromium"
	@echo "make fuzz       fuzz every game and public function for FUZZ_MINUTES (10) minutes"
	@echo "make demo       classroom mode: the free-play boards as apps (Voila, no code shown)"
	@echo "make hub        JupyterHub for a school: a login and a server of their own per student"
	@echo "make html       every lesson as a web page in build/html/ (pictures inline, offline)"
	@echo "make figures    redraw every picture in figures/"
	@echo "make notebooks  re-run every lesson and store its outputs"
	@echo "make bench      print speed figures"
	@echo "make bench-browser  click-to-redraw latency of the boards in headless Chromium"
	@echo "make bench-guided   how often a stand-in learner reaches each guided game's objective"
	@echo "make bench-classroom  simulated students on make demo: page loads, clicks, kernels freed"
	@echo "make bench-class  a class of 30 playing each other at tables on make demo: relay time, moves lost"

# Create .venv if missing and install gamekit with everything the lessons and tests need.
# Re-installs only when pyproject.toml changes.
$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test]"
	@touch $(STAMP)

install: $(STAMP)

# JupyterLab at the repository's root (so the lessons' links to docs/rules/ open), showing the
# start page. notebooks/.jupyter/jupyter_server_config.py keeps a picture of each board in a
# saved lesson instead of its live widget (gamekit/lab.py), and the settings override
# notebooks/.jupyter/lab/settings/overrides.json, installed into the environment's Lab, saves
# no widget state: a lesson reopened after its kernel is gone shows its boards as pictures,
# never "Error displaying widget: model not found".
LAB_SETTINGS = $(VENV)/share/jupyter/lab/settings
lab: $(STAMP)
	@mkdir -p $(LAB_SETTINGS)
	@cp notebooks/.jupyter/lab/settings/overrides.json $(LAB_SETTINGS)/overrides.json
	$(VENV)/bin/jupyter lab --config=notebooks/.jupyter/jupyter_server_config.py \
	    --ServerApp.root_dir=$(CURDIR) notebooks/00_start_here.ipynb $(if $(filter 0,$(shell id -u)),--allow-root)

# Classroom mode: every notebook in apps/ served by Voila as a page with no code, on this
# computer only (127.0.0.1; DEMO_IP=0.0.0.0 opens it to the room, and the address to type is
# printed). The room's settings (idle kernels freed, a pool of started kernels, DEMO_CLASS=coffee:20
# to start a class's pages ahead, DEMO_MAX students at most) are in apps/.jupyter/voila.py; docs/classroom.md explains them. Works offline: all JavaScript, styles and fonts come from the
# installed packages. The page template apps/.jupyter/voila/templates/gamekit is Voila's own
# without its links to Font Awesome on a CDN (Voila's bundle already holds that font).
DEMO_PORT ?= 8866
DEMO_IP ?= 127.0.0.1
demo: $(STAMP)
	DEMO_IP=$(DEMO_IP) $(PY) -m gamekit.classroom serve apps/ --port=$(DEMO_PORT)

# JupyterHub for a school (classroom/jupyterhub_config.py; docs/classroom.md): each student logs
# in and gets a server of their own with their copy of the lessons and apps. HUB_IP, HUB_PORT
# and HUB_PASSWORD are read from the environment (see the config file's head).
# configurable-http-proxy, JupyterHub's proxy, comes from npm into classroom/node_modules.
CHP := classroom/node_modules/.bin/configurable-http-proxy
$(CHP): classroom/package.json classroom/package-lock.json
	cd classroom && npm ci --no-audit --no-fund --loglevel=error
	@touch $(CHP)

hub-install: $(STAMP) $(CHP)

hub: hub-install
	cd classroom && $(CURDIR)/$(VENV)/bin/jupyterhub -f jupyterhub_config.py

# Every lesson as a web page in build/html/, with an index: stored outputs (add
# HTML_OPTIONS=--execute to run the lessons first); pictures inline, nothing from a CDN.
html: $(STAMP)
	env -u MPLBACKEND $(PY) -m gamekit.export -o build/html $(HTML_OPTIONS)

lint: $(STAMP)
	$(VENV)/bin/ruff check gamekit tests benchmarks classroom
	$(VENV)/bin/ruff format --check gamekit tests benchmarks classroom
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

test-unit: $(STAMP)
	MPLBACKEND=Agg $(PY) -m pytest tests --ignore=tests/browser --doctest-modules gamekit

# Lessons draw with pyplot's inline backend, as in JupyterLab: MPLBACKEND must not be set.
test-notebooks: $(STAMP)
	env -u MPLBACKEND $(PY) -m pytest $(NBVAL) notebooks/ apps/

test: lint test-unit test-notebooks

# tests/test_fuzz.py for minutes instead of seconds: random seeds (FUZZ_SEED repeats a run),
# the minutes shared by the targets, and the inputs each target tried printed at the end.
FUZZ_MINUTES ?= 10
fuzz: $(STAMP)
	GAMEKIT_FUZZ_MINUTES=$(FUZZ_MINUTES) GAMEKIT_FUZZ_SEED=$(FUZZ_SEED) MPLBACKEND=Agg \
	$(PY) -m pytest tests/test_fuzz.py --hypothesis-show-statistics -q

# Needs Debian's Chromium at /usr/bin/chromium (`apt-get install chromium`); .ci/run installs it.
# tests/browser/test_hub.py needs JupyterHub's proxy from npm (hub-install).
test-browser: $(STAMP) $(CHP)
	$(PY) -m pytest tests/browser -v

figures: $(STAMP)
	MPLBACKEND=Agg $(PY) -m gamekit.figures

notebooks: $(STAMP)
	env -u MPLBACKEND $(VENV)/bin/jupyter nbconvert --to notebook --execute --inplace --ExecutePreprocessor.store_widget_state=False notebooks/*.ipynb apps/*.ipynb

# Rebuild jupyterlab-alt-text/labextension (committed) after changing its index.js; needs npm.
labextension: $(STAMP)
	cd jupyterlab-alt-text && npm install --no-audit --no-fund && \
	    JUPYTERLAB_STAGING="$$($(CURDIR)/$(PY) -c 'import jupyterlab, os; print(os.path.join(os.path.dirname(jupyterlab.__file__), "staging"))')" \
	    npm run build
	$(PY) -m pip install --quiet -e ".[test]"

bench: $(STAMP)
	$(PY) benchmarks/run.py

# Click-to-redraw latency of the boards in headless Chromium (needs /usr/bin/chromium).
bench-browser: $(STAMP)
	$(PY) benchmarks/browser_latency.py

# A room of simulated students on make demo's settings (needs /usr/bin/chromium; minutes).
# As a teacher would run make demo for a class of up to twenty on the Coffee app.
BENCH_CLASSROOM ?= --class coffee:20
bench-classroom: $(STAMP)
	$(PY) benchmarks/classroom_load.py $(BENCH_CLASSROOM)

# A class of 30 simulated students, two to a Coffee table, on make demo (kernels killed and
# the server restarted meanwhile), the teacher's page open: relay p90, teacher p90, moves
# lost, games finished.
bench-class: $(STAMP)
	$(PY) benchmarks/class_tables.py $(BENCH_CLASS)

# How often a stand-in learner reaches each objective of the guided first games.
bench-guided: $(STAMP)
	MPLBACKEND=Agg $(PY) benchmarks/guided_objectives.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build dist
