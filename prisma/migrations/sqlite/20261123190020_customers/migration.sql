-- CreateTable
CREATE TABLE "CustomerAccount" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "emailVerifiedAt" DATETIME,
    "tokenVersion" INTEGER NOT NULL DEFAULT 0,
    "disabledAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_PasswordResetCode" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "role" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "purpose" TEXT NOT NULL DEFAULT 'password_reset',
    "sentTo" TEXT,
    "codeHash" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" DATETIME NOT NULL,
    "spentAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_PasswordResetCode" ("accountId", "attempts", "codeHash", "createdAt", "expiresAt", "id", "role", "spentAt") SELECT "accountId", "attempts", "codeHash", "createdAt", "expiresAt", "id", "role", "spentAt" FROM "PasswordResetCode";
DROP TABLE "PasswordResetCode";
ALTER TABLE "new_PasswordResetCode" RENAME TO "PasswordResetCode";
CREATE INDEX "PasswordResetCode_expiresAt_idx" ON "PasswordResetCode"("expiresAt");
CREATE UNIQUE INDEX "PasswordResetCode_role_accountId_purpose_key" ON "PasswordResetCode"("role", "accountId", "purpose");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "CustomerAccount_email_key" ON "CustomerAccount"("email");

-- CreateIndex
CREATE INDEX "CustomerAccount_emailVerifiedAt_createdAt_idx" ON "CustomerAccount"("emailVerifiedAt", "createdAt");
