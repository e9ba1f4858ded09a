-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_OAuthApp" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "firstParty" BOOLEAN NOT NULL DEFAULT false,
    "registered" BOOLEAN NOT NULL DEFAULT false,
    "homepageUrl" TEXT,
    "redirectUris" JSONB NOT NULL,
    "scopes" JSONB NOT NULL,
    "secretHash" TEXT,
    "previousSecretHash" TEXT,
    "previousSecretUntil" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_OAuthApp" ("clientId", "createdAt", "firstParty", "homepageUrl", "id", "name", "previousSecretHash", "previousSecretUntil", "redirectUris", "scopes", "secretHash", "type", "updatedAt") SELECT "clientId", "createdAt", "firstParty", "homepageUrl", "id", "name", "previousSecretHash", "previousSecretUntil", "redirectUris", "scopes", "secretHash", "type", "updatedAt" FROM "OAuthApp";
DROP TABLE "OAuthApp";
ALTER TABLE "new_OAuthApp" RENAME TO "OAuthApp";
CREATE UNIQUE INDEX "OAuthApp_clientId_key" ON "OAuthApp"("clientId");
CREATE INDEX "OAuthApp_createdAt_id_idx" ON "OAuthApp"("createdAt", "id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
