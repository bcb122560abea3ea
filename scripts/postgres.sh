#!/usr/bin/env bash
# A private PostgreSQL instance on its own port and data directory, without systemd:
#   postgres.sh start DIR PORT [--fast]   (--fast: fsync off, for tests)
#   postgres.sh stop DIR
# Creates database `soapbench` owned by soapbench/soapbench, reachable on 127.0.0.1:PORT.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

pg_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$dir" ] || die "PostgreSQL is not installed (run scripts/install-deps.sh)"
  echo "$dir"
}

# initdb refuses to run as root, so as root the cluster belongs to a system user.
as_owner() {
  if [ "$(id -u)" = 0 ]; then
    id soapbench >/dev/null 2>&1 || useradd --system --home-dir /nonexistent --shell /usr/sbin/nologin soapbench
    runuser -u soapbench -- "$@"
  else
    "$@"
  fi
}

start() {
  local dir=$1 port=$2 fast=${3:-} bin
  bin=$(pg_bin)
  mkdir -p "$dir/sock"
  [ "$(id -u)" = 0 ] && { as_owner true; chown -R soapbench: "$dir"; }
  as_owner test -w "$dir" || die "$dir is not writable by the database owner; choose a directory outside /root"
  if [ ! -f "$dir/data/PG_VERSION" ]; then
    as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth-local=trust --auth-host=scram-sha-256 \
      -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; die "initdb failed in $dir/data"; }
  fi
  if as_owner "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
    log "PostgreSQL already running in $dir"
  else
    port_in_use "$port" && die "port $port is already in use by another program"
    local opts="-p $port -k $dir/sock -c listen_addresses=127.0.0.1"
    [ "$fast" = --fast ] && opts="$opts -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -o "$opts" -w -t 60 start >/dev/null \
      || { tail -n 20 "$dir/postgres.log" >&2; die "PostgreSQL did not start on port $port"; }
  fi
  local psql=("$bin/psql" -h "$dir/sock" -p "$port" -U postgres -v ON_ERROR_STOP=1 -qtA)
  if [ -z "$(as_owner "${psql[@]}" -c "select 1 from pg_roles where rolname='soapbench'")" ]; then
    as_owner "${psql[@]}" -c "create role soapbench login password 'soapbench'"
  fi
  if [ -z "$(as_owner "${psql[@]}" -c "select 1 from pg_database where datname='soapbench'")" ]; then
    as_owner "${psql[@]}" -c "create database soapbench owner soapbench"
  fi
  log "PostgreSQL on 127.0.0.1:$port (data in $dir/data)"
}

stop() {
  local dir=$1 bin
  bin=$(pg_bin)
  [ -f "$dir/data/PG_VERSION" ] || return 0
  if as_owner "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
    local port
    port=$(sed -n 4p "$dir/data/postmaster.pid" 2>/dev/null || true)
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    [ -z "$port" ] || wait_for_port_free "$port" 30 || log "port $port is still in use after stopping PostgreSQL"
    log "PostgreSQL in $dir stopped"
  fi
}

case "${1:-}" in
  start) [ $# -ge 3 ] || die "usage: postgres.sh start DIR PORT [--fast]"; start "$2" "$3" "${4:-}" ;;
  stop) [ $# -ge 2 ] || die "usage: postgres.sh stop DIR"; stop "$2" ;;
  *) die "usage: postgres.sh start DIR PORT [--fast] | stop DIR" ;;
esac
