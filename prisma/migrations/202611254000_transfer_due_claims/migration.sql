-- Leases for the due-work sweep's batch claims of transfers (lib/db/claim-due-rows.ts), as for
-- deposits and payment links: each runner, in any process or machine, takes a disjoint batch.
ALTER TABLE "Transfer" ADD COLUMN     "claimedUntil" TIMESTAMP(3);
