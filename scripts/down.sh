#!/usr/bin/env bash
# make down: stops what make up started, and nothing else.
set -euo pipefail
cd "$(dirname "$0")"
source lib.sh
source config.sh
./services.sh stop "$STATE_DIR" worker
./services.sh stop "$STATE_DIR" backend
./rabbitmq.sh stop "$STATE_DIR/rabbitmq"
./postgres.sh stop "$STATE_DIR/postgres"
