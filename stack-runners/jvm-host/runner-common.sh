# Shared by the JVM stacks' runners (cxf, metro, axis2, spring-ws): argument checks, the offered versions,
# the build cache and serving through this host. A runner sets `here` (its folder) and `stack_id`,
# then sources this file.

jvm_host="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
jvm_support="$(cd "$jvm_host/../jvm-support" && pwd)"
# tree_digest and the build cache's root, fetch and store.
source "$jvm_host/../toolset/build-cache.sh"

fail() {
  echo "error: $*" >&2
  exit 1
}

# unsupported ends a verb with the contract's refusal of something the stack cannot do.
unsupported() {
  echo "unsupported: $*" >&2
  exit 1
}

need_java17() {
  command -v java >/dev/null && command -v javac >/dev/null ||
    { echo "unavailable: a JDK 17 (java and javac) is not on PATH" >&2; exit 1; }
  local major
  major="$(java_property java.specification.version)"
  [[ "$major" == "17" ]] || { echo "unavailable: $stack_id is built for Java 17, found Java $major" >&2; exit 1; }
}

java_property() {
  java -XshowSettings:properties -version 2>&1 | sed -n "s/^ *$1 = //p" | head -n 1
}

# offered_versions prints the versions of stack.json, newest (the default) first.
offered_versions() {
  python3 -c 'import json,sys; [print(v["version"]) for v in json.load(open(sys.argv[1]))["versions"]]' "$here/stack.json"
}

default_version() {
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["versions"][0]["version"])' "$here/stack.json"
}

# check_version ends the runner unless stack.json offers the version.
check_version() {
  local wanted="$1" offered v
  mapfile -t offered < <(offered_versions)
  for v in "${offered[@]}"; do
    [[ "$v" == "$wanted" ]] && return 0
  done
  fail "version $wanted is not offered; offered: $(IFS=,; echo "${offered[*]}" | sed 's/,/, /g')"
}

# jvm_support_digest names the shared support sources, part of every stack's prepared jars and
# so of its build cache key.
jvm_support_digest() {
  (cd "$jvm_support" && find pom.xml src/main -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1)
}

# service_digest is tree_digest of a catalog service of the repository's own, following its
# symbolic links: a service may link sources it shares with another stack's (spring-ws links
# jaxws-services' computations), and a change there must not reuse a stale build. A user's
# bundle is never read this way.
service_digest() {
  (cd "$1" && find -L . -type f -print0 | LC_ALL=C sort -z | xargs -0 -r sha256sum | sha256sum | cut -d' ' -f1)
}

# parse_build_args reads `build`'s options into wsdl entry samples security version out catalog
# mtom (1 with --mtom, else empty).
parse_build_args() {
  wsdl="" entry="" samples="" security="plain" version="" out="" catalog="" mtom=""
  while (($#)); do
    case "$1" in
      --wsdl) wsdl="${2:-}"; shift 2 ;;
      --entry) entry="${2:-}"; shift 2 ;;
      --samples) samples="${2:-}"; shift 2 ;;
      --security) security="${2:-plain}"; shift 2 ;;
      --version) version="${2:-}"; shift 2 ;;
      --out) out="${2:-}"; shift 2 ;;
      --catalog) catalog="${2:-}"; shift 2 ;;
      --mtom) mtom=1; shift ;;
      *) fail "build: unknown argument $1" ;;
    esac
  done
  [[ -n "$wsdl" && -n "$entry" && -n "$samples" && -n "$out" ]] ||
    fail "build needs --wsdl DIR --entry FILE --samples DIR --out DIR"
  [[ -d "$wsdl" ]] || fail "--wsdl $wsdl is not a folder"
  [[ -f "$wsdl/$entry" ]] || fail "entry WSDL $entry is not a file of the bundle"
  [[ -f "$samples/index.json" ]] || fail "--samples $samples has no index.json"
  [[ -n "$version" ]] || version="$(default_version)"
  check_version "$version"
  if [[ -n "$catalog" ]]; then
    [[ "$catalog" =~ ^[a-z0-9][a-z0-9-]*$ && -d "$here/services/$catalog" ]] ||
      fail "no catalog service '$catalog' for $stack_id (available: $(ls "$here/services" 2>/dev/null | paste -sd ' ' -))"
  fi
  check_values
  mkdir -p -- "$out"
  out="$(cd -- "$out" && pwd)"
}

# check_values refuses, before any generator runs, a bundle whose names, URIs or literals could
# become code, or whose file names a tool could take for options (docs/runner-contract.md).
check_values() {
  python3 "$jvm_host/../toolset/safe_values.py" --bundle="$wsdl" --entry="$entry" --samples="$samples" || exit 1
}

# build_cache_key names a build by everything that decides its content: stack, version, security
# mode, catalog service, the bundle and the samples, and the runner's own code (its argument).
build_cache_key() {
  local runner_digest="$1"
  {
    echo "stack=$stack_id version=$version security=$security catalog=$catalog entry=$entry"
    echo "runner=$runner_digest"
    echo "bundle=$(tree_digest "$wsdl")"
    echo "samples=$(tree_digest "$samples")"
    [[ -z "$catalog" ]] || echo "service=$(service_digest "$here/services/$catalog")"
    [[ -z "$mtom" ]] || echo "mtom=1"
  } | sha256sum | cut -d' ' -f1
}

# host_lib prints the folder of the host's jars for a servlet line (jakarta or javax).
host_lib() {
  case "$1" in
    jakarta) echo "$jvm_host/target/lib" ;;
    javax) echo "$jvm_host/target/lib-javax" ;;
  esac
}

# link_jars hard-links (or copies) jars into a build's lib/, so the server starts from it alone.
link_jars() {
  local dest="$1"; shift
  mkdir -p "$dest"
  cp -l "$@" "$dest/" 2>/dev/null || cp "$@" "$dest/"
}

# parse_serve_args reads `serve`'s options into build, port and variant_args (what the host's
# `serve` is told for the variant, empty for the default configuration).
parse_serve_args() {
  build="" port="" variant_args=()
  while (($#)); do
    case "$1" in
      --build) build="${2:-}"; shift 2 ;;
      --port) port="${2:-}"; shift 2 ;;
      --variant) variant_host_args "${2:-}"; shift 2 ;;
      *) fail "serve: unknown argument $1" ;;
    esac
  done
  [[ -n "$build" && -d "$build" ]] || fail "--build '$build' is not a folder"
  [[ "$port" =~ ^[0-9]+$ ]] && ((port >= 0 && port < 65536)) || fail "--port wants 0-65535, got '$port'"
  build="$(cd "$build" && pwd)"
}

# variant_settings ID prints the variant's settings in stack.json as KEY=VALUE lines, refusing an
# unknown variant or setting (docs/runner-contract.md, "Variants"): the host's server keys below,
# and the native client's keys a runner lists in client_settings (its client_flags turns them
# into the client JVM's flags).
variant_settings() {
  python3 "$jvm_host/../toolset/variant_settings.py" "$here/stack.json" "$1" \
    --known jvm.gc connector.protocol connector.maxThreads "${client_settings[@]}"
}

# variant_host_args ID sets variant_args from the variant's server settings. The JVM runners
# understand:
#   jvm.gc                g1 | parallel | serial   the collector, in place of jvm.options' G1
#   connector.protocol    nio | nio2               Tomcat's HTTP/1.1 connector
#   connector.maxThreads  1-10000                  the connector's worker threads
# A client.* setting concerns `drive`, not the server.
variant_host_args() {
  local id="$1" lines line key value
  lines="$(variant_settings "$id")" || exit 1
  variant_args=(--variant "$id")
  while IFS= read -r line; do
    [[ -n "$line" ]] || continue
    key="${line%%=*}" value="${line#*=}"
    case "$key=$value" in
      client.*) ;;
      jvm.gc=g1 | jvm.gc=parallel | jvm.gc=serial) variant_args+=(--gc "$value") ;;
      connector.protocol=nio) variant_args+=(--set connector.protocol=org.apache.coyote.http11.Http11NioProtocol) ;;
      connector.protocol=nio2) variant_args+=(--set connector.protocol=org.apache.coyote.http11.Http11Nio2Protocol) ;;
      connector.maxThreads=*)
        [[ "$value" =~ ^[1-9][0-9]{0,4}$ ]] && ((value <= 10000)) ||
          fail "variant $id: connector.maxThreads wants 1-10000, got '$value'"
        variant_args+=(--set "connector.maxThreads=$value") ;;
      *) fail "variant $id: $key cannot be '$value'" ;;
    esac
  done <<<"$lines"
}

# drive_with runs a runner's native client (a Java main class) from a build folder, with the
# host's JVM flags, so the client side of a measurement is as recorded as the server side.
drive_with() {
  local main="$1"; shift
  local build="" variant="" i args=("$@") client_args=() variant_flags=()
  for ((i = 0; i < ${#args[@]}; i++)); do
    case "${args[i]}" in
      --build) build="${args[i + 1]:-}"; client_args+=("${args[i]}") ;;
      --variant) variant="${args[i + 1]:-}"; i=$((i + 1)) ;;
      --mtom)
        # A client that cannot send MTOM refuses rather than time base64 inline under an MTOM label.
        [[ "$client_mtom" == true ]] || unsupported "MTOM: drive --mtom: this runner's native client does not send MTOM (stack.json features.nativeClientMtom)"
        client_args+=(--mtom) ;;
      *) client_args+=("${args[i]}") ;;
    esac
  done
  [[ -n "$build" && -f "$build/endpoint.properties" ]] ||
    fail "drive needs --build DIR (a build folder of this stack) --endpoint URL --requests DIR --concurrency C --count N [--variant ID] [--mtom]"
  if [[ -n "$variant" ]]; then
    local lines line flag_lines
    lines="$(variant_settings "$variant")" || exit 1
    while IFS= read -r line; do
      [[ "$line" == client.* ]] || continue
      flag_lines="$(client_flags "${line%%=*}" "${line#*=}")" || exit 1
      [[ -z "$flag_lines" ]] || mapfile -t -O "${#variant_flags[@]}" variant_flags <<<"$flag_lines"
    done <<<"$lines"
    # What the client runs with, beside the server's SETTINGS line.
    echo "CLIENT SETTINGS {\"variant\":\"$variant\",\"flags\":\"${variant_flags[*]}\"}" >&2
  fi
  mapfile -t flags < <("$jvm_host/java-flags" --client)
  exec java "${flags[@]}" "${variant_flags[@]}" -cp "$build/classes:$build/lib/*" "$main" "${client_args[@]}"
}

# client_mtom says that the runner's native client takes --mtom and sends XOP packages; a runner
# whose client does (its manifest claims features.nativeClientMtom) sets it to true.
client_mtom=false

# client_flags KEY VALUE prints the client JVM flags of one client.* setting. A runner whose
# client takes settings lists their keys in client_settings and defines its own client_flags.
client_settings=()
client_flags() {
  fail "variant setting $1 is not one this runner's client takes"
}
