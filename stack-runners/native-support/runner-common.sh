# shellcheck shell=bash
# Shared by the native stacks' runners (gsoap, wsfcpp): the contract's error line, argument
# parsing of build and drive, running and compiling build steps, and the drive verb around the
# stack's own client. A runner sets HERE (its folder) and defines compile_unit and run_client
# (see below), then sources this file and ends with dispatch_verb "$@".

# Folders of the worker that a reason must not show (a runner's build sets them): a file of the
# bundle is named as the user knows it, anything else of the build folder relative to it.
SCRUBBED=()

die() {  # die KIND MESSAGE: the contract's last stderr line, then a non-zero exit
    local message="$2" folder
    for folder in "${SCRUBBED[@]}"; do
        message="${message//"$folder/"/}"
        message="${message//"$folder"/the build folder}"
    done
    echo "$1: $message" >&2
    exit 1
}

usage() {
    die error "usage: runner build|serve|drive|version|prepare ... (see docs/runner-contract.md)"
}

# parse_build_args DEFAULT_VERSION ARGS...: reads build's options into the globals bundle entry
# samples security version out catalog mtom (1 with --mtom, else empty), and checks that the
# folders it needs are there.
# shellcheck disable=SC2034  # the runner reads the globals
parse_build_args() {
    bundle="" entry="" samples="" security="plain" version="$1" out="" catalog="" mtom=""
    shift
    while (($#)); do
        case "$1" in
            --mtom) mtom=1; shift; continue ;;
            --wsdl) bundle="${2:-}" ;;
            --entry) entry="${2:-}" ;;
            --samples) samples="${2:-}" ;;
            --security) security="${2:-}" ;;
            --version) version="${2:-}" ;;
            --out) out="${2:-}" ;;
            --catalog) catalog="${2:-}" ;;
            *) die error "build: unknown option $1" ;;
        esac
        shift 2 || die error "build: option $1 needs a value"
    done
    [[ -n "$bundle" && -n "$entry" && -n "$samples" && -n "$out" ]] \
        || die error "build needs --wsdl DIR --entry FILE --samples DIR --out DIR"
    [[ -d "$bundle" ]] || die error "WSDL bundle $bundle is not a directory"
    [[ -f "$samples/index.json" ]] || die error "no index.json in samples folder $samples"
}

# check_build_values: the catalog name, then, before any generator runs, the values of the bundle
# and the samples that could become code and file names a tool could read as options.
check_build_values() {
    [[ -z "$catalog" || "$catalog" =~ ^[a-z0-9][a-z0-9-]*$ ]] || die error "no catalog service '$catalog'"
    python3 "$HERE/../toolset/safe_values.py" --bundle="$bundle" --entry="$entry" --samples="$samples" >&2 || exit 1
}

# run_tool LOG TOOL ARGS...: runs a build step, appending its output to LOG and to the build log.
run_tool() {
    local log="$1"; shift
    "$@" >"$log.step" 2>&1
    local status=$?
    cat "$log.step" >&2
    cat "$log.step" >>"$log"
    return $status
}

# Network-free when the kernel lets us: an import that reached for the network would be refused.
offline() {
    if unshare -n true 2>/dev/null; then
        unshare -n "$@"
    elif unshare -rn true 2>/dev/null; then
        unshare -rn "$@"
    else
        "$@"
    fi
}

# compile_diagnostic LOG COMPILER: the first compiler error, its path from the build's src/ on.
compile_diagnostic() {
    local found
    found="$(grep -m1 -E 'error:' "$1" | sed 's/^[^:]*\/src\///')"
    echo "$2: ${found:-compilation failed, see the build log}"
}

# compile_all OBJDIR SOURCES...: one object per source in OBJDIR, each made by the runner's
# compile_unit SOURCE OBJECT, as many at once as there are cores (the generated serializers
# dominate a build).
compile_all() {
    local objdir="$1" source status=0 running=0 cores
    shift
    cores="$(nproc)"
    for source in "$@"; do
        compile_unit "$source" "$objdir/$(basename "$source").o" &
        if ((++running >= cores)); then
            wait -n || status=1
            ((running--))
        fi
    done
    while ((running > 0)); do
        wait -n || status=1
        ((running--))
    done
    return $status
}

# objects OBJDIR SOURCES...: the object file compile_all made for each source
objects() {
    local objdir="$1" source
    shift
    for source in "$@"; do
        echo "$objdir/$(basename "$source").o"
    done
}

# parse_drive_args ARGS...: reads drive's options into the globals build endpoint requests
# concurrency count warmup variant.
parse_drive_args() {
    build="" endpoint="" requests="" concurrency="1" count="" warmup="0" variant=""
    while (($#)); do
        case "$1" in
            --warmup) warmup="${2:-}" ;;
            --variant) variant="${2:-}" ;;
            --build) build="${2:-}" ;;
            --endpoint) endpoint="${2:-}" ;;
            --requests) requests="${2:-}" ;;
            --concurrency) concurrency="${2:-}" ;;
            --count) count="${2:-}" ;;
            # Neither native client sends MTOM (features.nativeClientMtom): refused, not timed inline.
            --mtom) die unsupported "MTOM: drive --mtom: this runner's native client does not send MTOM (stack.json features.nativeClientMtom)" ;;
            *) die error "drive: unknown option $1" ;;
        esac
        shift 2 || die error "drive: option $1 needs a value"
    done
    [[ -n "$build" && -n "$endpoint" && -n "$requests" && -n "$count" ]] \
        || die error "drive needs --build DIR --endpoint URL --requests DIR --concurrency C --count N [--warmup W]"
    [[ "$warmup" =~ ^(0|[1-9][0-9]*)$ ]] || die error "drive: --warmup wants a whole number, got '$warmup'"
}

# check_drive_variant SETTING...: the worker names the server's variant to the client too; the
# native clients take no client.* setting, so a variant with a setting other than those named
# (the server's) is refused (docs/runner-contract.md, "Variants").
check_drive_variant() {
    [[ -z "$variant" ]] && return 0
    python3 "$HERE/../toolset/variant_settings.py" "$HERE/stack.json" "$variant" --known "$@" >/dev/null || exit 1
}

# drive_requests: turns the requests folder into the native clients' plan and runs the runner's
# run_client BUILD ENDPOINT PLAN CONCURRENCY COUNT with it, the warm-up first.
drive_requests() {
    [[ -x "$build/client" ]] || die error "no native client in $build: build it with this runner first"
    [[ -f "$requests/index.json" ]] || die error "no index.json in requests folder $requests"
    local plan
    plan="$(mktemp "${TMPDIR:-/tmp}/$(basename "$HERE")-plan.XXXXXX")" || die error "cannot create a temporary file"
    # shellcheck disable=SC2064
    trap "rm -f '$plan'" EXIT
    python3 "$HERE/../native-support/request_plan.py" "$requests" "$plan" || exit 1
    # Native code has nothing to compile at run time: the warm-up is a run of its own, never counted.
    if ((warmup > 0)); then
        run_client "$build" "$endpoint" "$plan" "$concurrency" "$warmup" >/dev/null || true
    fi
    run_client "$build" "$endpoint" "$plan" "$concurrency" "$count"
}

dispatch_verb() {
    (($#)) || usage
    local verb="$1"; shift
    case "$verb" in
        build) cmd_build "$@" ;;
        serve) cmd_serve "$@" ;;
        version) cmd_version ;;
        prepare) cmd_prepare ;;
        drive) cmd_drive "$@" ;;
        *) usage ;;
    esac
}
