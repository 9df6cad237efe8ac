-- The dashboard's received payments, newest first (lib/features/payment-alerts/list-received-payments.ts).
CREATE INDEX "Deposit_merchantId_environment_completedAt_idx" ON "Deposit"("merchantId", "environment", "completedAt");
