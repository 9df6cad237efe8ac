-- AlterTable
ALTER TABLE "Transfer" ADD COLUMN     "operatorFeeMinor" BIGINT;

