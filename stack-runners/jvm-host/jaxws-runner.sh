# The verbs of the JAX-WS runners (cxf, metro), which differ only in their Java classes, their
# support jar and the components they report. A runner sets here, stack_id, stack_name,
# support_artifact, builder_main, servlet_class, defines line_of VERSION (jakarta or javax) and
# version_components VERSION CACHE HOST_LIB (a JSON object's members), sources runner-common.sh
# and this file, then calls jaxws_main "$@".

# The Java both runners share (samples, endpoint description, build flow, native client), compiled
# into each stack's support jar with the stack's own sources.
jaxws_support="$(cd "$jvm_host/../jaxws-support" && pwd)"
driver_main="dev.soapbench.jaxws.drive.Driver"
# The JAX-WS client switches MTOM on with --mtom (MTOMFeature, threshold 0).
client_mtom=true

# to_javax rewrites Jakarta EE sources for the javax line, in place.
to_javax() {
  find "$1" -name '*.java' -exec sed -i \
    -e 's/jakarta\.xml\.ws/javax.xml.ws/g' -e 's/jakarta\.jws/javax.jws/g' \
    -e 's/jakarta\.xml\.bind/javax.xml.bind/g' -e 's/jakarta\.servlet/javax.servlet/g' \
    -e 's#https://jakarta.ee/xml/ns/jaxws#http://java.sun.com/xml/ns/jaxws#g' {} +
}

support_digest() {
  { (cd "$here/support" && find pom.xml src/main -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1)
    tree_digest "$jaxws_support/src/main"
    jvm_support_digest; } | sha256sum | cut -d' ' -f1
}

runner_digest() {
  { support_digest; content_digests "$here/runner" "$jvm_host/runner-common.sh" "$jvm_host/jaxws-runner.sh";
    cat "$(host_lib "$(line_of "$1")")/.sources.sha256"; } | sha256sum | cut -d' ' -f1
}

maven() {
  local log="$1"; shift
  mvn -B -q -f "$here/support/pom.xml" -o "$@" >>"$log" 2>&1 ||
    mvn -B -q -f "$here/support/pom.xml" "$@" >>"$log" 2>&1
}

prepare_version() {
  local v="$1" line cache digest stamp log
  line="$(line_of "$v")"
  cache="$here/.cache/$v"
  "$jvm_host/prepare" "$line"
  "$jvm_support/prepare"
  mkdir -p "$cache"
  exec 9>"$cache/.prepare.lock"
  flock 9
  digest="$(support_digest)"
  stamp="$cache/.prepared"
  if [[ -f "$stamp" && "$(cat "$stamp")" == "$digest" ]]; then
    return 0
  fi
  log="$cache/prepare.log"
  : >"$log"
  rm -rf "$cache/runtime" "$cache/tools" "$cache/support" "$cache/src" "$cache/security-runtime"
  # One source folder for Maven: the shared JAX-WS code and the stack's own, rewritten to javax.*
  # for that line.
  mkdir -p "$cache/src"
  cp -R "$jaxws_support/src/main/java/." "$here/support/src/main/java/." "$cache/src/"
  local options=(-Dsupport.sources="$cache/src")
  if [[ "$line" == javax ]]; then
    to_javax "$cache/src"
    options+=(-Pjavax)
  fi
  # Compile and runtime scope is what the server needs; provided scope adds the code generator.
  maven "$log" "${options[@]}" package dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$cache/runtime" &&
    maven "$log" "${options[@]}" dependency:copy-dependencies -DincludeScope=provided -DoutputDirectory="$cache/tools" || {
      tail -n 20 "$log" >&2
      fail "resolving $stack_name $v with Maven failed; see $log"
    }
  # What only a secured build serves with (a runner's security_runtime_groups: provided-scope
  # groups), kept apart so that a plain build's server does not load it.
  if [[ -n "${security_runtime_groups:-}" ]]; then
    maven "$log" "${options[@]}" dependency:copy-dependencies -DincludeScope=provided \
      -DincludeGroupIds="$security_runtime_groups" -DoutputDirectory="$cache/security-runtime" || {
      tail -n 20 "$log" >&2
      fail "resolving $stack_name $v's security runtime with Maven failed; see $log"
    }
  fi
  mkdir -p "$cache/support"
  cp "$here/support/target/$line/$support_artifact-1.0.0.jar" "$cache/support/"
  echo "$digest" >"$stamp"
}

cmd_prepare() {
  local only=""
  [[ "${1:-}" != --version ]] || { only="${2:-}"; check_version "$only"; }
  need_java17
  local v
  for v in $(offered_versions); do
    [[ -z "$only" || "$v" == "$only" ]] && prepare_version "$v"
  done
  return 0
}

cmd_build() {
  parse_build_args "$@"
  case "$security" in
    plain) ;;
    *) echo "unsupported: security mode $security (this runner serves plain SOAP only so far)" >&2; exit 1 ;;
  esac
  local line cache key
  line="$(line_of "$version")"
  cache="$here/.cache/$version"
  echo "== prepare $stack_name $version"
  need_java17
  prepare_version "$version"
  key="$(build_cache_key "$(runner_digest "$version")")"
  if build_cache_fetch "$key"; then
    echo "== reused cached build $key"
    return 0
  fi

  rm -rf "$out/wsdl" "$out/samples" "$out/codegen" "$out/classes" "$out/lib" "$out/endpoint.properties" "$out/build.log"
  mkdir -p "$out/wsdl" "$out/samples" "$out/classes" "$out/lib"
  cp -R -- "$wsdl/." "$out/wsdl/"
  cp -R -- "$samples/." "$out/samples/"
  local catalog_sources=()
  if [[ -n "$catalog" ]]; then
    mkdir -p "$out/codegen/catalog"
    cp -R -- "$here/services/$catalog/." "$out/codegen/catalog/"
    [[ "$line" == jakarta ]] || to_javax "$out/codegen/catalog"
    catalog_sources=(--catalog "$out/codegen/catalog")
  fi

  echo "== generate and compile ($stack_name $version)"
  # A short-lived tool JVM: C1 only and the serial collector start fastest.
  local status=0
  java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xss4m \
    -cp "$cache/support/*:$cache/runtime/*:$cache/tools/*" "$builder_main" \
    --out "$out" --entry "$entry" "${catalog_sources[@]}" > >(tee "$out/build.log") 2> >(tee -a "$out/build.log" >&2) || status=$?
  wait
  if ((status != 0)); then
    # The builder's own last stderr line already says what failed; this covers a crashed JVM.
    ((status == 1)) || fail "the $stack_name builder stopped with exit status $status"
    exit 1
  fi
  echo "version=$version" >>"$out/endpoint.properties"
  # The server switches MTOM on for its endpoint when the build says so (runner build --mtom).
  [[ -z "$mtom" ]] || echo "mtom=true" >>"$out/endpoint.properties"
  link_jars "$out/lib" "$cache/support/"*.jar "$cache/runtime/"*.jar "$(host_lib "$line")/"*.jar
  build_cache_store "$key"
  echo "== built $out"
}

cmd_serve() {
  parse_serve_args "$@"
  [[ -f "$build/endpoint.properties" ]] || fail "--build '$build' is not a $stack_name build folder (no endpoint.properties)"
  exec "$jvm_host/serve" --classpath "$build/classes:$build/lib/*" \
    --servlet "$servlet_class" --init "build=$build" --port "$port" --endpoint-path /ws "${variant_args[@]}"
}

jar_version() {
  local dir="$1" artifact="$2" jar
  jar="$(ls "$dir" 2>/dev/null | sed -n "s/^$artifact-\([0-9][0-9A-Za-z.-]*\)\.jar$/\1/p" | head -n 1)"
  echo "${jar:-unknown}"
}

cmd_version() {
  local v
  v="$(default_version)"
  [[ "${1:-}" != --version ]] || { v="${2:-}"; check_version "$v"; }
  need_java17
  prepare_version "$v" >&2
  printf '{"stack":"%s","version":"%s","components":{%s,"java":"%s","jvm":"%s %s"}}\n' \
    "$stack_id" "$v" "$(version_components "$v" "$here/.cache/$v" "$(host_lib "$(line_of "$v")")")" \
    "$(java_property java.version)" "$(java_property java.vm.name)" "$(java_property java.runtime.version)"
}

jaxws_main() {
  local verb="${1:-}"
  (($#)) && shift
  case "$verb" in
    prepare) cmd_prepare "$@" ;;
    build) cmd_build "$@" ;;
    serve) cmd_serve "$@" ;;
    drive) drive_with "$driver_main" "$@" ;;
    version) cmd_version "$@" ;;
    *) fail "usage: runner prepare|build|serve|drive|version [options]" ;;
  esac
}
