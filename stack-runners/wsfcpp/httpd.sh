# Sourced by the runner: hosting the service in Apache httpd through Axis2/C's mod_axis2, as WSO2's
# 2010 comparison deployed WSF/C++. The MPM is prefork: mod_axis2 allocates every request's
# contexts from one pool per child process without a lock (Axis2/C's ctx_handler switches to
# the "global pool" per request), so threaded MPMs (event, worker) crash under concurrent load.
# One request per process at a time keeps that pool single-threaded.

# Processes in the fixed prefork pool: one keep-alive connection holds one process, so this is
# the number of connections served at once; more wait in the listen backlog.
readonly HTTPD_PROCESSES="${WSFCPP_HTTPD_PROCESSES:-64}"
# Requests per keep-alive connection before httpd closes it, so that connections beyond the pool
# get their turn instead of waiting for an idle one.
readonly HTTPD_KEEPALIVE_REQUESTS=1000
readonly HTTPD_KEEPALIVE_SECONDS=30

httpd_binary() {  # WSFCPP_HTTPD when set (and then only it), else the usual names
    if [[ -n "${WSFCPP_HTTPD:-}" ]]; then
        command -v "$WSFCPP_HTTPD" 2>/dev/null
        return
    fi
    local candidate
    for candidate in apache2 /usr/sbin/apache2 httpd /usr/sbin/httpd; do
        command -v "$candidate" 2>/dev/null && return 0
    done
    return 1
}

# The folder httpd's own modules are in: WSFCPP_HTTPD_MODULES, apxs's answer or a usual place.
httpd_modules_dir() {
    local candidate
    for candidate in "${WSFCPP_HTTPD_MODULES:-}" "$(apxs -q LIBEXECDIR 2>/dev/null)" \
        /usr/lib/apache2/modules /usr/lib64/httpd/modules /usr/lib/httpd/modules; do
        [[ -n "$candidate" && -d "$candidate" ]] && { echo "$candidate"; return 0; }
    done
    return 1
}

httpd_has_builtin_prefork() {
    "$1" -l 2>/dev/null | grep -q '^ *prefork\.c$'
}

# httpd_missing: what hosting in httpd lacks on this machine, one phrase; empty when nothing
httpd_missing() {
    local httpd modules
    [[ "$HTTPD_PROCESSES" =~ ^[1-9][0-9]{0,3}$ ]] \
        || { echo "WSFCPP_HTTPD_PROCESSES=$HTTPD_PROCESSES is not a number of processes from 1 to 9999"; return; }
    [[ -e "$WSFCPP_HOME/lib/libmod_axis2.so" ]] || { echo "WSFCPP_HOME=$WSFCPP_HOME lacks lib/libmod_axis2.so (mod_axis2)"; return; }
    httpd="$(httpd_binary)" || {
        if [[ -n "${WSFCPP_HTTPD:-}" ]]; then echo "Apache httpd is not found at WSFCPP_HTTPD=$WSFCPP_HTTPD"
        else echo "Apache httpd is not installed, no apache2 or httpd on PATH (WSFCPP_SERVER=standalone serves without it)"; fi
        return
    }
    modules="$(httpd_modules_dir)" || { echo "the folder of httpd's modules is not found (set WSFCPP_HTTPD_MODULES)"; return; }
    local module needed=(mod_authz_core.so)
    httpd_has_builtin_prefork "$httpd" || needed+=(mod_mpm_prefork.so)
    for module in "${needed[@]}"; do
        [[ -e "$modules/$module" ]] || { echo "httpd's $module is not in $modules"; return; }
    done
}

httpd_version() {
    "$(httpd_binary)" -v 2>/dev/null | sed -n 's|^Server version: Apache/\([^ ]*\).*|\1|p'
}

# write_httpd_conf DIR PORT: a private configuration whose every file lives in DIR.
write_httpd_conf() {
    local dir="$1" port="$2" httpd modules prefork="" user=""
    httpd="$(httpd_binary)"
    modules="$(httpd_modules_dir)"
    # Without an authorisation module, httpd refuses every request ("couldn't check user").
    httpd_has_builtin_prefork "$httpd" \
        || prefork="LoadModule mpm_prefork_module \"$modules/mod_mpm_prefork.so\""
    # As root, httpd serves as an unprivileged user; DIR is then handed to that user.
    if ((EUID == 0)); then
        if getent passwd www-data >/dev/null; then user="www-data"; else user="nobody"; fi
        user="User $user
Group #$(id -g "$user")"
    fi
    cat >"$dir/httpd.conf" <<EOF
ServerRoot "$dir"
ServerName 127.0.0.1
DefaultRuntimeDir "$dir"
PidFile "$dir/httpd.pid"
ErrorLog "$dir/error.log"
LogLevel warn
Listen 127.0.0.1:$port
$prefork
LoadModule authz_core_module "$modules/mod_authz_core.so"
LoadModule axis2_module "$WSFCPP_HOME/lib/libmod_axis2.so"
$user
StartServers $HTTPD_PROCESSES
ServerLimit $HTTPD_PROCESSES
MaxRequestWorkers $HTTPD_PROCESSES
MinSpareServers $HTTPD_PROCESSES
MaxSpareServers $HTTPD_PROCESSES
MaxConnectionsPerChild 0
KeepAlive On
MaxKeepAliveRequests $HTTPD_KEEPALIVE_REQUESTS
KeepAliveTimeout $HTTPD_KEEPALIVE_SECONDS
Timeout 30
Axis2RepoPath "$dir/repo"
Axis2LogFile "$dir/axis2.log"
Axis2LogLevel error
# Nothing is served from files: DocumentRoot is the private folder and no .htaccess is looked for,
# so httpd never walks folders its user may not read (a worker's sandbox hides most of /var).
DocumentRoot "$dir"
<Directory />
    AllowOverride None
</Directory>
<Location /axis2/services>
    SetHandler axis2_module
</Location>
EOF
}
