#!/usr/bin/env bash
# make up: installs what is missing, builds everything, and starts PostgreSQL, RabbitMQ, the
# backend (serving the UI) and one worker of class `local`. Safe to run again: what already
# runs is reused.
set -euo pipefail
cd "$(dirname "$0")"
source lib.sh
source config.sh
ROOT=$(repo_root)

./install-deps.sh
make -C "$ROOT" build
./postgres.sh start "$STATE_DIR/postgres" "$DB_PORT"
./rabbitmq.sh start "$STATE_DIR/rabbitmq" "$AMQP_PORT"
./services.sh start-backend "$STATE_DIR" "$BACKEND_PORT" "$DB_PORT" "$AMQP_PORT"
./services.sh start-worker "$STATE_DIR" "$AMQP_PORT"
echo
echo "SOAPBench is up: http://localhost:$BACKEND_PORT"
echo "API docs:        http://localhost:$BACKEND_PORT/api/docs"
echo "Logs:            $STATE_DIR/{backend,worker}.log   Stop with: make down"
