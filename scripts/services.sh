#!/usr/bin/env bash
# Starts and stops the project's processes (backend, worker) in the background without systemd,
# each with a pid file and a log in the state directory:
#   services.sh start-backend STATE PORT DB_PORT AMQP_PORT
#   services.sh start-worker STATE AMQP_PORT   (the broker's folder: SOAPBENCH_RABBIT_DIR, else STATE/rabbitmq;
#                                              the stacks: SOAPBENCH_STACK_RUNNERS, else stack-runners/)
#   services.sh stop STATE NAME
#   services.sh instances           the state dirs of instances running on this tree, one a line
# Logs are appended to and rotated by size (LOG_MAX_BYTES, LOG_KEEP old files), never truncated:
# the backend's by logback (backend.log), its console and the worker's through log_writer.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ROOT=$(repo_root)

LOG_MAX_BYTES=${SOAPBENCH_LOG_MAX_BYTES:-10485760}
LOG_KEEP=${SOAPBENCH_LOG_KEEP:-5}
# Instances started from this tree register here, so a second `make up` knows who runs on it.
INSTANCES=$ROOT/.instances

running() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null && ! grep -q '^State:.*Z' "/proc/$(cat "$1")/status" 2>/dev/null; }

start_backend() {
  local state=$1 port=$2 db_port=$3 amqp_port=$4 pid=$1/backend.pid
  mkdir -p "$state"
  if running "$pid"; then log "backend already running (pid $(cat "$pid"))"; return; fi
  local jar
  # SOAPBENCH_BACKEND_JAR: a copy of the jar, for a long-lived instance that a rebuild of
  # backend/target (rewritten in place under the running JVM) must not break.
  jar=${SOAPBENCH_BACKEND_JAR:-$(ls "$ROOT"/backend/target/soapbench-backend-*.jar 2>/dev/null | grep -v plain | head -n 1)}
  [ -n "$jar" ] || die "backend is not built (make build)"
  SOAPBENCH_PORT=$port \
  SOAPBENCH_DB_URL="jdbc:postgresql://127.0.0.1:$db_port/soapbench" \
  SOAPBENCH_AMQP_PORT=$amqp_port \
  SOAPBENCH_REPO_DIR=$ROOT \
  SOAPBENCH_UI_DIR=$ROOT/frontend/dist \
  SOAPBENCH_PUBLIC_URL=${SOAPBENCH_PUBLIC_URL:-http://localhost:$port} \
    setsid nohup java -Xmx512m \
      -Dlogging.file.name="$state/backend.log" \
      -Dlogging.logback.rollingpolicy.max-file-size="$LOG_MAX_BYTES" \
      -Dlogging.logback.rollingpolicy.max-history="$LOG_KEEP" \
      -Dlogging.console.enabled=false \
      -jar "$jar" </dev/null > >(setsid "$ROOT/scripts/services.sh" log-writer "$state/backend.out") 2>&1 &
  echo $! >"$pid"
  echo "$port" >"$state/backend.port"
  register "$state"
  local deadline=$((SECONDS + 120))
  until curl -fsS "http://127.0.0.1:$port/api/v1/stacks" >/dev/null 2>&1; do
    running "$pid" || { tail -n 40 "$state/backend.log" "$state/backend.out" >&2 2>/dev/null; die "backend exited during start-up (log: $state/backend.log, $state/backend.out)"; }
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
  url=$("$ROOT/scripts/rabbitmq.sh" worker-url "${SOAPBENCH_RABBIT_DIR:-$state/rabbitmq}" "$class") || die "no broker user for the worker"
  SOAPBENCH_AMQP_URL=$url \
  SOAPBENCH_HARDWARE_CLASS=$class \
  SOAPBENCH_STACK_RUNNERS=${SOAPBENCH_STACK_RUNNERS:-$ROOT/stack-runners} \
  SOAPBENCH_WORK_DIR=$state/work \
    setsid nohup "$ROOT/workers/bin/bench-worker" </dev/null > >(setsid "$ROOT/scripts/services.sh" log-writer "$state/worker.log") 2>&1 &
  echo $! >"$pid"
  register "$state"
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

# rotate FILE: FILE.1 .. FILE.N shift up by one (the oldest goes), FILE becomes FILE.1.
rotate() {
  local file=$1 i
  rm -f "$file.$LOG_KEEP"
  for ((i = LOG_KEEP - 1; i >= 1; i--)); do
    [ -f "$file.$i" ] && mv "$file.$i" "$file.$((i + 1))"
  done
  [ -f "$file" ] && mv "$file" "$file.1"
  return 0
}

# log_writer FILE: appends its input to FILE line by line, rotating FILE once it passes
# LOG_MAX_BYTES. It ends when the process writing to it does, so a restart appends to the same file.
log_writer() {
  local file=$1 size line
  trap '' HUP
  size=$(stat -c %s "$file" 2>/dev/null || echo 0)
  exec 3>>"$file"
  while IFS= read -r line || [ -n "$line" ]; do
    printf '%s\n' "$line" >&3
    size=$((size + ${#line} + 1))
    if ((size > LOG_MAX_BYTES)); then
      exec 3>&-
      rotate "$file"
      exec 3>>"$file"
      size=0
    fi
  done
}

register() {
  mkdir -p "$INSTANCES"
  local state
  state=$(cd "$1" && pwd)
  printf '%s\n' "$state" >"$INSTANCES/$(printf '%s' "$state" | md5sum | cut -c1-16)"
}

# instances: the registered instances with a backend or worker still running, one a line:
# STATE_DIR (backend on port PORT).
instances() {
  local entry state
  for entry in "$INSTANCES"/*; do
    [ -f "$entry" ] || continue
    state=$(cat "$entry")
    if running "$state/backend.pid" || running "$state/worker.pid"; then
      printf '%s (backend on port %s)\n' "$state" "$(cat "$state/backend.port" 2>/dev/null || echo '?')"
    else
      rm -f "$entry"
    fi
  done
}

case "${1:-}" in
  start-backend) start_backend "$2" "$3" "$4" "$5" ;;
  start-worker) start_worker "$2" "$3" ;;
  stop) stop_process "$2" "$3" ;;
  instances) instances ;;
  log-writer) log_writer "$2" ;;
  *) die "usage: services.sh start-backend STATE PORT DB_PORT AMQP_PORT | start-worker STATE AMQP_PORT | stop STATE NAME" ;;
esac
