#!/usr/bin/env bash
# make test: every part's tests (each part starts the real PostgreSQL or RabbitMQ its integration
# tests need, on ports and directories of its own, fresh each run), then faults injected into the
# whole system and the end-to-end browser tests against it. Runs every suite even when one fails,
# and names the failures.
set -uo pipefail
cd "$(dirname "$0")"
source lib.sh
ROOT=$(repo_root)

./install-deps.sh || exit 1
make -C "$ROOT" build || die "the build failed"

failed=()
timings=()
suite() {
  local name=$1; shift
  printf '\n=== %s ===\n' "$name"
  local started=$SECONDS
  "$@" || failed+=("$name")
  timings+=("$name $((SECONDS - started))s")
}
suite workers make -C "$ROOT/workers" test
suite datasets make -C "$ROOT/datasets" test
suite stack-runners make -C "$ROOT/stack-runners" test
suite backend make -C "$ROOT/backend" test
suite frontend make -C "$ROOT/frontend" test
suite infra make -C "$ROOT/infra" test
suite bench make -C "$ROOT/bench" test
suite faults make -C "$ROOT/fault-tests" test
suite e2e ./e2e.sh

echo
echo "suite times: ${timings[*]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "FAILED suites: ${failed[*]}"
  exit 1
fi
echo "all suites passed"
