# Ports and directories of the instance `make up` runs; sourced by up.sh and down.sh.
if [ "$(id -u)" = 0 ]; then
  STATE_DIR=${SOAPBENCH_STATE_DIR:-/var/lib/soapbench}
else
  STATE_DIR=${SOAPBENCH_STATE_DIR:-${XDG_STATE_HOME:-$HOME/.local/state}/soapbench}
fi
BACKEND_PORT=${SOAPBENCH_PORT:-8080}
DB_PORT=${SOAPBENCH_DB_PORT:-15432}
AMQP_PORT=${SOAPBENCH_AMQP_PORT:-15682}
