-- GET /api/v1/interop lists the newest interop runs; without this it would read every run's workload.
CREATE INDEX runs_interop_created ON runs (created_at DESC) WHERE workload->>'mode' = 'interop';
