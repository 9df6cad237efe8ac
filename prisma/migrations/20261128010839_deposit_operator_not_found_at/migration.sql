-- AlterTable
ALTER TABLE "Deposit" ADD COLUMN     "operatorNotFoundAt" TIMESTAMP(3);

