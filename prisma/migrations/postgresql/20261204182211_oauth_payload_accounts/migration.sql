-- AlterTable
ALTER TABLE "OAuthPayload" ADD COLUMN     "accountId" TEXT,
ADD COLUMN     "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateIndex
CREATE INDEX "OAuthPayload_accountId_idx" ON "OAuthPayload"("accountId");
