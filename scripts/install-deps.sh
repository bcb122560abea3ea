#!/usr/bin/env bash
# Installs what SOAPBench needs from Debian's packages, only what is missing, so that a second
# run costs a second. Java 17, Maven, Go and Node 20 are expected on the machine already
# (Debian 12's own Go and Node are too old); missing ones are named, not guessed.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

# fontconfig and a font: the backend draws the runs' link-preview cards with the JDK.
packages=(postgresql rabbitmq-server gsoap libgsoap-dev libssl-dev zlib1g-dev
  chromium fonts-liberation fontconfig fonts-dejavu-core wrk bubblewrap curl ca-certificates procps iproute2
  util-linux openssl)
command -v java >/dev/null || packages+=(openjdk-17-jdk-headless)
command -v mvn >/dev/null || packages+=(maven)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  [ "$(id -u)" = 0 ] || die "missing Debian packages: ${missing[*]} (run this script as root)"
  log "installing: ${missing[*]}"
  apt-get update -q >/dev/null
  # Some machines let a package's postinst start its service; the project runs its own instances.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
fi

# Builds, servers and native clients of user WSDLs run as this user, never as the worker's
# (workers/internal/runner/confine.go); a root worker refuses to sandbox without it.
if ! id -u soapbench-sandbox >/dev/null 2>&1; then
  [ "$(id -u)" = 0 ] || die "the user soapbench-sandbox is missing (run this script as root)"
  log "creating the sandbox user soapbench-sandbox"
  useradd --system --user-group --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin soapbench-sandbox
fi

for tool in go node npm java mvn; do
  command -v "$tool" >/dev/null || die "$tool is not installed: SOAPBench needs Go >= 1.22, Node >= 20, Java 17 and Maven 3.8"
done
node -e 'process.exit(+process.versions.node.split(".")[0] >= 20 ? 0 : 1)' || die "Node $(node --version) is too old: Node 20 or newer is needed"
