-- The customer search's trigram indexes take each new row at once, with no pending list. With the
-- default (fastupdate on), new rows wait in an unsorted list that every search reads whole until a
-- vacuum merges it, and on a table of a million customers autovacuum comes after some 200,000
-- inserts: with the list that a million sign-ups left, a search read 2,447 pages and took 57 ms;
-- with none, 2,023 pages and 36 ms. A sign-up pays a few index writes instead.
ALTER INDEX "CustomerAccount_email_trgm_idx" SET (fastupdate = off);
ALTER INDEX "CustomerAccount_name_trgm_idx" SET (fastupdate = off);

-- The rows already waiting move into the indexes now.
SELECT gin_clean_pending_list('"CustomerAccount_email_trgm_idx"'::regclass);
SELECT gin_clean_pending_list('"CustomerAccount_name_trgm_idx"'::regclass);
