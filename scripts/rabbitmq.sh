#!/usr/bin/env bash
# A private RabbitMQ node on its own ports and directory, without systemd:
#   rabbitmq.sh start DIR PORT     user soapbench/soapbench on 127.0.0.1:PORT
#   rabbitmq.sh stop DIR
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
CONF
  echo '[].' >"$dir/enabled_plugins"
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

case "${1:-}" in
  start) [ $# -ge 3 ] || die "usage: rabbitmq.sh start DIR PORT"; start "$2" "$3" ;;
  stop) [ $# -ge 2 ] || die "usage: rabbitmq.sh stop DIR"; stop "$2" ;;
  *) die "usage: rabbitmq.sh start DIR PORT | stop DIR" ;;
esac
