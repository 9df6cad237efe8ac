-- CreateIndex
CREATE INDEX "Deposit_operatorReference_idx" ON "Deposit"("operatorReference");
