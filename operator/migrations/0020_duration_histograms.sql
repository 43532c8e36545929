-- Latency percentiles for any time range without reading raw results: each hourly and daily
-- rollup row also keeps a histogram of its run durations, sparse as {"<bucket>": count}.
-- Bucket k holds durations d (ms) with floor(ln(d + 1) / ln(1.2)) = k, capped at 79 (about
-- 30 minutes and beyond), so a percentile read from it is within 10% of the exact one.
-- Rows from before this migration have NULL (treated as empty).

ALTER TABLE check_statuses_1h ADD COLUMN durations jsonb;
ALTER TABLE check_statuses_1d ADD COLUMN durations jsonb;

CREATE FUNCTION duration_bucket(d integer) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT least(79, floor(ln(greatest(coalesce(d, 0), 0) + 1) / ln(1.2)))::integer
$$;

-- Sum of two sparse histograms (either may be NULL).
CREATE FUNCTION histogram_add(a jsonb, b jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE
PARALLEL SAFE AS $$
  SELECT CASE WHEN a IS NULL THEN b WHEN b IS NULL THEN a ELSE
    (SELECT jsonb_object_agg(key, n) FROM (
       SELECT key, sum(value::integer) AS n
       FROM (SELECT * FROM jsonb_each_text(a) UNION ALL SELECT * FROM jsonb_each_text(b)) e
       GROUP BY key) t) END
$$;

CREATE OR REPLACE FUNCTION check_statuses_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO check_statuses_1h AS r
      (check_id, created_at, duration, total, passed, failed, last_pass, last_fail, durations)
    WITH b AS (
      SELECT check_id, date_trunc('hour', time, 'UTC') AS bucket_time, duration, status, time,
        duration_bucket(duration) AS k
      FROM new_statuses
    ), counts AS (
      SELECT check_id, bucket_time, k, count(*)::integer AS n FROM b GROUP BY 1, 2, 3
    ), hist AS (
      SELECT check_id, bucket_time, jsonb_object_agg(k::text, n) AS durations
      FROM counts GROUP BY 1, 2
    )
    SELECT b.check_id, b.bucket_time, coalesce(round(avg(b.duration)), 0),
      count(*), count(*) FILTER (WHERE b.status), count(*) FILTER (WHERE NOT b.status),
      max(b.time) FILTER (WHERE b.status), max(b.time) FILTER (WHERE NOT b.status),
      min(h.durations::text)::jsonb
    FROM b JOIN hist h ON h.check_id = b.check_id AND h.bucket_time = b.bucket_time
    GROUP BY b.check_id, b.bucket_time
  ON CONFLICT (check_id, created_at) DO UPDATE SET
    duration = (r.duration::bigint * r.total + excluded.duration::bigint * excluded.total)
      / (r.total + excluded.total),
    total = r.total + excluded.total,
    passed = r.passed + excluded.passed,
    failed = r.failed + excluded.failed,
    last_pass = greatest(r.last_pass, excluded.last_pass),
    last_fail = greatest(r.last_fail, excluded.last_fail),
    durations = histogram_add(r.durations, excluded.durations);

  INSERT INTO check_statuses_1d AS r
      (check_id, created_at, duration, total, passed, failed, last_pass, last_fail, durations)
    WITH b AS (
      SELECT check_id, date_trunc('day', time, 'UTC') AS bucket_time, duration, status, time,
        duration_bucket(duration) AS k
      FROM new_statuses
    ), counts AS (
      SELECT check_id, bucket_time, k, count(*)::integer AS n FROM b GROUP BY 1, 2, 3
    ), hist AS (
      SELECT check_id, bucket_time, jsonb_object_agg(k::text, n) AS durations
      FROM counts GROUP BY 1, 2
    )
    SELECT b.check_id, b.bucket_time, coalesce(round(avg(b.duration)), 0),
      count(*), count(*) FILTER (WHERE b.status), count(*) FILTER (WHERE NOT b.status),
      max(b.time) FILTER (WHERE b.status), max(b.time) FILTER (WHERE NOT b.status),
      min(h.durations::text)::jsonb
    FROM b JOIN hist h ON h.check_id = b.check_id AND h.bucket_time = b.bucket_time
    GROUP BY b.check_id, b.bucket_time
  ON CONFLICT (check_id, created_at) DO UPDATE SET
    duration = (r.duration::bigint * r.total + excluded.duration::bigint * excluded.total)
      / (r.total + excluded.total),
    total = r.total + excluded.total,
    passed = r.passed + excluded.passed,
    failed = r.failed + excluded.failed,
    last_pass = greatest(r.last_pass, excluded.last_pass),
    last_fail = greatest(r.last_fail, excluded.last_fail),
    durations = histogram_add(r.durations, excluded.durations);

  -- Late or back-filled results never overwrite a newer latest status.
  UPDATE checks c SET
      status = CASE WHEN l.status THEN 'healthy' WHEN NOT l.status THEN 'unhealthy' ELSE c.status END,
      last_runtime = l.time,
      latest_message = l.message,
      latest_duration = l.duration
    FROM (
      SELECT DISTINCT ON (check_id) check_id, time, status, message, duration
      FROM new_statuses ORDER BY check_id, time DESC
    ) l
    WHERE c.id = l.check_id AND (c.last_runtime IS NULL OR c.last_runtime <= l.time);
  RETURN NULL;
END
$$;
