# Parlor: make run serves the site; make test passes every test.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cat requirements.lock pyproject.toml | cksum | cut -d' ' -f1)
HOST ?= 127.0.0.1
PORT ?= 8000

# The scale-out run of the tests: PostgreSQL over its socket, Redis on loopback.
TEST_POSTGRES ?= postgresql://$(shell id -un)@%2Fvar%2Frun%2Fpostgresql/parlor
TEST_REDIS ?= redis://127.0.0.1:6379/1

.PHONY: run test lint bench install chromium migrate services

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
	$(PY) -m parlor.serve --host $(HOST) --port $(PORT)

# The browser tests drive Debian's chromium; install it when it is missing
# and we may (root), else say how.
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "The browser tests need Debian's chromium: sudo apt-get install chromium"; exit 1; fi; }

services:
	@tools/services.sh

test: install chromium services
	$(PY) -m pytest
	@echo "The service and websocket tests again, on PostgreSQL and Redis:"
	DATABASE_URL='$(TEST_POSTGRES)' REDIS_URL='$(TEST_REDIS)' $(PY) -m pytest tests/tables/test_service.py tests/web/test_fuzz.py tests/web/test_fuzz_socket.py tests/web/test_live.py tests/web/test_safety.py tests/ratings/test_keeper.py tests/parlor/test_database.py

lint: install
	$(VENV)/bin/ruff check .

bench: install services
	$(PY) -m tools.bench
