#!/usr/bin/env bash
# A private RabbitMQ node on its own ports and directory, without systemd:
#   rabbitmq.sh start DIR PORT     user soapbench/soapbench on 127.0.0.1:PORT (with
#                                  SOAPBENCH_RABBIT_MANAGEMENT_PORT set: the management API there)
#   rabbitmq.sh stop DIR
#   rabbitmq.sh worker-url DIR CLASS   prints the AMQP URL of the worker user of CLASS (created once)
# The Erlang distribution port is PORT+100 and the node's own epmd listens on PORT+200, so two
# nodes (the running service and a test one) never share state.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

RABBIT_BIN=/usr/lib/rabbitmq/bin

node_env() {
  local dir=$1 port=$2
  export HOME=$dir \
    RABBITMQ_NODENAME="soapbench-$port@localhost" \
    RABBITMQ_NODE_IP_ADDRESS=127.0.0.1 \
    RABBITMQ_NODE_PORT=$port \
    RABBITMQ_DIST_PORT=$((port + 100)) \
    ERL_EPMD_PORT=$((port + 200)) \
    RABBITMQ_MNESIA_BASE=$dir/mnesia \
    RABBITMQ_LOG_BASE=$dir/log \
    RABBITMQ_PID_FILE=$dir/rabbitmq.pid \
    RABBITMQ_CONFIG_FILE=$dir/rabbitmq \
    RABBITMQ_ENABLED_PLUGINS_FILE=$dir/enabled_plugins
}

start() {
  local dir=$1 port=$2
  [ -x "$RABBIT_BIN/rabbitmq-server" ] || die "RabbitMQ is not installed (run scripts/install-deps.sh)"
  mkdir -p "$dir/log" "$dir/mnesia"
  dir=$(cd "$dir" && pwd)
  echo "$port" >"$dir/port"
  cat >"$dir/rabbitmq.conf" <<CONF
listeners.tcp.default = 127.0.0.1:$port
default_user = soapbench
default_pass = soapbench
default_user_tags.administrator = true
log.file.level = warning
# A worker acknowledges a job when its run ends, and a run may last hours (a submission may be
# estimated at up to SOAPBENCH_MAX_WORK_PER_SUBMISSION, 4 h by default). RabbitMQ's default of
# 30 min would close the worker's channel mid-run, and the run would be delivered again and its
# servers rebuilt and warmed up anew. 8 h: twice the largest run the service accepts.
consumer_timeout = 28800000
CONF
  # The management API only where asked for (tests of what uses it): it costs seconds per start.
  if [ -n "${SOAPBENCH_RABBIT_MANAGEMENT_PORT:-}" ]; then
    echo "management.tcp.ip = 127.0.0.1" >>"$dir/rabbitmq.conf"
    echo "management.tcp.port = $SOAPBENCH_RABBIT_MANAGEMENT_PORT" >>"$dir/rabbitmq.conf"
    echo '[rabbitmq_management].' >"$dir/enabled_plugins"
  else
    echo '[].' >"$dir/enabled_plugins"
  fi
  node_env "$dir" "$port"
  if "$RABBIT_BIN/rabbitmqctl" -q status >/dev/null 2>&1; then
    log "RabbitMQ already running in $dir"
  else
    port_in_use "$port" && die "port $port is already in use by another program"
    "$RABBIT_BIN/rabbitmq-server" -detached >"$dir/log/start.out" 2>&1
    "$RABBIT_BIN/rabbitmqctl" -q wait --timeout 90 "$RABBITMQ_PID_FILE" >/dev/null 2>&1 \
      && wait_for_port "$port" 60 \
      || { tail -n 30 "$dir"/log/*.log >&2 2>/dev/null; die "RabbitMQ did not start on port $port"; }
  fi
  log "RabbitMQ on 127.0.0.1:$port (data in $dir)"
}

stop() {
  local dir=$1 port
  [ -f "$dir/port" ] || return 0
  dir=$(cd "$dir" && pwd)
  port=$(cat "$dir/port")
  node_env "$dir" "$port"
  if "$RABBIT_BIN/rabbitmqctl" -q status >/dev/null 2>&1; then
    "$RABBIT_BIN/rabbitmqctl" -q stop "$RABBITMQ_PID_FILE" >/dev/null 2>&1 || true
    wait_for_port_free "$port" 30 || log "port $port is still in use after stopping RabbitMQ"
    log "RabbitMQ in $dir stopped"
  fi
  # epmd outlives the node; this one listens on the node's private port only.
  epmd -port "$ERL_EPMD_PORT" -kill >/dev/null 2>&1 || true
}

# worker_url creates, once, the user a worker of one hardware class connects as, and prints its
# URL. The worker runs code generated from uploads beside its connection, so its user may only
# consume its class's jobs queue and its own control queue, and publish to bench.events: it can
# neither read other classes' jobs nor the backend's events, nor declare or delete anything else.
worker_url() {
  local dir=$1 class=$2 port user password_file password
  [[ "$class" =~ ^[a-z0-9][a-z0-9-]{0,62}$ ]] || die "hardware class '$class': use lowercase letters, digits and '-'"
  dir=$(cd "$dir" && pwd)
  port=$(cat "$dir/port")
  node_env "$dir" "$port"
  user="worker-$class"
  password_file="$dir/$user.password"
  if [ ! -s "$password_file" ]; then
    (umask 077 && head -c 24 /dev/urandom | base64 | tr -d '/+=' >"$password_file")
  fi
  password=$(cat "$password_file")
  if ! "$RABBIT_BIN/rabbitmqctl" -q list_users 2>/dev/null | awk '{print $1}' | grep -qx "$user"; then
    "$RABBIT_BIN/rabbitmqctl" -q add_user "$user" "$password" >/dev/null
  fi
  "$RABBIT_BIN/rabbitmqctl" -q change_password "$user" "$password" >/dev/null
  "$RABBIT_BIN/rabbitmqctl" -q set_user_tags "$user" >/dev/null
  "$RABBIT_BIN/rabbitmqctl" -q set_permissions -p / "$user" \
    '^amq\.gen-.*$' \
    '^(bench\.events|amq\.gen-.*)$' \
    "^(bench\\.jobs\\.${class}|bench\\.control|amq\\.gen-.*)\$" >/dev/null
  echo "amqp://$user:$password@127.0.0.1:$port/"
}

case "${1:-}" in
  worker-url) [ $# -ge 3 ] || die "usage: rabbitmq.sh worker-url DIR CLASS"; worker_url "$2" "$3" ;;
  start) [ $# -ge 3 ] || die "usage: rabbitmq.sh start DIR PORT"; start "$2" "$3" ;;
  stop) [ $# -ge 2 ] || die "usage: rabbitmq.sh stop DIR"; stop "$2" ;;
  *) die "usage: rabbitmq.sh start DIR PORT | stop DIR | worker-url DIR CLASS" ;;
esac
