-- CreateTable
CREATE TABLE "SignInDevice" (
    "role" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "deviceKey" TEXT NOT NULL,
    "firstFamilyId" TEXT NOT NULL,
    "firstSeenAt" DATETIME NOT NULL,
    "lastSeenAt" DATETIME NOT NULL,

    PRIMARY KEY ("role", "accountId", "deviceKey")
);

-- CreateTable
CREATE TABLE "NewDeviceNotice" (
    "tokenHash" TEXT NOT NULL PRIMARY KEY,
    "role" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "deviceKey" TEXT NOT NULL,
    "familyId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME
);

-- CreateIndex
CREATE INDEX "SignInDevice_lastSeenAt_idx" ON "SignInDevice"("lastSeenAt");

-- CreateIndex
CREATE INDEX "NewDeviceNotice_role_accountId_deviceKey_createdAt_idx" ON "NewDeviceNotice"("role", "accountId", "deviceKey", "createdAt");

-- CreateIndex
CREATE INDEX "NewDeviceNotice_expiresAt_idx" ON "NewDeviceNotice"("expiresAt");
