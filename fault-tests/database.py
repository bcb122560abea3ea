"""Read-only queries on the instance's PostgreSQL through psql: what the API does not show (the
run's event history, stored duplicates, heartbeats)."""

import os
import subprocess


class Database:
    def __init__(self, port):
        self.port = port

    def query(self, sql, **params):
        """Rows of tab-separated text. Parameters are psql variables (:'name'), quoted by psql;
        psql reads variables only from its input, hence the statement on stdin."""
        args = ["psql", "-h", "127.0.0.1", "-p", str(self.port), "-U", "soapbench", "-d", "soapbench",
                "-X", "-q", "-tA", "-F", "\t", "-v", "ON_ERROR_STOP=1"]
        for name, value in params.items():
            args += ["-v", f"{name}={value}"]
        done = subprocess.run(args, input=sql + ";\n", capture_output=True, text=True, timeout=30,
                              env={**os.environ, "PGPASSWORD": "soapbench", "PGCONNECT_TIMEOUT": "5"})
        if done.returncode != 0:
            raise RuntimeError(f"psql: {done.stderr.strip()}")
        return [line.split("\t") for line in done.stdout.splitlines() if line]

    def query_quiet(self, sql, **params):
        """As query, but an unreachable database (or a table not there yet) gives no rows."""
        try:
            return self.query(sql, **params)
        except (RuntimeError, subprocess.TimeoutExpired):
            return []

    def events(self, run_id):
        """The run's ingested events, oldest first: (kind, attempt, payload JSON text, worker)."""
        return [
            {"kind": r[0], "attempt": int(r[1]), "payload": r[2], "worker": r[3]}
            for r in self.query(
                "select kind, attempt, payload::text, worker_id from run_events where run_id = :'id'::uuid order by received_at, seq",
                id=run_id,
            )
        ]

    def stored_duplicates(self, run_id):
        """Measurements stored beyond one per (stack, version, cell, repetition)."""
        rows = self.query(
            "select coalesce(sum(n - 1), 0) from (select count(*) n from measurements where run_id = :'id'::uuid"
            " group by stack_id, version, (data -> 'cell')::text, repetition) g",
            id=run_id,
        )
        return int(rows[0][0])

    def last_event_received(self, run_id):
        """Epoch seconds of the newest ingested event of the run, or 0."""
        rows = self.query(
            "select coalesce(extract(epoch from max(received_at)), 0) from run_events where run_id = :'id'::uuid", id=run_id
        )
        return float(rows[0][0])
