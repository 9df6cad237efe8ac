-- The operator a live deposit, payout or refund was made through, fixed when it is made
-- (null: sandbox, or made before this column: the operator serving its gateway now).
ALTER TABLE "Deposit" ADD COLUMN "operator" TEXT;
ALTER TABLE "Transfer" ADD COLUMN "operator" TEXT;
ALTER TABLE "Refund" ADD COLUMN "operator" TEXT;
