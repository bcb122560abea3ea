# shellcheck shell=bash
# The runners' own build cache, for callers outside the worker: the contract tests and a
# developer's builds. A build is kept under a key its runner computes from everything that decides
# its content (build_cache_key in jvm-host/runner-common.sh, build_key in gsoap/runner); a build of
# the same inputs is then a hard-linked copy. SOAPBENCH_NO_BUILD_CACHE=1 bypasses it: the worker
# sets it in its sandbox, and seals the builds it keeps itself (workers/internal/runner/buildcache.go).
# A runner sets `stack_id` and, for fetch and store, `out` (the build folder).

# content_digests FILE...: each file's SHA-256, one a line, without its path, so that a key is the
# same in every checkout of the repository (a clean clone's builds reuse a developer's).
content_digests() {
  local file
  for file in "$@"; do
    sha256sum <"$file" | cut -d' ' -f1
  done
}

tree_digest() {
  (cd "$1" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 -r sha256sum | sha256sum | cut -d' ' -f1)
}

build_cache_root() {
  echo "${SOAPBENCH_BUILD_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/soapbench/builds}"
}

# build_cache_fetch KEY fills OUT from a cached build; returns 1 when there is none.
build_cache_fetch() {
  local key="$1" entry_dir
  [[ -z "${SOAPBENCH_NO_BUILD_CACHE:-}" ]] || return 1
  entry_dir="$(build_cache_root)/$stack_id/$key"
  [[ -f "$entry_dir/.complete" ]] || return 1
  find "$out" -mindepth 1 -maxdepth 1 -exec rm -rf {} +
  # Hard links cost nothing; the server never writes into its build folder.
  cp -al "$entry_dir/build/." "$out/" 2>/dev/null || cp -a "$entry_dir/build/." "$out/"
  if [[ -f "$entry_dir/build/build.log" ]]; then
    rm -f "$out/build.log"
    { cat "$entry_dir/build/build.log"; echo "== reused cached build $key"; } >"$out/build.log"
  else
    # A runner whose build log is its stderr.
    echo "== reused cached build $key" >&2
  fi
  touch "$entry_dir/.complete"
  return 0
}

# build_cache_store KEY keeps OUT, a successful build, under KEY.
build_cache_store() {
  local key="$1" root staging
  [[ -z "${SOAPBENCH_NO_BUILD_CACHE:-}" ]] || return 0
  root="$(build_cache_root)/$stack_id"
  mkdir -p "$root" || return 0
  staging="$(mktemp -d "$root/.staging.XXXXXX")" || return 0
  if cp -al "$out/." "$staging/build/" 2>/dev/null || { rm -rf "$staging/build"; cp -a "$out/." "$staging/build/"; }; then
    # The log is rewritten on a hit, so the cache keeps its own copy rather than a link.
    if [[ -f "$out/build.log" ]]; then
      rm -f "$staging/build/build.log"
      cp "$out/build.log" "$staging/build/build.log" 2>/dev/null || true
    fi
    touch "$staging/.complete"
    rm -rf "${root:?}/$key"
    mv "$staging" "$root/$key" 2>/dev/null || rm -rf "$staging"
  else
    rm -rf "$staging"
  fi
}
