-- DropIndex
DROP INDEX "PasswordResetCode_role_accountId_key";

-- AlterTable
ALTER TABLE "PasswordResetCode" ADD COLUMN     "purpose" TEXT NOT NULL DEFAULT 'password_reset',
ADD COLUMN     "sentTo" TEXT;

-- CreateTable
CREATE TABLE "CustomerAccount" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "emailVerifiedAt" TIMESTAMP(3),
    "tokenVersion" INTEGER NOT NULL DEFAULT 0,
    "disabledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CustomerAccount_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "CustomerAccount_email_key" ON "CustomerAccount"("email");

-- CreateIndex
CREATE INDEX "CustomerAccount_emailVerifiedAt_createdAt_idx" ON "CustomerAccount"("emailVerifiedAt", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "PasswordResetCode_role_accountId_purpose_key" ON "PasswordResetCode"("role", "accountId", "purpose");
