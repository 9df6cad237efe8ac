-- Leases for the due-work sweep's batch claims (lib/jobs/claim-due-rows.ts): each runner, in any
-- process or machine, takes a disjoint batch of due rows.
ALTER TABLE "PaymentLink" ADD COLUMN     "claimedUntil" TIMESTAMP(3);

ALTER TABLE "Deposit" ADD COLUMN     "claimedUntil" TIMESTAMP(3);

