-- CreateTable
CREATE TABLE "KnownDevice" (
    "idHash" TEXT NOT NULL PRIMARY KEY,
    "role" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "KnownDevice_role_accountId_idx" ON "KnownDevice"("role", "accountId");

-- CreateIndex
CREATE INDEX "KnownDevice_expiresAt_idx" ON "KnownDevice"("expiresAt");
