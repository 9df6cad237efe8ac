-- AlterTable
ALTER TABLE "Deposit" ADD COLUMN     "traceparent" TEXT;

-- AlterTable
ALTER TABLE "WebhookEvent" ADD COLUMN     "traceparent" TEXT;

