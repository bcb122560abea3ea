#!/usr/bin/env bash
# make up: installs what is missing, builds everything, and starts PostgreSQL, RabbitMQ, the
# backend (serving the UI) and one worker of class `local`. Safe to run again: what already
# runs is reused. Several instances (other SOAPBENCH_* ports and state dir) can run from one tree;
# while any runs, the tree is not rebuilt under it: an up-to-date build is reused, a stale one is
# refused with the instances it would disturb.
set -euo pipefail
cd "$(dirname "$0")"
source lib.sh
source config.sh
ROOT=$(repo_root)

# stale ARTIFACT SOURCE...: true when ARTIFACT is missing or a source file is newer.
stale() {
  local artifact=$1
  shift
  [ -e "$artifact" ] || return 0
  [ -n "$(find "$@" -type f -newer "$artifact" -print -quit 2>/dev/null)" ]
}

build_is_current() {
  local jar
  jar=$(ls "$ROOT"/backend/target/soapbench-backend-*.jar 2>/dev/null | grep -v plain | head -n 1)
  ! stale "${jar:-/nonexistent}" "$ROOT/backend/src/main" "$ROOT/backend/pom.xml" \
    && ! stale "$ROOT/frontend/dist/index.html" "$ROOT/frontend/src" "$ROOT/frontend/index.html" "$ROOT/frontend/package.json" \
    && ! stale "$ROOT/workers/bin/bench-worker" "$ROOT/workers/cmd" "$ROOT/workers/internal" "$ROOT/workers/go.mod"
}

./install-deps.sh
running_here=$(./services.sh instances)
if [ -z "$running_here" ]; then
  make -C "$ROOT" build
elif build_is_current; then
  log "Reusing the build in $ROOT: it is up to date, and these instances run on it:"
  log "$running_here"
else
  log "Not rebuilding $ROOT: its build is out of date, and rebuilding would replace the jar, the UI and"
  log "the worker under the instances running on it:"
  log "$running_here"
  die "stop them first (SOAPBENCH_STATE_DIR=<their state dir> make down), or start this instance from another checkout"
fi
./postgres.sh start "$STATE_DIR/postgres" "$DB_PORT"
./rabbitmq.sh start "$STATE_DIR/rabbitmq" "$AMQP_PORT"
# The operator's secret for the leaderboards' admin calls, made once per state dir unless given.
if [ -z "${SOAPBENCH_OPERATOR_TOKEN:-}" ]; then
  [ -s "$STATE_DIR/operator-token" ] || (umask 077 && head -c 32 /dev/urandom | base64 | tr -d '/+=\n' >"$STATE_DIR/operator-token")
  SOAPBENCH_OPERATOR_TOKEN=$(cat "$STATE_DIR/operator-token")
  export SOAPBENCH_OPERATOR_TOKEN
fi
./services.sh start-backend "$STATE_DIR" "$BACKEND_PORT" "$DB_PORT" "$AMQP_PORT"
./services.sh start-worker "$STATE_DIR" "$AMQP_PORT"
echo
echo "SOAPBench is up: http://localhost:$BACKEND_PORT"
echo "API docs:        http://localhost:$BACKEND_PORT/api/docs"
echo "Logs:            $STATE_DIR/{backend,worker}.log   Stop with: make down"
echo "Leaderboards:    http://localhost:$BACKEND_PORT/leaderboards, filled by official runs while the worker is idle"
[ ! -s "$STATE_DIR/operator-token" ] || echo "Operator token:  $STATE_DIR/operator-token (docs/leaderboards.md)"
