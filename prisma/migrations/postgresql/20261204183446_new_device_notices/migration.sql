-- CreateTable
CREATE TABLE "SignInDevice" (
    "role" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "deviceKey" TEXT NOT NULL,
    "firstFamilyId" TEXT NOT NULL,
    "firstSeenAt" TIMESTAMP(3) NOT NULL,
    "lastSeenAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SignInDevice_pkey" PRIMARY KEY ("role","accountId","deviceKey")
);

-- CreateTable
CREATE TABLE "NewDeviceNotice" (
    "tokenHash" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "deviceKey" TEXT NOT NULL,
    "familyId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),

    CONSTRAINT "NewDeviceNotice_pkey" PRIMARY KEY ("tokenHash")
);

-- CreateIndex
CREATE INDEX "SignInDevice_lastSeenAt_idx" ON "SignInDevice"("lastSeenAt");

-- CreateIndex
CREATE INDEX "NewDeviceNotice_role_accountId_deviceKey_createdAt_idx" ON "NewDeviceNotice"("role", "accountId", "deviceKey", "createdAt");

-- CreateIndex
CREATE INDEX "NewDeviceNotice_expiresAt_idx" ON "NewDeviceNotice"("expiresAt");
