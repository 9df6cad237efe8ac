-- CreateIndex
CREATE INDEX "PaymentLink_customerPhone_idx" ON "PaymentLink"("customerPhone");

-- CreateIndex
CREATE INDEX "Deposit_customerPhone_idx" ON "Deposit"("customerPhone");

-- CreateIndex
CREATE INDEX "Transfer_beneficiaryPhone_idx" ON "Transfer"("beneficiaryPhone");

