-- The trigram operator classes of the admin's customer search. pg_trgm ships with PostgreSQL (contrib)
-- and is a trusted extension: the database's owner may create it without superuser rights.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "CustomerAccount_email_trgm_idx" ON "CustomerAccount" USING GIN ("email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "CustomerAccount_name_trgm_idx" ON "CustomerAccount" USING GIN ("name" gin_trgm_ops);
