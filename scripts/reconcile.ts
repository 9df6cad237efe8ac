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
import { closeDb } from "../lib/core/db/client";
import { reconcile } from "../lib/features/ledger/reconcile";
import { listOpenOutcomes, type OpenOutcome } from "../lib/features/reconciliation/list-open-outcomes";
import { readEveryOpenOutcome } from "../lib/features/reconciliation/read-every-open-outcome";
import { openCliDatabase } from "./open-cli-database";

const { values } = parseArgs({ options: { json: { type: "boolean", default: false }, "check-only": { type: "boolean", default: false } } });

const age = (seconds: number) =>
  seconds < 3600 ? `${Math.round(seconds / 60)} min` : seconds < 172_800 ? `${(seconds / 3600).toFixed(1)} h` : `${Math.round(seconds / 86_400)} d`;

function line(o: OpenOutcome) {
  const next = o.nextCheckAt ? `next ${o.nextCheckAt.toISOString()}` : "no more automatic reads";
  const figures = o.operatorFigures ? ` (operator: ${o.operatorFigures})` : "";
  return [o.kind, o.reference, o.state, o.status, `${o.amount} ${o.currency}`, o.gatewayName, age(o.ageSeconds), `operator: ${o.operatorAnswer ?? "-"}${figures}`, next].join("\t");
}

try {
  const { client } = await openCliDatabase();
  const pass = values["check-only"] ? null : await readEveryOpenOutcome(client);
  const open = await listOpenOutcomes(client);
  const problems = await reconcile(client);
  await closeDb();
  if (values.json) {
    console.log(JSON.stringify({ ok: problems.length === 0, pass, open, problems }));
  } else {
    if (pass) {
      console.log(
        `Read at the operators: ${pass.depositsRead} deposit${pass.depositsRead === 1 ? "" : "s"} (${pass.depositsSettled} changed), ` +
          `${pass.transfersSettled} transfer${pass.transfersSettled === 1 ? "" : "s"} and ${pass.refundsSettled} refund${pass.refundsSettled === 1 ? "" : "s"} settled.`,
      );
    }
    if (open.length === 0) console.log("Open outcomes: none.");
    else {
      console.log(`Open outcomes: ${open.length}.`);
      for (const o of open) console.log(line(o));
    }
    if (problems.length === 0) console.log("Books: no problem found.");
    else {
      console.log(`Books: ${problems.length} problem${problems.length === 1 ? "" : "s"} found.`);
      for (const p of problems) console.log(`${p.kind}\t${p.reference}\t${p.details}`);
    }
  }
  process.exit(problems.length === 0 ? 0 : 1);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
