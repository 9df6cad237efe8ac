-- AlterTable
ALTER TABLE "IdempotencyKey" ADD COLUMN     "claimToken" TEXT,
ADD COLUMN     "leaseUntil" TIMESTAMP(3);

