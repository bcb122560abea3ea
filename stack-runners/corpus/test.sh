#!/usr/bin/env bash
# The corpus scripts' own tests, offline: manifest, safe extraction, sha256 checks, the table.
set -euo pipefail
cd "$(dirname "$0")"
python3 -m unittest discover -s . -p 'test_*.py'
