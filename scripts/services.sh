#!/usr/bin/env bash
# Starts and stops the project's processes (backend, worker) in the background without systemd,
# each with a pid file and a log in the state directory:
#   services.sh start-backend STATE PORT DB_PORT AMQP_PORT
#   services.sh start-worker STATE AMQP_PORT   (the broker's folder is STATE/rabbitmq)
#   services.sh stop STATE NAME
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ROOT=$(repo_root)

running() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null && ! grep -q '^State:.*Z' "/proc/$(cat "$1")/status" 2>/dev/null; }

start_backend() {
  local state=$1 port=$2 db_port=$3 amqp_port=$4 pid=$1/backend.pid
  mkdir -p "$state"
  if running "$pid"; then log "backend already running (pid $(cat "$pid"))"; return; fi
  local jar
  jar=$(ls "$ROOT"/backend/target/soapbench-backend-*.jar 2>/dev/null | grep -v plain | head -n 1)
  [ -n "$jar" ] || die "backend is not built (make build)"
  SOAPBENCH_PORT=$port \
  SOAPBENCH_DB_URL="jdbc:postgresql://127.0.0.1:$db_port/soapbench" \
  SOAPBENCH_AMQP_PORT=$amqp_port \
  SOAPBENCH_REPO_DIR=$ROOT \
  SOAPBENCH_UI_DIR=$ROOT/frontend/dist \
  SOAPBENCH_PUBLIC_URL=${SOAPBENCH_PUBLIC_URL:-http://localhost:$port} \
    setsid nohup java -Xmx512m -jar "$jar" >"$state/backend.log" 2>&1 </dev/null &
  echo $! >"$pid"
  local deadline=$((SECONDS + 120))
  until curl -fsS "http://127.0.0.1:$port/api/v1/stacks" >/dev/null 2>&1; do
    running "$pid" || { tail -n 40 "$state/backend.log" >&2; die "backend exited during start-up (log: $state/backend.log)"; }
    ((SECONDS < deadline)) || { tail -n 40 "$state/backend.log" >&2; die "backend did not answer on port $port within 120 s"; }
    sleep 1
  done
  log "backend on http://127.0.0.1:$port (log: $state/backend.log)"
}

start_worker() {
  local state=$1 amqp_port=$2 pid=$1/worker.pid
  mkdir -p "$state/work"
  if running "$pid"; then log "worker already running (pid $(cat "$pid"))"; return; fi
  [ -x "$ROOT/workers/bin/bench-worker" ] || die "worker is not built (make build)"
  local class=${SOAPBENCH_HARDWARE_CLASS:-local} url
  # The worker connects as its class's own broker user, never as the administrator.
  url=$("$ROOT/scripts/rabbitmq.sh" worker-url "$state/rabbitmq" "$class") || die "no broker user for the worker"
  SOAPBENCH_AMQP_URL=$url \
  SOAPBENCH_HARDWARE_CLASS=$class \
  SOAPBENCH_STACK_RUNNERS=$ROOT/stack-runners \
  SOAPBENCH_WORK_DIR=$state/work \
    setsid nohup "$ROOT/workers/bin/bench-worker" >"$state/worker.log" 2>&1 </dev/null &
  echo $! >"$pid"
  sleep 1
  running "$pid" || { tail -n 20 "$state/worker.log" >&2; die "worker exited during start-up (log: $state/worker.log)"; }
  log "worker of class ${SOAPBENCH_HARDWARE_CLASS:-local} started (log: $state/worker.log)"
}

stop_process() {
  local pid_file=$1/$2.pid
  [ -f "$pid_file" ] || return 0
  local pid
  pid=$(cat "$pid_file")
  if running "$pid_file"; then
    # Each process leads its own session, so its children (servers the worker started) go too.
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do running "$pid_file" || break; sleep 0.1; done
    running "$pid_file" && kill -KILL -- "-$pid" 2>/dev/null || true
    log "$2 stopped"
  fi
  rm -f "$pid_file"
}

case "${1:-}" in
  start-backend) start_backend "$2" "$3" "$4" "$5" ;;
  start-worker) start_worker "$2" "$3" ;;
  stop) stop_process "$2" "$3" ;;
  *) die "usage: services.sh start-backend STATE PORT DB_PORT AMQP_PORT | start-worker STATE AMQP_PORT | stop STATE NAME" ;;
esac
