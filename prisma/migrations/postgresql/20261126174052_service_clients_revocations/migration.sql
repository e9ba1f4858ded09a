-- CreateTable
CREATE TABLE "ServiceClient" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "secretHash" TEXT NOT NULL,
    "previousSecretHash" TEXT,
    "previousSecretUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ServiceClient_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Revocation" (
    "id" SERIAL NOT NULL,
    "seq" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Revocation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RevocationFeed" (
    "id" INTEGER NOT NULL,
    "sweptThrough" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "RevocationFeed_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ServiceClient_clientId_key" ON "ServiceClient"("clientId");

-- CreateIndex
CREATE INDEX "Revocation_seq_idx" ON "Revocation"("seq");

-- CreateIndex
CREATE INDEX "Revocation_at_idx" ON "Revocation"("at");
