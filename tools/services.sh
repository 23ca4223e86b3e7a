#!/usr/bin/env bash
# PostgreSQL and Redis for the scale-out tests and benchmarks: start them if
# this machine has them, install them from Debian's packages if it doesn't
# (as root), and make sure the current user may create databases.
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

if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log
fi
for _ in $(seq 1 50); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 0.2; done
echo "PostgreSQL and Redis are up."
