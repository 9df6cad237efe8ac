-- CreateEnum
CREATE TYPE "ActivationStatus" AS ENUM ('in_review', 'approved', 'refused');

-- AlterTable
ALTER TABLE "Merchant" ADD COLUMN     "liveActivatedAt" TIMESTAMP(3);

-- Every merchant opened before activation existed keeps taking live payments (issue 28): only
-- the ones a dashboard sign-up opens from now on wait for support's approval.
UPDATE "Merchant" SET "liveActivatedAt" = "createdAt";

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "businessCountry" TEXT;

-- CreateTable
CREATE TABLE "ActivationRequest" (
    "id" TEXT NOT NULL,
    "merchantId" TEXT NOT NULL,
    "status" "ActivationStatus" NOT NULL DEFAULT 'in_review',
    "businessName" TEXT NOT NULL,
    "businessKind" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "payoutPhone" TEXT NOT NULL,
    "contactName" TEXT NOT NULL,
    "contactPhone" TEXT NOT NULL,
    "contactEmail" TEXT NOT NULL,
    "documents" TEXT,
    "submittedBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedAt" TIMESTAMP(3),
    "decidedBy" TEXT,
    "refusalReason" TEXT,

    CONSTRAINT "ActivationRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ActivationRequest_merchantId_createdAt_idx" ON "ActivationRequest"("merchantId", "createdAt");

-- CreateIndex
CREATE INDEX "ActivationRequest_status_createdAt_idx" ON "ActivationRequest"("status", "createdAt");

-- AddForeignKey
ALTER TABLE "ActivationRequest" ADD CONSTRAINT "ActivationRequest_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

