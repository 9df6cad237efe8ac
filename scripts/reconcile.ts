// npm run reconcile [-- --json] [-- --check-only]
// Support's reconciliation, in two parts:
// 1. Every live outcome an operator has not made final yet (deposits and checkout attempts
//    pending or with an unknown outcome, deposits we ended that the operator may still take,
//    payouts and refunds in flight) is read at its operator now, whatever its back-off says, and
//    what it says is recorded: a late success is credited once, a final answer ends the follow-up
//    (lib/features/reconciliation/). Run twice, the second run changes nothing the first did not leave open.
//    --check-only skips this part (no operator is called).
// 2. The report: what is still open (how old, what the operator last said, what happens next),
//    and the money-safety check of the books (every completed payment credited once, every refund
//    due on its way back, every journal and book summing to zero: lib/features/ledger/reconcile.ts).
// Exits 1 when the books have a problem (so it can run from cron or CI), 0 otherwise; what is
// open is reported, not an error.
import "./load-env";
import { parseArgs } from "node:util";
import { runScript } from "./run-script-command";

const { values } = parseArgs({ options: { json: { type: "boolean", default: false }, "check-only": { type: "boolean", default: false } } });

await runScript("reconcile", values);
