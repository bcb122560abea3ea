#!/usr/bin/env bash
# The end-to-end tests: the whole system (its own PostgreSQL, RabbitMQ, backend and a worker
# of class `local`, on ports of its own) driven through the UI in Debian's Chromium. Arguments go
# to Playwright: `scripts/e2e.sh tests/ci-gate.spec.ts` runs one spec.
set -euo pipefail
cd "$(dirname "$0")"
SCRIPTS=$PWD
source lib.sh
ROOT=$(repo_root)
E2E_DIR=${SOAPBENCH_E2E_DIR:-/tmp/soapbench-e2e}
DB_PORT=17432
AMQP_PORT=17682
BACKEND_PORT=18080

cleanup() {
  local status=$?
  if [ $status -ne 0 ]; then
    echo "--- backend log (tail) ---"; tail -n 60 "$E2E_DIR/backend.log" 2>/dev/null || true
    echo "--- worker log (tail) ---"; tail -n 60 "$E2E_DIR/worker.log" 2>/dev/null || true
  fi
  "$SCRIPTS/services.sh" stop "$E2E_DIR" worker
  "$SCRIPTS/services.sh" stop "$E2E_DIR" backend
  "$SCRIPTS/rabbitmq.sh" stop "$E2E_DIR/rabbitmq"
  "$SCRIPTS/postgres.sh" stop "$E2E_DIR/postgres"
}
trap cleanup EXIT
cleanup 2>/dev/null
rm -rf "$E2E_DIR"
./postgres.sh start "$E2E_DIR/postgres" "$DB_PORT" --fast
./rabbitmq.sh start "$E2E_DIR/rabbitmq" "$AMQP_PORT"
# One small board (e2e-tests/leaderboards.json), measured only when a test asks as the operator.
SOAPBENCH_LEADERBOARDS_FILE="$ROOT/e2e-tests/leaderboards.json" SOAPBENCH_LEADERBOARDS_AUTOMATIC=false \
SOAPBENCH_LEADERBOARDS_TICK=PT1S SOAPBENCH_OPERATOR_TOKEN=e2e-operator-token \
SOAPBENCH_PUBLIC_URL="http://127.0.0.1:$BACKEND_PORT" ./services.sh start-backend "$E2E_DIR" "$BACKEND_PORT" "$DB_PORT" "$AMQP_PORT"
# The end-to-end tests check what the system does with a run, not how fast a warm JVM is (the
# warm-up rule has its own tests in workers/internal/job): a JVM stack warms up for 5 to 20 s here
# instead of 15 to 90 s, which took most of this suite's time.
SOAPBENCH_JVM_WARMUP=5s SOAPBENCH_JVM_WARMUP_MAX=20s ./services.sh start-worker "$E2E_DIR" "$AMQP_PORT"

cd "$ROOT/e2e-tests"
[ -d node_modules ] || PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
SOAPBENCH_E2E_URL="http://127.0.0.1:$BACKEND_PORT" SOAPBENCH_E2E_OPERATOR_TOKEN=e2e-operator-token npm test -- "$@"
