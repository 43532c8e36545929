-- The health summary reads every check's rollup rows of one time range: a btree on the bucket
-- time finds them without scanning the other hours (the BRIN index serves retention deletes).
CREATE INDEX check_statuses_1h_created_at_btree_idx ON check_statuses_1h (created_at);
CREATE INDEX check_statuses_1d_created_at_btree_idx ON check_statuses_1d (created_at);
