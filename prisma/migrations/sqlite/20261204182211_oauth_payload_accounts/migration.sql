-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_OAuthPayload" (
    "kind" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "grantId" TEXT,
    "clientId" TEXT,
    "accountId" TEXT,
    "userCode" TEXT,
    "uid" TEXT,
    "expiresAt" DATETIME,
    "consumedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("kind", "id")
);
INSERT INTO "new_OAuthPayload" ("clientId", "consumedAt", "expiresAt", "grantId", "id", "kind", "payload", "uid", "userCode") SELECT "clientId", "consumedAt", "expiresAt", "grantId", "id", "kind", "payload", "uid", "userCode" FROM "OAuthPayload";
DROP TABLE "OAuthPayload";
ALTER TABLE "new_OAuthPayload" RENAME TO "OAuthPayload";
CREATE INDEX "OAuthPayload_grantId_idx" ON "OAuthPayload"("grantId");
CREATE INDEX "OAuthPayload_clientId_idx" ON "OAuthPayload"("clientId");
CREATE INDEX "OAuthPayload_accountId_idx" ON "OAuthPayload"("accountId");
CREATE INDEX "OAuthPayload_uid_idx" ON "OAuthPayload"("uid");
CREATE INDEX "OAuthPayload_userCode_idx" ON "OAuthPayload"("userCode");
CREATE INDEX "OAuthPayload_expiresAt_idx" ON "OAuthPayload"("expiresAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
