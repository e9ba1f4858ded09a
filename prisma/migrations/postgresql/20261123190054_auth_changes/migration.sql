-- CreateTable
CREATE TABLE "AuthChange" (
    "id" INTEGER NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "AuthChange_pkey" PRIMARY KEY ("id")
);

-- Every committed change of the version is announced to the instances that LISTEN on
-- "auth_change" (written by hand: the data model cannot express a trigger). The migration runner
-- splits scripts at semicolons, so the function body spells them as \073 in an escaped string.
CREATE FUNCTION "auth_change_notify"() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN PERFORM pg_notify(''auth_change'', NEW."version"::text)\073 RETURN NEW\073 END';

CREATE TRIGGER "AuthChange_notify" AFTER INSERT OR UPDATE ON "AuthChange"
  FOR EACH ROW EXECUTE FUNCTION "auth_change_notify"();
