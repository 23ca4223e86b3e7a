# Parlor: make run serves the site; make test passes every test.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cat requirements.lock pyproject.toml | cksum | cut -d' ' -f1)
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint bench install chromium migrate

install: $(STAMP)

$(STAMP): requirements.lock pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.lock
	@rm -f $(VENV)/.installed-*
	@touch $(STAMP)

migrate: install
	$(PY) manage.py migrate --noinput -v0

run: migrate
	@echo "Parlor is serving at http://$(HOST):$(PORT)/ (Ctrl+C stops it)"
	$(VENV)/bin/uvicorn parlor.asgi:application --host $(HOST) --port $(PORT) --lifespan on --log-level warning

# The browser tests drive Debian's chromium; install it when it is missing
# and we may (root), else say how.
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "The browser tests need Debian's chromium: sudo apt-get install chromium"; exit 1; fi; }

test: install chromium
	$(PY) -m pytest

lint: install
	$(VENV)/bin/ruff check .

bench: install
	$(PY) -m tools.bench
