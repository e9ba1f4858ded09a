-- Nothing changes on sqlite in this migration.
SELECT 1;
