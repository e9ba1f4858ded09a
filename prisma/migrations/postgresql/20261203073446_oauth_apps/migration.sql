-- CreateTable
CREATE TABLE "OAuthApp" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "firstParty" BOOLEAN NOT NULL DEFAULT false,
    "homepageUrl" TEXT,
    "redirectUris" JSONB NOT NULL,
    "scopes" JSONB NOT NULL,
    "secretHash" TEXT,
    "previousSecretHash" TEXT,
    "previousSecretUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OAuthApp_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "OAuthApp_clientId_key" ON "OAuthApp"("clientId");

-- CreateIndex
CREATE INDEX "OAuthApp_createdAt_id_idx" ON "OAuthApp"("createdAt", "id");
