-- AlterTable
ALTER TABLE "AuditEntry" ALTER COLUMN "staffId" DROP NOT NULL;

