// Credits a bench merchant's live balance through the ledger, as a completed live deposit does,
// for `npm run bench`'s live payouts (scripts/bench.ts); run with scripts/allow-server-only.mjs.
//   tsx --import ./scripts/allow-server-only.mjs scripts/bench-fund-live.ts <merchantId> <amountMinor> [currency]
import { closeDb, db } from "../lib/core/db/client";
import { creditCollection } from "../lib/features/ledger/credit-collection";

const [merchantId, amount, currency = "XOF"] = process.argv.slice(2);
await db().$transaction((tx) =>
  creditCollection(tx, { kind: "deposit_completed", merchantId, environment: "live", currency, reference: `DEP_BENCH_${Date.now()}`, amountMinor: BigInt(amount), feesMinor: 0n, at: new Date() }),
);
await closeDb();
