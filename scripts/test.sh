#!/usr/bin/env bash
# make test: every test of every part, against real PostgreSQL and RabbitMQ instances started
# here on their own ports and directories (fresh each run), then the end-to-end browser tests
# against the whole system. Runs every suite even when one fails, and names the failures.
set -uo pipefail
cd "$(dirname "$0")"
source lib.sh
ROOT=$(repo_root)
TEST_DIR=${SOAPBENCH_TEST_DIR:-/tmp/soapbench-test}
DB_PORT=56432
AMQP_PORT=56672

./install-deps.sh || exit 1
make -C "$ROOT" build || die "the build failed"

cleanup() {
  ./rabbitmq.sh stop "$TEST_DIR/rabbitmq"
  ./postgres.sh stop "$TEST_DIR/postgres"
}
trap cleanup EXIT
cleanup 2>/dev/null
rm -rf "$TEST_DIR"
./postgres.sh start "$TEST_DIR/postgres" "$DB_PORT" --fast || exit 1
./rabbitmq.sh start "$TEST_DIR/rabbitmq" "$AMQP_PORT" || exit 1

export SOAPBENCH_TEST_DB_URL="jdbc:postgresql://127.0.0.1:$DB_PORT/soapbench"
export SOAPBENCH_TEST_DB_PORT=$DB_PORT
export SOAPBENCH_TEST_AMQP_PORT=$AMQP_PORT
export SOAPBENCH_TEST_AMQP_URL="amqp://soapbench:soapbench@127.0.0.1:$AMQP_PORT/"

failed=()
suite() {
  local name=$1; shift
  printf '\n=== %s ===\n' "$name"
  "$@" || failed+=("$name")
}
suite workers make -C "$ROOT/workers" test
suite datasets make -C "$ROOT/datasets" test
suite stack-runners make -C "$ROOT/stack-runners" test
suite backend make -C "$ROOT/backend" test
suite frontend make -C "$ROOT/frontend" test
suite e2e ./e2e.sh

echo
if [ ${#failed[@]} -gt 0 ]; then
  echo "FAILED suites: ${failed[*]}"
  exit 1
fi
echo "all suites passed"
