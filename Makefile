# Parlor: make run serves the site; make test passes every test.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cat requirements.lock pyproject.toml | cksum | cut -d' ' -f1)
HOST ?= 127.0.0.1
PORT ?= 8000

# The scale-out run of the tests: PostgreSQL over its socket, and the
# project's own Redis on loopback, which asks for the password that
# tools/services.sh made (read when a recipe runs, after services).
TEST_POSTGRES ?= postgresql://$(shell id -un)@%2Fvar%2Frun%2Fpostgresql/parlor
REDIS_PORT ?= 6390
REDIS_HOME ?= $(or $(XDG_STATE_HOME),$(HOME)/.local/state)/parlor/redis
redis_url = redis://:$(shell cat '$(REDIS_HOME)/password' 2>/dev/null)@127.0.0.1:$(REDIS_PORT)/$(1)
TEST_REDIS ?= $(call redis_url,1)
# The live servers' Redis in the first run (tests/live.py; the benchmarks find
# the project's Redis themselves, by its socket file);
# each test worker after the first takes the next database up.
LIVE_REDIS ?= $(call redis_url,2)
# The test workers of both runs: most of a test waits on a live server or a
# browser, so two keep two cores busy. In the second run each worker after
# the first takes a database of its own, eight and more up from TEST_REDIS's
# (tests/live.py, REDIS_APART).
TEST_WORKERS ?= 2
export PARLOR_REDIS_PORT := $(REDIS_PORT)
export PARLOR_REDIS_HOME := $(REDIS_HOME)

.PHONY: run test lint bench install debian migrate static services pageweight

install: $(STAMP)

$(STAMP): requirements.lock pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.lock
	@rm -f $(VENV)/.installed-*
	@touch $(STAMP)

migrate: install
	$(PY) manage.py migrate --noinput -v0

# The static files, compressed and under hashed names, into var/static/,
# if they changed since they were last collected (a server does it too).
static: install
	$(PY) -m parlor.static

# The server collects the static files itself when they changed, and says
# where it serves; HOST=0.0.0.0 lets the family's phones in on the home
# network (README, Playing on the home network).
run: migrate
	$(PY) -m parlor.serve --host $(HOST) --port $(PORT)

# The browser tests drive Debian's chromium (with an emoji font, as a
# family's phone has, for the table's reactions), and the service benchmark
# counts instructions under valgrind's callgrind; install them when they are
# missing and we may (root), else say how.
DEBIAN_PACKAGES := chromium valgrind fonts-noto-color-emoji
debian:
	@command -v chromium >/dev/null 2>&1 && command -v valgrind >/dev/null 2>&1 && [ -e /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(DEBIAN_PACKAGES) >/dev/null; \
	  else echo "The tests need Debian's chromium, valgrind and an emoji font: sudo apt-get install $(DEBIAN_PACKAGES)"; exit 1; fi; }

services:
	@tools/services.sh

test: install debian services
	@echo "$(PY) -m pytest -n $(TEST_WORKERS)  (live servers that scale out on the project's Redis, port $(REDIS_PORT))"
	@PARLOR_TEST_REDIS='$(LIVE_REDIS)' $(PY) -m pytest -n $(TEST_WORKERS) --dist worksteal
	@echo "The service and websocket tests again, on PostgreSQL and Redis (port $(REDIS_PORT), with its password):"
	@DATABASE_URL='$(TEST_POSTGRES)' REDIS_URL='$(TEST_REDIS)' $(PY) -m pytest -n $(TEST_WORKERS) --dist worksteal tests/tables/test_service.py tests/web/test_fuzz.py tests/web/test_fuzz_socket.py tests/web/test_live.py tests/web/test_safety.py tests/accounts/test_passwords.py tests/web/test_hardening_input.py tests/ratings/test_keeper.py tests/parlor/test_database.py tests/web/test_held_rows.py tests/tables/test_races.py tests/ratings/test_seats_shared.py tests/web/test_leaving.py tests/web/test_replay_sides.py tests/tables/test_yours.py tests/tables/test_days.py tests/tables/test_days_live.py tests/tables/test_db_call.py

lint: install
	$(VENV)/bin/ruff check .

bench: install services
	@echo "$(PY) -m tools.bench  (the scaled-out set-up on the project's Redis, by its socket file)"
	@$(PY) -m tools.bench

# Bytes a browser fetches for each table page, cold and warm (tools/pageweight.py).
pageweight: install debian
	$(PY) -m tools.pageweight
