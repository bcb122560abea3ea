#!/usr/bin/env bash
# The shared checker's rules, the glue's literals compiled back, and every runner refusing every
# hostile bundle before its generators run (tests/hostile_cases.py).
# Usage: stack-runners/toolset/test.sh
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/tests" && exec python3 -m unittest -v test_safe_values test_source_literals test_hostile_builds test_escaped_builds
