-- CreateTable
CREATE TABLE "Passkey" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "role" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "publicKey" TEXT NOT NULL,
    "counter" INTEGER NOT NULL DEFAULT 0,
    "transports" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" DATETIME
);

-- CreateTable
CREATE TABLE "WebAuthnChallenge" (
    "challenge" TEXT NOT NULL PRIMARY KEY,
    "role" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "accountId" TEXT,
    "expiresAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "Passkey_role_accountId_idx" ON "Passkey"("role", "accountId");

-- CreateIndex
CREATE INDEX "WebAuthnChallenge_expiresAt_idx" ON "WebAuthnChallenge"("expiresAt");
