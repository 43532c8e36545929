-- Replicas on one database share the checks and scrapes (docs/operations.md, "Replicas"): each
-- live replica heartbeats here; the work is cut into buckets, each bucket owned by one replica
-- (chosen by rendezvous hashing over the live ones) which holds a session advisory lock on it
-- while it runs that bucket's canaries and scrapers.
CREATE TABLE replicas (
  id text PRIMARY KEY,
  hostname text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now(),
  -- Buckets this replica holds, for operators and tests (the locks are the truth).
  buckets integer NOT NULL DEFAULT 0
);
