-- CreateTable
CREATE TABLE "ServiceClient" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "secretHash" TEXT NOT NULL,
    "previousSecretHash" TEXT,
    "previousSecretUntil" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Revocation" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "seq" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "RevocationFeed" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "sweptThrough" INTEGER NOT NULL DEFAULT 0
);

-- CreateIndex
CREATE UNIQUE INDEX "ServiceClient_clientId_key" ON "ServiceClient"("clientId");

-- CreateIndex
CREATE INDEX "Revocation_seq_idx" ON "Revocation"("seq");

-- CreateIndex
CREATE INDEX "Revocation_at_idx" ON "Revocation"("at");
