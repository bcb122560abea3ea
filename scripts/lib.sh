# Shared helpers for the scripts in this folder; sourced, not run.

log() { printf '%s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# wait_for_port PORT SECONDS: true once something accepts TCP connections on 127.0.0.1:PORT.
wait_for_port() {
  local port=$1 deadline=$((SECONDS + $2))
  while ((SECONDS < deadline)); do
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && return 0
    sleep 0.2
  done
  return 1
}

# wait_for_port_free PORT SECONDS: a stopped server's socket can outlive its pid file here (PID 1
# reaps late), so callers wait on the port itself before the next start.
wait_for_port_free() {
  local port=$1 deadline=$((SECONDS + $2))
  while ((SECONDS < deadline)); do
    port_in_use "$port" || return 0
    sleep 0.2
  done
  return 1
}

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

repo_root() { cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd; }
