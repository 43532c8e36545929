-- A version per rollup bucket (one hour of check_statuses_1h, one day of check_statuses_1d),
-- bumped by every statement that changes a row of that bucket. The summary API keeps recent
-- buckets' rows in memory and re-reads a bucket only when its version moved, so a dashboard
-- refresh reads the closed hours once rather than on every request — and stays exact, because
-- any late result, recomputation or pruning of a bucket bumps it (operator/src/health/rollupCache.ts).

-- Versions come from one sequence, so a bucket never shows a version it had before, whatever
-- was deleted or truncated in between.
CREATE SEQUENCE rollup_version_seq;

CREATE TABLE rollup_versions (
  rollup text NOT NULL,
  bucket timestamptz NOT NULL,
  version bigint NOT NULL,
  PRIMARY KEY (rollup, bucket)
);

-- Buckets in time order, so concurrent writers take the version rows' locks in the same order.
CREATE FUNCTION rollup_bump_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rollup_versions AS v (rollup, bucket, version)
    SELECT TG_TABLE_NAME, c.created_at, nextval('rollup_version_seq')
    FROM (SELECT DISTINCT created_at FROM changed ORDER BY created_at) c
  ON CONFLICT (rollup, bucket) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END
$$;

CREATE TRIGGER check_statuses_1h_versions_insert AFTER INSERT ON check_statuses_1h
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION rollup_bump_versions();
CREATE TRIGGER check_statuses_1h_versions_update AFTER UPDATE ON check_statuses_1h
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION rollup_bump_versions();
CREATE TRIGGER check_statuses_1h_versions_delete AFTER DELETE ON check_statuses_1h
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION rollup_bump_versions();
CREATE TRIGGER check_statuses_1d_versions_insert AFTER INSERT ON check_statuses_1d
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION rollup_bump_versions();
CREATE TRIGGER check_statuses_1d_versions_update AFTER UPDATE ON check_statuses_1d
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION rollup_bump_versions();
CREATE TRIGGER check_statuses_1d_versions_delete AFTER DELETE ON check_statuses_1d
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION rollup_bump_versions();

CREATE FUNCTION rollup_bump_all_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE rollup_versions SET version = nextval('rollup_version_seq') WHERE rollup = TG_TABLE_NAME;
  RETURN NULL;
END
$$;
CREATE TRIGGER check_statuses_1h_versions_truncate AFTER TRUNCATE ON check_statuses_1h
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_bump_all_versions();
CREATE TRIGGER check_statuses_1d_versions_truncate AFTER TRUNCATE ON check_statuses_1d
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_bump_all_versions();

INSERT INTO rollup_versions (rollup, bucket, version)
  SELECT 'check_statuses_1h', created_at, nextval('rollup_version_seq')
  FROM check_statuses_1h GROUP BY created_at
  UNION ALL
  SELECT 'check_statuses_1d', created_at, nextval('rollup_version_seq')
  FROM check_statuses_1d GROUP BY created_at;
