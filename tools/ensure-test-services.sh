#!/usr/bin/env bash
# What the tests need besides Python: Debian's chromium (the browser tests), nginx (the balancer
# test runs docs/nginx-tavolo.conf itself, in a folder of its own), PostgreSQL at 127.0.0.1:5432
# with a database `test`, and Redis at 127.0.0.1:6379. Each is installed from Debian's packages and
# started only when it is missing; on a machine that has them this does nothing.
set -euo pipefail

apt_install() {
    if [ -z "${APT_UPDATED:-}" ]; then apt-get update -qq; APT_UPDATED=1; fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

if ! command -v chromium >/dev/null 2>&1; then
    echo "installing Debian's chromium for the browser tests"
    apt_install chromium fonts-dejavu-core
fi
if ! command -v pdftoppm >/dev/null 2>&1; then apt_install poppler-utils; fi
# The compiled Burraco core (docs/compiled-engine.md): `make setup` builds it where g++ and
# Python's headers are; the tests need it, so where the build was skipped install them and build.
if [ -x .venv/bin/python ] && ! .venv/bin/python -c 'import tavolo.games.burraco._core' 2>/dev/null; then
    echo "building the compiled Burraco core for the tests"
    command -v g++ >/dev/null 2>&1 || apt_install g++
    include=$(.venv/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
    [ -f "$include/Python.h" ] || apt_install python3-dev
    .venv/bin/python -m pip install --quiet -e .
fi
if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
    echo "installing Debian's nginx for the balancer test"
    apt_install nginx-light 2>/dev/null || apt_install nginx     # Debian 13 has only nginx
    # Debian may start it on port 80 where services may start: the test runs its own.
    if command -v invoke-rc.d >/dev/null 2>&1; then invoke-rc.d nginx stop >/dev/null 2>&1 || true; fi
fi

if ! (command -v pg_isready >/dev/null 2>&1 && pg_isready -q -h 127.0.0.1 -p 5432); then
    echo "starting PostgreSQL for the tests"
    command -v pg_ctlcluster >/dev/null 2>&1 || apt_install postgresql
    read -r version cluster < <(pg_lsclusters -h | awk 'NR==1 {print $1, $2}') || true
    if [ -z "${version:-}" ]; then
        version=$(ls /usr/lib/postgresql | sort -V | tail -n 1); cluster=main
        pg_createcluster "$version" "$cluster" >/dev/null
    fi
    # The tests connect as postgres over loopback without a password: trust there only.
    hba=/etc/postgresql/$version/$cluster/pg_hba.conf
    grep -q '^host all postgres 127.0.0.1/32 trust' "$hba" || sed -i '1i host all postgres 127.0.0.1/32 trust' "$hba"
    pg_ctlcluster "$version" "$cluster" start 2>/dev/null || pg_ctlcluster "$version" "$cluster" reload
    for _ in $(seq 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
    su postgres -c "psql -tAc \"SELECT 1 FROM pg_database WHERE datname='test'\"" | grep -q 1 \
        || su postgres -c "createdb test"
fi

if ! (command -v redis-cli >/dev/null 2>&1 && redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1); then
    echo "starting Redis for the tests"
    command -v redis-server >/dev/null 2>&1 || apt_install redis-server
    redis-server --bind 127.0.0.1 --port 6379 --daemonize yes >/dev/null
    for _ in $(seq 30); do redis-cli -h 127.0.0.1 ping >/dev/null 2>&1 && break; sleep 0.5; done
fi
