-- AlterTable
ALTER TABLE "OAuthApp" ADD COLUMN     "registered" BOOLEAN NOT NULL DEFAULT false;
