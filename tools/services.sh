#!/usr/bin/env bash
# PostgreSQL and Redis for the scale-out tests and benchmarks: start them if
# this machine has them, install them from Debian's packages if it doesn't
# (as root), and make sure the current user may create databases.
#
# Redis is the project's own: a server on a port of its own (6390, or
# PARLOR_REDIS_PORT) that asks for a password, bound to loopback, and on a
# socket file only this user can open (redis.sock beside the password), the
# way a site on one machine reaches it (README, Scaling out). A Redis
# already on the machine, with a password or without, is left as it is.
# The password is made once and kept in a file only this user can read
# (PARLOR_REDIS_HOME, by default ~/.local/state/parlor/redis/password), where
# the Makefile and the tests (tests/live.py) read it; so every checkout of
# the project on this machine shares the one server.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v pg_ctlcluster >/dev/null 2>&1 || ! command -v redis-server >/dev/null 2>&1; then
  as_root apt-get update -qq
  as_root apt-get install -y -qq postgresql redis-server >/dev/null
fi

if ! pg_isready -q -h /var/run/postgresql 2>/dev/null; then
  version=$(ls /etc/postgresql | sort -n | tail -1)
  as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start
fi
for _ in $(seq 1 50); do pg_isready -q -h /var/run/postgresql && break; sleep 0.2; done
me=$(id -un)
if ! psql -h /var/run/postgresql -d postgres -Atc "select 1" >/dev/null 2>&1; then
  as_root su postgres -c "psql -q -c \"CREATE ROLE \\\"$me\\\" SUPERUSER LOGIN\"" || true
fi

port=${PARLOR_REDIS_PORT:-6390}
home=${PARLOR_REDIS_HOME:-${XDG_STATE_HOME:-$HOME/.local/state}/parlor/redis}
mkdir -p "$home"
chmod 700 "$home"
if [ ! -s "$home/password" ]; then
  (umask 077; head -c 48 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c 32 >"$home/password")
fi
password=$(cat "$home/password")
# The password travels in the environment, never on a command line (where
# any user's ps would show it).
with_password() { REDISCLI_AUTH="$password" redis-cli --no-auth-warning -h 127.0.0.1 -p "$port" "$@" 2>/dev/null || true; }
without() { redis-cli -h 127.0.0.1 -p "$port" "$@" 2>/dev/null || true; }
ours() { [ "$(with_password ping)" = PONG ] && [ "$(without ping)" != PONG ]; }

# The project's Redis from before it listened on a socket too: started again.
if ours && [ ! -S "$home/redis.sock" ]; then
  with_password shutdown nosave >/dev/null
  for _ in $(seq 1 50); do [ -z "$(without ping)" ] && break; sleep 0.2; done
fi

if ! ours; then
  if [ -n "$(without ping)" ]; then
    echo "Port $port holds a server that isn't this project's Redis (it answers without our password, or refuses it)." >&2
    echo "Stop it, or give the project's Redis another port with PARLOR_REDIS_PORT." >&2
    if [ -s "$home/redis.pid" ]; then
      echo "(If it is this project's, started before its password file was made again: its pid is in $home/redis.pid.)" >&2
    fi
    exit 1
  fi
  (umask 077; cat >"$home/redis.conf" <<EOF
bind 127.0.0.1 -::1
protected-mode yes
port $port
unixsocket $home/redis.sock
unixsocketperm 700
requirepass $password
save ""
appendonly no
dir $home
logfile $home/redis.log
pidfile $home/redis.pid
daemonize yes
EOF
  )
  redis-server "$home/redis.conf"
fi
for _ in $(seq 1 50); do ours && break; sleep 0.2; done
if ! ours; then
  echo "The project's Redis didn't start on port $port: see $home/redis.log" >&2
  exit 1
fi
echo "PostgreSQL and Redis are up."
