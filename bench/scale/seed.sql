-- Seeds a SOAPBench database with completed public runs of the echo service: :runs runs of four
-- stacks and ten repetitions each (1,000,000 measurements at the default 25,000 runs), every
-- measurement with the same real HdrHistogram (:'histogram', hex of its V2 compressed encoding),
-- and the newest :official runs of each of the boards listed in :'boards' recorded as that board's
-- official runs, and twenty runs a little older still running. psql variables: runs, official,
-- histogram, boards (comma-separated board ids).
-- Run as a superuser: triggers are off while seeding (no change notice per row).
SET session_replication_role = replica;

CREATE TEMP TABLE scale_stacks (position int, stack_id text, version text, rate double precision, cpu double precision, rss bigint);
INSERT INTO scale_stacks VALUES
    (0, 'gsoap', '2.8.124', 9000, 0.10, 12000000),
    (1, 'metro', '4.0.5', 3700, 0.45, 310000000),
    (2, 'cxf', '4.2.3', 3600, 0.50, 330000000),
    (3, 'axis2', '2.0.0', 1900, 0.80, 290000000);

INSERT INTO runs (id, slug, status, visibility, created_at, started_at, finished_at, catalog_id, entry,
                  hardware_class, workload, analysis, config_hash, fingerprint, worker_id)
SELECT md5('scale-run-' || i)::uuid,
       'scale-' || i,
       'completed',
       'public',
       now() - make_interval(mins => :runs - i + 10),
       now() - make_interval(mins => :runs - i + 9),
       now() - make_interval(mins => :runs - i + 8),
       'echo',
       'echo.wsdl',
       'local',
       '{"wsdl":"catalog:echo","operations":["echo"],"stacks":["gsoap@2.8.124","metro@4.0.5","cxf@4.2.3","axis2@2.0.0"],
         "requests":{"dataset":"echo/1kb"},"load":{"model":"closed","connections":25,"requests":2000},
         "warmup":{"requests":500},"repetitions":10,"keepAlive":true,"driver":"neutral","security":["plain"],
         "hardwareClass":"local"}'::jsonb,
       '{"operations":[{"name":"echo","style":"document-literal-wrapped","soapVersion":"1.1"}],"stacks":[]}'::jsonb,
       'scale-config',
       '{"cpuModel":"Scale CPU","cores":2,"memoryBytes":25769803776,"kernel":"6.1.0","cpuSharing":"shared"}'::jsonb,
       'scale-worker'
FROM generate_series(1, :runs) AS i;

INSERT INTO run_stacks (run_id, position, stack_id, version, status, build_seconds, versions)
SELECT md5('scale-run-' || i)::uuid, s.position, s.stack_id, s.version, 'done', 12.5,
       jsonb_build_object('stack', s.stack_id, 'version', s.version)
FROM generate_series(1, :runs) AS i CROSS JOIN scale_stacks s;

-- Each rate moves by a few percent from round to round, as on a shared machine.
INSERT INTO measurements (run_id, stack_id, version, operation, security, connections, repetition, requests,
                          throughput, server_cpu_seconds, peak_rss_bytes, config_hash, histogram, data,
                          model, cell_requests, keep_alive, position)
SELECT md5('scale-run-' || i)::uuid, s.stack_id, s.version, 'echo', 'plain', 25, r, 2000,
       s.rate * (1 + 0.04 * sin(i * 7 + r * 3 + s.position)),
       s.cpu * 2, s.rss, 'scale-config', decode(:'histogram', 'hex'),
       jsonb_build_object(
           'stack', s.stack_id, 'version', s.version, 'repetition', r, 'requests', 2000, 'errors', '{}'::jsonb,
           'elapsedSeconds', 2000 / (s.rate * (1 + 0.04 * sin(i * 7 + r * 3 + s.position))),
           'throughput', s.rate * (1 + 0.04 * sin(i * 7 + r * 3 + s.position)),
           'latencyMs', jsonb_build_object('min', 0.4, 'mean', 2.1, 'p50', 1.9, 'p90', 3.2, 'p99', 6.5 + s.position,
                                           'p999', 11.0, 'max', 25.0),
           'serverCpuSeconds', s.cpu * 2, 'peakRssBytes', s.rss, 'position', s.position,
           'cell', '{"operation":"echo","security":"plain","model":"closed","connections":25,"requests":2000,
                     "keepAlive":true,"driver":"neutral"}'::jsonb),
       'closed', 2000, true, s.position
FROM generate_series(1, :runs) AS i CROSS JOIN scale_stacks s CROSS JOIN generate_series(1, 10) AS r;

INSERT INTO leaderboard_runs (run_id, board_id, reason, stack_versions, workload_sha256, scheduled_at)
SELECT md5('scale-run-' || i)::uuid, b.board_id, 'period', '{}'::jsonb, 'scale-workload',
       now() - make_interval(mins => :runs - i + 10)
FROM unnest(string_to_array(:'boards', ',')) WITH ORDINALITY AS b(board_id, n)
CROSS JOIN generate_series(:runs - :official * b.n::int + 1, :runs - :official * (b.n::int - 1)) AS i;

-- Twenty runs still measuring, whose measurements keep arriving during the load (run.py announces
-- their changes): they are neither official nor among the newest.
UPDATE runs SET status = 'running', finished_at = NULL
WHERE id IN (SELECT md5('scale-run-' || i)::uuid FROM generate_series(:runs - 219, :runs - 200) AS i);

SET session_replication_role = origin;
-- As autovacuum would in service: statistics, and the visibility map index-only scans rely on.
VACUUM (ANALYZE);
SELECT (SELECT count(*) FROM runs) AS runs, (SELECT count(*) FROM measurements) AS measurements,
       (SELECT count(*) FROM leaderboard_runs) AS official_runs;
