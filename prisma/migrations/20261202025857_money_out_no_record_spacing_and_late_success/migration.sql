-- AlterTable
ALTER TABLE "Transfer" ADD COLUMN     "completedLateAt" TIMESTAMP(3),
ADD COLUMN     "firstNoRecordAt" TIMESTAMP(3),
ADD COLUMN     "followUntil" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Refund" ADD COLUMN     "completedLateAt" TIMESTAMP(3),
ADD COLUMN     "firstNoRecordAt" TIMESTAMP(3),
ADD COLUMN     "followUntil" TIMESTAMP(3);

