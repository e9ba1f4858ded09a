-- Nothing changes on postgresql in this migration: its trigram indexes already serve the search.
SELECT 1;
