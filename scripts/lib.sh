# Shared by scripts/peer-suites.sh and scripts/django-suite.sh (source it;
# it is not a program). The sourcing script sets PY (a python3).

# free_port: a loopback port nobody listens on.
free_port() {
  "$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

# wait_sql PORT PID: until the server on PORT answers a query (fails if
# PID exits or after 60 s).
wait_sql() {
  local port=$1 pid=$2
  for _ in $(seq 1 600); do
    if mariadb --protocol=tcp -h127.0.0.1 -P"$port" -uroot -e 'select 1' >/dev/null 2>&1; then
      return 0
    fi
    kill -0 "$pid" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}
