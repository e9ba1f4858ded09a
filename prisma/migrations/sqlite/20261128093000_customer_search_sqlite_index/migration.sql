-- The admin's customer search (an e-mail or name that contains the query) reads an FTS5 trigram
-- index instead of every customer. Without it, a search that matched few customers read the whole
-- table: about 100 ms for 100,000 customers, during which the app's one connection answered nothing
-- else. The index keeps no copy of the text (content="CustomerAccount") and names each customer by
-- the table's rowid; the triggers below keep it in step with every insert, change and delete.
-- A later migration that rebuilds "CustomerAccount" (as Prisma does to change a SQLite column)
-- drops these triggers and renumbers the rows: it must create them again and end with the
-- 'rebuild' below. `npm run db:check` fails when they are missing.
CREATE VIRTUAL TABLE "CustomerSearch" USING fts5("email", "name", content = "CustomerAccount", tokenize = "trigram");

CREATE TRIGGER "CustomerSearch_insert" AFTER INSERT ON "CustomerAccount" BEGIN
  INSERT INTO "CustomerSearch" (rowid, "email", "name") VALUES (new.rowid, new."email", new."name");
END;

CREATE TRIGGER "CustomerSearch_delete" AFTER DELETE ON "CustomerAccount" BEGIN
  INSERT INTO "CustomerSearch" ("CustomerSearch", rowid, "email", "name") VALUES ('delete', old.rowid, old."email", old."name");
END;

CREATE TRIGGER "CustomerSearch_update" AFTER UPDATE OF "email", "name" ON "CustomerAccount" BEGIN
  INSERT INTO "CustomerSearch" ("CustomerSearch", rowid, "email", "name") VALUES ('delete', old.rowid, old."email", old."name");
  INSERT INTO "CustomerSearch" (rowid, "email", "name") VALUES (new.rowid, new."email", new."name");
END;

-- The customers already stored.
INSERT INTO "CustomerSearch" ("CustomerSearch") VALUES ('rebuild');
