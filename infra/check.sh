#!/usr/bin/env bash
# Offline checks of the Terraform: formatting, validation and, with --test, the mocked plans of
# tests/ and modules/*/tests/. Runs in a scratch copy so nothing lands in the working tree.
#   check.sh          fmt -check, init -backend=false, validate
#   check.sh --test   the same, then terraform test for the root and every module
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
PLUGIN_MIRROR=${TF_PLUGIN_MIRROR:-/opt/tf-plugins}

case "${1:-}" in
  "") run_tests=false ;;
  --test) run_tests=true ;;
  *) echo "check.sh: unknown argument '$1' (use --test or nothing)" >&2; exit 2 ;;
esac

if ! command -v terraform >/dev/null 2>&1; then
  echo "SKIP infra: terraform is not installed"
  exit 0
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp -R "$HERE"/. "$scratch"/
rm -rf "$scratch"/.terraform "$scratch"/.terraform.lock.hcl

# An unset or missing CLI config only warns; an empty one keeps the output clean and free of
# the caller's provider settings.
: >"$scratch/.terraformrc"
export TF_CLI_CONFIG_FILE="$scratch/.terraformrc" TF_IN_AUTOMATION=1 TF_INPUT=0

init_args=(-backend=false -input=false -no-color)
if [ -d "$PLUGIN_MIRROR" ]; then
  init_args+=("-plugin-dir=$PLUGIN_MIRROR")
fi

echo "infra: terraform fmt -check -recursive"
terraform -chdir="$HERE" fmt -check -recursive -no-color

dirs=(.)
for module in "$scratch"/modules/*/; do
  dirs+=("modules/$(basename "$module")")
done

for dir in "${dirs[@]}"; do
  echo "infra: terraform init + validate in $dir"
  if ! terraform -chdir="$scratch/$dir" init "${init_args[@]}" >"$scratch/init.log" 2>&1; then
    cat "$scratch/init.log" >&2
    echo "infra: terraform init failed in $dir (is the hashicorp/aws provider in $PLUGIN_MIRROR or reachable?)" >&2
    exit 1
  fi
  terraform -chdir="$scratch/$dir" validate -no-color
  if $run_tests && [ -d "$scratch/$dir/tests" ]; then
    echo "infra: terraform test in $dir"
    terraform -chdir="$scratch/$dir" test -no-color
  fi
done
echo "infra: OK"
