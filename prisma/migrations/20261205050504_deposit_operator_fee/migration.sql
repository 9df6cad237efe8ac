-- AlterTable
ALTER TABLE "Deposit" ADD COLUMN     "operatorFeeMinor" BIGINT;

